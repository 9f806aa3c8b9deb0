package translate

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"
	"sync"
	"time"

	"github.com/avrlab/avrlab/emu"
)

// Runtime compiles generated modules and runs them on machines' state memories: wazero natively
// ([NewWazero]), the browser's WebAssembly API in the page.
type Runtime interface {
	// NewMemory returns the state memory of one machine, at least size bytes, all zero.
	NewMemory(size int) (Memory, error)
}

// Memory is one machine's state memory and the modules instantiated on it.
type Memory interface {
	// Bytes returns the memory as the machine uses it.
	Bytes() []byte
	// Base returns the address of Bytes()[0] in the linear memory the modules import.
	Base() uint32
	// Load compiles module (compiled code may be shared between memories) and instantiates it on
	// this memory. Its import is memory "env" "mem"; its export "run" is (i32 base, i32 pc, i32 mode) -> i32.
	Load(module []byte) (Func, error)
}

// Func is an instantiated module's "run": (state memory address, PC, mode) -> exit code, where
// mode is modeTrace for a machine that keeps the trace hash (Program.TraceHash), else 0. One
// module serves both kinds of machine (the harness's measuring and constant-time machines).
type Func interface {
	Call(base, pc, mode uint32) uint32
	Close()
}

// Stats counts an engine's translations since New.
type Stats struct {
	Modules    int           // modules generated (cache hits not counted)
	CacheHits  int           // translations served from the cache
	CodeBytes  int           // AVR code translated, bytes (two per instruction word)
	WasmBytes  int           // WebAssembly generated, bytes
	Shared     int           // loops of the modules generated that call a loop function shared with identical ones
	Translate  time.Duration // time spent discovering regions and generating modules
	Compile    time.Duration // time spent compiling and instantiating them
	Rebuilds   int           // translations after the first of a machine (new roots, SPM)
	Cold       int           // Runs left to the interpreter: the machine was not hot yet, or given up
	Fallbacks  int           // runners that gave up (a module failed to compile)
	SideExits  int
	Transfers  int    // calls into translated code
	Steps      int    // instructions left to the interpreter one at a time
	LimitExits int    // returns at the cycle limit
	Cycles     uint64 // cycles run by translated code (the rest of every machine's cycles were interpreted)
	TraceSteps uint64 // addresses of logged trace segments the runners stepped the trace hash over (see traceLog)
	TraceMemo  uint64 // logged trace segments stepped with one lookup in the trace memo instead (see stepSegment)
	TraceCalls uint64 // calls whose whole trace log the call memo stepped with one comparison (see stepLog)
}

// Engine is an [emu.Engine] that translates AVR code to WebAssembly. It is safe for concurrent
// use; translations are cached by the code they cover, for every machine of the engine.
type Engine struct {
	rt      Runtime
	hot     uint64
	slice   uint64 // cycles of one call into translated code at most (0: no cut)
	perByte uint64 // interpreted cycles a machine waits per byte of AVR code its region holds (0: hot only)
	// runHot and runPerByte (NewPage; 0: none): the same on the machine's current run alone (its
	// cycle counter, which a reset or a harness call's start sets to 0), which a long run from reset
	// reaches sooner: a machine is hot when either pair says so.
	runHot, runPerByte uint64
	// warmed (Warmed; under mu): machines made from then on count runHot and runPerByte on all
	// their cycles, not only their current run's (see waitsNow).
	warmed bool
	// noHint: the runtime checks no access against its memory's size (V8's guard regions), so
	// modules leave out the loads of a run's top byte that tell wazero's compiler the run is in bounds.
	noHint bool
	// noForward: modules keep no stored byte for the next pass's load (planForward); for the
	// benchmark that measures what forwarding is worth.
	noForward bool
	// noShare: modules hold every copy of identical loops rather than one loop function (loopFn);
	// for the benchmark that measures what sharing is worth.
	noShare   bool
	mu        sync.Mutex
	cache     map[string]*translation // module by regionKey
	hotImages map[uint64][]uint32     // imageKey of the programs a machine of the engine got hot on: its latest roots
	seed      maphash.Seed            // of imageKey
	stats     Stats
	// background: a machine's first module is compiled on another goroutine while the machine
	// goes on interpreting (NewBackground); compiling holds the keys being compiled (a machine
	// whose module is being compiled for another waits for that, then loads it from wazero's
	// cache), loaded the keys compiled once (loaded at once: a cache hit costs little).
	background bool
	compiling  map[string]chan struct{}
	loaded     map[string]bool
}

var _ emu.Engine = (*Engine)(nil)

// New returns an engine running its modules on rt. A machine is interpreted until it has run hot
// cycles (0: translate from the first Run): a translation costs as much as interpreting a few
// million cycles (see the package doc), so short runs are not translated at all.
func New(rt Runtime, hot uint64) *Engine {
	return &Engine{rt: rt, hot: hot, cache: map[string]*translation{}, hotImages: map[uint64][]uint32{}, seed: maphash.MakeSeed(),
		compiling: map[string]chan struct{}{}, loaded: map[string]bool{}}
}

// NewSliced is New whose translated code returns to Go at least every slice cycles within a Run,
// and is called again: for a runtime whose optimising compiler only replaces code at a new call of
// a function (V8 compiles a module with its baseline compiler first, and a call that runs for
// seconds never leaves it). The results are the same; the cost is one return and call per slice.
func NewSliced(rt Runtime, hot, slice uint64) *Engine {
	e := New(rt, hot)
	e.slice = slice
	return e
}

