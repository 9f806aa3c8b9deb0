// Package benchprog holds the load/store benchmark as AVR source, shared by the tests that run it
// in the browser (the root package's bench.html tests) and in the translator's (emu/translate).
package benchprog

import (
	"strconv"
	"strings"
)

// mixTemplate is the load/store ARX mix over SRAM of emu's BenchmarkLoadStore and BenchmarkQemu
// (memProgram's pass: four ld X+, a 32-bit add, a rotate left by one, a 32-bit xor, four st Y+,
// subi/sbci, dec/brne; sbiw/brne around it) as an ATmega128 program, 2000 × PASSES outer passes,
// then BREAK. Its code is 140 bytes.
const mixTemplate = `
	ldi r16, 0xff
	out 0x3d, r16
	ldi r16, 0x10
	out 0x3e, r16
	clr r16
	.irp i, 0,1,2,3,4,5,6,7,8,9,10,11
	ldi r17, (0x35*\i+7)&0xff
	mov r\i, r17
	.endr
	ldi r24, lo8(2000)
	ldi r25, hi8(2000)
	ldi r23, PASSES
outer:
	ldi r26, 0x00        ; X = 0x0100, Y = 0x0200
	ldi r27, 0x01
	ldi r28, 0x00
	ldi r29, 0x02
	ldi r20, 16
inner:
	ld r0, X+
	ld r1, X+
	ld r2, X+
	ld r3, X+
	add r4, r0
	adc r5, r1
	adc r6, r2
	adc r7, r3
	lsl r4
	rol r5
	rol r6
	rol r7
	adc r4, r16
	eor r8, r4
	eor r9, r5
	eor r10, r6
	eor r11, r7
	st Y+, r8
	st Y+, r9
	st Y+, r10
	st Y+, r11
	subi r18, 1
	sbci r19, 0
	dec r20
	brne inner
	sbiw r24, 1
	brne outer
	ldi r24, lo8(2000)
	ldi r25, hi8(2000)
	dec r23
	brne outer
	break
`

// Mix returns the mix's source with passes (1..255) times 2000 outer passes: 148 is the issue's
// benchmark (163.4M cycles, as BenchmarkQemu's ATmega2560 build has it).
func Mix(passes int) string {
	if passes < 1 || passes > 255 {
		panic("benchprog.Mix: passes must be 1..255")
	}
	return strings.Replace(mixTemplate, "PASSES", strconv.Itoa(passes), 1)
}
