package atmel_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/isa/devreg"
)

// TestAtmelDeviceFiles reads Atmel's own device definition files (as Debian's avra package ships them,
// #pragma lines and all) and checks that a program naming registers, bits and memory sizes assembles
// to the same bytes with them as with the files avrlab generates from its tables.
func TestAtmelDeviceFiles(t *testing.T) {
	oracle.NeedAvra(t)
	const prog = "\tldi ZL, low(RAMEND)\n\tldi ZH, high(RAMEND)\n\tout SPL, ZL\n\tin r16, SREG\n" +
		"\tsbi DDRB, PB1\n\tcbi PORTB, PB0\n\tsbic PINB, PINB2\n\tldi r17, SIGNATURE_001\n" +
		"\t.dd FLASHEND, PAGESIZE, EEPROMEND, SRAM_START\n"
	checked := 0
	for _, dev := range isa.DeviceNames() {
		inc := devreg.IncFile(dev)
		atmelText, err := os.ReadFile(filepath.Join("/usr/share/avra", inc))
		if err != nil {
			continue // avra ships no file for this part
		}
		src := ".include \"" + inc + "\"\n" + prog
		theirs := assemble(t, "p.asm", src, map[string]string{inc: string(atmelText)}, "")
		ours := assemble(t, "p.asm", src, nil, "")
		if theirs.err != nil || ours.err != nil {
			t.Errorf("%s: with Atmel's %s: %v; with avrlab's: %v", dev, inc, theirs.err, ours.err)
			continue
		}
		if !bytes.Equal(theirs.im.Flash, ours.im.Flash) || theirs.im.Device != ours.im.Device {
			t.Errorf("%s: Atmel's %s gives % x (%s), avrlab's % x (%s)", dev, inc, theirs.im.Flash, theirs.im.Device.Name,
				ours.im.Flash, ours.im.Device.Name)
		}
		checked++
	}
	if checked < 4 {
		t.Errorf("only %d device files checked", checked)
	}
}