// NewPage returns the page's engine on rt (NewBrowserEngine is NewPage(browser runtime, BrowserHot)):
// NewSliced(rt, hot, BrowserSlice) with a wait per byte of code that is to hot what NewNative's
// HotPerByte is to MinHot, and on the machine's current run alone (a long run from reset, not the
// calls of a harness) a threshold and a wait per byte that are to those what BrowserRunHot and
// BrowserRunPerByte are to BrowserHot and its wait (hot 0: translate from the first Run, no wait,
// for tests), whose modules leave out the loads that tell wazero's compiler a run of accesses is
// in bounds (a browser's WebAssembly engine checks accesses with guard pages around the memory,
// not compares: there the hints are loads for nothing, one per run of accesses and loop pass).
// Natively, on wazero, it serves the tests of the page's engine.
func NewPage(rt Runtime, hot uint64) *Engine {
	e := NewSliced(rt, hot, BrowserSlice)
	e.noHint = true
	if hot > 0 {
		e.perByte = max(1, HotPerByte*hot/MinHot)
		e.runHot = max(1, BrowserRunHot*hot/BrowserHot)
		e.runPerByte = max(1, BrowserRunPerByte*hot/BrowserHot)
	}
	return e
}

// BrowserHot is the page's threshold in the browser (NewBrowserEngine), in cycles: V8 generates and
// compiles a module at about 3.5 ms per KB of AVR code (measured in Node's V8, warm), where wazero
// takes 11-19 ms (MinHot, HotPerByte), so the page translates after half of NewNative's wait: 512K
// interpreted cycles, or 2K per byte of the code the region holds when that is more. Not a quarter:
// the default example's bench (CHAM-64, 265,815 cycles a machine, counted ahead by Machine.Expect)
// must stay interpreted, or the page's first RANK would run the translator cold in a fresh worker.
const BrowserHot = MinHot / 2

// BrowserRunHot and BrowserRunPerByte are the page's threshold and wait per byte of code on a
// machine's current run alone (its cycle counter: since its reset, or since the start of a
// harness's call, which sets it to 0): a run from reset that has gone on for 64K cycles, or 512
// per byte of the region's code when that is more (about 1.5 times what V8 takes to translate a
// byte, in interpreted cycles), is translated there, where the total of BrowserHot would wait for
// 512K. A harness's calls are short runs (CHAM-64's 1,611 cycles; its 64 constant-time inputs,
// 103K cycles on a machine told nothing ahead, stay under BrowserHot), so the page's first RANK
// stays interpreted.
const (
	BrowserRunHot     = 64 << 10
	BrowserRunPerByte = 512
)

// Warmed tells a page engine (NewPage) that the JavaScript engine has compiled the translator's
// Go code: the playground's worker calls it once it has run the warm-up (cmd/wasm/benchrun.Warm,
// when idle after its first answer). Machines made from then on are hot after what a machine's
// current run alone waits (BrowserRunHot, or BrowserRunPerByte per byte of its region's code, for
// NewPage(rt, BrowserHot)) counted on all their cycles, a harness's calls included, rather than
// after BrowserHot: a live bench of the default example (CHAM-64's 101 calls of 1,611 cycles and
// its 64 constant-time inputs) runs translated from its second call. BrowserHot's longer wait is
// for the first answer of a fresh worker, whose translator V8 has not compiled yet. Machines made
// before keep their waits; an engine with no wait of a run (New, NewNative, NewPage(rt, 0)) is
// unchanged.
func (e *Engine) Warmed() {
	e.mu.Lock()
	e.warmed = true
	e.mu.Unlock()
}

// waits is when a machine is hot (runner.hot): after hot cycles in all, or perByte per byte of
// its region's code when that is more, or after runHot (runPerByte per byte) on its current run.
type waits struct {
	hot, perByte, runHot, runPerByte uint64
}

// waitsNow returns the waits of a machine made now: the engine's, the run's on all cycles once
// the engine is Warmed.
func (e *Engine) waitsNow() waits {
	w := waits{hot: e.hot, perByte: e.perByte, runHot: e.runHot, runPerByte: e.runPerByte}
	e.mu.Lock()
	warm := e.warmed
	e.mu.Unlock()
	if warm && e.runHot > 0 {
		w.hot, w.perByte = min(w.hot, e.runHot), min(w.perByte, e.runPerByte)
	}
	return w
}

// BrowserSlice is the page's slice (NewSliced): about a millisecond of translated code.
const BrowserSlice = 1 << 20

// HotPerByte is NewNative's wait per byte of code a region translates, in interpreted cycles:
// wazero compiles about 11-19 ms per KB of AVR code, which is about 4M cycles interpreted with the
// access record (the package doc), so a machine whose region holds 3.7 KB (an NTT) is translated
// after about 15M cycles rather than MinHot's 1M.
const HotPerByte = 4 << 10

// MinHot is NewNative's least threshold, in cycles: what compiling the smallest modules costs
// (their fixed part, a few ms) in interpreted cycles. Up to 256 bytes of code, a region is
// translated after MinHot; above, after HotPerByte cycles per byte.
const MinHot = 1 << 20

// Stats returns the engine's counters.
func (e *Engine) Stats() Stats {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.stats
}

