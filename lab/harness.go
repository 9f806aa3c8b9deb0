package lab

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab/kernel"
)

// buffer is one buffer the harness placed in SRAM for a call.
type buffer struct {
	BufferKind
	arg      int    // argument index
	addr     uint16 // its address on the vectors' machine
	addrCT   uint16 // its address on the constant-time machine (harness.placeCT): addr until placed
	size     int
	writable bool // an input the routine may overwrite (Call.Writable): not checked after the call
}

// harness holds the machines and the layout of one task's call, built once and reset per vector.
type harness struct {
	im   *asm.Image
	dev  *isa.Device
	t    *Task
	sc   *Scenario
	call Call
	opts Options
	m    *emu.Machine // machine for the vectors, with the trace hash on (the constant-time check)
	mt   *emu.Machine // machine with the trace hash on, for the constant-time check (translated too)
	// stopped says Options.Stop ended the bench (halt): its report is not one.
	stopped bool

	entry    uint32 // word address
	sentinel uint32 // word address the return address points at
	bufs     []buffer
	rkAddr   uint32       // round keys the harness writes into the source's table: flash byte or data address
	rkTable  int          // 0: none; rkFlash or rkSRAM
	spStart  uint16       // SP before the return address is pushed (RAMEND)
	spCalled uint16       // SP after the emulator pushed the return address, as after a CALL
	spm      int          // SPM writes seen (undone after each call)
	seqs     []*vectorSeq // the vector streams this bench drew (takeVectors), kept for the next (Machines)
	cur      *testVector  // the vector of the call set up last (its planted registers)
	spmBytes map[int]bool // flash bytes an SPM changed in some call: storage, counted as RAM
	free     uint32       // the first SRAM address after .data and .bss: where the layout starts
	moved    string       // where placeCT put the constant-time machine's buffers ("" when it could not)
	ctMachs  []*emu.Machine
	// zeroSRAM starts every call's SRAM as the zeros of a reset, not noise (fillSRAM), for the
	// benchmark that measures what the noise costs (BenchmarkSRAMNoise).
	zeroSRAM bool
	// noise is the run's SRAM noise, sram fillSRAM's buffer (the device's SRAM, reused from call to
	// call).
	noise, sram []byte
	// pcg draws the values planted before each call (plants, sramOffset): reseeded per call, made
	// once per bench rather than once per call.
	pcg rand.PCG
	// edges is a kernel's edge-case inputs (Kernel.Edges, which makes them anew each time), made once
	// per bench for its vectors and constant-time inputs. Their slices are only read (Expected copies).
	edges [][][]byte
}

const (
	rkFlash = 1 + iota // the source's round-key table in flash
	rkSRAM             // the source's round-key table in .data/.bss
)

// Callee-saved registers of the avr-gcc ABI.
var calleeSaved = []int{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29}

// plantStream is the PCG stream of the planted register values (the vectors use their own).
const plantStream = 0x706c616e74 // "plant"

// plants returns the register values the harness plants before call idx of the run (the vectors in
// order, then the constant-time inputs): random from the run's seed, so that a routine cannot restore a
// callee-saved register by loading a constant, r1 = 0, and in the pairs of the arguments r25:r24 ..
// r19:r18 a pointer outside the data space of every classic device (see unpassedHigh), so that a routine
// using an argument the call does not pass faults. SREG is random too, drawn after the registers, with
// I clear (no interrupt may interrupt the call): a routine cannot save a CLC or CLT by relying on the
// flags it is called with, which a C caller leaves as its last instruction did.
func (h *harness) plants(idx int) (regs [32]byte, sreg byte) {
	// rand.Rand's Uint32 of PCG(Seed^plantStream, idx) is its Uint64's high half: drawn from the
	// PCG itself, without the two calls a draw (TestPlantsDraws).
	h.pcg.Seed(h.opts.Seed^plantStream, uint64(idx))
	for r := range regs {
		regs[r] = byte(h.pcg.Uint64() >> 32)
	}
	regs[1] = 0
	for i := 0; i < 4; i++ {
		regs[argReg(i)+1] = unpassedHigh(i)
	}
	return regs, byte(h.pcg.Uint64()>>32) &^ sregI
}

// sramStream is mixed into the ChaCha8 seed of the run's SRAM noise and is the PCG stream of the
// calls' offsets into it (fillSRAM).
const sramStream = 0x7372616d6e6f6973 // "sramnois"

