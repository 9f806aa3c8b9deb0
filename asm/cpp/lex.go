package cpp

import (
	"strings"
	"unicode/utf8"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// kind is the kind of a preprocessing token.
type kind uint8

const (
	kNewline     kind = iota + 1 // end of a logical line
	kIdent                       // identifier: [A-Za-z_$][A-Za-z0-9_$]*
	kNumber                      // pp-number
	kString                      // "..." (terminated)
	kChar                        // '...' (terminated)
	kPunct                       // a C punctuator
	kOther                       // any other byte or character, or an unterminated quote to end of line
	kPlacemarker                 // empty macro argument next to ## (internal)
)

// fGen marks a token produced by a macro body; its position is that of the
// macro name in the call.
const fGen uint8 = 1

// token is a preprocessing token. Positions are presumed (after #line).
type token struct {
	kind  kind
	flags uint8
	text  string
	ws    string // the whitespace before the token ("" or the source spacing)
	line  int
	col   int
	hide  *hideset
	// splits are the places in text where a source token goes on on another physical line (after a
	// backslash-newline): off is the offset in text, line the presumed line; nil for most tokens
	// (a pointer: a token is 16 bytes smaller than with the slice itself, and most have none).
	splits *[]seg
}

func (t token) is(punct string) bool { return t.kind == kPunct && t.text == punct }

// seg says that the logical-line text from byte off on comes from physical
// line line, starting at column col.
type seg struct{ off, line, col int }

// source is one file being read.
type source struct {
	name    string // presumed file name (Line.File, __FILE__, messages)
	dir     string // folder in the FS (or in the builtin names) for "..." includes
	key     string // identity for #pragma once
	builtin bool
	src     string
	off     int // next unread byte
	line    int // physical line of src[off]
	delta   int // presumed line = physical line + delta
	conds   []cond
}

func (s *source) skipping() bool { return len(s.conds) > 0 && s.conds[len(s.conds)-1].skip }

// readLogical reads the next logical line: physical lines joined by
// backslash-newline (GNU cpp also accepts blanks between the backslash and
// the newline). It returns false at the end of the file.
func (s *source) readLogical(segs []seg) (string, []seg, bool) {
	if s.off >= len(s.src) {
		return "", segs, false
	}
	src := s.src
	start, piece := s.off, s.off
	var b []byte
	spliced := false // b is nil after a splice that starts the line, so it cannot say this
	segs = append(segs, seg{0, s.line, 1})
	i := s.off
	for i < len(src) {
		c := src[i]
		if c == '\n' || c == '\r' {
			break
		}
		if c == '\\' {
			j := i + 1
			for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f' || src[j] == '\v') {
				j++
			}
			if j < len(src) && (src[j] == '\n' || src[j] == '\r') {
				b = append(b, src[piece:i]...)
				spliced = true
				j += newlineLen(src, j)
				s.line++
				piece = j
				segs = append(segs, seg{len(b), s.line, 1})
				i = j
				continue
			}
		}
		i++
	}
	var text string
	if !spliced {
		text = src[start:i]
	} else {
		text = string(append(b, src[piece:i]...))
	}
	if i < len(src) {
		i += newlineLen(src, i)
	}
	s.line++
	s.off = i
	return text, segs, true
}

func newlineLen(src string, i int) int {
	if src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n' {
		return 2
	}
	return 1
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r' }

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

var puncts3 = [...]string{"<<=", ">>=", "..."}

var puncts2 = [...]string{"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##"}

