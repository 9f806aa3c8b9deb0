package isa

import (
	"testing"
)

// TestEveryWordRoundTrips decodes all 65,536 first words on each decoder family and re-encodes the
// result: the same words must come back (two-word forms with a varying second word).
func TestEveryWordRoundTrips(t *testing.T) {
	for _, c := range []Core{CoreAVRePlus, CoreAVRrc} {
		legal := 0
		for w := 0; w < 65536; w++ {
			for _, w1 := range []uint16{0, 0xFFFF, 0x1234} {
				in, ok := Decode(c, uint16(w), w1)
				if !ok {
					continue
				}
				legal++
				var args []int64
				for i := range in.Form.Operands {
					args = append(args, in.Args[i])
				}
				got, err := in.Form.Encode(args)
				if err != nil {
					t.Fatalf("%s: %#04x %s %v: encode: %v", c, w, in.Form.Mnemonic, args, err)
				}
				if got[0] != uint16(w) || (in.Words == 2 && got[1] != w1) {
					t.Fatalf("%s: %#04x %04x decodes to %s %v, encodes to %04x", c, w, w1, in.Form.Mnemonic, args, got)
				}
				if in.Words == 1 {
					break
				}
			}
		}
		t.Logf("%s: %d legal encodings", c, legal)
	}
}

// TestEveryFormReachable checks that each non-alias form is what the decoder returns for its own value.
func TestEveryFormReachable(t *testing.T) {
	for _, f := range Forms {
		if f.Alias != nil {
			continue
		}
		c := CoreAVRxm
		if f.Cores == onlyRC {
			c = CoreAVRrc
		} else if !f.Cores.Has(c) {
			c = CoreAVRxt
		}
		w0 := uint16(f.Value)
		if f.Words == 2 {
			w0 = uint16(f.Value >> 16)
		}
		if FormFor(c, w0) != f && !(f.Op == LDDY || f.Op == LDDZ || f.Op == STDY || f.Op == STDZ) {
			t.Errorf("%s %s: decoder returns %v", f.Mnemonic, f.Pattern, FormFor(c, w0))
		}
	}
}

func TestKnownEncodings(t *testing.T) {
	cases := []struct {
		mn   string
		form int
		args []int64
		want []uint16
	}{
		{"ldi", 0, []int64{16, 0x12}, []uint16{0xE102}},
		{"add", 0, []int64{24, 24}, []uint16{0x0F88}},
		{"lsl", 0, []int64{24}, []uint16{0x0F88}},
		{"ser", 0, []int64{31}, []uint16{0xEFFF}},
		{"cbr", 0, []int64{16, 0x0F}, []uint16{0x7F00}},
		{"breq", 0, []int64{-1}, []uint16{0xF3F9}},
		{"rjmp", 0, []int64{-1}, []uint16{0xCFFF}},
		{"call", 0, []int64{0x1234}, []uint16{0x940E, 0x1234}},
		{"jmp", 0, []int64{0x3FFFFF}, []uint16{0x95FD, 0xFFFF}},
		{"adiw", 0, []int64{30, 63}, []uint16{0x96FF}},
		{"movw", 0, []int64{30, 28}, []uint16{0x01FE}},
		{"ldd", 1, []int64{5, 63}, []uint16{0xAC57}},
		{"std", 0, []int64{1, 2}, []uint16{0x8229}},
		{"in", 0, []int64{0, 0x3F}, []uint16{0xB60F}},
		{"out", 0, []int64{0x3E, 29}, []uint16{0xBFDE}},
		{"sei", 0, nil, []uint16{0x9478}},
		{"cli", 0, nil, []uint16{0x94F8}},
		{"lds", 0, []int64{24, 0x100}, []uint16{0x9180, 0x0100}},
		{"lds", 1, []int64{16, 0x40}, []uint16{0xA100}},
		{"lds", 1, []int64{16, 0xBF}, []uint16{0xA60F}},
		{"mulsu", 0, []int64{23, 16}, []uint16{0x0370}},
	}
	for _, c := range cases {
		forms := Lookup(c.mn)
		f := forms[c.form]
		got, err := f.Encode(c.args)
		if err != nil || len(got) != len(c.want) || got[0] != c.want[0] || (len(got) == 2 && got[1] != c.want[1]) {
			t.Errorf("%s %v = %04x, %v; want %04x", c.mn, c.args, got, err, c.want)
		}
	}
}

func TestCyclesPerCore(t *testing.T) {
	cases := []struct {
		op   Op
		c    Core
		pc22 bool
		want int
	}{
		{PUSH, CoreAVRePlus, false, 2}, {PUSH, CoreAVRxm, true, 1}, {PUSH, CoreAVRxt, false, 1}, {POP, CoreAVRrc, false, 3},
		{RCALL, CoreAVRePlus, false, 3}, {RCALL, CoreAVRePlus, true, 4}, {RCALL, CoreAVRxm, true, 3},
		{CALL, CoreAVRePlus, false, 4}, {CALL, CoreAVRePlus, true, 5}, {CALL, CoreAVRxt, false, 3},
		{RET, CoreAVRePlus, false, 4}, {RET, CoreAVRePlus, true, 5}, {RET, CoreAVRrc, false, 6},
		{EICALL, CoreAVRePlus, true, 4}, {EICALL, CoreAVRxm, true, 3},
		{SBIC, CoreAVRxm, true, 2}, {SBIC, CoreAVRePlus, false, 1},
		{LDXDec, CoreAVRxm, true, 3}, {LDDY, CoreAVRxm, true, 3}, {LDDY, CoreAVRxt, false, 2},
		{STX, CoreAVRxt, false, 1}, {STDZ, CoreAVRxm, true, 2}, {STDZ, CoreAVRxt, false, 1}, {STXDec, CoreAVRrc, false, 2},
		{LDS, CoreAVRxm, true, 3}, {LDS, CoreAVRePlus, false, 2}, {STS, CoreAVRxt, false, 2}, {LDSrc, CoreAVRrc, false, 2},
		{SBI, CoreAVRePlus, false, 2}, {SBI, CoreAVRxm, true, 1}, {LPMZInc, CoreAVRxt, false, 3},
		{MUL, CoreAVRePlus, false, 2}, {ADIW, CoreAVRxt, false, 2}, {JMP, CoreAVRxm, true, 3},
		{MUL, CoreAVRrc, false, 0}, {ADIW, CoreAVRrc, false, 0},
	}
	for _, c := range cases {
		if got := FormOf(c.op).Cycles(c.c, c.pc22); got != c.want {
			t.Errorf("%s on %s (pc22=%v) = %d cycles, want %d", FormOf(c.op).Mnemonic, c.c, c.pc22, got, c.want)
		}
	}
}

func TestDeviceAvailability(t *testing.T) {
	t85 := LookupDevice("attiny85")
	if t85.Has(FormOf(MUL)) || t85.Has(FormOf(CALL)) || !t85.Has(FormOf(MOVW)) {
		t.Error("attiny85: want no MUL, no CALL, MOVW")
	}
	m128 := LookupDevice("atmega128")
	if !m128.Has(FormOf(MUL)) || m128.Has(FormOf(EICALL)) || !m128.Has(FormOf(ELPMZInc)) || m128.Has(FormOf(DES)) {
		t.Error("atmega128 availability wrong")
	}
	if m128.RAMEND() != 0x10FF {
		t.Errorf("atmega128 RAMEND = %#x", m128.RAMEND())
	}
}
