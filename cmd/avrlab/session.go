package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/debug"
)

// sessionFlags are the flags of the commands that start a debug session (profile, debug): the
// program, and the call as bench measures it.
type sessionFlags struct {
	task, scen, call, entry, rk, dev, dialect *string
	defs                                      defines
	incs                                      includeDirs
	seed, maxc                                *uint64
	reset                                     *bool
	fl                                        *flag.FlagSet // which flags were given (over an exercise's settings)
}

func addSessionFlags(fl *flag.FlagSet) *sessionFlags {
	f := &sessionFlags{defs: defines{}, fl: fl}
	f.task = fl.String("task", "", "task ID (default: the \"; avrlab task: ID\" line of the source); see 'avrlab tasks'")
	f.scen = fl.String("scenario", "", "scenario (default: the task's, fixed-key for most): "+strings.Join(lab.Scenarios(), ", "))
	f.call = fl.String("call", "", "call spec `NAME(ARG, ...)` (default: the \"; avrlab call:\" line, else the scenario's)")
	f.entry = fl.String("entry", "", "entry symbol (default: the task's)")
	f.rk = fl.String("rk", "", "round-key symbol (default: the task's)")
	f.dev = taskDeviceFlag(fl)
	fl.Var(f.defs, "D", "define a preprocessor macro NAME[=VALUE] (repeatable; -DNAME=VALUE as gcc takes it)")
	fl.Var(&f.incs, "I", "search `DIR` for #include and .include files (repeatable)")
	f.dialect = dialectFlag(fl)
	f.seed = fl.Uint64("seed", 0, "seed of the bench's random vectors (the official vector does not depend on it)")
	f.maxc = fl.Uint64("max-cycles", lab.DefaultMaxCycles, fmt.Sprintf("cycle limit `N` of the call or run (1..%d; default: the task's, 10000000 for most)", uint64(lab.MaxCycleLimit)))
	f.reset = fl.Bool("reset", false, "the program from reset (until SLEEP, BREAK, a fault or the cycle limit) instead of the task's call")
	return f
}

// startSession opens the program of paths (sources, or one ELF or HEX file), assembles it and starts
// a debug session on it: the task's call on the official vector set up as bench sets it up, or the
// program from reset with -reset or when no task is named. Problems are printed on stderr; the
// status is 0, 1 (the program) or 2 (usage).
func startSession(f *sessionFlags, paths []string, stderr io.Writer) (*debug.Session, int) {
	if *f.maxc < 1 || *f.maxc > lab.MaxCycleLimit {
		fmt.Fprintf(stderr, "avrlab: -max-cycles must be between 1 and %d\n", uint64(lab.MaxCycleLimit))
		return nil, 2
	}
	if !knownDevice(*f.dev, stderr) {
		return nil, 2
	}
	opts := lab.Options{Task: *f.task, Scenario: *f.scen, Call: *f.call, Entry: *f.entry, RK: *f.rk, Device: *f.dev,
		Defines: f.defs, Vectors: -1, Seed: *f.seed, MaxCycles: *f.maxc}
	if !flagSet(f.fl, "max-cycles") {
		opts.MaxCycles = 0 // the task's (a P-192 call needs more than 10^7 cycles), as bench takes it
	}
	// The call of the exercise the program sits in, as bench measures it (its tests.txt; the flags
	// given win).
	ex, _, err := benchExercise(paths[0])
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %s\n", textSafe(err.Error()))
		return nil, 2
	}
	if ex != nil {
		applyExercise(f.fl, ex, &opts)
		opts.Vectors = -1
	}
	// What the bench would measure (lab.Program.Image): an ELF or HEX file as it loads one, or the
	// sources with the flags, then the files' lines, then the task's device.
	cp, err := openProgram(paths, f.incs)
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return nil, 1
	}
	defer cp.done()
	if err := setDialect(cp, *f.dialect); err != nil {
		fmt.Fprintf(stderr, "avrlab: %v\n", err)
		return nil, 2
	}
	im, opts, err := cp.prog.Image(opts)
	if err != nil {
		var el asm.ErrorList
		if !errors.As(err, &el) {
			fmt.Fprintf(stderr, "avrlab: %v\n", err)
			return nil, 1
		}
		printErrors(err, cp.prog.FS, cp.dir, stderr)
		return nil, 1
	}
	cfg := debug.Config{Image: im, Options: opts, Mode: debug.ModeCall}
	if *f.reset || opts.Task == "" {
		cfg.Mode, cfg.Options = debug.ModeReset, lab.Options{MaxCycles: opts.MaxCycles}
	}
	s, err := debug.Start(cfg)
	if err != nil {
		if errors.Is(err, debug.ErrNoTask) {
			err = errors.New("no task: give -task, put \"; avrlab task: ID\" in the first lines, or use -reset")
		}
		fmt.Fprintf(stderr, "avrlab: %s: %v\n", strings.Join(paths, " "), err)
		return nil, 1
	}
	return s, 0
}
