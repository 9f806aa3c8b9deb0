package translate

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// modeTrace is the mode (the function's third argument) of a machine keeping the trace hash.
const modeTrace = 1

// Exit codes of the generated function (its result); the control block's PC says where.
const (
	codeSide   = 0 // side exit: the instruction at PC is the interpreter's
	codeLimit  = 1 // the block at PC might reach the cycle limit
	codeNoCode = 2 // control went to PC, where this module has no entry
)

// Locals of the generated function: the three parameters, then i32 locals, then i64 ones.
const (
	lBase  = 0  // param: address of the machine's state memory in linear memory
	lPC    = 1  // param: the entry word address; then the dispatch target and the exit PC
	lMode  = 2  // param: modeTrace when the machine keeps the trace hash (Program.TraceHash)
	lR0    = 3  // r0..r31, each 0..255
	lF0    = 35 // the SREG flags C Z N V S H T I, each 0 or 1
	lSP    = 43
	lLow   = 44 // stack low-water mark
	lEpoch = 45
	lSent  = 46 // return sentinel
	lT0    = 47 // temporaries lT0..lT5
	lT1    = 48
	lT2    = 49
	lAddr  = 50             // lBase + a local's value, kept for the accesses through it (see addr)
	lCode  = 53             // exit code
	lS0    = 54             // pending-flag slots: nSlots × 3 locals (see gen.pending)
	lP0    = lS0 + 3*nSlots // X, Y, Z as 16-bit values (see gen.ptrs)
	lA0    = lP0 + 3        // the address bases of X's, Y's and Z's guarded runs (see gen.access)
	lFwd   = lA0 + 3        // a self loop's forwarded byte (see planForward)
	lLog   = lFwd + 1       // the trace log's next entry, a byte offset (see traceFlush)
	lMask  = lLog + 1       // the log's offset mask: 0 when the machine keeps no trace hash
	lDelta = lMask + 1      // a loop function's: its copy's address less the canonical copy's (see loopFn)
	lSegB  = lDelta + 1     // a loop function's: the index of its copy's first trace segment
	lXB    = lSegB + 1      // a loop function's: lBase + lDelta, the base of its copy's access marks
	nI32   = 51 + 3*nSlots + 12
	lCyc   = lXB + 1  // i64
	lLim   = lCyc + 1 // i64
	nI64   = 2
	nSlots = 6
)

// Kinds of pending flag definitions.
const (
	pendArith = iota + 1 // r = a ± b (± carry) in slot locals r, a, b
	pendLogic            // a logical result r; vAt: V is r == vAt (INC, DEC) when not 0
	pendCom              // COM: logical, and C = 1
	pendShift            // ASR, LSR, ROR: result r, operand a
)

// slot is a flag definition whose flags no later instruction reads but an exit might need: its
// operands are kept in three locals, and an exit computes the flags from them.
type slot struct {
	kind int
	sub  bool
	vAt  int64
}

// labMulti is the label of the multi-block loop whose head is block h.
func labMulti(h int) int { return -100 - h }

const (
	labExit = -1 - iota
	labLoop
	labNoCode
	labSelf
	labAnon
)

// gen writes one region's function.
type gen struct {
	p      *emu.Program
	r      *region
	d      *isa.Device
	lay    emu.Layout
	b      buf
	labels []int
	// at: lAddr holds lBase + local at.l when at.ok, and an access at offset at.top from it was
	// written since (addr).
	at    addrCache
	pend  int      // cycles executed but not yet added to lCyc
	tpend []uint32 // instructions executed whose trace hash steps are not yet written (traceStep)
	cur   int      // index of the block being written
	used  [32]bool
	// written: the registers the code written so far may change (all of a loop function's after
	// its body: the state its epilogue writes back, and its caller loads).
	written [32]bool
	// pending[i] is 1 + the slot holding the definition of flag bit i that exits must compute, or 0
	// (the flag's local is right).
	pending [8]int
	slots   [nSlots]slot
	// ptrs caches X, Y and Z within a block: valid, the 16-bit value is in its lP0 local; dirty, the
	// register locals have not been written since (a run of LD X+ updates the local only).
	ptrs [3]ptrCache
	// lf: the loop function being written (nil: the region's "run"); fns: the region's loop
	// functions (region.fns), in their order in the module after "run".
	lf  *loopFn
	fns []*loopFn
	// hint: load the top byte of each run of accesses (wazero's compiler then leaves out the bounds
	// checks of the run's accesses; see Engine.noHint). Read through hints.
	hint bool
	// fwd: the current block's forwarded store and load (planForward), by index; k the index of
	// the instruction being written.
	fwd   forward
	k     int
	noFwd bool // plan no forwarding (Engine.noForward)
	// stk counts the PUSHes or POPs after the current one that its stack guard covered (stackGuard).
	stk int
	// segs are the lists of addresses the trace log's entries stand for (traceFlush), segKey
	// their indexes by content.
	segs   [][]uint32
	segKey map[string]int
	// unlikely: the offsets in b of the ifs that leave for the runner (openUnlikely).
	unlikely []uint32
	// noLog: the code being written is a self loop's copy for a machine that keeps no trace
	// hash, which logs no steps; splitting: either copy (splitSelfLoop).
	noLog, splitting bool
}

func lR(k uint8) uint32   { return lR0 + uint32(k&31) }
func lF(bit uint8) uint32 { return lF0 + uint32(bits.TrailingZeros8(bit)) }

// The emitters stay out of line: inlined into the instruction switch they made the engine's
// WebAssembly build (GOOS=js) hundreds of KB larger.

//go:noinline
func (g *gen) op(o ...byte) { g.b = append(g.b, o...) }

//go:noinline
func (g *gen) i32(v int64) {
	g.b = append(g.b, opI32Const)
	g.b.s64(int64(int32(v)))
}

//go:noinline
func (g *gen) get(l uint32) {
	g.b = append(g.b, opLocalGet)
	g.b.u32(l)
}

//go:noinline
func (g *gen) set(l uint32) {
	g.b = append(g.b, opLocalSet)
	g.b.u32(l)
	g.wrote(l)
}

