package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestCommitted runs the generator into a temporary directory and compares its output with the
// committed examples byte for byte: they cannot drift from the generator.
func TestCommitted(t *testing.T) {
	dir := t.TempDir()
	if err := write(dir); err != nil {
		t.Fatal(err)
	}
	for name := range files() {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("examples/%s differs from the generator's output: run go generate ./examples", name)
		}
	}
}

// TestHeaderNumbers benches the generated sources (random vectors against math/big in the harness)
// and checks that the cycles, flash and stack the generator counts statically, which the headers
// state, are what the emulator measures, for every input (constant time).
func TestHeaderNumbers(t *testing.T) {
	for _, c := range []struct {
		name string
		r    routine
		src  string
	}{{"mpmul160.S", mpmul160(), source160()}, {"mpmul256.S", mpmul256(), source256()}} {
		rep, _, err := lab.BenchSource(c.name, []byte(c.src), os.DirFS(".."), lab.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !rep.Pass {
			t.Errorf("%s: does not pass: %s", c.name, rep.Error)
		}
		if rep.CyclesMin != rep.CyclesMax || rep.CyclesMin != uint64(c.r.cycles) {
			t.Errorf("%s: measured %d..%d cycles, the generator counts %d", c.name, rep.CyclesMin, rep.CyclesMax, c.r.cycles)
		}
		if rep.Flash != c.r.flash || rep.Stack != c.r.stack {
			t.Errorf("%s: measured %d B flash, %d B stack; the generator counts %d, %d", c.name, rep.Flash, rep.Stack, c.r.flash, c.r.stack)
		}
	}
}
