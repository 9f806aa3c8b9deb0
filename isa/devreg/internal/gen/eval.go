package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Eval evaluates a preprocessed integer expression as the preprocessor's #if does: 64-bit arithmetic,
// unsigned when an operand is (a U suffix, or a hexadecimal or octal literal too large for int64).
// ok is false, with no error, when text is not an integer expression at all (empty, or holding an
// identifier, a string, a character constant or a preprocessing number that is no integer literal);
// err reports a malformed or undefined one (a division
// by zero, an unbalanced parenthesis).
func Eval(text string) (v int64, ok bool, err error) {
	toks, ok, err := lex(text)
	if err != nil || !ok {
		return 0, ok, err
	}
	p := &parser{toks: toks}
	x, err := p.expr(0)
	if err != nil {
		return 0, false, err
	}
	if p.i != len(p.toks) {
		return 0, false, fmt.Errorf("unexpected %q", p.toks[p.i].op)
	}
	return int64(x.v), true, nil
}

type token struct {
	op  string // "" for a number
	num val
}

type val struct {
	v        uint64
	unsigned bool
}

// lex splits text into numbers and operators; ok is false for anything else.
func lex(text string) ([]token, bool, error) {
	var toks []token
	s := strings.TrimSpace(text)
	if s == "" {
		return nil, false, nil
	}
	for len(s) > 0 {
		c := s[0]
		switch {
		case c == ' ' || c == '\t':
			s = s[1:]
		case c >= '0' && c <= '9':
			j := 0
			for j < len(s) && (isAlnum(s[j]) || s[j] == '_') {
				j++
			}
			n, err := number(s[:j])
			if err != nil {
				// A preprocessing number that is no integer literal (avr-libc's
				// __EEPROM_REG_LOCATIONS__ 1F2021, text for token pasting) is no value.
				return nil, false, nil
			}
			toks = append(toks, token{num: n})
			s = s[j:]
		case isAlnum(c) || c == '_' || c == '"' || c == '\'':
			return nil, false, nil
		default:
			op := ""
			for _, o := range []string{"<<", ">>", "<=", ">=", "==", "!=", "&&", "||"} {
				if strings.HasPrefix(s, o) {
					op = o
					break
				}
			}
			if op == "" {
				if !strings.ContainsRune("()+-~!*/%<>&^|?:", rune(c)) {
					return nil, false, nil
				}
				op = s[:1]
			}
			toks = append(toks, token{op: op})
			s = s[len(op):]
		}
	}
	return toks, true, nil
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// number parses a C integer literal with optional u/U and l/L suffixes.
func number(lit string) (val, error) {
	body := strings.TrimRight(lit, "uUlL")
	suffix := strings.ToLower(lit[len(body):])
	switch suffix {
	case "", "u", "l", "ul", "lu", "ll", "ull", "llu":
	default:
		return val{}, fmt.Errorf("bad suffix in %q", lit)
	}
	base, digits := 10, body
	switch {
	case strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X"):
		base, digits = 16, body[2:]
	case strings.HasPrefix(body, "0b") || strings.HasPrefix(body, "0B"):
		base, digits = 2, body[2:]
	case len(body) > 1 && body[0] == '0':
		base, digits = 8, body[1:]
	}
	n, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return val{}, fmt.Errorf("bad number %q", lit)
	}
	u := strings.Contains(suffix, "u") || (n > 1<<63-1)
	if base == 10 && !u && n > 1<<63-1 {
		return val{}, fmt.Errorf("number %q too large", lit)
	}
	return val{v: n, unsigned: u}, nil
}

type parser struct {
	toks []token
	i    int
}

var errEnd = errors.New("unexpected end of expression")

func (p *parser) peek() string {
	if p.i < len(p.toks) && p.toks[p.i].op != "" {
		return p.toks[p.i].op
	}
	return ""
}

