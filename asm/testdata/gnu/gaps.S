; The GNU gaps of issue 11, each checked against avr-gcc's link and avr-objcopy's HEX file.
; Register names XL XH YL YH ZL ZH in any case (registers only where a register goes; in an
; expression they are ordinary symbols).
	.text
	movw zl, r24
	movw XL, r30
	ldi XH, 1
	mov Yl, r2
	mov yH, zh
	adiw xl, 1
	sbiw ZL, 2
	ld r0, Z
	.equ XL, 3
	ldi r16, XL		; the symbol XL (3), not r26
	mov XL, r1		; the register r26
; sym == expr and .eqv: the expression is read again at each use.
	.set y, 1
	x == y + 1
	.eqv w, y * 2
	ldi r17, x
	ldi r18, w
	.set y, 5
	ldi r19, x
	ldi r20, w
; ". = . + n" moves the location like .org, with zero fill.
	nop
	. = . + 4
	nop
	. = 0x40
	nop
; .org and .align fills (explicit fill values included) reach the HEX file.
	.org 0x50, 0xff
	.byte 1
	.balign 8, 0x5a
	.byte 2
	.p2align 3, 0xa5
	.byte 3
	.align 2
	.space 3, 0x11
	.skip 2
	.fill 3, 1, 0x77
; .struct: labels are offsets in the absolute section.
	.struct 0
f_key:	.space 16
f_rk:	.struct f_rk + 176
f_len:	.skip 2
	.align 2
f_end:
	.struct 4
g1:	.org 10
g2:
	.text
	ldi r21, f_rk
	ldi r22, lo8(f_len)
	ldi r23, hi8(f_len)
	ldi r24, f_end
	ldi r25, g1
	ldi r26, g2
	ldi r27, f_key
	rjmp .
; the data part with a gap
	.section .data
	.byte 1
	. = . + 3
	.byte 2
	.balign 4, 0xee
	.byte 3
