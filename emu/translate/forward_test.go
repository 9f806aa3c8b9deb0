//go:build !js

package translate

import (
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
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
		{"two-loads", "ld r0, X+\n ld r1, X+\n eor r0, r1\n st -X, r0", true},
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

// BenchmarkForward runs the browser benchmark's load/store loop (54.9M cycles, TestBenchPageAvr8js's
// benchLoopSrc) on the page's engine on wazero, translated from the first Run, with and without the
// forwarded byte (planForward), and reports emulated MHz; compare the two in one run:
// go test ./emu/translate -run XXX -bench Forward -count 5.
func BenchmarkForward(b *testing.B) {
	src := `
	ldi r20, 0x00
	ldi r21, 0xff
	ldi r22, 0x01
outer:
	ldi r26, 0x00
	ldi r27, 0x02
	ldi r28, 0x00
	ldi r29, 0x03
	ldi r24, 64
inner:
	ld r16, X+
	add r16, r22
	adc r17, r16
	rol r18
	eor r18, r17
	st Y+, r16
	st X, r18
	dec r24
	brne inner
	inc r22
	subi r20, 1
	sbci r21, 0
	brne outer
	break
`
	im, err := asm.Assemble("loop.S", []byte(src), asm.Config{})
	if err != nil {
		b.Fatal(err)
	}
	for _, fwd := range []bool{true, false} {
		name := "forwarded"
		if !fwd {
			name = "stored"
		}
		b.Run(name, func(b *testing.B) {
			e := NewPage(NewWazero(), 0)
			e.noForward = !fwd
			var cycles uint64
			var regs [32]byte
			for i := 0; i < b.N; i++ {
				m := emu.New(im.Device, im.Flash, emu.Config{Engine: e})
				if s := m.Run(1 << 30); s.Reason != emu.StopBreak {
					b.Fatalf("stop %v", s)
				}
				cycles += m.Cycles()
				for r := range regs {
					regs[r] = m.Reg(r)
				}
			}
			if regs[16] != 0xC1 || regs[17] != 0x69 || regs[18] != 0xEA {
				b.Errorf("r16..r18 = % X, want C1 69 EA (the interpreter's)", regs[16:19])
			}
			b.ReportMetric(float64(cycles)/b.Elapsed().Seconds()/1e6, "MHz")
		})
	}
}
