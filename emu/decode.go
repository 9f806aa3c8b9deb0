package emu

import "github.com/avrlab/avrlab/isa"

// Op is one lowered flash word: what the run loop (and a translator, see [Engine]) needs to execute
// the instruction starting there without looking at the word again, one field per meaning. It is
// built once per word at load, again for words SPM rewrites, and for words WriteFlash rewrites at
// their first execution (OpDeferred until then). Sixteen bytes.
type Op struct {
	Kind  isa.Op // the operation; OpIllegal or OpMissing for words that fault, OpDeferred (see there)
	Cyc   uint8  // base cycles on this device (22-bit PC extra included)
	Words uint8  // size of the instruction in words: 1, or 2 for LDS, STS, JMP, CALL
	// Skip is, for CPSE, SBRC, SBRS, SBIC and SBIS, the words of the next instruction: what the skip
	// jumps over and the cycles it adds when the condition holds (isa.ExtraSkip).
	Skip uint8
	Rd   uint8 // first register operand: the destination, or the register stored (ST, STS, OUT, PUSH)
	Rr   uint8 // second register operand (the source)
	Bit  uint8 // mask of a bit operand (SBRC, SBI, BST, ...) or of a flag (BRBS, BRBC, BSET, BCLR)
	Ptr  uint8 // pointer register pair of LD, ST, LDD, STD: 26 (X), 28 (Y) or 30 (Z); else 0
	// K is the immediate of the encoding: K of LDI, SUBI, ANDI, ADIW ..., q of LDD/STD, the round of
	// DES; for OpIllegal the word itself, for OpMissing the index of its form in isa.Forms.
	K    uint16
	Addr uint16 // data-space address: LDS, STS, and IN, OUT, SBI, CBI, SBIC, SBIS (I/O address + Device.IOBase)
	// Target is the word address a jump, call or branch goes to.
	Target uint32
}

// Kinds beyond isa's ops. OpIllegal keeps the word in K; OpMissing keeps the form index in K.
const (
	OpIllegal = isa.OpInvalid
	OpMissing = isa.NumOps
	// opCover is the first-execution trap of Config.Access: it records the word as executed, puts
	// the decoded op in its place and runs it. Its Cyc is 0.
	opCover = isa.NumOps + 1
	// OpDeferred is a word WriteFlash rewrote that no instruction has executed since: the
	// interpreter decodes it (with the rest of its stretch of deferred words) at its first
	// execution, and translated code leaves it to the interpreter. Words is 1, Cyc 0. A bench's
	// round keys, rewritten in flash for every vector and never executed, are thus never decoded.
	OpDeferred = isa.NumOps + 2
)

