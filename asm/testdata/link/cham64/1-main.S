; avrlab task: cham64-128
; CHAM-64/128 (examples/cham64-v1.S) split into one routine per file, linked as
;     avr-gcc -nostartfiles -nostdlib 1-main.S 2-round.S 3-rot.S 4-tables.S
; This file: the entry point. It calls round in 2-round.S, which calls rot in 3-rot.S; the round
; keys and a table of code addresses are in 4-tables.S.

#ifndef ROUNDS
#define ROUNDS 80
#endif

        .text
        .global cham64_128_encrypt
cham64_128_encrypt:
        movw    r26, r24        ; X = block
        ld      r18, X+         ; X0..X3, little-endian words
        ld      r19, X+
        ld      r20, X+
        ld      r21, X+
        ld      r22, X+
        ld      r23, X+
        ld      r24, X+
        ld      r25, X+
        st      -X, r16         ; park the callee-saved r16, r17 in block[7], block[6]
        st      -X, r17
        ldi     r30, lo8(cham64_128_rk)         ; a table of another file
        ldi     r31, hi8(cham64_128_rk)
        ldi     r16, 0          ; i = 0
loop:
        rcall   round           ; a routine of another file
        cpi     r16, ROUNDS
        brne    loop
        clr     r1
        ld      r17, X+
        ld      r16, X+
        st      -X, r25
        st      -X, r24
        st      -X, r23
        st      -X, r22
        st      -X, r21
        st      -X, r20
        st      -X, r19
        st      -X, r18
        ret