// scanToken returns the kind and end of the token that starts at s[i], which
// is neither whitespace nor the start of a comment. A quote without its
// closing quote on the line makes a kOther token that runs to the end of the
// line, as GNU cpp does for assembler input.
func scanToken(s string, i int) (kind, int) {
	c := s[i]
	switch {
	case isIdentStart(c):
		j := i + 1
		for j < len(s) && isIdentChar(s[j]) {
			j++
		}
		return kIdent, j
	case isDigit(c) || c == '.' && i+1 < len(s) && isDigit(s[i+1]):
		j := i + 1
		for j < len(s) {
			d := s[j]
			if (d == 'e' || d == 'E' || d == 'p' || d == 'P') && j+1 < len(s) && (s[j+1] == '+' || s[j+1] == '-') {
				j += 2
			} else if isIdentChar(d) || d == '.' {
				j++
			} else {
				break
			}
		}
		return kNumber, j
	case c == '"' || c == '\'':
		j := i + 1
		for j < len(s) && s[j] != '\n' {
			switch s[j] {
			case '\\':
				if j+1 < len(s) && s[j+1] != '\n' {
					j++
				}
			case c:
				if c == '"' {
					return kString, j + 1
				}
				return kChar, j + 1
			}
			j++
		}
		return kOther, j
	case c >= 0x80:
		_, n := utf8.DecodeRuneInString(s[i:])
		return kOther, i + n
	}
	for _, p := range puncts3 {
		if strings.HasPrefix(s[i:], p) {
			return kPunct, i + 3
		}
	}
	for _, p := range puncts2 {
		if strings.HasPrefix(s[i:], p) {
			return kPunct, i + 2
		}
	}
	if strings.IndexByte("!\"#%&'()*+,-./:;<=>?[]^{|}~", c) >= 0 {
		return kPunct, i + 1
	}
	return kOther, i + 1
}

// nesting takes token t, the last of toks, into nest (see obj.Nesting: the parentheses open and the
// tokens in a row that each open a level, an open parenthesis or a unary operator: !, ~, and - or +
// where no operand precedes). An expression parser (#if's, the
// assembler's) counts every such level too, so a line past maxExprDepth by either count is one it
// refuses. It reports whether t goes past.
func nesting(nest *obj.Nesting, toks []token, t token) bool {
	operand := false
	if n := len(toks); n >= 2 {
		p := toks[n-2]
		// kOther: an assembler macro's \a or \@, which stands for an operand; "." is the location.
		operand = p.kind == kIdent || p.kind == kNumber || p.kind == kString || p.kind == kChar || p.kind == kOther ||
			p.is(")") || p.is(".")
		// A line's first word is a mnemonic, a directive (.byte, #if) or a label's name, not an
		// operand.
		if p.kind == kIdent && (n == 2 || n == 3 && (toks[0].is(".") || toks[0].is("#")) || n >= 3 && toks[n-3].is(":")) {
			operand = false
		}
	}
	op := ""
	if t.kind == kPunct {
		op = t.text
	}
	return nest.Next(op, operand, maxExprDepth)
}

// deepLine is where lexLine cut a line at parentheses nested deeper than maxExprDepth.
type deepLine struct {
	file      string
	line, col int
	what      string // "expression" or "macro arguments"
}

