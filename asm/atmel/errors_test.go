package atmel_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/obj"
)

// badInputs are sources with one error each: the message and where it points (line:column).
var badInputs = []struct {
	src, want string
}{
	// Lines of the other dialect say so.
	{".section .text\n", `1:1: ".section" is a GNU as directive: name the file .S or add "; avrlab dialect: gnu"`},
	{"ldi r16, lo8(x)\n", `1:10: "lo8" is a GNU as function: name the file .S or add "; avrlab dialect: gnu"`},
	{"nop\n1: nop\n", `2:1: "1:" is a GNU as numeric local label: name the file .S or add "; avrlab dialect: gnu"`},
	{"x = 5\n", `1:1: "x =" is a GNU as assignment: name the file .S or add "; avrlab dialect: gnu" (AVRASM2 writes .equ x = ...)`},
	{".equ X, 16\n", `1:7: expected "=" after .equ X, found "," (AVRASM2 writes .equ X = value)`},
	{".define N 1\n", `1:1: .define is avra's, not AVRASM2's: write .equ NAME = value, or #define NAME value`},
	// Operands.
	{"ldi r5, 1\n", "1:5: expected register r16..r31, found r5"},
	{"ldi tmp, 1\n", "1:5: expected register r16..r31, found tmp (not a register name: .def gives registers names)"},
	{".device ATtiny45\nldi ZL, 1\n", `2:5: expected register r16..r31, found ZL (XL..ZH are named by the device definition file: .include "tn45def.inc")`},
	{"ldi r17:r16, 1\n", "1:5: expected register r16..r31, found r17:r16 (a register pair goes only in movw, adiw and sbiw)"},
	{"movw r24:r25, r0\n", "1:6: r24:r25 is not a register pair: write rN+1:rN with an even N (r25:r24)"},
	{"ld r0, X+5\n", "1:8: X has no displacement form: use Y+q or Z+q"},
	{"ld r0, Y+5\n", "1:8: expected X, X+, -X, Y, Y+, -Y, Z, Z+ or -Z, found Y+5 (a displacement needs ldd)"},
	{"lds r0, 0x10000\n", "1:9: expected data address 0..0xffff, found 0x10000"},
	{"ldi r16, 300\n", "1:10: expected constant 0..255 (or -255..-1), found 300"},
	{"rjmp nowhere\n", `1:6: undefined symbol "nowhere"`},
	{"brne far\n.org 0x100\nfar: nop\n", "1:6: branch target out of reach: +255 words (brne reaches -64..+63 words)"},
	{"ldi r16, 1/0\n", "1:11: division by zero"},
	{"ldi r16, r17\n", "1:10: expected constant 0..255, found r17"},
	{"ldi r16, r17+1\n", "1:10: register r17 cannot be used in an expression"},
	{".def t = r20\nldi r16, t+1\n", "2:10: t is a register (.def t = r20), not a value"},
	{"mul r0\n", "1:1: mul takes 2 operands, found 1"},
	{"lsl\n", "1:1: lsl takes 1 operand, found 0"},
	{"lbl nop\n", `1:1: unknown instruction or macro "lbl"; did you mean "lsl"?`},
	{"done\n", `1:1: unknown instruction or macro "done" (a label needs a colon: done:)`},
	// Numbers and strings.
	{"ldi r16, 09\n", "1:10: malformed octal number 09"},
	{"ldi r16, 1.5\n", "1:10: floating point constant 1.5: avrlab reads integers only"},
	{"ldi r16, int(1)\n", "1:10: INT() works on floating point values, which avrlab does not read"},
	{"ldi r16, '\\q'\n", `1:10: unknown escape \q in a character constant`},
	{".db \"ab\n", "1:5: unterminated string"},
	{".dw \"ab\"\n", "1:5: a string goes in .db, not in .dw"},
	{".db 256\n", "1:5: value 256 does not fit in .db (-128..255)"},
	{".eseg\n.db 1, -129\n", "2:8: value -129 does not fit in .db (-128..255)"},
	{".eseg\n.dw 70000\n", "2:5: value 70000 does not fit in 16 bits (-32768..65535)"},
	{".eseg\n.db nowhere\n", `2:5: undefined symbol "nowhere"`},
	{".device ATtiny45\n.eseg\n.org 250\n.db 1, 2, 3, 4, 5, 6, 7\n", "4:1: the EEPROM segment grows to 257 bytes, beyond the 256 bytes of EEPROM of attiny45"},
	// Symbols.
	{"x: nop\nx: nop\n", `2:1: symbol "x" already defined at f.asm:1:1`},
	{".equ A = 1\n.equ a = 2\n", `2:6: symbol "a" already defined at f.asm:1:6`},
	{".set A = 1\n.equ A = 2\n", "2:6: A was assigned with .set at f.asm:1:6: assign it with .set again, not .equ"},
	{".equ PC = 1\n", "1:6: PC is the location counter and cannot be assigned"},
	{".undef t\n", "1:8: no register name t to undefine (.undef undoes a .def)"},
	{".def r3 = r4\n", "1:6: r3 is a register already and cannot be renamed"},
	{".if X\n.endif\n", `1:5: undefined symbol "X" (it must be defined before this line)`},
	// Segments and directives.
	{".byte 1\n", "1:1: .byte reserves SRAM and goes in the data segment (.dseg); constant bytes are .db"},
	{".dseg\n.db 1\n", "2:1: .db puts constants in flash or EEPROM; the data segment only reserves SRAM (.byte)"},
	{".dseg\nnop\n", "2:1: instructions go in the code segment (.cseg), not in .dseg"},
	{".dseg\n.org 0x20\n", "2:6: .org 0x20 is outside the SRAM of atmega128 (0x100..0x10ff)"},
	{".org 0x7fffffff\n", "1:6: .org 0x7fffffff is outside the 65536 words of flash of atmega128"},
	{"nop\nnop\n.org 1\n", "3:1: .org 0x1 (a word address) goes back over the code segment, which is at 0x2 already (avrlab does not overlap code)"},
	{".dseg\n.byte 100000\n", "2:1: the data segment grows to 100000 bytes, beyond the 4096 bytes of SRAM of atmega128"},
	{".if 1\nnop\n", "1:1: .if has no .endif"},
	{".endif\n", "1:1: .endif without .if"},
	{".if 1\n.else\n.else\n.endif\n", "3:1: second .else of one .if (the first is at f.asm:2:1)"},
	{".if 0\n.else\n.elif 1\n.endif\n", "3:1: .elif after .else (the .else is at f.asm:2:1)"},
	{".cseg 1\n", `1:7: .cseg takes no operands, found "1"`},
	{".foo\n", `1:1: unknown directive ".foo"; did you mean ".def"?`},
	{".error \"stop here\"\n", "1:1: .error: stop here"},
	{"nop\n.include \"nofile.inc\"\n", `2:2: .include "nofile.inc": file not found`},
	{"lbl: .include \"m128def.inc\"\n", "1:6: .include must be alone on its line (no label before it)"},
	// Devices.
	{".device ATmega16\n", "1:9: avrlab does not model ATmega16; modelled parts: ATmega128, ATmega2560, ATmega328P, ATmega4809, ATtiny45, ATtiny85, ATxmega128A1"},
	{".device ATtiny85\nmul r0, r1\n", "2:1: mul is not available on attiny85 (AVRe core)"},
	{"nop\n.device attiny85\n", "2:9: .device attiny85 comes after code assembled for the ATmega128: put it (or the .include of its definition file) first"},
	// Macros.
	{".macro m\nm\n.endm\nm\n", `2:1: nesting too deep (more than 100 levels of macro calls) (in macro "m" called at 2:1)`},
	{".macro m\nldi @0, 1\n.endm\nm r5\n", `4:3: expected register r16..r31, found r5 (in macro "m" called at 4:1)`},
	{".macro m\nnop\n", "1:1: .macro m has no .endm or .endmacro"},
	{".macro ldi\n.endm\n", `1:8: macro name "ldi" is an instruction`},
	{".macro m a, b\n.endm\n", `1:10: AVRASM2 macros take no parameter list (the body reads them as @0 to @9), found "a"`},
	{".endm\n", "1:1: .endm without .macro"},
	{"ldi r16, @0\n", "1:10: macro parameter @0 outside a macro"},
	{".macro m\n.endm\nm 1,2,3,4,5,6,7,8,9,10,11\n", `3:1: macro "m" called with 11 arguments; AVRASM2 macros take at most 10 (@0 to @9)`},
	{".exit 1\n", `1:7: .exit takes no operands, found "1"`},
}

