; .weak and .comm across files, as avr-ld resolves them (the answer is avr-gcc's link of 1-main.S
; 2-lib.S: see ../weak-common.golden).
	.global	main
main:
	rcall	handler		; weak here, defined in 2-lib.S: 2-lib's
	rcall	other		; weak in both: this file's (the first)
	lds	r16, buf	; .comm here, defined in 2-lib's .bss: 2-lib's
	lds	r17, buf2	; defined here, .comm in 2-lib.S: this file's
	ldi	r30, lo8(missing)	; weak, defined nowhere: 0
	ldi	r31, hi8(missing)
	sts	cbuf, r16	; .comm of 4 here and 8 in 2-lib.S: one block of 8
	sts	cbuf+7, r17
	sts	zc, r17		; commons are placed in avr-ld's symbol-table order
	sts	ac, r17
	sts	longername, r17
	sts	x1, r17
	sts	x2, r17
	.set	alias, missing + 2
	ldi	r18, lo8(alias)
	break

	.weak	handler
	.type	handler, @function
handler:
	ldi	r24, 1
	ret
	.size	handler, . - handler

	.weak	other
other:
	ldi	r24, 3
	ret

	.weak	missing
	.comm	zc, 1
	.comm	cbuf, 4
	.comm	buf, 2
	.comm	longername, 3
	.comm	x1, 5
	.comm	x2, 2, 1

	.section .bss
	.global	buf2
buf2:	.skip	1
