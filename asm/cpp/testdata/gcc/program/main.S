; A small AVR routine in the style of the lab's cipher code.
#define STATE0 r16
#define STATE1 r17
#define TMP r18
#define ROUNDS 8

.macro xorbyte a, b
    eor \a, \b
.endm

#define ROTL8(r) lsl r $ adc r, r1
#define QROUND(a, b) \
    add a, b        $ \
    eor b, a        $ \
    ROTL8(b)

    .section .text
    .global cipher
cipher:
    ldi TMP, ROUNDS         ; round counter
1:  QROUND(STATE0, STATE1)
    QROUND(STATE1, STATE0)
    dec TMP
    brne 1b
#if ROUNDS > 4 && defined(STATE0)
    xorbyte STATE0, STATE1
#endif
    ret
table:
    .byte 'a', 'b', '\n', ROUNDS*2, (1<<3)|1
    .word pm(cipher)
    .asciz "rounds: ROUNDS"
