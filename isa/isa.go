// Package isa is the AVR instruction set as one table: every instruction form of the Microchip AVR
// Instruction Set Manual (DS40002198), with its bit pattern, operand kinds and ranges, size in words,
// cycles per core and the cores that have it, plus the device models avrlab supports.
//
// It sits at the bottom of avrlab's data flow (source → asm → image → emu → lab): the assembler, the
// disassembler and the emulator all read [Forms] and [Decode]; no other package types an opcode bit or a
// cycle count. Masks, values and operand fields are derived from each row's pattern when the table is
// built, and the build checks itself (every pattern well formed, no two non-alias forms claiming the same
// word on the same core).
//
// Typical use:
//
//	inst, ok := isa.Decode(isa.CoreAVRePlus, w0, w1) // decode one instruction
//	text := inst.Form.Mnemonic                      // "ldi"
//	c := inst.Form.Cycles(isa.CoreAVRePlus, false)  // base cycles on a 16-bit-PC device
//
// Everything in this package is immutable after package initialisation and safe for concurrent use.
package isa

import (
	"github.com/avrlab/avrlab/internal/textf"
)

// Core is an AVR CPU core generation as the manual names them.
type Core uint8

// The cores of the manual's §4. AVRe and AVRe+ have the timing of the original AVR core.
const (
	CoreAVR      Core = iota // original 1995 set
	CoreAVRe                 // AVR + MOVW, enhanced LPM, BREAK, CALL/JMP, SPM
	CoreAVRePlus             // AVRe + MUL family, ELPM, EICALL/EIJMP
	CoreAVRxm                // XMEGA: AVRe+ + LAC/LAS/LAT/XCH, DES, SPM Z+; different timing
	CoreAVRxt                // tinyAVR 0/1/2, megaAVR 0: AVRe+ set with improved timing
	CoreAVRrc                // reduced core (ATtiny4/5/9/10/20/40): r16–r31 only
	NumCores
)

var coreNames = [NumCores]string{"AVR", "AVRe", "AVRe+", "AVRxm", "AVRxt", "AVRrc"}

// String returns the manual's name of the core, e.g. "AVRe+".
func (c Core) String() string {
	if c < NumCores {
		return coreNames[c]
	}
	return textf.Sprintf("Core(%d)", int(c))
}

// CoreSet is a set of cores, one bit per [Core].
type CoreSet uint8

// Has reports whether c is in the set.
func (s CoreSet) Has(c Core) bool { return s&(1<<c) != 0 }

