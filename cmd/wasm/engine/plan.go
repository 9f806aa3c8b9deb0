package engine

import (
	"fmt"
	"strconv"
	"time"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/lab"
)

// ProbeCycles bounds the one call [plan] runs before a bench to learn what a call costs: a call that
// has not returned by then counts as at least this long (the bench itself reports a runaway).
const ProbeCycles = 2_000_000

// plan runs the call of the official vector once, set up as the bench will (lab.PrepareCall), to learn
// its cost before the bench: with a budget it lowers opts.Vectors so that the random vectors take at
// most budget cycles together (never below [MinVectors]), and it tells progress what the bench will
// run and, for a long one, about how long it will take. It returns what it changed, or nil.
func plan(im *asm.Image, opts *lab.Options, budget uint64, progress Progress) *Adapted {
	asked := opts.Vectors
	switch {
	case asked == 0:
		asked = lab.DefaultVectors
	case asked < 0:
		asked = 0
	}
	callLimit := opts.MaxCycles
	if callLimit == 0 {
		callLimit = lab.DefaultMaxCycles
	}
	limit := min(callLimit, ProbeCycles)
	probe := *opts
	probe.Vectors = -1
	progress("measuring one call")
	t0 := time.Now()
	m, _, err := lab.PrepareCall(im, probe, 0, emu.Config{Engine: opts.Engine})
	if err != nil || m == nil {
		// Bad options or a call that cannot be set up: the bench says why.
		progress("benchmarking")
		return nil
	}
	st := m.Run(limit)
	elapsed := time.Since(t0)
	cycles := m.Cycles()
	switch {
	case st.Reason == emu.StopReturn && cycles > 0:
	case st.Reason == emu.StopLimit && cycles >= limit && limit < callLimit:
		// Not back within the probe: at least this long.
	default:
		// A fault or the call's own cycle limit: the bench reports it.
		progress("benchmarking")
		return nil
	}
	used := asked
	var ad *Adapted
	if budget > 0 && asked > MinVectors && uint64(asked)*cycles > budget {
		used = max(MinVectors, int(budget/cycles))
		if used < asked {
			opts.Vectors = used
			ad = &Adapted{Asked: asked, Used: used, CallCycles: cycles, Budget: budget}
		} else {
			used = asked
		}
	}
	more := ""
	if st.Reason != emu.StopReturn {
		more = "over "
	}
	msg := fmt.Sprintf("benchmarking 1 + %d vectors and %d constant-time inputs, %s%s cycles a call", used,
		lab.ConstantTimeInputs, more, thousands(cycles))
	// The constant-time inputs run traced, which the probe does not: the estimate counts them twice.
	if est := elapsed * time.Duration(1+used+2*lab.ConstantTimeInputs); est >= time.Second && st.Reason == emu.StopReturn {
		msg += fmt.Sprintf(" (about %.0f s)", est.Seconds())
	}
	progress(msg)
	return ad
}

// thousands writes n with commas between groups of three digits (264,988).
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
