package atmel

import (
	"strings"

	"github.com/avrlab/avrlab/asm/dialect"
)

// Dialect is an assembler dialect avrlab reads (package asm/dialect tells them apart).
type Dialect = dialect.Dialect

// The dialects.
const (
	GNU   = dialect.GNU   // GNU avr-as as avr-gcc runs it on .S files (package asm)
	Atmel = dialect.Atmel // Atmel AVRASM2 (this package)
)

// ParseDialect reads a dialect name: see dialect.ParseDialect.
func ParseDialect(s string) (Dialect, bool) { return dialect.ParseDialect(s) }

// Marker returns the dialect a "; avrlab dialect: NAME" line names: see dialect.Marker.
func Marker(src []byte) (Dialect, bool) { return dialect.Marker(src) }

// Detect returns the dialect of a source file: see dialect.Detect.
func Detect(name string, src []byte) Dialect { return dialect.Detect(name, src) }

// FromExtension returns the dialect a file name implies: see dialect.FromExtension.
func FromExtension(name string) Dialect { return dialect.FromExtension(name) }

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
