; AVRASM2 labels count words in the code segment: branches, jumps and calls to labels (forward and
; backward), ldi ZL, low(table*2) with lpm, .dw of labels, PC, and labels in the data segment.
.device ATmega128
start:	ldi	r30, low(table*2)
	ldi	r31, high(table*2)
	ldi	r16, SIZE*2
loop:	lpm	r0, Z+
	st	X+, r0
	dec	r16
	brne	loop
	breq	done
	rcall	sub
	call	sub
	jmp	far
done:	rjmp	start
sub:	ldi	r17, low(sub)
	ldi	r18, high(2*sub)
	ldi	r19, PC - start
	ret
table:	.db	0x10, 0x20, 0x30, 0x40
	.dw	start, done, sub, table, tend
tend:
.equ	SIZE = tend - table	; words, once both are defined
	.dw	PC, far
	.db	low(var), high(var), low(var2), high(var2)
	.org	0x800
far:	rjmp	PC+1
	brcc	PC-1
	rjmp	far
	lds	r1, var2
	sts	var, r1
	.dseg
var:	.byte	3
var2:	.byte	2
