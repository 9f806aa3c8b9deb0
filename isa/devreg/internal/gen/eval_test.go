package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
)

// evalCases are expressions of the forms avr-libc's headers expand to, and the corners of #if
// arithmetic: unsigned promotion, shifts, ternaries, precedence.
var evalCases = []string{
	"((0x18) + 0x20)", "(0x0600)", "0x1FFFF", "(0x2000 + 0x2000 - 1)", "(0)", "0b101", "017", "10UL",
	"(unsigned)1", // not an expression: an identifier
	"-1", "~0", "~0U", "-1 < 0", "-1 < 0U", "(-1) >> 1", "0xFFFFFFFFFFFFFFFF >> 63", "1 << 62",
	"7 / 2", "-7 / 2", "-7 % 3", "0xF0 & 0x3C | 1 ^ 3", "1 ? 2 : 3", "0 ? 2 : 3U", "!0 + !5",
	"1 + 2 * 3 - 4 / 2", "(1 << 3) == 8 && 2 != 2 || 1", "3 >= 3", "2 <= 1", "5 > 4", "0x8000000000000000",
}

func TestEvalCases(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"((0x18) + 0x20)", 0x38, true},
		{"PROGMEM_END", 0, false},
		{"(unsigned char)~_BV(3)", 0, false},
		{"", 0, false},
		{`"iom128.h"`, 0, false},
		{"1F2021", 0, false},
		{"-1 < 0U", 0, true},
		{"(-1) >> 1", -1, true},
	} {
		v, ok, err := Eval(c.in)
		if err != nil || ok != c.ok || v != c.want {
			t.Errorf("Eval(%q) = %d, %v, %v; want %d, %v", c.in, v, ok, err, c.want, c.ok)
		}
	}
	for _, bad := range []string{"(1", "1 +", "1 / 0", "1 % (2 - 2)", "1 ? 2", "1 << 64", ")"} {
		if _, _, err := Eval(bad); err == nil {
			t.Errorf("Eval(%q): no error", bad)
		}
	}
}

// TestEvalAgainstCpp checks Eval with avr-gcc's #if: each value Eval gives must be the preprocessor's.
func TestEvalAgainstCpp(t *testing.T) {
	oracle.NeedGNU(t)
	var src strings.Builder
	n := 0
	for _, e := range evalCases {
		v, ok, err := Eval(e)
		if err != nil {
			t.Fatalf("Eval(%q): %v", e, err)
		}
		if !ok {
			continue
		}
		n++
		lit := fmt.Sprintf("(%d)", v)
		if v == -1<<63 {
			lit = "(-0x7FFFFFFFFFFFFFFF - 1)"
		}
		// Eval returns the 64-bit pattern (an unsigned ~0U is -1): compare modulo 2^64.
		fmt.Fprintf(&src, "#if ((%s) - (%s)) != 0\n#error %q\n#endif\n", e, lit, e)
	}
	if n < len(evalCases)-1 {
		t.Fatalf("only %d cases evaluated", n)
	}
	cfg := Config{}
	if _, err := cfg.Run([]string{"-x", "assembler-with-cpp", "-E", "-P", "-"}, src.String()); err != nil {
		t.Fatal(err)
	}
}
