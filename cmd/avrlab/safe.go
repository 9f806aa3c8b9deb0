package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// textSafe makes s safe to print on a terminal as part of one line: a newline becomes \n, other C0
// and C1 control characters, DEL and bytes that are not UTF-8 become \xNN, and the Unicode controls
// that reorder or break a line on display (bidirectional overrides and isolates, line and paragraph
// separators) become \uNNNN. Everything else is printed as it is.
func textSafe(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unsafeRune reports the runes textSafe escapes.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true // bidirectional marks, embeddings, overrides and isolates
	case r == 0x2028, r == 0x2029:
		return true // line and paragraph separators
	}
	return false
}

// csvSafe keeps a spreadsheet from reading a CSV cell as a formula: a cell that begins with =, +, -,
// @, tab or carriage return gets a leading apostrophe (the OWASP advice for CSV injection).
func csvSafe(s string) string {
	if s != "" && strings.IndexByte("=+-@\t\r", s[0]) >= 0 {
		return "'" + s
	}
	return s
}

// cutRunes shortens s to n runes, marking a cut with "…".
func cutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	k := 0
	for i := range s {
		if k == n {
			return s[:i] + "…"
		}
		k++
	}
	return s
}
