package atmel

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
	Atmel                // Atmel AVRASM2 (this package)
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

// atmelOnly are the AVRASM2 directives GNU as does not have (lower case, with the dot).
var atmelOnly = map[string]bool{
	".def": true, ".undef": true, ".cseg": true, ".dseg": true, ".eseg": true, ".db": true, ".dw": true,
	".dd": true, ".dq": true, ".device": true, ".exit": true, ".endmacro": true, ".listmac": true,
	".message": true, ".csegsize": true, ".overlap": true, ".nooverlap": true, ".elif": true,
}

// gnuOnly are the GNU as directives AVRASM2 does not have.
var gnuOnly = map[string]bool{
	".section": true, ".text": true, ".data": true, ".bss": true, ".global": true, ".globl": true,
	".word": true, ".hword": true, ".short": true, ".2byte": true, ".long": true, ".int": true, ".4byte": true,
	".quad": true, ".8byte": true, ".ascii": true, ".asciz": true, ".string": true, ".space": true, ".skip": true,
	".zero": true, ".fill": true, ".align": true, ".p2align": true, ".balign": true, ".type": true, ".size": true,
	".func": true, ".endfunc": true, ".rept": true, ".irp": true, ".irpc": true, ".endr": true, ".weak": true,
	".local": true, ".extern": true, ".lcomm": true, ".comm": true, ".pushsection": true, ".popsection": true,
	".previous": true, ".equiv": true, ".elseif": true, ".err": true, ".print": true, ".file": true,
	".ident": true, ".purgem": true, ".exitm": true, ".ifeq": true, ".ifne": true, ".ifgt": true, ".ifge": true,
	".iflt": true, ".ifle": true, ".ifb": true, ".ifnb": true, ".ifc": true, ".ifnc": true, ".ifeqs": true,
	".ifnes": true, ".ifnotdef": true, ".end": true, ".psize": true, ".title": true, ".sbttl": true, ".eject": true,
}

// gnuFunctions are avr-as's relocation modifiers, which AVRASM2 writes LOW() HIGH() and so on.
var gnuFunctions = map[string]bool{
	"lo8": true, "hi8": true, "hh8": true, "hlo8": true, "hhi8": true, "pm": true, "pm_lo8": true,
	"pm_hi8": true, "pm_hh8": true, "gs": true,
}

// atmelFunctions are AVRASM2's functions, which avr-as writes lo8() hi8() and so on.
var atmelFunctions = map[string]bool{
	"low": true, "high": true, "byte2": true, "byte3": true, "byte4": true, "lwrd": true, "hwrd": true,
	"page": true, "exp2": true, "log2": true, "int": true, "frac": true, "q7": true, "q15": true, "abs": true,
	"defined": true, "strlen": true,
}

// IsAtmelDirective reports whether name (with its dot, any case) is an AVRASM2 directive GNU as does
// not have, such as .def, .cseg or .db.
func IsAtmelDirective(name string) bool { return atmelOnly[strings.ToLower(name)] }

// IsGNUDirective reports whether name (with its dot, any case) is a GNU as directive AVRASM2 does not
// have, such as .section, .byte's GNU siblings .word and .ascii, or .rept.
func IsGNUDirective(name string) bool { return gnuOnly[strings.ToLower(name)] }

// IsAtmelFunction reports whether name (any case) is an AVRASM2 function that GNU as does not have,
// such as LOW or BYTE3.
func IsAtmelFunction(name string) bool { return atmelFunctions[strings.ToLower(name)] }

// IsGNUFunction reports whether name is an avr-as modifier (lo8, pm, gs …) that AVRASM2 does not have.
func IsGNUFunction(name string) bool { return gnuFunctions[strings.ToLower(name)] }

// hintSuffix is what each dialect's message asks the user to do to switch to it.
func hintSuffix(d Dialect) string {
	if d == Atmel {
		return `: name the file .asm or add "; avrlab dialect: atmel"`
	}
	return `: name the file .S or add "; avrlab dialect: gnu"`
}

// AtmelHint is the message for a line of a GNU source that is AVRASM2 syntax: what is an AVRASM2
// directive, function or notation, quoted as the user wrote it, for example
//
//	".def" is an AVRASM2 directive: name the file .asm or add "; avrlab dialect: atmel"
func AtmelHint(what, kind string) string {
	return `"` + what + `" is an AVRASM2 ` + kind + hintSuffix(Atmel)
}

// GNUHint is the message for a line of an AVRASM2 source that is GNU as syntax, for example
//
//	".section" is a GNU as directive: name the file .S or add "; avrlab dialect: gnu"
func GNUHint(what, kind string) string {
	return `"` + what + `" is a GNU as ` + kind + hintSuffix(GNU)
}
