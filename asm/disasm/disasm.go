// Package disasm turns AVR machine code back into GNU avr-as source text.
//
// Every line Disassemble prints re-assembles, with avr-as or avrlab's asm package, to the bytes it came
// from: relative targets print as ".+N"/".-N" (bytes from the next instruction, which is how avr-as reads
// "." in a branch operand: "rjmp .+0" falls through, "rjmp .-2" loops), two-word instructions take their
// second word, and words that no instruction of the device encodes print as ".word 0xNNNN". The decoding
// itself is [isa.Decode]; this package only chooses what to print.
package disasm

import (
	"strings"

	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// Options controls Disassemble's text. The zero value prints base mnemonics and numeric targets.
type Options struct {
	// Aliases prints the alias avr-objdump would print where one fits exactly ([isa.PreferredAlias]):
	// lsl r5 for add r5, r5, clr, tst, rol, breq/brne/… for brbs/brbc, sec/cli/… for bset/bclr.
	Aliases bool
	// Labels names flash byte addresses. A branch, jump or call whose target is a named address prints
	// the name instead of ".+N" or a number; other targets print as usual.
	Labels map[uint32]string
}

// Line is one disassembled instruction or data word.
type Line struct {
	Addr  uint32   // flash byte address of the first word
	Words []uint16 // the instruction's words (1 or 2); nil for a trailing odd byte
	// Inst is the instruction as decoded (the base form, never an alias). On an illegal line it is the
	// zero Inst, or the decoded instruction when the word encodes a form the device lacks.
	Inst    isa.Inst
	Text    string // GNU avr-as text, e.g. "ldi\tr16, 0xff", ".word 0xffff"
	Illegal bool   // no instruction of the device: Text is a .word (or .byte) directive
}

// Disassemble decodes flash (little-endian words from byte address 0) for dev's core and prints one
// Line per instruction. A word is illegal when no form encodes it, when dev lacks the form (eijmp on an
// ATmega128) or when a two-word instruction has no second word; it prints as ".word 0xNNNN" and
// decoding resumes at the next word. A trailing odd byte prints as ".byte 0xNN". A nil dev means
// [isa.DefaultDevice].
func Disassemble(flash []byte, dev *isa.Device, opt Options) []Line {
	if dev == nil {
		dev = isa.LookupDevice(isa.DefaultDevice)
	}
	lines := make([]Line, 0, len(flash)/2+1)
	n := len(flash) / 2
	word := func(i int) uint16 { return uint16(flash[2*i]) | uint16(flash[2*i+1])<<8 }
	for i := 0; i < n; {
		addr := uint32(2 * i)
		w0 := word(i)
		var w1 uint16
		if i+1 < n {
			w1 = word(i + 1)
		}
		inst, ok := isa.Decode(dev.Core, w0, w1)
		if !ok || !dev.Has(inst.Form) || i+inst.Words > n {
			l := Line{Addr: addr, Words: []uint16{w0}, Text: textf.Sprintf(".word\t0x%04x", w0), Illegal: true}
			if ok && i+inst.Words <= n {
				l.Inst = inst
			}
			lines = append(lines, l)
			i++
			continue
		}
		words := []uint16{w0}
		if inst.Words == 2 {
			words = append(words, w1)
		}
		shown := inst
		if opt.Aliases {
			shown = isa.PreferredAlias(inst)
		}
		lines = append(lines, Line{Addr: addr, Words: words, Inst: inst, Text: format(shown, addr, opt.Labels)})
		i += inst.Words
	}
	if len(flash)%2 != 0 {
		lines = append(lines, Line{Addr: uint32(len(flash) - 1), Text: textf.Sprintf(".byte\t0x%02x", flash[len(flash)-1]), Illegal: true})
	}
	return lines
}

// Format prints inst in GNU avr-as syntax as Disassemble does without labels: the mnemonic, a tab, and
// the operands separated by ", ", with relative targets as ".+N"/".-N" in bytes from the next
// instruction and jump/call targets as byte addresses. An Inst without a form prints as "(illegal)".
func Format(inst isa.Inst) string { return format(inst, 0, nil) }

// format prints inst at byte address addr, naming targets found in labels.
func format(inst isa.Inst, addr uint32, labels map[uint32]string) string {
	if inst.Form == nil {
		return "(illegal)"
	}
	var b strings.Builder
	b.WriteString(inst.Form.Mnemonic)
	for i, op := range inst.Form.Operands {
		if i == 0 {
			b.WriteByte('\t')
		} else {
			b.WriteString(", ")
		}
		v := inst.Args[i]
		if name, ok := target(op.Kind, v, addr, inst.Words, labels); ok {
			b.WriteString(name)
			continue
		}
		b.WriteString(isa.FormatOperand(op.Kind, v))
	}
	return b.String()
}

// target returns the label of a branch or jump operand's target, if labels names it.
func target(k isa.Kind, v int64, addr uint32, words int, labels map[uint32]string) (string, bool) {
	if len(labels) == 0 {
		return "", false
	}
	var t int64
	switch {
	case k.IsRelative():
		t = int64(addr) + 2*int64(words) + 2*v
	case k == isa.Abs22:
		t = 2 * v
	default:
		return "", false
	}
	if t < 0 || t > 0xFFFFFFFF {
		return "", false
	}
	name, ok := labels[uint32(t)]
	return name, ok && name != ""
}