// opIllegal, opMissing and opDeferred are the run loop's names for OpIllegal, OpMissing and
// OpDeferred.
const (
	opIllegal  = OpIllegal
	opMissing  = OpMissing
	opDeferred = OpDeferred
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
func (m *Machine) decodeAt(w uint32) Op { return m.decodeWords(w, m.word(w), m.word(w+1)) }

// decodeWords decodes the instruction with words w0, w1 at word address w.
func (m *Machine) decodeWords(w uint32, w0, w1 uint16) Op {
	f := isa.FormFor(m.dev.Core, w0)
	if f == nil {
		return Op{Kind: opIllegal, Words: 1, K: w0}
	}
	if !m.dev.Has(f) {
		return Op{Kind: opMissing, Words: uint8(f.Words), K: uint16(f.Index())}
	}
	inst := isa.DecodeForm(f, w0, w1)
	o := Op{Kind: f.Op, Cyc: uint8(m.dev.Cycles(f)), Words: uint8(f.Words)}
	nregs := 0
	for i, opnd := range f.Operands {
		v := inst.Args[i]
		switch k := opnd.Kind; {
		case k.IsRegister():
			if nregs == 0 {
				o.Rd = uint8(v)
			} else {
				o.Rr = uint8(v)
			}
			nregs++
		case k == isa.Bit || k == isa.SregBit:
			o.Bit = 1 << uint(v)
		case k == isa.IO5 || k == isa.IO6:
			o.Addr = m.dev.IOBase + uint16(v)
		case k == isa.PtrX || k == isa.PtrXInc || k == isa.PtrXDec:
			o.Ptr = 26
		case k == isa.PtrY || k == isa.PtrYInc || k == isa.PtrYDec || k == isa.PtrYDisp:
			o.Ptr = 28
			o.K = uint16(v)
		case k == isa.PtrZ || k == isa.PtrZInc || k == isa.PtrZDec || k == isa.PtrZDisp:
			o.Ptr = 30
			o.K = uint16(v)
		case k.IsRelative():
			o.Target = m.relTarget(w, f.Words, v)
		case k == isa.Abs22:
			o.Target = uint32(v)
		case k == isa.Data16 || k == isa.Data7:
			o.Addr = uint16(v)
		case k == isa.Imm8, k == isa.Imm6, k == isa.Imm4:
			o.K = uint16(v)
		}
	}
	return o
}

// relTarget returns the word address a relative jump at w lands on. Program memory whose size is a
// power of two wraps around, as the hardware PC does (avr-ld's --pmem-wrap-around relies on it);
// otherwise a target outside flash is left outside (22 bits) and faults when fetched.
func (m *Machine) relTarget(w uint32, words int, off int64) uint32 {
	t := int64(w) + int64(words) + off
	n := int64(m.words)
	if n&(n-1) == 0 {
		return uint32(t & (n - 1))
	}
	return uint32(t) & (1<<22 - 1)
}

// predecode decodes program memory. ops and code end one word past the program (the words past
// it are erased flash, decoded when the machine or its runner reaches one: cover), or cover the
// whole flash on a device whose erased word (0xFFFF) is no illegal op. An illegal op does not
// depend on where its word is: every word starts as the erased word's and only the others are
// decoded one by one.
func (m *Machine) predecode() {
	prev := uint32(len(m.code))
	m.code, m.ops = m.code[:0], m.ops[:0]
	n := m.fit() // all erased, armed
	reuse := m.erased.Kind == opIllegal
	for w := range n {
		if !reuse || m.word(w) != 0xFFFF {
			m.code[w] = m.decodeAt(w)
		}
	}
	m.fixSkips(0, n)
	m.invalidate(0, max(prev, n))
}

// fit cuts or grows ops and code (cover) to predecode's length, one erased word past the program
// (the whole flash on a device whose erased word is no illegal op), and returns it.
func (m *Machine) fit() uint32 {
	n := m.words
	if m.erased.Kind == opIllegal {
		n = min(m.erasedFrom()+1, n)
	}
	k := min(n, uint32(len(m.code)))
	m.code, m.ops = m.code[:k], m.ops[:k]
	m.prog.Code = m.cover(n - 1)
	return n
}

// cover makes ops and code reach word w (w included, and at most the last word of flash): the
// words added are erased flash (see Machine.code) and are set to its op (armed with
// Config.Access), the others kept; no op changes, so the runner is not told. It returns code.
func (m *Machine) cover(w uint32) []Op {
	n := uint32(len(m.code))
	hi := min(w+1, m.words)
	if hi > n {
		ops := m.ops
		m.code = appendOps(m.code, hi-n, m.erased)
		m.ops = m.code
		if m.cfg.Access {
			m.ops = appendOps(ops, hi-n, Op{Kind: opCover})
		}
		m.prog.Code = m.code
	}
	return m.code
}

// appendOps returns s with k copies of o appended. Out of line: inlined twice into cover, it
// made the js build's code 0.6 KB larger (0.7 KB gzip -9).
//
//go:noinline
func appendOps(s []Op, k uint32, o Op) []Op {
	n := len(s)
	s = append(s, make([]Op, k)...)
	fillOps(s[n:], o)
	return s
}

// erasedFrom returns the first flash word from which all of program memory is erased (every byte
// 0xFF): the word after the last one holding another byte, or 0 when all flash is erased. It reads
// the program memory itself (not what New loaded) up to Program.FlashEnd, which SPM writes and
// restored snapshots move.
func (m *Machine) erasedFrom() uint32 { return uint32(ProgramEnd(m.flash[:m.prog.FlashEnd])+1) / 2 }

// fillOps sets every op of s to o, by doubling copies.
func fillOps(s []Op, o Op) {
	if len(s) == 0 {
		return
	}
	s[0] = o
	for k := 1; k < len(s); k *= 2 {
		copy(s[k:], s[:k])
	}
}

// fixSkips refreshes the skip size (words of the next instruction) of the skip instructions among
// words lo..hi-1.
func (m *Machine) fixSkips(lo, hi uint32) {
	n := uint32(len(m.ops))
	for w := lo; w < hi && w < n; w++ {
		switch o := &m.code[w]; o.Kind {
		case isa.CPSE, isa.SBRC, isa.SBRS, isa.SBIC, isa.SBIS:
			o.Skip = m.wordsAt(w + 1)
		}
	}
}

// wordsAt returns the size in words of the instruction at word address w: 1 past the decoded words
// (erased flash, or past the end of flash), and for a deferred word (OpDeferred) the size of its
// decoding, which is not stored.
func (m *Machine) wordsAt(w uint32) uint8 {
	if w >= uint32(len(m.code)) {
		return 1
	}
	if o := &m.code[w]; o.Kind != opDeferred {
		return o.Words
	}
	return m.decodeAt(w).Words
}

// deferDecode is redecode for words lo..hi-1 that WriteFlash rewrote: they become OpDeferred,
// decoded at their first execution (decodeDeferred), and only the word before them (a two-word
// instruction whose operand they are, a skip over them) is decoded again now. The runner is told
// about all of them.
func (m *Machine) deferDecode(lo, hi uint32) {
	m.cover(hi)
	hi = min(hi, uint32(len(m.code)))
	if lo >= hi {
		return
	}
	fillOps(m.code[lo:hi], Op{Kind: opDeferred, Words: 1})
	m.arm(lo, hi) // Config.Access: the traps put the deferred op in place, which then decodes
	m.invalidate(lo, hi)
	if lo > 0 {
		m.redecode(lo-1, lo)
	}
}

// decodeDeferred decodes the deferred words (OpDeferred) around word w, which is about to execute:
// the whole stretch of them that holds w (a round-key table WriteFlash rewrote, executed after
// all), in m.code and, where their traps are gone (Config.Access), in m.ops; the runner is told
// that they changed, so that translated code covering them is built again from their decoding.
func (m *Machine) decodeDeferred(w uint32) {
	n := uint32(len(m.code))
	lo, hi := w, w+1
	for lo > 0 && m.code[lo-1].Kind == opDeferred {
		lo--
	}
	for hi < n && m.code[hi].Kind == opDeferred {
		hi++
	}
	for i := lo; i < hi; i++ {
		m.code[i] = m.decodeAt(i)
	}
	m.fixSkips(lo, hi)
	if m.cfg.Access {
		for i := lo; i < hi; i++ {
			if m.ops[i].Kind == opDeferred {
				m.ops[i] = m.code[i]
			}
		}
	}
	m.invalidate(lo, hi)
}

// redecode re-decodes after a flash write to words lo..hi-1: those words, the word before them (a
// two-word instruction whose operand changed) and the skip sizes that depend on them.
func (m *Machine) redecode(lo, hi uint32) {
	m.cover(hi)
	n := uint32(len(m.ops))
	if hi > n {
		hi = n
	}
	start := lo
	if start > 0 {
		start--
	}
	s := start
	if s > 0 {
		s--
	}
	// Tell the runner only about the words whose lowered op changed.
	clo, chi := hi, s
	changed := func(w uint32) {
		clo, chi = min(clo, w), max(chi, w+1)
	}
	for w := start; w < hi; w++ {
		o := m.decodeAt(w)
		o.Skip = m.code[w].Skip // refreshed below
		if o != m.code[w] {
			changed(w)
		}
		m.code[w] = o
	}
	for w := s; w < hi; w++ {
		k := m.code[w].Skip
		m.fixSkips(w, w+1)
		if m.code[w].Skip != k {
			changed(w)
		}
	}
	m.arm(s, hi)
	if clo < chi {
		m.invalidate(clo, chi)
	}
}
