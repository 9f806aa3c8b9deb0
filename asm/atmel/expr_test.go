package atmel_test

import (
	"encoding/binary"
	"testing"
)

// TestExprSemantics checks AVRASM2 expressions against Go's evaluation of the same C expression on
// int64: Go's operators on signed integers are C's (truncating / and %, arithmetic >>), with
// parentheses where Go's precedence differs from C's; comparisons and logical operators give 1 or 0
// in AVRASM2, written here as b(...).
func TestExprSemantics(t *testing.T) {
	b := func(c bool) int64 {
		if c {
			return 1
		}
		return 0
	}
	x, y := int64(-1234567), int64(89)
	cases := []struct {
		src  string
		want int64
	}{
		{"-16>>2", -16 >> 2},
		{"-1>>63", -1 >> 63},
		{"-0x8000000000000000>>63", -0x8000000000000000 >> 63},
		{"0x7fffffffffffffff>>62", 0x7fffffffffffffff >> 62},
		{"-1234567>>7>>3", x >> 7 >> 3},
		{"-1234567/89", x / y},
		{"-1234567%89", x % y},
		{"1234567%-89", -x % -y},
		{"-1234567*89+3-4", x*y + 3 - 4},
		{"1<<62|1<<3", 1<<62 | 1<<3},
		{"~0x0F&0xFF^0x3C", ^0x0F&0xFF ^ 0x3C},
		{"5|2^7&3", 5 | (2 ^ (7 & 3))}, // Go ranks | and ^ with +: grouped here as C groups them
		{"1+2<<3", (1 + 2) << 3},
		{"-1234567<89", b(x < y)},
		{"-1234567>89==0", b(b(x > y) == 0)},
		{"89>=89&&89<=88", b(y >= y && y <= 88)},
		{"0||-1234567", b(x != 0)},
		{"!0+!5", b(true) + b(false)},
		{"1?2?3:4:5", 3},
		{"0?1:0?2:3", 3},
		{"abs(-1234567)+abs(89)", -x + y},
		{"(1+2)*(3+4)-(5-(6-7))", (1+2)*(3+4) - (5 - (6 - 7))},
	}
	src := ".device ATmega128\n"
	for _, c := range cases {
		src += ".dq " + c.src + "\n"
	}
	r := assemble(t, "e.asm", src, nil, "")
	if r.err != nil {
		t.Fatal(r.err)
	}
	for i, c := range cases {
		got := int64(binary.LittleEndian.Uint64(r.im.Flash[8*i:]))
		if got != c.want {
			t.Errorf("%s = %d, want %d", c.src, got, c.want)
		}
	}
}
