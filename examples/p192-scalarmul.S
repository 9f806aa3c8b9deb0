; avrlab task: p192-scalarmul
; title: P-192 scalar multiplication, co-Z Montgomery ladder, Fermat inversion, product-scanning field multiplication
; compare: ECDH, two scalar multiplications
        .text

; ---------------------------------------------------------------------------------------------------
; p192_fadd: X = Y + Z mod p; p192_fsub: X = Y - Z mod p (operands below p; X may equal Y or Z).
; Clobbers r2-r25, r28-r31; r1 = 0 in and out. No branch: the correction is masked.
; ---------------------------------------------------------------------------------------------------
p192_fadd:
        ldd     r2, Y+0
        ldd     r3, Y+1
        ldd     r4, Y+2
        ldd     r5, Y+3
        ldd     r6, Y+4
        ldd     r7, Y+5
        ldd     r8, Y+6
        ldd     r9, Y+7
        ldd     r10, Y+8
        ldd     r11, Y+9
        ldd     r12, Y+10
        ldd     r13, Y+11
        ldd     r14, Y+12
        ldd     r15, Y+13
        ldd     r16, Y+14
        ldd     r17, Y+15
        ldd     r18, Y+16
        ldd     r19, Y+17
        ldd     r20, Y+18
        ldd     r21, Y+19
        ldd     r22, Y+20
        ldd     r23, Y+21
        ldd     r24, Y+22
        ldd     r25, Y+23
        ldd     r29, Z+0
        add     r2, r29
        ldd     r29, Z+1
        adc     r3, r29
        ldd     r29, Z+2
        adc     r4, r29
        ldd     r29, Z+3
        adc     r5, r29
        ldd     r29, Z+4
        adc     r6, r29
        ldd     r29, Z+5
        adc     r7, r29
        ldd     r29, Z+6
        adc     r8, r29
        ldd     r29, Z+7
        adc     r9, r29
        ldd     r29, Z+8
        adc     r10, r29
        ldd     r29, Z+9
        adc     r11, r29
        ldd     r29, Z+10
        adc     r12, r29
        ldd     r29, Z+11
        adc     r13, r29
        ldd     r29, Z+12
        adc     r14, r29
        ldd     r29, Z+13
        adc     r15, r29
        ldd     r29, Z+14
        adc     r16, r29
        ldd     r29, Z+15
        adc     r17, r29
        ldd     r29, Z+16
        adc     r18, r29
        ldd     r29, Z+17
        adc     r19, r29
        ldd     r29, Z+18
        adc     r20, r29
        ldd     r29, Z+19
        adc     r21, r29
        ldd     r29, Z+20
        adc     r22, r29
        ldd     r29, Z+21
        adc     r23, r29
        ldd     r29, Z+22
        adc     r24, r29
        ldd     r29, Z+23
        adc     r25, r29
        clr     r28
        adc     r28, r1                 ; carry of a + b
        ldi     r29, 1
        add     r2, r29                  ; + top*(2^64 + 1)
        adc     r3, r1
        adc     r4, r1
        adc     r5, r1
        adc     r6, r1
        adc     r7, r1
        adc     r8, r1
        adc     r9, r1
        adc     r10, r29
        adc     r11, r1
        adc     r12, r1
        adc     r13, r1
        adc     r14, r1
        adc     r15, r1
        adc     r16, r1
        adc     r17, r1
        adc     r18, r1
        adc     r19, r1
        adc     r20, r1
        adc     r21, r1
        adc     r22, r1
        adc     r23, r1
        adc     r24, r1
        adc     r25, r1
        adc     r28, r1                 ; 1 iff a + b >= p
        ldi     r29, 1
        sub     r29, r28                ; 1 iff a + b < p: undo the 2^64 + 1
        sub     r2, r29
        sbc     r3, r1
        sbc     r4, r1
        sbc     r5, r1
        sbc     r6, r1
        sbc     r7, r1
        sbc     r8, r1
        sbc     r9, r1
        sbc     r10, r29
        sbc     r11, r1
        sbc     r12, r1
        sbc     r13, r1
        sbc     r14, r1
        sbc     r15, r1
        sbc     r16, r1
        sbc     r17, r1
        sbc     r18, r1
        sbc     r19, r1
        sbc     r20, r1
        sbc     r21, r1
        sbc     r22, r1
        sbc     r23, r1
        sbc     r24, r1
        sbc     r25, r1
        st      X+, r2
        st      X+, r3
        st      X+, r4
        st      X+, r5
        st      X+, r6
        st      X+, r7
        st      X+, r8
        st      X+, r9
        st      X+, r10
        st      X+, r11
        st      X+, r12
        st      X+, r13
        st      X+, r14
        st      X+, r15
        st      X+, r16
        st      X+, r17
        st      X+, r18
        st      X+, r19
        st      X+, r20
        st      X+, r21
        st      X+, r22
        st      X+, r23
        st      X+, r24
        st      X+, r25
        ret

p192_fsub:
        ldd     r2, Y+0
        ldd     r3, Y+1
        ldd     r4, Y+2
        ldd     r5, Y+3
        ldd     r6, Y+4
        ldd     r7, Y+5
        ldd     r8, Y+6
        ldd     r9, Y+7
        ldd     r10, Y+8
        ldd     r11, Y+9
        ldd     r12, Y+10
        ldd     r13, Y+11
        ldd     r14, Y+12
        ldd     r15, Y+13
        ldd     r16, Y+14
        ldd     r17, Y+15
        ldd     r18, Y+16
        ldd     r19, Y+17
        ldd     r20, Y+18
        ldd     r21, Y+19
        ldd     r22, Y+20
        ldd     r23, Y+21
        ldd     r24, Y+22
        ldd     r25, Y+23
        ldd     r29, Z+0
        sub     r2, r29
        ldd     r29, Z+1
        sbc     r3, r29
        ldd     r29, Z+2
        sbc     r4, r29
        ldd     r29, Z+3
        sbc     r5, r29
        ldd     r29, Z+4
        sbc     r6, r29
        ldd     r29, Z+5
        sbc     r7, r29
        ldd     r29, Z+6
        sbc     r8, r29
        ldd     r29, Z+7
        sbc     r9, r29
        ldd     r29, Z+8
        sbc     r10, r29
        ldd     r29, Z+9
        sbc     r11, r29
        ldd     r29, Z+10
        sbc     r12, r29
        ldd     r29, Z+11
        sbc     r13, r29
        ldd     r29, Z+12
        sbc     r14, r29
        ldd     r29, Z+13
        sbc     r15, r29
        ldd     r29, Z+14
        sbc     r16, r29
        ldd     r29, Z+15
        sbc     r17, r29
        ldd     r29, Z+16
        sbc     r18, r29
        ldd     r29, Z+17
        sbc     r19, r29
        ldd     r29, Z+18
        sbc     r20, r29
        ldd     r29, Z+19
        sbc     r21, r29
        ldd     r29, Z+20
        sbc     r22, r29
        ldd     r29, Z+21
        sbc     r23, r29
        ldd     r29, Z+22
        sbc     r24, r29
        ldd     r29, Z+23
        sbc     r25, r29
        sbc     r28, r28                ; 0xff on a borrow
        andi    r28, 1                  ; 1: add p, i.e. subtract 2^64 + 1 mod 2^192
        sub     r2, r28
        sbc     r3, r1
        sbc     r4, r1
        sbc     r5, r1
        sbc     r6, r1
        sbc     r7, r1
        sbc     r8, r1
        sbc     r9, r1
        sbc     r10, r28
        sbc     r11, r1
        sbc     r12, r1
        sbc     r13, r1
        sbc     r14, r1
        sbc     r15, r1
        sbc     r16, r1
        sbc     r17, r1
        sbc     r18, r1
        sbc     r19, r1
        sbc     r20, r1
        sbc     r21, r1
        sbc     r22, r1
        sbc     r23, r1
        sbc     r24, r1
        sbc     r25, r1
        st      X+, r2
        st      X+, r3
        st      X+, r4
        st      X+, r5
        st      X+, r6
        st      X+, r7
        st      X+, r8
        st      X+, r9
        st      X+, r10
        st      X+, r11
        st      X+, r12
        st      X+, r13
        st      X+, r14
        st      X+, r15
        st      X+, r16
        st      X+, r17
        st      X+, r18
        st      X+, r19
        st      X+, r20
        st      X+, r21
        st      X+, r22
        st      X+, r23
        st      X+, r24
        st      X+, r25
        ret

; ---------------------------------------------------------------------------------------------------
; p192_cswap: swap the r25 bytes at X and Z where r24 = 0xff, leave them where r24 = 0 (masked, the
; same instructions and addresses either way). Clobbers r2-r4, r25, X, Z.
; ---------------------------------------------------------------------------------------------------
p192_cswap:
        ld      r2, X
        ld      r3, Z
        mov     r4, r2
        eor     r4, r3
        and     r4, r24
        eor     r2, r4
        eor     r3, r4
        st      X+, r2
        st      Z+, r3
        dec     r25
        brne    p192_cswap
        ret