// plant gives vector v, call idx of the run, what the harness plants before the call: the registers
// and SREG (plants) and its SRAM noise (sramOffset).
func (h *harness) plant(v *testVector, idx int) {
	v.regs, v.sreg = h.plants(idx)
	if !h.zeroSRAM {
		v.noise, v.sramOff = true, h.sramOffset(idx)
	}
}

// sramOffset returns the rotation of the run's SRAM noise that call idx starts with (fillSRAM).
func (h *harness) sramOffset(idx int) int {
	n := int(h.dev.RAMEND()) + 1 - int(h.dev.SRAMStart)
	h.pcg.Seed(h.opts.Seed^sramStream, uint64(idx))
	return rand.New(&h.pcg).IntN(max(n, 1))
}

// fillSRAM fills m's SRAM, just reset, with the run's noise rotated by off bytes, then writes the
// image's .data and zeroes its .bss, as a C start-up does, in one copy. The buffers and round keys are
// written after it: a routine that reads SRAM it did not write (an output buffer it adds into, a stack
// frame it did not clear) reads noise, not the zeros of a reset. The noise is ChaCha8 from the run's
// seed, drawn once per bench (an ATmega2560's 8 KB cost microseconds), with an offset per call
// from the seed: every call's SRAM differs, and a routine cannot predict it without the seed.
func (h *harness) fillSRAM(m *emu.Machine, off int) {
	start := int(h.dev.SRAMStart)
	n := int(h.dev.RAMEND()) + 1 - start
	if n <= 0 {
		resetWithImage(m, h.im)
		return
	}
	if len(h.noise) != n {
		var seed [32]byte
		binary.LittleEndian.PutUint64(seed[0:], h.opts.Seed)
		binary.LittleEndian.PutUint64(seed[8:], sramStream)
		h.noise, h.sram = make([]byte, n), make([]byte, n)
		rand.NewChaCha8(seed).Read(h.noise)
	}
	off %= n
	copy(h.sram, h.noise[off:])
	copy(h.sram[n-off:], h.noise[:off])
	data, at := h.im.Data, int(h.im.DataAddr)-start
	if at < 0 { // .data below SRAM (not from the assembler): its bytes in SRAM
		data, at = data[min(-at, len(data)):], 0
	}
	copy(h.sramPart(at, len(data)), data)
	clear(h.sramPart(int(h.im.BSSAddr)-start, h.im.BSSSize))
	m.LoadData(uint16(start), h.sram)
}

// sramPart returns the n bytes of fillSRAM's buffer from offset off, cut to the buffer.
func (h *harness) sramPart(off, n int) []byte {
	lo, hi := min(max(off, 0), len(h.sram)), min(max(off+n, 0), len(h.sram))
	return h.sram[lo:max(lo, hi)]
}

// sregI is SREG's global interrupt enable bit.
const sregI = 0x80

// unpassedHigh is the high byte planted in the register pair of argument i when the call does not pass
// it: outside the data space of every classic device, and recognisable in a fault's address.
func unpassedHigh(i int) uint8 { return uint8(0xA8 + 2*(i%4)) }

