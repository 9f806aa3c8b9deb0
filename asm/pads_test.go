package asm_test

import (
	"fmt"
	"testing"

	"github.com/avrlab/avrlab/asm"
)

// TestPads: every run of flash the layout leaves unemitted is listed with what asked for it, and the
// runs are exactly the bytes Emitted leaves false. The layout is avr-gcc -nostartfiles -nostdlib's (t at
// 0x50, the 3 at 0x60, _etext 0x70, checked with avr-gcc 7.3 for the ATmega128): 6 B of code,
// .balign 16 pads to 16, .org 0x20 leaves 14 B after two bytes, the end of .text is padded to its
// alignment (16), and .progmem.t, aligned to 64 by its .p2align 6, goes first (avr-gcc's script puts
// .progmem* before .text): its pad to its alignment at its end.
func TestPads(t *testing.T) {
	src := "\t.section .progmem.t\n\t.p2align 6\n\t.byte 9\n" +
		"\t.text\n\tnop\n\tnop\n\tnop\n\t.balign 16\nt:\t.byte 1, 2\n\t.org 0x20\n\t.byte 3\n"
	im, err := asm.Assemble("p.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range im.Pads {
		got = append(got, fmt.Sprintf("%#x+%d %s:%d %q", p.Addr, p.Size, p.Pos.Filename, p.Pos.Line, p.Why))
	}
	want := []string{
		`0x1+63 :0 "end of section .progmem.t padded to its alignment of 64 B"`,
		`0x46+10 p.S:8 ".balign 16"`,
		`0x52+14 p.S:10 ".org 0x20"`,
		`0x61+15 :0 "end of section .text padded to its alignment of 16 B"`,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pads\n got  %q\n want %q", got, want)
	}
	pad := make([]bool, len(im.Flash))
	for _, p := range im.Pads {
		for a := p.Addr; a < p.Addr+uint32(p.Size); a++ {
			pad[a] = true
		}
	}
	for a := range im.Flash {
		if pad[a] == im.Emitted[a] {
			t.Errorf("byte %#x: emitted %v, in a pad %v", a, im.Emitted[a], pad[a])
		}
	}
}
