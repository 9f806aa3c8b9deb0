package asm

import (
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// tokKind is the kind of a lexical token.
type tokKind uint8

const (
	tEOF     tokKind = iota
	tIdent           // symbol, mnemonic, directive (with its dot), register name, "."
	tNum             // number or character constant; val holds it
	tLocal           // numeric local label reference "1b"/"1f"; val holds the number, text ends in b or f
	tStr             // "string"; str holds the decoded bytes
	tOp              // operator or punctuation; text holds it
	tIllegal         // a character or literal that cannot start a token; str says why
)

// tok is one lexical token of a statement. off and end are byte offsets in the statement text.
type tok struct {
	kind     tokKind
	off, end int
	text     string
	val      int64
	str      string // tStr: the decoded bytes; tIllegal: what is wrong
}

// isIdentStart reports whether c can start a symbol name.
func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.'
}

// isIdentChar reports whether c can continue a symbol name.
func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// twoCharOps are the operators spelled with two characters.
var twoCharOps = [...]string{"<<", ">>", "<=", ">=", "==", "!=", "<>", "&&", "||"}

// lexAppend splits a statement into tokens, appended to toks (a buffer to reuse, or nil). It never
// fails: a bad character becomes a tIllegal token.
func lexAppend(toks []tok, s string) []tok {
	i, nest := 0, obj.Nesting{} // see nesting
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v') {
			i++
		}
		if i >= len(s) {
			toks = append(toks, tok{kind: tEOF, off: len(s), end: len(s)})
			return toks
		}
		start := i
		c := s[i]
		var t tok
		switch {
		case isIdentStart(c):
			for i < len(s) && isIdentChar(s[i]) {
				i++
			}
			t = tok{kind: tIdent, text: s[start:i]}
		case c >= '0' && c <= '9':
			t, i = lexNumber(s, i)
		case c == '\'':
			t, i = lexChar(s, i)
		case c == '"':
			t, i = lexString(s, i)
		case c == '$' && i+1 < len(s) && isHex(s[i+1]):
			// AVRASM2's $1F: the statement splitter keeps it only where an operand goes.
			for i++; i < len(s) && isIdentChar(s[i]); i++ {
			}
			t = tok{kind: tIllegal, str: atmel.AtmelHint(s[start:i], "hex number") + " (avr-as writes 0x" + s[start+1:i] + ")"}
		default:
			t = tok{kind: tOp}
			for _, op := range twoCharOps {
				if strings.HasPrefix(s[i:], op) {
					t.text = op
					break
				}
			}
			if t.text == "" {
				switch c {
				case '+', '-', '*', '/', '%', '&', '|', '^', '!', '~', '<', '>', '(', ')', ',', '=', ':', '[', ']':
					t.text = s[i : i+1]
				default:
					t = tok{kind: tIllegal, text: s[i : i+1], str: "unexpected character " + strconv.QuoteRune(rune(c))}
					switch {
					case c >= 0x80:
						t.str = "unexpected non-ASCII character"
					case c == '\\':
						t.str = "unexpected backslash (\\name and \\@ work only in .macro, .irp and .irpc bodies)"
					}
				}
			}
			i += max(1, len(t.text))
		}
		t.off, t.end = start, i
		if t.text == "" {
			t.text = s[start:i]
		}
		if deep := nesting(&nest, toks, t); deep {
			// No expression holds this: stop here, before the rest of the statement is read,
			// so the refusal costs the same for 257 levels as for a million.
			t.kind, t.str = tIllegal, textf.Sprintf("expression nested deeper than %d levels", maxExprDepth)
			if n := len(toks); n > 0 && toks[n-1].kind == tIdent && t.text == "(" {
				// A function call: the level is its name's, as the parser counts it.
				t.off, t.text = toks[n-1].off, s[toks[n-1].off:t.end]
				toks = toks[:n-1]
			}
			return append(toks, t, tok{kind: tEOF, off: len(s), end: len(s)})
		}
		toks = append(toks, t)
	}
}

// nesting takes token t of a line (toks the tokens before it) into nest and reports whether the line
// goes past maxExprDepth there (see obj.Nesting; the parser counts the same levels).
func nesting(nest *obj.Nesting, toks []tok, t tok) bool {
	operand := false
	if n := len(toks); n > 0 {
		switch p := toks[n-1]; p.kind {
		case tIdent, tNum, tLocal, tStr:
			operand = true
		case tOp:
			operand = p.text == ")"
		}
	}
	op := ""
	if t.kind == tOp {
		op = t.text
	}
	return nest.Next(op, operand, maxExprDepth)
}