; p192_swapbit: r2 = the ladder's next bit (0 or 1); swap S0 = (x0, y0) and S1 = (x1, y1) where it
; differs from the bit S0 holds now (p192_state), so that S0 holds R_b and S1 holds R_(1-b).
p192_swapbit:
        lds     r3, p192_state
        sts     p192_state, r2
        eor     r3, r2
        mov     r24, r3
        neg     r24                     ; 0xff if the bits differ
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r30, lo8(p192_x1)
        ldi     r31, hi8(p192_x1)
        rjmp    p192_swap48

; p192_nextbit: shift the 192 low bits of p192_k left by one; r2 = the bit shifted out.
p192_nextbit:
        ldi     r28, lo8(p192_k)
        ldi     r29, hi8(p192_k)
        ldi     r25, 24
        clc
1:      ld      r2, Y
        rol     r2
        st      Y+, r2
        dec     r25
        brne    1b
        clr     r2
        rol     r2
        ret

p192_swap48:
        ldi     r25, 48
        rjmp    p192_cswap

; ---------------------------------------------------------------------------------------------------
; p192_zaddc: (S0, S1) = (S0 - S1, S0 + S1), co-Z conjugate addition (5M + 3S)
; ---------------------------------------------------------------------------------------------------
p192_zaddc:
        ; p192_t1 = p192_x0 - p192_x1
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_x1)
        ldi     r31, hi8(p192_x1)
        rcall   p192_fsub
        ; p192_t1 = p192_t1^2
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        call    p192_fsqr
        ; p192_t2 = p192_x0*p192_t1
        ldi     r26, lo8(p192_t2)
        ldi     r27, hi8(p192_t2)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_t3 = p192_x1*p192_t1
        ldi     r26, lo8(p192_t3)
        ldi     r27, hi8(p192_t3)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_t4 = p192_t2 - p192_t3
        ldi     r26, lo8(p192_t4)
        ldi     r27, hi8(p192_t4)
        ldi     r28, lo8(p192_t2)
        ldi     r29, hi8(p192_t2)
        ldi     r30, lo8(p192_t3)
        ldi     r31, hi8(p192_t3)
        rcall   p192_fsub
        ; p192_t4 = p192_y0*p192_t4
        ldi     r26, lo8(p192_t4)
        ldi     r27, hi8(p192_t4)
        ldi     r28, lo8(p192_y0)
        ldi     r29, hi8(p192_y0)
        ldi     r30, lo8(p192_t4)
        ldi     r31, hi8(p192_t4)
        call    p192_fmul
        ; p192_t5 = p192_y0 - p192_y1
        ldi     r26, lo8(p192_t5)
        ldi     r27, hi8(p192_t5)
        ldi     r28, lo8(p192_y0)
        ldi     r29, hi8(p192_y0)
        ldi     r30, lo8(p192_y1)
        ldi     r31, hi8(p192_y1)
        rcall   p192_fsub
        ; p192_t6 = p192_y0 + p192_y1
        ldi     r26, lo8(p192_t6)
        ldi     r27, hi8(p192_t6)
        ldi     r28, lo8(p192_y0)
        ldi     r29, hi8(p192_y0)
        ldi     r30, lo8(p192_y1)
        ldi     r31, hi8(p192_y1)
        rcall   p192_fadd
        ; p192_x1 = p192_t5^2
        ldi     r26, lo8(p192_x1)
        ldi     r27, hi8(p192_x1)
        ldi     r28, lo8(p192_t5)
        ldi     r29, hi8(p192_t5)
        call    p192_fsqr
        ; p192_x1 = p192_x1 - p192_t2
        ldi     r26, lo8(p192_x1)
        ldi     r27, hi8(p192_x1)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_t2)
        ldi     r31, hi8(p192_t2)
        rcall   p192_fsub
        ; p192_x1 = p192_x1 - p192_t3
        ldi     r26, lo8(p192_x1)
        ldi     r27, hi8(p192_x1)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_t3)
        ldi     r31, hi8(p192_t3)
        rcall   p192_fsub
        ; p192_t1 = p192_t2 - p192_x1
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_t2)
        ldi     r29, hi8(p192_t2)
        ldi     r30, lo8(p192_x1)
        ldi     r31, hi8(p192_x1)
        rcall   p192_fsub
        ; p192_t1 = p192_t5*p192_t1
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_t5)
        ldi     r29, hi8(p192_t5)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_y1 = p192_t1 - p192_t4
        ldi     r26, lo8(p192_y1)
        ldi     r27, hi8(p192_y1)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        ldi     r30, lo8(p192_t4)
        ldi     r31, hi8(p192_t4)
        rcall   p192_fsub
        ; p192_x0 = p192_t6^2
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r28, lo8(p192_t6)
        ldi     r29, hi8(p192_t6)
        call    p192_fsqr
        ; p192_x0 = p192_x0 - p192_t2
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_t2)
        ldi     r31, hi8(p192_t2)
        rcall   p192_fsub
        ; p192_x0 = p192_x0 - p192_t3
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_t3)
        ldi     r31, hi8(p192_t3)
        rcall   p192_fsub
        ; p192_t1 = p192_t2 - p192_x0
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_t2)
        ldi     r29, hi8(p192_t2)
        ldi     r30, lo8(p192_x0)
        ldi     r31, hi8(p192_x0)
        rcall   p192_fsub
        ; p192_t1 = p192_t6*p192_t1
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_t6)
        ldi     r29, hi8(p192_t6)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_y0 = p192_t1 - p192_t4
        ldi     r26, lo8(p192_y0)
        ldi     r27, hi8(p192_y0)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        ldi     r30, lo8(p192_t4)
        ldi     r31, hi8(p192_t4)
        rcall   p192_fsub
        ret

; ---------------------------------------------------------------------------------------------------
; p192_zaddu: (S0, S1) = (S1 + S0, S1 with the new Z), co-Z addition with update (4M + 2S)
; ---------------------------------------------------------------------------------------------------
p192_zaddu:
        ; p192_t1 = p192_x1 - p192_x0
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_x0)
        ldi     r31, hi8(p192_x0)
        rcall   p192_fsub
        ; p192_t1 = p192_t1^2
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        call    p192_fsqr
        ; p192_x1 = p192_x1*p192_t1
        ldi     r26, lo8(p192_x1)
        ldi     r27, hi8(p192_x1)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_t3 = p192_x0*p192_t1
        ldi     r26, lo8(p192_t3)
        ldi     r27, hi8(p192_t3)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_t5 = p192_y1 - p192_y0
        ldi     r26, lo8(p192_t5)
        ldi     r27, hi8(p192_t5)
        ldi     r28, lo8(p192_y1)
        ldi     r29, hi8(p192_y1)
        ldi     r30, lo8(p192_y0)
        ldi     r31, hi8(p192_y0)
        rcall   p192_fsub
        ; p192_t4 = p192_x1 - p192_t3
        ldi     r26, lo8(p192_t4)
        ldi     r27, hi8(p192_t4)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_t3)
        ldi     r31, hi8(p192_t3)
        rcall   p192_fsub
        ; p192_y1 = p192_y1*p192_t4
        ldi     r26, lo8(p192_y1)
        ldi     r27, hi8(p192_y1)
        ldi     r28, lo8(p192_y1)
        ldi     r29, hi8(p192_y1)
        ldi     r30, lo8(p192_t4)
        ldi     r31, hi8(p192_t4)
        call    p192_fmul
        ; p192_x0 = p192_t5^2
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r28, lo8(p192_t5)
        ldi     r29, hi8(p192_t5)
        call    p192_fsqr
        ; p192_x0 = p192_x0 - p192_x1
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_x1)
        ldi     r31, hi8(p192_x1)
        rcall   p192_fsub
        ; p192_x0 = p192_x0 - p192_t3
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_t3)
        ldi     r31, hi8(p192_t3)
        rcall   p192_fsub
        ; p192_t1 = p192_x1 - p192_x0
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_x0)
        ldi     r31, hi8(p192_x0)
        rcall   p192_fsub
        ; p192_t1 = p192_t5*p192_t1
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_t5)
        ldi     r29, hi8(p192_t5)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_y0 = p192_t1 - p192_y1
        ldi     r26, lo8(p192_y0)
        ldi     r27, hi8(p192_y0)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        ldi     r30, lo8(p192_y1)
        ldi     r31, hi8(p192_y1)
        rcall   p192_fsub
        ret

; ---------------------------------------------------------------------------------------------------
; void p192_scalarmul(uint8_t *r, const uint8_t *k, const uint8_t *p)
; ---------------------------------------------------------------------------------------------------
        .global p192_scalarmul
        .type   p192_scalarmul, @function
