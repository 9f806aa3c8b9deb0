package emu_test

import (
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
)

// TestAssembled runs a program from the assembler and checks that asm.Image serves as the fault's
// SourceMap.
func TestAssembled(t *testing.T) {
	src := `
	ldi r16, 10
	clr r24
loop:
	add r24, r16      ; 10 + 9 + ... + 1
	dec r16
	brne loop
	.word 0xffff
`
	im, err := asm.Assemble("main.S", []byte(src), asm.Config{Device: "atmega128"})
	if err != nil {
		t.Fatal(err)
	}
	m := emu.New(im.Device, im.Flash, emu.Config{})
	s := m.Run(1000)
	if m.Reg(24) != 55 {
		t.Errorf("r24 = %d, want 55", m.Reg(24))
	}
	// ldi 1, clr 1, 10 × (add 1, dec 1), brne 9 × 2 + 1
	if m.Cycles() != 1+1+20+19 {
		t.Errorf("%d cycles", m.Cycles())
	}
	var src2 emu.SourceMap = im
	if s.Fault == nil {
		t.Fatalf("stop %v, want a fault", s)
	}
	if got := s.Fault.Describe(src2); got != "illegal opcode 0xffff at pc 0x0005 (main.S:8:2)" {
		t.Errorf("Describe = %q", got)
	}
}