// lexNumber reads a number or a local label reference starting at s[i] (a digit).
func lexNumber(s string, i int) (tok, int) {
	start := i
	base := 10
	digits := i
	if s[i] == '0' && i+1 < len(s) {
		switch s[i+1] {
		case 'x', 'X':
			base, digits = 16, i+2
		case 'b', 'B':
			if i+2 < len(s) && (s[i+2] == '0' || s[i+2] == '1') {
				base, digits = 2, i+2
			}
		default:
			if s[i+1] >= '0' && s[i+1] <= '9' {
				base, digits = 8, i+1
			}
		}
	}
	end := digits
	for end < len(s) && isIdentChar(s[end]) && s[end] != '.' {
		end++
	}
	text := s[digits:end]
	if base == 10 {
		// "1b" / "1f": a reference to a numeric local label.
		n := 0
		for n < len(text) && text[n] >= '0' && text[n] <= '9' {
			n++
		}
		if n == len(text)-1 && (text[n] == 'b' || text[n] == 'f' || text[n] == 'B' || text[n] == 'F') {
			v, err := strconv.ParseInt(text[:n], 10, 32)
			if err != nil {
				return tok{kind: tIllegal, str: "local label number too large: " + text[:n]}, end
			}
			return tok{kind: tLocal, val: v, text: strings.ToLower(s[start:end])}, end
		}
	}
	if text == "" {
		return tok{kind: tIllegal, str: "missing digits after " + quote(s[start:digits])}, end
	}
	v, err := strconv.ParseUint(text, base, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return tok{kind: tIllegal, str: "number " + s[start:end] + " does not fit in 64 bits"}, end
		}
		return tok{kind: tIllegal, str: "malformed number " + quote(s[start:end])}, end
	}
	return tok{kind: tNum, val: int64(v)}, end
}

// lexChar reads a character constant: 'c, '\n, optionally closed by a second quote ('c').
func lexChar(s string, i int) (tok, int) {
	i++ // the quote
	if i >= len(s) {
		return tok{kind: tIllegal, str: "missing character after '"}, i
	}
	var v int64
	if s[i] == '\\' {
		b, n, msg := unescape(s, i)
		if msg != "" {
			return tok{kind: tIllegal, str: msg}, n
		}
		v, i = int64(b), n
	} else {
		v = int64(s[i])
		i++
	}
	if i < len(s) && s[i] == '\'' {
		i++
	}
	return tok{kind: tNum, val: v}, i
}

// lexString reads a double-quoted string with GNU as escapes.
func lexString(s string, i int) (tok, int) {
	i++
	var b strings.Builder
	for {
		if i >= len(s) {
			return tok{kind: tIllegal, str: "unterminated string"}, i
		}
		c := s[i]
		switch c {
		case '"':
			return tok{kind: tStr, str: b.String()}, i + 1
		case '\\':
			v, n, msg := unescape(s, i)
			if msg != "" {
				return tok{kind: tIllegal, str: msg}, n
			}
			b.WriteByte(v)
			i = n
		default:
			b.WriteByte(c)
			i++
		}
	}
}

// unescape decodes the escape sequence at s[i] ('\\') and returns the byte and the offset after it.
func unescape(s string, i int) (byte, int, string) {
	i++
	if i >= len(s) {
		return 0, i, "backslash at end of line"
	}
	c := s[i]
	switch c {
	case 'n':
		return '\n', i + 1, ""
	case 't':
		return '\t', i + 1, ""
	case 'r':
		return '\r', i + 1, ""
	case 'b':
		return '\b', i + 1, ""
	case 'f':
		return '\f', i + 1, ""
	case 'v':
		return '\v', i + 1, ""
	case 'a':
		return 7, i + 1, ""
	case 'e':
		return 27, i + 1, ""
	case 'x', 'X':
		j := i + 1
		var v byte
		for j < len(s) && isHex(s[j]) {
			v = v<<4 | hexVal(s[j])
			j++
		}
		if j == i+1 {
			return 0, j, `\x needs hex digits`
		}
		return v, j, ""
	case '0', '1', '2', '3', '4', '5', '6', '7':
		j := i
		var v byte
		for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
			v = v<<3 | (s[j] - '0')
			j++
		}
		return v, j, ""
	}
	return c, i + 1, ""
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func hexVal(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}
