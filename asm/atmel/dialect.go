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
const atmelOnly = "" +
	" .def .undef .cseg .dseg .eseg .db .dw .dd .dq .device .exit .endmacro .listmac .message " +
	".csegsize .overlap .nooverlap .elif "

// gnuOnly are the GNU as directives AVRASM2 does not have.
const gnuOnly = "" +
	" .section .text .data .bss .global .globl .word .hword .short .2byte .long .int .4byte .quad " +
	".8byte .ascii .asciz .string .space .skip .zero .fill .align .p2align .balign .type .size " +
	".func .endfunc .rept .irp .irpc .endr .weak .local .extern .lcomm .comm .pushsection " +
	".popsection .previous .equiv .elseif .err .print .file .ident .purgem .exitm .ifeq .ifne .ifgt " +
	".ifge .iflt .ifle .ifb .ifnb .ifc .ifnc .ifeqs .ifnes .ifnotdef .end .psize .title .sbttl " +
	".eject "

// gnuFunctions are avr-as's relocation modifiers, which AVRASM2 writes LOW() HIGH() and so on.
const gnuFunctions = "" +
	" lo8 hi8 hh8 hlo8 hhi8 pm pm_lo8 pm_hi8 pm_hh8 gs "

// atmelFunctions are AVRASM2's functions, which avr-as writes lo8() hi8() and so on.
const atmelFunctions = "" +
	" low high byte2 byte3 byte4 lwrd hwrd page exp2 log2 int frac q7 q15 abs defined strlen "

// inSet reports whether name in lower case is a word of set: words between single spaces, a space at
// each end. (Strings, not maps: a map literal is a call an entry in engine.wasm's initialization.)
func inSet(set, name string) bool {
	name = strings.ToLower(name)
	return name != "" && !strings.Contains(name, " ") && strings.Contains(set, " "+name+" ")
}

// IsAtmelDirective reports whether name (with its dot, any case) is an AVRASM2 directive GNU as does
// not have, such as .def, .cseg or .db.
func IsAtmelDirective(name string) bool { return inSet(atmelOnly, name) }

// IsGNUDirective reports whether name (with its dot, any case) is a GNU as directive AVRASM2 does not
// have, such as .section, .byte's GNU siblings .word and .ascii, or .rept.
func IsGNUDirective(name string) bool { return inSet(gnuOnly, name) }

// IsAtmelFunction reports whether name (any case) is an AVRASM2 function that GNU as does not have,
// such as LOW or BYTE3.
func IsAtmelFunction(name string) bool { return inSet(atmelFunctions, name) }

// IsGNUFunction reports whether name is an avr-as modifier (lo8, pm, gs …) that AVRASM2 does not have.
func IsGNUFunction(name string) bool { return inSet(gnuFunctions, name) }

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
