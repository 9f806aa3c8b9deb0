package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// textSafe makes s safe to print on a terminal as part of one line: a newline becomes \n, other C0
// and C1 control characters, DEL and bytes that are not UTF-8 become \xNN, and the Unicode controls
// that reorder or break a line on display (bidirectional overrides and isolates, line and paragraph
// separators) become \uNNNN. Everything else is printed as it is.
func textSafe(s string) string { return escapeText(s, false) }

// escapeText is textSafe; with lines, newlines and tabs are kept (for whole reports and listings).
func escapeText(s string, lines bool) string {
	keep := func(r rune) bool { return lines && (r == '\n' || r == '\t') }
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || unsafeRune(r) && !keep(r) {
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
		case keep(r):
			b.WriteRune(r)
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

// termWriter is a terminal's stdout or stderr for the commands that print what a source holds (asm,
// disasm, run, bench, tasks): every write goes through textSafe's escaping with newlines and tabs
// kept, so an ESC, OSC or BEL in a source, a symbol name, a .error message or a file name cannot
// clear the screen, retitle the window or forge lines. A UTF-8 sequence cut between two writes is
// held until the next; Flush writes what is held (escaped, when the sequence never completed).
type termWriter struct {
	w    io.Writer
	held []byte
}

// Write implements io.Writer.
func (t *termWriter) Write(p []byte) (int, error) {
	data := append(t.held, p...)
	t.held = nil
	// Hold an incomplete UTF-8 sequence at the end (at most 3 bytes).
	for k := 1; k <= 3 && k <= len(data); k++ {
		if i := len(data) - k; utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				t.held = append([]byte(nil), data[i:]...)
				data = data[:i]
			}
			break
		}
	}
	if _, err := io.WriteString(t.w, escapeText(string(data), true)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes the bytes held back, escaped.
func (t *termWriter) Flush() {
	if len(t.held) > 0 {
		io.WriteString(t.w, escapeText(string(t.held), true))
		t.held = nil
	}
}

// rawWriter is the writer under w when w is a termWriter: for output that is escaped by its own
// rules (JSON) or that writes terminal controls on purpose (the progress line).
func rawWriter(w io.Writer) io.Writer {
	if t, ok := w.(*termWriter); ok {
		t.Flush()
		return t.w
	}
	return w
}

// writeJSON writes v as one line of JSON to w, safe for a terminal: encoding/json escapes C0
// controls, and the runes textSafe escapes that it leaves as they are (DEL, C1 controls such as CSI,
// bidirectional overrides) are written as \uNNNN escapes, which decode to the same string.
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if unsafeRune(r) {
			fmt.Fprintf(&out, `\u%04x`, r)
		} else {
			out.Write(b[i : i+n])
		}
		i += n
	}
	out.WriteByte('\n')
	_, err = rawWriter(w).Write(out.Bytes())
	return err
}

// escapeInvalidUTF8 writes each byte of s that is not UTF-8 as \xNN (as textSafe does), leaving the
// rest as it is: a problem naming a file whose name is not UTF-8 keeps the name through JSON, which
// would turn those bytes into U+FFFD.
func escapeInvalidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			fmt.Fprintf(&b, `\x%02x`, s[i])
		} else {
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