func (e *Engine) count(f func(s *Stats)) {
	e.mu.Lock()
	f(&e.stats)
	e.mu.Unlock()
}

// maxCache bounds the translation cache (entries); past it the cache starts again.
const maxCache = 256

// NewRunner implements emu.Engine. The machine's memory is followed by its trace log (logOff).
func (e *Engine) NewRunner(size int) emu.Runner {
	m, err := e.rt.NewMemory(int(logOff(uint32(size))) + logBytes)
	if err != nil || len(m.Bytes()) < int(logOff(uint32(size)))+logBytes {
		return nil
	}
	b := m.Bytes()
	return &runner{e: e, w: e.waitsNow(), mem: m, buf: b[:size:size], log: b[logOff(uint32(size)):]}
}

var _ emu.RunnerReuser = (*Engine)(nil)

// ReuseRunner implements emu.RunnerReuser: a runner of e whose machine is done with it (and which
// is compiling nothing in the background) hands its memory to a new machine of the same size; its
// translated code is closed, and what it kept (the trace memo's and call memo's tables) is emptied
// for the new runner, which is otherwise a new one. Past size, its trace log is cleared.
func (e *Engine) ReuseRunner(old emu.Runner, size int) emu.Runner {
	o, ok := old.(*runner)
	if !ok || o.e != e || len(o.buf) != size || o.wait != nil {
		return nil
	}
	if o.fn != nil {
		o.fn.Close()
	}
	clear(o.mem.Bytes()[size:])
	clear(o.memo)
	for i := range o.logs {
		o.logs[i] = logEntry{log: o.logs[i].log[:0]}
	}
	return &runner{e: e, w: e.waitsNow(), mem: o.mem, buf: o.buf, log: o.log, memo: o.memo, logs: o.logs}
}

// The trace log: after a machine's state memory (at logOff of its size, which the module knows
// from the layout), a 32-bit count of bytes logged, then 16-bit entries, each the index of a
// segment (translation.segs: the addresses of instructions that ran, in order) that translated
// code ran in the call. A call of a machine that keeps the trace hash lasts at most traceSlice
// cycles, and an entry stands for one instruction at least, which takes a cycle at least, so
// logCap entries are more than a call can log; after the call the runner steps the hash over the
// logged segments (runner.traceLog).
const (
	logHead    = 4
	logCap     = 1 << 17
	logMask    = 2*logCap - 2 // of lLog: a byte offset of an entry
	logBytes   = logHead + 2*logCap
	traceSlice = 1 << 16
	maxSegs    = 1 << 16 // entries are 16-bit
)

// logOff returns the offset of the trace log of a machine whose state memory has size bytes.
func logOff(size uint32) uint32 { return (size + 7) &^ 7 }

// translation is a generated module and what its trace log's entries stand for (nil: it logs none).
type translation struct {
	mod  []byte
	segs [][]uint32
}

// shareMin is the most code (bytes) a region holds whose identical loops stay code of their own
// rather than one loop function (region.outline). Until session 10 it was also the most a region
// held whose module kept the trace hash itself (a multiply per instruction, under an if per
// stretch) rather than logging its steps for the runner: a small region's inner loops ran many
// passes of few instructions, which the runner stepped serially after the call (a 1024-bit
// multiplication's bench with its module cached spent 26% of its CPU there). Every module logs
// now: the runner's call memo (stepLog) steps a constant-time routine's calls with one comparison,
// and the multiplication's translated run lost the serial chain of multiplies that bounded it.
// The bound is MinHot's (a region up to 256 bytes waits MinHot cycles, a larger one HotPerByte per byte).
const shareMin = MinHot / HotPerByte

// maxRoots bounds the entry points a machine's translation adds after its first (a computed jump
// or a return to code not yet translated adds one, and retranslates); code reached after that is
// interpreted. maxStale bounds the retranslations after flash changes under translated code
// (self-modifying code): past it the machine only interprets.
const (
	maxRoots = 32
	maxStale = 16
	maxWait  = 4096 // steps a machine that got hot waits for a backward jump before translating anyway
)

// runner is one machine's translated code.
type runner struct {
	e       *Engine
	w       waits // when the machine is hot (Engine.waitsNow when the runner was made)
	mem     Memory
	buf     []byte // the machine's state memory
	log     []byte // its trace log (see logOff)
	roots   []uint32
	reg     *region
	fn      Func
	stale   bool   // the flash under reg changed
	broken  bool   // a module failed, or the code kept changing: interpret
	added   int    // roots added after the first
	restale int    // retranslations after flash changes
	image   uint64 // imageKey of the machine's program (0: not computed)
	started bool   // Run was called: first is the PC it started at
	first   uint32
	warm    bool     // another machine of the engine got hot on the same program: translate at once
	hotRoot []uint32 // that machine's roots: the same roots give the same module (the cache, compiled once)
	waited  int      // steps taken waiting for a backward jump to translate at (see Run)
	lastPC  uint32
	bytes   int         // AVR code bytes of the region the machine would translate (0: not measured), for the wait per byte (hot)
	slice   uint64      // cycles of the next call at most (Engine.slice; 0: not started)
	needReg *region     // the region bytes was measured on, for build (nil once used, or after a flash write)
	memo    []memoEntry // the trace memo (see stepSegment; nil until a long segment is logged)
	logs    []logEntry  // the call memo (see stepLog)
	nextLog int         // the call memo's entry to replace next
	// wait receives the module being compiled in the background (Engine.background), of region
	// waitReg and roots waitRoots; nil when none is.
	wait      chan compiled
	waitReg   *region
	waitRoots []uint32
}

