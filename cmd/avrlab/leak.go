package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/leak"
)

// cmdLeak is `avrlab leak`: a leakage assessment (TVLA or CPA) of a task's call on simulated power
// traces (see lab.Leak).
func cmdLeak(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("leak", "[-test tvla|cpa] [-order 1|2] [-traces N] [-noise SIGMA] [-model hw|hd|both] [-seed N] [-task ID] [-call SPEC] [-device NAME] [-D ...] [-json] FILE...", stderr)
	test := fl.String("test", lab.LeakTVLA, "tvla: fixed-vs-random Welch t-test; cpa: correlation power analysis on the first-round S-box output (aes128, present80)")
	order := fl.Int("order", 1, "t-test order: 1, or 2 (univariate, on (x - mean)^2)")
	traces := fl.Int("traces", lab.DefaultLeakTraces, fmt.Sprintf("`N` simulated traces (2..%d)", lab.MaxLeakTraces))
	noise := fl.Float64("noise", lab.DefaultLeakNoise, "σ of the Gaussian noise added to every cycle's sample (0: noiseless)")
	model := fl.String("model", "both", "leakage model: hw (Hamming weight of each value written), hd (Hamming distance old to new), both (their sum)")
	seed := fl.Uint64("seed", 0, "seed of the inputs, masks and noise")
	task := fl.String("task", "", "task ID (default: the \"; avrlab task: ID\" line of the source)")
	call := fl.String("call", "", "call spec `NAME(ARG, ...)` (default: the \"; avrlab call:\" line, else the scenario's); ARG rand passes fresh random bytes (masks)")
	scen := fl.String("scenario", "", "scenario (default: the task's): "+strings.Join(lab.Scenarios(), ", "))
	dev := taskDeviceFlag(fl)
	defs := defines{}
	fl.Var(defs, "D", "define a preprocessor macro NAME[=VALUE] (repeatable)")
	var incs includeDirs
	fl.Var(&incs, "I", "search `DIR` for .include files (repeatable)")
	dialect := dialectFlag(fl)
	maxc := fl.Uint64("max-cycles", lab.MaxLeakCycles, fmt.Sprintf("cycle limit `N` of one call (1..%d)", lab.MaxLeakCycles))
	lag := fl.Int("lag", 0, fmt.Sprintf("with -order 2: bivariate test, the centred product of every pair of samples at most `D` apart (1..%d; a second pass regenerates the traces); 0: univariate", lab.MaxLeakLag))
	sum := fl.Int("sum", 1, "add `K` consecutive cycles into one sample (a lower-bandwidth capture; lets -order 2 see shares written within K cycles)")
	window := fl.String("window", "", "judge only cycles `FROM:TO`, two labels: from the first execution of FROM to the next of TO (default: the \"; avrlab leak window: FROM TO\" line, else the whole call)")
	asJSON := fl.Bool("json", false, "print one JSON object")
	if fl.Parse(gccArgs(args)) != nil {
		return 2
	}
	if fl.NArg() < 1 {
		fl.Usage()
		return 2
	}
	m, err := leak.ParseModel(*model)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: -model: %v\n", err)
		return 2
	}
	if *test != lab.LeakTVLA && *test != lab.LeakCPA {
		fmt.Fprintf(stderr, "avrlab: -test %q: want tvla or cpa\n", *test)
		return 2
	}
	if !intFlagIn(stderr, "order", *order, 1, 2) || !intFlagIn(stderr, "traces", *traces, 2, lab.MaxLeakTraces) {
		return 2
	}
	if !intFlagIn(stderr, "sum", *sum, 1, 4096) || !intFlagIn(stderr, "lag", *lag, 0, lab.MaxLeakLag) {
		return 2
	}
	if *lag > 0 && *order != 2 {
		fmt.Fprintf(stderr, "avrlab: -lag needs -order 2\n")
		return 2
	}
	if math.IsNaN(*noise) || *noise < 0 || *noise > 1000 {
		fmt.Fprintf(stderr, "avrlab: -noise must be between 0 and 1000\n")
		return 2
	}
	if *maxc == 0 || *maxc > lab.MaxLeakCycles {
		fmt.Fprintf(stderr, "avrlab: -max-cycles must be between 1 and %d\n", lab.MaxLeakCycles)
		return 2
	}
	cp, err := openProgram(fl.Args(), incs)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 1
	}
	defer cp.done()
	if err := setDialect(cp, *dialect); err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return 2
	}
	o := lab.LeakOptions{Options: lab.Options{Task: *task, Scenario: *scen, Call: *call, Device: *dev, Defines: defs,
		Seed: *seed, MaxCycles: *maxc}, Test: *test, Order: *order, Traces: *traces, Noise: *noise, Model: m, Sum: *sum, Lag: *lag}
	if *window != "" {
		a, b, ok := strings.Cut(*window, ":")
		if !ok || a == "" || b == "" {
			fmt.Fprintf(stderr, "avrlab: -window %q: want FROM:TO (two labels)\n", *window)
			return 2
		}
		o.Window = [2]string{a, b}
	}
	var clear func()
	o.Progress, clear = terminalCounter(stderr, "simulating", "traces")
	lr, _, err := lab.LeakProgram(cp.prog, o)
	clear()
	if err != nil {
		var el asm.ErrorList
		if errors.As(err, &el) {
			printErrors(err, cp.prog.FS, cp.dir, stderr)
		} else {
			fmt.Fprintf(stderr, "avrlab: %s: %v\n", strings.Join(fl.Args(), " "), err)
		}
		return 1
	}
	if *asJSON {
		out := *lr
		out.T, out.PCs, out.History = nil, nil, nil
		if err := json.NewEncoder(stdout).Encode(out); err != nil {
			return 1
		}
	} else {
		printLeak(stdout, strings.Join(fl.Args(), " "), lr)
	}
	if lr.Error != "" || (lr.Test == lab.LeakTVLA && len(lr.OverThreshold) > 0) {
		return 1 // a t-test that finds a leak fails, as a failing bench does
	}
	return 0
}