// precedence returns the binding of a binary operator, lowest first (the ternary is handled in expr),
// or 0 for a token that is none.
func precedence(op string) int {
	switch op {
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
	case "<", ">", "<=", ">=":
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

func (p *parser) expr(minPrec int) (val, error) {
	x, err := p.unary()
	if err != nil {
		return val{}, err
	}
	for {
		op := p.peek()
		if op == "?" && minPrec == 0 {
			p.i++
			a, err := p.expr(0)
			if err != nil {
				return val{}, err
			}
			if p.peek() != ":" {
				return val{}, errors.New("expected : in ?:")
			}
			p.i++
			b, err := p.expr(0)
			if err != nil {
				return val{}, err
			}
			r := b
			if x.v != 0 {
				r = a
			}
			r.unsigned = a.unsigned || b.unsigned
			return r, nil
		}
		prec := precedence(op)
		if prec == 0 || prec <= minPrec {
			return x, nil
		}
		p.i++
		y, err := p.expr(prec)
		if err != nil {
			return val{}, err
		}
		if x, err = apply(op, x, y); err != nil {
			return val{}, err
		}
	}
}

func (p *parser) unary() (val, error) {
	if p.i >= len(p.toks) {
		return val{}, errEnd
	}
	t := p.toks[p.i]
	p.i++
	switch t.op {
	case "":
		return t.num, nil
	case "(":
		x, err := p.expr(0)
		if err != nil {
			return val{}, err
		}
		if p.peek() != ")" {
			return val{}, errors.New("missing )")
		}
		p.i++
		return x, nil
	case "+", "-", "~", "!":
		x, err := p.unary()
		if err != nil {
			return val{}, err
		}
		switch t.op {
		case "-":
			x.v = -x.v
		case "~":
			x.v = ^x.v
		case "!":
			x = boolVal(x.v == 0)
		}
		return x, nil
	}
	return val{}, fmt.Errorf("unexpected %q", t.op)
}

func boolVal(b bool) val {
	if b {
		return val{v: 1}
	}
	return val{}
}

func apply(op string, x, y val) (val, error) {
	u := x.unsigned || y.unsigned
	r := val{unsigned: u}
	sx, sy := int64(x.v), int64(y.v)
	switch op {
	case "||":
		return boolVal(x.v != 0 || y.v != 0), nil
	case "&&":
		return boolVal(x.v != 0 && y.v != 0), nil
	case "|":
		r.v = x.v | y.v
	case "^":
		r.v = x.v ^ y.v
	case "&":
		r.v = x.v & y.v
	case "==":
		return boolVal(x.v == y.v), nil
	case "!=":
		return boolVal(x.v != y.v), nil
	case "<", ">", "<=", ">=":
		var less, eq bool
		if u {
			less, eq = x.v < y.v, x.v == y.v
		} else {
			less, eq = sx < sy, sx == sy
		}
		switch op {
		case "<":
			return boolVal(less), nil
		case ">":
			return boolVal(!less && !eq), nil
		case "<=":
			return boolVal(less || eq), nil
		}
		return boolVal(!less), nil
	case "<<", ">>":
		if y.v >= 64 {
			return val{}, fmt.Errorf("shift by %d", sy)
		}
		r.unsigned = x.unsigned
		if op == "<<" {
			r.v = x.v << y.v
		} else if x.unsigned {
			r.v = x.v >> y.v
		} else {
			r.v = uint64(sx >> y.v)
		}
	case "+":
		r.v = x.v + y.v
	case "-":
		r.v = x.v - y.v
	case "*":
		r.v = x.v * y.v
	case "/", "%":
		if y.v == 0 {
			return val{}, errors.New("division by zero")
		}
		switch {
		case u && op == "/":
			r.v = x.v / y.v
		case u:
			r.v = x.v % y.v
		case op == "/":
			r.v = uint64(sx / sy)
		default:
			r.v = uint64(sx % sy)
		}
	}
	return r, nil
}