// compiled is a module compiled in the background: its function, or the error, and how long
// compiling and instantiating it took.
type compiled struct {
	fn  Func
	err error
	d   time.Duration
}

// firstSlice: a sliced engine's first call of a machine's module lasts its slice >> firstSlice
// cycles, and each next call twice as long as the last, up to the slice (BrowserSlice: 16K, 32K,
// ..., 1M). V8 runs a new module's function in its baseline code (Liftoff) and starts compiling it
// with its optimising tier as soon as it gets hot, within the first call; the optimised code
// serves the next call: short first calls take it up as soon as it is there.
const firstSlice = 6

func (r *runner) Memory() []byte { return r.buf }

func (r *runner) Invalidate(lo, hi uint32) {
	r.needReg = nil
	reg := r.reg
	if r.wait != nil {
		reg = r.waitReg // the module being compiled is what the next Run installs
	}
	if reg == nil || r.stale {
		return
	}
	for w := lo; w < hi; w++ {
		if reg.has(w) {
			r.stale = true
			return
		}
	}
}

// Run runs the machine's translated code from its PC, or says why not: the interpreter's turn
// (emu.Exit) while the machine is not hot yet or its module is compiling, a step to a point worth
// translating at, a side exit.
func (r *runner) Run(p *emu.Program) emu.Exit {
	if x, ok := r.ready(p); !ok {
		return x
	}
	le := binary.LittleEndian
	mode := uint32(0)
	if p.TraceHash {
		mode = modeTrace
	}
	for {
		pc := le.Uint32(r.buf[emu.CtlPC:])
		if r.stale || r.reg == nil || !r.reg.isEntry(pc) {
			if x, ok := r.enter(p, pc); !ok {
				if x == emu.ExitStep {
					r.e.count(func(s *Stats) { s.Steps++ })
				}
				return x
			}
		}
		if x, again := r.call(p, pc, mode); !again {
			return x
		}
	}
}

// ready reports whether the machine runs translated code now: its module ready (installed when
// a background compile ended), hot by the engine's rules, at a point worth translating at; or
// the interpreter's turn (emu.ExitLimit, emu.ExitStep: step on to a backward jump).
func (r *runner) ready(p *emu.Program) (emu.Exit, bool) {
	le := binary.LittleEndian
	if !r.started {
		r.started, r.first = true, le.Uint32(r.buf[emu.CtlPC:])
	}
	if r.wait != nil {
		// A module is being compiled in the background: interpret until it is ready (the
		// interpreter runs a slice and asks again), then go on translated from here.
		select {
		case c := <-r.wait:
			stale := r.stale // the flash under it changed while it compiled (Invalidate)
			r.wait = nil
			if !r.install(c, r.waitReg, r.waitRoots) {
				return emu.ExitLimit, false
			}
			r.stale = stale
		default:
			r.e.count(func(s *Stats) { s.Cold++ })
			return emu.ExitLimit, false
		}
	}
	if r.reg == nil && r.image == 0 && r.w.hot > 0 {
		r.image = imageKey(r.e.seed, p, r.buf)
		r.e.mu.Lock()
		r.hotRoot = r.e.hotImages[r.image]
		r.e.mu.Unlock()
		r.warm = r.hotRoot != nil
	}
	seen := max(p.Interpreted, p.Expected)  // what the machine ran, or is said to run (Machine.Expect)
	run := le.Uint64(r.buf[emu.CtlCycles:]) // this run so far: since the machine's reset, or the harness call's start
	if r.broken {
		r.e.count(func(s *Stats) { s.Cold++ })
		return emu.ExitLimit, false
	}
	if r.reg == nil && !r.warm && !r.hot(seen, run, 0) {
		p.AskIn = r.untilHot(seen, run, 0)
		r.e.count(func(s *Stats) { s.Cold++ })
		return emu.ExitLimit, false
	}
	if r.reg == nil && p.Interpreted > 0 && r.waited < maxWait && le.Uint32(r.buf[emu.CtlPC:]) != r.first {
		// The machine got hot somewhere in its code, most likely inside a loop: translated from
		// there, that point would be an entry and cut the loop in two blocks (no WebAssembly loop).
		// Step until control jumps back (a loop's head, a return point) and translate there. Where
		// its first Run started (a harness's call entry, after Machine.Expect) is no such point.
		pc := le.Uint32(r.buf[emu.CtlPC:])
		if r.waited == 0 || pc >= r.lastPC {
			r.waited++
			r.lastPC = pc
			return emu.ExitStep, false
		}
		r.waited = maxWait
	}
	if r.reg == nil && r.w.perByte > 0 && !r.warm {
		// Hot, but compiling a large region costs more than a small one: wait for the cycles
		// that pay for it (discovering the region is cheap; compiling it is what costs). The
		// region is the one the machine would translate here (the roots enter takes), which build
		// then reuses.
		if r.bytes == 0 {
			reg := buildRegion(p, r.firstRoots(p, le.Uint32(r.buf[emu.CtlPC:])))
			r.bytes = max(1, codeBytes(p, reg))
			r.needReg = reg
		}
		if !r.hot(seen, run, r.bytes) {
			r.waited = 0 // when it is: step to a backward jump again
			p.AskIn = r.untilHot(seen, run, r.bytes)
			r.e.count(func(s *Stats) { s.Cold++ })
			return emu.ExitLimit, false
		}
	}
	return 0, true
}

