package emu

import "github.com/avrlab/avrlab/isa"

// op is one predecoded flash word: what the run loop needs to execute the instruction starting there
// without looking at the word again. It is built once per word at load and again for words SPM
// rewrites. Eight bytes, so that ops[pc] is one scaled index.
type op struct {
	kind isa.Op // the operation; opIllegal or opMissing for words that fault
	cyc  uint8  // base cycles on this device (22-bit PC extra included)
	a    uint8  // first register (Rd, or Rr of stores); instruction words of RCALL/CALL; skip size of SBIC/SBIS
	b    uint8  // second register, bit mask (SBRC, BRBS, SBI ...) or pointer register (26 X, 28 Y, 30 Z)
	k    uint32 // immediate, displacement q, data address, target word address; skip size of CPSE/SBRC/SBRS
}

// opWords returns the size in words of the instruction o was decoded from.
func opWords(o op) uint8 {
	switch o.kind {
	case isa.LDS, isa.STS, isa.CALL, isa.JMP:
		return 2
	case opMissing:
		return uint8(isa.Forms[o.k].Words)
	}
	return 1
}

// Kinds beyond isa's ops. opIllegal keeps the word in k; opMissing keeps the form index in k.
const (
	opIllegal = isa.OpInvalid
	opMissing = isa.NumOps
	// opCover is the first-execution trap of Config.Access: it records the word as executed, puts
	// the decoded op in its place and runs it. Its cyc is 0.
	opCover = isa.NumOps + 1
)

// word returns the little-endian flash word at word address w, or 0xFFFF (erased) past the end.
func (m *Machine) word(w uint32) uint16 {
	i := int(w) * 2
	if i+1 >= len(m.flash) {
		return 0xFFFF
	}
	return uint16(m.flash[i]) | uint16(m.flash[i+1])<<8
}

// decodeAt decodes the instruction starting at word address w on its own.
func (m *Machine) decodeAt(w uint32) op { return m.decodeWords(w, m.word(w), m.word(w+1)) }

// decodeAtWord decodes a one-word op that needs no position (used for erased flash).
func (m *Machine) decodeAtWord(w0 uint16) op { return m.decodeWords(0, w0, 0xFFFF) }

// decodeWords decodes the instruction with words w0, w1 at word address w.
func (m *Machine) decodeWords(w uint32, w0, w1 uint16) op {
	f := isa.FormFor(m.dev.Core, w0)
	if f == nil {
		return op{kind: opIllegal, k: uint32(w0)}
	}
	if !m.dev.Has(f) {
		return op{kind: opMissing, k: uint32(f.Index())}
	}
	inst, _ := isa.Decode(m.dev.Core, w0, w1)
	o := op{kind: f.Op, cyc: uint8(m.dev.Cycles(f))}
	if f.Op == isa.RCALL || f.Op == isa.CALL {
		o.a = uint8(f.Words)
	}
	nregs := 0
	for i, opnd := range f.Operands {
		v := inst.Args[i]
		switch k := opnd.Kind; {
		case k.IsRegister():
			if nregs == 0 {
				o.a = uint8(v)
			} else {
				o.b = uint8(v)
			}
			nregs++
		case k == isa.Bit || k == isa.SregBit:
			o.b = 1 << uint(v)
		case k == isa.IO5 || k == isa.IO6:
			o.k = uint32(m.dev.IOBase) + uint32(v)
		case k == isa.PtrX || k == isa.PtrXInc || k == isa.PtrXDec:
			o.b = 26
		case k == isa.PtrY || k == isa.PtrYInc || k == isa.PtrYDec || k == isa.PtrYDisp:
			o.b = 28
			o.k = uint32(v)
		case k == isa.PtrZ || k == isa.PtrZInc || k == isa.PtrZDec || k == isa.PtrZDisp:
			o.b = 30
			o.k = uint32(v)
		case k.IsRelative():
			o.k = m.relTarget(w, f.Words, v)
		case k == isa.Imm8, k == isa.Imm6, k == isa.Imm4,
			k == isa.Abs22, k == isa.Data16, k == isa.Data7:
			o.k = uint32(v)
		}
	}
	return o
}

// relTarget returns the word address a relative jump at w lands on. Program memory whose size is a
// power of two wraps around, as the hardware PC does (avr-ld's --pmem-wrap-around relies on it);
// otherwise a target outside flash is left outside (22 bits) and faults when fetched.
func (m *Machine) relTarget(w uint32, words int, off int64) uint32 {
	t := int64(w) + int64(words) + off
	n := int64(len(m.ops))
	if n&(n-1) == 0 {
		return uint32(t & (n - 1))
	}
	return uint32(t) & (1<<22 - 1)
}

// predecode decodes every flash word. Erased words (0xFFFF), usually most of flash, are decoded
// once when they decode to an illegal op, which does not depend on where the word is.
func (m *Machine) predecode() {
	erased := m.decodeAtWord(0xFFFF)
	reuse := erased.kind == opIllegal
	for w := range m.code {
		if reuse && m.word(uint32(w)) == 0xFFFF {
			m.code[w] = erased
		} else {
			m.code[w] = m.decodeAt(uint32(w))
		}
	}
	m.fixSkips(0, uint32(len(m.code)))
	m.arm(0, uint32(len(m.code)))
}

// fixSkips refreshes the skip size (words of the next instruction) of the skip instructions among
// words lo..hi-1.
func (m *Machine) fixSkips(lo, hi uint32) {
	n := uint32(len(m.ops))
	for w := lo; w < hi && w < n; w++ {
		s := uint8(1)
		if w+1 < n {
			s = opWords(m.code[w+1])
		}
		switch o := &m.code[w]; o.kind {
		case isa.CPSE, isa.SBRC, isa.SBRS:
			o.k = uint32(s)
		case isa.SBIC, isa.SBIS:
			o.a = s
		}
	}
}

// redecode re-decodes after a flash write to words lo..hi-1: those words, the word before them (a
// two-word instruction whose operand changed) and the skip sizes that depend on them.
func (m *Machine) redecode(lo, hi uint32) {
	n := uint32(len(m.ops))
	if hi > n {
		hi = n
	}
	start := lo
	if start > 0 {
		start--
	}
	for w := start; w < hi; w++ {
		m.code[w] = m.decodeAt(w)
	}
	s := start
	if s > 0 {
		s--
	}
	m.fixSkips(s, hi)
	m.arm(s, hi)
}
