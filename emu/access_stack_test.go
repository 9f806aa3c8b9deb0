package emu_test

import (
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
)

// TestAccessStack: pushes, pops, calls and returns enter the access record like loads and stores, in
// the interpreter and in translated code alike; RAMPZ keeps only its implemented bit (ATmega128:
// RAMPZ0); SPL, SPH and RAMPZ read back after a write of the same call are AccessReadBack, except SP
// used by the stack in between (a frame).
func TestAccessStack(t *testing.T) {
	src := `
	ldi r16, 0x10      ; SP = 0x10FF
	out 0x3e, r16
	ldi r16, 0xff
	out 0x3d, r16
	push r16           ; writes 0x10ff
	rcall f            ; writes 0x10fe, 0x10fd; its ret reads them
	pop r17            ; reads 0x10ff
	in r20, 0x3d       ; SP used by the stack since it was written: not read back
	ldi r16, 0xff
	out 0x3b, r16      ; RAMPZ: only bit 0 is kept
	in r21, 0x3b       ; read back: 0x01
	ldi r16, 0x5a
	out 0x3e, r16      ; a byte kept in SPH
	in r22, 0x3e       ; read back
	ldi r16, 0x10
	out 0x3e, r16
	break
f:
	ret
`
	im, err := asm.Assemble("a.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []emu.Config{{Access: true}, {Access: true, Engine: translate.NewEager()}} {
		m := emu.New(im.Device, im.Flash, cfg)
		for run := 0; run < 2; run++ {
			m.Reset()
			if s := m.Run(1000); s.Reason != emu.StopBreak {
				t.Fatalf("engine %v: stop %v", cfg.Engine != nil, s)
			}
		}
		if m.Reg(21) != 0x01 || m.ReadData(0x5b) != 0x01 {
			t.Errorf("engine %v: RAMPZ reads 0x%02x, want 0x01 (bits 7:1 reserved)", cfg.Engine != nil, m.Reg(21))
		}
		const rw = emu.AccessRead | emu.AccessWrite
		// The last write of SP (0x10ff) clears AccessStack at 0x10fd..0x1102; 0x10fc.. are untouched.
		want := map[uint16]uint8{0x10ff: rw, 0x10fe: rw, 0x10fd: rw,
			0x5d: rw, 0x5e: rw | emu.AccessReadBack, 0x5b: rw | emu.AccessReadBack}
		for a := uint16(0x20); a <= 0x10ff; a++ {
			if got := m.DataAccess(a); got != want[a] {
				t.Errorf("engine %v: DataAccess(%#x) = %#x, want %#x", cfg.Engine != nil, a, got, want[a])
			}
		}
	}
}