// call calls the module at pc once (up to the slice's or the trace log's cut) and reports how it
// left: again when the machine goes on translated (a slice ended, a transfer to another entry),
// else the exit Run returns.
func (r *runner) call(p *emu.Program, pc, mode uint32) (emu.Exit, bool) {
	le := binary.LittleEndian
	c0 := le.Uint64(r.buf[emu.CtlCycles:])
	limit, cut, short := le.Uint64(r.buf[emu.CtlLimit:]), false, false
	if r.e.slice > 0 {
		// The first calls of a module's code are short (see firstSlice), then twice as long
		// each time up to the engine's slice.
		if r.slice == 0 {
			r.slice = max(1, r.e.slice>>firstSlice)
		}
		if c0+r.slice < limit {
			le.PutUint64(r.buf[emu.CtlLimit:], c0+r.slice)
			cut, short = true, r.slice < r.e.slice
		}
		r.slice = min(2*r.slice, r.e.slice)
	}
	logged := mode == modeTrace && r.reg.segs != nil
	if logged && le.Uint64(r.buf[emu.CtlLimit:]) > c0+traceSlice {
		// The trace log holds what a call of traceSlice cycles logs (see logCap).
		le.PutUint64(r.buf[emu.CtlLimit:], c0+traceSlice)
		cut = true
	}
	code := r.fn.Call(r.mem.Base(), pc, mode)
	var steps, memo, whole uint64
	if logged {
		steps, memo, whole = r.traceLog()
	}
	le.PutUint64(r.buf[emu.CtlLimit:], limit)
	ran := le.Uint64(r.buf[emu.CtlCycles:]) - c0
	r.e.count(func(s *Stats) {
		s.Cycles += ran
		s.TraceSteps += steps
		s.TraceMemo += memo
		s.TraceCalls += whole
		switch code {
		case codeLimit:
			s.LimitExits++
		case codeSide:
			s.SideExits++
		default:
			s.Transfers++
		}
	})
	switch code {
	case codeLimit:
		if cut && (ran > 0 || short) {
			// The slice ended, not the machine's run: call again (a new call, see NewSliced),
			// also when a short first slice was too short for the code ahead (the next is longer).
			return 0, true
		}
		return emu.ExitLimit, false
	case codeSide:
		r.markPartial(p, le.Uint32(r.buf[emu.CtlPC:]))
		if mode == modeTrace {
			r.tracePartial(le.Uint32(r.buf[emu.CtlPC:]))
		}
		return emu.ExitStep, false
	}
	if le.Uint32(r.buf[emu.CtlPC:]) == pc {
		// No progress (the module has no entry where the region says it has one: a broken
		// invariant); let the interpreter go on rather than loop here.
		r.broken = true
		return emu.ExitLimit, false
	}
	return 0, true
}

// markPartial records the instructions of the block holding pc that ran before its side exit at pc.
func (r *runner) markPartial(p *emu.Program, pc uint32) {
	if !p.Access {
		return
	}
	b := r.reg.blockAt(pc)
	if b == nil {
		return
	}
	for _, q := range b.insts {
		if q == pc {
			return
		}
		r.buf[p.Layout.Executed+q] = 1
	}
}

// traceLog steps the trace hash over the segments the last call logged (see logOff), in order, and
// returns how many addresses it stepped, how many segments the trace memo stepped and whether the
// call memo stepped the whole log (1) instead (see stepLog).
func (r *runner) traceLog() (steps, memo, whole uint64) {
	le := binary.LittleEndian
	n := le.Uint32(r.log)
	if n > 2*logCap {
		panic("translate: internal error: trace log overrun")
	}
	h := le.Uint64(r.buf[emu.CtlTraceHash:])
	entries := r.log[logHead : logHead+n]
	if out, ok := r.stepLog(h, entries); ok {
		le.PutUint64(r.buf[emu.CtlTraceHash:], out)
		return 0, 0, 1
	}
	in := h
	for i := uint32(0); i < n; i += 2 {
		var hit bool
		h, hit = r.stepSegment(h, le.Uint16(entries[i:]))
		if hit {
			memo++
		} else {
			steps += uint64(len(r.reg.segs[le.Uint16(entries[i:])]))
		}
	}
	r.keepLog(in, h, entries)
	le.PutUint64(r.buf[emu.CtlTraceHash:], h)
	return steps, memo, 0
}

// The call memo: the trace hash a whole call's log took the hash to, from the hash it started at,
// for the last logMemo calls of logMemoMin entries or more. The hash after a call is a function of
// the hash before it and of its log, the sequence of segment indexes (each segment a fixed list of
// addresses of the machine's translation), so a call whose hash in and log bytes are equal to a
// kept call's ends at that call's hash: exactly the hash stepping its addresses one by one gives,
// whatever the code is. The harness starts every call of a machine from the reset's hash and cycle
// 0, so a constant-time routine's calls log the same entries, cut at the same cycles (traceSlice):
// from a machine's second call on, each of its calls' logs is one comparison (a memcmp) and no
// multiply, where the trace memo still took one lookup per long segment and one multiply per
// address of the short ones (a 1024-bit multiplication's inner loop is a few instructions a
// segment). A routine whose path depends on its inputs logs other entries: no hit, stepped as
// before. Kept while the machine's translation is (install clears it: its segments are the old
// translation's).
const (
	logMemo    = 8
	logMemoMin = 64 // bytes of log: a shorter one is stepped faster than compared
)

