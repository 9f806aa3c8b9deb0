package asm_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
)

// badInputs are programs avrlab must refuse, each with the one diagnostic it must give: position
// (file:line:col) and message. They also seed FuzzAssemble.
var badInputs = []struct {
	src    string
	device string
	want   string
}{
	// Lines of the AVRASM2 dialect say so (AVR Assembler user guide: .def, .cseg, LOW(), HIGH(), $hex, .equ X = v).
	{".def temp = r22", "", `t.S:1:1: ".def" is an AVRASM2 directive: name the file .asm or add "; avrlab dialect: atmel"`},
	{"\t.CSEG", "", `t.S:1:2: ".CSEG" is an AVRASM2 directive: name the file .asm or add "; avrlab dialect: atmel"`},
	{"ldi r16, LOW(x)\nx: nop", "", `t.S:1:10: "LOW" is an AVRASM2 function: name the file .asm or add "; avrlab dialect: atmel"`},
	{"ldi r31, high(tab*2)\ntab: nop", "", `t.S:1:10: "high" is an AVRASM2 function: name the file .asm or add "; avrlab dialect: atmel"`},
	{"ldi r16, $1F", "", `t.S:1:10: "$1F" is an AVRASM2 hex number: name the file .asm or add "; avrlab dialect: atmel" (avr-as writes 0x1F)`},
	{"cpi r16, -$10", "", `t.S:1:11: "$10" is an AVRASM2 hex number: name the file .asm or add "; avrlab dialect: atmel" (avr-as writes 0x10)`},
	{"\t.org $100", "", `t.S:1:7: "$100" is an AVRASM2 hex number: name the file .asm or add "; avrlab dialect: atmel" (avr-as writes 0x100)`},
	{".include \"m128def.inc\"", "", `t.S:1:10: "m128def.inc" is an AVRASM2 device definition file: name the file .asm or add "; avrlab dialect: atmel" (GNU sources #include <avr/io.h>)`},
	{".EQU X = 16", "", `t.S:1:1: ".EQU X =" is an AVRASM2 assignment: name the file .asm or add "; avrlab dialect: atmel" (avr-as writes .equ X, value)`},
	{"lid r16, 1", "", `t.S:1:1: unknown instruction "lid"; did you mean "ldi"?`},
	{"\tloop", "", `t.S:1:2: unknown instruction "loop" (a label needs a colon: loop:)`},
	{"ldi r5, 1", "", "t.S:1:5: expected register r16..r31, found r5"},
	{"ldi r16, 256", "", "t.S:1:10: expected constant 0..255 (or -255..-1), found 256"},
	{"ldi r16, -256", "", "t.S:1:10: expected constant 0..255 (or -255..-1), found -256"},
	{"ldi r16, r17", "", "t.S:1:10: expected constant 0..255, found register r17"},
	{"adiw r25, 1", "", "t.S:1:6: expected register r24, r26, r28 or r30, found r25"},
	{"movw r1, r2", "", "t.S:1:6: expected even register r0..r30, found r1"},
	{"mov r32, r0", "", "t.S:1:5: no register r32: registers are r0..r31"},
	{"in r16, 64", "", "t.S:1:9: expected I/O address 0..63, found 64"},
	{"sbi 32, 0", "", "t.S:1:5: expected I/O address 0..31, found 32"},
	{"bst r0, 8", "", "t.S:1:9: expected bit number 0..7, found 8"},
	{"ldd r0, Y+64", "", "t.S:1:9: displacement 64 out of range 0..63"},
	{"ldd r0, Y", "", "t.S:1:9: expected Y+q (q 0..63) or Z+q (q 0..63), found Y"},
	{"ld r0, Y+3", "", "t.S:1:8: expected X, X+, -X, Y, Y+, -Y, Z, Z+ or -Z, found Y+3 (a displacement needs ldd)"},
	{"lpm r0, X", "", "t.S:1:9: expected Z or Z+, found X"},
	{"ldi r16", "", "t.S:1:1: ldi takes 2 operands, found 1"},
	{"lds r16, 0x10000", "", "t.S:1:10: expected data address 0..0xffff, found 0x10000"},
	{"mul r0, r1", "attiny85", "t.S:1:1: mul is not available on attiny85 (AVRe core)"},
	{"spm Z+", "", "t.S:1:1: spm Z+ is not available on atmega128 (AVRe+ core)"},
	{"brne far\n.space 200\nfar: nop", "", "t.S:1:6: branch target out of reach: +100 words (brne reaches -64..+63 words)"},
	{"back: .space 130\n\tbreq back", "", "t.S:2:7: branch target out of reach: -66 words (breq reaches -64..+63 words)"},
	{"rjmp far\n.space 5000\nfar: nop", "", "t.S:1:6: branch target out of reach: +2500 words (rjmp reaches -2048..+2047 words)"},
	{"rjmp 3", "", "t.S:1:6: branch target 0x3 is an odd byte address"},
	{"rjmp nowhere", "", `t.S:1:6: undefined symbol "nowhere"`},
	{"rjmp 1f", "", "t.S:1:6: local label 1f has no 1: definition after it"},
	{"rjmp 1b", "", "t.S:1:6: local label 1b has no earlier 1: definition"},
	{"a: nop\n a: nop", "", `t.S:2:2: symbol "a" already defined at t.S:1:1`},
	// .comm and .weak, refused as avr-as refuses them (or, for a label after .comm, which avr-as ignores, said).
	{".comm x, 2\n.weak x", "", `t.S:2:7: symbol "x" cannot be both weak and common (.comm at t.S:1:7)`},
	{".weak x\n.comm x, 2", "", `t.S:2:7: symbol "x" cannot be both weak and common (it is .weak)`},
	{".section .bss\nx: .skip 1\n.comm x, 2", "", `t.S:3:7: symbol "x" already defined at t.S:2:1`},
	{".lcomm y, 2\n.comm y, 2", "", `t.S:2:7: symbol "y" already defined at t.S:1:8`},
	{".comm x, 2\n.section .bss\nx: .skip 1", "", `t.S:3:1: symbol "x" is declared by .comm at t.S:1:7 (a label cannot define it too)`},
	{".equ x, y\n.byte x", "", `t.S:1:9: undefined symbol "y"`},
	{".set x, x+1\n.byte x", "", `t.S:1:9: symbol "x" is defined in terms of itself`},
	{"ldi r16, pm(x)\nx: nop", "", "t.S:1:10: pm() is a 16-bit word address: use pm_lo8(x) and pm_hi8(x), or lo8(pm(x))"},
	{"ldi r16, LO8(1)", "", `t.S:1:10: unknown function "LO8" (modifiers are lower case: lo8)`},
	{".bss", "", "t.S:1:1: avr-as has no .bss directive: write .section .bss"},
	{".section .bss\n\tldi r16, 1", "", "t.S:2:2: instructions cannot go in .bss (it is cleared, not loaded)"},
	{".byte 256", "", "t.S:1:7: value 256 does not fit in .byte (-128..255)"},
	{".word 70000", "", "t.S:1:7: value 70000 does not fit in 16 bits (-32768..65535)"},
	{".byte 1/0", "", "t.S:1:8: division by zero"},
	{".byte 1 << 64", "", "t.S:1:9: shift count 64 out of range 0..63"},
	{".org 4\nnop\n.org 2", "", "t.S:3:6: .org 0x2 moves backwards (the location is already 0x6)"},
	{"nop\n. = . - 4", "", "t.S:2:7: .org -0x2 moves backwards (the location is already 0x2)"},
	{"tmp: nop\n\tclr tmp", "", `t.S:2:6: constant value required: "tmp" is an address, not a register`},
	{"\tclr tmp\n.equ tmp, 16", "", `t.S:1:6: constant value required: "tmp" is not defined yet (a register symbol must be set before it is used)`},
	{".extern ext\n\tmov ext, r1", "", `t.S:2:6: constant value required: "ext" is not defined yet (a register symbol must be set before it is used)`},
	{"x == 5\nx == 6", "", `t.S:2:1: symbol "x" already defined at t.S:1:1`},
	{".eqv e, 1\n.set e, 2", "", `t.S:2:6: symbol "e" already defined at t.S:1:6 (by .eqv or ==, which cannot be redefined)`},
	{".struct 4\nf: .byte 3", "", "t.S:2:4: cannot store values in the absolute section of .struct (only .space, .skip, .org and .align go there)"},
	{".struct\n\tnop", "", "t.S:2:2: instructions cannot go in the absolute section of .struct"},
	{"ldi r16, xl", "", `t.S:1:10: undefined symbol "xl"`},
	{".if 1\nnop", "", "t.S:1:1: missing .endif for this .if"},
	{".endif", "", "t.S:1:1: .endif without .if"},
	{".macro m\nnop", "", "t.S:1:1: missing .endm for this .macro"},
	{".endm", "", "t.S:1:1: .endm without .macro"},
	{".rept 2\nnop", "", "t.S:1:1: missing .endr for this .rept"},
	{".if x\n.endif\nx = 1", "", `t.S:1:5: .if needs a constant: symbol "x" is not defined yet`},
	{".bytes 1", "", `t.S:1:1: unknown directive ".bytes"; did you mean ".byte"?`},
	{".section .foo", "", `t.S:1:10: unsupported section ".foo" (avrlab places .text, .text.*, .progmem*, .vectors, .lowtext, .jumptables, .init0-9, .fini0-9, .data, .data.*, .rodata, .rodata.*, .bss, .bss.* and .eeprom*)`},
	{`.include "/etc/passwd"`, "", `t.S:1:10: .include "/etc/passwd": path outside the project folder`},
	{`.include "../secret.S"`, "", `t.S:1:10: .include "../secret.S": path outside the project folder`},
	{`.include "inc/missing.inc"`, "", `t.S:1:10: include file "inc/missing.inc" not found`},
	{`.error "custom failure"`, "", "t.S:1:1: custom failure"},
	{".ascii \"abc", "", "t.S:1:8: unterminated string"},
	{"ldi r16, 1 +", "", "t.S:1:13: missing expression"},
	{"ldi r16, (1", "", `t.S:1:12: expected ")", found end of line`},
	{"ldi r16, 1 2", "", `t.S:1:12: unexpected "2" after operand`},
	{"ldi r16, 099", "", `t.S:1:10: malformed number "099"`},
	{".macro m a\n\tldi \\a, 1\n.endm\n\tm r5", "", `t.S:2:6: expected register r16..r31, found r5 (in macro "m" called at 4:2)`},
	{".macro m a:req\n.endm\nm", "", `t.S:3:1: missing value for required parameter "a" of macro "m"`},
	{".macro m a\n.endm\nm 1, 2", "", `t.S:3:6: too many arguments for macro "m" (it takes 1)`},
	{".macro m\nm\n.endm\nm", "", `t.S:2:1: nesting too deep (more than 100 levels of macros, repetitions and includes) (in macro "m" called at 2:1)`},
	{".rept 10000000\n.endr", "", "t.S:1:7: .rept count 10000000 is more than the limit of 1000000 statements"},
	{".rept 1000\n.rept 1000\n.rept 1000\n.set x, 1\n.endr\n.endr\n.endr", "", "t.S:4:1: more than 1000000 statements after macro and .rept expansion"},
	{".space 9000", "attiny85", "t.S:1:1: section .text grows to 9000 bytes, beyond the 8192 bytes of flash of attiny85"},
	{"nop $ lid r1, 2", "", `t.S:1:7: unknown instruction "lid"; did you mean "ldi"?`},
	{"jmp 0x1000000", "", "t.S:1:5: jump target 0x1000000 out of range 0..0x7ffffe"},
	{"movw r25:r24, r22", "", "t.S:1:6: register pairs like r25:r24 are not supported: write the lower register (r24)"},
	{"ldi r16, \\@", "", `t.S:1:10: unexpected backslash (\name and \@ work only in .macro, .irp and .irpc bodies)`},
}

