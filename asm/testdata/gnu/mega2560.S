; mcu: atmega2560
; A 22-bit-PC part: EIJMP/EICALL, ELPM, CALL/JMP. (pm() and gs() are left out: avr-ld adds a jmp stub
; per target on EIND parts, in its own hash order, and avrlab does not; see the package documentation.)
#include <avr/io.h>
	.text
start:	ldi	r30, lo8(0x1234)
	ldi	r31, hi8(0x1234)
	ldi	r16, hh8(0x12345678)
	out	_SFR_IO_ADDR(EIND), r16
	eijmp
	eicall
	elpm	r0, Z+
	elpm
	call	target
	jmp	start
	rcall	target
target:	ret
	.data
d:	.word	d
	.long	d
