// Package srcpos is a position in a source file: go/token.Position's fields and text without go/token,
// whose Position.String formats with fmt. Any type in an interface keeps its String method (the
// runtime calls String to print a panic's value), so every error type holding a token.Position linked
// fmt, and with it reflect, into engine.wasm (README, "Session 12: the core's size").
package srcpos

import "strconv"

// Position is a place in a source file, as go/token.Position: the same fields, so that
// token.Position(p) converts it, and the same text.
type Position struct {
	Filename string // file name, if any
	Offset   int    // byte offset, starting at 0
	Line     int    // line number, starting at 1
	Column   int    // column number, starting at 1 (byte count)
}

// IsValid reports whether the position has a line (Line > 0).
func (p *Position) IsValid() bool { return p.Line > 0 }

// String writes the position as token.Position's String does: "file:line:column", "file:line" with no
// column, "line:column" with no file name, "file" with no line, "-" with neither.
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += strconv.Itoa(p.Line)
		if p.Column != 0 {
			s += ":" + strconv.Itoa(p.Column)
		}
	}
	if s == "" {
		s = "-"
	}
	return s
}
