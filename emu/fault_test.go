package emu_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/isa"
)

type srcMap map[uint32]srcpos.Position

func (s srcMap) SourceAt(pc uint32) (srcpos.Position, bool) {
	p, ok := s[pc]
	return p, ok
}

// TestFaults runs one program per fault kind and checks the sentinel, the PC, the cycle count (the
// faulting instruction's cycles are not counted) and the message.
func TestFaults(t *testing.T) {
	cases := []struct {
		name   string
		dev    string
		build  func(p *prog, d *isa.Device)
		err    error
		pc     uint32
		cycle  uint64
		addr   uint32
		msg    string
		mnemon string
	}{
		{"illegal opcode", "atmega128", func(p *prog, d *isa.Device) { p.I(isa.NOP).W(0xFFFF) },
			emu.ErrIllegalOpcode, 1, 1, 0, "illegal opcode 0xffff at pc 0x0001", ""},
		{"mul on attiny85", "attiny85", func(p *prog, d *isa.Device) { p.I(isa.MUL, 1, 2) },
			emu.ErrNotOnDevice, 0, 0, 0, "mul is not available on attiny85 (AVRe) at pc 0x0000", "mul"},
		{"call on attiny85", "attiny85", func(p *prog, d *isa.Device) { p.I(isa.CALL, 0) },
			emu.ErrNotOnDevice, 0, 0, 0, "call is not available on attiny85 (AVRe) at pc 0x0000", "call"},
		{"eicall on atmega128", "atmega128", func(p *prog, d *isa.Device) { p.I(isa.EICALL) },
			emu.ErrNotOnDevice, 0, 0, 0, "eicall is not available on atmega128 (AVRe+) at pc 0x0000", "eicall"},
		{"des on atmega128", "atmega128", func(p *prog, d *isa.Device) { p.I(isa.DES, 1) },
			emu.ErrNotOnDevice, 0, 0, 0, "des is not available on atmega128 (AVRe+) at pc 0x0000", "des"},
		{"jmp past flash", "atmega328p", func(p *prog, d *isa.Device) { p.I(isa.JMP, 0x4000) },
			emu.ErrPCOutOfFlash, 0x4000, 3, 0, "pc 0x4000 outside flash (16384 words)", ""},
		{"fall off the end", "attiny45", func(p *prog, d *isa.Device) { p.I(isa.RJMP, 2046) },
			emu.ErrIllegalOpcode, 2047, 2, 0, "executing erased flash (0xffff, not written by the program) at pc 0x07ff", ""},
		{"ijmp past flash", "atmega4809", func(p *prog, d *isa.Device) {
			p.I(isa.LDI, 31, 0xC0).I(isa.IJMP)
		}, emu.ErrPCOutOfFlash, 0xC000, 3, 0, "pc 0xc000 outside flash (24576 words)", ""},
		{"push at reset sp 0", "atmega128", func(p *prog, d *isa.Device) { p.I(isa.PUSH, 1) },
			emu.ErrStackOverflow, 0, 0, 0, "stack overflow: push with sp 0x0000 writes below sram start 0x0100 at pc 0x0000", "push"},
		{"rcall into i/o", "atmega128", func(p *prog, d *isa.Device) {
			p.setSP(d, 0x100).L("f").I(isa.RCALL, "f")
		}, emu.ErrStackOverflow, 4, 4, 0x100, "stack overflow: rcall with sp 0x0100 writes below sram start 0x0100 at pc 0x0004", "rcall"},
		{"pop above ramend", "atmega328p", func(p *prog, d *isa.Device) { p.I(isa.POP, 0) },
			emu.ErrDataOutOfRange, 0, 0, 0x900, "pop with sp 0x08ff reads outside sram (0x0100-0x08ff) at pc 0x0000", "pop"},
		{"ret above ramend", "atmega2560", func(p *prog, d *isa.Device) { p.I(isa.RET) },
			emu.ErrDataOutOfRange, 0, 0, 0x2200, "ret with sp 0x21ff reads outside sram (0x0200-0x21ff) at pc 0x0000", "ret"},
		{"lds past ramend", "atmega128", func(p *prog, d *isa.Device) { p.I(isa.NOP).I(isa.LDS, 5, 0x1100) },
			emu.ErrDataOutOfRange, 1, 1, 0x1100, "lds at data address 0x1100 outside the data space (0x0000-0x10ff) at pc 0x0001", "lds"},
		{"st -x wraps", "atmega128", func(p *prog, d *isa.Device) { p.I(isa.STXDec, 0, 1) },
			emu.ErrDataOutOfRange, 0, 0, 0xFFFF, "st at data address 0xffff outside the data space (0x0000-0x10ff) at pc 0x0000", "st"},
		{"std past ramend", "atxmega128a1", func(p *prog, d *isa.Device) {
			p.I(isa.LDI, 29, 0x3F).I(isa.LDI, 28, 0xFF).I(isa.STDY, 1, 0)
		}, emu.ErrDataOutOfRange, 2, 2, 0x4000, "std at data address 0x4000 outside the data space (0x0000-0x3fff) at pc 0x0002", "std"},
		{"store to mapped flash", "atmega4809", func(p *prog, d *isa.Device) { p.I(isa.STS, 0x4000, 0) },
			emu.ErrDataOutOfRange, 0, 0, 0x4000, "sts to data address 0x4000: mapped flash is read-only at pc 0x0000", "sts"},
		{"lpm past flash", "attiny85", func(p *prog, d *isa.Device) { p.I(isa.LDI, 31, 0x20).I(isa.LPM) },
			emu.ErrDataOutOfRange, 1, 1, 0x2000, "lpm at program address 0x02000 past the end of flash (8192 bytes) at pc 0x0001", "lpm"},
	}
	src := srcMap{0: {Filename: "main.S", Line: 3, Column: 2}, 1: {Filename: "main.S", Line: 14, Column: 2}}
	for _, c := range cases {
		d := dev(t, c.dev)
		p := newProg(t)
		c.build(p, d)
		m := emu.New(d, p.Bytes(), emu.Config{})
		s := m.Run(1000)
		if s.Reason != emu.StopFault || s.Fault == nil {
			t.Errorf("%s: stop %v, want fault", c.name, s)
			continue
		}
		f := s.Fault
		if !errors.Is(f, c.err) || f.PC != c.pc || f.Cycle != c.cycle || f.Addr != c.addr || f.Error() != c.msg {
			t.Errorf("%s:\n got %v (pc %#x cycle %d addr %#x)\nwant %q (pc %#x cycle %d addr %#x) wrapping %v",
				c.name, f, f.PC, f.Cycle, f.Addr, c.msg, c.pc, c.cycle, c.addr, c.err)
		}
		if (f.Form == nil) != (c.mnemon == "") || (f.Form != nil && f.Form.Mnemonic != c.mnemon) {
			t.Errorf("%s: form %v, want %q", c.name, f.Form, c.mnemon)
		}
		if m.PC() != f.PC || m.Cycles() != f.Cycle {
			t.Errorf("%s: machine at pc %#x cycle %d after fault, want %#x, %d", c.name, m.PC(), m.Cycles(), f.PC, f.Cycle)
		}
		// Running again reports the same fault: nothing was half done.
		if s2 := m.Run(1000); s2.Fault == nil || s2.Fault.Error() != f.Error() {
			t.Errorf("%s: second run %v", c.name, s2)
		}
		if pos, ok := src[f.PC]; ok && f.Kind != emu.FaultPCOutOfFlash {
			want := c.msg + " (" + pos.String() + ")"
			if got := f.Describe(src); got != want {
				t.Errorf("%s: Describe = %q, want %q", c.name, got, want)
			}
		}
		if f.Describe(nil) != f.Error() {
			t.Errorf("%s: Describe(nil) = %q", c.name, f.Describe(nil))
		}
	}
}