// TestBadInputs checks each bad input's diagnostic, exactly.
func TestBadInputs(t *testing.T) {
	fsys := fstest.MapFS{"t.S": {Data: []byte("nop\n")}}
	for _, c := range badInputs {
		_, err := asm.Assemble("t.S", []byte(c.src), asm.Config{Device: c.device, FS: asm.FromFS(fsys)})
		if err == nil {
			t.Errorf("%q: no error, want %s", c.src, c.want)
			continue
		}
		list := err.(asm.ErrorList)
		if len(list) != 1 || list[0].Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, list, c.want)
		}
	}
	if len(badInputs) < 25 {
		t.Fatalf("only %d bad inputs", len(badInputs))
	}
}

// TestDollarSeparator checks that '$' still separates statements where no operand is due, also before
// a hex digit: nop (0x0000), add r1, r2 (0000 11rd dddd rrrr = 0x0c12), inc r16 (1001 010d dddd 0011 =
// 0x9503), per the AVR Instruction Set Manual.
func TestDollarSeparator(t *testing.T) {
	im, err := asm.Assemble("t.S", []byte("\tnop $add r1, r2 $ inc r16\n"), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []byte{0x00, 0x00, 0x12, 0x0c, 0x03, 0x95}; string(im.Flash) != string(want) {
		t.Errorf("flash % x, want % x", im.Flash, want)
	}
}

// TestAllErrorsOnePerLine checks that one run reports every bad line once, sorted, with column ends.
func TestAllErrorsOnePerLine(t *testing.T) {
	src := "\tldi r5, 300\n\tnop\n\tlid r1\n\tmov r1, r2\n\tbrne nowhere\n"
	_, err := asm.Assemble("t.S", []byte(src), asm.Config{})
	list, ok := err.(asm.ErrorList)
	if !ok {
		t.Fatalf("got %v, want an ErrorList", err)
	}
	want := []string{
		"t.S:1:6: expected register r16..r31, found r5",
		`t.S:3:2: unknown instruction "lid"; did you mean "ldi"?`,
		`t.S:5:7: undefined symbol "nowhere"`,
	}
	if len(list) != len(want) {
		t.Fatalf("got %d errors %v, want %d", len(list), list, len(want))
	}
	for i, e := range list {
		if e.Error() != want[i] {
			t.Errorf("error %d: got %s, want %s", i, e, want[i])
		}
	}
	if list[0].End != 8 || list[2].End != 14 {
		t.Errorf("end columns %d, %d; want 8, 14", list[0].End, list[2].End)
	}
	if got := err.Error(); got != want[0]+" (and 2 more errors)" {
		t.Errorf("Error() = %q", got)
	}
}

// TestMaxErrors checks the error limit: 10 by default, cfg.MaxErrors when set, negative for all.
func TestMaxErrors(t *testing.T) {
	src := strings.Repeat("\tbad\n", 30)
	for _, c := range []struct{ max, want int }{{0, 10}, {3, 3}, {-1, 30}} {
		_, err := asm.Assemble("t.S", []byte(src), asm.Config{MaxErrors: c.max})
		if n := len(err.(asm.ErrorList)); n != c.want {
			t.Errorf("MaxErrors %d: %d errors, want %d", c.max, n, c.want)
		}
	}
}

// TestWarning checks that .warning is reported without failing the assembly.
func TestWarning(t *testing.T) {
	im, err := asm.Assemble("t.S", []byte("\tnop\n\t.warning \"check me\"\n"), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Warnings) != 1 || im.Warnings[0].Error() != "t.S:2:2: warning: check me" {
		t.Errorf("warnings = %v", im.Warnings)
	}
}

// TestUnknownDevice checks the device name check.
func TestUnknownDevice(t *testing.T) {
	_, err := asm.Assemble("t.S", []byte("nop"), asm.Config{Device: "atmega9"})
	if err == nil || !strings.Contains(err.Error(), `unknown device "atmega9" (avrlab knows atmega128, `) {
		t.Errorf("got %v", err)
	}
}
