package atmel

import (
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// tokKind is the kind of a lexical token of an AVRASM2 statement.
type tokKind uint8

const (
	tEOF     tokKind = iota
	tIdent           // symbol, mnemonic, register name; a directive with its dot
	tNum             // integer or character constant; val holds it
	tStr             // "string" (adjacent strings joined); str holds its bytes, taken literally
	tParam           // macro parameter @0..@9; val holds the number
	tOp              // operator or punctuation; text holds it
	tIllegal         // a character or literal that cannot start a token; str says why
)

// tok is one lexical token. off and end are byte offsets in the statement text.
type tok struct {
	kind     tokKind
	off, end int
	text     string
	val      int64
	str      string // tStr: the bytes; tIllegal: what is wrong
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

// twoCharOps are the operators spelled with two characters.
var twoCharOps = [...]string{"<<", ">>", "<=", ">=", "==", "!=", "&&", "||"}

// lex splits a statement (comments already removed) into tokens, ending with tEOF. It never fails: a
// bad character or literal becomes a tIllegal token.
func lex(s string) []tok {
	toks := make([]tok, 0, 8)
	i, nest := 0, obj.Nesting{} // see nesting
	for {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return append(toks, tok{kind: tEOF, off: len(s), end: len(s)})
		}
		start := i
		c := s[i]
		var t tok
		switch {
		case isIdentStart(c) || c == '.' && i+1 < len(s) && isIdentStart(s[i+1]):
			i++
			for i < len(s) && isIdentChar(s[i]) {
				i++
			}
			t = tok{kind: tIdent}
		case c >= '0' && c <= '9':
			t, i = lexNumber(s, i)
		case c == '$':
			t, i = lexDollar(s, i)
		case c == '\'':
			t, i = lexChar(s, i)
		case c == '"':
			t, i = lexString(s, i)
		case c == '@':
			i++
			if i < len(s) && s[i] >= '0' && s[i] <= '9' && (i+1 >= len(s) || !isIdentChar(s[i+1])) {
				t = tok{kind: tParam, val: int64(s[i] - '0')}
				i++
			} else {
				t = tok{kind: tIllegal, str: "macro parameters are @0 to @9"}
			}
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
				case '+', '-', '*', '/', '%', '&', '|', '^', '!', '~', '<', '>', '(', ')', ',', '=', ':', '?':
					t.text = s[i : i+1]
				default:
					t = tok{kind: tIllegal, str: "unexpected character " + strconv.QuoteRune(rune(c))}
					if c >= 0x80 {
						t.str = "unexpected non-ASCII character"
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
		case tIdent, tNum, tStr, tParam:
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

// tokAt returns toks[j], or the final tEOF token when j is past it.
func tokAt(toks []tok, j int) *tok {
	if j >= len(toks) {
		j = len(toks) - 1
	}
	return &toks[j]
}

// lexNumber reads an integer starting with a digit: decimal, 0x hex, 0b binary or, with a leading 0,
// octal, as the guide's "Operands" section lists them. The value must fit in 64 bits.
func lexNumber(s string, i int) (tok, int) {
	start := i
	base, digits := 10, i
	if s[i] == '0' && i+1 < len(s) {
		switch s[i+1] {
		case 'x', 'X':
			base, digits = 16, i+2
		case 'b', 'B':
			base, digits = 2, i+2
		default:
			if s[i+1] >= '0' && s[i+1] <= '9' {
				base, digits = 8, i+1
			}
		}
	}
	end := digits
	for end < len(s) && (isIdentChar(s[end]) || s[end] == '.') {
		end++
	}
	text := s[start:end]
	if strings.ContainsAny(s[digits:end], ".") || base == 10 && strings.ContainsAny(text, "eE") {
		return tok{kind: tIllegal, str: textf.Sprintf("floating point constant %s: avrlab reads integers only", text)}, end
	}
	if digits == end {
		return tok{kind: tIllegal, str: textf.Sprintf("malformed number %s: no digits after the prefix", text)}, end
	}
	return numTok(text, s[digits:end], base), end
}

// lexDollar reads a $hex number.
func lexDollar(s string, i int) (tok, int) {
	end := i + 1
	for end < len(s) && isIdentChar(s[end]) {
		end++
	}
	text := s[i:end]
	if end == i+1 {
		return tok{kind: tIllegal, str: "expected hex digits after $"}, end
	}
	return numTok(text, s[i+1:end], 16), end
}

func numTok(text, digits string, base int) tok {
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return tok{kind: tIllegal, str: textf.Sprintf("number %s does not fit in 64 bits", text)}
		}
		what := map[int]string{2: "binary", 8: "octal", 10: "decimal", 16: "hex"}[base]
		return tok{kind: tIllegal, str: textf.Sprintf("malformed %s number %s", what, text)}
	}
	return tok{kind: tNum, val: int64(v)}
}

// lexChar reads a character constant: one character or a C escape (\n \r \a \b \f \t \v \\ \' \" \0,
// \ooo octal, \xhh hex), as the guide's "Strings and Character Constants" lists them.
func lexChar(s string, i int) (tok, int) {
	j := i + 1
	if j >= len(s) {
		return tok{kind: tIllegal, str: "unterminated character constant"}, j
	}
	var v int64
	if s[j] != '\\' {
		v = int64(s[j])
		j++
	} else {
		j++
		if j >= len(s) {
			return tok{kind: tIllegal, str: "unterminated character constant"}, j
		}
		c := s[j]
		j++
		switch c {
		case 'n':
			v = '\n'
		case 'r':
			v = '\r'
		case 'a':
			v = 7
		case 'b':
			v = 8
		case 'f':
			v = '\f'
		case 't':
			v = '\t'
		case 'v':
			v = '\v'
		case '\\', '\'', '"':
			v = int64(c)
		case 'x', 'X':
			k := j
			for k < len(s) && k < j+2 && strings.IndexByte("0123456789abcdefABCDEF", s[k]) >= 0 {
				k++
			}
			if k == j {
				return tok{kind: tIllegal, str: `expected hex digits after \x`}, k
			}
			n, _ := strconv.ParseUint(s[j:k], 16, 8)
			v, j = int64(n), k
		default:
			if c >= '0' && c <= '7' {
				k := j
				for k < len(s) && k < j+2 && s[k] >= '0' && s[k] <= '7' {
					k++
				}
				n, _ := strconv.ParseUint(s[j-1:k], 8, 16)
				if n > 0xFF {
					return tok{kind: tIllegal, str: textf.Sprintf(`octal escape \%s is more than 255`, s[j-1:k])}, k
				}
				v, j = int64(n), k
				break
			}
			return tok{kind: tIllegal, str: textf.Sprintf(`unknown escape \%c in a character constant`, c)}, j
		}
	}
	if j >= len(s) || s[j] != '\'' {
		return tok{kind: tIllegal, str: "unterminated character constant (a string goes in double quotes)"}, j
	}
	return tok{kind: tNum, val: v}, j + 1
}

// lexString reads a double-quoted string, taken literally (no escapes, as in AVRASM2), and the strings
// that follow it with only spaces between ("ab" "cd" is "abcd").
func lexString(s string, i int) (tok, int) {
	var b strings.Builder
	for {
		end := strings.IndexByte(s[i+1:], '"')
		if end < 0 {
			return tok{kind: tIllegal, str: "unterminated string"}, len(s)
		}
		b.WriteString(s[i+1 : i+1+end])
		i += end + 2
		j := i
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		if j >= len(s) || s[j] != '"' {
			return tok{kind: tStr, str: b.String()}, i
		}
		i = j
	}
}

// stripComments blanks the ';' comments of a source file: on each line, the text from the first ';'
// outside a string, a character constant and a C comment to the end of the line becomes spaces, so that
// the preprocessor neither reads it (an apostrophe in "; don't" would open a character constant, a
// "/*" a block comment) nor keeps it in a #define, and columns stay where they were. C comments (/* */
// across lines and //) are left to the preprocessor.
func stripComments(src []byte) []byte {
	out := []byte(nil)
	inBlock := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case inBlock:
			if c == '*' && i+1 < len(src) && src[i+1] == '/' {
				inBlock = false
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			inBlock = true
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/', c == ';':
			end := i
			for end < len(src) && src[end] != '\n' {
				end++
			}
			if c == ';' {
				if out == nil {
					out = append([]byte(nil), src...)
				}
				for k := i; k < end; k++ {
					if out[k] != '\r' {
						out[k] = ' '
					}
				}
			}
			i = end - 1
		case c == '"':
			for j := i + 1; j < len(src) && src[j] != '\n'; j++ {
				if src[j] == '"' {
					i = j
					break
				}
			}
		case c == '\'':
			line := src[i:]
			if nl := indexNL(line); nl >= 0 {
				line = line[:nl]
			}
			if t, j := lexChar(string(line), 0); t.kind == tNum {
				i += j - 1
			}
		}
	}
	if out == nil {
		return src
	}
	return out
}

func indexNL(b []byte) int {
	for i, c := range b {
		if c == '\n' {
			return i
		}
	}
	return -1
}