// TestFaultLeavesStateAlone: a faulting LD -X or PUSH must not change the pointer or SP.
func TestFaultLeavesStateAlone(t *testing.T) {
	p := newProg(t)
	p.I(isa.LDXDec, 5, 0)
	m := p.machine("atmega128", emu.Config{})
	m.SetReg(5, 0x77)
	s := m.Run(10)
	if s.Reason != emu.StopFault || m.Reg(26) != 0 || m.Reg(27) != 0 || m.Reg(5) != 0x77 {
		t.Errorf("ld -x fault: %v, X = %02x%02x, r5 = %#x", s, m.Reg(27), m.Reg(26), m.Reg(5))
	}
	if !strings.Contains(s.String(), "fault: ld at data address 0xffff") {
		t.Errorf("Stop.String = %q", s.String())
	}
	if s.Err() == nil || (emu.Stop{Reason: emu.StopSleep}).Err() != nil {
		t.Error("Stop.Err")
	}
}

// TestUserInputNeverPanics covers odd arguments to the public API.
func TestUserInputNeverPanics(t *testing.T) {
	m := emu.New(nil, []byte{1}, emu.Config{Trace: true, Profile: true}) // odd length, default device
	if m.Device().Name != "atmega128" {
		t.Errorf("default device %s", m.Device().Name)
	}
	m.SetPC(1 << 30)
	if s := m.Step(); s.Reason != emu.StopFault || s.Fault.Kind != emu.FaultPCOutOfFlash {
		t.Errorf("step at huge pc: %v", s)
	}
	m.SetBreakpoint(1 << 30)
	m.ClearBreakpoint(1 << 30)
	_ = m.ExecCount(1<<30) + m.CycleCount(1<<30)
	_ = m.ReadData(0xFFFF)
	m.WriteData(0xFFFF, 1)
	m.LoadData(0xFFF0, make([]byte, 100))
	_ = m.Data(0xFFF0, 100)
	_ = m.Data(0, -1)
	if err := m.WriteFlash(1<<20, []byte{1}); err == nil {
		t.Error("WriteFlash past the end: no error")
	}
	m.SetCycles(^uint64(0))
	m.SetPC(0)
	m.Step()
	big := make([]byte, 1<<20)
	emu.New(dev(t, "attiny45"), big, emu.Config{}) // larger than flash: truncated
}
