package examples_test

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
)

// bothDialects pairs each example written in both dialects: the AVRASM2 file and its GNU twin.
var bothDialects = map[string]string{"speck64-atmel.asm": "speck64.S"}

// TestBothDialectsOracles checks the twins with the reference tools: avra's bytes of the AVRASM2 file
// are avr-gcc's bytes of the GNU file.
func TestBothDialectsOracles(t *testing.T) {
	oracle.NeedAvra(t)
	oracle.NeedGNU(t)
	for atmelFile, gnuFile := range bothDialects {
		asmSrc, err := os.ReadFile(atmelFile)
		if err != nil {
			t.Fatal(err)
		}
		gnuSrc, err := os.ReadFile(gnuFile)
		if err != nil {
			t.Fatal(err)
		}
		ar, err := oracle.Avra([]oracle.Source{{Name: atmelFile, Text: string(asmSrc)}})
		if err != nil {
			t.Fatal(err)
		}
		gr, err := oracle.GNUAssemble("atmega128", []oracle.Source{{Name: gnuFile, Text: string(gnuSrc)}})
		if err != nil {
			t.Fatal(err)
		}
		if ar[0].Err != "" || gr[0].Err != "" {
			t.Fatalf("avra: %s; avr-gcc: %s", ar[0].Err, gr[0].Err)
		}
		if len(gr[0].Flash) == 0 || !bytes.Equal(ar[0].Flash, gr[0].Flash) {
			t.Errorf("avra made %d bytes of %s, avr-gcc %d of %s; they differ", len(ar[0].Flash), atmelFile, len(gr[0].Flash), gnuFile)
		}
	}
}

// TestBothDialects checks that each example written in both dialects assembles to the same bytes in
// avrlab (asm.AssembleFile reading each file in its own dialect) and benches the same through
// lab.BenchFile, as avrlab bench runs it: the two JSON reports are equal, file names aside.
func TestBothDialects(t *testing.T) {
	for atmelFile, gnuFile := range bothDialects {
		a, err := asm.AssembleFile(atmelFile, asm.Config{FS: asm.FromFS(examples.FS)})
		if err != nil {
			t.Fatalf("%s: %v", atmelFile, err)
		}
		g, err := asm.AssembleFile(gnuFile, asm.Config{FS: asm.FromFS(examples.FS)})
		if err != nil {
			t.Fatalf("%s: %v", gnuFile, err)
		}
		if !bytes.Equal(a.Flash, g.Flash) || !slices.Equal(a.Emitted, g.Emitted) || len(a.Flash) == 0 {
			t.Errorf("%s and %s assemble to different bytes:\n% x\n% x", atmelFile, gnuFile, a.Flash, g.Flash)
			continue
		}
		ra, _, err := lab.BenchFile(examples.FS, atmelFile, lab.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rg, _, err := lab.BenchFile(examples.FS, gnuFile, lab.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.MarshalIndent(ra, "", " ")
		jg, _ := json.MarshalIndent(rg, "", " ")
		sa := strings.ReplaceAll(string(ja), atmelFile, "FILE")
		sg := strings.ReplaceAll(string(jg), gnuFile, "FILE")
		if !ra.Pass || sa != sg {
			t.Errorf("%s benches differently from %s:\n%s\n%s", atmelFile, gnuFile, ja, jg)
		}
		t.Logf("%s = %s: %d bytes of flash, %d..%d cycles, pass %v", atmelFile, gnuFile, ra.Flash, ra.CyclesMin, ra.CyclesMax, ra.Pass)
	}
}

// TestIDsUnique checks that no two examples share an ID (NAME.S and NAME.asm would).
func TestIDsUnique(t *testing.T) {
	seen := map[string]string{}
	asmFiles := 0
	for _, e := range examples.List() {
		if prev, ok := seen[e.ID]; ok {
			t.Errorf("examples %s and %s both have ID %q", prev, e.File, e.ID)
		}
		seen[e.ID] = e.File
		if strings.HasSuffix(e.File, ".asm") {
			asmFiles++
		}
	}
	if e, ok := examples.Lookup("speck64-atmel"); !ok || e.File != "speck64-atmel.asm" || e.Task != "speck64-128" {
		t.Errorf("speck64-atmel: %+v %v", e, ok)
	}
	if asmFiles == 0 {
		t.Errorf("no AVRASM2 example listed")
	}
}