func newHarness(im *asm.Image, t *Task, sc *Scenario, call Call, opts Options) (*harness, *Report) {
	rep := &Report{Task: t.ID, TaskName: t.Name, Kind: t.Kind, Scenario: sc.Name, Device: im.Device.Name, Entry: call.Entry, Seed: opts.Seed}
	h := &harness{im: im, dev: im.Device, t: t, sc: sc, call: call, opts: opts}
	if t.Kernel != nil {
		h.edges = t.Kernel.Edges()
	}
	fail := func(format string, a ...any) (*harness, *Report) {
		rep.setProblem(&Problem{Kind: ProblemCall, Option: OptCall, Text: text(textf.Sprintf(format, a...))})
		rep.Call = h.call.String()
		return h, rep
	}
	failWith := func(p *Problem) (*harness, *Report) {
		rep.setProblem(p)
		rep.Call = h.call.String()
		return h, rep
	}
	// The default call: the source's round-key table when it defines one, else round keys in SRAM.
	if call.Args == nil && t.Kind == KindCipher {
		h.call.Args = []Role{RoleBlock}
		if _, ok := im.Symbol(opts.RK); !ok {
			h.call.Args = append(h.call.Args, RoleRK)
			if n := roundKeyLike(im, opts.RK); n != "" {
				p := &Problem{Kind: ProblemNote, Option: OptRK, Text: text(textf.Sprintf("the source defines %q, which looks like a round-key table, "+
					"but the task's round-key symbol is %q, so the harness passes round keys in SRAM (%s); "+
					"if the routine reads %s, name it with ", n, opts.RK, ArgRegisters(1), n), ref(OptRK, n))}
				rep.Notes, rep.NoteProblems = append(rep.Notes, p.Error()), append(rep.NoteProblems, p)
			}
		}
	}
	rep.Call = h.call.String()
	if a, ok := entryAddress(call.Entry); ok {
		if a%2 != 0 || a >= uint32(len(im.Flash)) {
			return failWith(&Problem{Kind: ProblemNoEntry, Option: OptCall,
				Text: text(textf.Sprintf("entry address 0x%x is not an instruction address of the program (0..0x%x, even)", a, len(im.Flash)))})
		}
		h.entry = a / 2
	} else {
		sym, ok := im.Symbol(call.Entry)
		if !ok {
			hint := text("the task's routine must be a label; name another with ",
				Segment{Either: []Segment{ref(OptEntry, "NAME"), ref(OptCall, "NAME(ARG, ...)")}})
			if len(im.Symbols) == 0 {
				hint = text("the image has no symbols: give the entry as a byte address, e.g. ", ref(OptCall, "0x1a0(block)"))
			}
			return failWith(&Problem{Kind: ProblemNoEntry, Option: OptCall,
				Text: text(textf.Sprintf("entry symbol %q is not defined (", call.Entry), hint, ")")})
		}
		if sym.Section != asm.SectionText && sym.Section != asm.SectionProgmem {
			return failWith(&Problem{Kind: ProblemNoEntry, Option: OptCall, Text: text(textf.Sprintf("entry symbol %q is not in .text", call.Entry))})
		}
		h.entry = uint32(sym.Value) / 2
	}
	rep.Call = h.call.String()
	kinds := t.BufferKinds()
	outputs := 0
	for _, k := range kinds {
		if k.Dir != kernel.In && h.call.has(k.Role) {
			outputs++
		}
	}
	if t.Kind == KindKernel && len(h.call.Args) != len(kinds) {
		return fail("the call %s passes %d of the task's %d arguments (%s)", rep.Call, len(h.call.Args), len(kinds),
			Call{Entry: call.Entry, Args: t.defaultArgs()}.String())
	}
	if outputs == 0 {
		if t.Kind == KindKernel {
			return fail("the call %s has no output", rep.Call)
		}
		return fail("the call %s has no output: pass block, in and out, or rkout", rep.Call)
	}
	if t.Kind == KindKernel {
		// no key material
	} else if !h.call.has(RoleRK) && !h.call.has(RoleKey) && !h.call.has(RoleRKOut) {
		if p := h.useTable(rep); p != nil {
			return failWith(p)
		}
	} else {
		switch {
		case h.call.has(RoleRK):
			rep.RKIn = "sram (harness, rk)"
		case h.call.has(RoleRKOut):
			rep.RKIn = "built by the routine (rkout)"
		default:
			rep.RKIn = "scheduled by the routine from the key"
		}
	}
	dev := h.dev
	// SRAM layout: .data and .bss from the image, then the buffers in table order (16-byte aligned;
	// round keys 256-byte aligned); the stack grows down from RAMEND.
	free := uint32(im.BSSAddr) + uint32(im.BSSSize)
	if end := uint32(im.DataAddr) + uint32(len(im.Data)); end > free {
		free = end
	}
	if free < uint32(dev.SRAMStart) {
		free = uint32(dev.SRAMStart)
	}
	h.free = free
	for _, k := range kinds {
		for i, a := range h.call.Args {
			if a != k.Role {
				continue
			}
			if i >= maxArgs {
				return fail("the call %s passes more than %d arguments in registers", rep.Call, maxArgs)
			}
			b := buffer{BufferKind: k, arg: i, size: k.Size}
			if h.call.writable(k.Role) {
				// An input the routine may overwrite is its working memory too: counted, not checked.
				b.writable, b.Counted = true, true
			}
			h.bufs = append(h.bufs, b)
		}
	}
	addrs, free := h.layout(0, 0)
	for i := range h.bufs {
		h.bufs[i].addr, h.bufs[i].addrCT = addrs[i], addrs[i]
	}
	ramEnd := uint32(dev.RAMEND())
	if free+64 > ramEnd {
		return fail("the call's buffers do not fit in %s's SRAM (0x%x..0x%x)", dev.Name, dev.SRAMStart, ramEnd)
	}
	for _, b := range h.bufs {
		u := BufferUse{Role: b.Role, Register: ArgRegisters(b.arg), Addr: b.addr, Size: b.size, Dir: b.Dir.String(),
			Counted: b.Counted, Value: b.Value, Writable: b.writable}
		if b.writable {
			u.Dir = "in, writable"
		}
		if b.Value {
			u.Register, u.Size = textf.Sprintf("r%d", argReg(b.arg)), 0
		}
		rep.Buffers = append(rep.Buffers, u)
	}
	h.spStart = uint16(ramEnd)
	// The sentinel is the last word of flash: a RET popping it ends the call.
	h.sentinel = uint32(dev.Flash/2 - 1)
	h.m = opts.Machines.newMachine(dev, im.Flash, emu.Config{TraceHash: true, Access: !opts.noAccess, Engine: opts.Engine, Present: im.Present})
	h.mt = opts.Machines.newMachine(dev, im.Flash, emu.Config{TraceHash: true, Access: !opts.noAccess, Engine: opts.Engine, Present: im.Present})
	h.ctMachs = []*emu.Machine{h.mt}
	return h, rep
}