func TestErrors(t *testing.T) {
	for _, c := range badInputs {
		r := assemble(t, "f.asm", c.src, nil, "")
		var list obj.ErrorList
		if !errors.As(r.err, &list) || len(list) == 0 {
			t.Errorf("%q: no error, want %s", c.src, c.want)
			continue
		}
		e := list[0]
		got := fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Column, e.Msg)
		if got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
		if e.Pos.Filename != "f.asm" {
			t.Errorf("%q: error in file %q", c.src, e.Pos.Filename)
		}
	}
}

// TestWarnings checks the diagnostics that do not stop the image: .warning, .message, #warning, the
// padded .db.
func TestWarnings(t *testing.T) {
	src := ".warning \"careful\"\n.message \"hello\"\n#warning \"from cpp\"\n.db 1\n#message \"hash\"\n"
	r := assemble(t, "f.asm", src, nil, "")
	if r.err != nil {
		t.Fatal(r.err)
	}
	var got []string
	for _, w := range r.im.Warnings {
		got = append(got, w.Error())
	}
	want := []string{"f.asm:1:1: warning: careful", "f.asm:2:1: info: hello", "f.asm:3:2: warning: from cpp",
		"f.asm:4:1: warning: .db with an odd number of bytes in the code segment: a zero byte is added",
		"f.asm:5:1: info: hash"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestIncludedErrorsInOrder checks that the errors of an included file come where it is included,
// among the includer's own.
func TestIncludedErrorsInOrder(t *testing.T) {
	src := "first\n.include \"bad.inc\"\nlast\n"
	r := assemble(t, "main.asm", src, map[string]string{"bad.inc": "nop\ninside\n"}, "")
	var list obj.ErrorList
	if !errors.As(r.err, &list) {
		t.Fatalf("no error list: %v", r.err)
	}
	var got []string
	for _, e := range list {
		got = append(got, fmt.Sprintf("%s:%d", e.Pos.Filename, e.Pos.Line))
	}
	if want := "main.asm:1 bad.inc:2 main.asm:3"; strings.Join(got, " ") != want {
		t.Errorf("errors in the order %s, want %s", strings.Join(got, " "), want)
	}
}
