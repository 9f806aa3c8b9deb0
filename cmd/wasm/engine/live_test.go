package engine

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestHandleLiveStops: a live bench whose stop says a newer request came ends at that question
// (before any of its calls, the vectors' or the constant-time inputs') with
// {"superseded": true} and nothing else, asks no more, and leaves the caches as they were: the kept
// report still answers its program, and the benches after it through the same kept machines answer
// byte for byte what a fresh bench does. A stop that never says so changes nothing, and the kept
// bench (a comment edited) asks nothing.
func TestHandleLiveStops(t *testing.T) {
	src, err := os.ReadFile("../../../examples/cham64-v2.S")
	if err != nil {
		t.Fatal(err)
	}
	cham := string(src)
	nop := strings.Replace(cham, "cham64_128_encrypt:\n", "cham64_128_encrypt:\n\tnop\n", 1)
	if nop == cham {
		t.Fatal("the edit did not apply")
	}
	req := func(text string) []byte {
		b, err := json.Marshal(Request{Files: map[string]string{"cham64-v2.S": text}, Main: "cham64-v2.S", Seed: 11, Budget: 10_000_000, Vectors: 40})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// The bench runs 41 vectors and the task's 64 constant-time inputs: a question before each.
	calls := 41 + lab.ConstantTimeInputs
	questions := calls
	c := Caches{Bench: &BenchCache{}, Machines: &lab.Machines{}}
	never := 0
	first := HandleLive(nil, c, "bench", req(cham), nil, func() bool { never++; return false })
	if fresh := HandleCached(nil, Caches{}, "bench", req(cham), nil); !bytes.Equal(first, fresh) {
		t.Fatalf("a live bench whose stop never says so differs from a bench without one:\n%.400s\n%.400s", first, fresh)
	}
	if never != questions {
		t.Errorf("stop asked %d times over %d calls, want %d", never, calls, questions)
	}
	comment := strings.Replace(cham, "; title:", "; title: edited", 1)
	asked := 0
	if kept := HandleLive(nil, c, "bench", req(comment), nil, func() bool { asked++; return true }); !bytes.Equal(kept, first) || asked != 0 {
		t.Errorf("a comment edit: asked %d times, answer %.300s", asked, kept)
	}
	for at := 1; at <= questions; at++ {
		asked := 0
		out := HandleLive(nil, c, "bench", req(nop), nil, func() bool { asked++; return asked == at })
		if want := `{"mode":"bench","errors":[],"flash":0,"superseded":true,"vectors":0,"includes":null,"include_problems":null}`; string(out) != want {
			t.Errorf("stopped at question %d: %s, want %s", at, out, want)
		}
		if asked != at {
			t.Errorf("stopped at question %d: asked %d times", at, asked)
		}
		hits := c.Bench.Hits
		if again := HandleCached(nil, c, "bench", req(cham), nil); !bytes.Equal(again, first) {
			t.Errorf("after a bench stopped at question %d the kept answer differs:\n%.400s\n%.400s", at, again, first)
		}
		if c.Bench.Hits != hits+1 {
			t.Errorf("after a bench stopped at question %d the program's bench was not the kept one", at)
		}
		got := HandleCached(nil, Caches{Machines: c.Machines}, "bench", req(nop), nil)
		if fresh := HandleCached(nil, Caches{}, "bench", req(nop), nil); !bytes.Equal(got, fresh) {
			t.Errorf("after a bench stopped at question %d the next through the kept machines differs from a fresh one:\n%.400s\n%.400s", at, got, fresh)
		}
	}
}
