; adiw and sbiw with the pointer names for their pairs (avra takes them in lower case; AVRASM2 and
; avrlab in any case), beside the register and pair spellings.
.include "m128def.inc"
	adiw	x, 1
	sbiw	y, 1
	adiw	z, 63
	sbiw	x, 0x20
	adiw	XL, 1
	adiw	XH:XL, 2
	sbiw	r25:r24, 3
	adiw	r28, 4
