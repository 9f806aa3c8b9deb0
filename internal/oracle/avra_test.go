package oracle

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestAvra(t *testing.T) {
	NeedAvra(t)
	sources := []Source{
		// 0: LDI r16,0x12 (1110 KKKK dddd KKKK) with $ hex; RJMP back to
		// the label (k = -2: 0xCFFE).
		{Text: ".device ATmega128\nstart: ldi r16, $12\n\trjmp start\n"},
		// 1: labels count words: ldi r30, low(tbl*2) with tbl at word 2
		// gives 4; .db pads an odd count with a zero byte.
		{Name: "tbl.asm", Text: ".device ATmega128\nldi r30, low(tbl*2)\nnop\ntbl: .db 1,2,3\n"},
		// 2: .include from Files, a -D define, .eseg data in the EEPROM
		// file.
		{Name: "main.asm", Text: ".device ATmega128\n.include \"inc/v.inc\"\nldi r16, V\nldi r17, W\n.eseg\n.db 9, 8\n",
			Files: map[string]string{"inc/v.inc": ".equ V = 5\n"}, Defines: []string{"W=7"}},
		// 3: an unknown mnemonic, named with its line.
		{Name: "bad.asm", Text: ".device ATmega128\nnop\nfoo r1\n"},
		// 4: .org counts words in the code segment.
		{Text: ".device ATmega128\n.org 3\nsleep\n"},
		// 5: an extra file outside the job directory is refused.
		{Text: "nop\n", Files: map[string]string{"../escape.inc": ""}},
		// 6: a name that would clash with the script's outputs.
		{Name: "out.eep", Text: ".device ATmega128\nnop\n"},
	}
	start := time.Now()
	res, err := Avra(sources)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d sources in %v", len(sources), time.Since(start))
	if len(res) != len(sources) {
		t.Fatalf("%d results for %d sources", len(res), len(sources))
	}
	wantFlash := map[int][]byte{
		0: {0x02, 0xE1, 0xFE, 0xCF},
		// ldi r30,4 -> 0xE0E4; nop; 1 2 3 0.
		1: {0xE4, 0xE0, 0x00, 0x00, 0x01, 0x02, 0x03, 0x00},
		// ldi r16,5 -> 0xE005; ldi r17,7 -> 0xE017.
		2: {0x05, 0xE0, 0x17, 0xE0},
		// words 0..2 not in the file, then SLEEP 0x9588 at byte 6.
		4: {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x88, 0x95},
		6: {0x00, 0x00},
	}
	for i, want := range wantFlash {
		r := res[i]
		if r.Err != "" {
			t.Errorf("source %d: %s", i, r.Err)
			continue
		}
		if !bytes.Equal(r.Flash, want) {
			t.Errorf("source %d: flash % x, want % x", i, r.Flash, want)
		}
	}
	for a, p := range res[4].Present {
		if p != (a >= 6) {
			t.Errorf("source 4: byte %#x present %v", a, p)
		}
	}
	if !bytes.Equal(res[2].EEPROM, []byte{9, 8}) {
		t.Errorf("source 2: EEPROM % x, want 09 08", res[2].EEPROM)
	}
	if res[0].EEPROM != nil {
		t.Errorf("source 0: EEPROM % x without .eseg", res[0].EEPROM)
	}
	if !strings.Contains(res[1].Log, "odd number of bytes") {
		t.Errorf("source 1: no warning about the odd .db in %q", res[1].Log)
	}
	if e := res[3].Err; !strings.Contains(e, "bad.asm(3)") || !strings.Contains(e, "foo") || res[3].Flash != nil {
		t.Errorf("source 3: error %q, flash % x", e, res[3].Flash)
	}
	if !strings.Contains(res[5].Err, "invalid extra file path") {
		t.Errorf("source 5: error %q", res[5].Err)
	}
}
