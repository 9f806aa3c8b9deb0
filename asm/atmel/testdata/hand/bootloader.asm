; A bootloader-style program, as published ones are written: Atmel's definitions decide where it
; goes (.ifdef RWW_START_ADDR: a part with a boot section) and the vector names place the handlers.
.include "m328Pdef.inc"
.ifdef RWW_START_ADDR
	.message "ATmega boot section"
	.equ	BOOTSTART = SMALLBOOTSTART	; 0x3f00 words on the ATmega328P
.else
	.message "DETECTED ATTINY DEFINITIONS"
	.equ	BOOTSTART = 0
.endif
.cseg
.org 0
	jmp	BOOTSTART
.org INT0addr
	jmp	int0_handler
.org OC0Aaddr
	jmp	timer_handler
.org SPMRaddr
	reti
.org INT_VECTORS_SIZE
int0_handler:
	reti
timer_handler:
	ldi	r16, (1<<OCF0A)
	out	TIFR0, r16
	reti
.org BOOTSTART
boot:
	ldi	r16, low(RAMEND)
	out	SPL, r16
	ldi	r16, high(RAMEND)
	out	SPH, r16
	ldi	ZL, low(RWW_STOP_ADDR)
	ldi	ZH, high(RWW_STOP_ADDR)
	ldi	r17, (1<<RWWSRE)|(1<<SPMEN)
	out	SPMCSR, r17
	spm
	ldi	r18, PAGESIZE
	ldi	r19, EEADRBITS
	ldi	r20, low(NRWW_START_ADDR)
	ldi	r21, high(NRWW_START_ADDR)
	ldi	r22, SIGNATURE_001
	rjmp	boot
