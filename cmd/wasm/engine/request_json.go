package engine

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// decodeRequest reads the JSON request arg into req as json.Unmarshal does. The page's requests (an
// object of the request's own keys, as site/js/request.js writes them) are read by readRequest, by
// hand: in the browser encoding/json's decoder is compiled on its first call, which is on the path
// to the first RANK, and every keystroke's request (the whole source, 10 KB) was scanned twice,
// checked and then decoded. Anything readRequest does not take (another key, a key in other
// letter case, null, an exponent, a \u escape, invalid UTF-8, bad JSON) goes to json.Unmarshal, so
// the result and every error are json.Unmarshal's.
func decodeRequest(arg []byte, req *Request) error {
	var fast Request
	if readRequest(arg, &fast) {
		*req = fast
		return nil
	}
	return json.Unmarshal(arg, req)
}

// readRequest reads arg into req, a zero Request, and reports whether it could: false leaves req in
// any state. A key given twice is left to json.Unmarshal (which merges a second "files" into the
// first).
func readRequest(arg []byte, req *Request) bool {
	r := jsonReader{b: arg}
	if !r.byte('{') {
		return false
	}
	if r.byte('}') {
		return r.end()
	}
	seen := make([]string, 0, 24)
	for {
		key, ok := r.string()
		if !ok || slices.Contains(seen, key) || !r.byte(':') || !r.field(req, key) {
			return false
		}
		seen = append(seen, key)
		if r.byte('}') {
			return r.end()
		}
		if !r.byte(',') {
			return false
		}
	}
}

// jsonReader reads the JSON text b from offset i; each method skips the white space before what it
// reads.
type jsonReader struct {
	b []byte
	i int
}

// field reads the value of key into its field of req; false for a key that is not exactly one of
// the request's JSON names, or a value readRequest does not take for it.
func (r *jsonReader) field(req *Request, key string) (ok bool) {
	switch key {
	case "files":
		req.Files, ok = r.stringMap()
	case "main":
		req.Main, ok = r.string()
	case "task":
		req.Task, ok = r.string()
	case "device":
		req.Device, ok = r.string()
	case "vectors":
		var n int64
		n, ok = r.int(strconv.IntSize)
		req.Vectors = int(n)
	case "seed":
		req.Seed, ok = r.uint()
	case "max_cycles":
		req.MaxCycles, ok = r.uint()
	case "call":
		req.Call, ok = r.string()
	case "binary":
		req.Binary, ok = r.string()
	case "defines":
		req.Defines, ok = r.string()
	case "scenario":
		req.Scenario, ok = r.string()
	case "rk":
		req.RK, ok = r.string()
	case "goals":
		req.Goals, ok = r.string()
	case "tests":
		req.Tests, ok = r.string()
	case "budget":
		req.Budget, ok = r.uint()
	case "call_cycles":
		req.CallCycles, ok = r.uint()
	case "link":
		req.Link, ok = r.stringList()
	case "interp":
		req.Interp, ok = r.bool()
	}
	return ok
}

