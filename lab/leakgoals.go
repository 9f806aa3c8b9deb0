package lab

import (
	"math"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab/leak"
)

// The leakage goal kinds of an exercise (see Goal).
const (
	GoalLeakFirstOrder = "leak-first-order" // first-order TVLA: max |t| under leak.Threshold
	GoalCPAResists     = "cpa-resists"      // CPA of N traces: no key part at rank 0
)

// LeakSettings are an exercise's settings for its leakage goals (tests.txt). The zero value means
// the defaults: model both, 2000 traces, σ 1, one cycle per sample, the whole call.
type LeakSettings struct {
	Model  string    `json:"model,omitempty"`
	Traces int       `json:"traces,omitempty"`
	Noise  *float64  `json:"noise,omitempty"`
	Sum    int       `json:"sum,omitempty"`
	Window [2]string `json:"window,omitempty"`
}

func (s *LeakSettings) set(key, val string) error {
	switch key {
	case "leak-model":
		if _, err := leak.ParseModel(val); err != nil {
			return err
		}
		s.Model = val
	case "leak-traces":
		v, err := strconv.Atoi(val)
		if err != nil || v < 2 || v > MaxLeakTraces {
			return textf.Errorf("leak-traces %q: want 2..%d", val, MaxLeakTraces)
		}
		s.Traces = v
	case "leak-noise":
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > 1000 {
			return textf.Errorf("leak-noise %q: want 0..1000", val)
		}
		s.Noise = &v
	case "leak-sum":
		v, err := strconv.Atoi(val)
		if err != nil || v < 1 || v > 4096 {
			return textf.Errorf("leak-sum %q: want 1..4096", val)
		}
		s.Sum = v
	case "leak-window":
		f := strings.Fields(val)
		if len(f) != 2 {
			return textf.Errorf("leak-window %q: want two labels, FROM TO", val)
		}
		s.Window = [2]string{f[0], f[1]}
	}
	return nil
}

// options returns the LeakOptions of a goal's test on the call opts describes.
func (s LeakSettings) options(opts Options) LeakOptions {
	o := LeakOptions{Options: opts, Traces: s.Traces, Noise: -1, Sum: s.Sum, Window: s.Window}
	if s.Noise != nil {
		o.Noise = *s.Noise
	}
	if s.Model != "" {
		o.Model, _ = leak.ParseModel(s.Model)
	}
	o.Progress = nil
	return o
}

// HasLeakGoals reports whether goals include a leakage goal.
func HasLeakGoals(goals []GoalResult) bool {
	for _, r := range goals {
		if r.Goal.Metric == GoalLeakFirstOrder || r.Goal.Metric == GoalCPAResists {
			return true
		}
	}
	return false
}

// CheckLeakGoals runs the leakage test of every leakage goal in results (from CheckGoals, which
// leaves them unmeasured) on image im, the call opts describes (the bench's options), with the
// exercise's settings s, and fills in their results. A goal counts only for a routine that passes
// the bench (rep). The window is s.Window, never the source's own "; avrlab leak window:" line: the
// student's source must not choose what is judged.
func CheckLeakGoals(im *asm.Image, opts Options, s LeakSettings, rep *Report, results []GoalResult) {
	if rep != nil {
		// The call measured is the one the bench resolved (task, scenario, call, device); the seed,
		// the round-key symbol and the engine are the caller's.
		opts.Task, opts.Scenario, opts.Call, opts.Device, opts.Progress = rep.Task, rep.Scenario, rep.Call, rep.Device, nil
	}
	path, checked := "", false
	for i := range results {
		r := &results[i]
		g := r.Goal
		if g.Metric != GoalLeakFirstOrder && g.Metric != GoalCPAResists {
			continue
		}
		r.Met = false
		if rep == nil || !rep.Pass {
			r.Got = "not measured: counts only once every vector passes"
			continue
		}
		if !checked {
			path, checked = benchedPath(im, opts), true
		}
		if path != "" {
			r.Got = "not measured: " + path
			continue
		}
		o := s.options(opts)
		if g.Metric == GoalCPAResists {
			o.Test, o.Traces = LeakCPA, int(g.Value)
		}
		lr, err := Leak(im, o)
		switch {
		case err != nil:
			r.Got = "not measured: " + err.Error()
		case lr.Error != "":
			r.Got = "not measured: " + lr.Error
		case g.Metric == GoalLeakFirstOrder:
			r.Met, r.Got = confirmLeak(im, o, lr)
			// The window's labels are the source's: one moved next to the other left the leak outside.
			if w := lr.Window; w != nil && 2*uint64(w.ToCycle-w.FromCycle) < rep.CyclesMax {
				r.Met = false
				r.Got += textf.Sprintf(", but the window holds %d of the call's %d cycles (a leakage goal judges at least half)",
					w.ToCycle-w.FromCycle, rep.CyclesMax)
			}
		default:
			r.Met, r.Got = confirmCPA(im, o, lr)
		}
	}
}