// printLeak writes a leakage report for a terminal.
func printLeak(w io.Writer, name string, lr *lab.LeakReport) {
	fmt.Fprintf(w, "%s: %s, %s, call %s\n", name, lr.Task, lr.Device, lr.Call)
	if lr.Error != "" && lr.Traces == 0 {
		fmt.Fprintf(w, "  error       %s\n", lr.Error)
		return
	}
	noise := fmt.Sprintf("σ %g", lr.Noise)
	if lr.Noise == 0 {
		noise = "noiseless"
	}
	stopped := ""
	if lr.Stopped {
		stopped = " (stopped)"
	}
	if lr.Test == lab.LeakCPA {
		fmt.Fprintf(w, "  test        CPA on the %s, model %s, %s\n", lr.Target, lr.Model, noise)
		fmt.Fprintf(w, "  traces      %d%s, %d cycles each\n", lr.Traces, stopped, lr.Cycles)
		broken := 0
		for k, r := range lr.KeyRanks {
			t := "not at rank 0"
			if lr.TracesToRank0[k] >= 0 {
				t = fmt.Sprintf("rank 0 from %d traces", lr.TracesToRank0[k])
				broken++
			}
			fmt.Fprintf(w, "  key %2d      rank %3d, ρ %.3f (best wrong %.3f), %s\n", k, r, lr.RightCorr[k], lr.WrongCorr[k], t)
		}
		fmt.Fprintf(w, "  result      %d of %d key parts at rank 0\n", broken, len(lr.KeyRanks))
	} else {
		kind := ""
		if lr.Lag > 0 {
			kind = fmt.Sprintf(" (bivariate: centred products of samples 1..%d apart)", lr.Lag)
		}
		fmt.Fprintf(w, "  test        fixed-vs-random Welch t-test, order %d%s, model %s, %s\n", lr.Order, kind, lr.Model, noise)
		per := "cycles"
		if lr.Sum > 1 {
			per = fmt.Sprintf("samples of %d cycles", lr.Sum)
		}
		fmt.Fprintf(w, "  traces      %d%s (%d fixed, %d random), %d %s each\n", lr.Traces, stopped, lr.Fixed, lr.Random, lr.Cycles, per)
		at := ""
		if lr.MaxAt != nil {
			where := lr.MaxAt.Where
			if where == "" {
				where = fmt.Sprintf("pc 0x%x", lr.MaxAt.PC)
			}
			at = fmt.Sprintf(" at cycle %d (%s)", lr.MaxAt.Cycle, where)
			if lr.MaxAt.Where2 != "" {
				at = fmt.Sprintf(" at cycles %d × %d (%s × %s)", lr.MaxAt.Cycle, lr.MaxAt.Cycle2, lr.MaxAt.Where, lr.MaxAt.Where2)
			}
		}
		if lr.Window != nil {
			fmt.Fprintf(w, "  window      cycles %d..%d (%s to %s); max |t| outside %.2f (input and output handling)\n",
				lr.Window.FromCycle, lr.Window.ToCycle, lr.Window.From, lr.Window.To, lr.OutsideMaxAbsT)
		}
		fmt.Fprintf(w, "  max |t|     %.2f%s\n", lr.MaxAbsT, at)
		if len(lr.OverThreshold) == 0 {
			fmt.Fprintf(w, "  result      no leak: |t| <= %.1f at every cycle\n", lr.Threshold)
		} else {
			fmt.Fprintf(w, "  result      LEAKS: |t| > %.1f at %d cycles; by source line (first cycle, max |t|, cycles):\n", lr.Threshold, len(lr.OverThreshold))
			type agg struct {
				first, n int
				max      float64
			}
			var order []string
			by := map[string]*agg{}
			for _, p := range lr.OverThreshold {
				k := p.Where
				if k == "" {
					k = fmt.Sprintf("pc 0x%x", p.PC)
				}
				if p.Where2 != "" {
					k += " × " + p.Where2
				}
				a := by[k]
				if a == nil {
					a = &agg{first: p.Cycle}
					by[k] = a
					order = append(order, k)
				}
				a.n++
				a.max = math.Max(a.max, math.Abs(p.T))
			}
			for i, k := range order {
				if i == 20 {
					fmt.Fprintf(w, "    ... %d more lines\n", len(order)-20)
					break
				}
				a := by[k]
				fmt.Fprintf(w, "    %-28s cycle %6d  |t| %9.2f  %d cycles\n", k, a.first, a.max, a.n)
			}
		}
	}
	if lr.Error != "" {
		fmt.Fprintf(w, "  error       %s\n", lr.Error)
	}
}
