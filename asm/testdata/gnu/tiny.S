; mcu: attiny85
; An AVRe part: no MUL, JMP or CALL; 8 KiB flash; SRAM from 0x60.
#include <avr/io.h>
	.text
reset:	rjmp	main
	rjmp	isr
main:	ldi	r16, lo8(RAMEND)
	out	_SFR_IO_ADDR(SPL), r16
	ldi	r16, hi8(RAMEND)
	out	_SFR_IO_ADDR(SPH), r16
	movw	r30, r24
	lpm	r0, Z+
	lpm	r1, Z
	ldi	r30, lo8(var)
	ldi	r31, hi8(var)
	ld	r2, Z
	lds	r3, var
	sbi	_SFR_IO_ADDR(PORTB), 3
	rcall	sub
	rjmp	main
sub:	spm
	ret
isr:	reti
	.data
var:	.byte	1, 2, 3
	.section .bss
buf:	.skip	2
	.text
	.word	var, buf
