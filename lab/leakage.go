package lab

import (
	"bytes"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"regexp"
	"sync"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/lab/cipher"
	"github.com/avrlab/avrlab/lab/leak"
)

// Leakage tests of LeakOptions.Test.
const (
	LeakTVLA = "tvla" // fixed-vs-random Welch t-test
	LeakCPA  = "cpa"  // correlation power analysis on the first-round S-box output
)

// Defaults and bounds of LeakOptions.
const (
	DefaultLeakTraces = 2000
	MaxLeakTraces     = 1_000_000
	DefaultLeakNoise  = 1.0
	// MaxLeakCycles bounds the trace length: samples × classes of memory per test.
	MaxLeakCycles = 200_000
	// MaxLeakLag bounds the bivariate test's band of pairs; memory is samples × lag × 2 × 2 floats.
	MaxLeakLag = 64
	// maxLeakPairs bounds samples × lag (64 MB of moments).
	maxLeakPairs = 1 << 21
	// cpaSamples is how many data-dependent cycles from the start of the call the CPA correlates
	// (the first-round S-box outputs come early; memory is 16 × 256 × cpaSamples floats).
	cpaSamples = 512
)

// LeakOptions says which leakage assessment to run on the call Bench would measure (Options: task,
// call, device, defines, seed, cycle limit).
type LeakOptions struct {
	Options
	Test   string     // LeakTVLA (default) or LeakCPA
	Order  int        // t-test order: 1 (default) or 2
	Traces int        // 0 = DefaultLeakTraces
	Noise  float64    // σ of the Gaussian noise added to every sample; negative = DefaultLeakNoise
	Model  leak.Model // 0 = leak.Both
	// Sum adds Sum consecutive cycles into one sample (0 or 1: a sample per cycle), as a capture at
	// a lower bandwidth blends neighbouring cycles: two shares written within Sum cycles of each
	// other then add into one sample, where the univariate second-order test can see them.
	Sum int
	// Lag, with Order 2, makes the second-order test bivariate: the centred product of every pair of
	// samples at most Lag apart (a second pass regenerates the same traces). 0: univariate.
	Lag int
	// Window limits the verdict of a TVLA to the cycles from the first execution of the
	// instruction at label (or flash byte address) Window[0] up to the next execution of Window[1],
	// as a ChipWhisperer trigger brackets the capture: a masked routine must load its unmasked
	// input and write its unmasked output, which any fixed-vs-random test sees. Empty: the "; avrlab
	// leak window: FROM TO" line of the source (LeakProgram), else the whole call.
	Window [2]string
	// Stop, when set, is asked after every trace; true ends the run early with the traces so far.
	Stop func() bool `json:"-"`

	unchecked bool // tests: do not check the output (a routine that computes nothing)
}

