package main

import (
	"strings"
	"testing"
)

// longLoop runs past the translation threshold (emu/translate.MinHot, 1M cycles): 4096 passes of
// an outer SBIW loop (LDI 1, 256 inner passes of 5 cycles less the last BRNE's taken cycle, SBIW 2,
// BRNE 2) less the last taken BRNE, 2 LDI and BREAK: 4096 x 1284 - 1 + 2 + 1 = 5259266 cycles.
const longLoop = `
        ldi r24, 0x00
        ldi r25, 0x10
outer:  ldi r20, 0
inner:  inc r16
        eor r17, r16
        dec r20
        brne inner
        sbiw r24, 1
        brne outer
        break
`

// TestInterpFlag: run and bench print the same with and without -interp (translated by default).
func TestInterpFlag(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "long.S", longLoop)
	code, out, errs := runCLI(t, "run", "-json", src)
	icode, iout, ierrs := runCLI(t, "run", "-json", "-interp", src)
	if code != 0 || icode != 0 || out != iout || errs != ierrs {
		t.Errorf("run: %d %q %q\nrun -interp: %d %q %q", code, out, errs, icode, iout, ierrs)
	}
	want := `"cycles":5259266`
	if !strings.Contains(out, want) {
		t.Errorf("run: %s, want %s", out, want)
	}
	code, out, _ = runCLI(t, "bench", "-json", "-vectors", "5", "-seed", "5", "../../examples/speck64.S")
	icode, iout, _ = runCLI(t, "bench", "-json", "-vectors", "5", "-seed", "5", "-interp", "../../examples/speck64.S")
	if code != 0 || icode != 0 || out != iout {
		t.Errorf("bench: %d %s\nbench -interp: %d %s", code, out, icode, iout)
	}
}
