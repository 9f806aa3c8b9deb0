package disasm_test

import (
	"fmt"
	"testing"

	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/isa"
)

// FuzzDecode disassembles any pair of words on every supported device: the first line is either a
// .word of the first word (no instruction of the device) or text that assembles back to the words it
// took.
func FuzzDecode(f *testing.F) {
	for _, seed := range [][2]uint16{{0x0000, 0}, {0xFFFF, 0xFFFF}, {0x940E, 0x1234}, {0x95FD, 0xFFFF},
		{0x9180, 0x0100}, {0xA100, 0}, {0x95F8, 0}, {0x940B, 0}, {0xF3F9, 0}, {0xCFFF, 0}, {0x8008, 0}} {
		f.Add(seed[0], seed[1], uint8(0), false)
		f.Add(seed[0], seed[1], uint8(5), true)
	}
	names := isa.DeviceNames()
	f.Fuzz(func(t *testing.T, w0, w1 uint16, devIndex uint8, aliases bool) {
		dev := isa.LookupDevice(names[int(devIndex)%len(names)])
		buf := []byte{byte(w0), byte(w0 >> 8), byte(w1), byte(w1 >> 8)}
		lines := disasm.Disassemble(buf, dev, disasm.Options{Aliases: aliases})
		if len(lines) == 0 {
			t.Fatal("no lines")
		}
		l := lines[0]
		if l.Addr != 0 || len(l.Words) == 0 || l.Words[0] != w0 {
			t.Fatalf("%s %04x %04x: line %+v", dev.Name, w0, w1, l)
		}
		if l.Illegal {
			if l.Text != fmt.Sprintf(".word\t0x%04x", w0) || len(l.Words) != 1 {
				t.Fatalf("%s %04x: illegal line %q", dev.Name, w0, l.Text)
			}
			return
		}
		got, err := encodeText(dev, 0, l.Text, nil)
		if err != nil || !sameWords(got, l.Words) || (len(l.Words) == 2 && l.Words[1] != w1) {
			t.Fatalf("%s %04x %04x: %q encodes to %04x %v, want %04x", dev.Name, w0, w1, l.Text, got, err, l.Words)
		}
	})
}
