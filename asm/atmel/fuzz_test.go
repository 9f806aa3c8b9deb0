package atmel_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/obj"
)

// FuzzParse feeds arbitrary text to the AVRASM2 front end and the linker: they must not panic or hang,
// and every diagnostic about the input must point inside it (an existing line, a column at most one
// past its end).
func FuzzParse(f *testing.F) {
	for _, c := range badInputs {
		f.Add(c.src)
	}
	if progs, err := handPrograms(); err == nil {
		for _, p := range progs {
			f.Add(p.text)
		}
	}
	for _, c := range guideCases {
		f.Add(guideSource(c))
	}
	f.Add(genPrograms()[0].src[:4000])
	files := map[string]string{"hand.inc": ".equ HAND_TABLE = 0x0123\n.macro handmacro\n\tldi @0, 1\n.endm\n"}
	f.Fuzz(func(t *testing.T, src string) {
		r := assemble(t, "f.asm", src, files, "")
		if r.im == nil {
			t.Fatal("nil image")
		}
		if r.err == nil {
			if len(r.im.Emitted) != len(r.im.Flash) {
				t.Fatalf("len(Emitted) %d != len(Flash) %d", len(r.im.Emitted), len(r.im.Flash))
			}
			return
		}
		var list obj.ErrorList
		if !errors.As(r.err, &list) {
			t.Fatalf("error %v is not an ErrorList", r.err)
		}
		lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n"), "\n")
		for _, e := range list {
			if e.Pos.Filename != "f.asm" {
				continue // an included file, or a message about the whole program
			}
			if e.Pos.Line < 1 || e.Pos.Line > len(lines) {
				t.Fatalf("%v: line outside the input (%d lines)", e, len(lines))
			}
			if n := len(lines[e.Pos.Line-1]); e.Pos.Column < 1 || e.Pos.Column > n+1 {
				t.Fatalf("%v: column outside the line (%d bytes)", e, n)
			}
		}
	})
}
