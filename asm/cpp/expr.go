package cpp

import (
	"math"
	"math/bits"
	"strings"
)

// value is an #if value: 64 bits, signed (intmax_t) or unsigned (uintmax_t).
type value struct {
	v        uint64
	unsigned bool
}

func (v value) true() bool { return v.v != 0 }

func boolValue(b bool) value {
	if b {
		return value{v: 1}
	}
	return value{}
}

// evalIf evaluates the operands of #if or #elif (d is the directive name,
// end the newline token). An invalid expression is reported and counts as
// false.
func (p *pp) evalIf(d token, args []token, end token) bool {
	toks := p.expandTokens(args, true)
	e := &exprParser{p: p, toks: toks, file: p.fileName(), end: end}
	if len(toks) == 0 {
		p.errorf(e.file, d.line, d.col, "#%s with no expression", d.text)
		return false
	}
	v := e.comma(true)
	if !e.failed && e.i < len(toks) {
		t := toks[e.i]
		if invalidInIf(t) {
			e.fail(t, "token %q is not valid in #if expressions", t.text)
		} else if t.is(")") {
			e.fail(t, "missing '(' in #if expression")
		} else {
			e.fail(t, "missing binary operator before %q", t.text)
		}
	}
	return !e.failed && v.true()
}

type exprParser struct {
	p      *pp
	toks   []token
	i      int
	file   string
	end    token
	failed bool
	depth  int // parentheses, unary operators and ?: being parsed (maxExprDepth)
}

// nest enters one level of nesting at t; past maxExprDepth it reports an
// error and returns false. The caller leaves with depth--.
func (e *exprParser) nest(t token) bool {
	e.depth++
	if e.depth > maxExprDepth {
		e.fail(t, "expression nested deeper than %d levels", maxExprDepth)
		return false
	}
	return true
}

func (e *exprParser) fail(t token, format string, args ...any) {
	if !e.failed {
		e.failed = true
		e.p.errorf(e.file, t.line, t.col, format, args...)
	}
}

func (e *exprParser) peek() (token, bool) {
	if e.failed || e.i >= len(e.toks) {
		return token{}, false
	}
	return e.toks[e.i], true
}

// found describes the token at the current position for messages.
func (e *exprParser) found() (token, string) {
	if t, ok := e.peek(); ok {
		return t, "\"" + t.text + "\""
	}
	return e.end, "end of line"
}

// comma parses expr { "," expr }.
func (e *exprParser) comma(eval bool) value {
	v := e.cond(eval)
	for {
		t, ok := e.peek()
		if !ok || !t.is(",") {
			return v
		}
		e.i++
		v = e.cond(eval)
	}
}

// cond parses binary [ "?" comma ":" cond ].
func (e *exprParser) cond(eval bool) value {
	c := e.binary(1, eval)
	t, ok := e.peek()
	if !ok || !t.is("?") {
		return c
	}
	if !e.nest(t) {
		return value{}
	}
	defer func() { e.depth-- }()
	e.i++
	a := e.comma(eval && c.true())
	if t, ok := e.peek(); !ok || !t.is(":") {
		u, f := e.found()
		e.fail(u, "expected ':' in #if expression, found %s", f)
		return value{}
	}
	e.i++
	b := e.cond(eval && !c.true())
	r := b
	if c.true() {
		r = a
	}
	r.unsigned = a.unsigned || b.unsigned
	return r
}

// binaryPrec gives the precedence of binary operators (higher binds
// tighter), 0 for anything else.
func binaryPrec(t token) int {
	if t.kind != kPunct {
		return 0
	}
	switch t.text {
	case "||":
		return 1
	case "&&":
		return 2
	case "|":
		return 3
	case "^":
		return 4
	case "&":
		return 5
	case "==", "!=":
		return 6
	case "<", "<=", ">", ">=":
		return 7
	case "<<", ">>":
		return 8
	case "+", "-":
		return 9
	case "*", "/", "%":
		return 10
	}
	return 0
}

func (e *exprParser) binary(minPrec int, eval bool) value {
	l := e.unary(eval)
	for {
		t, ok := e.peek()
		prec := binaryPrec(t)
		if !ok || prec < minPrec || prec == 0 {
			return l
		}
		e.i++
		evalR := eval
		switch t.text {
		case "&&":
			evalR = eval && l.true()
		case "||":
			evalR = eval && !l.true()
		}
		r := e.binary(prec+1, evalR)
		if e.failed {
			return value{}
		}
		l = e.apply(t, l, r, eval)
	}
}

