; avrlab task: rlwe256-enc
; title: Ring-LWE encryption, n = 256, q = 7681, over the NTT example, Barrett products, ATxmega128A1
; compare: Ring-LWE encryption, medium-term security
;
; Ring-LWE encryption (Lyubashevsky-Peikert-Regev as in Roy et al. 2014 and Liu et al. 2015, the
; medium-term parameters n = 256, q = 7681) for the ATxmega128A1, avr-gcc ABI:
;
;     void rlwe256_enc(uint8_t *c1, uint8_t *c2, const uint8_t *a, const uint8_t *p,
;                      const uint8_t *m, const uint8_t *e1, const uint8_t *e2, const uint8_t *e3);
;         c1 r25:r24, c2 r23:r22, a r21:r20, p r19:r18, m r17:r16, e1 r15:r14, e2 r13:r12, e3 r11:r10
;
; Every polynomial is 256 16-bit little-endian coefficients below q. The public key (a, p) and the
; ciphertext (c1, c2) are in the NTT domain (ntt256's bit-reversed order); m is 32 bytes, bit i
; (bit i%8 of byte i/8) going into coefficient i; e1, e2, e3 are the sampled error polynomials in
; natural order (the call receives them: the task's boundary, lab/kernel/rlwe.go):
;
;     c1 = a o NTT(e1) + NTT(e2)          c2 = p o NTT(e1) + NTT(e3 + 3840 m)
;
; exactly kernel.RLWEEncrypt (o: the coefficient-wise product mod q).
;
; ---------------------------------------------------------------------------------------------------
; Steps
; ---------------------------------------------------------------------------------------------------
;   1. c1 = e1, NTT(c1)                               c1 holds NTT(e1)
;   2. t = e2, NTT(t)                                 t: 512 bytes of .bss, NTT(e2)
;   3. c2 = e3 + 3840 m (one conditional subtraction of q), NTT(c2)
;   4. c2 = p o c1 + c2, then c1 = a o c1 + t        (c2 first: it still needs NTT(e1))
; The transform is examples/ntt256-xmega.S's ntt256 itself, included at the end and called three
; times (it keeps the avr-gcc ABI; the pointers live in r2..r17 and Y across the calls).
;
; ---------------------------------------------------------------------------------------------------
; The products mod q: Barrett reduction
; ---------------------------------------------------------------------------------------------------
; Neither factor of a o c1 is a constant, so Shoup's precomputed companions of the NTT do not apply.
; With x = u v + w < (q-1)^2 + q < 2^26 (u, v, w below q; four byte products, u1 and v1 below 0x1e),
;
;     y = floor(x / 2^11) < 2^15,   qhat = floor(y mu / 2^16),  mu = floor(2^27 / q) = 17473 = 0x4441
;
; and r = x - qhat q lies in [0, 2q) for every x < 2^26 (checked for all of them by a small Go
; program when this was written; the task's random and edge inputs check it again). qhat is the
; high half of y mu, four byte products (the lowest only for its carry); qhat q mod 2^16 is
; qhat + (qhat0 * 0x1e) << 8 since q = 0x1e01, one more; then one conditional subtraction of q.
; Nine MULs and 62 cycles of arithmetic, 77 a coefficient with its loads, stores and loop, no branch.
;
; Constant time: the only branches count loops; step 3's message bits become masks (LSR, SBC r,r)
; that select 3840, and every conditional subtraction is a mask ANDed with q. The NTT is constant time.
;
; ---------------------------------------------------------------------------------------------------
; Cost (AVRxm; `avrlab bench examples/rlwe256-enc-xmega.S`)
; ---------------------------------------------------------------------------------------------------
; 3 NTTs of 67638 cycles (202914), two copies, the encoding and the calls (10250), 512 products
; mod q (39435): 252599 cycles for every input, 3370 bytes of flash (2914 of them the NTT example's),
; 550 bytes of RAM (the 512-byte t and 38 of stack); constant time, ABI kept.
; Published: Liu et al. (CHES 2015, ePrint 2015/410, abstract) 672k cycles for an encryption on the
; ATxmega128, which includes sampling e1, e2, e3 (a Knuth-Yao sampler and its random bytes); this
; call receives them sampled, so the comparison is not on the same boundary.

        .text
        .global rlwe256_enc
        .type   rlwe256_enc, @function

; x = E*M + W mod q for E = r17:r16, M = r19:r18, W = r21:r20 (all below q); the result in r20
; (high) : r22 (low). Needs r10 = 0x41, r11 = 0x44 (mu), r12 = 0x1e, r13 = 0. Clobbers r0, r1,
; r16..r25.
.macro RLWE_PMAC
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
rlwe_copy512:
        clr     r18
1:
        ld      r0, X+
        st      Z+, r0
        ld      r0, X+
        st      Z+, r0
        dec     r18
        brne    1b
        ret

rlwe256_enc:
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
        push    r14
        push    r15
        push    r16
        push    r17
        push    r28
        push    r29
        movw    r2, r24                 ; c1
        movw    r4, r22                 ; c2
        movw    r6, r20                 ; a
        movw    r8, r18                 ; p

        ; 1. c1 = NTT(e1)
        movw    r26, r14
        movw    r30, r2
        rcall   rlwe_copy512
        movw    r24, r2
        call    ntt256

        ; 2. t = NTT(e2)
        movw    r26, r12
        ldi     r30, lo8(rlwe_t)
        ldi     r31, hi8(rlwe_t)
        rcall   rlwe_copy512
        ldi     r24, lo8(rlwe_t)
        ldi     r25, hi8(rlwe_t)
        call    ntt256

        ; 3. c2 = NTT(e3 + 3840 m)
        movw    r26, r10                ; X = e3
        movw    r28, r16                ; Y = m
        movw    r30, r4                 ; Z = c2
        ldi     r19, 32                 ; message bytes
2:
        ld      r20, Y+
        ldi     r18, 8                  ; bits of the byte, low first
3:
        ld      r22, X+
        ld      r23, X+
        lsr     r20                     ; C = the bit
        sbc     r21, r21                ; 0xff when it is 1
        andi    r21, 0x0f               ; 3840 = 0x0f00, masked
        add     r23, r21                ; e3 + 3840 m < 2q
        subi    r22, 0x01               ; - q, plus q again when that borrowed
        sbci    r23, 0x1e
        sbc     r21, r21
        mov     r24, r21
        andi    r21, 0x01
        andi    r24, 0x1e
        add     r22, r21
        adc     r23, r24
        st      Z+, r22
        st      Z+, r23
        dec     r18
        brne    3b
        dec     r19
        brne    2b
        movw    r24, r4
        call    ntt256

        ; 4. the products
        ldi     r16, 0x41               ; mu = 0x4441
        mov     r10, r16
        ldi     r16, 0x44
        mov     r11, r16
        ldi     r16, 0x1e
        mov     r12, r16
        clr     r13
        movw    r26, r2                 ; c2 = p o c1 + c2: X = c1, Y = p, Z = c2
        movw    r28, r8
        movw    r30, r4
        clr     r15
4:
        ld      r16, X+
        ld      r17, X+
        ld      r18, Y+
        ld      r19, Y+
        ld      r20, Z
        ldd     r21, Z+1
        RLWE_PMAC
        st      Z+, r22
        st      Z+, r20
        dec     r15
        brne    4b
        movw    r30, r2                 ; c1 = a o c1 + t: Z = c1, Y = a, X = t
        movw    r28, r6
        ldi     r26, lo8(rlwe_t)
        ldi     r27, hi8(rlwe_t)
5:
        ld      r16, Z
        ldd     r17, Z+1
        ld      r18, Y+
        ld      r19, Y+
        ld      r20, X+
        ld      r21, X+
        RLWE_PMAC
        st      Z+, r22
        st      Z+, r20
        dec     r15
        brne    5b

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
        pop     r8
        pop     r7
        pop     r6
        pop     r5
        pop     r4
        pop     r3
        pop     r2
        clr     r1
        ret
        .size   rlwe256_enc, . - rlwe256_enc

        .section .bss
rlwe_t:
        .skip   512

        .text
#include "ntt256-xmega.S"
