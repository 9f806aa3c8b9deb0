; avrlab task: cham64-128
; title: Exercise: make CHAM-64/128 constant time
;
; Read the instructions first (the Exercise tab beside the editor; README.md in a terminal). This CHAM-64/128 (ICISC'17, 80 rounds) encrypts correctly, but which
; instructions it runs depends on the data: an attacker who can watch its power trace (or, in other
; code, time it) learns about the secret state. Make it constant time without breaking it:
;
;     (the playground measures as you type; in a terminal: avrlab bench examples/exercises/cham64-constant-time/starter.S)
;
; One CHAM-64 round i (i = 0..79) on the four 16-bit words X0..X3, with round keys RK[0..15]:
;
;     even i: new = ROL8((X0 ^ i) + (ROL1(X1) ^ RK[i mod 16]))
;     odd i:  new = ROL1((X0 ^ i) + (ROL8(X1) ^ RK[i mod 16]))
;     (X0, X1, X2, X3) = (X1, X2, X3, new)
;
; Registers:
;   r19:r18  X0    r21:r20  X1    r23:r22  X2    r25:r24  X3   (block bytes 0..7, words little-endian)
;   r15:r14  t     the rotated X1, then the new word        (callee-saved: pushed and popped)
;   r16      i     the round number                         (callee-saved: pushed and popped)
;   r0             scratch for lpm
;   r27:r26  X     block pointer
;   r31:r30  Z     round-key pointer
;
; TODO: find every place where the instructions executed depend on the data, and rewrite it so that
; the same instructions run for every input. Branches on the round number i are fine: i is not secret.

        .text
        .global cham64_128_encrypt

cham64_128_encrypt:
        push    r14
        push    r15
        push    r16
        movw    r26, r24                ; X = block
        ld      r18, X+                 ; X0
        ld      r19, X+
        ld      r20, X+                 ; X1
        ld      r21, X+
        ld      r22, X+                 ; X2
        ld      r23, X+
        ld      r24, X+                 ; X3
        ld      r25, X+
        clr     r16                     ; i = 0

round:
        ; t = ROL1(X1) in even rounds, ROL8(X1) in odd rounds
        movw    r14, r20
        sbrc    r16, 0
        rjmp    rol8_x1
        lsl     r14                     ; ROL1: shift left ...
        rol     r15
        brcc    1f                      ; ... and if a 1 fell out of the top,
        inc     r14                     ; put it into bit 0
1:      rjmp    add_key
rol8_x1:
        mov     r0, r14                 ; ROL8 of a 16-bit word: swap its bytes
        mov     r14, r15
        mov     r15, r0

add_key:
        ; t ^= RK[i mod 16]: the table is 32-byte aligned, so its address + 2*(i mod 16) is an OR
        mov     r30, r16
        andi    r30, 15
        lsl     r30
        ori     r30, lo8(cham64_128_rk)
        ldi     r31, hi8(cham64_128_rk)
        lpm     r0, Z+
        eor     r14, r0
        lpm     r0, Z
        eor     r15, r0

        ; X0 = (X0 ^ i) + t
        eor     r18, r16                ; i < 256 only touches the low byte
        add     r18, r14
        adc     r19, r15

        ; X0 = ROL8(X0) in even rounds, ROL1(X0) in odd rounds
        sbrc    r16, 0
        rjmp    rol1_x0
        mov     r0, r18
        mov     r18, r19
        mov     r19, r0
        rjmp    shift_words
rol1_x0:
        lsl     r18
        rol     r19
        brcc    2f
        inc     r18
2:

shift_words:
        ; (X0, X1, X2, X3) = (X1, X2, X3, X0)
        movw    r14, r18
        movw    r18, r20
        movw    r20, r22
        movw    r22, r24
        movw    r24, r14

        inc     r16
        cpi     r16, 80
        brne    round

        st      -X, r25                 ; store X3 .. X0, going down
        st      -X, r24
        st      -X, r23
        st      -X, r22
        st      -X, r21
        st      -X, r20
        st      -X, r19
        st      -X, r18
        pop     r16
        pop     r15
        pop     r14
        ret

; RK[0..15] of the official test key 000102030405060708090a0b0c0d0e0f, each 16-bit word little-endian
; (the harness puts in the round keys of each key it tests).
        .balign 32
        .global cham64_128_rk
cham64_128_rk:
        .byte   0x01, 0x03              ; RK[0] = 0x0301
        .byte   0x05, 0x07              ; RK[1] = 0x0705
        .byte   0x09, 0x0b              ; RK[2] = 0x0b09
        .byte   0x0d, 0x0f              ; RK[3] = 0x0f0d
        .byte   0x11, 0x13              ; RK[4] = 0x1311
        .byte   0x15, 0x17              ; RK[5] = 0x1715
        .byte   0x19, 0x1b              ; RK[6] = 0x1b19
        .byte   0x1d, 0x1f              ; RK[7] = 0x1f1d
        .byte   0x1e, 0x15              ; RK[8] = 0x151e
        .byte   0x08, 0x03              ; RK[9] = 0x0308
        .byte   0x32, 0x39              ; RK[10] = 0x3932
        .byte   0x24, 0x2f              ; RK[11] = 0x2f24
        .byte   0x46, 0x4d              ; RK[12] = 0x4d46
        .byte   0x50, 0x5b              ; RK[13] = 0x5b50
        .byte   0x6a, 0x61              ; RK[14] = 0x616a
        .byte   0x7c, 0x77              ; RK[15] = 0x777c
