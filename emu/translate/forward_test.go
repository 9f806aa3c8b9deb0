//go:build !js

package translate

import (
	"testing"

	"github.com/avrlab/avrlab/asm"
)

// TestPlanForward: which self loops keep their store's byte for the next pass's load
// (planForward), on the loop "inner" of each program: the browser benchmark's ARX loop (ld X+ ...
// st X), a displacement store (ld Y+ ... std Y+0), and loops that must not be: a PUSH, an STS or a
// call in the loop, a store through Y after X's store, a store before the load, a store one byte
// off, a skip, and a pointer the loop also changes otherwise (ADIW).
func TestPlanForward(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       bool
	}{
		{"arx", "ld r16, X+\n add r16, r22\n adc r17, r16\n rol r18\n eor r18, r17\n st Y+, r16\n st X, r18", true},
		{"disp", "ld r0, Y+\n swap r0\n std Y+0, r0", true},
		{"same", "ld r0, Z\n inc r0\n st Z, r0", true},
		{"push", "ld r16, X+\n push r16\n pop r16\n st X, r16", false},
		{"sts", "ld r16, X+\n sts 0x300, r16\n st X, r16", false},
		{"call", "ld r16, X+\n rcall sub\n st X, r16", false},
		{"y-after", "ld r16, X+\n st X, r16\n st Y+, r16", false},
		{"store-first", "st Y+, r16\n ld r16, X+\n st X, r16", false},
		{"off-by-one", "ld r16, X+\n st X+, r16", false},
		{"skip", "ld r16, X+\n sbrc r16, 0\n inc r16\n st X, r16", false},
		{"adiw", "ld r16, X+\n adiw r26, 1\n st X, r16", false},
		{"pre-dec", "ld r0, -X\n st -X, r0\n st X, r0", false},
	} {
		src := "ldi r24, 10\ninner:\n " + c.body + "\n dec r24\n brne inner\n break\nsub: ret\n"
		im, err := asm.Assemble(c.name+".S", []byte(src), asm.Config{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var words []uint16
		for i := 0; i+1 < len(im.Flash); i += 2 {
			words = append(words, uint16(im.Flash[i])|uint16(im.Flash[i+1])<<8)
		}
		p := program(t, words...)
		reg := buildRegion(p, []uint32{1})
		got, self := false, false
		for _, b := range reg.blocks {
			if b.start == 1 {
				self = b.self
				got = planForward(p, b).ok
			}
		}
		if got != c.want || !self && c.want {
			t.Errorf("%s: forwarded %v, want %v (self loop %v)", c.name, got, c.want, self)
		}
	}
}
