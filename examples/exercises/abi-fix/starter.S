; avrlab task: speck128-128
; title: Exercise: fix the calling-convention bug in SPECK-128/128
;
; Read the instructions first (the Exercise tab beside the editor; README.md in a terminal). This SPECK-128/128 encrypts every test vector correctly, and still it would
; crash the C program that calls it: it breaks the avr-gcc calling convention. Find the bug and fix it:
;
;     (the playground measures as you type; in a terminal: avrlab bench examples/exercises/abi-fix/starter.S)
;
; One SPECK-128 round, with 64-bit words x and y and round key k:
;
;     x = (ROR8(x) + y) ^ k
;     y = ROL3(y) ^ x
;
; Registers:
;   r18..r25  y0..y7   y (block bytes 0..7, little-endian)
;   r10..r17  x0..x7   x (block bytes 8..15)
;   r0        t        scratch
;   r26       n        round counter
;   r29:r28   Y        block pointer (ldd/std reach block[0..15] with a displacement)
;   r31:r30   Z        round-key pointer
;
; TODO: make this routine keep the avr-gcc calling convention (see README.md for the rules).

        .text
        .global speck128_128_encrypt

#define y0 r18
#define y1 r19
#define y2 r20
#define y3 r21
#define y4 r22
#define y5 r23
#define y6 r24
#define y7 r25
#define x0 r10
#define x1 r11
#define x2 r12
#define x3 r13
#define x4 r14
#define x5 r15
#define x6 r16
#define x7 r17
#define t  r0
#define n  r26

speck128_128_encrypt:
        push    r10                    ; x lives in the callee-saved r10..r17: save them
        push    r11
        push    r12
        push    r13
        push    r14
        push    r15
        push    r16
        push    r17
        movw    r28, r24                ; Y = block
        ldd     y0, Y+0                ; y = block[0..7]
        ldd     y1, Y+1
        ldd     y2, Y+2
        ldd     y3, Y+3
        ldd     y4, Y+4
        ldd     y5, Y+5
        ldd     y6, Y+6
        ldd     y7, Y+7
        ldd     x0, Y+8               ; x = block[8..15]
        ldd     x1, Y+9
        ldd     x2, Y+10
        ldd     x3, Y+11
        ldd     x4, Y+12
        ldd     x5, Y+13
        ldd     x6, Y+14
        ldd     x7, Y+15
        ldi     r30, lo8(speck128_128_rk) ; Z = k[0]
        ldi     r31, hi8(speck128_128_rk)
        ldi     n, 32

round:
        ; x = ROR8(x) + y: ROR8 only renames bytes, so add y0 into x1, y1 into x2, ..., y7 into x0
        add     x1, y0
        adc     x2, y1
        adc     x3, y2
        adc     x4, y3
        adc     x5, y4
        adc     x6, y5
        adc     x7, y6
        adc     x0, y7
        ; the sum's byte j is in x(j+1): move everything down one register
        mov     t, x0
        mov     x0, x1
        mov     x1, x2
        mov     x2, x3
        mov     x3, x4
        mov     x4, x5
        mov     x5, x6
        mov     x6, x7
        mov     x7, t
        ; x ^= k
        lpm     t, Z+
        eor     x0, t
        lpm     t, Z+
        eor     x1, t
        lpm     t, Z+
        eor     x2, t
        lpm     t, Z+
        eor     x3, t
        lpm     t, Z+
        eor     x4, t
        lpm     t, Z+
        eor     x5, t
        lpm     t, Z+
        eor     x6, t
        lpm     t, Z+
        eor     x7, t
        ; y = ROL3(y): three 1-bit rotations
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        rol     y4
        rol     y5
        rol     y6
        rol     y7
        adc     y0, r1
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        rol     y4
        rol     y5
        rol     y6
        rol     y7
        adc     y0, r1
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        rol     y4
        rol     y5
        rol     y6
        rol     y7
        adc     y0, r1
        ; y ^= x
        eor     y0, x0
        eor     y1, x1
        eor     y2, x2
        eor     y3, x3
        eor     y4, x4
        eor     y5, x5
        eor     y6, x6
        eor     y7, x7
        dec     n
        breq    done
        rjmp    round                   ; (the loop body is too long for a branch back)