// LeakPoint is a cycle of a trace with its t (or, for a CPA, correlation) and its instruction.
type LeakPoint struct {
	Cycle int     `json:"cycle"` // from the call's first instruction, 0-based
	T     float64 `json:"t"`
	PC    uint32  `json:"pc"` // flash byte address of the instruction that wrote in this cycle
	Where string  `json:"where,omitempty"`
	// Cycle2 and Where2 are the second sample of a bivariate test's pair (0 and "" otherwise).
	Cycle2 int    `json:"cycle2,omitempty"`
	Where2 string `json:"where2,omitempty"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
}

// LeakReport is the outcome of a leakage assessment.
type LeakReport struct {
	Task   string  `json:"task"`
	Call   string  `json:"call"`
	Device string  `json:"device"`
	Test   string  `json:"test"`
	Order  int     `json:"order,omitempty"`
	Model  string  `json:"model"`
	Noise  float64 `json:"noise"`
	Seed   uint64  `json:"seed"`
	Traces int     `json:"traces"`        // traces used
	Cycles int     `json:"cycles"`        // samples per trace
	Sum    int     `json:"sum,omitempty"` // cycles per sample
	Lag    int     `json:"lag,omitempty"` // the bivariate test's largest distance between paired samples
	// TVLA.
	// Window is the assessed cycles [from, to) and the labels that gave them, when not the whole call.
	Window *LeakWindow `json:"window,omitempty"`
	// OutsideMaxAbsT is the largest |t| outside the window (the input and output handling).
	OutsideMaxAbsT float64     `json:"outside_max_abs_t,omitempty"`
	MaxAbsT        float64     `json:"max_abs_t"`
	MaxAt          *LeakPoint  `json:"max_at,omitempty"`
	OverThreshold  []LeakPoint `json:"over_threshold"`
	Threshold      float64     `json:"threshold"`
	Fixed          int         `json:"fixed,omitempty"`  // traces of the fixed class
	Random         int         `json:"random,omitempty"` // traces of the random class
	// T is t per cycle (TVLA), for plots; PCs the flash byte address per cycle.
	T   []float64 `json:"t_per_cycle,omitempty"`
	PCs []uint32  `json:"pc_per_cycle,omitempty"`
	// CPA: per key byte (AES) or first-round-key nibble (PRESENT), the rank of the right key after
	// all traces and the traces after which it stayed at rank 0 (-1: not within the traces).
	Target        string    `json:"target,omitempty"`
	KeyRanks      []int     `json:"key_ranks,omitempty"`
	TracesToRank0 []int     `json:"traces_to_rank0,omitempty"`
	RightCorr     []float64 `json:"right_corr,omitempty"`
	WrongCorr     []float64 `json:"best_wrong_corr,omitempty"`
	// History is RightCorr and WrongCorr at every checkpoint, for a plot of ρ against traces.
	History []CPAPoint `json:"history,omitempty"`
	// Stopped says the run was stopped early; Error a problem that ended it (a fault, a timing leak).
	Stopped bool   `json:"stopped,omitempty"`
	Error   string `json:"error,omitempty"`
}

// CPAPoint is a CPA checkpoint: per key part, the right key's |ρ| and the best wrong guess's.
type CPAPoint struct {
	Traces int       `json:"traces"`
	Right  []float64 `json:"right"`
	Wrong  []float64 `json:"wrong"`
}

// LeakWindow is the stretch of a trace a TVLA judges.
type LeakWindow struct {
	From      string `json:"from"`       // the label whose first execution opens it
	To        string `json:"to"`         // the label whose next execution closes it
	FromCycle int    `json:"from_cycle"` // the first cycle judged
	ToCycle   int    `json:"to_cycle"`   // the first cycle after it
}

// stackShadow is how many bytes below the harness's initial SP a trace keeps a copy of.
const stackShadow = 256

// tracer produces the simulated power traces of one call: the harness's machine with the store
// record on, stepped one instruction at a time.
type tracer struct {
	h      *harness
	m      *emu.Machine
	model  leak.Model
	sigma  float64
	seed   uint64
	sregAt uint16
	buf    []float64
	pcs    []uint32 // per cycle, of the first trace

	unchecked bool
	sum       int // cycles per sample
}

// Leak runs a leakage assessment of image im. Bad options are an error; a problem of the routine (it
// faults, gets an input wrong, runs for different cycles on different inputs) is the report's Error.
func Leak(im *asm.Image, o LeakOptions) (*LeakReport, error) {
	if o.Test == "" {
		o.Test = LeakTVLA
	}
	if o.Test != LeakTVLA && o.Test != LeakCPA {
		return nil, fmt.Errorf("unknown leakage test %q (known: tvla, cpa)", o.Test)
	}
	if o.Order == 0 {
		o.Order = 1
	}
	if o.Order != 1 && o.Order != 2 {
		return nil, fmt.Errorf("t-test order %d: want 1 or 2", o.Order)
	}
	if o.Traces == 0 {
		o.Traces = DefaultLeakTraces
	}
	if o.Traces < 2 || o.Traces > MaxLeakTraces {
		return nil, fmt.Errorf("%d traces: want 2..%d", o.Traces, MaxLeakTraces)
	}
	if o.Noise < 0 {
		o.Noise = DefaultLeakNoise
	}
	if math.IsNaN(o.Noise) || math.IsInf(o.Noise, 0) || o.Noise > 1000 {
		return nil, fmt.Errorf("noise %g: want 0..1000", o.Noise)
	}
	if o.Model == 0 {
		o.Model = leak.Both
	}
	if o.Sum < 0 || o.Sum > 4096 {
		return nil, fmt.Errorf("-sum %d: want 1..4096", o.Sum)
	}
	if o.Sum == 0 {
		o.Sum = 1
	}
	if o.Lag < 0 || o.Lag > MaxLeakLag || (o.Lag > 0 && o.Order != 2) {
		return nil, fmt.Errorf("lag %d: want 0, or 1..%d with order 2", o.Lag, MaxLeakLag)
	}
	o.Vectors = -1
	if o.MaxCycles == 0 {
		o.MaxCycles = MaxLeakCycles
	}
	h, rep, err := prepare(im, o.Options)
	if err != nil {
		return nil, err
	}
	lr := &LeakReport{Task: rep.Task, Call: rep.Call, Device: rep.Device, Test: o.Test, Model: o.Model.String(),
		Noise: o.Noise, Seed: o.Seed, Threshold: leak.Threshold, OverThreshold: []LeakPoint{}}
	if o.Test == LeakTVLA {
		lr.Order = o.Order
	}
	if rep.Error != "" {
		lr.Error = rep.Error
		return lr, nil
	}
	if h.t.Kind != KindCipher {
		lr.Error = fmt.Sprintf("task %s is a kernel: the leakage tests take a block cipher's call (fixed vs random block, a key)", h.t.ID)
		return lr, nil
	}
	tr := &tracer{h: h, model: o.Model, sum: o.Sum, sigma: o.Noise, seed: o.Seed, sregAt: h.dev.SREG, unchecked: o.unchecked}
	tr.m = emu.New(h.dev, im.Flash, emu.Config{Writes: true})
	if o.Test == LeakCPA {
		h.leakCPA(tr, o, lr)
	} else {
		h.leakTVLA(tr, o, lr)
	}
	return lr, nil
}

// trace runs the call on v and returns its samples (noise for trace i added), reused between
// calls, or a problem.
func (tr *tracer) trace(v *testVector, i int, keepPCs bool) ([]float64, string) {
	h, m := tr.h, tr.m
	h.setup(m, v)
	m.ResetWrites()
	var regs [32]byte
	for r := range regs {
		regs[r] = m.Reg(r)
	}
	sreg := m.SREG()
	buf := tr.buf[:0]
	if keepPCs {
		tr.pcs = tr.pcs[:0]
	}
	limit := h.opts.MaxCycles
	// A copy of the top of the stack, kept up to date from the store record and the pushes, gives
	// the byte a push or call overwrites (for its HD) without reading the machine before every step.
	top := h.spStart
	var shadow [stackShadow]byte
	for k := range shadow {
		shadow[k] = m.ReadData(top - uint16(k))
	}
	old := func(a uint16) byte {
		if d := top - a; a <= top && d < stackShadow {
			return shadow[d]
		}
		return m.ReadData(a)
	}
	for {
		pc, sp := m.PC(), m.SP()
		var stack [3]byte // the bytes a push or call may overwrite
		if top-sp >= stackShadow-3 || sp > top {
			for k := range stack {
				stack[k] = old(sp - uint16(k))
			}
		}
		s := m.Step()
		c := m.Cycles()
		if c > limit {
			return nil, fmt.Sprintf("the call did not return within %d cycles", limit)
		}
		var e float64
		for r := range regs {
			if nv := m.Reg(r); nv != regs[r] {
				e += tr.model.Write(regs[r], nv)
				regs[r] = nv
			}
		}
		if nv := m.SREG(); nv != sreg {
			e += tr.model.Write(sreg, nv)
			sreg = nv
		}
		for _, w := range m.Writes() {
			if w.Addr != tr.sregAt {
				e += tr.model.Write(w.Old, w.New)
			}
			if d := top - w.Addr; w.Addr <= top && d < stackShadow {
				shadow[d] = w.New
			}
		}
		m.ResetWrites()
		if nsp := m.SP(); nsp < sp && sp-nsp <= 3 { // a push or a call: the bytes below the old SP
			for k := uint16(0); k < sp-nsp; k++ {
				a := sp - k
				o := stack[k]
				if d := top - a; a <= top && d < stackShadow {
					o = shadow[d]
				}
				nv := m.ReadData(a)
				e += tr.model.Write(o, nv)
				if d := top - a; a <= top && d < stackShadow {
					shadow[d] = nv
				}
			}
		}
		for len(buf) < int(c) {
			buf = append(buf, 0)
			if keepPCs {
				tr.pcs = append(tr.pcs, pc*2)
			}
		}
		if c > 0 {
			buf[c-1] += e // an instruction's writes land in its last cycle
		}
		switch s.Reason {
		case emu.StopNone:
			continue
		case emu.StopReturn:
		default:
			if p := h.stopProblem(m, s); p != "" {
				return nil, p
			}
			return nil, fmt.Sprintf("the call stopped with %s", s)
		}
		break
	}
	if p := h.checkOutput(m, v); p != "" && !tr.unchecked {
		return nil, p
	}
	if tr.sigma > 0 {
		rng := leak.Noise(tr.seed, i)
		for k := range buf {
			buf[k] += tr.sigma * rng.NormFloat64()
		}
	}
	tr.buf = buf
	if tr.sum > 1 {
		k := tr.sum
		out := buf[:0]
		for j := 0; j < len(buf); j += k {
			v := 0.0
			for _, x := range buf[j:min(j+k, len(buf))] {
				v += x
			}
			out = append(out, v) // in place: sample j/k is written after cycles j.. are read
		}
		return out, ""
	}
	return buf, ""
}

// checkOutput returns a problem when the call's output is not what v expects.
func (h *harness) checkOutput(m *emu.Machine, v *testVector) string {
	for _, b := range h.bufs {
		want, ok := v.want[b.Role]
		if !ok {
			continue
		}
		if got := m.Data(b.addr, b.size); string(got) != string(want) {
			return fmt.Sprintf("wrong output in %s: got %x, want %x", b.Role, got, want)
		}
	}
	return ""
}

// leakVector is the call's vector for key and block, with fresh random bytes for rand.
func (h *harness) leakVector(key, block []byte, rng *rand.Rand) *testVector {
	t := h.t
	v := &testVector{in: map[Role][]byte{}, want: map[Role][]byte{}, key: key}
	v.rk = t.ref.RoundKeys(key)
	ct := make([]byte, t.BlockBytes)
	t.ref.Encrypt(ct, block, key)
	in, want := block, ct
	if h.sc.Decrypt {
		in = ct
		want = block
	}
	v.in[RoleBlock], v.in[RoleIn], v.in[RoleKey], v.in[RoleRK] = in, in, key, v.rk
	if h.call.has(RoleRand) {
		r := make([]byte, RandBytes)
		fill(rng, r)
		v.in[RoleRand] = r
	}
	switch {
	case h.call.has(RoleBlock):
		v.want[RoleBlock] = want
	case h.call.has(RoleOut):
		v.want[RoleOut] = want
	default:
		v.want[RoleRKOut] = v.rk
	}
	return v
}

// traceRNG is trace i's source of inputs: (seed, i) alone decide them.
func traceRNG(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^0x7476_6c61, uint64(i)))
}

func (h *harness) leakTVLA(tr *tracer, o LeakOptions, lr *LeakReport) {
	t := h.t
	key, fixed := t.OfficialKey, t.OfficialPlain
	passes := 1
	if o.Lag > 0 {
		passes = 2
	}
	// gen simulates trace i: its class and input come from (seed, i) alone, so the second pass of
	// the bivariate test regenerates exactly the traces of the first.
	gen := func(i int) ([]float64, int, string) {
		rng := traceRNG(o.Seed, i)
		class := rng.IntN(2)
		blk := fixed
		if class == 1 {
			blk = make([]byte, t.BlockBytes)
			fill(rng, blk)
		}
		x, p := tr.trace(h.leakVector(key, blk, rng), i, i == 0)
		return x, class, p
	}
	var tt *leak.TTest
	var ref int
	order := o.Order
	if o.Lag > 0 {
		order = 1 // the first pass only needs the class means
	}
	for i := 0; i < o.Traces; i++ {
		if o.Stop != nil && o.Stop() {
			lr.Stopped = true
			break
		}
		x, class, p := gen(i)
		if p != "" {
			lr.Error = fmt.Sprintf("trace %d: %s", i, p)
			break
		}
		if i == 0 {
			ref = len(x)
			if ref > MaxLeakCycles {
				lr.Error = fmt.Sprintf("the call takes %d cycles; the leakage tests take at most %d", ref, MaxLeakCycles)
				return
			}
			tt = leak.NewTTest(ref, order)
		}
		if len(x) != ref {
			lr.Error = fmt.Sprintf("timing leak: trace %d (%s input) takes %d cycles, trace 0 took %d; the t-test needs traces of one length",
				i, []string{"fixed", "random"}[class], len(x), ref)
			break
		}
		tt.Add(x, class)
		lr.Traces = i + 1
		if h.opts.Progress != nil {
			h.opts.Progress(i+1, passes*o.Traces)
		}
	}
	if tt == nil {
		return
	}
	lr.Fixed, lr.Random = tt.Count()
	lr.Cycles = tt.Samples()
	lr.Sum = o.Sum
	lr.PCs = append([]uint32(nil), tr.pcs...)
	if o.Sum > 1 {
		pcs := make([]uint32, 0, ref)
		for c := 0; c < len(tr.pcs); c += o.Sum {
			pcs = append(pcs, tr.pcs[c])
		}
		lr.PCs = pcs
	}
	lo, hi := 0, ref
	if o.Window[0] != "" || o.Window[1] != "" {
		w, msg := h.window(o.Window, tr.pcs)
		if msg != "" {
			lr.Error = msg
			return
		}
		lr.Window = w
		lo, hi = (w.FromCycle+o.Sum-1)/o.Sum, w.ToCycle/o.Sum // samples wholly inside
	}
	if o.Lag > 0 && lr.Error == "" && !lr.Stopped {
		h.bivariate(tr, o, lr, tt, gen, lo, hi)
		return
	}
	lr.T = tt.T(o.Order)
	for j, v := range lr.T {
		a := math.Abs(v)
		c := j * o.Sum
		if j < lo || j >= hi {
			lr.OutsideMaxAbsT = math.Max(lr.OutsideMaxAbsT, a)
			continue
		}
		if a > lr.MaxAbsT || lr.MaxAt == nil {
			lr.MaxAbsT = a
			p := h.point(tr.pcs, c, v)
			lr.MaxAt = &p
		}
		if a > leak.Threshold {
			lr.OverThreshold = append(lr.OverThreshold, h.point(tr.pcs, c, v))
		}
	}
}

// bivariate is the second pass of the bivariate second-order test: the same traces again, each
// sample centred on its class's mean from the first pass, and a first-order Welch t-test on the
// centred products of every pair of samples 1..Lag apart (Schneider and Moradi's centred product,
// lascar's CenteredProductProcessing over a band of pairs). Memory is samples × Lag × classes. T per
// sample is the pair from that sample with the largest |t|; a point names both cycles.
func (h *harness) bivariate(tr *tracer, o LeakOptions, lr *LeakReport, first *leak.TTest, gen func(int) ([]float64, int, string), lo, hi int) {
	n, lag := first.Samples(), o.Lag
	if n*lag > maxLeakPairs {
		lr.Error = fmt.Sprintf("the bivariate test would pair %d samples × lag %d = %d pairs, over %d: lower -lag or add cycles into samples (-sum)", n, lag, n*lag, maxLeakPairs)
		return
	}
	mean := [2][]float64{append([]float64(nil), first.Mean(0)...), append([]float64(nil), first.Mean(1)...)}
	pt := leak.NewTTest(n*lag, 1)
	prod := make([]float64, n*lag)
	d := make([]float64, n)
	for i := 0; i < lr.Traces; i++ {
		if o.Stop != nil && o.Stop() {
			lr.Stopped = true
			break
		}
		x, class, p := gen(i)
		if p != "" || len(x) != n {
			lr.Error = fmt.Sprintf("trace %d differs on its second run: %s", i, p)
			return
		}
		for s, v := range x {
			d[s] = v - mean[class][s]
		}
		for s := range n {
			row := prod[s*lag : s*lag+lag]
			for k := range row {
				if s+k+1 < n {
					row[k] = d[s] * d[s+k+1]
				} else {
					row[k] = 0
				}
			}
		}
		pt.Add(prod, class)
		if h.opts.Progress != nil {
			h.opts.Progress(lr.Traces+i+1, 2*o.Traces)
		}
	}
	tp := pt.T(1)
	lr.T = make([]float64, n)
	lr.Lag = lag
	for s := range n {
		for k := range lag {
			s2 := s + k + 1
			v := tp[s*lag+k]
			if s2 >= n {
				continue
			}
			a := math.Abs(v)
			if a > math.Abs(lr.T[s]) {
				lr.T[s] = v
			}
			if s < lo || s2 >= hi {
				lr.OutsideMaxAbsT = math.Max(lr.OutsideMaxAbsT, a)
				continue
			}
			if a > lr.MaxAbsT || lr.MaxAt == nil {
				lr.MaxAbsT = a
				p := h.pairPoint(tr.pcs, s*o.Sum, s2*o.Sum, v)
				lr.MaxAt = &p
			}
			if a > leak.Threshold {
				lr.OverThreshold = append(lr.OverThreshold, h.pairPoint(tr.pcs, s*o.Sum, s2*o.Sum, v))
			}
		}
	}
}

// pairPoint describes a pair of cycles c < c2 of a bivariate test.
func (h *harness) pairPoint(pcs []uint32, c, c2 int, v float64) LeakPoint {
	p := h.point(pcs, c, v)
	q := h.point(pcs, c2, v)
	p.Cycle2, p.Where2 = c2, q.Where
	return p
}

// window finds the cycles of labels w[0] and w[1] in trace 0 (pcs: flash byte address per cycle).
func (h *harness) window(w [2]string, pcs []uint32) (*LeakWindow, string) {
	var addr [2]uint32
	for i, name := range w {
		if name == "" {
			return nil, "the leak window needs two labels, FROM and TO"
		}
		if a, ok := entryAddress(name); ok {
			addr[i] = a
			continue
		}
		sym, ok := h.im.Symbol(name)
		if !ok {
			return nil, fmt.Sprintf("leak window: label %q is not defined", name)
		}
		addr[i] = uint32(sym.Value)
	}
	lw := &LeakWindow{From: w[0], To: w[1], FromCycle: -1, ToCycle: -1}
	for c, pc := range pcs {
		if lw.FromCycle < 0 && pc == addr[0] && (c == 0 || pcs[c-1] != pc) {
			lw.FromCycle = c
		} else if lw.FromCycle >= 0 && pc == addr[1] && pcs[c-1] != pc {
			lw.ToCycle = c
			break
		}
	}
	if lw.FromCycle < 0 {
		return nil, fmt.Sprintf("leak window: the call never executes %s", w[0])
	}
	if lw.ToCycle < 0 {
		return nil, fmt.Sprintf("leak window: the call never executes %s after %s", w[1], w[0])
	}
	return lw, ""
}

var leakWindowLine = regexp.MustCompile(`(?:;|//|#)\s*avrlab\s+leak\s+window:\s*(\S+)\s+(\S+)`)

// DetectLeakWindow returns the labels of a line "; avrlab leak window: FROM TO" within the first 20
// lines of src, or empty strings.
func DetectLeakWindow(src []byte) [2]string {
	lines := bytes.SplitN(src, []byte("\n"), 21)
	if len(lines) > 20 {
		lines = lines[:20]
	}
	for _, l := range lines {
		if m := leakWindowLine.FindSubmatch(l); m != nil {
			return [2]string{string(m[1]), string(m[2])}
		}
	}
	return [2]string{}
}

// point describes cycle c of a trace.
func (h *harness) point(pcs []uint32, c int, v float64) LeakPoint {
	p := LeakPoint{Cycle: c, T: v}
	if c < len(pcs) {
		p.PC = pcs[c]
		if pos, ok := h.im.SourceAt(pcs[c] / 2); ok {
			p.File, p.Line = pos.Filename, pos.Line
			p.Where = fmt.Sprintf("%s:%d", pos.Filename, pos.Line)
		}
	}
	return p
}

// cpaTarget is what a CPA attacks: per target the class of a trace (the plaintext byte or nibble),
// the right key guess, and the model per guess and class (the S-box output's Hamming weight).
type cpaTarget struct {
	name    string
	classes int
	classOf func(pt []byte) []uint8
	right   func(key []byte) []int
	sbox    []byte
}

func (h *harness) cpaTargetOf() (*cpaTarget, string) {
	switch h.t.ID {
	case "aes128":
		sb := cipher.AESSbox()
		return &cpaTarget{name: "AES-128 first-round SubBytes output, key bytes 0..15", classes: 256, sbox: sb[:],
			classOf: func(pt []byte) []uint8 { return append([]uint8(nil), pt[:16]...) },
			right: func(key []byte) []int {
				r := make([]int, 16)
				for i := range r {
					r[i] = int(key[i])
				}
				return r
			}}, ""
	case "present80":
		sb := cipher.PRESENTSbox()
		// Block and key are little-endian integers; round 1 XORs K1 = key bits 79..16 (key bytes
		// 2..9 as a little-endian integer) and applies the S-box to each nibble, nibble j = bits 4j..4j+3.
		nib := func(b []byte, j int) uint8 { return b[j/2] >> (4 * (j % 2)) & 15 }
		return &cpaTarget{name: "PRESENT-80 first-round S-box output, round-key K1 nibbles 0..15", classes: 16, sbox: sb[:],
			classOf: func(pt []byte) []uint8 {
				c := make([]uint8, 16)
				for j := range c {
					c[j] = nib(pt, j)
				}
				return c
			},
			right: func(key []byte) []int {
				r := make([]int, 16)
				for j := range r {
					r[j] = int(nib(key[2:], j))
				}
				return r
			}}, ""
	}
	return nil, fmt.Sprintf("CPA knows the first round of aes128 and present80, not of %s", h.t.ID)
}

func (h *harness) leakCPA(tr *tracer, o LeakOptions, lr *LeakReport) {
	tg, msg := h.cpaTargetOf()
	if h.sc.Decrypt {
		tg, msg = nil, "CPA attacks the first round of encryption; the decrypt scenario's first round is the last one's inverse"
	}
	if tg == nil {
		lr.Error = msg
		return
	}
	t := h.t
	lr.Target = tg.name
	key := t.OfficialKey
	right := tg.right(key)
	// The model of guess g for class c is f[c ^ g], f the S-box output's Hamming weight: the CPA
	// scores every guess at once with a Walsh-Hadamard transform (leak.CPA.ScoresXOR).
	model := make([]float64, tg.classes)
	for c := range model {
		model[c] = float64(bits.OnesCount8(tg.sbox[c]))
	}
	input := func(i int) []byte {
		rng := traceRNG(o.Seed, i)
		blk := make([]byte, t.BlockBytes)
		fill(rng, blk)
		return blk
	}
	// The samples: the first cpaSamples cycles whose noiseless leakage varies over a few inputs.
	quiet := *tr
	quiet.sigma = 0
	var base []float64
	varies := map[int]bool{}
	for i := 0; i < 16; i++ {
		rng := traceRNG(o.Seed^0x5eed, i)
		blk := make([]byte, t.BlockBytes)
		fill(rng, blk)
		x, p := quiet.trace(h.leakVector(key, blk, rng), i, i == 0)
		if p != "" {
			lr.Error = fmt.Sprintf("trace: %s", p)
			return
		}
		if i == 0 {
			base = append([]float64(nil), x...)
			tr.pcs = quiet.pcs
			continue
		}
		if len(x) != len(base) {
			lr.Error = fmt.Sprintf("timing leak: the call takes %d or %d cycles by input", len(base), len(x))
			return
		}
		for c := range x {
			if x[c] != base[c] {
				varies[c] = true
			}
		}
	}
	var idx []int
	for c := range base {
		if varies[c] && len(idx) < cpaSamples {
			idx = append(idx, c)
		}
	}
	lr.Cycles = len(base)
	if len(idx) == 0 {
		lr.Error = "no cycle's leakage depends on the input"
		return
	}
	cpa := leak.NewCPA(len(idx), len(right), tg.classes)
	lr.TracesToRank0 = make([]int, len(right))
	for k := range lr.TracesToRank0 {
		lr.TracesToRank0[k] = -1
	}
	sample := make([]float64, len(idx))
	for i := 0; i < o.Traces; i++ {
		if o.Stop != nil && o.Stop() {
			lr.Stopped = true
			break
		}
		blk := input(i)
		x, p := tr.trace(h.leakVector(key, blk, traceRNG(o.Seed^0x6d61736b, i)), i, false)
		if p != "" {
			lr.Error = fmt.Sprintf("trace %d: %s", i, p)
			break
		}
		if len(x) != len(base) {
			lr.Error = fmt.Sprintf("timing leak: trace %d takes %d cycles, others %d", i, len(x), len(base))
			break
		}
		for k, c := range idx {
			sample[k] = x[c]
		}
		cpa.Add(sample, tg.classOf(blk))
		lr.Traces = i + 1
		if h.opts.Progress != nil {
			h.opts.Progress(i+1, o.Traces)
		}
		if isCheckpoint(i+1) || i+1 == o.Traces {
			h.cpaCheckpoint(cpa, model, right, lr)
		}
	}
	if lr.Stopped && !isCheckpoint(lr.Traces) && lr.Traces >= 2 {
		h.cpaCheckpoint(cpa, model, right, lr)
	}
}

// isCheckpoint reports whether the CPA ranks the keys after n traces: n = 10, 15, 20, 30, 50, 70
// times a power of ten (and after the last trace), so that traces_to_rank0 is one of those counts.
func isCheckpoint(n int) bool {
	for p := 1; p <= n; p *= 10 {
		for _, m := range []int{10, 15, 20, 30, 50, 70} {
			if m*p == n {
				return true
			}
		}
	}
	return false
}

// cpaCheckpoint ranks every target's right key after the traces so far and keeps traces_to_rank0:
// the checkpoint from which the rank stayed 0.
func (h *harness) cpaCheckpoint(cpa *leak.CPA, model []float64, right []int, lr *LeakReport) {
	n := cpa.Traces()
	lr.KeyRanks = make([]int, len(right))
	lr.RightCorr = make([]float64, len(right))
	lr.WrongCorr = make([]float64, len(right))
	scores := make([][]float64, len(right))
	var wg sync.WaitGroup
	for k := range right { // the targets are independent: one goroutine each (Scores only reads)
		wg.Add(1)
		go func() {
			defer wg.Done()
			scores[k] = cpa.ScoresXOR(k, model)
		}()
	}
	wg.Wait()
	for k, r := range right {
		sc := scores[k]
		lr.KeyRanks[k] = leak.Rank(sc, r)
		lr.RightCorr[k] = sc[r]
		for g, s := range sc {
			if g != r && s > lr.WrongCorr[k] {
				lr.WrongCorr[k] = s
			}
		}
		switch {
		case lr.KeyRanks[k] != 0:
			lr.TracesToRank0[k] = -1
		case lr.TracesToRank0[k] < 0:
			lr.TracesToRank0[k] = n
		}
	}
	lr.History = append(lr.History, CPAPoint{Traces: n, Right: lr.RightCorr, Wrong: lr.WrongCorr})
}

// LeakProgram assembles program p (task, call and device from its lines where o leaves them empty)
// and runs Leak on it. When assembly fails it returns the asm.ErrorList and no report.
func LeakProgram(p Program, o LeakOptions) (*LeakReport, *asm.Image, error) {
	if len(p.Files) == 0 {
		return nil, nil, ErrNoSources
	}
	if len(p.Files) == 1 && len(p.Include) == 0 && p.Dialect == "" {
		// An avr-gcc ELF or an Intel HEX file, as BenchFile loads it (-task must name the task).
		if data, err := readProgram(p.FS, p.Files[0]); err == nil {
			dev := o.Device
			if t := LookupTask(normalizeID(o.Task)); t != nil && dev == "" {
				dev = t.Device
			}
			if im, ok, err := LoadBinary(data, dev); ok {
				if err != nil {
					return nil, nil, fmt.Errorf("%s: %w", p.Files[0], err)
				}
				if o.Task == "" {
					return nil, im, ErrNoTask
				}
				o.Linked = true
				lr, err := Leak(im, o)
				return lr, im, err
			}
		}
	}
	im, opts, err := p.image(o.Options)
	if err != nil {
		return nil, im, err
	}
	if opts.Task == "" {
		return nil, im, ErrNoTask
	}
	o.Options = opts
	if o.Window == [2]string{} {
		for _, f := range p.Files {
			if src, err := asm.ReadSource(p.FS, f, MaxSourceBytes); err == nil {
				if w := DetectLeakWindow(src); w[0] != "" {
					o.Window = w
					break
				}
			}
		}
	}
	lr, err := Leak(im, o)
	return lr, im, err
}
