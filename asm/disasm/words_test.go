package disasm_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
)

// secondWords are the second words tried after the first word of a two-word instruction.
func secondWords(w0 uint16) []uint16 { return []uint16{0x0000, 0xFFFF, w0 ^ 0x5A5A} }

// allWords is every first word on dev, each followed by each of secondWords when it starts a two-word
// instruction; one entry per instruction, in word order.
func allWords(dev *isa.Device) [][]uint16 {
	var out [][]uint16
	for w := 0; w < 65536; w++ {
		w0 := uint16(w)
		in, ok := isa.Decode(dev.Core, w0, 0)
		if ok && dev.Has(in.Form) && in.Words == 2 {
			for _, w1 := range secondWords(w0) {
				out = append(out, []uint16{w0, w1})
			}
			continue
		}
		out = append(out, []uint16{w0})
	}
	return out
}

func toBytes(ws [][]uint16) []byte {
	var b []byte
	for _, w := range ws {
		for _, x := range w {
			b = append(b, byte(x), byte(x>>8))
		}
	}
	return b
}

// TestEveryWord decodes every 16-bit first word on the ATmega128 (two-word forms with a few second
// words), disassembles it with and without aliases, and assembles the text again through the isa table:
// the same words must come back, and a word must print as .word exactly when the device has no
// instruction with that encoding.
func TestEveryWord(t *testing.T) {
	dev := m128()
	legal, bad := 0, 0
	for _, ws := range allWords(dev) {
		buf := toBytes([][]uint16{ws, {0x1111}})
		in, ok := isa.Decode(dev.Core, ws[0], append(ws, 0)[1])
		wantIllegal := !ok || !dev.Has(in.Form)
		if !wantIllegal && len(ws) == 1 {
			legal++
		} else if !wantIllegal && ws[1] == 0 {
			legal++
		}
		for _, opt := range []disasm.Options{{}, {Aliases: true}} {
			l := disasm.Disassemble(buf, dev, opt)[0]
			var got []uint16
			var err error
			switch {
			case l.Illegal != wantIllegal:
				err = fmt.Errorf("illegal = %v", l.Illegal)
			case l.Illegal && l.Text != fmt.Sprintf(".word\t0x%04x", ws[0]):
				err = fmt.Errorf("bad .word")
			default:
				got, err = encodeText(dev, 0, l.Text, nil)
			}
			if err == nil && (!sameWords(got, ws) || !sameWords(l.Words, ws)) {
				err = fmt.Errorf("encodes to %04x, line words %04x", got, l.Words)
			}
			if err != nil {
				if bad++; bad <= 20 {
					t.Errorf("%04x: %q: %v", ws, l.Text, err)
				}
			}
		}
	}
	t.Logf("%s: %d legal first words of 65536", dev.Name, legal)
	if legal < 60000 {
		t.Errorf("only %d legal first words", legal)
	}
}

// splitSources cuts the disassembly of a word stream into sources of at most limit bytes of code each,
// so that none overflows the device's flash.
func splitSources(name string, lines []disasm.Line, limit int) (srcs []oracle.Source, flashes [][]byte) {
	var b strings.Builder
	var flash []byte
	flush := func() {
		if b.Len() > 0 {
			srcs = append(srcs, oracle.Source{Name: fmt.Sprintf("%s%d.S", name, len(srcs)), Text: b.String()})
			flashes = append(flashes, flash)
			b.Reset()
			flash = nil
		}
	}
	for _, l := range lines {
		if len(flash) >= limit {
			flush()
		}
		b.WriteString("\t" + l.Text + "\n")
		for _, w := range l.Words {
			flash = append(flash, byte(w), byte(w>>8))
		}
	}
	flush()
	return srcs, flashes
}

// gnuAcceptsLacked names the forms avr-as (binutils 2.26) assembles for the ATmega128 although the
// device lacks them, with the reason; the disassembler still prints their words as .word.
func gnuAcceptsLacked(f *isa.Form) (string, bool) {
	switch f.Op {
	case isa.SPMZInc:
		return "binutils 2.26 lets avr51 use spm Z+; the manual gives SPM Z+ to AVRxm and AVRxt only", true
	case isa.DES:
		return "binutils 2.26 avr-as crashes on des for avr51 (segmentation fault), so it is not tried", true
	}
	return "", false
}

var gnuErrorLine = regexp.MustCompile(`(?m)^([A-Za-z0-9_.]+):(\d+): Error:`)

// TestEveryWordGNU assembles the disassembly of every word with avr-as (one avr-gcc batch): the bytes
// must be the words, and every form of the core that the ATmega128 lacks must be refused.
func TestEveryWordGNU(t *testing.T) {
	needGNU(t)
	dev := m128()
	stream := toBytes(allWords(dev))
	plain := disasm.Disassemble(stream, dev, disasm.Options{})
	aliased := disasm.Disassemble(stream, dev, disasm.Options{Aliases: true})
	srcs, flashes := splitSources("words", plain, 96*1024)
	// Alias texts, where they differ from the plain text.
	var al []disasm.Line
	for i, l := range aliased {
		if l.Text != plain[i].Text {
			al = append(al, l)
		}
	}
	asrcs, aflashes := splitSources("aliases", al, 96*1024)
	srcs, flashes = append(srcs, asrcs...), append(flashes, aflashes...)

	// One line per form that decodes on the core but that the device lacks.
	var lacked []*isa.Form
	var lb strings.Builder
	for _, f := range isa.Forms {
		if f.IsAlias() || dev.Has(f) || isa.FormFor(dev.Core, uint16(f.Value>>(16*(f.Words-1)))) != f {
			continue
		}
		if why, ok := gnuAcceptsLacked(f); ok {
			t.Logf("not checked: %s (%s): %s", f.Mnemonic, f.Pattern, why)
			continue
		}
		w := uint16(f.Value >> (16 * (f.Words - 1)))
		in, _ := isa.Decode(dev.Core, w, 0)
		lacked = append(lacked, f)
		lb.WriteString("\t" + disasm.Format(in) + "\n")
	}
	srcs = append(srcs, oracle.Source{Name: "lacked.S", Text: lb.String()})

	res, err := oracle.GNUAssemble(dev.Name, srcs)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res[:len(res)-1] {
		if r.Err != "" {
			t.Errorf("%s: avr-gcc: %.3000s", srcs[i].Name, r.Err)
			continue
		}
		if !bytes.Equal(r.Flash, flashes[i]) {
			at := firstDiff(r.Flash, flashes[i])
			t.Errorf("%s: avr-as bytes differ at %s", srcs[i].Name, at)
		}
	}
	for i := range flashes {
		t.Logf("%s: %d bytes of code", srcs[i].Name, len(flashes[i]))
	}
	last := res[len(res)-1]
	refused := map[int]bool{}
	for _, m := range gnuErrorLine.FindAllStringSubmatch(last.Err, -1) {
		n, _ := strconv.Atoi(m[2])
		refused[n] = true
	}
	for i, f := range lacked {
		if !refused[i+1] {
			t.Errorf("avr-as accepts %s (%s) on %s, which isa says the device lacks", f.Mnemonic, f.Pattern, dev.Name)
		}
	}
	if len(lacked) == 0 {
		t.Error("no lacked forms tried")
	}
}