p192_scalarmul:
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
        sts     p192_rptr, r24
        sts     p192_rptr+1, r25
        ; copy P to (px, py)
        movw    r30, r20
        ldi     r26, lo8(p192_px)
        ldi     r27, hi8(p192_px)
        ldi     r25, 48
1:      ld      r0, Z+
        st      X+, r0
        dec     r25
        brne    1b
        ; the constants 0 and 3, the ladder's state
        ldi     r26, lo8(p192_zero)
        ldi     r27, hi8(p192_zero)
        ldi     r25, 48
2:      st      X+, r1
        dec     r25
        brne    2b
        ldi     r24, 3
        sts     p192_three, r24
        sts     p192_state, r1
        ; k' = k + n if that has bit 192 set, else k + 2n (so k' = k mod n with bit 192 set): the
        ; ladder then runs 192 steps for every k. Both sums are computed; a mask selects.
        movw    r26, r22                ; X = k
        ldi     r30, lo8(p192_n1)
        ldi     r31, hi8(p192_n1)       ; Z = n and 2n (flash, interleaved: n[i], 2n[i])
        ldi     r28, lo8(p192_k)
        ldi     r29, hi8(p192_k)
        clr     r2                      ; carry of k + n
        clr     r3                      ; carry of k + 2n
        ldi     r25, 25
3:      clr     r4
        cpi     r25, 1
        breq    4f                      ; k has 24 bytes: its byte 24 is 0 (the branch depends on
        ld      r4, X+                  ; the loop count only)
        rjmp    5f
4:      nop
        nop
5:      lpm     r5, Z+
        lpm     r6, Z+
        mov     r7, r4
        lsr     r2                      ; C = carry in of k + n
        adc     r7, r5
        rol     r2
        lsr     r3
        adc     r4, r6
        rol     r3
        std     Y+25, r4                ; k + 2n at p192_k + 25
        st      Y+, r7                  ; k + n at p192_k
        dec     r25
        brne    3b
        ; mask = 0xff if byte 24 of k + n is 1 (bit 192 set): keep k + n, else take k + 2n
        lds     r24, p192_k+24
        neg     r24
        com     r24                     ; 0xff: take k + 2n
        ldi     r26, lo8(p192_k)
        ldi     r27, hi8(p192_k)
        ldi     r30, lo8(p192_k+25)
        ldi     r31, hi8(p192_k+25)
        ldi     r25, 24
        rcall   p192_cswap
        ; (S1, S0) = (2P, P) with Z = 2y: the co-Z initial doubling (a = -3)
        ; p192_t1 = p192_px^2
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_px)
        ldi     r29, hi8(p192_px)
        call    p192_fsqr
        ; p192_t2 = p192_py^2
        ldi     r26, lo8(p192_t2)
        ldi     r27, hi8(p192_t2)
        ldi     r28, lo8(p192_py)
        ldi     r29, hi8(p192_py)
        call    p192_fsqr
        ; p192_y0 = p192_t2^2
        ldi     r26, lo8(p192_y0)
        ldi     r27, hi8(p192_y0)
        ldi     r28, lo8(p192_t2)
        ldi     r29, hi8(p192_t2)
        call    p192_fsqr
        ; p192_x0 = p192_px*p192_t2
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r28, lo8(p192_px)
        ldi     r29, hi8(p192_px)
        ldi     r30, lo8(p192_t2)
        ldi     r31, hi8(p192_t2)
        call    p192_fmul
        ; p192_x0 = p192_x0 + p192_x0
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_x0)
        ldi     r31, hi8(p192_x0)
        rcall   p192_fadd
        ; p192_x0 = p192_x0 + p192_x0
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_x0)
        ldi     r31, hi8(p192_x0)
        rcall   p192_fadd
        ; p192_t5 = p192_t1 + p192_t1
        ldi     r26, lo8(p192_t5)
        ldi     r27, hi8(p192_t5)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        rcall   p192_fadd
        ; p192_t5 = p192_t5 + p192_t1
        ldi     r26, lo8(p192_t5)
        ldi     r27, hi8(p192_t5)
        ldi     r28, lo8(p192_t5)
        ldi     r29, hi8(p192_t5)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        rcall   p192_fadd
        ; p192_t5 = p192_t5 - p192_three
        ldi     r26, lo8(p192_t5)
        ldi     r27, hi8(p192_t5)
        ldi     r28, lo8(p192_t5)
        ldi     r29, hi8(p192_t5)
        ldi     r30, lo8(p192_three)
        ldi     r31, hi8(p192_three)
        rcall   p192_fsub
        ; p192_x1 = p192_t5^2
        ldi     r26, lo8(p192_x1)
        ldi     r27, hi8(p192_x1)
        ldi     r28, lo8(p192_t5)
        ldi     r29, hi8(p192_t5)
        call    p192_fsqr
        ; p192_x1 = p192_x1 - p192_x0
        ldi     r26, lo8(p192_x1)
        ldi     r27, hi8(p192_x1)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_x0)
        ldi     r31, hi8(p192_x0)
        rcall   p192_fsub
        ; p192_x1 = p192_x1 - p192_x0
        ldi     r26, lo8(p192_x1)
        ldi     r27, hi8(p192_x1)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_x0)
        ldi     r31, hi8(p192_x0)
        rcall   p192_fsub
        ; p192_y0 = p192_y0 + p192_y0
        ldi     r26, lo8(p192_y0)
        ldi     r27, hi8(p192_y0)
        ldi     r28, lo8(p192_y0)
        ldi     r29, hi8(p192_y0)
        ldi     r30, lo8(p192_y0)
        ldi     r31, hi8(p192_y0)
        rcall   p192_fadd
        ; p192_y0 = p192_y0 + p192_y0
        ldi     r26, lo8(p192_y0)
        ldi     r27, hi8(p192_y0)
        ldi     r28, lo8(p192_y0)
        ldi     r29, hi8(p192_y0)
        ldi     r30, lo8(p192_y0)
        ldi     r31, hi8(p192_y0)
        rcall   p192_fadd
        ; p192_y0 = p192_y0 + p192_y0
        ldi     r26, lo8(p192_y0)
        ldi     r27, hi8(p192_y0)
        ldi     r28, lo8(p192_y0)
        ldi     r29, hi8(p192_y0)
        ldi     r30, lo8(p192_y0)
        ldi     r31, hi8(p192_y0)
        rcall   p192_fadd
        ; p192_t6 = p192_x0 - p192_x1
        ldi     r26, lo8(p192_t6)
        ldi     r27, hi8(p192_t6)
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_x1)
        ldi     r31, hi8(p192_x1)
        rcall   p192_fsub
        ; p192_t6 = p192_t5*p192_t6
        ldi     r26, lo8(p192_t6)
        ldi     r27, hi8(p192_t6)
        ldi     r28, lo8(p192_t5)
        ldi     r29, hi8(p192_t5)
        ldi     r30, lo8(p192_t6)
        ldi     r31, hi8(p192_t6)
        call    p192_fmul
        ; p192_y1 = p192_t6 - p192_y0
        ldi     r26, lo8(p192_y1)
        ldi     r27, hi8(p192_y1)
        ldi     r28, lo8(p192_t6)
        ldi     r29, hi8(p192_t6)
        ldi     r30, lo8(p192_y0)
        ldi     r31, hi8(p192_y0)
        rcall   p192_fsub
        ; the ladder: bits 191..1 of k'
        ldi     r16, 191
6:      push    r16
        rcall   p192_nextbit
        rcall   p192_swapbit
        rcall   p192_zaddc
        rcall   p192_zaddu
        pop     r16
        dec     r16
        breq    7f
        rjmp    6b
