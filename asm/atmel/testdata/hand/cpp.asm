; The C preprocessor lines AVRASM2 reads: #define of a value, #ifdef #ifndef #if #elif #else #endif,
; #include.
.device ATmega128
#define	ONE 1
#define	FOUR 4
#ifdef ONE
	ldi	r16, ONE
#else
	ldi	r16, 0
#endif
#ifndef TWO
	ldi	r17, 2
#endif
#if FOUR > 3
	ldi	r18, FOUR
#elif FOUR > 2
	ldi	r18, 3
#else
	ldi	r18, 0
#endif
#include "hand.inc"
	ldi	r19, HAND_TABLE & 0xFF
#if $10 == 16 && 0b11 == 3
	ldi	r20, $20
#else
	ldi	r20, 0
#endif
