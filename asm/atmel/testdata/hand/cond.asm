; AVRASM2 conditional assembly: .if .elif .else .endif nested, .ifdef .ifndef, and .error in a group
; that is not assembled.
.device ATmega128
.equ	MODE = 2
.if MODE == 1
	ldi	r16, 1
.elif MODE == 2
	ldi	r16, 2
	.if MODE > 1
	ldi	r17, 0x21
	.else
	.error	"not assembled"
	.endif
.elif MODE == 2
	ldi	r16, 3		; a later true .elif is skipped
.else
	ldi	r16, 4
.endif
.ifdef MODE
	ldi	r18, 8
.endif
.ifndef MODE
	.error	"MODE is defined"
.else
	ldi	r19, 9
.endif
.ifndef MISSING
	.equ	MISSING = 7
.endif
	ldi	r20, MISSING
.if 0
	.if 1
	.error	"inside a false group nothing is assembled"
	.endif
.elif 0
.else
	ldi	r21, 0x15
.endif
.if defined(MODE) && !defined(NONE)
	ldi	r22, 0x16
.endif