7:      ; bit 0: the conjugate addition, then the final Z from P (S0 = P if b = 1, -P if b = 0)
        rcall   p192_nextbit
        rcall   p192_swapbit
        rcall   p192_zaddc
        ; p192_t1 = p192_x1 - p192_x0
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_x1)
        ldi     r29, hi8(p192_x1)
        ldi     r30, lo8(p192_x0)
        ldi     r31, hi8(p192_x0)
        rcall   p192_fsub
        ; p192_t1 = p192_t1*p192_y0
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        ldi     r30, lo8(p192_y0)
        ldi     r31, hi8(p192_y0)
        call    p192_fmul
        ; p192_t1 = p192_t1*p192_px
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        ldi     r30, lo8(p192_px)
        ldi     r31, hi8(p192_px)
        call    p192_fmul
        ; p192_t3 = p192_zero - p192_py
        ldi     r26, lo8(p192_t3)
        ldi     r27, hi8(p192_t3)
        ldi     r28, lo8(p192_zero)
        ldi     r29, hi8(p192_zero)
        ldi     r30, lo8(p192_py)
        ldi     r31, hi8(p192_py)
        rcall   p192_fsub
        ; p192_t2 = p192_py + p192_zero
        ldi     r26, lo8(p192_t2)
        ldi     r27, hi8(p192_t2)
        ldi     r28, lo8(p192_py)
        ldi     r29, hi8(p192_py)
        ldi     r30, lo8(p192_zero)
        ldi     r31, hi8(p192_zero)
        rcall   p192_fadd
        ; t2 = y if b = 1, -y if b = 0 (masked swap of t2 and t3 when b = 0)
        lds     r24, p192_state
        dec     r24                     ; 0xff if b = 0
        ldi     r25, 24
        ldi     r26, lo8(p192_t2)
        ldi     r27, hi8(p192_t2)
        ldi     r30, lo8(p192_t3)
        ldi     r31, hi8(p192_t3)
        rcall   p192_cswap
        ; p192_t2 = p192_t2*p192_x0
        ldi     r26, lo8(p192_t2)
        ldi     r27, hi8(p192_t2)
        ldi     r28, lo8(p192_t2)
        ldi     r29, hi8(p192_t2)
        ldi     r30, lo8(p192_x0)
        ldi     r31, hi8(p192_x0)
        call    p192_fmul
        ; acc = t1^(p-2) = 1/t1 (Fermat; p - 2 = 2^192 - 2^64 - 3, a fixed chain: 205S + 14M)
        ; p192_i2 = p192_t1^2
        ldi     r26, lo8(p192_i2)
        ldi     r27, hi8(p192_i2)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        call    p192_fsqr
        ; p192_i2 = p192_i2*p192_t1
        ldi     r26, lo8(p192_i2)
        ldi     r27, hi8(p192_i2)
        ldi     r28, lo8(p192_i2)
        ldi     r29, hi8(p192_i2)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_acc = p192_i2^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_i2)
        ldi     r29, hi8(p192_i2)
        call    p192_fsqr
        ; p192_acc = p192_acc*p192_t1
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_i6 = p192_acc^2
        ldi     r26, lo8(p192_i6)
        ldi     r27, hi8(p192_i6)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        ldi     r16, 2
10:
        push    r16
        ; p192_i6 = p192_i6^2
        ldi     r26, lo8(p192_i6)
        ldi     r27, hi8(p192_i6)
        ldi     r28, lo8(p192_i6)
        ldi     r29, hi8(p192_i6)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    10b
        ; p192_i6 = p192_i6*p192_acc
        ldi     r26, lo8(p192_i6)
        ldi     r27, hi8(p192_i6)
        ldi     r28, lo8(p192_i6)
        ldi     r29, hi8(p192_i6)
        ldi     r30, lo8(p192_acc)
        ldi     r31, hi8(p192_acc)
        call    p192_fmul
        ; p192_i12 = p192_i6^2
        ldi     r26, lo8(p192_i12)
        ldi     r27, hi8(p192_i12)
        ldi     r28, lo8(p192_i6)
        ldi     r29, hi8(p192_i6)
        call    p192_fsqr
        ldi     r16, 5
11:
        push    r16
        ; p192_i12 = p192_i12^2
        ldi     r26, lo8(p192_i12)
        ldi     r27, hi8(p192_i12)
        ldi     r28, lo8(p192_i12)
        ldi     r29, hi8(p192_i12)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    11b
        ; p192_i12 = p192_i12*p192_i6
        ldi     r26, lo8(p192_i12)
        ldi     r27, hi8(p192_i12)
        ldi     r28, lo8(p192_i12)
        ldi     r29, hi8(p192_i12)
        ldi     r30, lo8(p192_i6)
        ldi     r31, hi8(p192_i6)
        call    p192_fmul
        ; p192_i24 = p192_i12^2
        ldi     r26, lo8(p192_i24)
        ldi     r27, hi8(p192_i24)
        ldi     r28, lo8(p192_i12)
        ldi     r29, hi8(p192_i12)
        call    p192_fsqr
        ldi     r16, 11
12:
        push    r16
        ; p192_i24 = p192_i24^2
        ldi     r26, lo8(p192_i24)
        ldi     r27, hi8(p192_i24)
        ldi     r28, lo8(p192_i24)
        ldi     r29, hi8(p192_i24)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    12b
        ; p192_i24 = p192_i24*p192_i12
        ldi     r26, lo8(p192_i24)
        ldi     r27, hi8(p192_i24)
        ldi     r28, lo8(p192_i24)
        ldi     r29, hi8(p192_i24)
        ldi     r30, lo8(p192_i12)
        ldi     r31, hi8(p192_i12)
        call    p192_fmul
        ; p192_i48 = p192_i24^2
        ldi     r26, lo8(p192_i48)
        ldi     r27, hi8(p192_i48)
        ldi     r28, lo8(p192_i24)
        ldi     r29, hi8(p192_i24)
        call    p192_fsqr
        ldi     r16, 23
13:
        push    r16
        ; p192_i48 = p192_i48^2
        ldi     r26, lo8(p192_i48)
        ldi     r27, hi8(p192_i48)
        ldi     r28, lo8(p192_i48)
        ldi     r29, hi8(p192_i48)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    13b
        ; p192_i48 = p192_i48*p192_i24
        ldi     r26, lo8(p192_i48)
        ldi     r27, hi8(p192_i48)
        ldi     r28, lo8(p192_i48)
        ldi     r29, hi8(p192_i48)
        ldi     r30, lo8(p192_i24)
        ldi     r31, hi8(p192_i24)
        call    p192_fmul
        ; p192_acc = p192_i48^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_i48)
        ldi     r29, hi8(p192_i48)
        call    p192_fsqr
        ldi     r16, 47
14:
        push    r16
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    14b
        ; p192_acc = p192_acc*p192_i48
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        ldi     r30, lo8(p192_i48)
        ldi     r31, hi8(p192_i48)
        call    p192_fmul
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        ldi     r16, 23
15:
        push    r16
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    15b
        ; p192_acc = p192_acc*p192_i24
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        ldi     r30, lo8(p192_i24)
        ldi     r31, hi8(p192_i24)
        call    p192_fmul
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        ldi     r16, 5
16:
        push    r16
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    16b
        ; p192_acc = p192_acc*p192_i6
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        ldi     r30, lo8(p192_i6)
        ldi     r31, hi8(p192_i6)
        call    p192_fmul
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        ; p192_acc = p192_acc*p192_t1
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; p192_acc2 = p192_i48^2
        ldi     r26, lo8(p192_acc2)
        ldi     r27, hi8(p192_acc2)
        ldi     r28, lo8(p192_i48)
        ldi     r29, hi8(p192_i48)
        call    p192_fsqr
        ldi     r16, 11
18:
        push    r16
        ; p192_acc2 = p192_acc2^2
        ldi     r26, lo8(p192_acc2)
        ldi     r27, hi8(p192_acc2)
        ldi     r28, lo8(p192_acc2)
        ldi     r29, hi8(p192_acc2)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    18b
        ; p192_acc2 = p192_acc2*p192_i12
        ldi     r26, lo8(p192_acc2)
        ldi     r27, hi8(p192_acc2)
        ldi     r28, lo8(p192_acc2)
        ldi     r29, hi8(p192_acc2)
        ldi     r30, lo8(p192_i12)
        ldi     r31, hi8(p192_i12)
        call    p192_fmul
        ; p192_acc2 = p192_acc2^2
        ldi     r26, lo8(p192_acc2)
        ldi     r27, hi8(p192_acc2)
        ldi     r28, lo8(p192_acc2)
        ldi     r29, hi8(p192_acc2)
        call    p192_fsqr
        ldi     r16, 1
19:
        push    r16
        ; p192_acc2 = p192_acc2^2
        ldi     r26, lo8(p192_acc2)
        ldi     r27, hi8(p192_acc2)
        ldi     r28, lo8(p192_acc2)
        ldi     r29, hi8(p192_acc2)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    19b
        ; p192_acc2 = p192_acc2*p192_i2
        ldi     r26, lo8(p192_acc2)
        ldi     r27, hi8(p192_acc2)
        ldi     r28, lo8(p192_acc2)
        ldi     r29, hi8(p192_acc2)
        ldi     r30, lo8(p192_i2)
        ldi     r31, hi8(p192_i2)
        call    p192_fmul
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        ldi     r16, 62
20:
        push    r16
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    20b
        ; p192_acc = p192_acc*p192_acc2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        ldi     r30, lo8(p192_acc2)
        ldi     r31, hi8(p192_acc2)
        call    p192_fmul
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        ldi     r16, 1
21:
        push    r16
        ; p192_acc = p192_acc^2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        pop     r16
        dec     r16
        brne    21b
        ; p192_acc = p192_acc*p192_t1
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; lambda = 1/Z of the result
        ; p192_acc = p192_acc*p192_t2
        ldi     r26, lo8(p192_acc)
        ldi     r27, hi8(p192_acc)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        ldi     r30, lo8(p192_t2)
        ldi     r31, hi8(p192_t2)
        call    p192_fmul
        rcall   p192_zaddu
        ; R0 is S0 if b = 0, S1 if b = 1
        lds     r24, p192_state
        neg     r24
        rcall   p192_swap48x
        ; r = (x0 * lambda^2, y0 * lambda^3)
        ; p192_t1 = p192_acc^2
        ldi     r26, lo8(p192_t1)
        ldi     r27, hi8(p192_t1)
        ldi     r28, lo8(p192_acc)
        ldi     r29, hi8(p192_acc)
        call    p192_fsqr
        ; t2 = lambda^3
        ldi     r26, lo8(p192_t2)
        ldi     r27, hi8(p192_t2)
        ldi     r28, lo8(p192_t1)
        ldi     r29, hi8(p192_t1)
        ldi     r30, lo8(p192_acc)
        ldi     r31, hi8(p192_acc)
        call    p192_fmul
        ; x
        lds     r26, p192_rptr
        lds     r27, p192_rptr+1
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; y
        lds     r26, p192_rptr
        lds     r27, p192_rptr+1
        adiw    r26, 24
        ldi     r28, lo8(p192_y0)
        ldi     r29, hi8(p192_y0)
        ldi     r30, lo8(p192_t2)
        ldi     r31, hi8(p192_t2)
        call    p192_fmul
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
        ret
        .size   p192_scalarmul, .-p192_scalarmul

