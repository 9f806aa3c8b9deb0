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
		// Bytes until the line is a marker: a string of every line allocated a source's size.
		s := bytes.TrimSpace(line)
		switch {
		case bytes.HasPrefix(s, []byte(";")):
			s = s[1:]
		case bytes.HasPrefix(s, []byte("//")):
			s = s[2:]
		default:
			continue
		}
		s = bytes.TrimSpace(s)
		if len(s) < len(markerPrefix) || !bytes.EqualFold(s[:len(markerPrefix)], []byte(markerPrefix)) {
			continue
		}
		if d, ok := ParseDialect(string(s[len(markerPrefix):])); ok {
			return d, true
		}
	}
	return GNU, false
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
