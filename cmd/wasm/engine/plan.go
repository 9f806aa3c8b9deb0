package engine

import (
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab"
)

// ProbeCycles bounds the one call [plan] runs before a kernel's bench to learn what a call costs: a
// call that has not returned by then counts as at least this long (the bench itself reports a
// runaway).
const ProbeCycles = 2_000_000

// plan decides how many random vectors the bench runs, tells progress what it will run and sets
// opts.Progress to report the calls as they run (callProgress). With a
// budget (Request.Budget) it lowers opts.Vectors so that the random vectors take at most that many
// cycles together, never below [MinVectors], from what one call costs: Request.CallCycles when the page
// knows it, else, for a kernel, one call of the official vector run first, set up as the bench will
// (lab.PrepareCall). It returns what it changed, or nil.
//
// # Notes
//
// A block cipher's call is not run first: lab.PrepareCall builds the harness's machines and one of
// its own, which took longer than the whole 101-vector bench of CHAM-64/128 (natively 2.36 ms and
// 6.1 MB against 2.02 ms and 5.7 MB) and put about 300 ms on the page's first RANK. Kernels are the
// costly calls (a 1024-bit multiplication, an NTT); a slow cipher is planned from its last run.
func plan(im *asm.Image, opts *lab.Options, req Request, progress Progress) *Adapted {
	asked := lab.VectorsFor(opts.Task, opts.Vectors)
	cycles, measured, over := req.CallCycles, false, false
	if t := lab.LookupTask(strings.ToLower(strings.TrimSpace(opts.Task))); cycles == 0 && req.Budget > 0 && asked > MinVectors && t != nil && t.Kind == lab.KindKernel {
		cycles, over = probe(im, *opts, progress)
		measured = cycles > 0
	}
	used := asked
	var ad *Adapted
	if cycles > 0 && req.Budget > 0 && asked > MinVectors && uint64(asked)*cycles > req.Budget {
		used = max(MinVectors, int(req.Budget/cycles))
		if used < asked {
			opts.Vectors = used
			ad = &Adapted{Asked: asked, Used: used, CallCycles: cycles, Budget: req.Budget, Measured: measured}
		} else {
			used = asked
		}
	}
	// No time estimate: one call's wall time in the browser's worker is too coarse and noisy to scale
	// (in headless Chromium it put 3,000 vectors of the 1024-bit multiplication at 5 to 44 s); the page
	// shows the seconds as they pass.
	ct := lab.ConstantTimeInputs
	if t := lab.LookupTask(strings.ToLower(strings.TrimSpace(opts.Task))); t != nil {
		ct = t.CTInputs() // fewer for the P-192 tasks, whose calls are millions of cycles
	}
	msg := textf.Sprintf("benchmarking 1 + %d vectors and %d constant-time inputs", used, ct)
	if cycles > 0 {
		more := ""
		if over {
			more = "over "
		}
		msg += textf.Sprintf(", %s%s cycles a call", more, thousands(cycles))
	}
	progress(msg)
	opts.Progress = callProgress(msg, progress)
	return ad
}

// callProgress tells progress how far the bench is, at every tenth of its calls: msg (what it runs)
// followed by " (N of M calls run)".
func callProgress(msg string, progress Progress) func(done, total int) {
	return lab.EveryTenth(func(done, total int) {
		progress(textf.Sprintf("%s (%d of %d calls run)", msg, done, total))
	})
}

// probe runs the call of the official vector once and returns its cycles, and whether it had not
// returned within ProbeCycles; 0 when it cannot be set up, faults or hits the call's own cycle limit
// (the bench reports those).
func probe(im *asm.Image, opts lab.Options, progress Progress) (uint64, bool) {
	callLimit := opts.MaxCycles
	if callLimit == 0 {
		callLimit = lab.DefaultMaxCycles
	}
	limit := min(callLimit, ProbeCycles)
	opts.Vectors = -1
	progress("measuring one call")
	m, _, err := lab.PrepareCall(im, opts, 0, emu.Config{Engine: opts.Engine})
	if err != nil || m == nil {
		return 0, false
	}
	st := m.Run(limit)
	switch {
	case st.Reason == emu.StopReturn && m.Cycles() > 0:
		return m.Cycles(), false
	case st.Reason == emu.StopLimit && m.Cycles() >= limit && limit < callLimit:
		return m.Cycles(), true
	}
	return 0, false
}

// thousands writes n with commas between groups of three digits (264,988).
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
