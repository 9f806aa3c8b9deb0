package lab_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestRoutineMustUseItsPointer: a routine that ignores the block pointer it is passed and uses the
// address the harness put the block at last time (read from an earlier report, as a student reading
// the harness would) must fail. The constant-time machine's buffers sit elsewhere (placeCT), so its
// calls get wrong outputs; before, both machines used one fixed layout and this routine passed.
func TestRoutineMustUseItsPointer(t *testing.T) {
	src := readFile(t, "../examples/speck64.S")
	opts := lab.Options{Task: "speck64-128", Vectors: 8}
	for _, seed := range []uint64{1, 2, 3} {
		opts.Seed = seed
		good := benchText(t, src, opts)
		if !good.Pass || len(good.Buffers) == 0 {
			t.Fatalf("seed %d: speck64.S does not pass: %s", seed, good.Error)
		}
		at := good.Buffers[0].Addr
		cheat := replaceOnce(t, src, "movw    r26, r24                ; X = block",
			fmt.Sprintf("ldi r26, 0x%02x\n        ldi r27, 0x%02x ; X = where the block was", at&0xff, at>>8))
		rep := benchText(t, cheat, opts)
		if rep.Pass {
			t.Fatalf("seed %d: a routine using the fixed address 0x%04x instead of its pointer passes", seed, at)
		}
		if !strings.Contains(rep.Error, "constant-time input") || !strings.Contains(rep.Error, "other addresses than the vectors'") {
			t.Errorf("seed %d: the failure does not say the buffers moved: %s", seed, rep.Error)
		}
	}
}
