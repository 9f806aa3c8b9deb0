package asm

import (
	"errors"
	"path"
	"strings"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// srcLine is one line of input: from the preprocessor (main file and #include'd files) or read raw
// (.include'd files, which avr-gcc does not preprocess either).
type srcLine struct {
	text string
	file string
	line int
	cl   *cpp.Line // column map of a preprocessed line; nil for raw lines
}

// pos returns the source position of byte off of the line's text.
func (l *srcLine) pos(off int) srcpos.Position {
	if l.cl != nil {
		ln, col := l.cl.Pos(off)
		return srcpos.Position{Filename: l.file, Line: ln, Column: col}
	}
	if off > len(l.text) {
		off = len(l.text)
	}
	return srcpos.Position{Filename: l.file, Line: l.line, Column: off + 1}
}

// stmt is one statement: the text between line starts, '$' separators and ';' comments.
type stmt struct {
	src  string
	line *srcLine
	off  int // offset of text[0] in line.text
	// exact is the length of the prefix of text that is a copy of the source; past it (macro argument
	// substitution) positions are clamped to span, the length of the statement as written.
	exact, span int
	mac         *expansion // innermost macro expansion the statement came from, nil if none
	// toks caches the tokens of a statement that is read many times (a .rept body).
	toks  []tok
	reuse bool
}

// tokens lexes the statement (once, for statements read many times, into st.toks). Any other
// statement's tokens are lexed into buf, and lent reports it: they are valid until buf is lent again
// (statement reuses one buffer for every statement; what keeps tokens copies them).
func (st *stmt) tokens(buf []tok) (toks []tok, lent bool) {
	if st.toks != nil {
		return st.toks, false
	}
	if st.reuse {
		st.toks = lexKept(st.src)
		return st.toks, false
	}
	return lexAppend(buf[:0], st.src), true
}

// lexKept returns the tokens of s in a slice of their own length, for a statement that keeps them.
// Out of line, as exprParser.node.
//
//go:noinline
func lexKept(s string) []tok {
	var buf [16]tok
	return append([]tok(nil), lexAppend(buf[:0], s)...)
}

// Pos returns the source position of byte i of the statement text.
func (st *stmt) Pos(i int) srcpos.Position {
	if i > st.exact {
		i = max(st.exact, min(i, st.span))
	}
	return st.line.pos(st.off + i)
}

// Context returns what a message about the statement appends: for a statement of a macro expansion,
// ` (in macro "m" called at 3:1)` (with the file when the call is in another file).
func (st *stmt) Context() string {
	if st == nil || st.mac == nil {
		return ""
	}
	call := st.mac.call
	cp := call.Pos(st.mac.callOff)
	where := textf.Sprintf("%d:%d", cp.Line, cp.Column)
	if pos := st.Pos(0); cp.Filename != pos.Filename {
		where = cp.String()
	}
	return textf.Sprintf(" (in macro %s called at %s)", quote(st.mac.m.name), where)
}

// Text returns the statement's text.
func (st *stmt) Text() string { return st.src }

// splitStatements calls fn with the byte range of each statement of one line: statements end at '$'
// and at a ';' comment; a line whose first non-blank character is '#' is a comment. Quotes are
// honoured: "a;b$c" is one string and '; is a character constant. A '$' where an operand goes and
// followed by a hex digit (ldi r16, $1F) is AVRASM2's hex notation, not a separator: it stays in the
// statement, for the lexer to say so.
func splitStatements(text string, fn func(start, end int)) {
	i := 0
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i < len(text) && text[i] == '#' {
		return
	}
	start := 0
	for i < len(text) {
		switch c := text[i]; c {
		case '"':
			i++
			for i < len(text) && text[i] != '"' {
				if text[i] == '\\' {
					i++
				}
				i++
			}
			i++
			continue
		case '\'':
			i++
			if i < len(text) && text[i] == '\\' {
				i++
			}
			i++
			continue
		case ';':
			fn(start, i)
			return
		case '$':
			if atmelHex(text[start:i], text[i+1:]) {
				break
			}
			fn(start, i)
			start = i + 1
		}
		i++
	}
	fn(start, len(text))
}

// atmelHex reports whether a '$' between before (the statement so far) and after is AVRASM2's hex
// prefix rather than avr-as's statement separator: a hex digit follows, and an operand is due, after
// a comma, an opening parenthesis or an operator, or after a lone mnemonic that takes operands or
// a directive that takes a value. ("nop $add r1, r2" stays two statements.)
func atmelHex(before, after string) bool {
	if after == "" || !isHex(after[0]) {
		return false
	}
	b := strings.TrimRight(before, " \t")
	if b == "" {
		return false
	}
	if strings.IndexByte(",(+-*/%&|^~<>=!", b[len(b)-1]) >= 0 {
		return true
	}
	word := strings.TrimLeft(b, " \t")
	for i := 0; i < len(word); i++ {
		if !isIdentChar(word[i]) {
			return false
		}
	}
	switch strings.ToLower(word) {
	case ".org", ".byte", ".word", ".2byte", ".long", ".4byte", ".space", ".skip", ".if", ".rept", ".align", ".balign", ".p2align":
		return true
	}
	for _, f := range isa.Lookup(word) {
		if len(f.Operands) > 0 {
			return true
		}
	}
	return false
}

// blank reports whether s holds only spaces and tabs.
func blank(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\f' && s[i] != '\v' {
			return false
		}
	}
	return true
}