func cores(cs ...Core) CoreSet {
	var s CoreSet
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// Common core sets used by the table.
var (
	allCores   = cores(CoreAVR, CoreAVRe, CoreAVRePlus, CoreAVRxm, CoreAVRxt, CoreAVRrc)
	notRC      = cores(CoreAVR, CoreAVRe, CoreAVRePlus, CoreAVRxm, CoreAVRxt)
	fromAVRe   = cores(CoreAVRe, CoreAVRePlus, CoreAVRxm, CoreAVRxt)
	fromAVReP  = cores(CoreAVRePlus, CoreAVRxm, CoreAVRxt)
	onlyXM     = cores(CoreAVRxm)
	xmXT       = cores(CoreAVRxm, CoreAVRxt)
	onlyRC     = cores(CoreAVRrc)
	breakCores = cores(CoreAVRe, CoreAVRePlus, CoreAVRxm, CoreAVRxt, CoreAVRrc)
)

// Timing is a column of the manual's cycle tables: AVR, AVRe and AVRe+ share the AVRe column.
type Timing uint8

// The four timing columns of the manual's §4 tables.
const (
	TimingAVRe Timing = iota
	TimingAVRxm
	TimingAVRxt
	TimingAVRrc
	NumTimings
)

// Timing returns the cycle-table column that applies to the core.
func (c Core) Timing() Timing {
	switch c {
	case CoreAVRxm:
		return TimingAVRxm
	case CoreAVRxt:
		return TimingAVRxt
	case CoreAVRrc:
		return TimingAVRrc
	}
	return TimingAVRe
}

// Kind is the kind of one operand: what the user writes and which values are in range.
type Kind uint8

// Operand kinds. Register kinds hold the register number (0–31); relative kinds hold a signed offset in
// words from the next instruction; Abs22 holds a word address; Data16/Data7 hold a data-space address.
const (
	KindNone Kind = iota
	Reg           // r0..r31
	RegHigh       // r16..r31 (4-bit field)
	RegMul        // r16..r23 (3-bit field: MULSU, FMUL*)
	RegEven       // r0, r2, .. r30 (MOVW pairs, 4-bit field)
	RegWord       // r24, r26, r28, r30 (ADIW/SBIW, 2-bit field)
	Imm8          // 0..255
	Imm6          // 0..63 (ADIW/SBIW)
	Imm4          // 0..15 (DES)
	IO5           // I/O address 0..31 (SBI, CBI, SBIC, SBIS)
	IO6           // I/O address 0..63 (IN, OUT)
	Bit           // bit number 0..7
	SregBit       // SREG bit number 0..7
	Rel7          // branch offset -64..63 words
	Rel12         // RJMP/RCALL offset -2048..2047 words
	Abs22         // JMP/CALL word address 0..0x3FFFFF
	Data16        // LDS/STS data address 0..0xFFFF
	Data7         // AVRrc 16-bit LDS/STS data address 0x40..0xBF
	PtrX          // X
	PtrXInc       // X+
	PtrXDec       // -X
	PtrY          // Y
	PtrYInc       // Y+
	PtrYDec       // -Y
	PtrZ          // Z
	PtrZInc       // Z+
	PtrZDec       // -Z
	PtrYDisp      // Y+q, q 0..63
	PtrZDisp      // Z+q, q 0..63
	numKinds
)

var kindNames = [numKinds]string{
	KindNone: "none", Reg: "register r0..r31", RegHigh: "register r16..r31", RegMul: "register r16..r23",
	RegEven: "even register r0..r30", RegWord: "register r24, r26, r28 or r30", Imm8: "constant 0..255",
	Imm6: "constant 0..63", Imm4: "constant 0..15", IO5: "I/O address 0..31", IO6: "I/O address 0..63",
	Bit: "bit number 0..7", SregBit: "SREG bit 0..7", Rel7: "branch target within -64..+63 words",
	Rel12: "target within -2048..+2047 words", Abs22: "address 0..0x3fffff words", Data16: "data address 0..0xffff",
	Data7: "data address 0x40..0xbf", PtrX: "X", PtrXInc: "X+", PtrXDec: "-X", PtrY: "Y", PtrYInc: "Y+",
	PtrYDec: "-Y", PtrZ: "Z", PtrZInc: "Z+", PtrZDec: "-Z", PtrYDisp: "Y+q (q 0..63)", PtrZDisp: "Z+q (q 0..63)",
}

// String describes the kind as a diagnostic names it, e.g. "register r16..r31".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return textf.Sprintf("Kind(%d)", int(k))
}

// IsRegister reports whether the operand names a register.
func (k Kind) IsRegister() bool { return k >= Reg && k <= RegWord }

// IsPointer reports whether the operand is one of the X/Y/Z pointer forms.
func (k Kind) IsPointer() bool { return k >= PtrX && k <= PtrZDisp }

// IsRelative reports whether the operand is a PC-relative word offset.
func (k Kind) IsRelative() bool { return k == Rel7 || k == Rel12 }

// Range returns the smallest and largest value the operand accepts, in the units the table stores
// (register numbers, word offsets, byte addresses, displacement q for Y+q/Z+q). Fixed pointers give 0, 0.
func (k Kind) Range() (lo, hi int64) {
	switch k {
	case Reg:
		return 0, 31
	case RegEven:
		return 0, 30
	case RegHigh:
		return 16, 31
	case RegMul:
		return 16, 23
	case RegWord:
		return 24, 30
	case Imm8:
		return 0, 255
	case Imm6, IO6, PtrYDisp, PtrZDisp:
		return 0, 63
	case Imm4:
		return 0, 15
	case IO5:
		return 0, 31
	case Bit, SregBit:
		return 0, 7
	case Rel7:
		return -64, 63
	case Rel12:
		return -2048, 2047
	case Abs22:
		return 0, 1<<22 - 1
	case Data16:
		return 0, 0xFFFF
	case Data7:
		return 0x40, 0xBF
	}
	return 0, 0
}

