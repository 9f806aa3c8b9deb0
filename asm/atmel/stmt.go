package atmel

import (
	"sort"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
)

// stmt is one statement: a line of the preprocessor's output, or a line of a macro body with the
// call's arguments put in for @0..@9. It is the obj.Source of the items and expressions made from it.
type stmt struct {
	text string
	line *cpp.Line // a line of the preprocessor's output; nil for an expanded line
	// pieces map an expanded line's text back to where it was typed: text[pieces[k].at:] comes from
	// pieces[k].src at pieces[k].off (the macro body line, or the call for an argument).
	pieces []piece
	exp    *expansion // the innermost macro expansion the statement came from, nil if none
}

type piece struct {
	at  int
	src obj.Source
	off int
}

// Pos returns the source position of byte off of the statement's text.
func (st *stmt) Pos(off int) srcpos.Position {
	if st.line != nil {
		l, c := st.line.Pos(off)
		return srcpos.Position{Filename: st.line.File, Line: l, Column: c}
	}
	k := sort.Search(len(st.pieces), func(k int) bool { return st.pieces[k].at > off }) - 1
	if k < 0 {
		k = 0
	}
	p := st.pieces[k]
	return p.src.Pos(p.off + off - p.at)
}

// Context returns ` (in macro "m" called at 3:1)` for a statement of a macro expansion (with the file
// when the call is in another file), else "".
func (st *stmt) Context() string {
	if st == nil || st.exp == nil {
		return ""
	}
	call := st.exp.call
	cp := call.Pos(st.exp.callOff)
	where := textf.Sprintf("%d:%d", cp.Line, cp.Column)
	if cp.Filename != st.Pos(0).Filename {
		where = cp.String()
	}
	return textf.Sprintf(" (in macro %s called at %s)", quote(st.exp.m.name), where)
}

// Text returns the statement's text.
func (st *stmt) Text() string { return st.text }

// quote returns s in double quotes for a message, shortened when very long.
func quote(s string) string {
	const max = 40
	if len(s) > max {
		s = s[:max] + "..."
	}
	return textf.Sprintf("%q", s)
}