; p192_swap48x: swap S0 and S1 (48 bytes each) where r24 = 0xff
p192_swap48x:
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r30, lo8(p192_x1)
        ldi     r31, hi8(p192_x1)
        rjmp    p192_swap48

; ---------------------------------------------------------------------------------------------------
; p192_fmul: X = Y * Z mod p (X may equal Y or Z). Internal convention: clobbers r0-r31, r1 = 0 out.
; Four 12x12-byte products of the halves, product scanning with both halves in registers (a half in
; r2..r13, b half in r14..r25), the column sum in a rotating 3-byte accumulator (r26, r27, r28),
; r29 = 0, r30 the byte already in p192_prod that a column adds; the halves reloaded through Z.
; ---------------------------------------------------------------------------------------------------
p192_fmul:
        sts     p192_pd, r26
        sts     p192_pd+1, r27
        sts     p192_pa, r28
        sts     p192_pa+1, r29
        sts     p192_pb, r30
        sts     p192_pb+1, r31
        clr     r29                     ; zero
        lds     r30, p192_pa
        lds     r31, p192_pa+1
        ldd     r2, Z+0
        ldd     r3, Z+1
        ldd     r4, Z+2
        ldd     r5, Z+3
        ldd     r6, Z+4
        ldd     r7, Z+5
        ldd     r8, Z+6
        ldd     r9, Z+7
        ldd     r10, Z+8
        ldd     r11, Z+9
        ldd     r12, Z+10
        ldd     r13, Z+11
        lds     r30, p192_pb
        lds     r31, p192_pb+1
        ldd     r14, Z+0
        ldd     r15, Z+1
        ldd     r16, Z+2
        ldd     r17, Z+3
        ldd     r18, Z+4
        ldd     r19, Z+5
        ldd     r20, Z+6
        ldd     r21, Z+7
        ldd     r22, Z+8
        ldd     r23, Z+9
        ldd     r24, Z+10
        ldd     r25, Z+11
        ; A0*B0 into p192_prod + 0
        clr     r26
        clr     r27
        clr     r28
        mul     r2, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+0, r26
        clr     r26
        mul     r2, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+1, r27
        clr     r27
        mul     r2, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+2, r28
        clr     r28
        mul     r2, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+3, r26
        clr     r26
        mul     r2, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+4, r27
        clr     r27
        mul     r2, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+5, r28
        clr     r28
        mul     r2, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+6, r26
        clr     r26
        mul     r2, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+7, r27
        clr     r27
        mul     r2, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+8, r28
        clr     r28
        mul     r2, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+9, r26
        clr     r26
        mul     r2, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+10, r27
        clr     r27
        mul     r2, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+11, r28
        clr     r28
        mul     r3, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+12, r26
        clr     r26
        mul     r4, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+13, r27
        clr     r27
        mul     r5, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+14, r28
        clr     r28
        mul     r6, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+15, r26
        clr     r26
        mul     r7, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+16, r27
        clr     r27
        mul     r8, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+17, r28
        clr     r28
        mul     r9, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+18, r26
        clr     r26
        mul     r10, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+19, r27
        clr     r27
        mul     r11, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+20, r28
        clr     r28
        mul     r12, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+21, r26
        clr     r26
        mul     r13, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+22, r27
        clr     r27
        sts     p192_prod+23, r28
        clr     r28
        lds     r30, p192_pa
        lds     r31, p192_pa+1
        ldd     r2, Z+12
        ldd     r3, Z+13
        ldd     r4, Z+14
        ldd     r5, Z+15
        ldd     r6, Z+16
        ldd     r7, Z+17
        ldd     r8, Z+18
        ldd     r9, Z+19
        ldd     r10, Z+20
        ldd     r11, Z+21
        ldd     r12, Z+22
        ldd     r13, Z+23
        ; A1*B0 into p192_prod + 12
        clr     r26
        clr     r27
        clr     r28
        mul     r2, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+12
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+12, r26
        clr     r26
        mul     r2, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+13
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+13, r27
        clr     r27
        mul     r2, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+14
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+14, r28
        clr     r28
        mul     r2, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+15
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+15, r26
        clr     r26
        mul     r2, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+16
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+16, r27
        clr     r27
        mul     r2, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+17
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+17, r28
        clr     r28
        mul     r2, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+18
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+18, r26
        clr     r26
        mul     r2, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+19
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+19, r27
        clr     r27
        mul     r2, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+20
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+20, r28
        clr     r28
        mul     r2, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+21
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+21, r26
        clr     r26
        mul     r2, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+22
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+22, r27
        clr     r27
        mul     r2, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+23
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+23, r28
        clr     r28
        mul     r3, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+24, r26
        clr     r26
        mul     r4, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+25, r27
        clr     r27
        mul     r5, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+26, r28
        clr     r28
        mul     r6, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+27, r26
        clr     r26
        mul     r7, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+28, r27
        clr     r27
        mul     r8, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+29, r28
        clr     r28
        mul     r9, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+30, r26
        clr     r26
        mul     r10, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+31, r27
        clr     r27
        mul     r11, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+32, r28
        clr     r28
        mul     r12, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+33, r26
        clr     r26
        mul     r13, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+34, r27
        clr     r27
        sts     p192_prod+35, r28
        clr     r28
        sts     p192_prod+36, r26
        clr     r26
        lds     r30, p192_pb
        lds     r31, p192_pb+1
        ldd     r14, Z+12
        ldd     r15, Z+13
        ldd     r16, Z+14
        ldd     r17, Z+15
        ldd     r18, Z+16
        ldd     r19, Z+17
        ldd     r20, Z+18
        ldd     r21, Z+19
        ldd     r22, Z+20
        ldd     r23, Z+21
        ldd     r24, Z+22
        ldd     r25, Z+23
        ; A1*B1 into p192_prod + 24
        clr     r26
        clr     r27
        clr     r28
        mul     r2, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+24
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+24, r26
        clr     r26
        mul     r2, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+25
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+25, r27
        clr     r27
        mul     r2, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+26
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+26, r28
        clr     r28
        mul     r2, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+27
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+27, r26
        clr     r26
        mul     r2, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+28
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+28, r27
        clr     r27
        mul     r2, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+29
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+29, r28
        clr     r28
        mul     r2, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+30
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+30, r26
        clr     r26
        mul     r2, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+31
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+31, r27
        clr     r27
        mul     r2, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+32
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+32, r28
        clr     r28
        mul     r2, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+33
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+33, r26
        clr     r26
        mul     r2, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+34
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+34, r27
        clr     r27
        mul     r2, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+35
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+35, r28
        clr     r28
        mul     r3, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+36
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+36, r26
        clr     r26
        mul     r4, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+37, r27
        clr     r27
        mul     r5, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+38, r28
        clr     r28
        mul     r6, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+39, r26
        clr     r26
        mul     r7, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+40, r27
        clr     r27
        mul     r8, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+41, r28
        clr     r28
        mul     r9, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+42, r26
        clr     r26
        mul     r10, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+43, r27
        clr     r27
        mul     r11, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        sts     p192_prod+44, r28
        clr     r28
        mul     r12, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        sts     p192_prod+45, r26
        clr     r26
        mul     r13, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        sts     p192_prod+46, r27
        clr     r27
        sts     p192_prod+47, r28
        clr     r28
        lds     r30, p192_pa
        lds     r31, p192_pa+1
        ldd     r2, Z+0
        ldd     r3, Z+1
        ldd     r4, Z+2
        ldd     r5, Z+3
        ldd     r6, Z+4
        ldd     r7, Z+5
        ldd     r8, Z+6
        ldd     r9, Z+7
        ldd     r10, Z+8
        ldd     r11, Z+9
        ldd     r12, Z+10
        ldd     r13, Z+11
        ; A0*B1 into p192_prod + 12
        clr     r26
        clr     r27
        clr     r28
        mul     r2, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+12
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+12, r26
        clr     r26
        mul     r2, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+13
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+13, r27
        clr     r27
        mul     r2, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+14
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+14, r28
        clr     r28
        mul     r2, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+15
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+15, r26
        clr     r26
        mul     r2, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+16
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+16, r27
        clr     r27
        mul     r2, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+17
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+17, r28
        clr     r28
        mul     r2, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+18
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+18, r26
        clr     r26
        mul     r2, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+19
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+19, r27
        clr     r27
        mul     r2, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+20
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+20, r28
        clr     r28
        mul     r2, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r3, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r14
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+21
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+21, r26
        clr     r26
        mul     r2, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r3, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r4, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r15
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r14
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+22
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+22, r27
        clr     r27
        mul     r2, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r3, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r4, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r5, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r16
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r15
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r14
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+23
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+23, r28
        clr     r28
        mul     r3, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r4, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r5, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r6, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r17
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r16
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r15
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+24
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+24, r26
        clr     r26
        mul     r4, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r5, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r6, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r7, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r18
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r17
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r16
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+25
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+25, r27
        clr     r27
        mul     r5, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r6, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r7, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r8, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r19
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r18
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r17
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+26
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+26, r28
        clr     r28
        mul     r6, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r7, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r8, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r9, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r20
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r19
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r18
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+27
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+27, r26
        clr     r26
        mul     r7, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r8, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r9, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r10, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r21
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r20
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r19
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+28
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+28, r27
        clr     r27
        mul     r8, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r9, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r10, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r11, r22
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r21
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r20
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+29
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+29, r28
        clr     r28
        mul     r9, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r10, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r11, r23
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r12, r22
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r21
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+30
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+30, r26
        clr     r26
        mul     r10, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r11, r24
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r12, r23
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        mul     r13, r22
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+31
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+31, r27
        clr     r27
        mul     r11, r25
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r12, r24
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        mul     r13, r23
        add     r28, r0
        adc     r26, r1
        adc     r27, r29
        lds     r30, p192_prod+32
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+32, r28
        clr     r28
        mul     r12, r25
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        mul     r13, r24
        add     r26, r0
        adc     r27, r1
        adc     r28, r29
        lds     r30, p192_prod+33
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+33, r26
        clr     r26
        mul     r13, r25
        add     r27, r0
        adc     r28, r1
        adc     r26, r29
        lds     r30, p192_prod+34
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+34, r27
        clr     r27
        lds     r30, p192_prod+35
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+35, r28
        clr     r28
        lds     r30, p192_prod+36
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+36, r26
        clr     r26
        lds     r30, p192_prod+37
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+37, r27
        clr     r27
        lds     r30, p192_prod+38
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+38, r28
        clr     r28
        lds     r30, p192_prod+39
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+39, r26
        clr     r26
        lds     r30, p192_prod+40
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+40, r27
        clr     r27
        lds     r30, p192_prod+41
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+41, r28
        clr     r28
        lds     r30, p192_prod+42
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+42, r26
        clr     r26
        lds     r30, p192_prod+43
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+43, r27
        clr     r27
        lds     r30, p192_prod+44
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+44, r28
        clr     r28
        lds     r30, p192_prod+45
        add     r26, r30
        adc     r27, r29
        adc     r28, r29
        sts     p192_prod+45, r26
        clr     r26
        lds     r30, p192_prod+46
        add     r27, r30
        adc     r28, r29
        adc     r26, r29
        sts     p192_prod+46, r27
        clr     r27
        lds     r30, p192_prod+47
        add     r28, r30
        adc     r26, r29
        adc     r27, r29
        sts     p192_prod+47, r28
        clr     r28
        ; reduction (FIPS 186-4 D.2.1): with the product as 64-bit words c5..c0,
        ; r = (c2,c1,c0) + (0,c3,c3) + (c4,c4,0) + (c5,c5,c5) mod p
