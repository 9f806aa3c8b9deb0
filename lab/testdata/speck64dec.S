; avrlab task: speck64-128
; A plain SPECK-64/128 decryption for the lab's decrypt-scenario test: round keys in SRAM (pointer in
; r23:r22, 256-byte aligned), block pointer in r25:r24. Inverse round, keys from k[26] down to k[0]:
;   y = ROR3(y ^ x);  x = ROL8((x ^ k) - y)

        .text
        .global speck64_128_decrypt
speck64_128_decrypt:
        movw    r30, r24        ; Z = block
        movw    r26, r22        ; X = round keys, walked backwards from the end
        subi    r26, -108       ; X += 27 * 4 (the table does not cross a 256-byte page)
        ld      r22, Z          ; y = r25:r24:r23:r22
        ldd     r23, Z+1
        ldd     r24, Z+2
        ldd     r25, Z+3
        ldd     r18, Z+4        ; x = r21:r20:r19:r18
        ldd     r19, Z+5
        ldd     r20, Z+6
        ldd     r21, Z+7
round:
        eor     r22, r18        ; y ^= x
        eor     r23, r19
        eor     r24, r20
        eor     r25, r21
        .rept   3
        bst     r22, 0          ; y = ROR1(y): bit 0 goes round through T
        lsr     r25
        ror     r24
        ror     r23
        ror     r22
        bld     r25, 7
        .endr
        ld      r0, -X          ; x ^= k, last byte first
        eor     r21, r0
        ld      r0, -X
        eor     r20, r0
        ld      r0, -X
        eor     r19, r0
        ld      r0, -X
        eor     r18, r0
        sub     r18, r22        ; x -= y
        sbc     r19, r23
        sbc     r20, r24
        sbc     r21, r25
        mov     r0, r21         ; x = ROL8(x)
        mov     r21, r20
        mov     r20, r19
        mov     r19, r18
        mov     r18, r0
        tst     r26
        brne    round
        st      Z, r22
        std     Z+1, r23
        std     Z+2, r24
        std     Z+3, r25
        std     Z+4, r18
        std     Z+5, r19
        std     Z+6, r20
        std     Z+7, r21
        ret
