package emu_test

import (
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// SREG bits, as the manual names them.
const (
	C = 1 << iota
	Z
	N
	V
	S
	H
	T
	I
)

// TestFlags checks results and SREG of single instructions against values worked out by hand from
// the manual's per-instruction "Status Register (SREG) and Boolean Formula" sections (DS40002198 §5).
func TestFlags(t *testing.T) {
	type tc struct {
		name     string
		op       isa.Op
		args     []int // operands; registers: d = r16 (r24 for ADIW/SBIW), r = r17
		d, r     uint8 // initial r16 (or r24) and r17 (or r25 for ADIW/SBIW)
		sreg     uint8 // SREG before
		want     uint16
		wantSREG uint8
		res      string // where the result is: "d" (default), "w" (r25:r24), "mul" (r1:r0), "none"
	}
	rr := []int{16, 17}
	cases := []tc{
		{"add half carry", isa.ADD, rr, 0x08, 0x08, 0, 0x10, H, ""},
		{"add signed overflow", isa.ADD, rr, 0x7F, 0x01, 0, 0x80, H | V | N, ""},
		{"add carry zero overflow", isa.ADD, rr, 0x80, 0x80, 0, 0x00, C | Z | V | S, ""},
		{"add carry half zero", isa.ADD, rr, 0xFF, 0x01, 0, 0x00, C | Z | H, ""},
		{"add keeps T and I", isa.ADD, rr, 1, 2, T | I | C | Z, 3, T | I, ""},
		{"adc carry in", isa.ADC, rr, 0xFF, 0x00, C, 0x00, C | Z | H, ""},
		{"adc no carry in", isa.ADC, rr, 0x0F, 0x00, 0, 0x0F, 0, ""},
		{"lsl", isa.LSL, []int{16}, 0x88, 0, 0, 0x10, C | H | V | S, ""},
		{"rol carry in", isa.ROL, []int{16}, 0x80, 0, C, 0x01, C | V | S, ""},
		{"sub half borrow", isa.SUB, rr, 0x10, 0x01, 0, 0x0F, H, ""},
		{"sub overflow", isa.SUB, rr, 0x80, 0x01, 0, 0x7F, H | S | V, ""},
		{"sub borrow", isa.SUB, rr, 0x00, 0x01, 0, 0xFF, C | H | N | S, ""},
		{"sub zero", isa.SUB, rr, 0x42, 0x42, C, 0x00, Z, ""},
		{"subi", isa.SUBI, []int{16, 0x01}, 0x00, 0, 0, 0xFF, C | H | N | S, ""},
		{"sbc borrow in clears z", isa.SBC, rr, 0x00, 0x00, C | Z, 0xFF, C | H | N | S, ""},
		{"sbc zero keeps z set", isa.SBC, rr, 0x05, 0x04, C | Z, 0x00, Z, ""},
		{"sbc zero keeps z clear", isa.SBC, rr, 0x05, 0x04, C, 0x00, 0, ""},
		{"sbci zero keeps z set", isa.SBCI, []int{16, 0x04}, 0x05, 0, C | Z, 0x00, Z, ""},
		{"sbci nonzero clears z", isa.SBCI, []int{16, 0x04}, 0x06, 0, C | Z, 0x01, 0, ""},
		{"cp equal", isa.CP, rr, 0x33, 0x33, 0, 0x33, Z, ""},
		{"cp less", isa.CP, rr, 0x01, 0x02, 0, 0x01, C | H | N | S, ""},
		{"cp signed", isa.CP, rr, 0x80, 0x7F, 0, 0x80, H | V | S, ""},
		{"cpc zero keeps z clear", isa.CPC, rr, 0x05, 0x05, 0, 0x05, 0, ""},
		{"cpc zero keeps z set", isa.CPC, rr, 0x05, 0x05, Z, 0x05, Z, ""},
		{"cpc carry in", isa.CPC, rr, 0x05, 0x05, C | Z, 0x05, C | H | N | S, ""},
		{"cpi", isa.CPI, []int{16, 0x10}, 0x0F, 0, 0, 0x0F, C | N | S, ""},
		{"neg 0x80", isa.NEG, []int{16}, 0x80, 0, 0, 0x80, V | N | C, ""},
		{"neg 0", isa.NEG, []int{16}, 0x00, 0, C, 0x00, Z, ""},
		{"neg 1", isa.NEG, []int{16}, 0x01, 0, 0, 0xFF, C | H | N | S, ""},
		{"com", isa.COM, []int{16}, 0x00, 0, 0, 0xFF, C | N | S, ""},
		{"com to zero", isa.COM, []int{16}, 0xFF, 0, H, 0x00, C | Z | H, ""},
		{"inc overflow keeps c", isa.INC, []int{16}, 0x7F, 0, C, 0x80, C | V | N, ""},
		{"inc wrap", isa.INC, []int{16}, 0xFF, 0, 0, 0x00, Z, ""},
		{"dec overflow", isa.DEC, []int{16}, 0x80, 0, 0, 0x7F, V | S, ""},
		{"dec to zero keeps h", isa.DEC, []int{16}, 0x01, 0, H, 0x00, Z | H, ""},
		{"and", isa.AND, rr, 0x80, 0xFF, C | V, 0x80, C | N | S, ""},
		{"andi zero", isa.ANDI, []int{16, 0x0F}, 0xF0, 0, 0, 0x00, Z, ""},
		{"or", isa.OR, rr, 0x80, 0x01, 0, 0x81, N | S, ""},
		{"ori", isa.ORI, []int{16, 0x01}, 0x00, 0, 0, 0x01, 0, ""},
		{"eor clear", isa.EOR, rr, 0x5A, 0x5A, H | C | V, 0x00, H | C | Z, ""},
		{"asr", isa.ASR, []int{16}, 0x81, 0, 0, 0xC0, C | N | S, ""},
		{"asr positive", isa.ASR, []int{16}, 0x02, 0, H, 0x01, H, ""},
		{"lsr to zero", isa.LSR, []int{16}, 0x01, 0, 0, 0x00, C | Z | V | S, ""},
		{"lsr", isa.LSR, []int{16}, 0x80, 0, N, 0x40, 0, ""},
		{"ror carry out", isa.ROR, []int{16}, 0x01, 0, 0, 0x00, C | Z | V | S, ""},
		{"ror carry in", isa.ROR, []int{16}, 0x00, 0, C, 0x80, N | V, ""},
		{"swap", isa.SWAP, []int{16}, 0x12, 0, C | Z, 0x21, C | Z, ""},
		{"mov", isa.MOV, rr, 0x00, 0x99, C, 0x99, C, ""},
		{"bst set", isa.BST, []int{16, 3}, 0x08, 0, 0, 0x08, T, ""},
		{"bst clear", isa.BST, []int{16, 3}, 0xF7, 0, T | C, 0xF7, C, ""},
		{"bld set", isa.BLD, []int{16, 7}, 0x00, 0, T, 0x80, T, ""},
		{"bld clear", isa.BLD, []int{16, 0}, 0xFF, 0, 0, 0xFE, 0, ""},
		{"sec", isa.SEC, nil, 0, 0, 0, 0, C, "none"},
		{"clz", isa.CLZ, nil, 0, 0, 0xFF, 0, 0xFF &^ Z, "none"},
		{"bset 7", isa.BSET, []int{7}, 0, 0, 0, 0, I, "none"},
		{"bclr 6", isa.BCLR, []int{6}, 0, 0, 0xFF, 0, 0xFF &^ T, "none"},
		{"adiw overflow", isa.ADIW, []int{24, 1}, 0xFF, 0x7F, 0, 0x8000, V | N, "w"},
		{"adiw carry zero", isa.ADIW, []int{24, 1}, 0xFF, 0xFF, 0, 0x0000, C | Z, "w"},
		{"adiw 63", isa.ADIW, []int{24, 63}, 0x01, 0x00, C | Z, 0x0040, 0, "w"},
		{"sbiw borrow", isa.SBIW, []int{24, 1}, 0x00, 0x00, 0, 0xFFFF, C | N | S, "w"},
		{"sbiw overflow", isa.SBIW, []int{24, 1}, 0x00, 0x80, 0, 0x7FFF, V | S, "w"},
		{"sbiw zero", isa.SBIW, []int{24, 2}, 0x02, 0x00, C, 0x0000, Z, "w"},
		{"mul", isa.MUL, rr, 0xFF, 0xFF, 0, 0xFE01, C, "mul"},
		{"mul zero", isa.MUL, rr, 0x00, 0x37, C, 0x0000, Z, "mul"},
		{"muls", isa.MULS, rr, 0x80, 0x80, 0, 0x4000, 0, "mul"},
		{"muls negative", isa.MULS, rr, 0xFF, 0x01, 0, 0xFFFF, C, "mul"},
		{"mulsu", isa.MULSU, rr, 0xFF, 0xFF, 0, 0xFF01, C, "mul"},
		{"mulsu positive", isa.MULSU, rr, 0x02, 0x80, 0, 0x0100, 0, "mul"},
		{"fmul", isa.FMUL, rr, 0x80, 0x80, 0, 0x8000, 0, "mul"},
		{"fmul carry", isa.FMUL, rr, 0xFF, 0xFF, 0, 0xFC02, C, "mul"},
		{"fmul zero after shift", isa.FMUL, rr, 0x80, 0x00, 0, 0x0000, Z, "mul"},
		{"fmuls -1*-1", isa.FMULS, rr, 0x80, 0x80, 0, 0x8000, 0, "mul"},
		{"fmuls negative", isa.FMULS, rr, 0xC0, 0x40, 0, 0xE000, C, "mul"},
		{"fmulsu", isa.FMULSU, rr, 0x80, 0xFF, 0, 0x0100, C, "mul"},
		{"fmulsu carry and zero", isa.FMULSU, rr, 0x80, 0x00, 0, 0x0000, Z, "mul"},
	}
	for _, c := range cases {
		p := newProg(t)
		args := make([]any, len(c.args))
		for i, a := range c.args {
			args[i] = a
		}
		p.I(c.op, args...).I(isa.BREAK)
		m := p.machine("atmega128", emu.Config{})
		rd, rs := 16, 17
		if c.op == isa.ADIW || c.op == isa.SBIW {
			rd, rs = 24, 25
		}
		m.SetReg(rd, c.d)
		m.SetReg(rs, c.r)
		m.SetSREG(c.sreg)
		runToBreak(t, m)
		var got uint16
		switch c.res {
		case "":
			got = uint16(m.Reg(16))
		case "w":
			got = uint16(m.Reg(24)) | uint16(m.Reg(25))<<8
		case "mul":
			got = uint16(m.Reg(0)) | uint16(m.Reg(1))<<8
		}
		if got != c.want || m.SREG() != c.wantSREG {
			t.Errorf("%s: result %#04x SREG %08b, want %#04x SREG %08b (ITHSVNZC)", c.name, got, m.SREG(), c.want, c.wantSREG)
		}
	}
}

// TestMultiByteCompare runs the usual 16-bit compare (cp/cpc) and subtract (sub/sbc) chains: Z must
// describe the whole 16-bit result.
func TestMultiByteCompare(t *testing.T) {
	cases := []struct {
		a, b     uint16
		wantSREG uint8
	}{
		{0x1200, 0x1200, Z},
		{0x1200, 0x1300, C | H | N | S},
		{0x0100, 0x0000, 0}, // low bytes equal: Z from cp is cleared by cpc's nonzero high byte
		{0x0001, 0x0101, C | H | N | S},
		{0x8000, 0x0001, S | V | H},
	}
	for _, c := range cases {
		p := newProg(t)
		p.I(isa.CP, 16, 18).I(isa.CPC, 17, 19).I(isa.BREAK)
		m := p.machine("atmega128", emu.Config{})
		m.SetReg(16, uint8(c.a))
		m.SetReg(17, uint8(c.a>>8))
		m.SetReg(18, uint8(c.b))
		m.SetReg(19, uint8(c.b>>8))
		runToBreak(t, m)
		if m.SREG() != c.wantSREG {
			t.Errorf("cp/cpc %#04x, %#04x: SREG %08b, want %08b", c.a, c.b, m.SREG(), c.wantSREG)
		}
	}
}