func (e *exprParser) apply(op token, l, r value, eval bool) value {
	switch op.text {
	case "&&":
		return boolValue(l.true() && r.true())
	case "||":
		return boolValue(l.true() || r.true())
	case "<<", ">>":
		return shift(l, r, op.text == "<<")
	}
	u := l.unsigned || r.unsigned
	a, b := l.v, r.v
	switch op.text {
	case "==":
		return boolValue(a == b)
	case "!=":
		return boolValue(a != b)
	case "<", "<=", ">", ">=":
		var lt, eq bool
		if u {
			lt = a < b
		} else {
			lt = int64(a) < int64(b)
		}
		eq = a == b
		switch op.text {
		case "<":
			return boolValue(lt)
		case "<=":
			return boolValue(lt || eq)
		case ">":
			return boolValue(!lt && !eq)
		}
		return boolValue(!lt)
	}
	var v uint64
	switch op.text {
	case "+":
		v = a + b
	case "-":
		v = a - b
	case "*":
		v = a * b
	case "&":
		v = a & b
	case "^":
		v = a ^ b
	case "|":
		v = a | b
	case "/", "%":
		if b == 0 {
			if eval {
				e.fail(op, "division by zero in #if")
			}
			return value{unsigned: u}
		}
		switch {
		case u && op.text == "/":
			v = a / b
		case u:
			v = a % b
		case op.text == "/":
			v = uint64(int64(a) / int64(b))
		default:
			v = uint64(int64(a) % int64(b))
		}
	}
	return value{v: v, unsigned: u}
}

// shift follows GNU cpp: a negative count shifts the other way, a count of
// 64 or more gives 0 (or -1 for a negative signed value shifted right), and
// the result has the type of the left operand.
func shift(l, r value, left bool) value {
	n := r.v
	if !r.unsigned && int64(n) < 0 {
		left = !left
		n = -n
	}
	res := value{unsigned: l.unsigned}
	neg := !l.unsigned && int64(l.v) < 0
	switch {
	case left && n >= 64:
		res.v = 0
	case left:
		res.v = l.v << n
	case n >= 64 && neg:
		res.v = math.MaxUint64
	case n >= 64:
		res.v = 0
	case neg:
		res.v = uint64(int64(l.v) >> n)
	default:
		res.v = l.v >> n
	}
	return res
}

// invalidInIf reports tokens that can never appear in an #if expression.
func invalidInIf(t token) bool {
	switch t.kind {
	case kString, kOther:
		return true
	case kPunct:
		switch t.text {
		case "=", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "<<=", ">>=", "++", "--",
			"->", ".", "...", "[", "]", "{", "}", ";", "#", "##":
			return true
		}
	}
	return false
}

func (e *exprParser) unary(eval bool) value {
	t, ok := e.peek()
	if !ok {
		u, f := e.found()
		e.fail(u, "expected value in #if expression, found %s", f)
		return value{}
	}
	e.i++
	switch {
	case t.is("(") || t.is("+") || t.is("-") || t.is("~") || t.is("!"):
		if !e.nest(t) {
			return value{}
		}
		defer func() { e.depth-- }()
	}
	switch {
	case t.kind == kNumber:
		return e.number(t)
	case t.kind == kChar:
		return e.char(t)
	case t.kind == kIdent && e.p.cfg.DollarHex && len(t.text) > 1 && t.text[0] == '$' && isHexDigit(t.text[1]):
		h := t
		h.text = "0x" + t.text[1:] // $1F: its digits and suffix as 0x1F's
		return e.number(h)
	case t.kind == kIdent:
		// Identifiers left after macro expansion are 0.
		return value{}
	case t.is("("):
		v := e.comma(eval)
		if u, ok := e.peek(); !ok || !u.is(")") {
			u, f := e.found()
			if !e.failed && e.i < len(e.toks) && binaryPrec(u) == 0 && !invalidInIf(u) {
				e.fail(u, "missing binary operator before %s", f)
			}
			e.fail(u, "expected ')' in #if expression, found %s", f)
			return value{}
		}
		e.i++
		return v
	case t.is("+"):
		return e.unary(eval)
	case t.is("-"):
		v := e.unary(eval)
		v.v = -v.v
		return v
	case t.is("~"):
		v := e.unary(eval)
		v.v = ^v.v
		return v
	case t.is("!"):
		return boolValue(!e.unary(eval).true())
	case invalidInIf(t):
		e.fail(t, "token %q is not valid in #if expressions", t.text)
	default:
		e.fail(t, "expected value in #if expression, found %q", t.text)
	}
	return value{}
}

