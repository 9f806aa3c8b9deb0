package lab

import (
	"math"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab/leak"
)

// The leakage assessment of a task's call (avrlab leak, the page's Leakage pane): this file holds its
// options, report and entry points; leaktrace.go the simulated traces, leaktvla.go the t-tests,
// leakcpa.go the CPA, leakgoals.go the exercise goals. The arithmetic is package lab/leak's.

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
	// Partial, when set, receives the univariate t-test's t per sample after every tenth of the
	// traces (not the last: that is the report), for a plot that fills in as the run goes.
	Partial func(traces int, t []float64) `json:"-"`

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

// Leak runs a leakage assessment of image im. Bad options are an error; a problem of the routine (it
// faults, gets an input wrong, runs for different cycles on different inputs) is the report's Error.
func Leak(im *asm.Image, o LeakOptions) (*LeakReport, error) {
	if o.Test == "" {
		o.Test = LeakTVLA
	}
	if o.Test != LeakTVLA && o.Test != LeakCPA {
		return nil, textf.Errorf("unknown leakage test %q (known: tvla, cpa)", o.Test)
	}
	if o.Order == 0 {
		o.Order = 1
	}
	if o.Order != 1 && o.Order != 2 {
		return nil, textf.Errorf("t-test order %d: want 1 or 2", o.Order)
	}
	if o.Traces == 0 {
		o.Traces = DefaultLeakTraces
	}
	if o.Traces < 2 || o.Traces > MaxLeakTraces {
		return nil, textf.Errorf("%d traces: want 2..%d", o.Traces, MaxLeakTraces)
	}
	if o.Noise < 0 {
		o.Noise = DefaultLeakNoise
	}
	if math.IsNaN(o.Noise) || math.IsInf(o.Noise, 0) || o.Noise > 1000 {
		return nil, textf.Errorf("noise %g: want 0..1000", o.Noise)
	}
	if o.Model == 0 {
		o.Model = leak.Both
	}
	if o.Sum < 0 || o.Sum > 4096 {
		return nil, textf.Errorf("-sum %d: want 1..4096", o.Sum)
	}
	if o.Sum == 0 {
		o.Sum = 1
	}
	if o.Lag < 0 || o.Lag > MaxLeakLag || (o.Lag > 0 && o.Order != 2) {
		return nil, textf.Errorf("lag %d: want 0, or 1..%d with order 2", o.Lag, MaxLeakLag)
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
		lr.Error = textf.Sprintf("task %s is a kernel: the leakage tests take a block cipher's call (fixed vs random block, a key)", h.t.ID)
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

// LeakProgram assembles program p (task, call and device from its lines where o leaves them empty)
// and runs Leak on it. When assembly fails it returns the asm.ErrorList and no report.
func LeakProgram(p Program, o LeakOptions) (*LeakReport, *asm.Image, error) {
	im, opts, err := p.Image(o.Options) // an ELF or HEX file as BenchFile loads it (-task names the task)
	if err != nil {
		return nil, im, err
	}
	if opts.Task == "" {
		return nil, im, ErrNoTask
	}
	o.Options = opts
	if o.Window == [2]string{} && !opts.Linked {
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
