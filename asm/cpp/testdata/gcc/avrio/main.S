#include <avr/io.h>
    sbi _SFR_IO_ADDR(PORTB), PB3
    out _SFR_IO_ADDR(DDRB), r16
    lds r16, UCSR0A
    ldi r17, _BV(TXEN0) | _BV(RXEN0)
    ldi r28, lo8(RAMEND)
    ldi r29, hi8(RAMEND)
    in r0, _SFR_IO_ADDR(SREG)
    .word SPM_PAGESIZE, FLASHEND
#ifdef __AVR_ATmega128__
    mega128
#endif
