; A program whose EEPROM contents come from two files: avr-gcc's linker script puts every .eeprom*
; section in one output section from EEPROM address 0 (0x810000 in the ELF), in link order.
	.section .eeprom,"aw",@progbits
	.global	counter
counter: .byte	1, 2, 3
	.org	8		; a fill avr-objcopy -j .eeprom writes
serial:	.word	0x4455, serial	; .word of an EEPROM label: its 16-bit EEPROM address
	.text
	.global	main
main:	ldi	r24, lo8(serial)
	ldi	r25, hi8(serial)
	ldi	r26, hh8(serial)	; 0x81: EEPROM is at 0x810000 in avr-gcc's address space
	ldi	r24, lo8(config)
	ldi	r25, hi8(config)
	ret