//go:noinline
func (g *gen) tee(l uint32) {
	g.b = append(g.b, opLocalTee)
	g.b.u32(l)
	g.wrote(l)
}

// hints reports whether the module gets bounds hints: the engine asked for them (hint) and this
// build writes them (boundsHints, a constant: false in the browser's build, where every test of
// it, inlined, is then constant and the hints' code is left out).
func (g *gen) hints() bool { return boundsHints && g.hint }

// wrote notes a write of local l: of the registers, what a loop function's caller loads again
// after the call (callLoop).
func (g *gen) wrote(l uint32) {
	if boundsHints && g.at.ok && (l == g.at.l || l == lAddr) {
		g.at.ok = false
	}
	if l >= lR0 && l < lR0+32 {
		g.written[l-lR0] = true
	}
}

//go:noinline
func (g *gen) mem(o byte, off uint32) {
	g.b = append(g.b, o, 0)
	g.b.u32(off)
}

// open starts a block, loop or if (void) with label id.
//
//go:noinline
func (g *gen) open(o byte, id int) {
	g.op(o, blockVoid)
	g.labels = append(g.labels, id)
	if boundsHints {
		g.at.ok = false
	}
}

// addrCache is what lAddr holds (see addr): lBase + local l's value when it was taken, l having
// moved by d since (a run of PUSHes or POPs); top, the highest offset from lAddr loaded so far.
type addrCache struct {
	ok  bool
	l   uint32
	d   int32
	top int64
}

// addr leaves lBase + local t on the stack for accesses at offsets up to top from it, and
// returns what to add to each of their offsets. With bounds hints, the sum is kept in lAddr until
// t is written (but for moved) or a construct opens or ends, and its first use loads the byte at
// top: wazero's compiler checks that one access against the memory's size and none of the others
// through the same value (it checked each sum's every access: three for a PUSH with the access
// record). Without hints (V8) it is the plain sum, as before.
//
//go:noinline
func (g *gen) addr(t, top uint32) int32 {
	if !g.hints() {
		g.get(lBase)
		g.get(t)
		g.op(opI32Add)
		return 0
	}
	if !g.at.ok || g.at.l != t {
		g.get(lBase)
		g.get(t)
		g.op(opI32Add)
		g.tee(lAddr)
		g.at = addrCache{ok: true, l: t}
	} else {
		g.get(lAddr)
	}
	if hi := int64(top) + int64(g.at.d); hi > g.at.top {
		g.get(lAddr)
		g.mem(opI32Load8U, uint32(hi))
		g.op(opDrop)
		g.at.top = hi
	}
	return g.at.d
}

// moved adds by to local t (SP, in a run of PUSHes or POPs) and keeps lAddr's sum for it.
//
//go:noinline
func (g *gen) moved(t uint32, by int32) {
	at := g.at
	g.get(t)
	g.i32(int64(by))
	g.op(opI32Add)
	g.set(t)
	if g.hints() && at.l == t { // else (or when not ok) what set left
		at.d += by
		g.at = at
	}
}

// openUnlikely starts an if (void, labAnon) whose code leaves for the runner, hinted unlikely
// (fnBody.unlikely).
func (g *gen) openUnlikely() {
	g.unlikely = append(g.unlikely, uint32(len(g.b)))
	g.open(opIf, labAnon)
}

//go:noinline
func (g *gen) end() {
	n := len(g.labels) - 1
	if g.hints() && g.labels[n] == labAnon {
		// An if's empty else (every labAnon is an if, and only splitSelfLoop's, in a module
		// without hints, has an else): wazero's compiler carries what it knows in bounds
		// through an if only from both arms it lowered (an if without one loses it, and
		// checks every access after).
		g.op(opElse)
	}
	g.op(opEnd)
	g.labels = g.labels[:n]
	if boundsHints {
		g.at.ok = false
	}
}

func (g *gen) depth(id int) uint32 {
	for i := len(g.labels) - 1; i >= 0; i-- {
		if g.labels[i] == id {
			return uint32(len(g.labels) - 1 - i)
		}
	}
	panic("translate: internal error: label not open")
}

//go:noinline
func (g *gen) br(id int) {
	g.op(opBr)
	g.b.u32(g.depth(id))
}

// addCycles emits lCyc += n.
//
//go:noinline
func (g *gen) addCycles(n int) {
	if n == 0 {
		return
	}
	g.get(lCyc)
	g.op(opI64Const)
	g.b.s64(int64(n))
	g.op(opI64Add)
	g.set(lCyc)
}

// fnvPrime is the multiplier of the trace hash (64-bit FNV-1a, as emu's).
const fnvPrime = 1099511628211

// traceStep notes that the instruction at pc runs here (after every exit before it): its steps of
// the trace hash (Program.TraceHash) are logged with the pending cycles (flush, exit).
func (g *gen) traceStep(pc uint32) {
	g.tpend = append(g.tpend, pc)
}

// traceFlush logs the pending instructions' trace hash steps: one 16-bit entry, the index of
// their list of addresses in the module's segments (translation.segs), stored in the machine's
// trace log (see logOff) at lLog & lMask, and lLog advanced. The runner steps the hash over the
// logged segments after the call (runner.traceLog), h = (h ^ pc) * FNV prime per address as emu's
// interpreter. A machine that keeps no trace hash has lMask 0: its entries all go to the log's
// first, which nobody reads, and the code has no branch on the mode. (The steps were the module's
// own before, unrolled under an if on the mode per stretch: a quarter of the NTT example's compile;
// a small region kept them so until session 10, when the runner's call memo, stepLog, made the log
// cheaper for it too: a 1024-bit multiplication's serial chain of a multiply per address was most
// of its translated run.)
func (g *gen) traceFlush() {
	if len(g.tpend) == 0 || g.noLog {
		return
	}
	g.get(lBase)
	g.get(lLog)
	g.get(lMask)
	g.op(opI32And)
	g.op(opI32Add)
	g.i32(int64(g.segment(g.tpend)))
	if g.lf != nil {
		g.get(lSegB) // the copy's segments (copySegs)
		g.op(opI32Add)
	}
	g.mem(opI32Stor16, logOff(g.lay.Size)+logHead)
	g.get(lLog)
	g.i32(2)
	g.op(opI32Add)
	g.set(lLog)
}

