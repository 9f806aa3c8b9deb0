// Package textf formats text as fmt does, for the verbs and operand types the engine's messages use,
// without reflect: engine.wasm links neither fmt nor reflect (README, "Session 12: the core's size").
//
// An operand is formatted by its dynamic type: nil, bool, the integer types, float64, string, []byte,
// then an error (its Error) or a fmt.Stringer (its String), in fmt's order. Any other type (a named
// integer, a struct, a slice, float32) is written as "%!v(?)" where fmt would use reflect: the
// package's tests type-check every call in the core (TestCoreCallsFormattable) so that none passes one,
// and hold what is supported to fmt (TestAsFmt, FuzzAsFmt). The one operand of static type any they
// allow is a recovered panic's value in %v ("internal error: %v"), which is an error, a string or a
// basic value unless code panics with another. Unlike fmt, an Error method that panics is not caught,
// and a call with more operands than verbs does not report the extra ones (in the core the test
// counts every call's verbs and operands).
package textf

import (
	"errors"
	"io"
	"unicode/utf8"
)

// Sprintf formats as fmt.Sprintf does.
func Sprintf(format string, a ...any) string {
	var buf [256]byte
	b, _ := appendf(buf[:0], format, a, false)
	return string(b)
}

// Appendf formats as fmt.Appendf does, appending to b.
func Appendf(b []byte, format string, a ...any) []byte {
	b, _ = appendf(b, format, a, false)
	return b
}

// Fprintf formats as fmt.Fprintf does and writes the text to w.
func Fprintf(w io.Writer, format string, a ...any) (int, error) {
	var buf [256]byte
	b, _ := appendf(buf[:0], format, a, false)
	return w.Write(b)
}

// Errorf formats as fmt.Errorf does: the error wraps the operands of its %w verbs (Unwrap returns the
// one error, or all of them when there are more).
func Errorf(format string, a ...any) error {
	var buf [256]byte
	msg, wrapped := appendf(buf[:0], format, a, true)
	switch len(wrapped) {
	case 0:
		return errors.New(string(msg))
	case 1:
		e, _ := a[wrapped[0]].(error)
		return &wrapError{msg: string(msg), err: e}
	}
	var errs []error
	for _, i := range wrapped {
		if e, ok := a[i].(error); ok {
			errs = append(errs, e)
		}
	}
	return &wrapErrors{msg: string(msg), errs: errs}
}

// wrapError is Errorf's error with one %w.
type wrapError struct {
	msg string
	err error
}

// Error returns the formatted message.
func (e *wrapError) Error() string { return e.msg }

// Unwrap returns the wrapped error.
func (e *wrapError) Unwrap() error { return e.err }

// wrapErrors is Errorf's error with several %w.
type wrapErrors struct {
	msg  string
	errs []error
}

// Error returns the formatted message.
func (e *wrapErrors) Error() string { return e.msg }

// Unwrap returns the wrapped errors.
func (e *wrapErrors) Unwrap() []error { return e.errs }

// Sprint formats its operands as fmt.Sprint does: each as %v, a space between two that are not strings.
func Sprint(a ...any) string {
	var b []byte
	for i, x := range a {
		_, isString := x.(string)
		if i > 0 && !isString && !prevString(a[i-1]) {
			b = append(b, ' ')
		}
		b = appendArg(b, spec{verb: 'v'}, x)
	}
	return string(b)
}

// prevString reports whether x is a string operand (Sprint's spacing).
func prevString(x any) bool {
	_, ok := x.(string)
	return ok
}

// Fprintln writes its operands as fmt.Fprintln does: each as %v, separated by spaces, then a newline.
func Fprintln(w io.Writer, a ...any) (int, error) {
	var b []byte
	for i, x := range a {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendArg(b, spec{verb: 'v'}, x)
	}
	return w.Write(append(b, '\n'))
}

// spec is one verb with its flags, width and precision.
type spec struct {
	minus, plus, sharp, zero, space bool
	wid, prec                       int
	hasWid, hasPrec                 bool
	verb                            byte
}

// appendf appends format with its verbs replaced by their operands; with wrap (Errorf), %w formats an
// error as %v and its operand's index is returned among wrapped.
func appendf(b []byte, format string, a []any, wrap bool) (out []byte, wrapped []int) {
	arg := 0
	for i := 0; i < len(format); {
		c := format[i]
		if c != '%' {
			b = append(b, c)
			i++
			continue
		}
		s, next := parseSpec(format, i+1)
		i = next
		switch {
		case s.verb == '%':
			b = append(b, '%')
		case s.verb == 0:
			b = append(b, "%!(NOVERB)"...)
		case arg >= len(a):
			b = append(b, '%', '!', s.verb)
			b = append(b, "(MISSING)"...)
		case s.verb == 'w' && wrap:
			wrapped = append(wrapped, arg)
			s.verb = 'v'
			b = appendArg(b, s, a[arg])
			arg++
		default:
			b = appendArg(b, s, a[arg])
			arg++
		}
	}
	return b, wrapped
}

// parseSpec reads a verb's flags, width, precision and letter from format[i:], returning them and the
// index after the letter (verb 0 at the format's end).
func parseSpec(format string, i int) (spec, int) {
	var s spec
flags:
	for ; i < len(format); i++ {
		switch format[i] {
		case '-':
			s.minus, s.zero = true, false
		case '+':
			s.plus = true
		case '#':
			s.sharp = true
		case '0':
			s.zero = !s.minus
		case ' ':
			s.space = true
		default:
			break flags
		}
	}
	s.wid, s.hasWid, i = parseNum(format, i)
	if i < len(format) && format[i] == '.' {
		s.prec, _, i = parseNum(format, i+1)
		s.hasPrec = true
	}
	if i >= len(format) {
		return s, i
	}
	r, size := utf8.DecodeRuneInString(format[i:])
	if r >= utf8.RuneSelf {
		s.verb = '?'
		return s, i + size
	}
	s.verb = format[i]
	return s, i + 1
}

// parseNum reads decimal digits from format[i:].
func parseNum(format string, i int) (n int, ok bool, next int) {
	for ; i < len(format) && '0' <= format[i] && format[i] <= '9'; i++ {
		n = n*10 + int(format[i]-'0')
		ok = true
	}
	return n, ok, i
}
