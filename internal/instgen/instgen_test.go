package instgen

import (
	"testing"

	"github.com/avrlab/avrlab/isa"
)

// TestRandSplitmix64: seeded with 0, the sequence starts as the splitmix64 reference (Vigna's
// splitmix64.c) does: 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4.
func TestRandSplitmix64(t *testing.T) {
	var r Rand
	if a, b := r.Next(), r.Next(); a != 0xe220a8397b1dcdaf || b != 0x6e789e6aa1b965f4 {
		t.Errorf("splitmix64(0) starts %#x, %#x", a, b)
	}
}

// TestCorner: the corners of ld Rd, Z+ step past r30 and r31 (undefined: the data register is in the
// pointer), and MOVW's highest register is r30.
func TestCorner(t *testing.T) {
	dev := isa.LookupDevice("atmega128")
	var ldz, movw *isa.Form
	for _, f := range isa.Forms {
		switch {
		case f.Op == isa.LDZInc:
			ldz = f
		case f.Op == isa.MOVW:
			movw = f
		}
	}
	if lo, hi := Corner(dev, ldz, 0, false), Corner(dev, ldz, 0, true); lo != 0 || hi != 29 {
		t.Errorf("ld Rd, Z+: corners r%d, r%d; want r0, r29", lo, hi)
	}
	if hi := Corner(dev, movw, 0, true); hi != 30 {
		t.Errorf("movw: highest r%d, want r30", hi)
	}
}
