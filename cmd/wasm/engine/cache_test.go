package engine

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestBenchCache: a live bench of the same program with the same settings is answered from the
// cache, byte for byte what a fresh bench gives; a code edit, another seed, a changed "; avrlab"
// line or a Run (no budget) measures again.
func TestBenchCache(t *testing.T) {
	src, err := os.ReadFile("../../../examples/cham64-v2.S")
	if err != nil {
		t.Fatal(err)
	}
	base := string(src)
	req := func(text string, seed uint64, budget uint64) []byte {
		b, err := json.Marshal(Request{Files: map[string]string{"cham64-v2.S": text}, Main: "cham64-v2.S", Seed: seed, Budget: budget, Vectors: 20})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cache := &BenchCache{}
	bench := func(text string, seed, budget uint64) (cached, fresh []byte) {
		t.Helper()
		cached = HandleCached(nil, Caches{Bench: cache}, "bench", req(text, seed, budget), nil)
		fresh = HandleCached(nil, Caches{}, "bench", req(text, seed, budget), nil)
		if !bytes.Equal(cached, fresh) {
			t.Errorf("the cached answer differs from a fresh bench:\n%s\n%s", cached, fresh)
		}
		var r Response
		if err := json.Unmarshal(cached, &r); err != nil || r.Report == nil {
			t.Fatalf("bench: %v %.300s", err, cached)
		}
		return cached, fresh
	}
	first, _ := bench(base, 7, 10_000_000)
	if cache.Hits != 0 {
		t.Fatalf("%d hits on the first bench", cache.Hits)
	}
	comment := strings.Replace(base, "; title: CHAM-64/128", "; title: CHAM-64/128 edited", 1)
	again, _ := bench(comment, 7, 10_000_000)
	if cache.Hits != 1 {
		t.Errorf("a comment edit: %d hits, want 1", cache.Hits)
	}
	if !bytes.Equal(first, again) {
		t.Errorf("a comment edit changed the answer")
	}
	bench(comment, 7, 10_000_000)
	if cache.Hits != 2 {
		t.Errorf("the same text again: %d hits, want 2", cache.Hits)
	}
	// The page's figure of the call's cost (call_cycles, as it sends after its first result) plans
	// the vectors and nothing else: planned the same, the bench is the kept one.
	var r Response
	if err := json.Unmarshal(again, &r); err != nil || r.Report == nil || r.Report.Official == nil {
		t.Fatalf("no official vector in %.200s", again)
	}
	known, _ := json.Marshal(Request{Files: map[string]string{"cham64-v2.S": comment}, Main: "cham64-v2.S", Seed: 7, Budget: 10_000_000, Vectors: 20,
		CallCycles: r.Report.Official.Cycles})
	if cached, fresh := HandleCached(nil, Caches{Bench: cache}, "bench", known, nil), HandleCached(nil, Caches{}, "bench", known, nil); !bytes.Equal(cached, fresh) {
		t.Errorf("with call_cycles the cached answer differs from a fresh bench:\n%s\n%s", cached, fresh)
	}
	if cache.Hits != 3 {
		t.Errorf("the same program with the call's cycles known: %d hits, want 3", cache.Hits)
	}
	nop := strings.Replace(comment, "cham64_128_encrypt:\n", "cham64_128_encrypt:\n\tnop\n", 1)
	if nop == comment {
		t.Fatal("no entry label to put a nop after")
	}
	withNop, _ := bench(nop, 7, 10_000_000)
	if bytes.Equal(withNop, again) || cache.Hits != 3 {
		t.Errorf("a nop: %d hits, same answer %v", cache.Hits, bytes.Equal(withNop, again))
	}
	bench(nop, 8, 10_000_000)
	if cache.Hits != 3 {
		t.Errorf("another seed was answered from the cache")
	}
	vectors := "; avrlab vectors: 3\n" + nop // a line lab.Resolve reads or not: an avrlab line is in the key
	bench(vectors, 8, 10_000_000)
	if cache.Hits != 3 {
		t.Errorf("a new avrlab line was answered from the cache")
	}
	bench(vectors, 8, 0)
	bench(vectors, 8, 0)
	if cache.Hits != 3 {
		t.Errorf("a Run (no budget) was answered from the cache")
	}
	// A failing routine (its report carries a problem the page rewords, and a first failure): the
	// second answer from the cache is still the fresh one, byte for byte.
	broken := strings.Replace(base, "cham64_128_encrypt:\n", "cham64_128_encrypt:\n\tinc r24\n", 1)
	failed, _ := bench(broken, 7, 10_000_000)
	bench(strings.Replace(broken, "; title:", "; title: broken", 1), 7, 10_000_000)
	if cache.Hits != 4 || !bytes.Contains(failed, []byte(`"pass":false`)) {
		t.Errorf("a failing routine: %d hits, want 4; %.200s", cache.Hits, failed)
	}
}

// BenchmarkLiveBench (the requests as the page writes them, pageJSON) compares a live bench of the
// default example measured afresh (fresh) with one
// answered from the cache after a comment edit (cached), and code edits (a nop in and out) measured
// on new machines (edits) with ones built over the last bench's (edits-kept, lab.Machines): compare
// them in one run.
func BenchmarkLiveBench(b *testing.B) {
	src, err := os.ReadFile("../../../examples/cham64-v2.S")
	if err != nil {
		b.Fatal(err)
	}
	reqs, edits := [2][]byte{}, [2][]byte{}
	for i, text := range []string{string(src), strings.Replace(string(src), "; title:", "; title: x", 1)} {
		reqs[i] = pageJSON(b, Request{Files: map[string]string{"cham64-v2.S": text}, Main: "cham64-v2.S", Seed: 7, Budget: 10_000_000, Link: []string{}})
	}
	for i, text := range []string{string(src), strings.Replace(string(src), "cham64_128_encrypt:\n", "cham64_128_encrypt:\n\tnop\n", 1)} {
		edits[i] = pageJSON(b, Request{Files: map[string]string{"cham64-v2.S": text}, Main: "cham64-v2.S", Seed: 7, Budget: 10_000_000, Link: []string{}})
	}
	for _, kept := range []bool{false, true} {
		name := "edits"
		if kept {
			name = "edits-kept"
		}
		b.Run(name, func(b *testing.B) {
			c := Caches{Bench: &BenchCache{}}
			if kept {
				c.Machines = &lab.Machines{}
			}
			for i := 0; i < b.N; i++ {
				HandleCached(nil, c, "bench", edits[i%2], nil)
			}
			if c.Bench.Hits != 0 {
				b.Fatalf("%d code edits answered from the cache", c.Bench.Hits)
			}
		})
	}
	b.Run("fresh", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			HandleCached(nil, Caches{}, "bench", reqs[i%2], nil)
		}
	})
	b.Run("cached", func(b *testing.B) {
		c := &BenchCache{}
		for i := 0; i < b.N; i++ {
			HandleCached(nil, Caches{Bench: c}, "bench", reqs[i%2], nil)
		}
		if c.Hits < b.N-1 {
			b.Fatalf("%d hits of %d", c.Hits, b.N)
		}
	})
}

// pageJSON writes v as the page's JSON.stringify does: no HTML escaping (encoding/json writes <, >
// and & as \u escapes, which JSON.stringify does not).
func pageJSON(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
