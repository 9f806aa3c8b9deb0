; defines: EXTRA=3 FLAG
; The C preprocessor: avr/io.h, #define, #if, #include, -D, comments.
#include <avr/io.h>
#include "inc/defs.h"

#define TMP r16
#define LO(x) lo8(x)

#if defined(__AVR_ATmega128__) && __AVR_ARCH__ == 51 && !defined(__AVR_3_BYTE_PC__)
# define GOOD 1
#else
# define GOOD 0
#endif

	.text
start:	ldi	TMP, GOOD	// a C++ comment
	out	_SFR_IO_ADDR(SREG), TMP	/* a C comment */
	in	r17, _SFR_IO_ADDR(SPL)
	in	r18, _SFR_IO_ADDR(SPH)
	lds	r19, SREG
	sbi	_SFR_IO_ADDR(PORTB), 1
	cbi	_SFR_IO_ADDR(DDRB), 2
	ldi	r20, lo8(RAMEND)
	ldi	r21, hi8(RAMEND)
	ldi	r22, SQUARE(COUNT)
	ldi	r23, EXTRA + FLAG
	ldi	r24, LO(0x1234)
	LOADW(r26, r27, 0xbeef)
	ldi	r25, \
		0x77
#ifdef UNDEFINED_THING
	this is skipped
#endif
#if COUNT > 3
	ldi	r28, _BV(3)
#endif
	ldi	r29, SREG_I
	ldi	r30, lo8(FLASHEND)
	ldi	r31, hi8(E2END)
	.data
	.include "inc/table.inc"
	.byte	__LINE__
