// Package jsonw writes and reads JSON without encoding/json, for the page's core module
// (engine.wasm), which then links neither encoding/json's encoder and decoder nor the reflection
// they run on. Writer appends values exactly as json.Marshal writes them (strings HTML-escaped,
// invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped, floats as encoding/json formats them);
// the functions that write a type's fields are generated from the type (package
// internal/jsonw/gen). Decoder reads the subset of JSON the page's requests use into Go values as
// json.Unmarshal does, and gives an error for whatever json.Unmarshal would refuse.
package jsonw

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// Writer appends JSON to B. The first value it cannot write (a NaN or an infinity, which JSON
// cannot hold) sets Err, with json.Marshal's message; what B holds then is not to be used.
type Writer struct {
	B   []byte
	Err error
}

// UnsupportedValueError is json.Marshal's error for a float that JSON cannot hold, with the same
// message ("json: unsupported value: NaN").
type UnsupportedValueError struct {
	Str string // the value, as strconv.FormatFloat(f, 'g', -1, 64) writes it
}

// Error returns json.Marshal's message for the value.
func (e *UnsupportedValueError) Error() string { return "json: unsupported value: " + e.Str }

// Raw appends s as it is (a key with its colon, a bracket).
func (w *Writer) Raw(s string) { w.B = append(w.B, s...) }

// Byte appends one byte as it is.
func (w *Writer) Byte(c byte) { w.B = append(w.B, c) }

// Key appends an object's key, given as its quoted text and colon (`"name":`), after a comma
// unless it is the object's first: what B ends with then is the object's '{', which no value ends
// with.
func (w *Writer) Key(quoted string) {
	if n := len(w.B); n > 0 && w.B[n-1] != '{' {
		w.B = append(w.B, ',')
	}
	w.B = append(w.B, quoted...)
}

// StringField appends a key (Key) and a string (String): one call of the generated writers per
// field, which keeps engine.wasm's code smaller than two.
func (w *Writer) StringField(quotedKey, v string) {
	w.Key(quotedKey)
	w.String(v)
}

// IntField appends a key (Key) and a signed integer (Int).
func (w *Writer) IntField(quotedKey string, v int64) {
	w.Key(quotedKey)
	w.Int(v)
}

// UintField appends a key (Key) and an unsigned integer (Uint).
func (w *Writer) UintField(quotedKey string, v uint64) {
	w.Key(quotedKey)
	w.Uint(v)
}

// Float64Field appends a key (Key) and a float (Float64).
func (w *Writer) Float64Field(quotedKey string, v float64) {
	w.Key(quotedKey)
	w.Float64(v)
}

// BoolField appends a key (Key) and a bool (Bool).
func (w *Writer) BoolField(quotedKey string, v bool) {
	w.Key(quotedKey)
	w.Bool(v)
}

// Null appends null.
func (w *Writer) Null() { w.B = append(w.B, "null"...) }

// Bool appends true or false.
func (w *Writer) Bool(v bool) {
	if v {
		w.B = append(w.B, "true"...)
	} else {
		w.B = append(w.B, "false"...)
	}
}

// Int appends a signed integer.
func (w *Writer) Int(v int64) { w.B = strconv.AppendInt(w.B, v, 10) }

// Uint appends an unsigned integer.
func (w *Writer) Uint(v uint64) { w.B = strconv.AppendUint(w.B, v, 10) }

// Float64 appends f as json.Marshal writes a float64: the shortest decimal that reads back as f,
// in exponent form below 1e-6 and from 1e21 on (with a one-digit exponent written as such), and
// sets Err for a NaN or an infinity.
func (w *Writer) Float64(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		if w.Err == nil {
			w.Err = &UnsupportedValueError{Str: strconv.FormatFloat(f, 'g', -1, 64)}
		}
		return
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	start := len(w.B)
	w.B = strconv.AppendFloat(w.B, f, format, -1, 64)
	if format == 'e' {
		w.B = shortenExponent(w.B, start)
	}
}

// shortenExponent turns the exponent "e-07" that strconv writes at the end of b into "e-7", as
// encoding/json does; b[start:] is the number.
func shortenExponent(b []byte, start int) []byte {
	n := len(b)
	if n-start >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}

// String appends s quoted as json.Marshal quotes a string: ", \ and the control characters
// escaped (\b, \f, \n, \r and \t by name, the others as \u00XX), <, > and & as \u003c, \u003e
// and \u0026, U+2028 and U+2029 as \u2028 and \u2029, and each byte that is not UTF-8 as \ufffd.
func (w *Writer) String(s string) {
	b := append(w.B, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plainASCII(c) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			b = appendEscapedASCII(b, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, `\u202`...)
			b = append(b, hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	w.B = append(b, '"')
}

const hexDigits = "0123456789abcdef"

// plainASCII reports whether json.Marshal writes the ASCII byte c in a string as it is.
func plainASCII(c byte) bool {
	return c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
}

// appendEscapedASCII appends the escape json.Marshal writes for the ASCII byte c.
func appendEscapedASCII(b []byte, c byte) []byte {
	switch c {
	case '\\', '"':
		return append(b, '\\', c)
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// ErrorObject is the JSON object {"error": msg} as json.Marshal writes it.
func ErrorObject(msg string) []byte {
	w := Writer{B: make([]byte, 0, len(msg)+12)}
	w.Raw(`{"error":`)
	w.String(msg)
	w.Byte('}')
	return w.B
}
