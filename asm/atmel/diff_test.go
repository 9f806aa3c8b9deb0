package atmel_test

import (
	"fmt"
	"testing"
)

// sameImage compares avrlab's bytes with a reference's (data and presence), ignoring bytes neither
// has at the end; it describes the first difference, or returns "".
func sameImage(got []byte, gotPresent []bool, want []byte, wantPresent []bool) string {
	last := func(p []bool) int {
		n := len(p)
		for n > 0 && !p[n-1] {
			n--
		}
		return n
	}
	ng, nw := last(gotPresent), last(wantPresent)
	for i := 0; i < max(ng, nw); i++ {
		gp, wp := i < ng && gotPresent[i], i < nw && wantPresent[i]
		switch {
		case gp != wp:
			return fmt.Sprintf("byte %#x: avrlab has it %v, the reference %v", i, gp, wp)
		case gp && got[i] != want[i]:
			return fmt.Sprintf("byte %#x: avrlab %#02x, the reference %#02x", i, got[i], want[i])
		}
	}
	return ""
}

// TestGenAtmel assembles the generated programs (every form at its operand boundaries) with avrlab's
// AVRASM2 front end: the bytes must be avra's.
func TestGenAtmel(t *testing.T) {
	progs, flashes := golden(t)
	for i, p := range progs {
		r := assemble(t, "gen.asm", p.src, nil, "")
		if r.err != nil {
			t.Errorf("%s: %v", p.dev.Name, r.err)
			continue
		}
		if r.im.Device != p.dev {
			t.Errorf("%s: assembled for %s (.device)", p.dev.Name, r.im.Device.Name)
		}
		all := make([]bool, len(flashes[i]))
		for k := range all {
			all[k] = true
		}
		if d := sameImage(r.im.Flash, present(r.im), flashes[i], all); d != "" {
			t.Errorf("%s: %s", p.dev.Name, d)
		}
	}
}

// TestHandAtmel assembles the hand-written programs (each directive, function and operator) with
// avrlab: code and EEPROM bytes must be avra's.
func TestHandAtmel(t *testing.T) {
	progs, err := handPrograms()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range progs {
		r := assemble(t, p.name, p.text, p.files, "")
		if r.err != nil {
			t.Errorf("%s: %v", p.name, r.err)
			continue
		}
		hexPath, eepPath := handGoldenPaths(p.name)
		flash, fp := readHex(t, hexPath)
		if d := sameImage(r.im.Flash, present(r.im), flash, fp); d != "" {
			t.Errorf("%s: code: %s", p.name, d)
		}
		eep, ep := readHex(t, eepPath)
		if d := sameImage(r.eep, r.eepPresent, eep, ep); d != "" {
			t.Errorf("%s: EEPROM: %s", p.name, d)
		}
	}
}
