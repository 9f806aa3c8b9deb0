package emu_test

import (
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/isa"
)

// TestLoadDataAcrossIO: LoadData over the last I/O addresses and into SRAM writes as WriteData does
// byte by byte (SPL, SPH and SREG set SP and SREG; the ATmega128's SRAM starts at 0x100), and drops
// the bytes past RAMEND.
func TestLoadDataAcrossIO(t *testing.T) {
	d := isa.LookupDevice("atmega128")
	b := make([]byte, 0x1100)
	for i := range b {
		b[i] = byte(i*7 + 3)
	}
	m := emu.New(d, nil, emu.Config{})
	m.LoadData(0x5d, b) // SPL, SPH, SREG, then 0x60.. (extended I/O), SRAM from 0x100 to RAMEND 0x10ff
	if m.SP() != 0x0a03 || m.SREG() != 0x11 {
		t.Errorf("SP 0x%04x, SREG 0x%02x; want 0x0a03, 0x11", m.SP(), m.SREG())
	}
	for _, a := range []uint16{0x60, 0xff, 0x100, 0x101, 0x800, 0x10ff} {
		if got, want := m.ReadData(a), b[a-0x5d]; got != want {
			t.Errorf("data 0x%04x = 0x%02x, want 0x%02x", a, got, want)
		}
	}
	m.LoadData(0x10fe, []byte{1, 2, 3})
	if m.ReadData(0x10fe) != 1 || m.ReadData(0x10ff) != 2 {
		t.Errorf("the last two bytes: 0x%02x 0x%02x, want 1, 2", m.ReadData(0x10fe), m.ReadData(0x10ff))
	}
}

// TestLoadDataTranslated: the translated engine reads the SRAM LoadData wrote, after every Reset.
func TestLoadDataTranslated(t *testing.T) {
	im, err := asm.Assemble("a.S", []byte("\tlds r16, 0x0100\n\tlds r17, 0x10ff\n\tbreak\n"), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	m := emu.New(im.Device, im.Flash, emu.Config{Engine: translate.NewEager()})
	for run := 0; run < 3; run++ {
		b := make([]byte, 0x1000)
		b[0], b[len(b)-1] = byte(0x40+run), byte(0x80+run)
		m.Reset()
		m.LoadData(0x0100, b)
		if s := m.Run(100); s.Reason != emu.StopBreak {
			t.Fatalf("run %d: stop %v", run, s)
		}
		if m.Reg(16) != b[0] || m.Reg(17) != b[len(b)-1] {
			t.Errorf("run %d: r16 0x%02x, r17 0x%02x; want 0x%02x, 0x%02x", run, m.Reg(16), m.Reg(17), b[0], b[len(b)-1])
		}
	}
}
