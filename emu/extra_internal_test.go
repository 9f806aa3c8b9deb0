package emu

import (
	"testing"
	"unsafe"

	"github.com/avrlab/avrlab/isa"
)

// TestExtrasMatchTable: the run loop adds data-dependent cycles by op (taken branches in BRBS/BRBC,
// skipped words in the skip instructions, the DES rule in slowOp). This checks that those are exactly
// the forms isa marks with each Extra, so a new row in isa cannot go uncounted.
func TestExtrasMatchTable(t *testing.T) {
	handled := map[isa.Op]isa.Extra{
		isa.BRBS: isa.ExtraBranch, isa.BRBC: isa.ExtraBranch,
		isa.CPSE: isa.ExtraSkip, isa.SBRC: isa.ExtraSkip, isa.SBRS: isa.ExtraSkip, isa.SBIC: isa.ExtraSkip, isa.SBIS: isa.ExtraSkip,
		isa.DES: isa.ExtraDES,
	}
	for _, f := range isa.Forms {
		if f.Alias != nil {
			continue
		}
		if got := handled[f.Op]; got != f.Extra {
			t.Errorf("%s (%s): isa says extra %d, the run loop applies %d", f.Mnemonic, f.Pattern, f.Extra, got)
		}
	}
}

// TestOpSize: the lowered op stays 16 bytes (one scaled index in the loop).
func TestOpSize(t *testing.T) {
	if s := unsafe.Sizeof(Op{}); s != 16 {
		t.Errorf("op is %d bytes", s)
	}
}
