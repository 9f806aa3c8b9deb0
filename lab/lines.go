package lab

import "bytes"

// The "; avrlab KEY: VALUE" lines of a source and the syntax of a call spec are read by hand rather than
// with regular expressions: they are read on every bench, and the regexp package's compiler and
// matchers are a good part of what the page's engine would otherwise compile (the browser compiles each
// function on its first call) before its first result. They accept exactly what these expressions do
// (FuzzSourceLines holds them to it):
//
//	task:    (?:;|//|#)\s*avrlab\s+task:\s*([A-Za-z0-9_-]+)
//	rk:      (?:;|//|#)\s*avrlab\s+rk:\s*([A-Za-z_.$][A-Za-z0-9_.$]*)
//	device:  (?:;|//|#)\s*avrlab\s+device:\s*([A-Za-z0-9_]+)
//	call:    (?:;|//|#)\s*avrlab\s+call:\s*(.+?)\s*(?:\*/)?$
//	a call:  ^\s*([A-Za-z_.$][A-Za-z0-9_.$]*|0[xX][0-9a-fA-F]+|[0-9]+)\s*\(([^()]*)\)\s*;?\s*$
//
// where \s is one of "\t\n\f\r ".

// isSpaceRE reports whether b is in the regexp package's \s.
func isSpaceRE(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r' }

func skipSpace(s []byte) []byte {
	for len(s) > 0 && isSpaceRE(s[0]) {
		s = s[1:]
	}
	return s
}

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// Value classes of the lines.
func isTaskChar(b byte) bool   { return isAlnum(b) || b == '_' || b == '-' }
func isDeviceChar(b byte) bool { return isAlnum(b) || b == '_' }
func isSymStart(b byte) bool {
	return isAlnum(b) && !(b >= '0' && b <= '9') || b == '_' || b == '.' || b == '$'
}
func isSymChar(b byte) bool { return isAlnum(b) || b == '_' || b == '.' || b == '$' }

// The values a line can hold, for lineValue.
const (
	taskValue = iota
	rkValue
	deviceValue
	callValue
)

// lineValue returns the value of the leftmost "; avrlab KEY:" of line whose text after the colon
// holds a value of its kind.
func lineValue(line []byte, key string, kind int) ([]byte, bool) {
	for i := range line {
		var rest []byte
		switch {
		case line[i] == ';' || line[i] == '#':
			rest = line[i+1:]
		case line[i] == '/' && i+1 < len(line) && line[i+1] == '/':
			rest = line[i+2:]
		default:
			continue
		}
		rest = skipSpace(rest)
		if !bytes.HasPrefix(rest, []byte("avrlab")) {
			continue
		}
		rest = rest[len("avrlab"):]
		if len(rest) == 0 || !isSpaceRE(rest[0]) {
			continue
		}
		rest = skipSpace(rest)
		if !bytes.HasPrefix(rest, []byte(key)) || len(rest) == len(key) || rest[len(key)] != ':' {
			continue
		}
		rest = rest[len(key)+1:]
		if start, n := valueAt(rest, kind); n >= 0 {
			return rest[start : start+n], true
		}
	}
	return nil, false
}

// valueAt returns where the value of the kind starts in s (the text after a key's colon) and its
// length, or -1 for none.
func valueAt(s []byte, kind int) (start, n int) {
	switch kind {
	case taskValue:
		return wordAt(s, isTaskChar, isTaskChar)
	case rkValue:
		return wordAt(s, isSymStart, isSymChar)
	case deviceValue:
		return wordAt(s, isDeviceChar, isDeviceChar)
	}
	return callAt(s)
}

// wordAt is valueAt for a word: blanks, then a first character of first and more of rest.
func wordAt(s []byte, first, rest func(byte) bool) (int, int) {
	start := len(s) - len(skipSpace(s))
	if start == len(s) || !first(s[start]) {
		return 0, -1
	}
	n := 1
	for start+n < len(s) && rest(s[start+n]) {
		n++
	}
	return start, n
}

// callAt is valueAt for the call line: \s*(.+?)\s*(?:\*/)?$ on the text after the colon.
func callAt(s []byte) (int, int) {
	start := len(s) - len(skipSpace(s))
	t := s[start:]
	if len(t) == 0 {
		// \s* gives back blanks to .+?, which takes the last one that is not a newline (. does not
		// match \n); none: no match here.
		for i := start - 1; i >= 0; i-- {
			if s[i] != '\n' {
				return i, 1
			}
		}
		return 0, -1
	}
	// The shortest m ≥ 1 such that t[m:] is blanks, or blanks and "*/".
	end := len(t) // after the last non-blank
	for end > 0 && isSpaceRE(t[end-1]) {
		end--
	}
	m := max(1, end)
	if bytes.HasSuffix(t, []byte("*/")) {
		q := len(t) - 2
		for q > 0 && isSpaceRE(t[q-1]) {
			q--
		}
		if q = max(1, q); q <= len(t)-2 {
			m = min(m, q)
		}
	}
	if bytes.IndexByte(t[:m], '\n') >= 0 {
		return 0, -1 // .+? cannot cross a newline
	}
	return start, m
}

// splitCallSyntax reads a call spec's NAME and the text between its parentheses, as the call
// expression above.
func splitCallSyntax(s string) (name, args string, ok bool) {
	b := skipSpace([]byte(s))
	n := 0
	switch {
	case len(b) > 0 && isSymStart(b[0]):
		for n = 1; n < len(b) && isSymChar(b[n]); n++ {
		}
	case len(b) > 2 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X') && isHexDigit(b[2]):
		for n = 3; n < len(b) && isHexDigit(b[n]); n++ {
		}
	case len(b) > 0 && b[0] >= '0' && b[0] <= '9':
		for n = 1; n < len(b) && b[n] >= '0' && b[n] <= '9'; n++ {
		}
	default:
		return "", "", false
	}
	name, rest := string(b[:n]), skipSpace(b[n:])
	if len(rest) == 0 || rest[0] != '(' {
		return "", "", false
	}
	rest = rest[1:]
	a := 0
	for a < len(rest) && rest[a] != '(' && rest[a] != ')' {
		a++
	}
	if a == len(rest) || rest[a] != ')' {
		return "", "", false
	}
	args, rest = string(rest[:a]), skipSpace(rest[a+1:])
	if len(rest) > 0 && rest[0] == ';' {
		rest = skipSpace(rest[1:])
	}
	if len(rest) != 0 {
		return "", "", false
	}
	return name, args, true
}

func isHexDigit(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}
