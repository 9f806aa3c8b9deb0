package lab_test

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
)

// TestBenchProgramFolder benches the CHAM-64/128 of asm/testdata/link/cham64, one routine per file
// (linked byte for byte as avr-gcc links them, see asm's TestLinkOracle), against the one-file
// examples/cham64-v1.S it was split from. It passes, and costs exactly what the split adds per
// round (AVR Instruction Set Manual, ATmega128): rcall round 3 cycles, its ret 4, and call rot 4
// instead of rcall rot 3: 8 cycles a round, 640 for the 80 rounds.
func TestBenchProgramFolder(t *testing.T) {
	p, err := lab.ProgramFolder(os.DirFS("../asm/testdata/link"), "cham64")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Files) != 4 || p.Files[0] != "cham64/1-main.S" {
		t.Fatalf("files %v, want the four .S files in name order", p.Files)
	}
	rep, _, err := lab.BenchProgram(p, lab.Options{Vectors: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Pass {
		t.Fatalf("the split program fails: %+v", rep)
	}
	src, err := examples.FS.ReadFile("cham64-v1.S")
	if err != nil {
		t.Fatal(err)
	}
	one, _, err := lab.BenchSource("cham64-v1.S", src, nil, lab.Options{Vectors: 3})
	if err != nil || !one.Pass {
		t.Fatalf("cham64-v1.S: %v %+v", err, one)
	}
	if want := one.CyclesMax + 80*8; rep.CyclesMin != want || rep.CyclesMax != want {
		t.Errorf("split program: %d..%d cycles, want %d (cham64-v1.S's %d + 640)", rep.CyclesMin, rep.CyclesMax, want, one.CyclesMax)
	}
}

// TestProgramFolderEmpty checks the error for a folder without sources.
func TestProgramFolderEmpty(t *testing.T) {
	fsys := fstest.MapFS{"p/a.inc": {Data: []byte("nop\n")}, "p/notes.txt": {Data: []byte("x")}}
	if _, err := lab.ProgramFolder(fsys, "p"); !errors.Is(err, lab.ErrNoSources) {
		t.Errorf("a folder without .S files: %v, want ErrNoSources", err)
	}
}

// TestProgramFolderAtmel benches a folder holding an AVRASM2 source and the file it includes, and the
// same source named .S with Program.Dialect "atmel": both are examples/speck64-atmel.asm, so both pass
// in its 1199 cycles (examples/testdata/metrics.json).
func TestProgramFolderAtmel(t *testing.T) {
	src, err := examples.FS.ReadFile("speck64-atmel.asm")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{
		"p/speck.asm": {Data: []byte(strings.Replace(string(src), `.include "m128def.inc"`, `.include "regs.inc"`, 1))},
		"p/regs.inc":  {Data: []byte(".include \"m128def.inc\"\n")},
		"q/speck.S":   {Data: src},
	}
	p, err := lab.ProgramFolder(fsys, "p")
	if err != nil || len(p.Files) != 1 || p.Files[0] != "p/speck.asm" {
		t.Fatalf("folder p: %v %v, want the .asm file alone", p.Files, err)
	}
	for _, p := range []lab.Program{p, {FS: fsys, Files: []string{"q/speck.S"}, Dialect: "atmel"}} {
		rep, _, err := lab.BenchProgram(p, lab.Options{Vectors: 3})
		if err != nil || !rep.Pass || rep.CyclesMin != 1199 || rep.CyclesMax != 1199 {
			t.Errorf("%s: %v %+v", p, err, rep)
		}
	}
	if _, _, err := lab.BenchProgram(lab.Program{FS: fsys, Files: []string{"q/speck.S"}}, lab.Options{Vectors: 3}); err == nil ||
		!strings.Contains(err.Error(), `"m128def.inc" is an AVRASM2 device definition file`) {
		t.Errorf("the .S file read as GNU: %v", err)
	}
}
