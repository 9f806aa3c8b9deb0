; avrlab task: rlwe256-keygen
; title: Ring-LWE key generation, n = 256, q = 7681, over the NTT example, Barrett products, ATxmega128A1
; compare: Ring-LWE key generation, medium-term security
;
; Ring-LWE key generation (Roy et al. 2014, Liu et al. 2015, medium-term parameters n = 256,
; q = 7681) for the ATxmega128A1, avr-gcc ABI:
;
;     void rlwe256_keygen(uint8_t *p, uint8_t *r2t, const uint8_t *a, const uint8_t *r1,
;                         const uint8_t *r2);
;         p r25:r24, r2t r23:r22, a r21:r20, r1 r19:r18, r2 r17:r16
;
; 256 16-bit little-endian coefficients below q each. a (uniform) and the outputs are in the NTT
; domain (ntt256's bit-reversed order), r1 and r2 the sampled error polynomials in natural order
; (the call receives them: lab/kernel/rlwe.go):
;
;     r2t = NTT(r2)          p = NTT(r1) - a o r2t
;
; exactly kernel.RLWEKeyGen. Steps: p = r1, NTT(p); r2t = r2, NTT(r2t) (the NTT is
; examples/ntt256-xmega.S's ntt256, included at the end); then p = a o (q - r2t) + p mod q, the
; Barrett products of examples/rlwe256-enc-xmega.S (x = a (q - r2t) + p < q^2 < 2^26, where the
; reduction leaves r below 2q). No .bss: the outputs are the work space. Constant time: the only
; branches count loops.
; `avrlab bench examples/rlwe256-keygen-xmega.S`: 160977 cycles for every input, 3186 bytes of flash
; (2914 of them the NTT example's), 37 bytes of RAM (the stack); constant time, ABI kept.
; Published: Liu et al. (CHES 2015, abstract) 590k cycles for key generation on the ATxmega128,
; which includes sampling r1 and r2; this call receives them sampled (not the same boundary).

        .text
        .global rlwe256_keygen
        .type   rlwe256_keygen, @function

; x = E*M + W mod q for E = r17:r16, M = r19:r18, W = r21:r20 (E, W below q, M at most q); the result in r20
; (high) : r22 (low). Needs r10 = 0x41, r11 = 0x44 (mu), r12 = 0x1e, r13 = 0. Clobbers r0, r1,
; r16..r25.
.macro RLWEK_PMAC
        mul     r16, r18                ; x = E*M: E0*M0
        movw    r22, r0
        mul     r17, r19                ;   + (E1*M1) << 16
        movw    r24, r0
        mul     r16, r19                ;   + (E0*M1) << 8
        add     r23, r0
        adc     r24, r1
        adc     r25, r13
        mul     r17, r18                ;   + (E1*M0) << 8
        add     r23, r0
        adc     r24, r1
        adc     r25, r13
        add     r22, r20                ;   + W
        adc     r23, r21
        adc     r24, r13
        adc     r25, r13
        mov     r20, r23                ; x mod 2^16 = r20:r22
        lsr     r25                     ; y = x >> 11 = r24:r23
        ror     r24
        ror     r23
        lsr     r25
        ror     r24
        ror     r23
        lsr     r25
        ror     r24
        ror     r23
        mul     r23, r10                ; qhat = (y*mu) >> 16: the carry of y0*m0
        mov     r16, r1
        mul     r24, r11                ;   y1*m1
        movw    r18, r0
        mul     r23, r11                ;   y0*m1
        add     r16, r0
        adc     r18, r1
        adc     r19, r13
        mul     r24, r10                ;   y1*m0
        add     r16, r0
        adc     r18, r1
        adc     r19, r13                ; qhat = r19:r18
        sub     r22, r18                ; r = x - qhat*q mod 2^16 = x - qhat - (qhat0*0x1e) << 8
        sbc     r20, r19
        mul     r18, r12
        sub     r20, r0                 ; r in [0, 2q)
        subi    r22, 0x01               ; r - q, plus q again when that borrowed
        sbci    r20, 0x1e
        sbc     r21, r21
        mov     r23, r21
        andi    r21, 0x01
        andi    r23, 0x1e
        add     r22, r21
        adc     r20, r23
.endm

; copy 512 bytes from X to Z (r18 counts; clobbers r0)
rlwek_copy512:
        clr     r18
1:
        ld      r0, X+
        st      Z+, r0
        ld      r0, X+
        st      Z+, r0
        dec     r18
        brne    1b
        ret

rlwe256_keygen:
        push    r2
        push    r3
        push    r4
        push    r5
        push    r6
        push    r7
        push    r8
        push    r9
        push    r10
        push    r11
        push    r12
        push    r13
        push    r15
        push    r16
        push    r17
        push    r28
        push    r29
        movw    r2, r24                 ; p
        movw    r4, r22                 ; r2t
        movw    r6, r20                 ; a
        movw    r8, r18                 ; r1

        movw    r26, r8                 ; p = NTT(r1)
        movw    r30, r2
        rcall   rlwek_copy512
        movw    r24, r2
        call    ntt256
        movw    r26, r16                ; r2t = NTT(r2)
        movw    r30, r4
        rcall   rlwek_copy512
        movw    r24, r4
        call    ntt256

        ldi     r16, 0x41               ; mu = 0x4441
        mov     r10, r16
        ldi     r16, 0x44
        mov     r11, r16
        ldi     r16, 0x1e
        mov     r12, r16
        clr     r13
        movw    r28, r6                 ; p = a o (q - r2t) + p: Y = a, X = r2t, Z = p
        movw    r26, r4
        movw    r30, r2
        clr     r15
2:
        ld      r16, Y+
        ld      r17, Y+
        ld      r20, X+
        ld      r21, X+
        ldi     r18, 0x01               ; M = q - r2t, in [1, q]
        ldi     r19, 0x1e
        sub     r18, r20
        sbc     r19, r21
        ld      r20, Z
        ldd     r21, Z+1
        RLWEK_PMAC
        st      Z+, r22
        st      Z+, r20
        dec     r15
        breq    3f
        rjmp    2b
3:
        pop     r29
        pop     r28
        pop     r17
        pop     r16
        pop     r15
        pop     r13
        pop     r12
        pop     r11
        pop     r10
        pop     r9
        pop     r8
        pop     r7
        pop     r6
        pop     r5
        pop     r4
        pop     r3
        pop     r2
        clr     r1
        ret
        .size   rlwe256_keygen, . - rlwe256_keygen

#include "ntt256-xmega.S"