// logEntry is one call memo entry: the hash in and out and the call's log entries (empty: unused).
type logEntry struct {
	in, out uint64
	log     []byte
}

// stepLog returns the trace hash the call memo holds for a call that started at hash h and logged
// entries, and whether it holds one.
func (r *runner) stepLog(h uint64, entries []byte) (uint64, bool) {
	if len(entries) < logMemoMin {
		return 0, false
	}
	for i := range r.logs {
		if e := &r.logs[i]; e.in == h && bytes.Equal(e.log, entries) {
			return e.out, true
		}
	}
	return 0, false
}

// keepLog keeps in the call memo that a call which started at hash in and logged entries ended at
// hash out, in place of the oldest entry (its log's buffer reused).
func (r *runner) keepLog(in, out uint64, entries []byte) {
	if len(entries) < logMemoMin {
		return
	}
	if r.logs == nil {
		r.logs = make([]logEntry, logMemo)
	}
	e := &r.logs[r.nextLog]
	r.nextLog = (r.nextLog + 1) % logMemo
	e.in, e.out, e.log = in, out, append(e.log[:0], entries...)
}

// The trace memo: what the hash became over a logged segment from the hash it started at, for the
// segments of memoMin addresses or more. The constant-time check's machine starts every call from
// the reset's hash, and code that is constant time runs the same segments in the same order in
// every call, so from its second call on the runner steps each long segment with one lookup, not
// one multiply per address (a serial chain). A table of memoSize entries in sets of two (the newest
// first) keyed by the hash and the segment (a call of traceSlice cycles logs no more long segments
// than that; the NTT example's calls about 620), kept while the machine's translation is (install
// clears it). The NTT example's bench steps 140,487 addresses itself and 39,879 segments from the
// memo (3,245,568 addresses without it; 315,564 and 37,611 with the table direct-mapped).
const (
	memoBits = 13
	memoSize = 1 << memoBits
	memoMin  = 8
)

// memoEntry is one trace memo entry: the hash in, the segment's index + 1 (0: empty), the hash out.
type memoEntry struct {
	in, out uint64
	seg     uint32
}

// stepSegment returns trace hash h stepped over segment s of the machine's translation, and
// whether the trace memo had it.
func (r *runner) stepSegment(h uint64, s uint16) (uint64, bool) {
	pcs := r.reg.segs[s]
	if len(pcs) < memoMin {
		return stepTrace(h, pcs), false
	}
	if r.memo == nil {
		r.memo = make([]memoEntry, memoSize)
	}
	set := r.memo[(h^uint64(s)*0x9E3779B97F4A7C15)>>(64-memoBits)&^1:][:2]
	for _, e := range set {
		if e.in == h && e.seg == uint32(s)+1 {
			return e.out, true
		}
	}
	out := stepTrace(h, pcs)
	set[1], set[0] = set[0], memoEntry{in: h, out: out, seg: uint32(s) + 1}
	return out, false
}

// stepTrace returns trace hash h stepped over the addresses pcs, as emu's interpreter steps it.
func stepTrace(h uint64, pcs []uint32) uint64 {
	for _, q := range pcs {
		h = (h ^ uint64(q)) * fnvPrime
	}
	return h
}

// tracePartial steps the trace hash over the instructions of the block holding pc that ran before
// its side exit at pc: the module leaves them to the runner (gen.exit).
func (r *runner) tracePartial(pc uint32) {
	b := r.reg.blockAt(pc)
	if b == nil {
		return
	}
	le := binary.LittleEndian
	h := le.Uint64(r.buf[emu.CtlTraceHash:])
	for _, q := range b.insts {
		if q == pc {
			break
		}
		h = (h ^ uint64(q)) * fnvPrime
	}
	le.PutUint64(r.buf[emu.CtlTraceHash:], h)
}

// enter makes pc an entry of the machine's translation when it can: it retranslates after flash
// changes, and adds pc as a new root unless pc lies inside a block already translated (a resumption
// after the interpreter stopped mid-block). When it cannot, it says what the machine should do:
// step the one instruction (an instruction translated code leaves to the interpreter, or a
// resumption mid-block), or interpret for a while (no more roots, or translation given up).
func (r *runner) enter(p *emu.Program, pc uint32) (emu.Exit, bool) {
	if r.stale {
		if r.restale++; r.restale > maxStale {
			r.broken = true
			return emu.ExitLimit, false
		}
		if !r.build(p, r.roots) {
			return emu.ExitLimit, false
		}
		if r.reg.isEntry(pc) {
			return 0, true
		}
	}
	if pc >= uint32(len(p.Code)) {
		return emu.ExitStep, false
	}
	if c := class(p.Device, &p.Code[pc]); c == clHost || c == clFault {
		return emu.ExitStep, false
	}
	if r.reg != nil {
		if r.reg.blockAt(pc) != nil {
			return emu.ExitStep, false
		}
		if r.added >= maxRoots {
			return emu.ExitLimit, false
		}
		r.added++
	}
	roots := append(r.roots[:len(r.roots):len(r.roots)], pc)
	if r.reg == nil && r.hotRoot == nil {
		roots = r.firstRoots(p, pc)
	} else if r.reg == nil {
		// Translate what the machine that got hot translated (the module is then the cached one,
		// already compiled), with pc added only when it is not one of its roots.
		roots = r.hotRoot
		if !slices.Contains(roots, pc) {
			roots = append(roots[:len(roots):len(roots)], pc)
		}
	}
	if !r.build(p, roots) {
		return emu.ExitLimit, false
	}
	return 0, r.reg.isEntry(pc)
}