// lexLine reads and tokenizes the next logical line of s, replacing
// comments by a space. The result ends with a kNewline token. It returns
// false at the end of the file.
func (p *pp) lexLine(s *source) ([]token, bool) {
	text, segs, ok := s.readLogical(p.segBuf[:0])
	if !ok {
		return nil, false
	}
	p.inBytes += len(text) + 1
	if p.inBytes > maxInput {
		p.fatal(s.name, s.line+s.delta, 0, textf.Sprintf("input too large (limit %d MiB read, counting every #include)", maxInput>>20))
		return nil, false
	}
	toks := p.lineToks()
	si := 0 // current segment
	pos := func(i int) (int, int) {
		for si+1 < len(segs) && segs[si+1].off <= i {
			si++
		}
		g := segs[si]
		return g.line + s.delta, g.col + i - g.off
	}
	i, wsStart, comment, nest, counting := 0, 0, false, obj.Nesting{}, true
	p.deep = nil
	defer func() { p.segBuf = segs[:0] }()
	for i < len(text) {
		c := text[i]
		if isSpace(c) {
			i++
			continue
		}
		if c == '/' && i+1 < len(text) && text[i+1] == '/' {
			break
		}
		if c == '/' && i+1 < len(text) && text[i+1] == '*' {
			cl, cc := pos(i)
			j := i + 2
			for {
				if k := strings.Index(text[j:], "*/"); k >= 0 {
					j += k + 2
					break
				}
				// The comment goes on past the end of the logical line: go on
				// with the next one (the text before is already tokenized).
				more, segs2, ok := s.readLogical(segs[:0])
				if !ok {
					p.errorf(s.name, cl, cc, "unterminated comment")
					j = len(text)
					break
				}
				p.inBytes += len(more) + 1
				if p.inBytes > maxInput {
					p.fatal(s.name, s.line+s.delta, 0, textf.Sprintf("input too large (limit %d MiB read, counting every #include)", maxInput>>20))
					return nil, false
				}
				text, segs, si, j, wsStart = more, segs2, 0, 0, 0
			}
			i = j
			comment = true
			continue
		}
		k, end := scanToken(text, i)
		line, col := pos(i)
		ws := text[wsStart:i]
		if comment {
			ws = " "
			comment = false
		}
		t := token{kind: k, text: text[i:end], ws: ws, line: line, col: col}
		// A token that a backslash-newline cuts (".if\" then "ne" is the one token ".ifne") goes
		// on on the next physical line: its splits say where, for the column map.
		for g := si + 1; g < len(segs) && segs[g].off < end; g++ {
			if t.splits == nil {
				t.splits = new([]seg)
			}
			*t.splits = append(*t.splits, seg{off: segs[g].off - i, line: segs[g].line + s.delta, col: segs[g].col})
		}
		toks = append(toks, t)
		i = end
		wsStart = i
		// Nested past any expression's limit (see nesting): stop reading the line here, so that
		// refusing it costs the same for 257 levels as for a million. fill reports it unless
		// the line is skipped. After a ';' (an assembler comment) nothing counts.
		if t.is(";") {
			counting = false
		}
		if counting && nesting(&nest, toks, t) {
			d := &deepLine{file: s.name, line: line, col: col, what: "expression"}
			if n := len(toks); n >= 2 && toks[n-2].kind == kIdent && t.is("(") {
				// A call: the level is its name's, as the macro expander and the assembler
				// count it.
				d.line, d.col = toks[n-2].line, toks[n-2].col
				if m := p.macros[toks[n-2].text]; m != nil && m.fn {
					d.what = "macro arguments"
				}
			}
			p.deep = d
			i = len(text)
		}
	}
	line, col := pos(len(text))
	toks = append(toks, token{kind: kNewline, line: line, col: col})
	return p.keepLine(toks), true
}

// arenaTokens is how many tokens one block of lexLine's arena holds (72 KB): the lines of a few
// hundred source lines.
const arenaTokens = 1024

// lineToks returns an empty slice over the free part of the token arena, for lexLine to append a
// line's tokens to: one allocation for many lines, instead of one or more a line (a comment line is
// a dozen tokens), which was most of what preprocessing allocated.
func (p *pp) lineToks() []token {
	if cap(p.arena)-len(p.arena) < 32 {
		// The first block is small (most lines of a file may be plain lines, which take none; the
		// defines are a few tokens each), the next ones twice the last, up to arenaTokens.
		p.arena = make([]token, 0, min(arenaTokens, max(64, 2*cap(p.arena))))
	}
	return p.arena[len(p.arena):len(p.arena)]
}

// keepLine ends line toks, built by appending to lineToks: when it is still in the arena (a line
// longer than the arena's free part moved to an array of its own) the next line starts after it.
// The line's capacity is its length, so that appending to it copies it rather than writing over
// the next line.
func (p *pp) keepLine(toks []token) []token {
	if n := len(p.arena); len(toks) > 0 && &p.arena[:n+1][n] == &toks[0] {
		p.arena = p.arena[:n+len(toks)]
	}
	return toks[:len(toks):len(toks)]
}
