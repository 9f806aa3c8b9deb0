; avrlab task: speck64-128
; title: SPECK-64/128 in the Atmel AVRASM2 dialect (the same bytes as speck64.S)
; compare: SPECK
;
; SPECK-64/128 encryption for the ATmega128, fixed-key scenario, written for Atmel Studio's assembler
; (AVRASM2). It is speck64.S instruction for instruction: both files assemble to the same bytes and
; bench the same (go test ./examples checks both). Read speck64.S for how the cipher works and for
; the five tricks; this file shows what the AVRASM2 dialect changes:
;
;   - register names with .def instead of #define;
;   - labels are word addresses in code, so the round-key table's byte address for LPM is
;     speck64_128_rk*2, split with LOW() and HIGH() instead of lo8() and hi8();
;   - no .text or .global: code goes to the code segment (.cseg) and every label is visible;
;   - 32-bit table entries with a macro over .dw, LWRD() and HWRD() (avra, the free AVRASM2
;     work-alike, has no .dd; AVRASM2 itself would take ".dd 0x03020100").
;
;     void speck64_128_encrypt(uint8_t *block);     block pointer in r25:r24, encrypted in place
;
;   block[0..3] = y, block[4..7] = x, each word little-endian; one round with key k is
;       x = (ROR8(x) + y) ^ k,  y = ROL3(y) ^ x,  27 rounds.

.include "m128def.inc"

.def	y0 = r18		; y, least significant byte first
.def	y1 = r19
.def	y2 = r20
.def	y3 = r21
.def	x0 = r22		; x (r25:r24 bring the block pointer, copied to X first)
.def	x1 = r23
.def	x2 = r24
.def	x3 = r25
.def	t  = r0			; the fifth x register and LPM target; r1 is avr-gcc's zero register

.equ	ROUNDS = 27
.equ	RK_BYTES = 4*ROUNDS

	.cseg
speck64_128_encrypt:
	movw	XH:XL, r25:r24		; X = block
	ld	y0, X+			; y = block[0..3]
	ld	y1, X+
	ld	y2, X+
	ld	y3, X+
	ld	x0, X+			; x = block[4..7]
	ld	x1, X+
	ld	x2, X+
	ld	x3, X+			; X = block + 8
	ldi	ZL, LOW(speck64_128_rk*2)	; Z = byte address of k[0]
	ldi	ZH, HIGH(speck64_128_rk*2)

round:
	add	x1, y0			; x = ROR8(x) + y, landing in (x1, x2, x3, x0)
	adc	x2, y1
	adc	x3, y2
	adc	x0, y3

	lpm	t, Z+			; x ^= k, moved back down into x0..x3
	eor	t, x1
	lpm	x1, Z+
	eor	x1, x2
	lpm	x2, Z+
	eor	x2, x3
	lpm	x3, Z+
	eor	x3, x0
	mov	x0, t

	lsl	y0			; y = ROL3(y)
	rol	y1
	rol	y2
	rol	y3
	adc	y0, r1
	lsl	y0
	rol	y1
	rol	y2
	rol	y3
	adc	y0, r1
	lsl	y0
	rol	y1
	rol	y2
	rol	y3
	adc	y0, r1

	eor	y0, x0			; y ^= x
	eor	y1, x1
	eor	y2, x2
	eor	y3, x3

	cpi	ZL, LOW(speck64_128_rk*2 + RK_BYTES)	; all rounds done?
	brne	round

	st	-X, x3			; x then y back, downwards
	st	-X, x2
	st	-X, x1
	st	-X, x0
	st	-X, y3
	st	-X, y2
	st	-X, y1
	st	-X, y0
	ret

; One 32-bit round key, little-endian as LPM reads it.
.macro	key32
	.dw	LWRD(@0), HWRD(@0)
.endmacro

; The round keys of the official test key (memory order 0001020308090a0b1011121318191a1b); the harness
; writes the round keys of each key it tests over this table.
speck64_128_rk:
	key32	0x03020100		; k[0]
	key32	0x131d0309
	key32	0xbbd80d53
	key32	0x0d334df3
	key32	0x7fa43565
	key32	0x67e6ce55
	key32	0xe98cb3d2
	key32	0xaac76cbd
	key32	0x7f5951c8
	key32	0x03fa82c2
	key32	0x313533ad		; k[10]
	key32	0xdff70882
	key32	0x9e487c93
	key32	0xa934b928
	key32	0xdd2edef5
	key32	0x8be6388d
	key32	0x1f706b89
	key32	0x2b87aaf8
	key32	0x12d76c17
	key32	0x6eaccd6c
	key32	0x6a1ab912		; k[20]
	key32	0x10bc6bca
	key32	0x6057dd32
	key32	0xd3c9b381
	key32	0xb347813d
	key32	0x8c113c35
	key32	0xfe6b523a		; k[26]
