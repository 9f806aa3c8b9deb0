; .org gaps: the HEX file holds only the bytes the program emits (AVRASM2 and avra), not zeros.
.include "m128def.inc"
.cseg
.org 0
	jmp	main
.org 0x30
	.dw	0x1234, 0x5678
.org 0x7000
main:
	ldi	r16, 1
	.db	1, 2, 3, 4
	rjmp	main