// layoutStream is the PCG stream of the constant-time machine's buffer layout.
const layoutStream = 0x6c61796f7574 // "layout"

// placeCT moves the constant-time machine's buffers away from the vectors' machine's, before its
// first call: every buffer but the round keys starts an odd number of bytes (1..15, from the run's
// seed) past where it starts there, so the two machines' buffers have no address in common and one of
// them is at an odd address; round keys keep their 256-byte alignment and move by 256 where SRAM
// leaves room. A routine that uses an address it was not passed (a buffer at 0x0100 because the
// harness put it there last time), or an alignment it was not promised, then fails on one machine.
// The buffers must end 16 bytes below stackLow, the lowest SP the vectors' calls reached; where they
// cannot move, the machines share the layout (Report.Measurement says so).
func (h *harness) placeCT(stackLow uint16) string {
	rng := rand.New(rand.NewPCG(h.opts.Seed^layoutStream, 0))
	shift := uint32(1 + 2*rng.IntN(8))
	for _, try := range [][2]uint32{{shift, 256}, {shift, 0}, {1, 0}} {
		addrs, free := h.layout(try[0], try[1])
		if free+16 > uint32(stackLow) {
			continue
		}
		var at []string
		for i := range h.bufs {
			if !h.bufs[i].Value {
				h.bufs[i].addrCT = addrs[i]
				at = append(at, textf.Sprintf("%s at 0x%04x", string(h.bufs[i].Role), addrs[i]))
			}
		}
		return strings.Join(at, ", ")
	}
	return ""
}

// layout places the buffers in table order from h.free, each at its alignment and then shift bytes
// on (round keys, aligned to 256, rkShift bytes on), and returns their addresses (0 for a value
// argument) and the first free address after them. The vectors' machine's layout is layout(0, 0).
func (h *harness) layout(shift, rkShift uint32) ([]uint16, uint32) {
	free := h.free
	addrs := make([]uint16, len(h.bufs))
	for i, b := range h.bufs {
		if b.Value {
			continue
		}
		a := uint32(b.Align)
		free = (free + a - 1) &^ (a - 1)
		if b.Align >= 256 {
			free += rkShift
		} else {
			free += shift
		}
		addrs[i] = uint16(free)
		free += uint32(b.size)
	}
	return addrs, free
}

// bufAddr is buffer b's address on machine m: the constant-time machine and its re-traces have their own.
func (h *harness) bufAddr(m *emu.Machine, b *buffer) uint16 {
	for _, c := range h.ctMachs {
		if c == m {
			return b.addrCT
		}
	}
	return b.addr
}

