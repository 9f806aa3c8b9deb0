	.global	handler
handler:
	ldi	r24, 2
	ret

	.weak	other
other:
	ldi	r24, 4
	ret
	rcall	other		; this file's references go to the kept definition too

	.comm	cbuf, 8
	.comm	ac, 3
	.comm	buf2, 4
	.comm	x1, 17

	.section .bss
	.global	buf
buf:	.skip	3