// Valid reports whether v is a value the operand accepts (in range and, for register pairs, aligned).
func (k Kind) Valid(v int64) bool {
	lo, hi := k.Range()
	if v < lo || v > hi {
		return false
	}
	switch k {
	case RegEven, RegWord:
		return v%2 == 0
	}
	return true
}

// fieldValue converts an operand value into the bits stored in the pattern's field. width is the field's
// width in bits. It assumes k.Valid(v) except for relative kinds, which wrap to width.
func (k Kind) fieldValue(v int64, width int) uint32 {
	mask := uint32(1)<<width - 1
	switch k {
	case RegHigh, RegMul:
		return uint32(v-16) & mask
	case RegEven:
		return uint32(v/2) & mask
	case RegWord:
		return uint32((v-24)/2) & mask
	case Data7:
		// DS40002198 LDS (AVRrc): ADDR[7:0] = (~k4, k4, k6, k5, k3, k2, k1, k0) where k6..k0 are the
		// pattern bits in order (instruction bits 10, 9, 8, 3..0).
		a := uint32(v)
		k4 := a >> 6 & 1
		k6 := a >> 5 & 1
		k5 := a >> 4 & 1
		return k6<<6 | k5<<5 | k4<<4 | a&0xF
	}
	return uint32(v) & mask
}

// operandValue is the inverse of fieldValue: field bits to the operand value.
func (k Kind) operandValue(f uint32, width int) int64 {
	switch k {
	case RegHigh, RegMul:
		return int64(f) + 16
	case RegEven:
		return int64(f) * 2
	case RegWord:
		return int64(f)*2 + 24
	case Rel7, Rel12:
		sign := uint32(1) << (width - 1)
		return int64(f^sign) - int64(sign)
	case Data7:
		k4 := f >> 4 & 1
		return int64((k4^1)<<7 | k4<<6 | (f>>6&1)<<5 | (f>>5&1)<<4 | f&0xF)
	}
	return int64(f)
}

// Operand is one operand slot of a form: its kind and the pattern letter holding its bits (0 for fixed
// pointer operands, which have no bits).
type Operand struct {
	Kind   Kind
	Letter byte
}

// Extra names the data-dependent cycles an instruction adds to its base count.
type Extra uint8

// Data-dependent cycle rules (manual §5 per instruction).
const (
	ExtraNone   Extra = iota
	ExtraBranch       // +1 when the branch is taken
	ExtraSkip         // +1 when skipping a one-word instruction, +2 when skipping a two-word one
	ExtraDES          // DES: 1 cycle after a DES, 2 otherwise (the table holds 1)
)

// Form is one row of the table: one instruction form with one encoding.
type Form struct {
	Op       Op        // the operation; aliases carry their own Op too
	Mnemonic string    // lower-case mnemonic as avr-as spells it, e.g. "ldd"
	Pattern  string    // the manual's bit pattern, 16 or 32 letters, e.g. "0000 11rd dddd rrrr"
	Operands []Operand // in assembly order
	Words    int       // 1 or 2
	Cores    CoreSet   // cores that have the form
	Extra    Extra     // data-dependent extra cycles
	// PC22 is the extra cycles the form takes on a device with a 22-bit PC (3-byte return addresses).
	PC22 uint8
	// cycles is the base count per timing column; 0 means the column has no figure (not on that core).
	cycles [NumTimings]uint8
	// Alias, when not nil, says this form is another name for an encoding of the base form.
	Alias *Alias
	// Mask and Value select the form's words: w&Mask == Value, with the first word in the high 16 bits
	// for two-word forms and in the low 16 bits for one-word forms.
	Mask, Value uint32
	fields      [3]field // bit positions of each operand's letter, derived from Pattern
	index       int
}

// field lists the bit positions (most significant first) of one operand inside the instruction.
type field struct {
	bits []uint8
}

// Alias describes an alternative mnemonic defined by another form's encoding. Args gives, for each of the
// base form's operands, where its value comes from.
type Alias struct {
	Base Op
	Args []AliasArg
}

// AliasArg is the source of one base operand of an alias: one of the alias's own operands (From >= 0),
// optionally bitwise complemented in 8 bits (CBR), or a constant (From < 0).
type AliasArg struct {
	From       int
	Const      int64
	Complement bool
}

