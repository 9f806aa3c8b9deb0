// Package testprog generates AVR programs that several packages' tests measure, so that each test
// runs the same code.
package testprog

import "fmt"

// SchoolbookMul returns the source of a constant-time operand-scanning multiplication of two n-byte
// little-endian numbers, r[0..2n) = a·b, for the task mpmul-(8n): void mpmul(uint8_t *r, const
// uint8_t *a, const uint8_t *b). It takes about 14 cycles a byte product: 6,868 cycles for n = 20 and
// 264,988 for n = 128 in avrlab bench. n is 1..128: the loop counters are one byte, and the 2n bytes
// of r are cleared by a count of lo8(2n), where 0 counts 256.
func SchoolbookMul(n int) string {
	return fmt.Sprintf(`; avrlab task: mpmul-%[1]d
; title: %[1]d-bit schoolbook multiplication (operand scanning)
.text
.global mpmul%[1]d
mpmul%[1]d:
	push r15
	push r16
	push r17
	push r28
	push r29
	clr r15
	movw r26, r24
	ldi r18, lo8(%[2]d)
1:	st X+, r15
	dec r18
	brne 1b
	movw r28, r20
	ldi r19, lo8(%[3]d)
2:	ld r16, Y+
	movw r26, r22
	movw r30, r24
	clr r17
	ldi r18, lo8(%[3]d)
3:	ld r20, X+
	mul r20, r16
	ld r21, Z
	add r0, r21
	adc r1, r15
	add r0, r17
	adc r1, r15
	st Z+, r0
	mov r17, r1
	dec r18
	brne 3b
	st Z, r17
	adiw r24, 1
	dec r19
	brne 2b
	clr r1
	pop r29
	pop r28
	pop r17
	pop r16
	pop r15
	ret
`, 8*n, 2*n, n)
}