p192_reduce:
        lds     r28, p192_pd
        lds     r29, p192_pd+1          ; Y = dst
        clr     r1
        ldi     r30, lo8(p192_prod)
        ldi     r31, hi8(p192_prod)
        ldd     r2, Z+0
        ldd     r3, Z+1
        ldd     r4, Z+2
        ldd     r5, Z+3
        ldd     r6, Z+4
        ldd     r7, Z+5
        ldd     r8, Z+6
        ldd     r9, Z+7
        ldd     r10, Z+8
        ldd     r11, Z+9
        ldd     r12, Z+10
        ldd     r13, Z+11
        ldd     r14, Z+12
        ldd     r15, Z+13
        ldd     r16, Z+14
        ldd     r17, Z+15
        ldd     r18, Z+16
        ldd     r19, Z+17
        ldd     r20, Z+18
        ldd     r21, Z+19
        ldd     r22, Z+20
        ldd     r23, Z+21
        ldd     r24, Z+22
        ldd     r25, Z+23
        clr     r26                     ; the bits above 2^192
        ldd     r27, Z+24
        add     r2, r27
        ldd     r27, Z+25
        adc     r3, r27
        ldd     r27, Z+26
        adc     r4, r27
        ldd     r27, Z+27
        adc     r5, r27
        ldd     r27, Z+28
        adc     r6, r27
        ldd     r27, Z+29
        adc     r7, r27
        ldd     r27, Z+30
        adc     r8, r27
        ldd     r27, Z+31
        adc     r9, r27
        ldd     r27, Z+24
        adc     r10, r27
        ldd     r27, Z+25
        adc     r11, r27
        ldd     r27, Z+26
        adc     r12, r27
        ldd     r27, Z+27
        adc     r13, r27
        ldd     r27, Z+28
        adc     r14, r27
        ldd     r27, Z+29
        adc     r15, r27
        ldd     r27, Z+30
        adc     r16, r27
        ldd     r27, Z+31
        adc     r17, r27
        adc     r18, r1
        adc     r19, r1
        adc     r20, r1
        adc     r21, r1
        adc     r22, r1
        adc     r23, r1
        adc     r24, r1
        adc     r25, r1
        adc     r26, r1
        ldd     r27, Z+32
        add     r10, r27
        ldd     r27, Z+33
        adc     r11, r27
        ldd     r27, Z+34
        adc     r12, r27
        ldd     r27, Z+35
        adc     r13, r27
        ldd     r27, Z+36
        adc     r14, r27
        ldd     r27, Z+37
        adc     r15, r27
        ldd     r27, Z+38
        adc     r16, r27
        ldd     r27, Z+39
        adc     r17, r27
        ldd     r27, Z+32
        adc     r18, r27
        ldd     r27, Z+33
        adc     r19, r27
        ldd     r27, Z+34
        adc     r20, r27
        ldd     r27, Z+35
        adc     r21, r27
        ldd     r27, Z+36
        adc     r22, r27
        ldd     r27, Z+37
        adc     r23, r27
        ldd     r27, Z+38
        adc     r24, r27
        ldd     r27, Z+39
        adc     r25, r27
        adc     r26, r1
        ldd     r27, Z+40
        add     r2, r27
        ldd     r27, Z+41
        adc     r3, r27
        ldd     r27, Z+42
        adc     r4, r27
        ldd     r27, Z+43
        adc     r5, r27
        ldd     r27, Z+44
        adc     r6, r27
        ldd     r27, Z+45
        adc     r7, r27
        ldd     r27, Z+46
        adc     r8, r27
        ldd     r27, Z+47
        adc     r9, r27
        ldd     r27, Z+40
        adc     r10, r27
        ldd     r27, Z+41
        adc     r11, r27
        ldd     r27, Z+42
        adc     r12, r27
        ldd     r27, Z+43
        adc     r13, r27
        ldd     r27, Z+44
        adc     r14, r27
        ldd     r27, Z+45
        adc     r15, r27
        ldd     r27, Z+46
        adc     r16, r27
        ldd     r27, Z+47
        adc     r17, r27
        ldd     r27, Z+40
        adc     r18, r27
        ldd     r27, Z+41
        adc     r19, r27
        ldd     r27, Z+42
        adc     r20, r27
        ldd     r27, Z+43
        adc     r21, r27
        ldd     r27, Z+44
        adc     r22, r27
        ldd     r27, Z+45
        adc     r23, r27
        ldd     r27, Z+46
        adc     r24, r27
        ldd     r27, Z+47
        adc     r25, r27
        adc     r26, r1
        add     r2, r26                  ; + top*(2^64 + 1)
        adc     r3, r1
        adc     r4, r1
        adc     r5, r1
        adc     r6, r1
        adc     r7, r1
        adc     r8, r1
        adc     r9, r1
        adc     r10, r26
        adc     r11, r1
        adc     r12, r1
        adc     r13, r1
        adc     r14, r1
        adc     r15, r1
        adc     r16, r1
        adc     r17, r1
        adc     r18, r1
        adc     r19, r1
        adc     r20, r1
        adc     r21, r1
        adc     r22, r1
        adc     r23, r1
        adc     r24, r1
        adc     r25, r1
        clr     r26
        adc     r26, r1                 ; the carry of the first fold (0 or 1)
        add     r2, r26                  ; + top*(2^64 + 1)
        adc     r3, r1
        adc     r4, r1
        adc     r5, r1
        adc     r6, r1
        adc     r7, r1
        adc     r8, r1
        adc     r9, r1
        adc     r10, r26
        adc     r11, r1
        adc     r12, r1
        adc     r13, r1
        adc     r14, r1
        adc     r15, r1
        adc     r16, r1
        adc     r17, r1
        adc     r18, r1
        adc     r19, r1
        adc     r20, r1
        adc     r21, r1
        adc     r22, r1
        adc     r23, r1
        adc     r24, r1
        adc     r25, r1
        ldi     r27, 1
        add     r2, r27                  ; + top*(2^64 + 1)
        adc     r3, r1
        adc     r4, r1
        adc     r5, r1
        adc     r6, r1
        adc     r7, r1
        adc     r8, r1
        adc     r9, r1
        adc     r10, r27
        adc     r11, r1
        adc     r12, r1
        adc     r13, r1
        adc     r14, r1
        adc     r15, r1
        adc     r16, r1
        adc     r17, r1
        adc     r18, r1
        adc     r19, r1
        adc     r20, r1
        adc     r21, r1
        adc     r22, r1
        adc     r23, r1
        adc     r24, r1
        adc     r25, r1
        sbc     r26, r26                 ; 0xff if s >= p (carry), else 0
        inc     r26                      ; 0 if s >= p, else 1: undo the 2^64 + 1
        sub     r2, r26
        sbc     r3, r1
        sbc     r4, r1
        sbc     r5, r1
        sbc     r6, r1
        sbc     r7, r1
        sbc     r8, r1
        sbc     r9, r1
        sbc     r10, r26
        sbc     r11, r1
        sbc     r12, r1
        sbc     r13, r1
        sbc     r14, r1
        sbc     r15, r1
        sbc     r16, r1
        sbc     r17, r1
        sbc     r18, r1
        sbc     r19, r1
        sbc     r20, r1
        sbc     r21, r1
        sbc     r22, r1
        sbc     r23, r1
        sbc     r24, r1
        sbc     r25, r1
        std     Y+0, r2
        std     Y+1, r3
        std     Y+2, r4
        std     Y+3, r5
        std     Y+4, r6
        std     Y+5, r7
        std     Y+6, r8
        std     Y+7, r9
        std     Y+8, r10
        std     Y+9, r11
        std     Y+10, r12
        std     Y+11, r13
        std     Y+12, r14
        std     Y+13, r15
        std     Y+14, r16
        std     Y+15, r17
        std     Y+16, r18
        std     Y+17, r19
        std     Y+18, r20
        std     Y+19, r21
        std     Y+20, r22
        std     Y+21, r23
        std     Y+22, r24
        std     Y+23, r25
        ret

