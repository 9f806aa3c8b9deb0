package lab_test

import (
	"errors"
	"os"
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
