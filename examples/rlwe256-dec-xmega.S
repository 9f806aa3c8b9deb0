; avrlab task: rlwe256-dec
; title: Ring-LWE decryption, n = 256, q = 7681, over the inverse NTT example, Barrett products, ATxmega128A1
; compare: Ring-LWE decryption, medium-term security
;
; Ring-LWE decryption (Lyubashevsky-Peikert-Regev as in Roy et al. 2014 and Liu et al. 2015, the
; medium-term parameters n = 256, q = 7681) for the ATxmega128A1, avr-gcc ABI:
;
;     void rlwe256_dec(uint8_t *m, const uint8_t *c1, const uint8_t *c2, const uint8_t *r2);
;         m r25:r24 (32 bytes out), c1 r23:r22, c2 r21:r20, r2 r19:r18
;
; c1, c2 (the ciphertext) and r2 (the secret) are 256 16-bit little-endian coefficients below q in
; the NTT domain (ntt256's bit-reversed order); m gets bit i (bit i%8 of byte i/8) = 1 iff
; coefficient i of InverseNTT(c1 o r2 + c2) lies in (q/4, 3q/4) = (1920, 5760): exactly
; kernel.RLWEDecrypt (o: the coefficient-wise product mod q).
;
; ---------------------------------------------------------------------------------------------------
; Steps
; ---------------------------------------------------------------------------------------------------
;   1. t = c1 o r2 + c2            t: 512 bytes of .bss; the products mod q by Barrett reduction,
;                                  the macro of examples/rlwe256-enc-xmega.S (nine MULs, exact, below q)
;   2. intt256(t)                  examples/intt256-xmega.S, included at the end (1/n included,
;                                  natural order, below q)
;   3. decode: for each coefficient c, C1 = (c < 1921) and C2 = (c < 5760) as borrows; the bit is
;      C2 - C1 (c < 1921 implies c < 5760), rotated into its message byte, low bit first.
; Published decryption has no sampling, so this call's boundary is the published one.
;
; Constant time: the only branches count loops; the decoding is two subtractions and their borrows;
; the inverse NTT is constant time.
;
; ---------------------------------------------------------------------------------------------------
; Cost (AVRxm; `avrlab bench examples/rlwe256-dec-xmega.S`)
; ---------------------------------------------------------------------------------------------------
; One inverse NTT (72121 cycles), 256 products mod q, the decoding: 97412 cycles for every input,
; 2508 bytes of flash (2230 of them the inverse NTT example's), 548 bytes of RAM (the 512-byte t and
; 36 of stack); constant time, ABI kept.
; Published: Liu et al. (CHES 2015, ePrint 2015/410, abstract) 276k cycles for a decryption on the
; ATxmega128.

        .text
        .global rlwe256_dec
        .type   rlwe256_dec, @function

; x = E*M + W mod q for E = r17:r16, M = r19:r18, W = r21:r20 (all below q); the result in r20
; (high) : r22 (low). Needs r10 = 0x41, r11 = 0x44 (mu), r12 = 0x1e, r13 = 0. Clobbers r0, r1,
; r16..r25.
.macro RLWED_PMAC
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

rlwe256_dec:
        push    r4
        push    r5
        push    r6
        push    r7
        push    r9
        push    r10
        push    r11
        push    r12
        push    r13
        push    r14
        push    r15
        push    r16
        push    r17
        push    r28
        push    r29
        movw    r14, r24                ; m

        ; 1. t = c1 o r2 + c2: X = c1, Y = r2, Z = c2, t through r7:r6 (swapped into Z to store)
        movw    r26, r22
        movw    r28, r18
        movw    r30, r20
        ldi     r16, lo8(rlwe_dt)
        mov     r6, r16
        ldi     r16, hi8(rlwe_dt)
        mov     r7, r16
        ldi     r16, 0x41               ; mu = 0x4441
        mov     r10, r16
        ldi     r16, 0x44
        mov     r11, r16
        ldi     r16, 0x1e
        mov     r12, r16
        clr     r13
        clr     r9
1:
        ld      r16, X+
        ld      r17, X+
        ld      r18, Y+
        ld      r19, Y+
        ld      r20, Z+
        ld      r21, Z+
        RLWED_PMAC
        movw    r4, r30                 ; Z <-> t
        movw    r30, r6
        st      Z+, r22
        st      Z+, r20
        movw    r6, r30
        movw    r30, r4
        dec     r9
        breq    2f
        rjmp    1b
2:
        ; 2. the inverse NTT
        ldi     r24, lo8(rlwe_dt)
        ldi     r25, hi8(rlwe_dt)
        call    intt256

        ; 3. decode into m
        ldi     r30, lo8(rlwe_dt)
        ldi     r31, hi8(rlwe_dt)
        movw    r26, r14                ; X = m
        ldi     r17, 32                 ; message bytes
3:
        ldi     r16, 8                  ; bits of the byte
4:
        ld      r22, Z+
        ld      r23, Z+
        movw    r18, r22
        subi    r22, 0x81               ; c - 1921 borrows: C1
        sbci    r23, 0x07
        sbc     r20, r20                ; -C1
        subi    r18, 0x80               ; c - 5760 borrows: C2
        sbci    r19, 0x16
        sbc     r21, r21                ; -C2
        sub     r20, r21                ; C2 - C1: the bit
        lsr     r20
        ror     r24                     ; into the byte from the top: coefficient 8k + i ends at bit i
        dec     r16
        brne    4b
        st      X+, r24
        dec     r17
        brne    3b

        pop     r29
        pop     r28
        pop     r17
        pop     r16
        pop     r15
        pop     r14
        pop     r13
        pop     r12
        pop     r11
        pop     r10
        pop     r9
        pop     r7
        pop     r6
        pop     r5
        pop     r4
        clr     r1
        ret
        .size   rlwe256_dec, . - rlwe256_dec

        .section .bss
rlwe_dt:
        .skip   512

        .text
#include "intt256-xmega.S"