done:
        std     Y+0, y0
        std     Y+1, y1
        std     Y+2, y2
        std     Y+3, y3
        std     Y+4, y4
        std     Y+5, y5
        std     Y+6, y6
        std     Y+7, y7
        std     Y+8, x0
        std     Y+9, x1
        std     Y+10, x2
        std     Y+11, x3
        std     Y+12, x4
        std     Y+13, x5
        std     Y+14, x6
        std     Y+15, x7
        pop     r17
        pop     r16
        pop     r15
        pop     r14
        pop     r13
        pop     r12
        pop     r11
        pop     r10
        ret

; Round keys of the official test key 000102030405060708090a0b0c0d0e0f, each a 64-bit word as two
; .long, low half first (the harness puts in the round keys of each key it tests).
        .global speck128_128_rk
speck128_128_rk:
        .long   0x03020100, 0x07060504  ; k[0] = 0x0706050403020100
        .long   0x171d0309, 0x37253b31  ; k[1] = 0x37253b31171d0309
        .long   0x90c4085c, 0xf91d89cc  ; k[2] = 0xf91d89cc90c4085c
        .long   0x52cc7689, 0xc6b1f078  ; k[3] = 0xc6b1f07852cc7689
        .long   0xf9c2d6f0, 0x014fcdf4  ; k[4] = 0x014fcdf4f9c2d6f0
        .long   0xfe24cfd6, 0xb5fae1e4  ; k[5] = 0xb5fae1e4fe24cfd6
        .long   0xb0737cfe, 0xa36d6954  ; k[6] = 0xa36d6954b0737cfe
        .long   0xa02f35f3, 0xf511691e  ; k[7] = 0xf511691ea02f35f3
        .long   0x5a2b455d, 0x5374abb7  ; k[8] = 0x5374abb75a2b455d
        .long   0x4ddcb2a5, 0x8dd5f620  ; k[9] = 0x8dd5f6204ddcb2a5
        .long   0x869cac18, 0xb243d7c9  ; k[10] = 0xb243d7c9869cac18
        .long   0x6660459e, 0x753e7a7c  ; k[11] = 0x753e7a7c6660459e
        .long   0xa5b0e63b, 0x78d648a3  ; k[12] = 0x78d648a3a5b0e63b
        .long   0xcbc0a8d2, 0x87152b23  ; k[13] = 0x87152b23cbc0a8d2
        .long   0x54a3b6f2, 0xa8ff8b8c  ; k[14] = 0xa8ff8b8c54a3b6f2
        .long   0x43b3ea79, 0x4873be3c  ; k[15] = 0x4873be3c43b3ea79
        .long   0xbf05cb13, 0x771ebffc  ; k[16] = 0x771ebffcbf05cb13
        .long   0x25863d20, 0xe8a6bcaf  ; k[17] = 0xe8a6bcaf25863d20
        .long   0x5c520c93, 0xe6c2ea8b  ; k[18] = 0xe6c2ea8b5c520c93
        .long   0xac5214f5, 0x4d71b5c1  ; k[19] = 0x4d71b5c1ac5214f5
        .long   0x253070dc, 0xdc60b2ae  ; k[20] = 0xdc60b2ae253070dc
        .long   0xe1fb9741, 0xb01d0abb  ; k[21] = 0xb01d0abbe1fb9741
        .long   0xa318b54a, 0xd7987684  ; k[22] = 0xd7987684a318b54a
        .long   0xe600d319, 0xa22c5282  ; k[23] = 0xa22c5282e600d319
        .long   0xbdf90048, 0xe029d67e  ; k[24] = 0xe029d67ebdf90048
        .long   0xc84efdbf, 0x67559234  ; k[25] = 0x67559234c84efdbf
        .long   0xcb01695c, 0x65173cf0  ; k[26] = 0x65173cf0cb01695c
        .long   0x79819519, 0x24cf1f18  ; k[27] = 0x24cf1f1879819519
        .long   0xdbafb72a, 0x38a36ed2  ; k[28] = 0x38a36ed2dbafb72a
        .long   0x31bae304, 0xded93cfe  ; k[29] = 0xded93cfe31bae304
        .long   0x1770b265, 0xc53d18b9  ; k[30] = 0xc53d18b91770b265
        .long   0xdb8ec93f, 0x2199c870  ; k[31] = 0x2199c870db8ec93f
