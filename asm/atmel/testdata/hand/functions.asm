; AVRASM2 functions and operators, with the guide's precedence (C's), and the number forms.
.device ATmega128
.equ	A = 0x12345678
	ldi	r16, low(A)
	ldi	r16, HIGH(A)
	ldi	r16, byte2(A)
	ldi	r16, BYTE3(A)
	ldi	r16, Byte4(A)
	ldi	r16, low(lwrd(A))
	ldi	r16, high(LWRD(A))
	ldi	r16, low(hwrd(A))
	ldi	r16, high(HWRD(A))
	ldi	r16, page(A)
	ldi	r16, page(0x3F0000)
	ldi	r16, exp2(7)
	ldi	r16, EXP2(0)
	ldi	r16, log2(1)
	ldi	r16, log2(255)
	ldi	r16, LOG2(256)
	ldi	r16, defined(A)
	ldi	r16, defined(B)
	ldi	r16, 2+3*4
	ldi	r16, (2+3)*4
	ldi	r16, 1<<2+1
	ldi	r16, 6&3|8
	ldi	r16, 6^3&1
	ldi	r16, 5|2^7
	ldi	r16, !0
	ldi	r16, !7
	ldi	r16, ~0x0F & 0xFF
	ldi	r16, -1
	ldi	r16, -(3)
	ldi	r16, 3 == 3
	ldi	r16, 3 != 3
	ldi	r16, -3 < 2
	ldi	r16, 2 <= 2
	ldi	r16, 3 > 2
	ldi	r16, 2 >= 3
	ldi	r16, 1 < 2 == 1
	ldi	r16, 1 && 2
	ldi	r16, 0 || 0
	ldi	r16, 0 || 2 && 3
	ldi	r16, 100/7
	ldi	r16, -7/2
	ldi	r16, 100%7
	ldi	r16, -7%3
	ldi	r16, -16>>2
	ldi	r16, 0x80>>7
	ldi	r16, 10-2-3
	ldi	r16, 64/4/2
	ldi	r16, 255
	ldi	r16, $fF
	ldi	r16, 0Xab
	ldi	r16, 0b10100101
	ldi	r16, 0B11
	ldi	r16, 'A'
	ldi	r16, 'a'+1
	ldi	r16, ' '
	ldi	r16, 0
	ldi	r16, 7
	.dw	lwrd(A), hwrd(A), high(A)*256+low(A)
	.db	low(A), high(A), byte3(A), byte4(A)
