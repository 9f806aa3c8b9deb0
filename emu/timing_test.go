package emu_test

import (
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// TestTiming checks the cycles of one instruction per device against the manual (DS40002198A §4
// Tables 4-2…4-6 and the per-instruction tables of §5, summarised in ../shared/docs/avr-timing.md
// table C1). The instruction is at word 0; prep sets pointers, SP and I/O bits first.
func TestTiming(t *testing.T) {
	type tc struct {
		dev   string
		name  string
		build func(p *prog)
		prep  func(m *emu.Machine, d *isa.Device)
		want  uint64
	}
	one := func(op isa.Op, args ...any) func(p *prog) {
		return func(p *prog) { p.I(op, args...).I(isa.BREAK) }
	}
	// ptrs points X, Y and Z at the first SRAM byte.
	ptrs := func(m *emu.Machine, d *isa.Device) {
		for _, r := range []int{26, 28, 30} {
			m.SetReg(r, uint8(d.SRAMStart+1))
			m.SetReg(r+1, uint8(d.SRAMStart>>8))
		}
	}
	// ret pushes the address of word 1 for RET/RETI.
	ret := func(m *emu.Machine, d *isa.Device) {
		if err := m.PushReturn(1); err != nil {
			panic(err)
		}
	}
	// ioBit sets bit 0 of I/O address 1 (plain register storage on every device used here).
	ioSet := func(m *emu.Machine, d *isa.Device) { m.WriteData(d.IOBase+1, 1) }
	// skip builds "skipper; next (1 or 2 words); break".
	skip := func(op isa.Op, args []any, twoWord bool) func(p *prog) {
		return func(p *prog) {
			p.I(op, args...)
			if twoWord {
				p.I(isa.LDS, 0, 0x100)
			} else {
				p.I(isa.NOP)
			}
			p.I(isa.BREAK)
		}
	}
	call := func(op isa.Op) func(p *prog) {
		return func(p *prog) {
			if op == isa.ICALL || op == isa.EICALL {
				p.I(op)
			} else {
				p.I(op, "f")
			}
			p.I(isa.BREAK).L("f").I(isa.RET)
		}
	}
	popPrep := func(m *emu.Machine, d *isa.Device) { m.SetSP(d.RAMEND() - 1) }
	zf := func(m *emu.Machine, d *isa.Device) { m.SetReg(30, 3) } // Z → word 3 for ICALL/IJMP
	var cases []tc
	add := func(dev, name string, b func(p *prog), prep func(m *emu.Machine, d *isa.Device), want uint64) {
		cases = append(cases, tc{dev, name, b, prep, want})
	}

	// AVRe/AVRe+ column (ATmega128, ATmega328P, ATtiny85) and 22-bit PC (ATmega2560).
	for _, d := range []string{"atmega128", "atmega328p", "attiny85"} {
		add(d, "push", one(isa.PUSH, 0), nil, 2)
		add(d, "pop", one(isa.POP, 0), popPrep, 2)
		add(d, "rcall", call(isa.RCALL), nil, 3)
		add(d, "icall", call(isa.ICALL), zf, 3)
		add(d, "ret", one(isa.RET), ret, 4)
		add(d, "reti", one(isa.RETI), ret, 4)
		add(d, "ld x", one(isa.LDX, 0, 0), ptrs, 2)
		add(d, "ld x+", one(isa.LDXInc, 0, 0), ptrs, 2)
		add(d, "ld -x", one(isa.LDXDec, 0, 0), ptrs, 2)
		add(d, "ld -y", one(isa.LDYDec, 0, 0), ptrs, 2)
		add(d, "ldd y", one(isa.LDDY, 0, 5), ptrs, 2)
		add(d, "ldd z", one(isa.LDDZ, 0, 5), ptrs, 2)
		add(d, "st x", one(isa.STX, 0, 0), ptrs, 2)
		add(d, "st -z", one(isa.STZDec, 0, 0), ptrs, 2)
		add(d, "std y", one(isa.STDY, 5, 0), ptrs, 2)
		add(d, "lds", one(isa.LDS, 0, 0x100), nil, 2)
		add(d, "sts", one(isa.STS, 0x100, 0), nil, 2)
		add(d, "sbi", one(isa.SBI, 1, 0), nil, 2)
		add(d, "cbi", one(isa.CBI, 1, 0), nil, 2)
		add(d, "sbic no skip", skip(isa.SBIC, []any{1, 0}, false), ioSet, 1)
		add(d, "sbis skip 1", skip(isa.SBIS, []any{1, 0}, false), ioSet, 2)
		add(d, "sbis skip 2", skip(isa.SBIS, []any{1, 0}, true), ioSet, 3)
		add(d, "cpse no skip", skip(isa.CPSE, []any{0, 1}, false), func(m *emu.Machine, d *isa.Device) { m.SetReg(1, 1) }, 1)
		add(d, "cpse skip 1", skip(isa.CPSE, []any{0, 1}, false), nil, 2)
		add(d, "cpse skip 2", skip(isa.CPSE, []any{0, 1}, true), nil, 3)
		add(d, "sbrc skip 2", skip(isa.SBRC, []any{0, 7}, true), nil, 3)
		add(d, "sbrs skip 1", skip(isa.SBRS, []any{0, 7}, false), func(m *emu.Machine, d *isa.Device) { m.SetReg(0, 0x80) }, 2)
		add(d, "adiw", one(isa.ADIW, 24, 1), nil, 2)
		add(d, "sbiw", one(isa.SBIW, 24, 1), nil, 2)
		add(d, "lpm", one(isa.LPM), nil, 3)
		add(d, "lpm z+", one(isa.LPMZInc, 0, 0), nil, 3)
		add(d, "rjmp", func(p *prog) { p.I(isa.RJMP, "x").L("x").I(isa.BREAK) }, nil, 2)
		add(d, "ijmp", func(p *prog) { p.I(isa.IJMP).W(0, 0).I(isa.BREAK) }, zf, 2)
		add(d, "breq taken", func(p *prog) { p.I(isa.BREQ, "x").I(isa.NOP).L("x").I(isa.BREAK) }, func(m *emu.Machine, d *isa.Device) { m.SetSREG(Z) }, 2)
		add(d, "breq not taken", func(p *prog) { p.I(isa.BREQ, "x").I(isa.NOP).L("x").I(isa.BREAK) }, nil, 1)
		add(d, "movw", one(isa.MOVW, 0, 2), nil, 1)
		add(d, "in", one(isa.IN, 0, 0x3F), nil, 1)
		add(d, "out", one(isa.OUT, 0x3F, 0), nil, 1)
		add(d, "sleep", one(isa.SLEEP), nil, 1)
		add(d, "break", one(isa.BREAK), nil, 1)
	}
	for _, d := range []string{"atmega128", "atmega328p"} {
		add(d, "call", call(isa.CALL), nil, 4)
		add(d, "jmp", func(p *prog) { p.I(isa.JMP, "x").L("x").I(isa.BREAK) }, nil, 3)
		add(d, "mul", one(isa.MUL, 0, 1), nil, 2)
		add(d, "fmulsu", one(isa.FMULSU, 16, 17), nil, 2)
	}
	add("atmega128", "elpm", one(isa.ELPM), nil, 3)
	add("atmega128", "elpm z+", one(isa.ELPMZInc, 0, 0), nil, 3)
	m2560 := "atmega2560"
	add(m2560, "rcall", call(isa.RCALL), nil, 4)
	add(m2560, "call", call(isa.CALL), nil, 5)
	add(m2560, "icall", call(isa.ICALL), zf, 4)
	add(m2560, "eicall", call(isa.EICALL), zf, 4)
	add(m2560, "eijmp", func(p *prog) { p.I(isa.EIJMP).W(0, 0).I(isa.BREAK) }, zf, 2)
	add(m2560, "ret", one(isa.RET), ret, 5)
	add(m2560, "reti", one(isa.RETI), ret, 5)
	add(m2560, "push", one(isa.PUSH, 0), nil, 2)

	// AVRxm column, 22-bit PC (ATxmega128A1).
	xm := "atxmega128a1"
	add(xm, "push", one(isa.PUSH, 0), nil, 1)
	add(xm, "pop", one(isa.POP, 0), popPrep, 2)
	add(xm, "rcall", call(isa.RCALL), nil, 3)
	add(xm, "call", call(isa.CALL), nil, 4)
	add(xm, "icall", call(isa.ICALL), zf, 3)
	add(xm, "eicall", call(isa.EICALL), zf, 3)
	add(xm, "ret", one(isa.RET), ret, 5)
	add(xm, "sbic no skip", skip(isa.SBIC, []any{1, 0}, false), ioSet, 2)
	add(xm, "sbic skip 1", skip(isa.SBIC, []any{1, 0}, false), nil, 3)
	add(xm, "sbic skip 2", skip(isa.SBIC, []any{1, 0}, true), nil, 4)
	add(xm, "sbrs skip 2", skip(isa.SBRS, []any{0, 0}, true), func(m *emu.Machine, d *isa.Device) { m.SetReg(0, 1) }, 3)
	add(xm, "ld x", one(isa.LDX, 0, 0), ptrs, 2)
	add(xm, "ld x+", one(isa.LDXInc, 0, 0), ptrs, 2)
	add(xm, "ld -x", one(isa.LDXDec, 0, 0), ptrs, 3)
	add(xm, "ldd y", one(isa.LDDY, 0, 1), ptrs, 3)
	add(xm, "ldd z", one(isa.LDDZ, 0, 1), ptrs, 3)
	add(xm, "st x", one(isa.STX, 0, 0), ptrs, 1)
	add(xm, "st y+", one(isa.STYInc, 0, 0), ptrs, 1)
	add(xm, "st -z", one(isa.STZDec, 0, 0), ptrs, 2)
	add(xm, "std y", one(isa.STDY, 1, 0), ptrs, 2)
	add(xm, "lds", one(isa.LDS, 0, 0x2000), nil, 3)
	add(xm, "sts", one(isa.STS, 0x2000, 0), nil, 2)
	add(xm, "sbi", one(isa.SBI, 1, 0), nil, 1)
	add(xm, "cbi", one(isa.CBI, 1, 0), nil, 1)
	add(xm, "mul", one(isa.MUL, 0, 1), nil, 2)
	add(xm, "des first", one(isa.DES, 0), nil, 2)

	// AVRxt column (ATmega4809).
	xt := "atmega4809"
	add(xt, "push", one(isa.PUSH, 0), nil, 1)
	add(xt, "pop", one(isa.POP, 0), popPrep, 2)
	add(xt, "rcall", call(isa.RCALL), nil, 2)
	add(xt, "call", call(isa.CALL), nil, 3)
	add(xt, "icall", call(isa.ICALL), zf, 2)
	add(xt, "ret", one(isa.RET), ret, 4)
	add(xt, "ld x", one(isa.LDX, 0, 0), ptrs, 2)
	add(xt, "ld -y", one(isa.LDYDec, 0, 0), ptrs, 2)
	add(xt, "ldd z", one(isa.LDDZ, 0, 1), ptrs, 2)
	add(xt, "st x", one(isa.STX, 0, 0), ptrs, 1)
	add(xt, "st -x", one(isa.STXDec, 0, 0), ptrs, 1)
	add(xt, "std z", one(isa.STDZ, 1, 0), ptrs, 1)
	add(xt, "lds", one(isa.LDS, 0, 0x2800), nil, 3)
	add(xt, "sts", one(isa.STS, 0x2800, 0), nil, 2)
	add(xt, "sbi", one(isa.SBI, 1, 0), nil, 1)
	add(xt, "sbic no skip", skip(isa.SBIC, []any{1, 0}, false), ioSet, 1)
	add(xt, "sbic skip 2", skip(isa.SBIC, []any{1, 0}, true), nil, 3)
	add(xt, "lpm", one(isa.LPM), nil, 3)

	for _, c := range cases {
		d := dev(t, c.dev)
		p := newProg(t)
		c.build(p)
		m := emu.New(d, p.Bytes(), emu.Config{})
		m.SetSP(d.RAMEND())
		if c.prep != nil {
			c.prep(m, d)
		}
		s := m.Step()
		if s.Reason == emu.StopFault {
			t.Errorf("%s %s: %v", c.dev, c.name, s.Fault)
			continue
		}
		if m.Cycles() != c.want {
			t.Errorf("%s %s: %d cycles, want %d", c.dev, c.name, m.Cycles(), c.want)
		}
	}
}

// TestDESTiming: DES takes 2 cycles after a non-DES instruction and 1 after a DES (manual Table 5-50).
func TestDESTiming(t *testing.T) {
	p := newProg(t)
	p.I(isa.NOP).I(isa.DES, 0).I(isa.DES, 1).I(isa.DES, 2).I(isa.NOP).I(isa.DES, 3).I(isa.BREAK)
	m := p.machine("atxmega128a1", emu.Config{})
	runToBreak(t, m)
	if want := uint64(1 + 2 + 1 + 1 + 1 + 2 + 1); m.Cycles() != want {
		t.Errorf("cycles = %d, want %d", m.Cycles(), want)
	}
}