// number evaluates an integer constant: decimal, 0x hex, 0b binary or 0
// octal, with an optional u/l/ll suffix.
func (e *exprParser) number(t token) value {
	s := t.text
	base, digits := 10, s
	switch {
	case len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base, digits = 16, s[2:]
	case len(s) > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'):
		base, digits = 2, s[2:]
	case s[0] == '0':
		base = 8
	}
	if strings.ContainsRune(s, '.') || base == 10 && strings.ContainsAny(s, "eE") ||
		base == 16 && strings.ContainsAny(s, "pP") {
		e.fail(t, "floating constant in #if expression")
		return value{}
	}
	n := 0
	var v uint64
	overflow := false
	for n < len(digits) {
		c := digits[n]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'f' && base == 16:
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'F' && base == 16:
			d = int(c-'A') + 10
		default:
			d = -1
		}
		if d < 0 {
			break
		}
		if d >= base {
			kind := "octal"
			if base == 2 {
				kind = "binary"
			}
			e.fail(t, "invalid digit %q in %s constant", string(c), kind)
			return value{}
		}
		hi, lo := bits.Mul64(v, uint64(base))
		lo, carry := bits.Add64(lo, uint64(d), 0)
		if hi != 0 || carry != 0 {
			overflow = true
		}
		v = lo
		n++
	}
	suffix := digits[n:]
	if n == 0 && base != 8 {
		// "0x" or "0b" with no digits
		e.fail(t, "invalid suffix %q on integer constant", s[1:])
		return value{}
	}
	uns := false
	switch strings.ToLower(suffix) {
	case "", "l", "ll":
	case "u", "ul", "lu", "ull", "llu":
		uns = true
	default:
		e.fail(t, "invalid suffix %q on integer constant", suffix)
		return value{}
	}
	if strings.Contains(suffix, "lL") || strings.Contains(suffix, "Ll") {
		e.fail(t, "invalid suffix %q on integer constant", suffix)
		return value{}
	}
	if overflow {
		e.p.warnf(e.file, t.line, t.col, "integer constant is too large for its type")
	}
	if !uns && v > math.MaxInt64 {
		if base == 10 {
			e.p.warnf(e.file, t.line, t.col, "integer constant is so large that it is unsigned")
		}
		uns = true
	}
	return value{v: v, unsigned: uns}
}

// char evaluates a character constant as avr-gcc does: one character is a
// signed char; several make a 16-bit int, the last ones kept.
func (e *exprParser) char(t token) value {
	s := t.text[1 : len(t.text)-1]
	var chars []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			chars = append(chars, c)
			continue
		}
		i++
		c = s[i]
		switch c {
		case 'n':
			c = '\n'
		case 't':
			c = '\t'
		case 'r':
			c = '\r'
		case 'a':
			c = 7
		case 'b':
			c = 8
		case 'f':
			c = 12
		case 'v':
			c = 11
		case 'e', 'E':
			c = 27
		case 'x':
			var v uint32
			j := i + 1
			for j < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
				d := strings.IndexByte("0123456789abcdef", s[j]|0x20)
				v = v<<4 | uint32(d)
				j++
			}
			if j == i+1 {
				e.fail(t, "\\x used with no following hex digits")
				return value{}
			}
			if v > 0xff {
				e.p.warnf(e.file, t.line, t.col, "hex escape sequence out of range")
			}
			c = byte(v)
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := uint32(c - '0')
			j := i + 1
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				v = v<<3 | uint32(s[j]-'0')
				j++
			}
			if v > 0xff {
				e.p.warnf(e.file, t.line, t.col, "octal escape sequence out of range")
			}
			c = byte(v)
			i = j - 1
		}
		chars = append(chars, c)
	}
	if len(chars) == 0 {
		e.fail(t, "empty character constant")
		return value{}
	}
	var r uint32
	for _, c := range chars {
		r = r<<8 | uint32(c)
	}
	width := uint(8)
	if len(chars) > 2 {
		e.p.warnf(e.file, t.line, t.col, "character constant too long for its type")
	} else if len(chars) == 2 {
		e.p.warnf(e.file, t.line, t.col, "multi-character character constant")
	}
	if len(chars) > 1 {
		width = 16
	}
	mask := uint32(1)<<width - 1
	if r&(1<<(width-1)) == 0 {
		r &= mask
	} else {
		r |= ^mask
	}
	return value{v: uint64(int64(int32(r)))}
}

func isHexDigit(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
