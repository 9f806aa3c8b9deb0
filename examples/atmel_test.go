package examples_test

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
)

// bothDialects pairs each example written in both dialects: the AVRASM2 file and its GNU twin.
var bothDialects = map[string]string{"speck64.asm": "speck64.S"}

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

// assembleBoth assembles a pair: the AVRASM2 file with asm/atmel and the linker, the GNU file with
// asm.Assemble.
func assembleBoth(t *testing.T, atmelFile, gnuFile string) (atmelIm, gnuIm *asm.Image, atmelSrc []byte) {
	t.Helper()
	asmSrc, err := os.ReadFile(atmelFile)
	if err != nil {
		t.Fatal(err)
	}
	gnuSrc, err := os.ReadFile(gnuFile)
	if err != nil {
		t.Fatal(err)
	}
	o := atmel.Parse(atmelFile, asmSrc, atmel.Config{Device: "atmega128"})
	atmelIm, err = asm.Link(o.Device, []*obj.Object{o}, 0)
	if err != nil {
		t.Fatalf("%s: %v", atmelFile, err)
	}
	gnuIm, err = asm.Assemble(gnuFile, gnuSrc, asm.Config{Device: "atmega128"})
	if err != nil {
		t.Fatalf("%s: %v", gnuFile, err)
	}
	return atmelIm, gnuIm, asmSrc
}

// TestBothDialects checks that each example written in both dialects assembles to the same bytes in
// avrlab and benches the same: every figure of the report.
func TestBothDialects(t *testing.T) {
	for atmelFile, gnuFile := range bothDialects {
		a, g, asmSrc := assembleBoth(t, atmelFile, gnuFile)
		if !bytes.Equal(a.Flash, g.Flash) || !slices.Equal(a.Emitted, g.Emitted) {
			t.Errorf("%s and %s assemble to different bytes:\n% x\n% x", atmelFile, gnuFile, a.Flash, g.Flash)
			continue
		}
		opts := lab.Options{Task: lab.DetectTask(asmSrc), Device: "atmega128"}
		ra, err := lab.Bench(a, opts)
		if err != nil {
			t.Fatal(err)
		}
		rg, err := lab.Bench(g, opts)
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.MarshalIndent(ra, "", " ")
		jg, _ := json.MarshalIndent(rg, "", " ")
		if !ra.Pass || string(ja) != string(jg) {
			t.Errorf("%s benches differently from %s:\n%s\n%s", atmelFile, gnuFile, ja, jg)
		}
		t.Logf("%s = %s: %d bytes of flash, %d..%d cycles, pass %v", atmelFile, gnuFile, ra.Flash, ra.CyclesMin, ra.CyclesMax, ra.Pass)
	}
}
