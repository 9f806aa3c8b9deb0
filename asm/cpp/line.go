package cpp

import "sort"

// Line is one line of preprocessed output, ready for the assembler's lexer.
// Lines that are empty after preprocessing (blank lines, directives, lines
// in skipped #if groups, lines holding only comments) are not produced, so
// consecutive Lines may have gaps in their Line numbers.
type Line struct {
	// Text is the preprocessed text, without a newline. Text taken from the
	// source keeps its original spelling and the whitespace before it.
	Text string
	// File is the file the line came from: the name given to [Preprocess]
	// for the main file, the FS path of an included file, the include name
	// of a [Config.Builtin] header, or the name set by #line.
	File string
	// Line is the 1-based line in File where this output line starts (for a
	// line that starts with a macro call, the line of the macro name).
	Line int

	spans []span
}

// span says that the text of a Line from byte off on came from source line
// line, column col. For text produced by macro expansion (gen), every byte of
// the span maps to the same position: that of the macro name in the call.
type span struct {
	off  int
	line int
	col  int
	gen  bool
}

// continues reports whether text at output offset off, from source line and col (or made by a macro
// body, gen), is already mapped by span l: the same line and the next column, or the same call.
func (l span) continues(off, line, col int, gen bool) bool {
	return l.gen == gen && l.line == line && (gen && l.col == col || !gen && l.col+off-l.off == col)
}

// Col returns the 1-based byte column in the source line of the byte at
// offset off in l.Text. Text copied from the source (including macro
// arguments) maps to the column where the user typed it; text produced by a
// macro body maps to the column of the macro name in the call. Offsets past
// the end of the text continue the column of the last byte.
func (l Line) Col(off int) int {
	_, col := l.Pos(off)
	return col
}

// Pos returns the source line and 1-based byte column of the byte at offset
// off in l.Text. The line differs from l.Line when the output line joins
// several source lines (backslash-newline, a comment spanning lines, or a
// macro call whose arguments span lines).
func (l Line) Pos(off int) (line, col int) {
	if off < 0 {
		off = 0
	}
	if len(l.spans) == 0 {
		return l.Line, off + 1
	}
	i := sort.Search(len(l.spans), func(i int) bool { return l.spans[i].off > off }) - 1
	if i < 0 {
		s := l.spans[0]
		if s.gen {
			return s.line, s.col
		}
		return s.line, max(1, s.col-(s.off-off))
	}
	s := l.spans[i]
	if s.gen {
		return s.line, s.col
	}
	return s.line, s.col + (off - s.off)
}

// Expanded reports whether the byte at offset off in l.Text was produced by
// a macro body (as opposed to copied from the source or a macro argument).
func (l Line) Expanded(off int) bool {
	i := sort.Search(len(l.spans), func(i int) bool { return l.spans[i].off > off }) - 1
	if i < 0 {
		i = 0
	}
	return i < len(l.spans) && l.spans[i].gen
}
