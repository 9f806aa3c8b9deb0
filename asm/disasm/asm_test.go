package disasm_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/isa"
)

// assembleOurs runs avrlab's assembler on src for the ATmega128 with no error limit.
func assembleOurs(name, src string) (*asm.Image, error) {
	return asm.Assemble(name, []byte(src), asm.Config{Device: "atmega128", MaxErrors: -1})
}

// TestGenOurAssembler assembles the committed gen.S, and the disassembler's texts of its golden bytes
// (plain, with aliases, with labels), with avrlab's assembler: each must give avr-as's bytes.
func TestGenOurAssembler(t *testing.T) {
	_, flash := golden(t)
	dev := m128()
	src, err := os.ReadFile(genSPath)
	if err != nil {
		t.Fatal(err)
	}
	labels, _ := allLabels(flash, dev)
	for _, c := range []struct{ name, text string }{
		{"gen.S", string(src)},
		{"plain.S", listing(disasm.Disassemble(flash, dev, disasm.Options{}), nil)},
		{"aliases.S", listing(disasm.Disassemble(flash, dev, disasm.Options{Aliases: true}), nil)},
		{"labels.S", listing(disasm.Disassemble(flash, dev, disasm.Options{Labels: labels}), labels)},
	} {
		im, err := assembleOurs(c.name, c.text)
		if err != nil {
			t.Errorf("%s: %.2000v", c.name, err)
			continue
		}
		if !bytes.Equal(im.Flash, flash) {
			t.Errorf("%s: our bytes differ from avr-as's at %s", c.name, firstDiff(im.Flash, flash))
		}
	}
}

// TestEveryWordOurAssembler assembles the disassembly of every word (see allWords) with avrlab's
// assembler, plain and (where they differ) with aliases: the bytes must be the words, lines avr-as only
// warns about (ld r26, X+ …) included. Every form of the core that the ATmega128 lacks must be refused.
func TestEveryWordOurAssembler(t *testing.T) {
	dev := m128()
	stream := toBytes(allWords(dev))
	plain := disasm.Disassemble(stream, dev, disasm.Options{})
	var al []disasm.Line
	for i, l := range disasm.Disassemble(stream, dev, disasm.Options{Aliases: true}) {
		if l.Text != plain[i].Text {
			al = append(al, l)
		}
	}
	srcs, flashes := splitSources("words", plain, 96*1024)
	asrcs, aflashes := splitSources("aliases", al, 96*1024)
	srcs, flashes = append(srcs, asrcs...), append(flashes, aflashes...)
	for i, s := range srcs {
		im, err := assembleOurs(s.Name, s.Text)
		if err != nil {
			t.Errorf("%s: %.2000v", s.Name, err)
			continue
		}
		if !bytes.Equal(im.Flash, flashes[i]) {
			t.Errorf("%s: our bytes differ at %s", s.Name, firstDiff(im.Flash, flashes[i]))
		}
	}
	// Forms of the core the device lacks.
	tried := 0
	for _, f := range isa.Forms {
		if f.IsAlias() || dev.Has(f) || isa.FormFor(dev.Core, uint16(f.Value>>(16*(f.Words-1)))) != f {
			continue
		}
		tried++
		in, _ := isa.Decode(dev.Core, uint16(f.Value>>(16*(f.Words-1))), 0)
		text := "\t" + disasm.Format(in) + "\n"
		_, err := assembleOurs("lacked.S", text)
		var el asm.ErrorList
		if err == nil || !errors.As(err, &el) || len(el) == 0 {
			t.Errorf("our assembler accepts %q on %s: %v", strings.TrimSpace(text), dev.Name, err)
		}
	}
	if tried < 8 {
		t.Errorf("only %d lacked forms tried", tried)
	}
}
