; Instructions of the ATmega128 in their GNU spellings: registers, pointers,
; immediates, branches, labels, numeric local labels and the location counter.
	.text
	.global	main
	.type	main, @function
main:
	nop
	mov	r0, r31
	MOV	R1, r30		; upper-case mnemonic and register names
	movw	r24, r22
	movw	r30, r2
	add	r16, r17 $ adc r17, r16 $ sub r2, r3	; three statements on one line
	sbc	r4, r5
	and	r6, r7
	or	r8, r9
	eor	r10, r11
	cp	r12, r13
	cpc	r14, r15
	cpse	r18, r19
	mul	r20, r21
	muls	r16, r31
	mulsu	r16, r23
	fmul	r17, r18
	fmuls	r19, r20
	fmulsu	r21, r22
	ldi	r16, 0xff
	ldi	r31, -1
	ldi	r17, 'A'
	ldi	r18, 0b1010
	ldi	r19, 017
	subi	r20, 1
	sbci	r21, 0
	andi	r22, 0x0f
	ori	r23, 0x80
	cpi	r24, 100
	sbr	r25, 3
	cbr	r26, 3
	ser	r27
	adiw	r24, 1
	adiw	r26, 63
	sbiw	r28, 2
	sbiw	r30, 0x3f
	com	r0 $ neg r1 $ inc r2 $ dec r3
	asr	r4 $ lsr r5 $ ror r6 $ swap r7
	lsl	r8 $ rol r9 $ tst r10 $ clr r11
	push	r0
	pop	r31
	bst	r1, 7
	bld	r2, 0
	sbrc	r3, 1
	sbrs	r4, 2
	in	r16, 0x3f
	out	0x3d, r17
	sbi	0x18, 0
	cbi	0x18, 7
	sbic	0x16, 3
	sbis	0x16, 4
	bset	3
	bclr	3
	sec $ clc $ sez $ clz $ sen $ cln $ sev $ clv
	ses $ cls $ seh $ clh $ set $ clt $ sei $ cli
	ld	r0, X
	ld	r1, X+
	ld	r2, -X
	ld	r3, Y
	ld	r4, Y+
	ld	r5, -Y
	ld	r6, Z
	ld	r7, Z+
	ld	r8, -Z
	ld	r9, x+
	ld	r10, - z
	ld	r11, Y +
	ldd	r12, Y+1
	ldd	r13, Z+63
	ldd	r14, Y + 2*3
	ldd	r15, Z+(10-1)
	st	X, r16
	st	X+, r17
	st	-X, r18
	st	Y, r19
	st	Y+, r20
	st	-Y, r21
	st	Z, r22
	st	Z+, r23
	st	-Z, r24
	std	Y+5, r25
	std	Z+0, r26
	lds	r16, 0x100
	lds	r17, 0xffff
	sts	0x1234, r18
	lpm
	lpm	r0, Z
	lpm	r1, Z+
	elpm
	elpm	r2, Z
	elpm	r3, Z+
	spm
	ijmp
	icall
	sleep
	wdr
	break
	jmp	far
	call	far
	rcall	sub
	rjmp	1f
1:	rjmp	1b
2:	breq	2b
	brne	1f
	brcs	2b
	brcc	1f
1:	brsh	1b
	brlo	1b
	brmi	3f
	brpl	3f
	brge	3f
	brlt	3f
	brhs	3f
	brhc	3f
	brts	3f
	brtc	3f
	brvs	3f
	brvc	3f
	brie	3f
	brid	3f
3:	brbs	1, 3b
	brbc	7, 3b
	rjmp	.
	rjmp	.+2
	rjmp	.-2
	brne	.-4
	rjmp	.+0
	ldi	r30, lo8(.)
	ldi	r31, hi8(.)
	ldi	r30, pm_lo8(sub)
	ldi	r31, pm_hi8(sub)
	ldi	r24, pm_hh8(sub)
	ldi	r30, lo8(pm(sub))
	ldi	r31, hi8(gs(sub))
	ldi	r16, lo8(0x12345678)
	ldi	r17, hi8(0x12345678)
	ldi	r18, hh8(0x12345678)
	ldi	r19, hlo8(0x12345678)
	ldi	r20, hhi8(0x12345678)
	ldi	r21, lo8(-2)
	ldi	r22, hi8(-2)
	rjmp	main
	.size	main, .-main
sub:
	ret
	reti
.Llocal:
	rjmp	.Llocal
10:	rjmp	10f
10:	rjmp	10b
	.org	0x400
far:
	jmp	main