; ---------------------------------------------------------------------------------------------------
; p192_fsqr: X = Y^2 mod p (X may equal Y). Internal convention as p192_fmul's. Product scanning with
; each cross product once: a column's cross products are summed in r22:r23:r24, doubled and added
; to the rotating accumulator (r25, r26, r27) with the square term. a[0..18] in r3..r21, a[19..23]
; loaded per product (r30, r31); the reduction is p192_fmul's.
; ---------------------------------------------------------------------------------------------------
p192_fsqr:
        sts     p192_pd, r26
        sts     p192_pd+1, r27
        ldd     r3, Y+0
        ldd     r4, Y+1
        ldd     r5, Y+2
        ldd     r6, Y+3
        ldd     r7, Y+4
        ldd     r8, Y+5
        ldd     r9, Y+6
        ldd     r10, Y+7
        ldd     r11, Y+8
        ldd     r12, Y+9
        ldd     r13, Y+10
        ldd     r14, Y+11
        ldd     r15, Y+12
        ldd     r16, Y+13
        ldd     r17, Y+14
        ldd     r18, Y+15
        ldd     r19, Y+16
        ldd     r20, Y+17
        ldd     r21, Y+18
        clr     r2                      ; zero
        clr     r25
        clr     r26
        clr     r27
        ; column 0
        mul     r3, r3
        add     r25, r0
        adc     r26, r1
        adc     r27, r2
        sts     p192_prod+0, r25
        clr     r25
        ; column 1
        mul     r3, r4
        movw    r22, r0
        clr     r24
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        sts     p192_prod+1, r26
        clr     r26
        ; column 2
        mul     r3, r5
        movw    r22, r0
        clr     r24
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        mul     r4, r4
        add     r27, r0
        adc     r25, r1
        adc     r26, r2
        sts     p192_prod+2, r27
        clr     r27
        ; column 3
        mul     r3, r6
        movw    r22, r0
        clr     r24
        mul     r4, r5
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        sts     p192_prod+3, r25
        clr     r25
        ; column 4
        mul     r3, r7
        movw    r22, r0
        clr     r24
        mul     r4, r6
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        mul     r5, r5
        add     r26, r0
        adc     r27, r1
        adc     r25, r2
        sts     p192_prod+4, r26
        clr     r26
        ; column 5
        mul     r3, r8
        movw    r22, r0
        clr     r24
        mul     r4, r7
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r6
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        sts     p192_prod+5, r27
        clr     r27
        ; column 6
        mul     r3, r9
        movw    r22, r0
        clr     r24
        mul     r4, r8
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r7
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        mul     r6, r6
        add     r25, r0
        adc     r26, r1
        adc     r27, r2
        sts     p192_prod+6, r25
        clr     r25
        ; column 7
        mul     r3, r10
        movw    r22, r0
        clr     r24
        mul     r4, r9
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r8
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r7
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        sts     p192_prod+7, r26
        clr     r26
        ; column 8
        mul     r3, r11
        movw    r22, r0
        clr     r24
        mul     r4, r10
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r9
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r8
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        mul     r7, r7
        add     r27, r0
        adc     r25, r1
        adc     r26, r2
        sts     p192_prod+8, r27
        clr     r27
        ; column 9
        mul     r3, r12
        movw    r22, r0
        clr     r24
        mul     r4, r11
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r10
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r9
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r8
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        sts     p192_prod+9, r25
        clr     r25
        ; column 10
        mul     r3, r13
        movw    r22, r0
        clr     r24
        mul     r4, r12
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r11
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r10
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r9
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        mul     r8, r8
        add     r26, r0
        adc     r27, r1
        adc     r25, r2
        sts     p192_prod+10, r26
        clr     r26
        ; column 11
        mul     r3, r14
        movw    r22, r0
        clr     r24
        mul     r4, r13
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r12
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r11
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r10
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r9
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        sts     p192_prod+11, r27
        clr     r27
        ; column 12
        mul     r3, r15
        movw    r22, r0
        clr     r24
        mul     r4, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r13
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r12
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r11
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r10
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        mul     r9, r9
        add     r25, r0
        adc     r26, r1
        adc     r27, r2
        sts     p192_prod+12, r25
        clr     r25
        ; column 13
        mul     r3, r16
        movw    r22, r0
        clr     r24
        mul     r4, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r13
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r12
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r11
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r10
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        sts     p192_prod+13, r26
        clr     r26
        ; column 14
        mul     r3, r17
        movw    r22, r0
        clr     r24
        mul     r4, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r13
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r12
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r11
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        mul     r10, r10
        add     r27, r0
        adc     r25, r1
        adc     r26, r2
        sts     p192_prod+14, r27
        clr     r27
        ; column 15
        mul     r3, r18
        movw    r22, r0
        clr     r24
        mul     r4, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r13
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r12
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r11
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        sts     p192_prod+15, r25
        clr     r25
        ; column 16
        mul     r3, r19
        movw    r22, r0
        clr     r24
        mul     r4, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r13
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r12
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        mul     r11, r11
        add     r26, r0
        adc     r27, r1
        adc     r25, r2
        sts     p192_prod+16, r26
        clr     r26
        ; column 17
        mul     r3, r20
        movw    r22, r0
        clr     r24
        mul     r4, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r13
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r12
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        sts     p192_prod+17, r27
        clr     r27
        ; column 18
        mul     r3, r21
        movw    r22, r0
        clr     r24
        mul     r4, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r13
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        mul     r12, r12
        add     r25, r0
        adc     r26, r1
        adc     r27, r2
        sts     p192_prod+18, r25
        clr     r25
        ; column 19
        ldd     r31, Y+19
        mul     r3, r31
        movw    r22, r0
        clr     r24
        mul     r4, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r12, r13
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        sts     p192_prod+19, r26
        clr     r26
        ; column 20
        ldd     r31, Y+20
        mul     r3, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+19
        mul     r4, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r5, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r12, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        mul     r13, r13
        add     r27, r0
        adc     r25, r1
        adc     r26, r2
        sts     p192_prod+20, r27
        clr     r27
        ; column 21
        ldd     r31, Y+21
        mul     r3, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+20
        mul     r4, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r5, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r6, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r12, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r13, r14
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        sts     p192_prod+21, r25
        clr     r25
        ; column 22
        ldd     r31, Y+22
        mul     r3, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+21
        mul     r4, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r5, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r6, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r7, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r12, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r13, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        mul     r14, r14
        add     r26, r0
        adc     r27, r1
        adc     r25, r2
        sts     p192_prod+22, r26
        clr     r26
        ; column 23
        ldd     r31, Y+23
        mul     r3, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r4, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r5, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r6, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r7, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r8, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r12, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r13, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r14, r15
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        sts     p192_prod+23, r27
        clr     r27
        ; column 24
        ldd     r31, Y+23
        mul     r4, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r5, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r6, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r7, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r8, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r9, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r12, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r13, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r14, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        mul     r15, r15
        add     r25, r0
        adc     r26, r1
        adc     r27, r2
        sts     p192_prod+24, r25
        clr     r25
        ; column 25
        ldd     r31, Y+23
        mul     r5, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r6, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r7, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r8, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r9, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r10, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r12, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r13, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r14, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r15, r16
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        sts     p192_prod+25, r26
        clr     r26
        ; column 26
        ldd     r31, Y+23
        mul     r6, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r7, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r8, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r9, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r10, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r11, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r12, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r13, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r14, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r15, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        mul     r16, r16
        add     r27, r0
        adc     r25, r1
        adc     r26, r2
        sts     p192_prod+26, r27
        clr     r27
        ; column 27
        ldd     r31, Y+23
        mul     r7, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r8, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r9, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r10, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r11, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r12, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r13, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r14, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r15, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r16, r17
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        sts     p192_prod+27, r25
        clr     r25
        ; column 28
        ldd     r31, Y+23
        mul     r8, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r9, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r10, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r11, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r12, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r13, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r14, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r15, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r16, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        mul     r17, r17
        add     r26, r0
        adc     r27, r1
        adc     r25, r2
        sts     p192_prod+28, r26
        clr     r26
        ; column 29
        ldd     r31, Y+23
        mul     r9, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r10, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r11, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r12, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r13, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r14, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r15, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r16, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r17, r18
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        sts     p192_prod+29, r27
        clr     r27
        ; column 30
        ldd     r31, Y+23
        mul     r10, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r11, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r12, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r13, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r14, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r15, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r16, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r17, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        mul     r18, r18
        add     r25, r0
        adc     r26, r1
        adc     r27, r2
        sts     p192_prod+30, r25
        clr     r25
        ; column 31
        ldd     r31, Y+23
        mul     r11, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r12, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r13, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r14, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r15, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r16, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r17, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r18, r19
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        sts     p192_prod+31, r26
        clr     r26
        ; column 32
        ldd     r31, Y+23
        mul     r12, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r13, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r14, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r15, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r16, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r17, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r18, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        mul     r19, r19
        add     r27, r0
        adc     r25, r1
        adc     r26, r2
        sts     p192_prod+32, r27
        clr     r27
        ; column 33
        ldd     r31, Y+23
        mul     r13, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r14, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r15, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r16, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r17, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r18, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r19, r20
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        sts     p192_prod+33, r25
        clr     r25
        ; column 34
        ldd     r31, Y+23
        mul     r14, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r15, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r16, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r17, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r18, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r19, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        mul     r20, r20
        add     r26, r0
        adc     r27, r1
        adc     r25, r2
        sts     p192_prod+34, r26
        clr     r26
        ; column 35
        ldd     r31, Y+23
        mul     r15, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r16, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r17, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r18, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r19, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        mul     r20, r21
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        sts     p192_prod+35, r27
        clr     r27
        ; column 36
        ldd     r31, Y+23
        mul     r16, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r17, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r18, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r19, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r20, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        mul     r21, r21
        add     r25, r0
        adc     r26, r1
        adc     r27, r2
        sts     p192_prod+36, r25
        clr     r25
        ; column 37
        ldd     r31, Y+23
        mul     r17, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r18, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r19, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r20, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+19
        mul     r21, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        sts     p192_prod+37, r26
        clr     r26
        ; column 38
        ldd     r31, Y+23
        mul     r18, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r19, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r20, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+20
        mul     r21, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        ldd     r30, Y+19
        mul     r30, r30
        add     r27, r0
        adc     r25, r1
        adc     r26, r2
        sts     p192_prod+38, r27
        clr     r27
        ; column 39
        ldd     r31, Y+23
        mul     r19, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r20, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r31, Y+21
        mul     r21, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r30, Y+19
        ldd     r31, Y+20
        mul     r30, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        sts     p192_prod+39, r25
        clr     r25
        ; column 40
        ldd     r31, Y+23
        mul     r20, r31
        movw    r22, r0
        clr     r24
        ldd     r31, Y+22
        mul     r21, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r30, Y+19
        ldd     r31, Y+21
        mul     r30, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        ldd     r30, Y+20
        mul     r30, r30
        add     r26, r0
        adc     r27, r1
        adc     r25, r2
        sts     p192_prod+40, r26
        clr     r26
        ; column 41
        ldd     r31, Y+23
        mul     r21, r31
        movw    r22, r0
        clr     r24
        ldd     r30, Y+19
        ldd     r31, Y+22
        mul     r30, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        ldd     r30, Y+20
        ldd     r31, Y+21
        mul     r30, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        sts     p192_prod+41, r27
        clr     r27
        ; column 42
        ldd     r30, Y+19
        ldd     r31, Y+23
        mul     r30, r31
        movw    r22, r0
        clr     r24
        ldd     r30, Y+20
        ldd     r31, Y+22
        mul     r30, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        ldd     r30, Y+21
        mul     r30, r30
        add     r25, r0
        adc     r26, r1
        adc     r27, r2
        sts     p192_prod+42, r25
        clr     r25
        ; column 43
        ldd     r30, Y+20
        ldd     r31, Y+23
        mul     r30, r31
        movw    r22, r0
        clr     r24
        ldd     r30, Y+21
        ldd     r31, Y+22
        mul     r30, r31
        add     r22, r0
        adc     r23, r1
        adc     r24, r2
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r26, r22
        adc     r27, r23
        adc     r25, r24
        sts     p192_prod+43, r26
        clr     r26
        ; column 44
        ldd     r30, Y+21
        ldd     r31, Y+23
        mul     r30, r31
        movw    r22, r0
        clr     r24
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r27, r22
        adc     r25, r23
        adc     r26, r24
        ldd     r30, Y+22
        mul     r30, r30
        add     r27, r0
        adc     r25, r1
        adc     r26, r2
        sts     p192_prod+44, r27
        clr     r27
        ; column 45
        ldd     r30, Y+22
        ldd     r31, Y+23
        mul     r30, r31
        movw    r22, r0
        clr     r24
        lsl     r22                     ; twice the cross products
        rol     r23
        rol     r24
        add     r25, r22
        adc     r26, r23
        adc     r27, r24
        sts     p192_prod+45, r25
        clr     r25
        ; column 46
        ldd     r30, Y+23
        mul     r30, r30
        add     r26, r0
        adc     r27, r1
        adc     r25, r2
        sts     p192_prod+46, r26
        sts     p192_prod+47, r27
        jmp     p192_reduce