// segment returns the index of the list of addresses pcs in the module's segments, adding it.
func (g *gen) segment(pcs []uint32) int {
	k := string(binaryWords(pcs))
	if i, ok := g.segKey[k]; ok {
		return i
	}
	if len(g.segs) >= maxSegs {
		panic("translate: internal error: too many trace segments")
	}
	if g.segKey == nil {
		g.segKey = map[string]int{}
	}
	g.segKey[k] = len(g.segs)
	g.segs = append(g.segs, slices.Clone(pcs))
	return len(g.segs) - 1
}

// binaryWords returns the little-endian bytes of ws (a map key).
func binaryWords(ws []uint32) []byte {
	b := make([]byte, 0, 4*len(ws))
	for _, w := range ws {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

func (g *gen) flush() {
	g.addCycles(g.pend)
	g.pend = 0
	g.traceFlush()
	g.tpend = g.tpend[:0]
}

// exit emits a jump to the epilogue with PC pc and code, the pending cycles counted. A side exit
// leaves the trace hash's pending steps, the instructions of its block before pc, to the runner
// (tracePartial): an if on the mode in every exit path cost wazero's compiler more than the steps.
//
//go:noinline
func (g *gen) exit(pc uint32, code int) {
	g.materialize()
	g.writePtrs(false)
	g.addCycles(g.pend)
	if code != codeSide || !g.prefixPending(pc) {
		g.traceFlush()
	}
	g.i32(int64(pc))
	g.set(lPC)
	g.i32(int64(code))
	g.set(lCode)
	g.br(labExit)
}

// prefixPending reports whether the trace hash's pending steps are those of the current block's
// instructions before pc, in order: what the runner steps at a side exit at pc (tracePartial).
func (g *gen) prefixPending(pc uint32) bool {
	b := g.r.blocks[g.cur]
	if g.r.blockAt(pc) != b {
		return false
	}
	for k, q := range b.insts {
		if q == pc {
			return k == len(g.tpend)
		}
		if k >= len(g.tpend) || g.tpend[k] != q {
			return false
		}
	}
	return false
}

// exitIf emits a side exit at pc taken when the i32 on the stack is not zero.
//
//go:noinline
func (g *gen) exitIf(pc uint32) {
	// The trace hash's pending steps stay pending on the main path, as its cycles do, written once
	// for the whole block at its end (the exit's are the runner's, see exit): written on the main
	// path before each exit, they were an if on the mode per exit, blocks that cost wazero's
	// compiler more than the steps.
	g.openUnlikely()
	g.exit(pc, codeSide)
	g.end()
}

// regAddr pushes base + the 16-bit value of register pair k (k even: rk | rk+1 << 8).
//
//go:noinline
func (g *gen) pair(k uint8) {
	g.get(lR(k | 1))
	g.i32(8)
	g.op(opI32Shl)
	g.get(lR(k &^ 1))
	g.op(opI32Or)
}

// setPair writes the low 16 bits of the i32 in local t to register pair k.
//
//go:noinline
func (g *gen) setPair(k uint8, t uint32) {
	g.get(t)
	g.i32(0xFF)
	g.op(opI32And)
	g.set(lR(k &^ 1))
	g.get(t)
	g.i32(8)
	g.op(opI32ShrU)
	g.i32(0xFF)
	g.op(opI32And)
	g.set(lR(k | 1))
}

// setPair16 is setPair for a value below 2^16 (its high byte needs no mask).
//
//go:noinline
func (g *gen) setPair16(k uint8, t uint32) {
	g.get(t)
	g.i32(0xFF)
	g.op(opI32And)
	g.set(lR(k &^ 1))
	g.get(t)
	g.i32(8)
	g.op(opI32ShrU)
	g.set(lR(k | 1))
}

// noteRun emits dataSeen[address] |= how (Config.Access) for the access at offset d of pointer pair p's run (see access).
func (g *gen) noteRun(p uint8, d uint32, how int64) {
	if !g.p.Access {
		return
	}
	g.get(lRun(p))
	g.get(lRun(p))
	g.mem(opI32Load8U, g.lay.DataAccess+d)
	g.i32(how)
	g.op(opI32Or)
	g.mem(opI32Store8, g.lay.DataAccess+d)
}

// noteOff is note for the address in local t plus off (a stack access: SP-1 .. SP+3).
// (stackTop: the highest offset the stack accesses from lBase + t go up to.)
func (g *gen) noteOff(t uint32, off int32, how int64) {
	if !g.p.Access {
		return
	}
	a := uint32(int32(g.lay.DataAccess) + off)
	g.addr(t, a)
	a = uint32(int32(a) + g.addr(t, a))
	g.mem(opI32Load8U, a)
	g.i32(how)
	g.op(opI32Or)
	g.mem(opI32Store8, a)
}

// stackTop returns the highest offset of the accesses from lBase + a data address (a stack's, a
// pointer run's), the byte at off from it: the access record's when there is one, else the data's.
// (Inlined: a constant 0 in the browser's build.)
func (g *gen) stackTop(off int32) uint32 {
	if !g.hints() { // only addr's and a pointer run's hints use it
		return 0
	}
	if g.p.Access {
		return uint32(int32(g.lay.DataAccess) + off)
	}
	return uint32(int32(g.lay.Data) + off)
}

// noteConst is note for a constant address.
func (g *gen) noteConst(a uint32, how int64) {
	if !g.p.Access {
		return
	}
	g.get(lBase)
	g.get(lBase)
	g.mem(opI32Load8U, g.lay.DataAccess+a)
	g.i32(how)
	g.op(opI32Or)
	g.mem(opI32Store8, g.lay.DataAccess+a)
}

// guardSRAM emits a side exit at pc unless the address in local t is in SRAM.
func (g *gen) guardSRAM(t uint32, pc uint32) {
	g.get(t)
	g.i32(int64(g.d.SRAMStart))
	g.op(opI32Sub)
	g.i32(int64(g.d.SRAMSize))
	g.op(opI32GeU)
	g.exitIf(pc)
}

// markBlock records the block's instructions as executed (Config.Access): every time it runs, a
// store of ones per 8, 4, 2 or 1 bytes of each run of consecutive one-word instructions (a
// two-word instruction's second word is not marked). Marking once per access epoch instead (a
// global per block, tested in an if) made every block two more for wazero's compiler: 22% of the
// NTT example's compile (18.9 against 14.8 ms of CPU). Self loops keep that (markEpoch): a 1024-bit
// multiplication's inner loop stored its marks 14% slower.
func (g *gen) markBlock() {
	if !g.p.Access {
		return
	}
	b := g.r.blocks[g.cur]
	if b.self && g.lf == nil {
		g.markEpoch(b)
		return
	}
	base := uint32(lBase)
	if g.lf != nil {
		base = lXB // the copy's words (a loop function has no globals of its own per copy)
	}
	for i := 0; i < len(b.insts); {
		j := i + 1
		for j < len(b.insts) && b.insts[j] == b.insts[j-1]+1 && g.p.Code[b.insts[j-1]].Words == 1 {
			j++
		}
		a, n := g.lay.Executed+b.insts[i], uint32(j-i)
		for n > 0 {
			g.get(base)
			switch {
			case n >= 8:
				g.op(opI64Const)
				g.b.s64(0x0101010101010101)
				g.mem(opI64Store, a)
				a, n = a+8, n-8
			case n >= 4:
				g.i32(0x01010101)
				g.mem(opI32Store, a)
				a, n = a+4, n-4
			case n >= 2:
				g.i32(0x0101)
				g.mem(opI32Stor16, a)
				a, n = a+2, n-2
			default:
				g.i32(1)
				g.mem(opI32Store8, a)
				a, n = a+1, n-1
			}
		}
		i = j
	}
}

// markEpoch is markBlock for a self loop: once per access epoch (a global per block, tested in an
// if), so that a small loop does not store its marks every pass.
func (g *gen) markEpoch(b *block) {
	g.op(opGlobalGet)
	g.b.u32(uint32(b.mark))
	g.get(lEpoch)
	g.op(opI32Ne)
	g.open(opIf, labAnon)
	// Runs of consecutive one-word instructions are one memory.fill (a two-word instruction's
	// second word is not marked).
	for i := 0; i < len(b.insts); {
		j := i + 1
		for j < len(b.insts) && b.insts[j] == b.insts[j-1]+1 && g.p.Code[b.insts[j-1]].Words == 1 {
			j++
		}
		if j-i < 3 {
			for _, q := range b.insts[i:j] {
				g.get(lBase)
				g.i32(1)
				g.mem(opI32Store8, g.lay.Executed+q)
			}
		} else {
			g.get(lBase)
			g.i32(int64(g.lay.Executed + b.insts[i]))
			g.op(opI32Add)
			g.i32(1)
			g.i32(int64(j - i))
			g.op(opMiscPrefix)
			g.b.u32(miscMemoryFill)
			g.op(0) // memory 0
		}
		i = j
	}
	g.get(lEpoch)
	g.op(opGlobalSet)
	g.b.u32(uint32(b.mark))
	g.end()
}

// jump emits a transfer to word address t from the current block; last says it is the block's final
// statement outside any if, where the next block follows.
func (g *gen) jump(t uint32, last bool) {
	j, ok := g.r.index[t]
	switch {
	case !ok:
		g.exit(t, codeNoCode)
	case j == g.cur+1 && last:
	case j > g.cur:
		if len(g.innerEntries(j)) > 0 {
			g.i32(int64(t))
			g.set(lPC)
		}
		g.br(j)
	case j == g.cur && g.r.blocks[j].self:
		b, save := g.r.blocks[j], g.ptrs
		for i := range g.ptrs {
			if b.carry&(1<<i) != 0 {
				g.fold(i, true) // the pass's increments, for the next pass (and any exit here)
			}
		}
		g.i32(int64(t))
		g.set(lPC)
		g.limitCheck(b.d)
		g.rotatedCheck(b)
		g.br(labSelf)
		g.ptrs = save // for the code after the branch
	case g.r.loopBack(g.cur, j):
		g.i32(int64(t))
		g.set(lPC)
		g.limitCheck(g.r.blocks[j].d)
		g.br(labMulti(j))
	default:
		g.i32(int64(t))
		g.set(lPC)
		g.br(labLoop)
	}
}

// limitCheck leaves with codeLimit at lPC when the next d cycles may reach the limit: lCyc counts
// from the limit (see fill), so the check is one compare with a constant and the limit is not
// live in the code.
func (g *gen) limitCheck(d int) {
	g.get(lCyc)
	g.op(opI64Const)
	g.b.s64(-int64(d))
	g.op(opI64GeS)
	g.openUnlikely()
	g.materialize()
	g.writePtrs(false)
	g.i32(codeLimit)
	g.set(lCode)
	g.br(labExit)
	g.end()
}

// dispatch emits a computed jump to the word address on the stack.
func (g *gen) dispatch() {
	g.set(lPC)
	g.br(labLoop)
}

// function returns the body of the region's function.
func (g *gen) function() []byte {
	g.markRegionUsed()
	if g.hints() {
		// The last byte of the machine's memory (its trace log's end), from lBase: wazero's
		// compiler then knows every access at a constant offset from lBase is in bounds, in
		// every block, and checks none of them.
		g.get(lBase)
		g.mem(opI32Load8U, logOff(g.lay.Size)+logBytes-1)
		g.op(opDrop)
	}
	g.copyHeads()
	g.prologue()
	g.fill(g.used, g.lf != nil)
	g.written = [32]bool{} // what the body writes
	g.i32(codeNoCode)
	g.set(lCode)
	g.openLabels()
	// The limit check of every way in through the dispatch: the code ahead runs at most dmax cycles
	// before the next check.
	g.limitCheck(g.r.dmax)
	g.dispatchTable()
	g.br(labNoCode)
	for i, b := range g.r.blocks {
		if !b.hidden { // else a loop function's (callLoop): no label, no code here
			g.blockCode(i, b)
		}
	}
	g.end() // labNoCode: lPC holds a word address without an entry; lCode is codeNoCode
	g.end() // labLoop
	g.end() // labExit
	g.epilogue()
	return g.b
}

// markRegionUsed marks the registers the region's own blocks use.
func (g *gen) markRegionUsed() {
	for _, b := range g.r.blocks {
		if b.hidden || b.call != nil {
			continue // a loop function's code: its registers stay in the state memory here
		}
		for _, q := range b.insts {
			g.markUsed(&g.p.Code[q])
		}
	}
}

// copyHeads writes the way in at a copy's head (the machine resumes there, after a side exit in
// the copy, say): its loop function, from the state memory as it is, and its exit code is the
// call's.
func (g *gen) copyHeads() {
	for _, b := range g.r.blocks {
		if c := b.call; c != nil {
			g.get(lPC)
			g.i32(int64(b.start))
			g.op(opI32Eq)
			g.open(opIf, labAnon)
			g.get(lBase) // the call's log starts empty
			g.i32(0)
			g.mem(opI32Store, logOff(g.lay.Size))
			g.call(c)
			g.op(opReturn)
			g.end()
		}
	}
}

// prologue loads the run's limit, the return sentinel, the epoch and the trace hash's state and,
// in a loop function, where its copy is.
func (g *gen) prologue() {
	g.get(lBase)
	g.mem(opI64Load, emu.CtlLimit)
	g.set(lLim)
	g.get(lBase)
	g.mem(opI32Load, emu.CtlSentinel)
	g.set(lSent)
	g.get(lBase)
	g.mem(opI32Load, emu.CtlEpoch)
	g.set(lEpoch)
	g.i32(0)
	g.get(lMode)
	g.i32(1)
	g.op(opI32And)
	g.op(opI32Sub)
	g.i32(logMask)
	g.op(opI32And)
	g.set(lMask)
	if g.lf != nil {
		// A loop function: PC is its copy's head, mode the machine's mode | the copy's first
		// trace segment << 1 (see callLoop); the code works on the canonical copy's addresses.
		g.get(lMode)
		g.i32(1)
		g.op(opI32ShrU)
		g.set(lSegB)
		g.get(lPC)
		g.i32(int64(g.lf.head))
		g.op(opI32Sub)
		g.tee(lDelta)
		g.get(lBase)
		g.op(opI32Add)
		g.set(lXB)
		g.i32(int64(g.lf.head))
		g.set(lPC)
	}
}

// openLabels opens the exit, the dispatch loop, labNoCode and the label of every block not inside
// a loop (a loop's inner labels open inside the loop).
func (g *gen) openLabels() {
	r := g.r
	g.open(opBlock, labExit)
	g.open(opLoop, labLoop)
	g.open(opBlock, labNoCode)
	for j := len(r.blocks) - 1; j >= 0; j-- {
		if !r.interior(j) && !r.blocks[j].hidden {
			g.open(opBlock, j)
		}
	}
}

// dispatchTable branches on the word address: entries to their blocks, anything else to
// labNoCode. Entries are grouped in clusters without long gaps, one br_table each (a table over a
// sparse span, say a call to the end of flash, would be huge).
func (g *gen) dispatchTable() {
	for _, c := range clusters(g.r.entries) {
		lo, hi := c[0], c[len(c)-1]
		if g.hints() && sparse(c) { // V8 (no hints) keeps the tables: no change measured there
			for _, w := range c {
				if d := g.entryDepth(w); d != g.depth(labNoCode) {
					g.get(lPC)
					g.i32(int64(w))
					g.op(opI32Eq)
					g.op(opBrIf)
					g.b.u32(d)
				}
			}
			continue
		}
		g.get(lPC)
		g.i32(int64(lo))
		g.op(opI32Sub)
		g.tee(lT0)
		g.i32(int64(hi - lo + 1))
		g.op(opI32LtU)
		g.open(opIf, labAnon)
		g.get(lT0)
		g.op(opBrTable)
		g.b.u32(hi - lo + 1)
		for w := lo; w <= hi; w++ {
			g.b.u32(g.entryDepth(w))
		}
		g.b.u32(g.depth(labNoCode))
		g.end()
	}
}

// entryDepth returns the depth of the label the dispatch branches to for word address w: its
// entry block's (entryLabel), or labNoCode's.
func (g *gen) entryDepth(w uint32) uint32 {
	if j, ok := g.r.index[w]; ok && g.r.blocks[j].entry {
		return g.depth(g.entryLabel(j))
	}
	return g.depth(labNoCode)
}

// innerEntries returns the entries of the dispatch inside the multi-block loop headed by block i
// (none when i heads none): the dispatch branches to the loop's top for them, and the head's code
// goes on to the one lPC names. Every other way into the loop's top has lPC at the head: the back
// edges set it, and so do the previous block's fall-through (blockCode) and forward branches
// (jump).
func (g *gen) innerEntries(i int) []int {
	b := g.r.blocks[i]
	if b.loop != i+1 {
		return nil
	}
	var in []int
	for j := i + 1; j <= b.end; j++ {
		if g.r.blocks[j].entry {
			in = append(in, j)
		}
	}
	return in
}

// entryLabel returns the label the dispatch branches to for entry block j: its own, or its loop's
// head's when it is inside a multi-block loop (innerEntries).
func (g *gen) entryLabel(j int) int {
	if g.r.interior(j) {
		return g.r.blocks[j].loop - 1
	}
	return j
}

// blockCode closes label i and writes block b, the i-th, after it: its loop's opening when it
// heads one, its call when it is a copy of a loop function, else its instructions.
func (g *gen) blockCode(i int, b *block) {
	r := g.r
	inner := g.innerEntries(i)
	if len(inner) > 0 {
		// The previous block's way in, falling through: lPC is the head's (see innerEntries).
		g.i32(int64(b.start))
		g.set(lPC)
	}
	g.end() // label i: the code of block i follows
	g.cur = i
	g.pend = 0
	g.tpend = g.tpend[:0]
	if b.loop == i+1 { // the head of a multi-block loop: the loop, then its inner labels
		g.open(opLoop, labMulti(i))
		for j := b.end; j > i; j-- {
			if !r.blocks[j].hidden {
				g.open(opBlock, j)
			}
		}
		for _, j := range inner {
			g.get(lPC)
			g.i32(int64(r.blocks[j].start))
			g.op(opI32Eq)
			g.op(opBrIf)
			g.b.u32(g.depth(j))
		}
	}
	g.ptrs = [3]ptrCache{}
	if b.call != nil {
		g.callLoop(b.call)
	} else {
		g.blockInsts(b)
	}
	if b.loop != 0 && r.blocks[b.loop-1].end == i {
		g.end() // the multi-block loop
	}
}

// blockInsts writes the instructions of block b, in its self loop when it is one: in a page's
// module (no bounds hints) a self loop twice, for a machine that keeps the trace hash and for one
// that does not (splitSelfLoop).
func (g *gen) blockInsts(b *block) {
	if b.self && !g.hints() && !g.splitting {
		g.splitSelfLoop(b)
		return
	}
	if b.self {
		g.selfLoopEntry(b)
	}
	_, norm, exit := scanFlags(g.p, b, b.liveX)
	g.pending = [8]int{}
	g.stk = 0
	g.hoistedCheck(b)
	for k, q := range b.insts {
		g.k = k
		g.inst(q, norm[k], exit[k], b.guards[k], k == len(b.insts)-1)
	}
	g.fwd = forward{}
	if b.self {
		g.end()
	}
}

// splitSelfLoop writes self loop b twice under an if on the trace log's mask: the machine that
// keeps no trace hash (lMask 0, whose log nobody reads) runs a copy that logs nothing, so that in
// V8 the loop carries no log offset and reads no mask (a value in a register or a spill slot and
// four instructions a pass), and the other copy logs as before. Both start from the same generator
// state, that of the block's start.
func (g *gen) splitSelfLoop(b *block) {
	ptrs, pend, tpend := g.ptrs, g.pend, slices.Clone(g.tpend)
	g.splitting = true
	g.get(lMask)
	g.op(opI32Eqz)
	g.open(opIf, labAnon)
	g.noLog = true
	g.blockInsts(b)
	g.noLog = false
	g.op(opElse)
	g.ptrs, g.pend, g.tpend = ptrs, pend, append(g.tpend[:0], tpend...)
	g.blockInsts(b)
	g.end()
	g.splitting = false
}

// selfLoopEntry writes the way into self loop b and opens it. The carried pointers are loaded
// before the loop and stay 16-bit values in it (their register bytes written at exits and after
// the loop).
func (g *gen) selfLoopEntry(b *block) {
	for k := range g.ptrs {
		if b.carry&(1<<k) != 0 {
			g.ptr(uint8(26 + 2*k))
			g.op(opDrop)
		}
	}
	g.rotatedCheck(b)
	if !g.noFwd {
		g.fwd = planForward(g.p, b)
	}
	if g.fwd.ok {
		// The forwarded load's byte on the way in: its pointer is at the loop's top (off 0) and
		// its range was just checked.
		o := &g.p.Code[b.insts[g.fwd.load]]
		addr, _, _ := ptrAccess(o)
		g.get(lBase)
		g.ptr(o.Ptr)
		g.op(opI32Add)
		g.mem(opI32Load8U, uint32(int64(g.lay.Data)+int64(addr)))
		g.set(lFwd)
	}
	g.open(opLoop, labSelf)
	for k := range g.ptrs {
		if b.carry&(1<<k) != 0 {
			g.ptrs[k].dirty = true
		}
	}
}

// epilogue writes the state back and returns the exit code.
func (g *gen) epilogue() {
	if g.lf != nil {
		g.spill(g.written) // the rest is as its caller wrote it
	} else {
		g.spill(g.used)
	}
	g.get(lBase)
	g.get(lPC)
	if g.lf != nil {
		g.get(lDelta)
		g.op(opI32Add)
	}
	g.mem(opI32Store, emu.CtlPC)
	g.get(lCode)
	g.op(opEnd)
}

// fill loads the state the code keeps in locals from the state memory: the registers in regs, the
// flags, SP, the stack's low-water mark, the cycle counter and, when the module logs the trace
// hash's steps, the log's next entry (0 in a "run", which starts the log; the caller's in a loop
// function, see callLoop).
func (g *gen) fill(regs [32]bool, log bool) {
	g.relativeCycles()
	g.get(lBase)
	g.mem(opI32Load16, emu.CtlSP)
	g.set(lSP)
	g.get(lBase)
	g.mem(opI32Load16, emu.CtlStackLow)
	g.set(lLow)
	if log {
		g.get(lBase)
		g.mem(opI32Load, logOff(g.lay.Size))
		g.set(lLog)
	}
	g.get(lBase)
	g.mem(opI32Load8U, emu.CtlSREG)
	g.set(lT0)
	for i := uint32(0); i < 8; i++ {
		g.get(lT0)
		g.i32(int64(i))
		g.op(opI32ShrU)
		g.i32(1)
		g.op(opI32And)
		g.set(lF0 + i)
	}
	for k := range regs {
		if regs[k] {
			g.get(lBase)
			g.mem(opI32Load8U, g.lay.Regs+uint32(k))
			g.set(lR(uint8(k)))
		}
	}
}

// storeRegs stores the registers in regs from their locals into the state memory.
func (g *gen) storeRegs(regs [32]bool) {
	for k := range regs {
		if regs[k] {
			g.get(lBase)
			g.get(lR(uint8(k)))
			g.mem(opI32Store8, g.lay.Regs+uint32(k))
		}
	}
}

// spill stores what fill loads.
func (g *gen) spill(regs [32]bool) {
	g.storeRegs(regs)
	g.get(lBase)
	g.get(lF0)
	for i := uint32(1); i < 8; i++ {
		g.get(lF0 + i)
		g.i32(int64(i))
		g.op(opI32Shl)
		g.op(opI32Or)
	}
	g.mem(opI32Store8, emu.CtlSREG)
	g.get(lBase)
	g.get(lSP)
	g.mem(opI32Stor16, emu.CtlSP)
	g.get(lBase)
	g.get(lLow)
	g.mem(opI32Stor16, emu.CtlStackLow)
	g.get(lBase)
	g.get(lLog)
	g.get(lMask)
	g.op(opI32And)
	g.mem(opI32Store, logOff(g.lay.Size))
	g.get(lBase)
	g.get(lCyc)
	g.get(lLim)
	g.op(opI64Add)
	g.mem(opI64Store, emu.CtlCycles)
}

// cycleSpan bounds how far ahead of the cycle counter the code's limit lies (relativeCycles):
// 2^62 cycles, centuries of emulation, so that the counter less the limit stays a signed i64.
const cycleSpan = 1 << 62

// relativeCycles loads the cycle counter into lCyc as its distance from the run's limit (lLim,
// the prologue's), a negative i64 while the limit is ahead: lLim becomes min(limit, counter +
// cycleSpan) and lCyc the counter less lLim. The cycles added stay adds, the limit check compares
// lCyc with a constant (limitCheck) and spill stores lCyc + lLim, so in a loop the limit takes no
// register (V8's register allocator spilled the counter and the limit in the mix's loop).
func (g *gen) relativeCycles() {
	g.get(lBase)
	g.mem(opI64Load, emu.CtlCycles)
	g.set(lCyc)
	g.get(lCyc)
	g.get(lLim)
	g.get(lCyc)
	g.op(opI64Const)
	g.b.s64(cycleSpan)
	g.op(opI64Add)
	g.get(lLim)
	g.get(lCyc)
	g.op(opI64Const)
	g.b.s64(cycleSpan)
	g.op(opI64Add)
	g.op(opI64LtU)
	g.op(opSelect)
	g.tee(lLim)
	g.op(opI64Sub)
	g.set(lCyc)
}

// sparse reports whether the entries of cluster c are better dispatched one compare each than by
// a br_table: wazero's compiler makes each of a table's slots a block of its own (a trampoline,
// inside the dispatch loop, where every value the loop carries is live), and the slots without an
// entry all branch to labNoCode, a block of as many predecessors whose every edge it reconciles.
// The NTT example's eight clusters had 9 entries in 129 slots. A table is kept where it has at
// least minTable entries filling half of its slots.
func sparse(c []uint32) bool {
	return len(c) < minTable || 2*len(c) < int(c[len(c)-1]-c[0]+1)
}

// minTable is the fewest entries a cluster dispatches by a br_table (see sparse).
const minTable = 8

// maxGap is the longest run of words without an entry that one br_table spans.
const maxGap = 64

// clusters splits sorted entries where they are more than maxGap words apart.
func clusters(entries []uint32) [][]uint32 {
	var out [][]uint32
	start := 0
	for i := 1; i <= len(entries); i++ {
		if i == len(entries) || entries[i]-entries[i-1] > maxGap {
			out = append(out, entries[start:i])
			start = i
		}
	}
	return out
}

// lPtr returns the local caching pointer pair p (26, 28, 30).
func lPtr(p uint8) uint32 { return lP0 + uint32(p-26)/2 }

// lRun returns the local holding the address of pointer pair p's guarded run (see access).
func lRun(p uint8) uint32 { return lA0 + uint32(p-26)/2 }

// ptrCache is what the generator knows of one pointer pair (X, Y, Z) within a block. valid: its
// 16-bit value is its lPtr local plus off (modulo 2^16); dirty: the register locals have not
// been written since it changed (a run of LD X+ changes off only). run: an access through it
// opened a guarded run (planGuards), whose address base (the state memory's address of data
// address pointer + lo at the run's first access, off counted from there) is in its lRun local.
type ptrCache struct {
	valid, dirty, run bool
	off, lo           int
}

// fold makes pointer i's local its value (off 0). On an exit path the change is the exit's own:
// the code after the exit's if still sees the local unchanged, with its off.
func (g *gen) fold(i int, main bool) {
	c := &g.ptrs[i]
	if !c.valid || c.off == 0 {
		return
	}
	l := lPtr(uint8(26 + 2*i))
	g.get(l)
	g.i32(int64(c.off))
	g.op(opI32Add)
	g.i32(0xFFFF)
	g.op(opI32And)
	g.set(l)
	if main {
		c.off, c.run = 0, false
	}
}

// ptr pushes the 16-bit value of pointer pair p, from the cache when it holds it.
func (g *gen) ptr(p uint8) {
	c := &g.ptrs[(p-26)/2]
	if !c.valid {
		g.pair(p)
		g.set(lPtr(p))
		*c = ptrCache{valid: true}
	}
	g.get(lPtr(p))
	if c.off != 0 {
		g.i32(int64(c.off))
		g.op(opI32Add)
		g.i32(0xFFFF)
		g.op(opI32And)
	}
}

// setPtr makes the 16-bit value in local t pointer pair p's, its register locals left behind.
func (g *gen) setPtr(p uint8, t uint32) {
	g.get(t)
	g.i32(0xFFFF)
	g.op(opI32And)
	g.set(lPtr(p))
	g.ptrs[(p-26)/2] = ptrCache{valid: true, dirty: true}
}

// writePtrs writes the register locals of the pointers the cache changed; main says the code
// goes on from here (on an exit path the cache stays as it is for the code after the exit).
func (g *gen) writePtrs(main bool) {
	for i := range g.ptrs {
		if c := &g.ptrs[i]; c.dirty {
			g.fold(i, main)
			g.setPair16(uint8(26+2*i), lPtr(uint8(26+2*i)))
			if main {
				c.dirty = false
			}
		}
	}
}

// dropPtrs writes back and forgets the cached pointers whose registers are in mask (bit per
// register): the instruction being written reads or writes them as bytes.
func (g *gen) dropPtrs(mask uint32) {
	for i := range g.ptrs {
		p := uint8(26 + 2*i)
		if mask&(3<<p) == 0 || !g.ptrs[i].valid {
			continue
		}
		if g.ptrs[i].dirty {
			g.fold(i, true)
			g.setPair16(p, lPtr(p))
		}
		g.ptrs[i] = ptrCache{}
	}
}

// endPtrs writes every changed pointer back and forgets them all (the block ends).
func (g *gen) endPtrs() {
	g.writePtrs(true)
	g.ptrs = [3]ptrCache{}
}

// rangeCheck emits a side exit at pc unless pointer pair p plus every offset of gs's range is in
// SRAM.
func (g *gen) rangeCheck(p uint8, gs guardSpan, pc uint32) {
	g.outOfRange(p, gs)
	g.exitIf(pc)
}

// outOfRange pushes whether pointer pair p plus some offset of gs's range is outside SRAM.
func (g *gen) outOfRange(p uint8, gs guardSpan) {
	g.ptr(p)
	g.i32(int64(gs.lo) - int64(g.d.SRAMStart))
	g.op(opI32Add)
	g.i32(int64(g.d.SRAMSize) - int64(gs.hi-gs.lo))
	g.op(opI32GeU)
}

// hoistedCheck emits the range checks of block b's hoisted guards (guardSpan.hoisted), at its
// start: one side exit there when any of them fails.
func (g *gen) hoistedCheck(b *block) {
	n := 0
	for k, gs := range b.guards {
		if gs.hoisted {
			g.outOfRange(g.p.Code[b.insts[k]].Ptr, gs)
			if n++; n > 1 {
				g.op(opI32Or)
			}
		}
	}
	if n > 0 {
		g.exitIf(b.start)
	}
}

// rotatedCheck emits the range checks of self loop b's rotated guards (guardSpan.rotated) before the
// loop and at its back edge, leaving at the loop's start: each is its pointer's first run, so its
// range is relative to the pointer at the loop's top.
func (g *gen) rotatedCheck(b *block) {
	for k, gs := range b.guards {
		if gs.rotated {
			g.rangeCheck(g.p.Code[b.insts[k]].Ptr, gs, b.start)
		}
	}
}

// keepPtrs writes back and forgets the cached pointers but those in carry (the current block's
// carried pointers, see block.carry), at the end of a self loop before its branch.
func (g *gen) keepPtrs(carry uint8) {
	for i := range g.ptrs {
		if carry&(1<<i) != 0 {
			continue
		}
		if c := &g.ptrs[i]; c.dirty {
			g.fold(i, true)
			g.setPair16(uint8(26+2*i), lPtr(uint8(26+2*i)))
		}
		g.ptrs[i] = ptrCache{}
	}
}

// access emits the address part of a load or store at pc through pointer pair p whose address is
// the pointer plus addr and which changes the pointer by step, and returns the memory offset to
// use with the run's address local (lRun) for data (the data space) or for the access record.
//
// The first access of a run (gs not covered) checks the run's whole range (planGuards) and sets
// lRun to the state memory's address of pointer + lo; it also loads the byte at the range's top
// and drops it, which costs nothing in the browser and tells wazero's compiler, which checks every
// linear-memory access against the memory's size unless an access through the same address value
// with a larger offset was checked before, that the run's later accesses are in bounds. Every
// access of the run then is one load or store at lRun plus a constant, and the pointer's
// increments are the cache's off, written to the pointer's locals only where something reads them.
func (g *gen) access(p uint8, addr, step int, gs guardSpan, pc uint32) (d uint32) {
	i := int(p-26) / 2
	c := &g.ptrs[i]
	if !gs.covered {
		g.fold(i, true)
		if !gs.rotated && !gs.hoisted {
			g.rangeCheck(p, gs, pc)
		} else if gs.rotated && !c.valid {
			panic("translate: internal error: a rotated guard without its pointer")
		}
		g.get(lBase)
		g.ptr(p)
		g.op(opI32Add)
		if gs.lo != 0 {
			g.i32(int64(gs.lo))
			g.op(opI32Add)
		}
		g.set(lRun(p))
		if g.hints() && (g.p.Access || gs.hi > addr) {
			// The run's top byte, its access record's when it has one (the marks' offsets
			// are the highest).
			g.get(lRun(p))
			g.mem(opI32Load8U, g.stackTop(int32(gs.hi-gs.lo)))
			g.op(opDrop)
		}
		c.run, c.lo = true, gs.lo
	} else if !c.run || !c.valid {
		panic("translate: internal error: a covered access outside its run")
	}
	d = uint32(c.off + addr - c.lo)
	if step != 0 {
		c.off += step
		c.dirty = true
	}
	return d
}

// byteRegs returns the registers an instruction reads or writes as bytes (a superset), its pointer
// of LD, ST and LPM excepted (those go through ptr).
func byteRegs(o *emu.Op) uint32 {
	m := uint32(1)<<(o.Rd&31) | uint32(1)<<(o.Rr&31)
	switch o.Kind {
	case isa.MOVW, isa.ADIW, isa.SBIW:
		m |= uint32(1)<<((o.Rd|1)&31) | uint32(1)<<((o.Rr|1)&31)
	case isa.MUL, isa.MULS, isa.MULSU, isa.FMUL, isa.FMULS, isa.FMULSU:
		m |= 3
	case isa.LPM, isa.LPMZ, isa.LPMZInc:
		m |= 1
	case isa.ELPM, isa.ELPMZ, isa.ELPMZInc, isa.IJMP, isa.EIJMP, isa.ICALL, isa.EICALL:
		m |= 1 | 3<<30
	}
	return m
}

// markUsed notes the registers translated code keeps in locals for o.
func (g *gen) markUsed(o *emu.Op) {
	switch class(g.d, o) {
	case clHost, clFault:
		return
	}
	g.used[o.Rd&31] = true
	g.used[o.Rr&31] = true
	g.used[(o.Rd+1)&31] = true
	g.used[(o.Rr+1)&31] = true
	if o.Ptr != 0 {
		g.used[o.Ptr] = true
		g.used[o.Ptr+1] = true
	}
	switch o.Kind {
	case isa.MUL, isa.MULS, isa.MULSU, isa.FMUL, isa.FMULS, isa.FMULSU:
		g.used[0], g.used[1] = true, true
	case isa.LPM, isa.LPMZ, isa.LPMZInc, isa.ELPM, isa.ELPMZ, isa.ELPMZInc, isa.IJMP, isa.EIJMP, isa.ICALL, isa.EICALL:
		g.used[0], g.used[30], g.used[31] = true, true, true
	}
}
