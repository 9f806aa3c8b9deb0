package jsonw

import (
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is how deeply arrays and objects may nest, as in encoding/json: a request nested deeper
// is an error there too.
const MaxDepth = 10000

// Error is what Decoder gives for input that json.Unmarshal would refuse too: a syntax error, or
// a value of another type than the field's. Offset is where in the input, in bytes.
type Error struct {
	Offset int
	Msg    string
}

// Error returns the message with its offset.
func (e *Error) Error() string { return "at byte " + strconv.Itoa(e.Offset) + ": " + e.Msg }

// Decoder reads one JSON text. Its methods read the value at the current offset into a Go value as
// json.Unmarshal would (null leaves strings, numbers and bools as they are and makes maps and
// slices nil), or return an *Error; after an error the Decoder is not to be used further.
type Decoder struct {
	data  []byte
	off   int
	depth int
}

// FieldFunc reads the value of one key of an object with d's methods (Skip for a key it does not
// know); key is the key folded by FoldKey, as encoding/json matches keys to fields.
type FieldFunc func(d *Decoder, key string) error

// DecodeObject reads data, one JSON object (or null, which sets nothing) and nothing after it but
// white space, calling field for each of its keys in order.
func DecodeObject(data []byte, field FieldFunc) error {
	d := &Decoder{data: data}
	d.space()
	if d.literal("null") {
		return d.end()
	}
	if err := d.Object(func(d *Decoder, key string) error { return field(d, FoldKey(key)) }); err != nil {
		return err
	}
	return d.end()
}

// end checks that only white space follows the value.
func (d *Decoder) end() error {
	d.space()
	if d.off < len(d.data) {
		return d.errorf("text after the value")
	}
	return nil
}

func (d *Decoder) errorf(msg string) error { return &Error{Offset: d.off, Msg: msg} }

// typeError is the error for a valid value of another type than want, as json.Unmarshal refuses it.
func (d *Decoder) typeError(want string) error {
	return d.errorf("want " + want + ", found " + d.found())
}

// found names what starts at the offset, for messages.
func (d *Decoder) found() string {
	if d.off >= len(d.data) {
		return "the end of the input"
	}
	switch c := d.data[d.off]; {
	case c == '"':
		return "a string"
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == 't' || c == 'f':
		return "a bool"
	case c == 'n':
		return "null"
	case c == '-' || c >= '0' && c <= '9':
		return "a number"
	default:
		return strconv.QuoteRune(rune(c))
	}
}

// space skips JSON's white space.
func (d *Decoder) space() {
	for d.off < len(d.data) {
		switch d.data[d.off] {
		case ' ', '\t', '\n', '\r':
			d.off++
		default:
			return
		}
	}
}

// peek is the byte at the offset after white space, 0 at the end.
func (d *Decoder) peek() byte {
	d.space()
	if d.off < len(d.data) {
		return d.data[d.off]
	}
	return 0
}

// literal consumes word (null, true, false) when it is at the offset.
func (d *Decoder) literal(word string) bool {
	if len(d.data)-d.off >= len(word) && string(d.data[d.off:d.off+len(word)]) == word {
		d.off += len(word)
		return true
	}
	return false
}

// Object reads an object, calling field with each key as it is written (unquoted, not folded).
func (d *Decoder) Object(field func(d *Decoder, key string) error) error {
	if d.peek() != '{' {
		return d.typeError("an object")
	}
	if d.depth++; d.depth > MaxDepth {
		return d.errorf("nested too deeply")
	}
	d.off++
	if d.peek() == '}' {
		d.off++
		d.depth--
		return nil
	}
	for {
		if d.peek() != '"' {
			return d.errorf("want a key, found " + d.found())
		}
		key, err := d.quoted()
		if err != nil {
			return err
		}
		if d.peek() != ':' {
			return d.errorf("want ':' after a key, found " + d.found())
		}
		d.off++
		if err := field(d, key); err != nil {
			return err
		}
		switch d.peek() {
		case ',':
			d.off++
		case '}':
			d.off++
			d.depth--
			return nil
		default:
			return d.errorf("want ',' or '}' in an object, found " + d.found())
		}
	}
}

// String reads a string into s; null leaves s as it is.
func (d *Decoder) String(s *string) error {
	switch d.peek() {
	case '"':
		v, err := d.quoted()
		*s = v
		return err
	case 'n':
		return d.null()
	}
	return d.typeError("a string")
}

// Bool reads true or false into b; null leaves b as it is.
func (d *Decoder) Bool(b *bool) error {
	switch {
	case d.peek() == 'n':
		return d.null()
	case d.literal("true"):
		*b = true
		return nil
	case d.literal("false"):
		*b = false
		return nil
	}
	return d.typeError("a bool")
}

// Int reads an integer into n; null leaves n as it is. A number with a fraction or an exponent,
// or out of int's range, is an error, as in json.Unmarshal.
func (d *Decoder) Int(n *int) error {
	lit, err := d.number("an integer")
	if err != nil || lit == "" {
		return err
	}
	v, perr := strconv.ParseInt(lit, 10, strconv.IntSize)
	if perr != nil {
		return d.errorf("number " + lit + " is not an int")
	}
	*n = int(v)
	return nil
}

// Uint64 reads a non-negative integer into n; null leaves n as it is. A negative number, one with
// a fraction or an exponent, or one past 2^64-1 is an error, as in json.Unmarshal.
func (d *Decoder) Uint64(n *uint64) error {
	lit, err := d.number("an unsigned integer")
	if err != nil || lit == "" {
		return err
	}
	v, perr := strconv.ParseUint(lit, 10, 64)
	if perr != nil {
		return d.errorf("number " + lit + " is not a uint64")
	}
	*n = v
	return nil
}

// number reads a JSON number and returns its text, or "" for null; want names the field's type
// for the error of another value.
func (d *Decoder) number(want string) (string, error) {
	c := d.peek()
	if c == 'n' {
		return "", d.null()
	}
	if c != '-' && (c < '0' || c > '9') {
		return "", d.typeError(want)
	}
	start := d.off
	if c == '-' {
		d.off++
	}
	switch {
	case d.at('0'):
		d.off++
	case d.atDigit():
		d.digits()
	default:
		return "", d.errorf("a number wants a digit after '-'")
	}
	if d.at('.') {
		d.off++
		if !d.atDigit() {
			return "", d.errorf("a number wants a digit after '.'")
		}
		d.digits()
	}
	if d.at('e') || d.at('E') {
		d.off++
		if d.at('+') || d.at('-') {
			d.off++
		}
		if !d.atDigit() {
			return "", d.errorf("a number wants a digit in its exponent")
		}
		d.digits()
	}
	return string(d.data[start:d.off]), nil
}

func (d *Decoder) at(c byte) bool { return d.off < len(d.data) && d.data[d.off] == c }

func (d *Decoder) atDigit() bool {
	return d.off < len(d.data) && d.data[d.off] >= '0' && d.data[d.off] <= '9'
}

func (d *Decoder) digits() {
	for d.atDigit() {
		d.off++
	}
}

func (d *Decoder) null() error {
	if !d.literal("null") {
		return d.errorf("want null")
	}
	return nil
}

// StringMap reads an object of strings into m, into the map m holds (made when nil); null makes m
// nil, and a null value is an empty string, as in json.Unmarshal.
func (d *Decoder) StringMap(m *map[string]string) error {
	if d.peek() == 'n' {
		*m = nil
		return d.null()
	}
	if d.peek() != '{' {
		return d.typeError("an object of strings")
	}
	if *m == nil {
		*m = map[string]string{}
	}
	return d.Object(func(d *Decoder, key string) error {
		var v string
		err := d.String(&v)
		(*m)[key] = v
		return err
	})
}

// StringSlice reads an array of strings into s as json.Unmarshal does: over the elements s already
// has (a null element leaves the one there), then appended, cut to the array's length; null makes s
// nil and [] an empty slice.
func (d *Decoder) StringSlice(s *[]string) error {
	switch d.peek() {
	case 'n':
		*s = nil
		return d.null()
	case '[':
	default:
		return d.typeError("an array of strings")
	}
	out := *s
	n := 0
	err := d.array(func(d *Decoder) error {
		if n == len(out) {
			out = append(out, "")
		}
		n++
		return d.String(&out[n-1])
	})
	if out == nil {
		out = []string{}
	}
	*s = out[:n]
	return err
}

// array reads an array, calling elem for each element.
func (d *Decoder) array(elem func(d *Decoder) error) error {
	if d.depth++; d.depth > MaxDepth {
		return d.errorf("nested too deeply")
	}
	d.off++
	if d.peek() == ']' {
		d.off++
		d.depth--
		return nil
	}
	for {
		if err := elem(d); err != nil {
			return err
		}
		switch d.peek() {
		case ',':
			d.off++
		case ']':
			d.off++
			d.depth--
			return nil
		default:
			return d.errorf("want ',' or ']' in an array, found " + d.found())
		}
	}
}

// Skip reads any JSON value and drops it (the value of a key the reader does not know).
func (d *Decoder) Skip() error {
	switch c := d.peek(); {
	case c == '{':
		return d.Object(func(d *Decoder, _ string) error { return d.Skip() })
	case c == '[':
		return d.array(func(d *Decoder) error { return d.Skip() })
	case c == '"':
		_, err := d.quoted()
		return err
	case c == 't' || c == 'f':
		var b bool
		return d.Bool(&b)
	case c == 'n':
		return d.null()
	case c == '-' || c >= '0' && c <= '9':
		_, err := d.number("a number")
		return err
	}
	return d.errorf("want a value, found " + d.found())
}

// quoted reads the string at the offset (its opening quote) and returns its value as
// json.Unmarshal gives it: escapes decoded, a surrogate pair as its character, a lone surrogate and
// each byte that is not UTF-8 as U+FFFD. A control character in it is an error.
func (d *Decoder) quoted() (string, error) {
	d.off++
	start := d.off
	for d.off < len(d.data) {
		c := d.data[d.off]
		switch {
		case c == '"':
			s := string(d.data[start:d.off])
			d.off++
			return s, nil
		case c == '\\' || c < 0x20 || c >= utf8.RuneSelf:
			return d.quotedSlow(start)
		}
		d.off++
	}
	return "", d.errorf("a string does not end")
}

// quotedSlow is quoted from the first byte at the offset that is not plain ASCII; start is where
// the string's text began.
func (d *Decoder) quotedSlow(start int) (string, error) {
	b := append([]byte(nil), d.data[start:d.off]...)
	for d.off < len(d.data) {
		c := d.data[d.off]
		switch {
		case c == '"':
			d.off++
			return string(b), nil
		case c < 0x20:
			return "", d.errorf("a control character in a string")
		case c == '\\':
			var err error
			if b, err = d.escape(b); err != nil {
				return "", err
			}
		case c < utf8.RuneSelf:
			b = append(b, c)
			d.off++
		default:
			r, size := utf8.DecodeRune(d.data[d.off:])
			b = utf8.AppendRune(b, r)
			d.off += size
		}
	}
	return "", d.errorf("a string does not end")
}

// escape appends the character of the escape at the offset to b.
func (d *Decoder) escape(b []byte) ([]byte, error) {
	if d.off+1 >= len(d.data) {
		return b, d.errorf("a string does not end")
	}
	c := d.data[d.off+1]
	if c != 'u' {
		r, ok := shortEscape(c)
		if !ok {
			return b, d.errorf("bad escape in a string")
		}
		d.off += 2
		return append(b, r), nil
	}
	r, ok := d.hex4(d.off)
	if !ok {
		return b, d.errorf(`bad \u escape in a string`)
	}
	d.off += 6
	if utf16.IsSurrogate(r) {
		if r2, ok := d.hex4(d.off); ok && d.at('\\') {
			if pair := utf16.DecodeRune(r, r2); pair != unicode.ReplacementChar {
				d.off += 6
				return utf8.AppendRune(b, pair), nil
			}
		}
		r = unicode.ReplacementChar
	}
	return utf8.AppendRune(b, r), nil
}

// shortEscape is the byte of the two-character escape \c.
func shortEscape(c byte) (byte, bool) {
	switch c {
	case '"', '\\', '/':
		return c, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	}
	return 0, false
}

// hex4 reads the escape \uXXXX at offset i.
func (d *Decoder) hex4(i int) (rune, bool) {
	if i+6 > len(d.data) || d.data[i] != '\\' || d.data[i+1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range d.data[i+2 : i+6] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// FoldKey folds an object's key as encoding/json does to match it to a field's name without regard
// to case: ASCII letters upper case, every other character the smallest of its Unicode case
// folding set (so "ſ", U+017F, matches "s" and "S").
func FoldKey(key string) string {
	plain := true
	for i := 0; i < len(key); i++ {
		if c := key[i]; c >= utf8.RuneSelf || c >= 'a' && c <= 'z' {
			plain = false
			break
		}
	}
	if plain {
		return key
	}
	out := make([]byte, 0, len(key))
	for _, r := range key {
		switch {
		case r >= 'a' && r <= 'z':
			r -= 'a' - 'A'
		case r >= utf8.RuneSelf:
			r = smallestFold(r)
		}
		out = utf8.AppendRune(out, r)
	}
	return string(out)
}

// smallestFold is the smallest rune of r's case folding set.
func smallestFold(r rune) rune {
	for {
		next := unicode.SimpleFold(r)
		if next <= r {
			return next
		}
		r = next
	}
}