// Index is the form's position in [Forms].
func (f *Form) Index() int { return f.index }

// Cycles returns the base cycle count of the form on core c, with the 22-bit-PC extra added when pc22 is
// set. It returns 0 when the manual gives no figure for that core (the form is not on it).
func (f *Form) Cycles(c Core, pc22 bool) int {
	n := int(f.cycles[c.Timing()])
	if n != 0 && pc22 {
		n += int(f.PC22)
	}
	return n
}

// IsAlias reports whether the form is an alternative mnemonic of another form.
func (f *Form) IsAlias() bool { return f.Alias != nil }

// Encode returns the instruction words for operand values args (one per [Form.Operands] entry, in the
// units of [Kind.Range]; relative kinds as word offsets). It reports an error naming the operand when a
// value is out of range. For aliases the base form's encoding is produced.
func (f *Form) Encode(args []int64) ([]uint16, error) {
	if len(args) != len(f.Operands) {
		return nil, textf.Errorf("%s takes %d operands, got %d", f.Mnemonic, len(f.Operands), len(args))
	}
	if f.Alias != nil {
		base := baseForm(f)
		bargs := make([]int64, len(f.Alias.Args))
		for i, a := range f.Alias.Args {
			if a.From < 0 {
				bargs[i] = a.Const
				continue
			}
			v := args[a.From]
			if !f.Operands[a.From].Kind.Valid(v) {
				return nil, &RangeError{Index: a.From, Kind: f.Operands[a.From].Kind, Value: v}
			}
			if a.Complement {
				v = ^v & 0xFF
			}
			bargs[i] = v
		}
		return base.Encode(bargs)
	}
	w := f.Value
	for i, op := range f.Operands {
		v := args[i]
		if !op.Kind.IsRelative() && !op.Kind.Valid(v) {
			return nil, &RangeError{Index: i, Kind: op.Kind, Value: v}
		}
		if op.Kind.IsRelative() {
			lo, hi := op.Kind.Range()
			if v < lo || v > hi {
				return nil, &RangeError{Index: i, Kind: op.Kind, Value: v}
			}
		}
		fl := f.fields[i]
		if len(fl.bits) == 0 {
			continue
		}
		bits := op.Kind.fieldValue(v, len(fl.bits))
		n := len(fl.bits)
		for j, pos := range fl.bits {
			if bits>>(n-1-j)&1 != 0 {
				w |= 1 << pos
			}
		}
	}
	if f.Words == 2 {
		return []uint16{uint16(w >> 16), uint16(w)}, nil
	}
	return []uint16{uint16(w)}, nil
}

// RangeError reports an operand value outside its kind's range.
type RangeError struct {
	Index int   // operand position, 0-based
	Kind  Kind  // the operand's kind
	Value int64 // the value given
}

// Error describes the operand, the value and the range it missed.
func (e *RangeError) Error() string {
	return textf.Sprintf("operand %d out of range: %d is not a %s", e.Index+1, e.Value, e.Kind.String())
}

// Inst is one decoded instruction: its form and operand values. The GNU-syntax printer is
// asm/disasm.Format.
type Inst struct {
	Form  *Form
	Args  [3]int64 // operand values, Form.Operands order; unused slots are 0
	Words int      // 1 or 2
}

// FormatOperand prints one operand value in GNU syntax: registers as rN, pointers as X/Y+/-Z or Y+q,
// relative offsets as ".+N" in bytes, addresses and constants in hex.
func FormatOperand(k Kind, v int64) string {
	switch {
	case k.IsRegister():
		return textf.Sprintf("r%d", v)
	case k == PtrYDisp:
		return textf.Sprintf("Y+%d", v)
	case k == PtrZDisp:
		return textf.Sprintf("Z+%d", v)
	case k.IsPointer():
		return kindNames[k]
	case k.IsRelative():
		if v < 0 {
			return textf.Sprintf(".-%d", -v*2)
		}
		return textf.Sprintf(".+%d", v*2)
	case k == Abs22:
		return textf.Sprintf("0x%x", v*2)
	case k == Bit || k == SregBit:
		return textf.Sprintf("%d", v)
	}
	return textf.Sprintf("0x%02x", v)
}
