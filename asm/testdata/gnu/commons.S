; .comm blocks in avr-ld's order (a walk of its symbol table), with avr-as's default alignments
; (the size rounded up to a power of 2, at most 16) and explicit ones; .weak without a definition is 0.
	.global	main
main:
	sts	zeta, r1
	sts	alpha, r1
	sts	mid, r1
	sts	b, r1
	sts	a, r1
	sts	q, r1
	sts	longername, r1
	sts	x1, r1
	sts	x2, r1
	sts	x3, r1
	sts	big, r1
	sts	odd, r1
	ldi	r30, lo8(nowhere)
	ldi	r31, hi8(nowhere + 0x1234)
	break
	.weak	nowhere
	.comm	zeta, 1
	.comm	alpha, 2
	.comm	mid, 3
	.comm	b, 4
	.comm	a, 5
	.comm	q, 9
	.comm	longername, 17
	.comm	x1, 0
	.comm	x2, 6, 1
	.comm	x3, 3, 8
	.comm	big, 100
	.comm	odd, 7
	.comm	odd, 7
	.lcomm	local, 3
	.section .bss
own:	.skip 1
