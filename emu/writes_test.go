package emu_test

import (
	"slices"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
)

// TestWritesRecord checks Config.Writes: every store through the load/store path is recorded with
// the byte it replaces (SREG and SP as they were), pushes are not, and the final state equals a run
// without the record.
func TestWritesRecord(t *testing.T) {
	src := `
	ldi r16, 0x10
	out 0x3e, r16       ; SPH 0x00 -> 0x10
	ldi r16, 0xff
	out 0x3d, r16       ; SPL 0x00 -> 0xff
	ldi r26, 0x00
	ldi r27, 0x02
	ldi r20, 0x5a
	st X+, r20          ; 0x0200 0x00 -> 0x5a
	ldi r20, 0xa5
	st -X, r20          ; 0x0200 0x5a -> 0xa5
	sts 0x0301, r20     ; 0x0301 0x00 -> 0xa5
	sec
	ldi r17, 0x80
	out 0x3f, r17       ; SREG 0x01 -> 0x80
	push r20            ; not recorded
	pop r21
	break
`
	im, err := asm.Assemble("w.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	plain := emu.New(im.Device, im.Flash, emu.Config{})
	plain.Run(1000)
	m := emu.New(im.Device, im.Flash, emu.Config{Writes: true})
	if s := m.Run(1000); s.Reason != emu.StopBreak {
		t.Fatalf("stop %v", s)
	}
	want := []emu.Write{
		{Addr: 0x5e, Old: 0x00, New: 0x10},
		{Addr: 0x5d, Old: 0x00, New: 0xff},
		{Addr: 0x0200, Old: 0x00, New: 0x5a},
		{Addr: 0x0200, Old: 0x5a, New: 0xa5},
		{Addr: 0x0301, Old: 0x00, New: 0xa5},
		{Addr: 0x5f, Old: 0x01, New: 0x80},
	}
	if got := m.Writes(); !slices.Equal(got, want) {
		t.Errorf("writes\n got %+v\nwant %+v", got, want)
	}
	if m.Cycles() != plain.Cycles() || m.Reg(21) != plain.Reg(21) || m.SREG() != plain.SREG() || m.SP() != plain.SP() {
		t.Errorf("state differs from a run without the record")
	}
	m.ResetWrites()
	if len(m.Writes()) != 0 {
		t.Errorf("ResetWrites left %d", len(m.Writes()))
	}
}

// TestWritesRecordReservedBits checks that a store to RAMPZ or EIND is recorded with the value the
// register holds after it (reserved bits read 0), on the parts with 128 and 256 KiB of flash: the
// record's New is what a leakage model sees on the register, not the operand. (FuzzRun found it.)
func TestWritesRecordReservedBits(t *testing.T) {
	for _, c := range []struct {
		dev  string
		want []emu.Write
	}{
		{"atmega128", []emu.Write{{Addr: 0x5b, Old: 0, New: 0x01}}},
		{"atmega2560", []emu.Write{{Addr: 0x5b, Old: 0, New: 0x01}, {Addr: 0x5c, Old: 0, New: 0x01}}},
	} {
		src := "\tldi r16, 0x0d\n\tsts 0x5b, r16\n"
		if c.dev == "atmega2560" {
			src += "\tsts 0x5c, r16\n"
		}
		src += "\tbreak\n"
		im, err := asm.Assemble("w.S", []byte(src), asm.Config{Device: c.dev})
		if err != nil {
			t.Fatal(err)
		}
		m := emu.New(im.Device, im.Flash, emu.Config{Writes: true})
		if s := m.Run(100); s.Reason != emu.StopBreak {
			t.Fatalf("%s: stop %v", c.dev, s)
		}
		if got := m.Writes(); !slices.Equal(got, c.want) {
			t.Errorf("%s: writes\n got %+v\nwant %+v", c.dev, got, c.want)
		}
		for _, w := range m.Writes() {
			if m.ReadData(w.Addr) != w.New {
				t.Errorf("%s: %#x reads %#x, recorded %#x", c.dev, w.Addr, m.ReadData(w.Addr), w.New)
			}
		}
	}
}
