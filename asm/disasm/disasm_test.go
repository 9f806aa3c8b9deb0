package disasm_test

import (
	"testing"

	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/isa"
)

// TestKnownLines checks texts avr-objdump printed for these bytes (binutils 2.26, -m avr:51), in our
// spelling (lower-case hex, aliases only where asked).
func TestKnownLines(t *testing.T) {
	cases := []struct {
		bytes   []byte
		aliases bool
		want    []string
	}{
		{[]byte{0x00, 0xc0, 0xff, 0xcf, 0x00, 0xd0}, false, []string{"rjmp\t.+0", "rjmp\t.-2", "rcall\t.+0"}},
		{[]byte{0x00, 0xc8, 0xff, 0xc7}, false, []string{"rjmp\t.-4096", "rjmp\t.+4094"}},
		{[]byte{0x09, 0xf0, 0xf9, 0xf7, 0x07, 0xf6}, true, []string{"breq\t.+2", "brne\t.-2", "brid\t.-128"}},
		{[]byte{0x09, 0xf0, 0xf9, 0xf7}, false, []string{"brbs\t1, .+2", "brbc\t1, .-2"}},
		{[]byte{0x0c, 0x94, 0xff, 0xff, 0x0e, 0x94, 0x00, 0x00, 0xfd, 0x94, 0xff, 0xff}, false,
			[]string{"jmp\t0x1fffe", "call\t0x0", "jmp\t0x3ffffe"}},
		{[]byte{0x00, 0x90, 0xff, 0xff, 0xf0, 0x93, 0xff, 0xff}, false, []string{"lds\tr0, 0xffff", "sts\t0xffff, r31"}},
		{[]byte{0x0f, 0xac, 0xf7, 0xaf, 0x08, 0x80, 0x00, 0x80, 0xad, 0x91}, false,
			[]string{"ldd\tr0, Y+63", "std\tZ+63, r31", "ld\tr0, Y", "ld\tr0, Z", "ld\tr26, X+"}},
		{[]byte{0xff, 0x96, 0x00, 0x97, 0x0f, 0xb6, 0x0f, 0xbe}, false,
			[]string{"adiw\tr30, 0x3f", "sbiw\tr24, 0x00", "in\tr0, 0x3f", "out\t0x3f, r0"}},
		{[]byte{0x00, 0x0c, 0xff, 0x1f, 0x55, 0x20, 0x77, 0x24}, true, []string{"lsl\tr0", "rol\tr31", "tst\tr5", "clr\tr7"}},
		{[]byte{0x00, 0x0c, 0x78, 0x94, 0x88, 0x94}, false, []string{"add\tr0, r0", "bset\t7", "bclr\t0"}},
		{[]byte{0x78, 0x94, 0x88, 0x94, 0x0f, 0xef, 0x00, 0x70}, true, []string{"sei", "clc", "ldi\tr16, 0xff", "andi\tr16, 0x00"}},
		{[]byte{0xfe, 0x01, 0xf0, 0x02, 0xf8, 0x03, 0x07, 0x90, 0xd8, 0x95}, false,
			[]string{"movw\tr30, r28", "muls\tr31, r16", "fmulsu\tr23, r16", "elpm\tr0, Z+", "elpm"}},
		{[]byte{0xff, 0x9a, 0x00, 0x98, 0xf8, 0x99}, false, []string{"sbi\t0x1f, 7", "cbi\t0x00, 0", "sbic\t0x1f, 0"}},
		// Not on the ATmega128 (EIJMP, SPM Z+, DES, XCH), a reserved word, a truncated CALL, an odd byte.
		{[]byte{0x19, 0x94, 0xf8, 0x95, 0x0b, 0x94, 0x04, 0x92, 0xff, 0xff, 0x0e, 0x94, 0x42}, false,
			[]string{".word\t0x9419", ".word\t0x95f8", ".word\t0x940b", ".word\t0x9204", ".word\t0xffff", ".word\t0x940e", ".byte\t0x42"}},
	}
	for _, c := range cases {
		lines := disasm.Disassemble(c.bytes, m128(), disasm.Options{Aliases: c.aliases})
		if len(lines) != len(c.want) {
			t.Errorf("% x: %d lines, want %d", c.bytes, len(lines), len(c.want))
			continue
		}
		for i, l := range lines {
			if l.Text != c.want[i] {
				t.Errorf("% x line %d: %q, want %q", c.bytes, i, l.Text, c.want[i])
			}
		}
	}
}

