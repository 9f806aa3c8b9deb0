; avrlab task: simon64-128
; title: Exercise: shrink SIMON-64/128
;
; Read the instructions first (the Exercise tab beside the editor; README.md in a terminal). This SIMON-64/128 is correct, constant time and keeps the calling convention,
; but it is big: four rounds are written out in the loop body. Make it smaller (and keep it fast)
; until RANK reaches the goals in README.md:
;
;     (the playground measures as you type; in a terminal: avrlab bench examples/exercises/simon64-shrink/starter.S)
;
; One SIMON-64 round, with 32-bit words x and y, round key k and Sj = rotate left by j bits:
;
;     (x, y) = (y ^ f(x) ^ k, x)        f(x) = (S1(x) & S8(x)) ^ S2(x)
;
; Writing out two rounds avoids the swap: the first computes y ^= f(x) ^ k (and y is the new x), the
; second x ^= f(y) ^ k. Four rounds are that pair twice. 44 rounds = 11 passes through the loop.
;
; Registers:
;   r2..r5    y0..y3   y (block bytes 0..3, little-endian)     callee-saved: pushed and popped
;   r6..r9    x0..x3   x (block bytes 4..7)                    callee-saved: pushed and popped
;   r18..r21  a0..a3   S1 of the input word, then S1 & S8
;   r22..r25  b0..b3   S2 of the input word
;   r0        t        round-key byte
;   r27:r26   X        block pointer
;   r31:r30   Z        round-key pointer
;
; TODO: shrink it. Ideas are in README.md.

        .text
        .global simon64_128_encrypt

#define y0 r2
#define y1 r3
#define y2 r4
#define y3 r5
#define x0 r6
#define x1 r7
#define x2 r8
#define x3 r9
#define a0 r18
#define a1 r19
#define a2 r20
#define a3 r21
#define b0 r22
#define b1 r23
#define b2 r24
#define b3 r25
#define t  r0

simon64_128_encrypt:
        push    r2
        push    r3
        push    r4
        push    r5
        push    r6
        push    r7
        push    r8
        push    r9
        movw    r26, r24                ; X = block
        ld      y0, X+                  ; y = block[0..3]
        ld      y1, X+
        ld      y2, X+
        ld      y3, X+
        ld      x0, X+                  ; x = block[4..7]
        ld      x1, X+
        ld      x2, X+
        ld      x3, X+
        ldi     r30, lo8(simon64_128_rk) ; Z = k[0]
        ldi     r31, hi8(simon64_128_rk)

four_rounds:
        ; round 1: y ^= f(x) ^ k
        movw    a0, x0               ; a = S1(x)
        movw    a2, x2
        lsl     a0
        rol     a1
        rol     a2
        rol     a3
        adc     a0, r1
        movw    b0, a0                  ; b = S2(x)
        movw    b2, a2
        lsl     b0
        rol     b1
        rol     b2
        rol     b3
        adc     b0, r1
        and     a0, x3               ; a = S1(x) & S8(x)
        and     a1, x0
        and     a2, x1
        and     a3, x2
        eor     y0, a0
        eor     y1, a1
        eor     y2, a2
        eor     y3, a3
        eor     y0, b0
        eor     y1, b1
        eor     y2, b2
        eor     y3, b3
        lpm     t, Z+
        eor     y0, t
        lpm     t, Z+
        eor     y1, t
        lpm     t, Z+
        eor     y2, t
        lpm     t, Z+
        eor     y3, t

        ; round 2: x ^= f(y) ^ k
        movw    a0, y0               ; a = S1(y)
        movw    a2, y2
        lsl     a0
        rol     a1
        rol     a2
        rol     a3
        adc     a0, r1
        movw    b0, a0                  ; b = S2(y)
        movw    b2, a2
        lsl     b0
        rol     b1
        rol     b2
        rol     b3
        adc     b0, r1
        and     a0, y3               ; a = S1(y) & S8(y)
        and     a1, y0
        and     a2, y1
        and     a3, y2
        eor     x0, a0
        eor     x1, a1
        eor     x2, a2
        eor     x3, a3
        eor     x0, b0
        eor     x1, b1
        eor     x2, b2
        eor     x3, b3
        lpm     t, Z+
        eor     x0, t
        lpm     t, Z+
        eor     x1, t
        lpm     t, Z+
        eor     x2, t
        lpm     t, Z+
        eor     x3, t

        ; round 3: y ^= f(x) ^ k
        movw    a0, x0               ; a = S1(x)
        movw    a2, x2
        lsl     a0
        rol     a1
        rol     a2
        rol     a3
        adc     a0, r1
        movw    b0, a0                  ; b = S2(x)
        movw    b2, a2
        lsl     b0
        rol     b1
        rol     b2
        rol     b3
        adc     b0, r1
        and     a0, x3               ; a = S1(x) & S8(x)
        and     a1, x0
        and     a2, x1
        and     a3, x2
        eor     y0, a0
        eor     y1, a1
        eor     y2, a2
        eor     y3, a3
        eor     y0, b0
        eor     y1, b1
        eor     y2, b2
        eor     y3, b3
        lpm     t, Z+
        eor     y0, t
        lpm     t, Z+
        eor     y1, t
        lpm     t, Z+
        eor     y2, t
        lpm     t, Z+
        eor     y3, t

        ; round 4: x ^= f(y) ^ k
        movw    a0, y0               ; a = S1(y)
        movw    a2, y2
        lsl     a0
        rol     a1
        rol     a2
        rol     a3
        adc     a0, r1
        movw    b0, a0                  ; b = S2(y)
        movw    b2, a2
        lsl     b0
        rol     b1
        rol     b2
        rol     b3
        adc     b0, r1
        and     a0, y3               ; a = S1(y) & S8(y)
        and     a1, y0
        and     a2, y1
        and     a3, y2
        eor     x0, a0
        eor     x1, a1
        eor     x2, a2
        eor     x3, a3
        eor     x0, b0
        eor     x1, b1
        eor     x2, b2
        eor     x3, b3
        lpm     t, Z+
        eor     x0, t
        lpm     t, Z+
        eor     x1, t
        lpm     t, Z+
        eor     x2, t
        lpm     t, Z+
        eor     x3, t

        cpi     r30, lo8(simon64_128_rk + 176)  ; 44 rounds done?
        breq    done
        rjmp    four_rounds             ; (too far back for a conditional branch)