; n and 2n, 25 bytes each little-endian, interleaved (n[0], 2n[0], n[1], 2n[1], ...)
        .type   p192_n1, @object
p192_n1:
        .byte   0x31, 0x62, 0x28, 0x50, 0xd2, 0xa4, 0xb4, 0x69, 0xb1, 0x63
        .byte   0xc9, 0x93, 0x6b, 0xd7, 0x14, 0x28, 0x36, 0x6c, 0xf8, 0xf0
        .byte   0xde, 0xbd, 0x99, 0x33, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
        .byte   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
        .byte   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x01
        .size   p192_n1, .-p192_n1

        .section .bss
; the workspace: x0, y0 (S0) and x1, y1 (S1) contiguous, then P, temporaries, the inversion's
; powers, the constants 0 and 3 (contiguous), k' (25 + 25 bytes), the product, the state
p192_x0: .skip 24
p192_y0: .skip 24
p192_x1: .skip 24
p192_y1: .skip 24
p192_px: .skip 24
p192_py: .skip 24
p192_t1: .skip 24
p192_t2: .skip 24
p192_t3: .skip 24
p192_t4: .skip 24
p192_t5: .skip 24
p192_t6: .skip 24
p192_i2: .skip 24
p192_i6: .skip 24
p192_i12: .skip 24
p192_i24: .skip 24
p192_i48: .skip 24
p192_acc: .skip 24
p192_acc2: .skip 24
p192_zero: .skip 24
p192_three: .skip 24
p192_k: .skip 50
p192_prod: .skip 48
p192_rptr: .skip 2
p192_state: .skip 1
p192_pd: .skip 2
p192_pa: .skip 2
p192_pb: .skip 2