// firstRoots returns the roots of a machine's first translation at pc: pc, and where the
// machine's first Run started (the harness's call entry, reset): the next Run most likely starts
// there again, and would otherwise add it and retranslate.
func (r *runner) firstRoots(p *emu.Program, pc uint32) []uint32 {
	roots := []uint32{pc}
	if r.started && r.first != pc && r.first < uint32(len(p.Code)) {
		if c := class(p.Device, &p.Code[r.first]); c != clHost && c != clFault {
			roots = append(roots, r.first)
		}
	}
	return roots
}

// hot reports whether a machine that has run seen cycles (max of Program.Interpreted and
// Expected), run of them in its current run (its cycle counter), has paid for translating bytes of
// AVR code (0: not known yet): the engine's threshold and wait per byte on seen, or a page
// engine's shorter ones on run (NewPage).
func (r *runner) hot(seen, run uint64, bytes int) bool {
	e, b := r.w, uint64(bytes)
	return seen >= max(e.hot, e.perByte*b) || e.runHot > 0 && run >= max(e.runHot, e.runPerByte*b)
}

// untilHot returns how many more cycles a machine that hot says is not hot (the same arguments)
// runs before hot says it is, at the least: what the machine interprets before asking again
// (emu.Program.AskIn), so that a run is translated where its wait ends rather than up to a slice
// of the interpreter's (64K cycles) later. Both of hot's counts grow by the cycles interpreted.
func (r *runner) untilHot(seen, run uint64, bytes int) uint64 {
	e, b := r.w, uint64(bytes)
	n := left(max(e.hot, e.perByte*b), seen)
	if e.runHot > 0 {
		n = min(n, left(max(e.runHot, e.runPerByte*b), run))
	}
	return max(n, 1)
}

// left returns what is left of a wait of want once have has passed (0 when none).
func left(want, have uint64) uint64 {
	if have >= want {
		return 0
	}
	return want - have
}

// build translates the region of roots and loads it.
func (r *runner) build(p *emu.Program, roots []uint32) bool {
	t0 := time.Now()
	reg := r.needReg
	if reg == nil || !slices.Equal(reg.roots, roots) {
		reg = buildRegion(p, roots)
	}
	r.needReg = nil
	if !r.e.noShare {
		reg.outline(p)
	}
	key := regionKey(p, reg)
	r.e.mu.Lock()
	tr, hit := r.e.cache[key]
	r.e.mu.Unlock()
	if !hit {
		tr = generate(p, reg, !r.e.noHint, !r.e.noForward)
	}
	mod := tr.mod
	reg.segs = tr.segs
	t1 := time.Now()
	rebuild := r.reg != nil
	r.e.count(func(s *Stats) {
		if rebuild {
			s.Rebuilds++
		}
		if hit {
			s.CacheHits++
		} else {
			s.Modules++
			s.CodeBytes += codeBytes(p, reg)
			s.WasmBytes += len(mod)
			for _, b := range reg.blocks {
				if b.call != nil {
					s.Shared++
				}
			}
			if len(r.e.cache) >= maxCache {
				clear(r.e.cache)
			}
			r.e.cache[key] = tr
		}
		s.Translate += t1.Sub(t0)
	})
	if r.e.background && r.fn == nil {
		r.e.mu.Lock()
		done := r.e.loaded[key]
		r.e.mu.Unlock()
		if !done {
			r.compile(key, mod, reg, roots)
			return false
		}
	}
	fn, err := r.mem.Load(mod)
	return r.install(compiled{fn: fn, err: err, d: time.Since(t1)}, reg, roots)
}

// compile starts compiling mod (of reg and roots, the engine's cache key key) on another
// goroutine, after the compilation of the same key for another machine if one is under way
// (wazero's cache then serves it); Run installs it when it is ready.
func (r *runner) compile(key string, mod []byte, reg *region, roots []uint32) {
	e := r.e
	e.mu.Lock()
	busy, other := e.compiling[key]
	if !other {
		busy = make(chan struct{})
		e.compiling[key] = busy
	}
	if r.image != 0 { // the machine got hot: another of the same program translates at once (build)
		if len(e.hotImages) >= maxCache {
			clear(e.hotImages)
		}
		e.hotImages[r.image] = roots
	}
	e.mu.Unlock()
	ch := make(chan compiled, 1)
	r.wait, r.waitReg, r.waitRoots = ch, reg, roots
	mem := r.mem
	go func() {
		if other {
			<-busy
		}
		t := time.Now()
		fn, err := mem.Load(mod)
		d := time.Since(t)
		if !other {
			e.mu.Lock()
			delete(e.compiling, key)
			if err == nil {
				if len(e.loaded) >= maxCache {
					clear(e.loaded)
				}
				e.loaded[key] = true
			}
			e.mu.Unlock()
			close(busy)
		}
		ch <- compiled{fn: fn, err: err, d: d}
	}()
}

