package atmel_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/obj"
)

// firstError returns the first diagnostic of a result as "line:col: message".
func firstError(t *testing.T, err error) string {
	t.Helper()
	var list obj.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("no error list: %v", err)
	}
	return fmt.Sprintf("%d:%d: %s", list[0].Pos.Line, list[0].Pos.Column, list[0].Msg)
}

// TestLimits checks that runaway input ends with a positioned error: nesting, work, sizes.
func TestLimits(t *testing.T) {
	// A tree of macros: m6 expands to 10^6 NOPs, 2 MB of flash; the work budget stops it first.
	var tree strings.Builder
	tree.WriteString(".macro m0\nnop\n.endm\n")
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&tree, ".macro m%d\n%s.endm\n", i, strings.Repeat(fmt.Sprintf("m%d\n", i-1), 10))
	}
	tree.WriteString("m6\n")
	cases := []struct{ name, src, want string }{
		{"if depth", strings.Repeat(".if 1\n", 300), "257:1: .if nested deeper than 256 levels"},
		{"expression depth", "ldi r16, " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300) + "\n",
			"1:266: expression nested deeper than 256 levels"},
		{"unary depth", "ldi r16, " + strings.Repeat("-", 300) + "1\n", "1:266: expression nested deeper than 256 levels"},
		{"macro tree", tree.String(), `2:1: the code segment grows to 131074 bytes, beyond the 131072 bytes of flash of atmega128 (in macro "m0" called at 11:1)`},
		{"eeprom", ".eseg\n.org 4000\n.dq 1,2,3,4,5,6,7,8,9,10,11,12,13\n", "3:1: the EEPROM segment grows to 4104 bytes, beyond the 4096 bytes of EEPROM of atmega128"},
	}
	for _, c := range cases {
		r := assemble(t, "f.asm", c.src, nil, "")
		if got := firstError(t, r.err); !strings.HasSuffix(got, c.want) {
			t.Errorf("%s: %s\nwant %s", c.name, got, c.want)
		}
	}
	// File sizes: the main source and an included file.
	big := strings.Repeat("nop\n", 300)
	u := atmel.Parse("f.asm", []byte(big), atmel.Config{MaxFileBytes: 1000})
	if got := firstError(t, u.Errors.Err()); !strings.Contains(got, `"f.asm" is 1200 bytes; the limit is 1000 bytes per file`) {
		t.Errorf("file size: %s", got)
	}
	r := assemble(t, "f.asm", ".include \"a.inc\"\n.include \"b.inc\"\n", map[string]string{"a.inc": big, "b.inc": big}, "")
	if r.err != nil {
		t.Errorf("two 1200-byte includes: %v", r.err)
	}
}
