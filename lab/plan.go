package lab

import "strings"

// What a run measures (the task, scenario, call, entry, round-key symbol, device, vectors, seed and cycle
// limit) is resolved in one place, from four sources in one order of precedence:
//
//  1. the caller's settings: command-line flags, the page's fields, an exercise's tests.txt
//     (Exercise.Apply, which a front end applies first, then the flags its user gave explicitly);
//  2. the source's "; avrlab" lines (task, call, rk, device), for what the caller left open; with
//     Options.Fixed (grading, an exercise with a tests.txt) the teacher's settings stay above the
//     source's: its task, call and device lines are kept in SourceTask, SourceCall and SourceDevice and
//     may not contradict them (the report fails with the reason), and a call line counts only where the
//     teacher gave none and it fits the scenario;
//  3. the task's defaults: its device, scenario (fixed-key for most), entry (the decryption entry for
//     decrypt), round-key symbol and the scenario's call, and its vectors and cycle limit (Task.DefaultVectors,
//     Task.DefaultMaxCycles: DefaultVectors and DefaultMaxCycles for most).
//
// Resolve does 1 and 2 and the task's device (the front ends need it to assemble); Bench completes the
// rest (resolveTask) before it builds the harness. Front ends call Resolve instead of reading the
// source's lines themselves.

// Resolve returns opts completed by the "; avrlab" lines of the sources (the first that names a setting
// gives it, as the files of a program are linked) and the task's device, in the order of precedence
// above. The vectors, seed and cycle limit are the caller's (0 for the defaults, which Bench applies).
func Resolve(opts Options, srcs ...[]byte) Options {
	for _, src := range srcs {
		opts.sourceLines(src)
	}
	if t := LookupTask(normalizeID(opts.Task)); t != nil && opts.Device == "" {
		opts.Device = t.Device
	}
	return opts
}

// sourceLines applies the task and call lines of a source: where opts does not give them, they do;
// with Fixed they are also kept for the check that they do not contradict the teacher's settings.
func (opts *Options) sourceLines(src []byte) {
	task, call := DetectTask(src), DetectCall(src)
	if opts.Fixed {
		if opts.SourceTask == "" {
			opts.SourceTask = task
		}
		if opts.SourceCall == "" {
			opts.SourceCall = call
		}
	}
	if opts.Task == "" {
		opts.Task = task
	}
	if opts.Call == "" && call != "" && !opts.Fixed {
		opts.Call = call
	}
	if opts.RK == "" {
		opts.RK = DetectRK(src)
	}
	if dev := DetectDevice(src); opts.Fixed {
		if opts.SourceDevice == "" {
			opts.SourceDevice = dev
		}
	} else if opts.Device == "" {
		opts.Device = dev
	}
}

// resolveTask completes the options of a bench with the task's defaults (level 3 above) and returns
// the task, the scenario and the call measured. It returns an error for bad options.
func resolveTask(opts Options) (_ Options, _ *Task, _ *Scenario, call Call, _ error) {
	t := LookupTask(normalizeID(opts.Task))
	if opts.Task == "" {
		return opts, nil, nil, call, ErrNoTask
	}
	if t == nil {
		return opts, nil, nil, call, badOption(OptTask, "unknown task %q (known: %s)", opts.Task, strings.Join(TaskIDs(), ", "))
	}
	if opts.Scenario == "" {
		opts.Scenario = t.Scenario
		if opts.Scenario == "" {
			opts.Scenario = ScenarioFixedKey
		}
	}
	sc := LookupScenario(opts.Scenario)
	if sc == nil {
		return opts, nil, nil, call, badOption(OptScenario, "unknown scenario %q (known: %s)", opts.Scenario, strings.Join(Scenarios(), ", "))
	}
	if (t.Kind == KindKernel) != (sc.Name == ScenarioKernel) {
		if t.Kind == KindKernel {
			return opts, nil, nil, call, badOption(OptScenario, "task %s is a kernel: its only scenario is %q", t.ID, ScenarioKernel)
		}
		return opts, nil, nil, call, badOption(OptScenario, "scenario %q is for kernel tasks; %s is a block cipher", ScenarioKernel, t.ID)
	}
	if opts.Vectors > MaxVectors {
		return opts, nil, nil, call, badOption(OptVectors, "%d vectors: at most %d", opts.Vectors, MaxVectors)
	}
	opts.Vectors = VectorsFor(t.ID, opts.Vectors)
	if opts.MaxCycles == 0 {
		opts.MaxCycles = t.DefaultMaxCycles()
	}
	if opts.MaxCycles > MaxCycleLimit {
		return opts, nil, nil, call, badOption(OptMaxCycles, "cycle limit %d: at most %d", opts.MaxCycles, MaxCycleLimit)
	}
	if opts.RK == "" {
		opts.RK = t.RK
	}
	if opts.Fixed && opts.Call == "" && opts.SourceCall != "" {
		opts.Call, opts.callFromSource = opts.SourceCall, true
	}
	if opts.Call != "" {
		c, err := ParseCallFor(opts.Call, t)
		if err != nil {
			return opts, nil, nil, call, &Problem{Kind: ProblemBadOption, Option: OptCall, Text: text(err.Error()), cause: err}
		}
		call = c
	} else {
		call.Entry = opts.Entry
		if call.Entry == "" {
			call.Entry = t.Entry
			if sc.Decrypt {
				call.Entry = t.DecEntry
			}
		}
		call.Args = sc.Args
		if t.Kind == KindKernel {
			call.Args = t.defaultArgs()
		}
	}
	return opts, t, sc, call, nil
}
