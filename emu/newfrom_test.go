package emu_test

import (
	"bytes"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/isa"
)

// farFlash is a flash address far past the test programs' code (below 64 KB, so that LPM reads it).
const farFlash = 0xF000

// dirtyProgram leaves what a machine can leave behind: every register and SREG set, 64 bytes of
// SRAM written (in a loop that runs long enough to be translated), an I/O register, the stack,
// output, the access record (a flash byte read by LPM), then BREAK.
func dirtyProgram(t testing.TB, d *isa.Device) []byte {
	p := newProg(t).setSP(d, d.RAMEND())
	for i := 0; i < 32; i++ {
		p.I(isa.LDI, 16, (0x37*i+11)&0xFF).I(isa.MOV, i, 16)
	}
	p.I(isa.LDI, 30, farFlash&0xFF).I(isa.LDI, 31, farFlash>>8).I(isa.LPMZ, 20, 0)
	p.I(isa.LDI, 24, 0).I(isa.LDI, 25, 2) // 512 passes
	p.L("pass").I(isa.LDI, 26, 0x00).I(isa.LDI, 27, 0x01).I(isa.LDI, 21, 64)
	p.L("fill").I(isa.STXInc, 0, 24).I(isa.EOR, 24, 21).I(isa.DEC, 21).I(isa.BRNE, "fill")
	p.I(isa.SBIW, 24, 1).I(isa.BRNE, "pass")
	p.I(isa.OUT, 0x18, 22).I(isa.STS, int(d.UDR), 23).I(isa.PUSH, 22).I(isa.PUSH, 23)
	p.I(isa.SEC).I(isa.SET).I(isa.SEH).I(isa.BREAK)
	return p.Bytes()
}

// readerProgram writes to the output what a fresh machine starts with and the program never sets:
// every register, 64 bytes of SRAM, the I/O register and the flash byte dirtyProgram touched, the
// stack's bytes, SREG; then runs a loop long enough to be translated and BREAKs.
func readerProgram(t testing.TB, d *isa.Device) []byte {
	p := newProg(t)
	out := func(r int) { p.I(isa.STS, int(d.UDR), r) }
	for i := 0; i < 32; i++ {
		out(i)
	}
	p.I(isa.IN, 16, 0x3F)
	out(16)
	p.I(isa.IN, 16, 0x18)
	out(16)
	p.I(isa.LDI, 30, farFlash&0xFF).I(isa.LDI, 31, farFlash>>8).I(isa.LPMZ, 16, 0)
	out(16)
	p.I(isa.LDI, 26, 0x00).I(isa.LDI, 27, 0x01).I(isa.LDI, 21, 64)
	p.L("show").I(isa.LDXInc, 16, 0)
	out(16)
	p.I(isa.DEC, 21).I(isa.BRNE, "show")
	p.I(isa.LDS, 16, int(d.RAMEND())).I(isa.LDS, 17, int(d.RAMEND()-1))
	out(16)
	out(17)
	p.I(isa.LDI, 24, 0).I(isa.LDI, 25, 4) // 1024 passes of a sum over SRAM
	p.L("pass").I(isa.LDI, 26, 0x00).I(isa.LDI, 27, 0x01).I(isa.LDI, 21, 64)
	p.L("sum").I(isa.LDXInc, 16, 0).I(isa.ADD, 18, 16).I(isa.ADC, 19, 1).I(isa.DEC, 21).I(isa.BRNE, "sum")
	p.I(isa.SBIW, 24, 1).I(isa.BRNE, "pass")
	out(18)
	out(19)
	p.I(isa.BREAK)
	return p.Bytes()
}

// TestNewFromReusedMemory: a machine NewFrom builds over one whose program left registers, SREG,
// SRAM, an I/O register, the stack, output, the access record, a flash write far past its code
// and translated code behind takes over that machine's state memory (the runner's, when its engine
// is the new machine's; its own, interpreted) and is a fresh machine: the program after it, which
// writes out everything it finds and never sets, gives the output, state, access record, trace hash
// and program memory of New's machine, interpreted; and the program before it, built over it again,
// its own. With the page's engine translating from the first Run, the eager one, and none (the
// memory's address checked where there is an access record).
func TestNewFromReusedMemory(t *testing.T) {
	d := dev(t, "atmega128")
	progs := [][]byte{dirtyProgram(t, d), readerProgram(t, d), dirtyProgram(t, d), readerProgram(t, d)}
	for _, c := range []struct {
		name string
		eng  *translate.Engine
		cfg  emu.Config
	}{
		{"page engine, access, trace hash", translate.NewPage(translate.NewWazero(), 0), emu.Config{Access: true, TraceHash: true}},
		{"eager engine, access", translate.NewEager(), emu.Config{Access: true}},
		{"interpreted, access", nil, emu.Config{Access: true}},
		{"interpreted", nil, emu.Config{}},
	} {
		var old *emu.Machine
		for i, img := range progs {
			cfg := c.cfg
			if c.eng != nil {
				cfg.Engine = c.eng
			}
			var oldData *byte
			if old != nil {
				oldData = addrOfData(old)
			}
			m := emu.NewFrom(old, d, img, cfg)
			ref := emu.New(d, img, c.cfg)
			if !bytes.Equal(m.Flash(), ref.Flash()) {
				t.Fatalf("%s, program %d: program memory differs from New's", c.name, i)
			}
			if oldData != nil && addrOfData(m) != oldData {
				t.Errorf("%s, program %d: the state memory is not the old machine's", c.name, i)
			}
			c0 := uint64(0)
			if c.eng != nil {
				c0 = c.eng.Stats().Cycles
			}
			s, rs := m.Run(10_000_000), ref.Run(10_000_000)
			if rs.Reason != emu.StopBreak {
				t.Fatalf("%s, program %d: the reference stopped with %v", c.name, i, rs)
			}
			if diff := fullStateOf(m, s).diff(fullStateOf(ref, rs)); diff != "" {
				t.Fatalf("%s, program %d: %s", c.name, i, diff)
			}
			if m.TraceHash() != ref.TraceHash() || !bytes.Equal(m.Output(), ref.Output()) {
				t.Fatalf("%s, program %d: trace hash %#x, output %x; fresh: %#x, %x", c.name, i, m.TraceHash(), m.Output(), ref.TraceHash(), ref.Output())
			}
			if c.eng != nil && c.eng.Stats().Cycles-c0 < 100_000 {
				t.Errorf("%s, program %d: %d cycles translated", c.name, i, c.eng.Stats().Cycles-c0)
			}
			if err := m.WriteFlash(farFlash, []byte{0x5A, 0xA5}); err != nil {
				t.Fatal(err)
			}
			old = m
		}
	}
}

// addrOfData returns the address of the first byte of m's access record of data (Config.Access),
// nil without one: where its state memory is.
func addrOfData(m *emu.Machine) *byte {
	if a := m.Access().Data; len(a) > 0 {
		return &a[0]
	}
	return nil
}
