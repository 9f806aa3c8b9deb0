package asm_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/disasm"
)

// FuzzAssemble feeds arbitrary text to the assembler: it must not panic or hang, every diagnostic
// about the input must point inside it (an existing line, a column at most one past its end), and a
// successful image must disassemble to text that reassembles to the same flash bytes. The text is
// f.S, so it is GNU unless a "; avrlab dialect: atmel" line sends it to the AVRASM2 front end.
func FuzzAssemble(f *testing.F) {
	for _, c := range badInputs {
		f.Add(c.src)
	}
	names, _ := filepath.Glob(filepath.Join(gnuDir, "*.S"))
	for _, n := range names {
		if b, err := os.ReadFile(n); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(string(genProgram(60)))
	f.Add(".macro m a, b=2\n.byte \\a, \\b, \\@\n.endm\nm 1\n.irp x, 1, 2\n.byte \\x\n.endr\n")
	f.Add("#include <avr/io.h>\n#define T r16\n\tldi T, _BV(3)\n\tout _SFR_IO_ADDR(SREG), T\n")
	// The marker line sends the text to the AVRASM2 front end; the properties hold for both dialects.
	f.Add("; avrlab dialect: atmel\n" + atmelSrc)
	f.Add(".def t = r16\n\tldi t, $1F $ nop\n")
	fsys := fstest.MapFS{
		"inc.S":     {Data: []byte("\t.byte 1\n")},
		"inc/a.inc": {Data: []byte("\t.include \"../inc.S\"\n")},
	}
	f.Fuzz(func(t *testing.T, src string) {
		im, err := asm.Assemble("f.S", []byte(src), asm.Config{FS: asm.FromFS(fsys), MaxErrors: -1})
		if im == nil {
			t.Fatal("nil image")
		}
		if err == nil {
			if len(im.Emitted) != len(im.Flash) {
				t.Fatalf("len(Emitted) %d != len(Flash) %d", len(im.Emitted), len(im.Flash))
			}
			roundTrip(t, im)
			return
		}
		// The preprocessor ends lines at "\n", "\r\n" and a lone "\r", as GNU cpp does.
		lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n"), "\n")
		for _, e := range err.(asm.ErrorList) {
			if e.Pos.Filename != "f.S" {
				continue // an included file
			}
			if e.Pos.Line < 1 || e.Pos.Line > len(lines) {
				t.Fatalf("%v: line outside the input (%d lines)", e, len(lines))
			}
			n := len(lines[e.Pos.Line-1])
			// End is checked only without splices: an End is a column of the start line, and the text
			// a diagnostic spans may go on on the next line after a backslash-newline (blanks may
			// stand between the backslash and the newline, as in GNU cpp).
			end := e.End
			if splice.MatchString(src) {
				end = 0
			}
			if e.Pos.Column < 0 || e.Pos.Column > n+1 || end > n+1 {
				t.Fatalf("%v (end %d): column outside line %d (%d bytes)", e, e.End, e.Pos.Line, n)
			}
		}
	})
}

// splice matches a backslash-newline of the preprocessor: a backslash, blanks, then a line end.
var splice = regexp.MustCompile(`\\[ \t\f\v]*[\r\n]`)

// roundTrip disassembles the whole flash image and assembles the text again: the bytes must be the same.
func roundTrip(t *testing.T, im *asm.Image) {
	if len(im.Flash) == 0 || len(im.Flash) > 1<<16 {
		return
	}
	var b strings.Builder
	for _, l := range disasm.Disassemble(im.Flash, im.Device, disasm.Options{}) {
		b.WriteString("\t" + l.Text + "\n")
	}
	again, err := asm.Assemble("dis.S", []byte(b.String()), asm.Config{Device: im.Device.Name})
	if err != nil {
		t.Fatalf("the disassembly does not assemble: %v\n%s", err, b.String())
	}
	// An image may end on an odd byte: the default linker script has no ALIGN(2) after .fini9-0 (avr-ld
	// gives a 1-byte .text for ".section .fini0" + ".skip 1"). The disassembly puts that byte in .text,
	// which the script pads to even, so the reassembled image has one more, unemitted, zero byte.
	got := again.Flash
	if n := len(im.Flash); n%2 == 1 && len(got) == n+1 && got[n] == 0 && !again.Emitted[n] {
		got = got[:n]
	}
	if string(got) != string(im.Flash) {
		t.Fatalf("reassembled bytes differ:\n% x\n% x\n%s", im.Flash, again.Flash, b.String())
	}
}
