package atmel

import "testing"

func TestDetect(t *testing.T) {
	cases := []struct {
		name, src string
		want      Dialect
	}{
		{"main.asm", "nop\n", Atmel},
		{"M128DEF.INC", "", Atmel},
		{"main.S", "nop\n", GNU},
		{"main.s", "nop\n", GNU},
		{"noext", "nop\n", GNU},
		{"main.S", "; avrlab dialect: atmel\n.def t = r16\n", Atmel},
		{"main.S", "nop\n  ;AVRLAB Dialect:   Atmel  \r\n", Atmel},
		{"main.S", "// avrlab dialect: avrasm2\n", Atmel},
		{"main.asm", "; avrlab dialect: gnu\n", GNU},
		{"main.asm", "; avrlab dialect: fortran\n; avrlab dialect: gnu\n", GNU},
		{"main.S", "ldi r16, 1 ; avrlab dialect: atmel\n", GNU}, // not a line of its own
		{"main.S", "; avrlab call: f(buf)\n", GNU},
	}
	for _, c := range cases {
		if got := Detect(c.name, []byte(c.src)); got != c.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", c.name, c.src, got, c.want)
		}
	}
	if d, ok := ParseDialect("ATMEL"); !ok || d != Atmel {
		t.Errorf("ParseDialect(ATMEL) = %v, %v", d, ok)
	}
	if _, ok := ParseDialect("nasm"); ok {
		t.Error("ParseDialect(nasm) accepted")
	}
}

func TestHints(t *testing.T) {
	if got, want := AtmelHint(".def", "directive"), `".def" is an AVRASM2 directive: name the file .asm or add "; avrlab dialect: atmel"`; got != want {
		t.Errorf("AtmelHint = %s\nwant        %s", got, want)
	}
	if got, want := GNUHint(".section", "directive"), `".section" is a GNU as directive: name the file .S or add "; avrlab dialect: gnu"`; got != want {
		t.Errorf("GNUHint = %s\nwant       %s", got, want)
	}
	for _, d := range []string{".def", ".CSEG", ".db", ".dw", ".device", ".exit"} {
		if !IsAtmelDirective(d) || IsGNUDirective(d) {
			t.Errorf("%s: Atmel %v, GNU %v", d, IsAtmelDirective(d), IsGNUDirective(d))
		}
	}
	for _, d := range []string{".section", ".text", ".word", ".ascii", ".rept", ".global"} {
		if IsAtmelDirective(d) || !IsGNUDirective(d) {
			t.Errorf("%s: Atmel %v, GNU %v", d, IsAtmelDirective(d), IsGNUDirective(d))
		}
	}
	// In both dialects, so in neither list.
	for _, d := range []string{".equ", ".set", ".org", ".byte", ".macro", ".endm", ".if", ".else", ".endif",
		".ifdef", ".ifndef", ".include", ".error", ".warning", ".list", ".nolist"} {
		if IsAtmelDirective(d) || IsGNUDirective(d) {
			t.Errorf("%s is in both dialects but listed as foreign", d)
		}
	}
	if !IsAtmelFunction("HIGH") || IsAtmelFunction("hi8") || !IsGNUFunction("pm_lo8") || IsGNUFunction("low") {
		t.Error("function lists wrong")
	}
}
