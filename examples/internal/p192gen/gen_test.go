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
	for _, c := range []struct {
		name, task         string
		src                string
		cycles, flash, ram int
	}{
		{"p192-scalarmul.S", "p192-scalarmul", source(), headerCycles, headerFlash, headerRAM},
		{"p192-ecdsa-sign.S", "p192-ecdsa-sign", signSource(), signCycles, signFlash, signRAM},
		{"p192-ecdsa-verify.S", "p192-ecdsa-verify", verifySource(), verifyCycles, verifyFlash, verifyRAM},
	} {
		rep, _, err := lab.BenchSource(c.name, []byte(c.src), nil, lab.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Pass || !rep.ConstantTime || !rep.ABIOK || rep.Task != c.task {
			t.Fatalf("%s: want a constant-time pass of %s: %+v", c.name, c.task, rep)
		}
		if rep.CyclesMin != uint64(c.cycles) || rep.CyclesMax != uint64(c.cycles) || rep.Flash != c.flash || rep.RAM != c.ram {
			t.Errorf("%s: measured %d..%d cycles, %d B flash, %d B RAM; the header says %d, %d, %d",
				c.name, rep.CyclesMin, rep.CyclesMax, rep.Flash, rep.RAM, c.cycles, c.flash, c.ram)
		}
	}
}
