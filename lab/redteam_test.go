package lab_test

import (
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// Red team, session 9: each test is a program written the way a student who read the harness would
// write it to get a better figure or a pass it should not, and checks that it no longer does. Each
// failed on the harness before its fix, with the gamed figure in the message.

// TestRedTeamSREGAtEntry: SIMON-128's example clears T on entry (its swap loop tells its two passes
// apart by T). Without that CLT it relied on SREG being 0 at entry, and passed with 2 B less flash and
// a cycle less (flash 742, 6776 cycles). SREG at entry is planted from the seed now (I clear), so the
// routine that relies on T = 0 fails.
func TestRedTeamSREGAtEntry(t *testing.T) {
	src := readFile(t, "../examples/simon128.S")
	honest := benchText(t, src, lab.Options{Vectors: 10})
	if !honest.Pass || !honest.ConstantTime {
		t.Fatalf("the example: %s", dump(honest))
	}
	noCLT := replaceOnce(t, src, "        clt                             ; T = 0: first pass (trick 5)\n", "")
	rep := benchText(t, noCLT, lab.Options{Vectors: 10})
	if rep.Pass {
		t.Errorf("relying on T = 0 at entry passed: flash %d (honest %d), %d cycles (honest %d), RANK %.2f (honest %.2f)",
			rep.Flash, honest.Flash, rep.CyclesMax, honest.CyclesMax, rep.Rank, honest.Rank)
	}
}

// TestRedTeamDecryptKSRoundKeys: graded in the decrypt-ks scenario (key schedule in the call), a
// source whose call line asks for the round keys (rk) used to be benched with them, as a fixed-key
// decryption, where encrypt-ks refused the same line. Both scenarios refuse it now.
func TestRedTeamDecryptKSRoundKeys(t *testing.T) {
	src := readFile(t, "../examples/tea-t45.S")
	for _, c := range []struct{ scenario, entry string }{{lab.ScenarioEncryptKS, "tea_encrypt"}, {lab.ScenarioDecryptKS, "tea_decrypt"}} {
		line := "; avrlab call: " + c.entry + "(block, rk)\n"
		rep := benchText(t, line+src, lab.Options{Fixed: true, Task: "tea64-128", Scenario: c.scenario, Vectors: 5})
		want := "does not fit the graded scenario " + c.scenario
		if rep.Pass || !strings.Contains(rep.Error, want) {
			t.Errorf("%s with %q: pass %v (rk in %q, RANK %.2f), error %q; want an error with %q",
				c.scenario, strings.TrimSpace(line), rep.Pass, rep.RKIn, rep.Rank, rep.Error, want)
		}
	}
}

// mpmulFastPath is the student's fast path for a = 1 (one of mpmul-160's public edge inputs): r = b,
// zero-extended, in about 400 cycles instead of the full multiplication's 2101.
const mpmulFastPath = `mpmul160:
        movw    r30, r22                ; Z = a
        ld      r18, Z+
        cpi     r18, 1
        brne    full
        ldi     r19, 19
fast_check:
        ld      r18, Z+
        tst     r18
        brne    full
        dec     r19
        brne    fast_check
        movw    r30, r24                ; a = 1: r = b
        movw    r26, r20
        ldi     r19, 20
fast_copy:
        ld      r18, X+
        st      Z+, r18
        dec     r19
        brne    fast_copy
        ldi     r19, 20
fast_zero:
        st      Z+, r1
        dec     r19
        brne    fast_zero
        ret
full:
`

// TestRedTeamEdgeInputsNotTimed: mpmul-160's edge inputs (a = 0, 0xff.., 1) are fixed and public, and
// they came first among the vectors the mean was taken over: a fast path for a = 1 lowered the mean
// from 2101 to 1678.5 cycles with 4 vectors besides the official one. The mean is over the random
// vectors now; the edge inputs are checked and count for constant time.
func TestRedTeamEdgeInputsNotTimed(t *testing.T) {
	src := readFile(t, "../examples/mpmul160.S")
	opts := lab.Options{Vectors: 4}
	honest := benchText(t, src, opts)
	if !honest.Pass || !honest.ConstantTime || honest.CyclesMean != 2101 {
		t.Fatalf("the example: %s", dump(honest))
	}
	fast := benchText(t, replaceOnce(t, src, "mpmul160:\n", mpmulFastPath), opts)
	if !fast.Pass || fast.ConstantTime {
		t.Fatalf("the fast path passes and is not constant time: %s", dump(fast))
	}
	if fast.CyclesMean < honest.CyclesMean {
		t.Errorf("a fast path for an edge input lowered the mean: %.1f cycles (honest %.1f; min %d)",
			fast.CyclesMean, honest.CyclesMean, fast.CyclesMin)
	}
}