// confirmSeed turns a leakage test's seed into the seed of its confirming set: a second, independent
// set of traces (as unpredictable as the first seed, which grade draws afresh).
const confirmSeed = 0x636f6e6669726d

// confirmingSet runs the test of o again on a second, independent set of as many traces (seed
// o.Seed ^ confirmSeed). It returns nil and the reason, worded to follow a goal's line, when that set
// could not be measured.
func confirmingSet(im *asm.Image, o LeakOptions) (*LeakReport, string) {
	o.Seed ^= confirmSeed
	second, err := Leak(im, o)
	switch {
	case err != nil:
		return nil, "; the confirming set not measured: " + err.Error()
	case second.Error != "":
		return nil, "; the confirming set not measured: " + second.Error
	}
	return second, ""
}

// confirmLeak judges a first-order goal from the test lr of options o, as TVLA's two-set rule does
// (Goodwill et al. 2011; ISO/IEC 17825): a leak is a cycle over the threshold in lr and again in a
// second, independent set of as many traces. Over thousands of cycles one set alone puts some cycle
// of a sound masked routine over 4.5 by chance now and then, which would fail a good submission on a
// seed. A leak of the unmasked kind (|t| in the tens) is over the threshold in both sets.
func confirmLeak(im *asm.Image, o LeakOptions, lr *LeakReport) (met bool, got string) {
	got = textf.Sprintf("max |t| %.2f over %d traces (model %s)", lr.MaxAbsT, lr.Traces, lr.Model)
	if lr.MaxAbsT < leak.Threshold {
		return true, got
	}
	second, why := confirmingSet(im, o)
	if second == nil {
		return false, got + why
	}
	over := map[int]bool{}
	for _, p := range second.OverThreshold {
		over[p.Cycle] = true
	}
	for _, p := range lr.OverThreshold {
		if over[p.Cycle] {
			return false, got + textf.Sprintf(", at cycle %d (%s), confirmed by a second set of %d traces", p.Cycle, p.Where, second.Traces)
		}
	}
	return true, got + textf.Sprintf("; not confirmed by a second set of %d traces (max |t| %.2f there, no cycle over %.1f in both)",
		second.Traces, second.MaxAbsT, leak.Threshold)
}

// confirmCPA judges a cpa-resists goal from the attack lr of options o with the same two-set rule: a
// key part is broken when the right key is at rank 0 in lr and again in a second, independent set of
// as many traces. Where nothing leaks, the right key of each of 16 parts is at rank 0 with
// probability 1/256, so one set alone failed a sound routine on about one run in sixteen.
func confirmCPA(im *asm.Image, o LeakOptions, lr *LeakReport) (met bool, got string) {
	var first []int
	for i, k := range lr.KeyRanks {
		if k == 0 {
			first = append(first, i)
		}
	}
	got = textf.Sprintf("%d of %d key parts at rank 0 after %d traces", len(first), len(lr.KeyRanks), lr.Traces)
	if len(first) == 0 {
		return true, got
	}
	second, why := confirmingSet(im, o)
	if second == nil {
		return false, got + why
	}
	broken := 0
	for _, i := range first {
		if i < len(second.KeyRanks) && second.KeyRanks[i] == 0 {
			broken++
		}
	}
	if broken == 0 {
		return true, got + textf.Sprintf("; none confirmed by a second set of %d traces", second.Traces)
	}
	return false, got + textf.Sprintf(", %d confirmed by a second set of %d traces", broken, second.Traces)
}

// benchedPath returns "" when the routine, called on one input from the leakage traces' start (zero
// registers and SRAM) and from a bench call's (planted registers, SRAM noise), executes the same
// addresses for as many cycles; else why the leakage goals would not judge the code the bench
// measured. A routine that told the two starts apart (r2..r7 all zero) ran its masked AES in the
// leakage traces and an unmasked one in the bench, which measured 5935 cycles for it against the
// masked code's 9477 with every goal met (TestRedTeamLeakTwoFaced).
func benchedPath(im *asm.Image, opts Options) string {
	opts.Vectors, opts.MaxCycles = -1, MaxLeakCycles
	h, rep, err := prepare(im, opts)
	if err != nil || rep.Error != "" || h.t.Kind != KindCipher {
		return "" // the leakage test says what is wrong
	}
	key, blk := h.leakSecrets(opts.Seed)
	v := h.leakVector(key, blk, traceRNG(opts.Seed, 0))
	m := emu.New(h.dev, im.Flash, emu.Config{TraceHash: true, Present: im.Present})
	h.run(m, v)
	hash, cycles := m.TraceHash(), m.Cycles()
	h.plant(v, 0)
	h.run(m, v)
	if hash == m.TraceHash() && cycles == m.Cycles() {
		return ""
	}
	return textf.Sprintf("the routine takes another path from the leakage traces' start (zero registers and SRAM, %d cycles) "+
		"than from a bench call's (planted registers and SRAM noise, %d cycles): the leakage tests would not judge the code the bench measured",
		cycles, m.Cycles())
}