// install makes c the machine's translation of reg and roots, or gives translation up when c
// failed to compile.
func (r *runner) install(c compiled, reg *region, roots []uint32) bool {
	fn, err := c.fn, c.err
	r.e.count(func(s *Stats) {
		s.Compile += c.d
		if err != nil {
			s.Fallbacks++
		}
	})
	if err != nil {
		r.broken = true
		return false
	}
	if r.fn != nil {
		r.fn.Close()
	}
	r.fn, r.reg, r.roots, r.stale, r.slice = fn, reg, roots, false, 0
	clear(r.memo) // its entries are the old translation's segments
	for i := range r.logs {
		r.logs[i].log = r.logs[i].log[:0]
	}
	if r.image != 0 {
		r.e.mu.Lock()
		if len(r.e.hotImages) >= maxCache {
			clear(r.e.hotImages)
		}
		r.e.hotImages[r.image] = roots
		r.e.mu.Unlock()
	}
	return true
}

// imageKey identifies a machine's program for the engine's memory of hot programs: a hash of the
// device and the flash image (in the state memory), never 0. A machine of a program another machine
// of the engine got hot on (the harness's constant-time machine after its measuring machine, a
// machine per vector) translates from its first Run: the code has proved to run long. Only the
// image up to its erased tail (every byte 0xFF to the end of flash, found from Program.FlashEnd
// back) is hashed: two images of a device with the same key are the same flash, and a program of
// 2 KB is neither scanned nor hashed as the 128 KB of an ATmega128's flash (in WebAssembly maphash
// has no AES and runs a multiply-and-mix loop: 2-4 ms an edit in the worker's profile for the
// two machines of a bench of the default example).
func imageKey(seed maphash.Seed, p *emu.Program, mem []byte) uint64 {
	flash := mem[p.Layout.Flash : p.Layout.Flash+min(p.FlashEnd, uint32(p.Device.Flash))]
	var h maphash.Hash
	h.SetSeed(seed)
	h.WriteString(p.Device.Name)
	h.WriteByte(0)
	h.Write(flash[:emu.ProgramEnd(flash)])
	return h.Sum64() | 1
}

// codeBytes returns the bytes of AVR code a region translates.
func codeBytes(p *emu.Program, reg *region) int {
	n := 0
	for _, b := range reg.blocks {
		for _, q := range b.insts {
			n += 2 * int(p.Code[q].Words)
		}
	}
	return n
}

// regionKey identifies a translation exactly: the device, the layout, Access, the roots and the
// lowered code of every word it covers, serialized (the map hashes it; equal keys are equal inputs).
// TraceHash is not in it: the module keeps the hash when its call's mode says so.
func regionKey(p *emu.Program, reg *region) string {
	var b []byte
	put := func(v uint32) { b = binary.LittleEndian.AppendUint32(b, v) }
	b = append(b, p.Device.Name...)
	b = append(b, 0)
	l := p.Layout
	for _, v := range []uint32{l.Regs, l.Data, l.Flash, l.Executed, l.FlashRead, l.DataAccess, l.Size} {
		put(v)
	}
	if p.Access {
		put(1)
	} else {
		put(0)
	}
	put(uint32(len(reg.roots)))
	for _, q := range reg.roots {
		put(q)
	}
	for w, bitsw := range reg.covered {
		for bitsw != 0 {
			i := uint32(w*64) + uint32(bits.TrailingZeros64(bitsw))
			bitsw &= bitsw - 1
			o := &p.Code[i]
			put(i)
			put(uint32(o.Kind) | uint32(o.Cyc)<<8 | uint32(o.Words)<<16 | uint32(o.Skip)<<24)
			put(uint32(o.Rd) | uint32(o.Rr)<<8 | uint32(o.Bit)<<16 | uint32(o.Ptr)<<24)
			put(uint32(o.K) | uint32(o.Addr)<<16)
			put(o.Target)
		}
	}
	return string(b)
}

// generate writes the module of a region (with its loop functions, when outline made any); hint:
// with the bounds hints (Engine.noHint); fwd: with the self loops' forwarded bytes (Engine.noForward).
func generate(p *emu.Program, reg *region, hint, fwd bool) *translation {
	g := &gen{p: p, r: reg, d: p.Device, lay: p.Layout, hint: hint, noFwd: !fwd}
	nglob := 0
	if p.Access {
		for i, b := range reg.blocks {
			b.mark = i
		}
		nglob = len(reg.blocks)
	}
	var loops []fnBody
	if reg.fns != nil {
		g.fns = reg.fns
		for _, f := range g.fns {
			lg := &gen{p: p, r: f.sub, d: p.Device, lay: p.Layout, hint: hint, noFwd: !fwd, lf: f}
			loops = append(loops, fnBody{lg.function(), lg.unlikely})
			f.used, f.written, f.segs = lg.used, lg.written, lg.segs
		}
		g.copySegs()
	}
	body := g.function()
	pages := (logOff(p.Layout.Size) + logBytes + 0xFFFF) >> 16
	return &translation{mod: module(pages, nglob, nI32, nI64, append([]fnBody{{body, g.unlikely}}, loops...)...), segs: g.segs}
}
