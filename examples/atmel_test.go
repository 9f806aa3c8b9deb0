package examples_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
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