func TestLineFields(t *testing.T) {
	// ldi r16, 0xff; call 0x1234 (word 0x91a); eijmp; odd byte.
	b := []byte{0x0f, 0xef, 0x0e, 0x94, 0x1a, 0x09, 0x19, 0x94, 0x7f}
	lines := disasm.Disassemble(b, nil, disasm.Options{})
	if len(lines) != 4 {
		t.Fatalf("%d lines", len(lines))
	}
	if l := lines[1]; l.Addr != 2 || len(l.Words) != 2 || l.Words[1] != 0x091a || l.Inst.Form.Op != isa.CALL || l.Inst.Args[0] != 0x91a || l.Illegal {
		t.Errorf("call line: %+v", l)
	}
	if l := lines[2]; l.Addr != 6 || !l.Illegal || l.Inst.Form == nil || l.Inst.Form.Op != isa.EIJMP {
		t.Errorf("eijmp line on atmega128: %+v", l)
	}
	if l := lines[3]; l.Addr != 8 || !l.Illegal || l.Words != nil || l.Inst.Form != nil {
		t.Errorf("odd byte: %+v", l)
	}
	// The ATmega2560 has EIJMP; the ATtiny85 has no CALL.
	if l := disasm.Disassemble(b[6:8], isa.LookupDevice("atmega2560"), disasm.Options{}); l[0].Text != "eijmp" {
		t.Errorf("atmega2560: %q", l[0].Text)
	}
	// On the ATtiny85 the CALL word is illegal and its address word, 0x091a, is sbc r17, r10.
	if l := disasm.Disassemble(b[2:6], isa.LookupDevice("attiny85"), disasm.Options{}); l[0].Text != ".word\t0x940e" || l[1].Text != "sbc\tr17, r10" {
		t.Errorf("attiny85: %q %q", l[0].Text, l[1].Text)
	}
	if n := len(disasm.Disassemble(nil, nil, disasm.Options{})); n != 0 {
		t.Errorf("no bytes: %d lines", n)
	}
}

// TestLabels checks that targets with a name print as the name, and others as offsets.
func TestLabels(t *testing.T) {
	// 0: rjmp .+2 (to 4); 2: breq .-4 (to 0); 4: call 0x4; 8: rcall .-2 (to 8); 10: jmp 0x100.
	b := []byte{0x01, 0xc0, 0xf1, 0xf3, 0x0e, 0x94, 0x02, 0x00, 0xff, 0xdf, 0x0c, 0x94, 0x80, 0x00}
	labels := map[uint32]string{0: "start", 4: "sub", 8: ""}
	var got []string
	for _, l := range disasm.Disassemble(b, m128(), disasm.Options{Labels: labels, Aliases: true}) {
		got = append(got, l.Text)
	}
	want := []string{"rjmp\tsub", "breq\tstart", "call\tsub", "rcall\t.-2", "jmp\t0x100"}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
}

func TestFormat(t *testing.T) {
	in, ok := isa.Decode(isa.CoreAVRePlus, 0xF3F9, 0)
	if !ok || disasm.Format(in) != "brbs\t1, .-2" || disasm.Format(isa.PreferredAlias(in)) != "breq\t.-2" {
		t.Errorf("Format(0xf3f9) = %q", disasm.Format(in))
	}
	if got := disasm.Format(isa.Inst{}); got != "(illegal)" {
		t.Errorf("Format(Inst{}) = %q", got)
	}
}
