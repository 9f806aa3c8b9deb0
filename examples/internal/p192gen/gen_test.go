package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestCommitted runs the generator into a temporary directory and compares its output with the
// committed example byte for byte: it cannot drift from the generator.
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

// TestHeaderNumbers benches the generated source as avrlab bench does (the official vectors first,
// the task's random vectors and constant-time inputs) and checks the figures the header states.
func TestHeaderNumbers(t *testing.T) {
	rep, _, err := lab.BenchSource("p192-scalarmul.S", []byte(source()), nil, lab.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Pass || !rep.ConstantTime || !rep.ABIOK || rep.Task != "p192-scalarmul" {
		t.Fatalf("want a constant-time pass of p192-scalarmul: %+v", rep)
	}
	if rep.CyclesMin != headerCycles || rep.CyclesMax != headerCycles || rep.Flash != headerFlash || rep.RAM != headerRAM {
		t.Errorf("measured %d..%d cycles, %d B flash, %d B RAM; the header says %d, %d, %d",
			rep.CyclesMin, rep.CyclesMax, rep.Flash, rep.RAM, headerCycles, headerFlash, headerRAM)
	}
}
