// Package dialect tells which assembler dialect a source is written in: GNU avr-as (package asm) or
// Atmel AVRASM2 (package asm/atmel), from its "; avrlab dialect:" line or its file extension. It imports
// only the standard library, so the page's highlighter can tell the dialect without linking an
// assembler.
package dialect

import (
	"bytes"
	"path"
	"strings"
)

// Dialect is an assembler dialect avrlab reads.
type Dialect uint8

// The dialects.
const (
	GNU   Dialect = iota // GNU avr-as as avr-gcc runs it on .S files (package asm)
	Atmel                // Atmel AVRASM2 (package asm/atmel)
)

// String returns "gnu" or "atmel", the names of the -dialect flag and of the marker line.
func (d Dialect) String() string {
	if d == Atmel {
		return "atmel"
	}
	return "gnu"
}

// ParseDialect reads a dialect name as the -dialect flag and the marker line spell it: "gnu" or
// "atmel" (any case; "avrasm2" is also Atmel).
func ParseDialect(s string) (Dialect, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "gnu":
		return GNU, true
	case "atmel", "avrasm2":
		return Atmel, true
	}
	return GNU, false
}

// markerPrefix starts the line that names a file's dialect: "; avrlab dialect: atmel".
const markerPrefix = "avrlab dialect:"

// Marker returns the dialect a "; avrlab dialect: NAME" line in src names (a comment line of its own,
// ';' or '//' for either dialect, spaces free, any case), or ok false when there is none. The first
// such line counts.
func Marker(src []byte) (d Dialect, ok bool) {
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		if !mayMark(line) {
			continue // no string of every line: the engine asks this of every file of every request
		}
		s := strings.TrimSpace(string(line))
		switch {
		case strings.HasPrefix(s, ";"):
			s = s[1:]
		case strings.HasPrefix(s, "//"):
			s = s[2:]
		default:
			continue
		}
		s = strings.TrimSpace(s)
		if len(s) < len(markerPrefix) || !strings.EqualFold(s[:len(markerPrefix)], markerPrefix) {
			continue
		}
		if d, ok := ParseDialect(s[len(markerPrefix):]); ok {
			return d, true
		}
	}
	return GNU, false
}

// mayMark says whether line may be a marker line: after blanks, ";" or "//", blanks again and
// "avrlab dialect:" in some case of its ASCII letters (c|0x20 passes those and a few control bytes). A
// byte past ASCII where a blank may be passes too: strings.TrimSpace trims Unicode's spaces as well.
// No other character folds to the prefix's letters (strings.EqualFold folds only the Kelvin sign to
// k and the long s to s), so Marker's test of the prefix can match no other line.
func mayMark(line []byte) bool {
	i := blanks(line, 0)
	switch {
	case i < len(line) && line[i] == ';':
		i++
	case i+1 < len(line) && line[i] == '/' && line[i+1] == '/':
		i += 2
	default:
		return i < len(line) && line[i] >= 0x80
	}
	i = blanks(line, i)
	if i < len(line) && line[i] >= 0x80 {
		return true
	}
	if len(line)-i < len(markerPrefix) {
		return false
	}
	for k := 0; k < len(markerPrefix); k++ {
		if line[i+k]|0x20 != markerPrefix[k] {
			return false
		}
	}
	return true
}

// blanks returns the offset of the first byte of line from i on that is not an ASCII blank.
func blanks(line []byte, i int) int {
	for i < len(line) && (line[i] == ' ' || line[i] >= '\t' && line[i] <= '\r') {
		i++
	}
	return i
}

// Detect returns the dialect of a source file: the one its marker line names, else the one its
// extension implies (.asm and .inc are Atmel, everything else, .S and .s included, GNU). A -dialect
// flag, when given, overrides both.
func Detect(name string, src []byte) Dialect {
	if d, ok := Marker(src); ok {
		return d
	}
	return FromExtension(name)
}

// FromExtension returns the dialect a file name implies: Atmel for .asm and .inc (any case), GNU
// otherwise.
func FromExtension(name string) Dialect {
	switch strings.ToLower(path.Ext(name)) {
	case ".asm", ".inc":
		return Atmel
	}
	return GNU
}
