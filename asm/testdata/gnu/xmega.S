; mcu: atxmega128a1
; An AVRxm part: I/O at data address 0, SRAM at 0x2000, SPM Z+.
#include <avr/io.h>
	.text
start:	in	r16, _SFR_IO_ADDR(SREG)
	out	_SFR_IO_ADDR(CCP), r16
	lds	r17, SREG
	sts	USARTC0_DATA, r17
	spm	Z+
	ldi	r18, lo8(v)
	ldi	r19, hi8(v)
	eicall
	rjmp	start
	.data
v:	.byte	7