// rawLines turns the text of an .include'd file into lines: a leading UTF-8 byte-order mark is dropped
// (avr-as would reject it), /* */ comments become spaces (keeping line breaks and columns) and a
// carriage return before a newline is dropped.
func rawLines(name string, src []byte) []*srcLine {
	s := strings.TrimPrefix(string(src), "\ufeff")
	if strings.Contains(s, "/*") {
		b := []byte(s)
		inStr := false
		for i := 0; i < len(b); i++ {
			switch {
			case inStr:
				if b[i] == '\\' {
					i++
				} else if b[i] == '"' || b[i] == '\n' {
					inStr = false
				}
			case b[i] == '"':
				inStr = true
			case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
				for ; i < len(b); i++ {
					if b[i] == '*' && i+1 < len(b) && b[i+1] == '/' {
						b[i], b[i+1] = ' ', ' '
						i++
						break
					}
					if b[i] != '\n' {
						b[i] = ' '
					}
				}
			}
		}
		s = string(b)
	}
	parts := strings.Split(s, "\n")
	if len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	lines := make([]*srcLine, 0, len(parts))
	for i, p := range parts {
		p = strings.TrimSuffix(p, "\r")
		if blank(p) {
			continue
		}
		lines = append(lines, &srcLine{text: p, file: name, line: i + 1})
	}
	return lines
}

// IncludePath resolves name, as written in an #include "name" or .include "name" of the file from
// (an FS path), to the FS path it names next to that file, with the one rule that confines the
// assembler, its preprocessor and the page to the project's file system: a relative, slash-separated
// path, not empty, without backslashes or NUL bytes, not starting with "/" or a drive letter, not
// climbing out of the FS root with "..". The error says why a name is refused ("path outside the
// project folder", "backslash in path (use '/')", "empty file name", "invalid path").
//
// The assembler then looks for the file there, then (.include only) next to the main file, then in
// each [Config.Include] folder (IncludePath(dir+"/x", name) gives the path in folder dir).
func IncludePath(from, name string) (string, error) {
	p, why := includePath(from, name)
	if why != "" {
		return "", errors.New(why)
	}
	return p, nil
}

// includePath is IncludePath with the reason as a string.
func includePath(from, name string) (string, string) {
	dir := path.Dir(from)
	if !srcfile.ValidPath(from) {
		dir = "."
	}
	return srcfile.Resolve(dir, name)
}

// readInclude reads an .include'd file through the assembly's reader (only regular files, with the size
// limits).
func (a *assembler) readInclude(p string) ([]byte, string) {
	if a.cfg.FS == nil {
		return nil, "cannot read " + quote(p) + ": no file system to include from"
	}
	data, err := a.reader.Read(p)
	if err != nil {
		return nil, readError(p, true, err)
	}
	return data, ""
}