done:
        st      -X, x3
        st      -X, x2
        st      -X, x1
        st      -X, x0
        st      -X, y3
        st      -X, y2
        st      -X, y1
        st      -X, y0
        pop     r9
        pop     r8
        pop     r7
        pop     r6
        pop     r5
        pop     r4
        pop     r3
        pop     r2
        ret

; Round keys of the official test key (memory order 0001020308090a0b1011121318191a1b), each 32 bits,
; little-endian (the harness puts in the round keys of each key it tests).
        .global simon64_128_rk
simon64_128_rk:
        .long   0x03020100              ; k[0]
        .long   0x0b0a0908              ; k[1]
        .long   0x13121110              ; k[2]
        .long   0x1b1a1918              ; k[3]
        .long   0x70a011c3              ; k[4]
        .long   0xb770ec49              ; k[5]
        .long   0x57e3e835              ; k[6]
        .long   0xd397bc42              ; k[7]
        .long   0x94dcf81f              ; k[8]
        .long   0xbf4b5f18              ; k[9]
        .long   0x8e5dabb9              ; k[10]
        .long   0xdbf4a863              ; k[11]
        .long   0xcd0c28fc              ; k[12]
        .long   0x5cb69911              ; k[13]
        .long   0x79f112a5              ; k[14]
        .long   0x77205863              ; k[15]
        .long   0x99880c12              ; k[16]
        .long   0x1ce97c58              ; k[17]
        .long   0xc8ed2145              ; k[18]
        .long   0xb800dbb8              ; k[19]
        .long   0xe86a2756              ; k[20]
        .long   0x7c06d4dd              ; k[21]
        .long   0xab52df0a              ; k[22]
        .long   0x247f66a8              ; k[23]
        .long   0x53587ca6              ; k[24]
        .long   0xd25c13f1              ; k[25]
        .long   0x4583b64b              ; k[26]
        .long   0x7d9c960d              ; k[27]
        .long   0xefbfc2f3              ; k[28]
        .long   0x89ed8513              ; k[29]
        .long   0x308dfc4e              ; k[30]
        .long   0xbf1a2a36              ; k[31]
        .long   0xe1499d70              ; k[32]
        .long   0x4ce4d2ff              ; k[33]
        .long   0x32b7ebef              ; k[34]
        .long   0xc47505c1              ; k[35]
        .long   0xd0e929e8              ; k[36]
        .long   0x8fe484b9              ; k[37]
        .long   0x42054bee              ; k[38]
        .long   0xaf77bae2              ; k[39]
        .long   0x18199c02              ; k[40]
        .long   0x719e3f1c              ; k[41]
        .long   0x0c1cf793              ; k[42]
        .long   0x15df4696              ; k[43]
