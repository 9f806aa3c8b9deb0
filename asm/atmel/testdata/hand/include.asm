; .include of a device definition file and of a file of our own; names from both.
.include "m128def.inc"
.include "hand.inc"
	ldi	ZL, low(HAND_TABLE)
	ldi	ZH, high(HAND_TABLE)
	ldi	XL, RAMEND & 0xFF
	ldi	XH, high(RAMEND)
	out	SPL, XL
	out	SPH, XH
	sbi	PORTB, PB3
	cbi	DDRB, 7
	in	r16, PINB
	lds	r17, UCSR0C
	sts	UBRR0H, r17
	ldi	r18, (1<<TXEN0)|(1<<RXEN0)
	out	UCSR0B, r18
	ldi	YL, low(SRAM_START)
	ldi	YH, high(SRAM_START)
	handmacro r20