// space skips JSON white space.
func (r *jsonReader) space() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// byte reads c when it comes next.
func (r *jsonReader) byte(c byte) bool {
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// end reports whether nothing but white space is left.
func (r *jsonReader) end() bool {
	r.space()
	return r.i == len(r.b)
}

// string reads a string of valid UTF-8 whose escapes are the two-character ones (\" \\ \/ \b \f \n
// \r \t).
func (r *jsonReader) string() (string, bool) {
	if !r.byte('"') {
		return "", false
	}
	start, ascii := r.i, true
	for r.i < len(r.b) {
		c := r.b[r.i]
		switch {
		case c == '"':
			s := r.b[start:r.i]
			r.i++
			return string(s), ascii || utf8.Valid(s)
		case c == '\\':
			return r.escaped(start)
		case c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
		r.i++
	}
	return "", false
}

// escaped reads the rest of a string that began at start and has an escape at r.i, into a builder
// of the string's raw length (which the escapes only shorten).
func (r *jsonReader) escaped(start int) (string, bool) {
	var out strings.Builder
	out.Grow(rawEnd(r.b, r.i) - start)
	out.Write(r.b[start:r.i])
	for r.i < len(r.b) {
		c := r.b[r.i]
		switch {
		case c == '"':
			r.i++
			s := out.String()
			return s, utf8.ValidString(s)
		case c < 0x20:
			return "", false
		case c != '\\':
			j := r.i + 1
			for j < len(r.b) && r.b[j] >= 0x20 && r.b[j] != '"' && r.b[j] != '\\' {
				j++
			}
			out.Write(r.b[r.i:j]) // the run of plain bytes up to the next escape or the end
			r.i = j
			continue
		}
		if r.i+1 >= len(r.b) {
			return "", false
		}
		switch e := r.b[r.i+1]; e {
		case '"', '\\', '/':
			out.WriteByte(e)
		case 'b':
			out.WriteByte('\b')
		case 'f':
			out.WriteByte('\f')
		case 'n':
			out.WriteByte('\n')
		case 'r':
			out.WriteByte('\r')
		case 't':
			out.WriteByte('\t')
		default:
			return "", false // \u (json.Unmarshal decodes it) or not JSON
		}
		r.i += 2
	}
	return "", false
}

// rawEnd is where the string that has b[i] in it ends: the offset of its closing quote (an escaped
// one skipped), or len(b).
func rawEnd(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case '"':
			return i
		case '\\':
			i++
		}
		i++
	}
	return len(b)
}

// digits reads an integer as JSON writes it (an optional minus, no leading zero) with no fraction
// or exponent after it, and returns its text.
func (r *jsonReader) digits() ([]byte, bool) {
	r.space()
	start := r.i
	if r.i < len(r.b) && r.b[r.i] == '-' {
		r.i++
	}
	first := r.i
	for r.i < len(r.b) && r.b[r.i] >= '0' && r.b[r.i] <= '9' {
		r.i++
	}
	if r.i == first || r.b[first] == '0' && r.i-first > 1 {
		return nil, false
	}
	if r.i < len(r.b) {
		switch r.b[r.i] {
		case '.', 'e', 'E':
			return nil, false
		}
	}
	return r.b[start:r.i], true
}

// int reads an integer that fits in bits.
func (r *jsonReader) int(bits int) (int64, bool) {
	d, ok := r.digits()
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(string(d), 10, bits)
	return n, err == nil
}

// uint reads a non-negative integer that fits in 64 bits.
func (r *jsonReader) uint() (uint64, bool) {
	d, ok := r.digits()
	if !ok || d[0] == '-' {
		return 0, false
	}
	n, err := strconv.ParseUint(string(d), 10, 64)
	return n, err == nil
}

// bool reads true or false.
func (r *jsonReader) bool() (bool, bool) {
	r.space()
	for _, w := range [...]string{"false", "true"} {
		if len(r.b)-r.i >= len(w) && string(r.b[r.i:r.i+len(w)]) == w {
			r.i += len(w)
			return w == "true", true
		}
	}
	return false, false
}

// stringMap reads an object of strings into a new map (empty, not nil, for {}), a later key
// replacing an earlier one as in json.Unmarshal.
func (r *jsonReader) stringMap() (map[string]string, bool) {
	if !r.byte('{') {
		return nil, false
	}
	m := map[string]string{}
	if r.byte('}') {
		return m, true
	}
	for {
		k, ok := r.string()
		if !ok || !r.byte(':') {
			return nil, false
		}
		v, ok := r.string()
		if !ok {
			return nil, false
		}
		m[k] = v
		if r.byte('}') {
			return m, true
		}
		if !r.byte(',') {
			return nil, false
		}
	}
}

// stringList reads an array of strings (empty, not nil, for []).
func (r *jsonReader) stringList() ([]string, bool) {
	if !r.byte('[') {
		return nil, false
	}
	l := []string{}
	if r.byte(']') {
		return l, true
	}
	for {
		s, ok := r.string()
		if !ok {
			return nil, false
		}
		l = append(l, s)
		if r.byte(']') {
			return l, true
		}
		if !r.byte(',') {
			return nil, false
		}
	}
}
