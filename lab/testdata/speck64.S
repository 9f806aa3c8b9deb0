; avrlab task: speck64-128
; A plain SPECK-64/128 used by the lab tests: round keys in SRAM (pointer in r23:r22, 256-byte aligned),
; block pointer in r25:r24. -D switches plant the bugs the tests must catch.
;   BUG_ROUNDS  runs 26 rounds instead of 27
;   BUG_CONST   rotates y by 2 instead of 3
;   BUG_R28     clobbers the callee-saved r28
;   BUG_BRANCH  adds a data-dependent branch (still correct, not constant time)
;   BUG_LOOP    never returns

#ifdef BUG_ROUNDS
        .equ    ROUNDS, 26
#else
        .equ    ROUNDS, 27
#endif
#ifdef BUG_CONST
        .equ    ROTATE, 2
#else
        .equ    ROTATE, 3
#endif

        .text
        .global speck64_128_encrypt
speck64_128_encrypt:
        movw    r30, r24        ; Z = block
        movw    r26, r22        ; X = round keys
        ld      r22, Z          ; y = r25:r24:r23:r22
        ldd     r23, Z+1
        ldd     r24, Z+2
        ldd     r25, Z+3
        ldd     r18, Z+4        ; x = r21:r20:r19:r18
        ldd     r19, Z+5
        ldd     r20, Z+6
        ldd     r21, Z+7
#ifdef BUG_R28
        ldi     r28, 0x5a
#endif
round:
        mov     r0, r18         ; x = ROR8(x)
        mov     r18, r19
        mov     r19, r20
        mov     r20, r21
        mov     r21, r0
        add     r18, r22        ; x += y
        adc     r19, r23
        adc     r20, r24
        adc     r21, r25
        ld      r0, X+          ; x ^= k
        eor     r18, r0
        ld      r0, X+
        eor     r19, r0
        ld      r0, X+
        eor     r20, r0
        ld      r0, X+
        eor     r21, r0
        .rept   ROTATE
        lsl     r22             ; y = ROL1(y)
        rol     r23
        rol     r24
        rol     r25
        adc     r22, r1
        .endr
        eor     r22, r18        ; y ^= x
        eor     r23, r19
        eor     r24, r20
        eor     r25, r21
#ifdef BUG_BRANCH
        sbrs    r18, 0
        rjmp    1f
        nop
1:
#endif
        cpi     r26, 4*ROUNDS   ; the table is 256-byte aligned: XL counts the rounds
        brne    round
#ifdef BUG_LOOP
2:      rjmp    2b
#endif
        st      Z, r22
        std     Z+1, r23
        std     Z+2, r24
        std     Z+3, r25
        std     Z+4, r18
        std     Z+5, r19
        std     Z+6, r20
        std     Z+7, r21
        ret

