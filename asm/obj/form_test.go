package obj

import (
	"testing"

	"github.com/avrlab/avrlab/isa"
)

// TestChooseForm checks the shared form chooser's answers and messages on real isa forms.
func TestChooseForm(t *testing.T) {
	m128, t85 := isa.LookupDevice("atmega128"), isa.LookupDevice("attiny85")
	// A stand-in for a front end's parse: every operand is a register, which fits any register slot.
	regs := func(k isa.Kind, _ int) bool { return k.IsRegister() }
	if f, p := ChooseForm(m128, "mul", isa.Lookup("mul"), []string{"r2", "r3"}, regs); f == nil || p != nil || f.Mnemonic != "mul" {
		t.Errorf("mul r2, r3 on the ATmega128: %v %+v", f, p)
	}
	if _, p := ChooseForm(t85, "mul", isa.Lookup("mul"), []string{"r2", "r3"}, regs); p == nil ||
		p.Msg != "mul is not available on attiny85 (AVRe core)" || p.Operand != -1 {
		t.Errorf("mul on the ATtiny85: %+v", p)
	}
	if _, p := ChooseForm(m128, "ldi", isa.Lookup("ldi"), []string{"r16"}, regs); p == nil || !p.Count ||
		p.Msg != "ldi takes 2 operands, found 1" {
		t.Errorf("ldi r16: %+v", p)
	}
	none := func(isa.Kind, int) bool { return false }
	if _, p := ChooseForm(m128, "ldi", isa.Lookup("ldi"), []string{"x", "1"}, none); p == nil || p.Operand != 0 ||
		p.Msg != "expected register r16..r31, found x" {
		t.Errorf("ldi x, 1: %+v", p)
	}
}
