package translate

import (
	"slices"
	"sort"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// A region is the code one module holds: every instruction reachable from its roots through
// fall-through, branches, skips, jumps and calls (a call's target and its return point both), cut in
// blocks of straight-line code. It is the unit of translation, caching and invalidation.
type region struct {
	roots   []uint32
	blocks  []*block       // in address order
	index   map[uint32]int // block index by start word address
	entries []uint32       // sorted starts of the blocks translated code may be entered at
	covered []uint64       // bit per flash word the translation depends on
	insts   int
	dmax    int // the most of the entries' d: the dispatch checks the limit against it
	// segs: what the entries of its module's trace log stand for (translation.segs), set when the
	// module is generated or taken from the cache.
	segs [][]uint32
	// fns: its loop functions (outline); outlined: outline ran; outD (a loop function's region):
	// by address out of the loop, the most cycles the code there may run before its next limit
	// check (the copies' "run"'s d there).
	fns      []*loopFn
	outlined bool
	outD     map[uint32]int
}

// block is straight-line code: entered only at its start, left at its end or by a side exit.
type block struct {
	start  uint32
	insts  []uint32    // word addresses of its instructions
	succ   []uint32    // static successors of its last instruction (fall-through first)
	dyn    bool        // it can leave by a computed jump (RET, IJMP, ICALL) or an exit: every flag is live there
	entry  bool        // the br_table can enter it
	self   bool        // a branch at its end goes back to its own start (a WebAssembly loop, whose back edge checks the cycle limit)
	loop   int         // 1 + the index of the head of the multi-block loop it is in (its head included), or 0
	end    int         // a loop head: the index of the loop's last block
	back   bool        // it branches back to the head of its multi-block loop (checking the limit there)
	cycles int         // most cycles one pass through it takes
	d      int         // most cycles from its start to the next limit check or exit
	live   uint8       // flags live at its start
	liveX  uint8       // flags live at its end
	mark   int         // its global for the access record (Config.Access)
	guards []guardSpan // per instruction: what its SRAM guard checks (planGuards)
	carry  uint8       // a self loop: the pointers (bit 0 X, 1 Y, 2 Z) kept as 16-bit values across its back edge
	top    uint8       // flags live at the top of its body (live less the rotated guard's, see carryPtrs)
	root   bool        // an entry for a reason other than a backward branch: a root, a call's target or return point, a resumption
	// call: the head of a copy of a loop function (region.outline): "run" calls the function here.
	// hidden: one of the copy's other blocks, whose code is the function's only.
	call   *loopCall
	hidden bool
}

// Instruction classes.
const (
	clPlain  = iota // runs inline and falls through
	clHost          // left to the interpreter (side exit before it); resumes after it
	clFault         // always faults: left to the interpreter, no successor
	clBranch        // BRBS, BRBC
	clSkip          // CPSE, SBRC, SBRS, SBIC, SBIS
	clJump          // RJMP, JMP
	clCall          // RCALL, CALL
	clICall         // ICALL, EICALL
	clRet           // RET, RETI
	clIJmp          // IJMP, EIJMP
)

// maxInsts caps a region; code beyond it is reached through the host.
const maxInsts = 16384

// plainIO reports whether data address a (an I/O instruction's) is ordinary memory for loads and
// stores: not SREG, SP, RAMPZ or EIND (reserved bits, and the access record's read-back), the output
// port, a mapped register, and inside the data space.
func plainIO(d *isa.Device, a uint16) bool {
	if a < 32 && d.RegsMapped {
		return false
	}
	if uint32(a) > uint32(d.RAMEND()) {
		return false
	}
	switch a {
	case d.SREG, d.SPL, d.SPL + 1:
		return false
	}
	if d.RAMPZ != 0 && a == d.RAMPZ || d.EIND != 0 && a == d.EIND {
		return false
	}
	return !(d.UDR != 0 && a == d.UDR)
}

// inSRAM reports whether data address a is SRAM.
func inSRAM(d *isa.Device, a uint32) bool {
	return a >= uint32(d.SRAMStart) && a <= uint32(d.RAMEND())
}

func class(d *isa.Device, o *emu.Op) int {
	switch o.Kind {
	case emu.OpIllegal, emu.OpMissing:
		return clFault
	case isa.BRBS, isa.BRBC:
		return clBranch
	case isa.CPSE, isa.SBRC, isa.SBRS:
		return clSkip
	case isa.SBIC, isa.SBIS:
		if plainIO(d, o.Addr) {
			return clSkip
		}
		return clHost
	case isa.RJMP, isa.JMP:
		return clJump
	case isa.RCALL, isa.CALL:
		return clCall
	case isa.ICALL, isa.EICALL:
		return clICall
	case isa.RET, isa.RETI:
		return clRet
	case isa.IJMP, isa.EIJMP:
		return clIJmp
	case isa.IN, isa.OUT, isa.SBI, isa.CBI:
		if plainIO(d, o.Addr) {
			return clPlain
		}
		return clHost
	case isa.LDS, isa.LDSrc, isa.STS, isa.STSrc:
		if inSRAM(d, uint32(o.Addr)) {
			return clPlain
		}
		return clHost
	case isa.ADD, isa.ADC, isa.SUB, isa.SUBI, isa.SBC, isa.SBCI, isa.CP, isa.CPI, isa.CPC, isa.NEG,
		isa.AND, isa.ANDI, isa.OR, isa.ORI, isa.EOR, isa.COM, isa.INC, isa.DEC, isa.ASR, isa.LSR,
		isa.ROR, isa.SWAP, isa.ADIW, isa.SBIW, isa.MUL, isa.MULS, isa.MULSU, isa.FMUL, isa.FMULS,
		isa.FMULSU, isa.MOV, isa.MOVW, isa.LDI, isa.BST, isa.BLD, isa.BSET, isa.BCLR, isa.NOP, isa.WDR,
		isa.PUSH, isa.POP,
		isa.LDX, isa.LDY, isa.LDZ, isa.LDDY, isa.LDDZ, isa.LDXInc, isa.LDYInc, isa.LDZInc,
		isa.LDXDec, isa.LDYDec, isa.LDZDec,
		isa.STX, isa.STY, isa.STZ, isa.STDY, isa.STDZ, isa.STXInc, isa.STYInc, isa.STZInc,
		isa.STXDec, isa.STYDec, isa.STZDec,
		isa.LPM, isa.LPMZ, isa.LPMZInc, isa.ELPM, isa.ELPMZ, isa.ELPMZInc:
		return clPlain
	}
	return clHost // SPM, DES, XCH, LAS, LAC, LAT, SLEEP, BREAK
}

// successors returns the static successors of the instruction at pc of class c (fall-through
// first) and the entry points it creates (call targets, return and resume points), both in buf
// (nil when there are none): a caller that keeps them copies them.
func successors(p *emu.Program, pc uint32, c int, buf *[4]uint32) (succ, entries []uint32) {
	o := &p.Code[pc]
	next := pc + uint32(o.Words)
	two := func(a, b uint32) []uint32 { buf[0], buf[1] = a, b; return buf[0:2:2] }
	one := func(a uint32) []uint32 { buf[0] = a; return buf[0:1:1] }
	switch c {
	case clPlain:
		return one(next), nil
	case clHost:
		if o.Kind == isa.SBIC || o.Kind == isa.SBIS {
			return nil, two(next, next+uint32(o.Skip))
		}
		return nil, one(next)
	case clBranch:
		return two(next, o.Target), nil
	case clSkip:
		return two(next, next+uint32(o.Skip)), nil
	case clJump:
		return one(o.Target), nil
	case clCall:
		buf[2], buf[3] = o.Target, next
		return one(o.Target), buf[2:4:4]
	case clICall:
		if t, ok := constZ(p, pc); ok {
			return nil, two(next, t)
		}
		return nil, one(next)
	case clIJmp:
		if t, ok := constZ(p, pc); ok {
			return nil, one(t)
		}
	}
	return nil, nil
}

// constZ guesses the target of ICALL or IJMP at pc from the LDI r30 and LDI r31 right before it,
// the usual way to load a code address. The guess only adds an entry point (code translated ahead);
// the jump itself always goes where Z points.
func constZ(p *emu.Program, pc uint32) (uint32, bool) {
	if pc < 2 || (p.Code[pc].Kind != isa.ICALL && p.Code[pc].Kind != isa.IJMP) {
		return 0, false
	}
	var z [2]int
	z[0], z[1] = -1, -1
	for _, q := range []uint32{pc - 2, pc - 1} {
		o := &p.Code[q]
		if o.Kind == isa.LDI && (o.Rd == 30 || o.Rd == 31) {
			z[o.Rd-30] = int(o.K)
		}
	}
	if z[0] < 0 || z[1] < 0 {
		return 0, false
	}
	return uint32(z[0] | z[1]<<8), true
}

// walk is what buildRegion finds about each word address of a program: dense slices rather than
// maps of the reachable addresses, which cost it about three quarters of its time (the NTT
// example's region: 945 instructions of 69,632 words). They start at the programmed words
// (emu.Program.FlashEnd) and grow to an address the walk reaches past them (grow): over the whole
// flash, an ATmega128's 64K words, they were 128 KB zeroed per region, 0.6 ms a live bench of the
// default example (its 128 words) in V8, mostly the garbage collector's.
type walk struct {
	cls   []int8  // class+1 of each reachable instruction; 0: not reached
	flags []uint8 // wLeader, wEntry, wInBlock, and the fall-through predecessors (wPred1, wPred2)
	pcs   []uint32
}

const (
	wLeader  = 1 << iota // a block starts here
	wEntry               // a root, or a target the region is entered at
	wInBlock             // placed in a block
	wPred1               // one fall-through predecessor so far
	wPred2               // two or more
)

// has reports whether flag f is set at pc.
func (w *walk) has(pc uint32, f uint8) bool { return pc < uint32(len(w.flags)) && w.flags[pc]&f != 0 }

// set sets flag f at pc (below the program's size in words).
func (w *walk) set(pc uint32, f uint8) {
	w.grow(pc)
	w.flags[pc] |= f
}

// grow makes the slices cover pc (below the program's size in words), at least doubling them.
func (w *walk) grow(pc uint32) {
	if pc < uint32(len(w.cls)) {
		return
	}
	n := max(pc+1, 2*uint32(len(w.cls)))
	w.cls = append(w.cls, make([]int8, n-uint32(len(w.cls)))...)
	w.flags = append(w.flags, make([]uint8, n-uint32(len(w.flags)))...)
}

// class returns the class of the reachable instruction at pc.
func (w *walk) class(pc uint32) int { return int(w.cls[pc]) - 1 }

// reached reports whether the walk reached pc.
func (w *walk) reached(pc uint32) bool { return pc < uint32(len(w.cls)) && w.cls[pc] != 0 }

// addPred counts one more fall-through predecessor of pc (up to two).
func (w *walk) addPred(pc uint32) {
	w.grow(pc)
	switch f := w.flags[pc]; {
	case f&wPred2 != 0:
	case f&wPred1 != 0:
		w.flags[pc] = f&^wPred1 | wPred2
	default:
		w.flags[pc] = f | wPred1
	}
}

// onePred reports whether pc has exactly one fall-through predecessor.
func (w *walk) onePred(pc uint32) bool {
	return pc < uint32(len(w.flags)) && w.flags[pc]&(wPred1|wPred2) == wPred1
}

// buildRegion discovers the region of roots in p.
func buildRegion(p *emu.Program, roots []uint32) *region {
	n := p.Words()
	words := min(n, (p.FlashEnd+1)/2)
	rb := &regionBuilder{
		p: p, n: n,
		r: &region{roots: roots, index: map[uint32]int{}, covered: make([]uint64, (n+63)/64)},
		w: &walk{cls: make([]int8, words), flags: make([]uint8, words)},
	}
	rb.discover(roots)
	rb.placeBlocks()
	r := rb.r
	r.linkBlocks(rb.w)
	r.findLoops()
	r.carryPtrs(p)
	r.hoistGuards(p)
	r.delays()
	r.liveness(p)
	return r
}

// regionBuilder is buildRegion's state: the program, its size in words, the region so far, the
// walk and the walk's work list.
type regionBuilder struct {
	p    *emu.Program
	n    uint32
	r    *region
	w    *walk
	work []uint32
	succ [4]uint32 // successors' buffer
}

// add reaches pc: classifies it and puts it on the work list, unless it is outside the program,
// reached already or past maxInsts.
func (rb *regionBuilder) add(pc uint32) {
	w := rb.w
	if pc >= rb.n || w.reached(pc) || len(w.pcs) >= maxInsts {
		return
	}
	if rb.p.Reach(pc + 1); pc >= uint32(len(rb.p.Code)) {
		return
	}
	w.grow(pc)
	w.cls[pc] = int8(class(rb.p.Device, &rb.p.Code[pc]) + 1)
	w.pcs = append(w.pcs, pc)
	rb.work = append(rb.work, pc)
}

// discover walks the code reachable from roots, marking leaders, entries and fall-through
// predecessors.
func (rb *regionBuilder) discover(roots []uint32) {
	w, n := rb.w, rb.n
	for _, pc := range roots {
		if pc < n {
			w.set(pc, wLeader|wEntry)
		}
		rb.add(pc)
	}
	for len(rb.work) > 0 {
		pc := rb.work[len(rb.work)-1]
		rb.work = rb.work[:len(rb.work)-1]
		c := w.class(pc)
		succ, ents := successors(rb.p, pc, c, &rb.succ)
		for _, e := range ents {
			if e < n {
				w.set(e, wLeader|wEntry)
			}
			rb.add(e)
		}
		for _, s := range succ {
			if s >= n {
				continue
			}
			if c == clPlain {
				w.addPred(s)
			} else {
				w.set(s, wLeader)
			}
			rb.add(s)
		}
	}
}

// placeBlocks cuts the reached code into blocks, in address order. A block starts at a leader,
// or at an instruction no single fall-through reaches; the others are placed by the chain that
// reaches them (fall-through only goes forward, so in address order that chain comes first). Any
// left over start blocks of their own.
func (rb *regionBuilder) placeBlocks() {
	w := rb.w
	pcs := w.pcs
	slices.Sort(pcs)
	rb.r.insts = len(pcs)
	for _, pc := range pcs {
		if !w.has(pc, wInBlock) && (w.has(pc, wLeader) || !w.onePred(pc)) {
			rb.chain(pc)
		}
	}
	for _, pc := range pcs {
		if !w.has(pc, wInBlock) {
			rb.chain(pc)
		}
	}
	r := rb.r
	sort.Slice(r.blocks, func(i, j int) bool { return r.blocks[i].start < r.blocks[j].start })
	for i, b := range r.blocks {
		r.index[b.start] = i
	}
}

// chain places the block starting at pc: its instructions up to a control transfer, or to one
// a single fall-through does not reach alone.
func (rb *regionBuilder) chain(pc uint32) {
	p, w, r, n := rb.p, rb.w, rb.r, rb.n
	b := &block{start: pc}
	for q := pc; ; {
		b.insts = append(b.insts, q)
		w.flags[q] |= wInBlock
		o := &p.Code[q]
		for x := q; x < q+uint32(o.Words) && x < n; x++ {
			r.covered[x/64] |= 1 << (x % 64)
		}
		c := w.class(q)
		succ, _ := successors(p, q, c, &rb.succ)
		b.cycles += maxCycles(o, c)
		if c != clPlain {
			b.succ = slices.Clone(succ)
			b.dyn = c == clHost || c == clFault || c == clICall || c == clRet || c == clIJmp
			break
		}
		nx := succ[0]
		if !w.reached(nx) || w.has(nx, wLeader|wInBlock) || !w.onePred(nx) {
			b.succ = []uint32{nx}
			break
		}
		q = nx
	}
	b.guards = planGuards(p, b)
	r.blocks = append(r.blocks, b)
}

// linkBlocks marks the blocks' entries (roots, loop heads), self loops and exits to code outside
// the region (past the cap), and lists the entries.
func (r *region) linkBlocks(w *walk) {
	for i, b := range r.blocks {
		for _, s := range b.succ {
			j, ok := r.index[s]
			switch {
			case !ok:
				b.dyn = true
			case j <= i:
				r.blocks[j].entry = true // a backward branch: a loop head checks the limit
				if j == i {
					b.self = true
				}
			}
		}
		if w.has(b.start, wEntry) {
			b.entry, b.root = true, true
		}
	}
	for _, b := range r.blocks {
		if b.entry {
			r.entries = append(r.entries, b.start)
		}
	}
}

// delays sets each block's d, the most cycles from its start to the next limit check (the
// dispatch, a loop's back edge) or exit over forward paths, and dmax, the most of the entries'.
func (r *region) delays() {
	r.dmax = 0
	for i := len(r.blocks) - 1; i >= 0; i-- {
		b := r.blocks[i]
		most := 0
		for _, s := range b.succ {
			if j, ok := r.index[s]; ok && j > i {
				most = max(most, r.blocks[j].d)
			} else if !ok {
				most = max(most, r.outD[s])
			}
		}
		b.d = b.cycles + most
		if b.entry {
			r.dmax = max(r.dmax, b.d)
		}
	}
}

// findLoops makes WebAssembly loops of ranges of blocks h..l that a branch from the range goes back
// to h from, entered from the code only at h: no other block of the range has a predecessor
// outside it, and every branch back within it goes to h (a block's branch to itself aside, which
// is a loop of its own). Such a loop's back edges are plain br (with the limit check) instead of
// the dispatch. Accepted ranges do not overlap; shorter ones are taken first. Other blocks of the
// range may be entries of the dispatch (a self loop's head, where a limit exit resumes; a root):
// the dispatch enters the loop at its top and the loop's head code branches on to them (gen's
// innerEntries), so that an outer loop around a self loop is a loop too.
func (r *region) findLoops() {
	type cand struct{ h, l int }
	last := map[int]int{}
	for i, b := range r.blocks {
		for _, s := range b.succ {
			if j, ok := r.index[s]; ok && j < i {
				last[j] = max(last[j], i)
			}
		}
	}
	var cs []cand
	for h, l := range last {
		cs = append(cs, cand{h, l})
	}
	sort.Slice(cs, func(a, b int) bool {
		if la, lb := cs[a].l-cs[a].h, cs[b].l-cs[b].h; la != lb {
			return la < lb
		}
		return cs[a].h < cs[b].h
	})
	preds := make([][]int, len(r.blocks))
	for i, b := range r.blocks {
		for _, s := range b.succ {
			if j, ok := r.index[s]; ok {
				preds[j] = append(preds[j], i)
			}
		}
	}
	taken := make([]bool, len(r.blocks))
next:
	for _, c := range cs {
		for k := c.h; k <= c.l; k++ {
			if taken[k] {
				continue next
			}
		}
		for k := c.h; k <= c.l; k++ {
			if k > c.h {
				for _, p := range preds[k] {
					if p < c.h || p > c.l {
						continue next
					}
				}
			}
			for _, s := range r.blocks[k].succ {
				if j, ok := r.index[s]; ok && j < k && j >= c.h && j != c.h {
					continue next
				}
			}
		}
		for k := c.h; k <= c.l; k++ {
			taken[k] = true
			r.blocks[k].loop = c.h + 1
			for _, s := range r.blocks[k].succ {
				if j, ok := r.index[s]; ok && j == c.h && k > c.h {
					r.blocks[k].back = true
				}
			}
		}
		r.blocks[c.h].end = c.l
	}
}

// loopBack reports whether the edge from block i to block j is a back edge of a multi-block loop.
func (r *region) loopBack(i, j int) bool {
	return j < i && r.blocks[i].loop == j+1
}

// interior reports whether block i is inside a multi-block loop other than at its head.
func (r *region) interior(i int) bool {
	return r.blocks[i].loop != 0 && r.blocks[i].loop != i+1
}

// maxCycles returns the most cycles an instruction of class c can take in translated code.
func maxCycles(o *emu.Op, c int) int {
	switch c {
	case clHost, clFault:
		return 0
	case clBranch:
		return int(o.Cyc) + 1
	case clSkip:
		return int(o.Cyc) + int(o.Skip)
	}
	return int(o.Cyc)
}

// Flag bits of SREG.
const (
	fC = 1 << iota
	fZ
	fN
	fV
	fS
	fH
	fT
	fI
	fAll   = 0xFF
	fArith = fH | fS | fV | fN | fZ | fC
	fLogic = fS | fV | fN | fZ
	fShift = fS | fV | fN | fZ | fC
)

// flagUse returns the flags an instruction reads and writes in translated code, and whether
// translated code may leave by an exit before it (then every flag must be known there: computed, or
// computable from the operands of the instruction that last set it; see gen.pending).
func flagUse(p *emu.Program, o *emu.Op, c int) (use, def uint8, exits bool) {
	if c == clHost || c == clFault {
		return 0, 0, true
	}
	exits = mayExit(p, o, c)
	switch o.Kind {
	case isa.ADD, isa.SUB, isa.SUBI, isa.CP, isa.CPI, isa.NEG:
		return 0, fArith, exits
	case isa.ADC:
		return fC, fArith, exits
	case isa.SBC, isa.SBCI, isa.CPC:
		return fC | fZ, fArith, exits
	case isa.AND, isa.ANDI, isa.OR, isa.ORI, isa.EOR, isa.INC, isa.DEC:
		return 0, fLogic, exits
	case isa.COM, isa.ASR, isa.LSR, isa.ADIW, isa.SBIW:
		return 0, fShift, exits
	case isa.ROR:
		return fC, fShift, exits
	case isa.MUL, isa.MULS, isa.MULSU, isa.FMUL, isa.FMULS, isa.FMULSU:
		return 0, fZ | fC, exits
	case isa.BST:
		return 0, fT, exits
	case isa.BLD:
		return fT, 0, exits
	case isa.BSET, isa.BCLR:
		return 0, o.Bit, exits
	case isa.BRBS, isa.BRBC:
		return o.Bit, 0, exits
	case isa.RETI:
		if p.Device.Core != isa.CoreAVRxm && p.Device.Core != isa.CoreAVRxt {
			return 0, fI, exits
		}
	}
	return 0, 0, exits
}

// scanFlags walks block b backward from the flags live at its end: per instruction, the flags a
// later instruction reads (norm) and those only a later exit needs (exit); and the flags the block
// needs at its start. In a self loop only what the loop's top needs (b.top) is computed for the
// back edge; what the code after the loop needs is left pending like an exit's, and computed on
// the way out (inst's BRBS): the pass does not pay for the flags of its last pass.
func scanFlags(p *emu.Program, b *block, out uint8) (in uint8, norm, exit []uint8) {
	norm, exit = make([]uint8, len(b.insts)), make([]uint8, len(b.insts))
	return flagsIn(p, b, out, norm, exit), norm, exit
}

// flagsIn is scanFlags' walk: it returns the flags b needs at its start and fills norm and exit
// when they are not nil (liveness needs neither).
func flagsIn(p *emu.Program, b *block, out uint8, norm, exit []uint8) uint8 {
	ln, lx := out, uint8(0)
	if b.self || b.back {
		lx = fAll // the back edge's limit check may leave there
	}
	if b.self {
		ln = b.top
	}
	for i := len(b.insts) - 1; i >= 0; i-- {
		if norm != nil {
			norm[i], exit[i] = ln, lx&^ln
		}
		o := &p.Code[b.insts[i]]
		use, def, ex := flagUse(p, o, class(p.Device, o))
		if zChain(o) && (ln|lx)&fZ == 0 {
			use &^= fZ // Z is read only for the instruction's own Z, which nothing needs
		}
		if gs := b.guards[i]; gs.covered || gs.rotated || gs.hoisted {
			ex = false // an earlier guard checked its access, or the loop's entry and back edge, or the block's start, do
		}
		ln = ln&^def | use
		lx &^= def
		if ex {
			lx = fAll
		}
	}
	return ln | lx
}

// zChain reports whether o reads Z only to compute its own (SBC, SBCI, CPC: Z is kept when the
// result is zero, cleared otherwise).
func zChain(o *emu.Op) bool {
	return o.Kind == isa.SBC || o.Kind == isa.SBCI || o.Kind == isa.CPC
}

// mayExit reports whether translated code can leave by a side exit before the instruction (a guard).
func mayExit(p *emu.Program, o *emu.Op, c int) bool {
	switch c {
	case clHost, clFault, clCall, clICall, clRet:
		return true
	case clPlain:
		switch o.Kind {
		case isa.PUSH, isa.POP,
			isa.LDX, isa.LDY, isa.LDZ, isa.LDDY, isa.LDDZ, isa.LDXInc, isa.LDYInc, isa.LDZInc,
			isa.LDXDec, isa.LDYDec, isa.LDZDec,
			isa.STX, isa.STY, isa.STZ, isa.STDY, isa.STDZ, isa.STXInc, isa.STYInc, isa.STZInc,
			isa.STXDec, isa.STYDec, isa.STZDec,
			isa.LPM, isa.LPMZ, isa.LPMZInc, isa.ELPM, isa.ELPMZ, isa.ELPMZInc:
			return true
		}
	}
	return false
}

// liveness computes the flags live at each block's start and end (backward, to a fixed point). A
// flag is live at a block's start when an instruction reads it, or an exit may need it, before the
// block sets it. A jump back through the dispatch hands over every flag (the dispatch checks the
// cycle limit and may leave). A block is walked again only when what its walk starts from (the
// flags live at its end, a self loop's top) changed since its last walk.
func (r *region) liveness(p *emu.Program) {
	type from struct {
		out, top uint8
		ok       bool
	}
	last := make([]from, len(r.blocks))
	for changed := true; changed; {
		changed = false
		for i := len(r.blocks) - 1; i >= 0; i-- {
			b := r.blocks[i]
			var out uint8
			if b.dyn {
				out = fAll
			}
			for _, s := range b.succ {
				j, ok := r.index[s]
				switch {
				case ok && j == i && b.self:
					out |= b.top
				case ok && (j >= i || r.loopBack(i, j)):
					out |= r.blocks[j].live
				default:
					out = fAll // out of the region, or back through the dispatch, which may leave
				}
			}
			f := from{out: out, ok: true}
			if b.self {
				f.top = b.top
			}
			if last[i] == f {
				continue // the same walk: b.live, b.liveX and b.top are its results already
			}
			last[i] = f
			top := flagsIn(p, b, out, nil, nil)
			if b.call != nil {
				top = fAll // the loop function reads the flags from SREG
			}
			in := top
			for _, gs := range b.guards {
				if gs.rotated || gs.hoisted {
					in = fAll // the checks before the loop, or at the block's start, may leave
				}
			}
			if in != b.live || out != b.liveX || top != b.top {
				b.live, b.liveX, b.top, changed = in, out, top, true
			}
		}
	}
}

// has reports whether the region's translation depends on flash word w.
func (r *region) has(w uint32) bool {
	return w/64 < uint32(len(r.covered)) && r.covered[w/64]&(1<<(w%64)) != 0
}

// isEntry reports whether translated code can be entered at pc.
func (r *region) isEntry(pc uint32) bool {
	i := sort.Search(len(r.entries), func(i int) bool { return r.entries[i] >= pc })
	return i < len(r.entries) && r.entries[i] == pc
}

// blockAt returns the block holding the instruction at pc, or nil.
func (r *region) blockAt(pc uint32) *block {
	i := sort.Search(len(r.blocks), func(i int) bool { return r.blocks[i].start > pc }) - 1
	if i < 0 {
		return nil
	}
	b := r.blocks[i]
	for _, q := range b.insts {
		if q == pc {
			return b
		}
	}
	return nil
}
