package lab

import (
	"encoding/json"
	"os"
	"testing"
)

// TestVectorsKeptSameReports: benches that share a Machines (which keeps the vector streams of the
// last bench) report byte for byte what a fresh bench reports, over a run that keeps the seed and
// changes what the vectors depend on (the scenario's direction on the same task, the number of
// vectors up and down, a kernel) and the seed; and the kept streams are taken (the run is not one
// of fresh draws).
func TestVectorsKeptSameReports(t *testing.T) {
	read := func(path string) []byte {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	enc, dec, mp := read("../examples/speck64.S"), read("testdata/speck64dec.S"), read("../examples/mpmul160.S")
	runs := []struct {
		name string
		src  []byte
		opts Options
	}{
		{"encrypt", enc, Options{Seed: 7, Vectors: 12}},
		{"encrypt, more vectors", enc, Options{Seed: 7, Vectors: 30}},
		{"decrypt, the same seed", dec, Options{Seed: 7, Vectors: 12, Scenario: ScenarioDecrypt}},
		{"encrypt, fewer vectors", enc, Options{Seed: 7, Vectors: 5}},
		{"encrypt, another seed", enc, Options{Seed: 8, Vectors: 12}},
		{"kernel", mp, Options{Seed: 8, Vectors: 6}},
		{"kernel, more vectors", mp, Options{Seed: 8, Vectors: 9}},
		{"encrypt again", enc, Options{Seed: 8, Vectors: 12}},
	}
	kept := &Machines{}
	taken := 0
	for _, r := range runs {
		before := map[*vectorSeq]bool{}
		for _, s := range kept.seqs {
			before[s] = true
		}
		o := r.opts
		o.Machines = kept
		got, _, err := BenchSource(r.name+".S", r.src, nil, o)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		want, _, err := BenchSource(r.name+".S", r.src, nil, r.opts)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if !got.Pass {
			t.Errorf("%s: FAIL: %s", r.name, got.Error)
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Errorf("%s: the report with kept vectors differs from a fresh bench's:\n%.500s\n%.500s", r.name, g, w)
		}
		for _, s := range kept.seqs {
			if before[s] {
				taken++
			}
		}
	}
	// Taken again: both streams of the second encryption and of the kernel's second run; the others
	// follow a bench with other streams (a Machines keeps the last bench's two).
	if taken != 4 {
		t.Errorf("the kept vector streams were taken %d times, want 4", taken)
	}
}