// useTable sets up round keys written into the source's own table, for a call that passes no key
// material. It returns a problem when there is no table, or when it is too short.
func (h *harness) useTable(rep *Report) *Problem {
	im, t := h.im, h.t
	rk, ok := im.Symbol(h.opts.RK)
	if !ok {
		p := &Problem{Kind: ProblemNoRoundKeys, Option: OptRK,
			Text: text(textf.Sprintf("the call %s passes no round keys and the source defines no round-key table %q", rep.Call, h.opts.RK))}
		if n := roundKeyLike(im, h.opts.RK); n != "" {
			p.Text = text(p.Text, textf.Sprintf("; the source defines %q: name it with ", n), ref(OptRK, n), "; pass")
		} else {
			p.Text = text(p.Text, "; name the source's table with ", ref(OptRK, ""), " or pass")
		}
		p.Text = text(p.Text, " rk (round keys in SRAM), key, or rkout in ", ref(OptCall, ""))
		return p
	}
	switch rk.Section {
	case asm.SectionText, asm.SectionProgmem:
		h.rkTable, h.rkAddr = rkFlash, uint32(rk.Value)
		size, until := h.tableSize(rk, true)
		if size < t.RKBytes {
			return plainProblem(ProblemNoRoundKeys, textf.Sprintf("round-key table %q at flash 0x%x holds %d bytes (%s); the task's round keys need %d",
				h.opts.RK, rk.Value, size, until, t.RKBytes))
		}
		rep.RKIn, rep.RKTable = "flash ("+h.opts.RK+")", &RKTable{Symbol: h.opts.RK, Memory: "flash"}
	case asm.SectionData, asm.SectionBSS:
		h.rkTable, h.rkAddr = rkSRAM, uint32(rk.Value)
		size, until := h.tableSize(rk, false)
		if size < t.RKBytes {
			return plainProblem(ProblemNoRoundKeys, textf.Sprintf("round-key table %q at data address 0x%x holds %d bytes (%s); the task's round keys need %d",
				h.opts.RK, rk.Value, size, until, t.RKBytes))
		}
		rep.RKIn, rep.RKTable = "sram ("+h.opts.RK+")", &RKTable{Symbol: h.opts.RK, Memory: "sram"}
	default:
		return plainProblem(ProblemNoRoundKeys, textf.Sprintf("round-key symbol %q is a constant, not a table", h.opts.RK))
	}
	return nil
}

// tableSize measures a table from its symbol to the next symbol of its memory, to the end of what the
// source emits (flash) or reserves (SRAM), or to its .size, whichever is least, and says which.
func (h *harness) tableSize(sym asm.Symbol, flash bool) (int, string) {
	im := h.im
	start := sym.Value
	var end int64
	until := ""
	if flash {
		a := start
		for a < int64(len(im.Emitted)) && im.Emitted[a] {
			a++
		}
		end, until = a, "to the end of the bytes the source emits there"
	} else {
		end = int64(im.BSSAddr) + int64(im.BSSSize)
		if d := int64(im.DataAddr) + int64(len(im.Data)); start < d {
			end = d
		}
		until = "to the end of its section"
	}
	next := -1 // the symbol the table ends at, if one does
	for i, s := range im.Symbols {
		same := (s.Section == asm.SectionText || s.Section == asm.SectionProgmem) == flash &&
			(s.Section != asm.SectionAbs)
		if same && s.Value > start && s.Value < end {
			end, next = s.Value, i
		}
	}
	if next >= 0 {
		until = textf.Sprintf("to the next symbol %q", im.Symbols[next].Name)
	}
	if sym.Size > 0 && start+sym.Size < end {
		end, until = start+sym.Size, "by its .size"
	}
	return int(end - start), until
}

// roundKeyLike returns a symbol of the image whose name suggests a round-key table, other than want.
func roundKeyLike(im *asm.Image, want string) string {
	for _, s := range im.Symbols {
		if s.Section == asm.SectionAbs || s.Name == want {
			continue
		}
		n := strings.ToLower(s.Name)
		for _, w := range []string{"rk", "rks", "round_key", "roundkey", "subkey", "key_table", "keys"} {
			if n == w || strings.HasSuffix(n, "_"+w) || strings.HasPrefix(n, w+"_") || strings.Contains(n, "roundkey") ||
				strings.Contains(n, "round_key") {
				return s.Name
			}
		}
	}
	return ""
}
