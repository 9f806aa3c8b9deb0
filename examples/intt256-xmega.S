; avrlab task: intt-256
; title: inverse NTT, n = 256, q = 7681, Gentleman-Sande, Shoup multiplication, lazy reduction, ATxmega128A1
;
; The inverse negacyclic number-theoretic transform of Ring-LWE (n = 256, q = 7681, psi = 1065)
; for the ATxmega128A1 (AVRxm timing; avr-gcc ABI), in place:
;
;     void intt256(uint8_t *a);      a in r25:r24: 256 coefficients, 16-bit little-endian words
;
; In: a transform in bit-reversed order (as examples/ntt256-xmega.S's ntt256 leaves it), each
; coefficient below q. Out: the polynomial a_0 .. a_255 in natural order, the factor 1/n = 7651
; applied, each below q; exactly kernel.InverseNTT in lab/kernel/ntt.go. It is also the inverse
; transform of examples/rlwe256-dec-xmega.S, which includes this file.
;
; ---------------------------------------------------------------------------------------------------
; The transform (lab/kernel/ntt.go, Gentleman-Sande without a bit-reversal pass)
; ---------------------------------------------------------------------------------------------------
;     for h = 128, 64, ..., 1 (t = 128 / h):            eight stages of 128 butterflies
;       for i = 0 .. h-1:  S = psiinv[h + i]
;         for j = 2it .. 2it + t - 1:
;           (a[j], a[j+t]) = (a[j] + a[j+t], (a[j] - a[j+t]) S)  mod q
;     a[j] = a[j] / n
;
; psiinv[k] = psi^-brv8(k) mod q is kernel.InverseTwiddleTable(). The stages use psiinv[128..255],
; then [64..127], ..., [2..3], then psiinv[1]: intt_psi below holds them in that order (written
; by a small Go program from kernel.InverseTwiddleTable(), with floor(S * 2^16 / q) beside in
; intt_psi_shoup), so one LPM Z+ pointer per table reads them all. The last stage (h = 1) takes
; the factor 1/n into its two products: a[j] = (u + v) (1/n), a[j+128] = (u - v) (psiinv[1] / n),
; with the constants 7651 and 7651 psiinv[1] mod q = 6044 and their Shoup companions 65280 and
; 51568 in registers, so no separate scaling pass runs.
;
; ---------------------------------------------------------------------------------------------------
; Arithmetic (the NTT example's, written again here for these registers)
; ---------------------------------------------------------------------------------------------------
; IMULMOD: w = S v - floor(S' v / 2^16) q mod 2^16 for any v < 2^16, in [0, 3q): Shoup's method
; with the byte product T0*v0 left out, seven MULs, 27 cycles (see examples/ntt256-xmega.S).
; Lazy reduction: every coefficient stays below 3q between stages. In a butterfly with u, v < 3q,
;     x = u + v < 6q          -> IFOLDX: x - floor(x / 8192) q < 2q
;     y = u - v + 3q in (0, 6q) -> IMULMOD: (y S) mod q lazily, in [0, 3q)
; and in the last stage both products land in [0, 3q) and two masked subtractions of q each
; leave them below q. No data-dependent branch and the same addresses for every input; the only
; branches count loops.
;
; ---------------------------------------------------------------------------------------------------
; Registers, memory
; ---------------------------------------------------------------------------------------------------
; S = r3:r2, S' = r5:r4, 0x1e = r6, 8 = r7, zero = r8, butterflies left r9, groups left r10,
; flash pointers r13:r12 (intt_psi) and r15:r14 (intt_psi_shoup); last stage: 1/n and its
; companion in r3:r2, r5:r4, psiinv[1]/n in r13:r12, r15:r14. u = r25:r24, v = r23:r22, x =
; r17:r16, w = r19:r18, temporaries r20..r23. Y reads a[j], X writes it back, Z reads and writes
; a[j+t]; a group starts where the last one's Z stopped, and a stage where Z stopped less 512.
; r2..r17, r28, r29 are pushed (1 cycle each on AVRxm) and popped (2); r1 is cleared before RET.
;
; `avrlab bench examples/intt256-xmega.S` (ATxmega128A1): 72121 cycles for every input, 2230 bytes of
; flash (1016 of them tables), 18 bytes of RAM (the stack); constant time, ABI kept. No published
; cycle count of the inverse NTT alone is in the rows of this lab.

        .text
        .global intt256
        .type   intt256, @function

; w = S*v mod q in [0, 3q) in r19:r18 for v = r25:r24, S = \s1:\s0, S' = \t1:\t0 (Shoup); r8 = 0,
; r6 = 0x1e; clobbers r0, r1, r20..r22
.macro IMULMOD s0, s1, t0, t1
        mul     \s0, r24                ; S*v mod 2^16: S0*v0
        movw    r18, r0
        mul     \s0, r25                ;   + (S0*v1) << 8
        add     r19, r0
        mul     \s1, r24                ;   + (S1*v0) << 8
        add     r19, r0
        mul     \t1, r25                ; qhat = bytes 2, 3 of S'*v: T1*v1
        movw    r20, r0
        mul     \t0, r25                ;   + (T0*v1) << 8
        mov     r22, r0
        add     r20, r1
        adc     r21, r8
        mul     \t1, r24                ;   + (T1*v0) << 8
        add     r22, r0
        adc     r20, r1
        adc     r21, r8
        sub     r18, r20                ; - qhat*q mod 2^16, q = 0x1e01: - qhat
        sbc     r19, r21
        mul     r20, r6                 ;   - (qhat0*0x1e) << 8
        sub     r19, r0
.endm

; x = \h:\l below 7q -> below 2q: x -= floor(x / 8192) q (r7 = 8, r6 = 0x1e; clobbers r23)
.macro IFOLDX l, h
        mul     \h, r7                  ; r1 = x1 >> 5
        mov     r23, r1
        mul     r23, r6
        sub     \l, r23
        sbc     \h, r0
.endm

; \h:\l (r16..r31) below 2q -> below q: subtract q, add it back when that borrowed (clobbers r20, r21)
.macro ICONDSUBQ l, h
        subi    \l, 0x01
        sbci    \h, 0x1e
        sbc     r20, r20
        mov     r21, r20
        andi    r20, 0x01
        andi    r21, 0x1e
        add     \l, r20
        adc     \h, r21
.endm

; the next twiddle pair: S from intt_psi (r13:r12), S' from intt_psi_shoup (r15:r14); Z is free
.macro ITWIDDLE
        movw    r30, r12
        lpm     r2, Z+
        lpm     r3, Z+
        movw    r12, r30
        movw    r30, r14
        lpm     r4, Z+
        lpm     r5, Z+
        movw    r14, r30
.endm

; u = a[j] (Y+), v = a[j+t] (Z), both below 3q: a[j] = u + v folded below 2q (X+), a[j+t] =
; (u - v + 3q) S below 3q (Z+)
.macro IBFLY
        ld      r24, Y+
        ld      r25, Y+
        ld      r22, Z
        ldd     r23, Z+1
        movw    r16, r24                ; x = u + v < 6q
        add     r16, r22
        adc     r17, r23
        sub     r24, r22                ; y = u - v + 3q in (0, 6q), 3q = 0x5a03
        sbc     r25, r23
        subi    r24, 0xfd
        sbci    r25, 0xa5
        IMULMOD r2, r3, r4, r5
        IFOLDX  r16, r17
        st      X+, r16
        st      X+, r17
        st      Z+, r18
        st      Z+, r19
.endm

; one stage with h groups of t butterflies (Z = a + 512 on entry and on exit)
.macro ISTAGE t, h
        subi    r31, 2                  ; Z = a
        ldi     r16, \h
        mov     r10, r16
1:
        movw    r26, r30                ; X = Y = &a[2it]
        movw    r28, r30
        ITWIDDLE
        movw    r30, r26                ; Z = &a[2it + t]
        subi    r30, lo8(-2*\t)
        sbci    r31, hi8(-2*\t)
        ldi     r16, \t
        mov     r9, r16
2:
        IBFLY
        dec     r9
        brne    2b
        dec     r10
        breq    3f
        rjmp    1b
3:
.endm

intt256:
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
        ldi     r16, 0x1e
        mov     r6, r16
        ldi     r16, 8
        mov     r7, r16
        clr     r8
        ldi     r16, lo8(intt_psi)
        mov     r12, r16
        ldi     r16, hi8(intt_psi)
        mov     r13, r16
        ldi     r16, lo8(intt_psi_shoup)
        mov     r14, r16
        ldi     r16, hi8(intt_psi_shoup)
        mov     r15, r16
        movw    r30, r24
        subi    r31, 0xfe               ; Z = a + 512, as a stage leaves it

        ISTAGE  1, 128
        ISTAGE  2, 64
        ISTAGE  4, 32
        ISTAGE  8, 16
        ISTAGE  16, 8
        ISTAGE  32, 4
        ISTAGE  64, 2

        ; the last stage: t = 128, one group, and the factor 1/n
        subi    r31, 2                  ; Z = a
        movw    r26, r30
        movw    r28, r30
        subi    r31, 0xff               ; Z = &a[128]
        ldi     r16, 0xe3               ; 1/n = 7651 = 0x1de3, companion 65280 = 0xff00
        mov     r2, r16
        ldi     r16, 0x1d
        mov     r3, r16
        clr     r4
        ldi     r16, 0xff
        mov     r5, r16
        ldi     r16, 0x9c               ; psiinv[1]/n = 6044 = 0x179c, companion 51568 = 0xc970
        mov     r12, r16
        ldi     r16, 0x17
        mov     r13, r16
        ldi     r16, 0x70
        mov     r14, r16
        ldi     r16, 0xc9
        mov     r15, r16
        ldi     r16, 128
        mov     r9, r16
4:
        ld      r24, Y+
        ld      r25, Y+
        ld      r22, Z
        ldd     r23, Z+1
        movw    r16, r24                ; x = u + v < 6q
        add     r16, r22
        adc     r17, r23
        sub     r24, r22                ; y = u - v + 3q in (0, 6q)
        sbc     r25, r23
        subi    r24, 0xfd
        sbci    r25, 0xa5
        IMULMOD r12, r13, r14, r15      ; a[j+128] = y psiinv[1] / n, in [0, 3q)
        movw    r24, r16                ; v = x
        movw    r16, r18
        IMULMOD r2, r3, r4, r5          ; a[j] = x / n, in [0, 3q)
        ICONDSUBQ r18, r19
        ICONDSUBQ r18, r19              ; < q
        ICONDSUBQ r16, r17
        ICONDSUBQ r16, r17
        st      X+, r18
        st      X+, r19
        st      Z+, r16
        st      Z+, r17
        dec     r9
        breq    5f
        rjmp    4b
5:
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
        .size   intt256, . - intt256

; inverse twiddle factors in the order the stages use them: psiinv[k] = psi^-brv8(k) mod q for k =
; 128..255, 64..127, ..., 2..3 (kernel.InverseTwiddleTable(); psiinv[1] is folded into the last
; stage's constant), and floor(psiinv[k] * 2^16 / q) in the same order
        .type   intt_psi, @object
intt_psi:
        .word    2481,  5571,  1657,  6182,  1170,  2395,  5964,  5906      ; 128..135
        .word    5135,  4964,   572,  7145,  1725,  5796,  5248,  3193      ; 136..143
        .word    6288,  3615,   856,   111,  4730,  2067,  4416,  7464      ; 144..151
        .word    4544,  2671,  1459,  4595,  2050,  6888,  1784,  5687      ; 152..159
        .word    1189,  5224,   113,  5910,  3765,  1897,  3239,  4431      ; 160..167
        .word    7563,   218,  4401,  2805,  3483,   335,   738,   329      ; 168..175
        .word    6645,  5429,  4921,  3016,  7146,  2811,   621,  3930      ; 176..183
        .word     639,  3376,  6566,  7007,  5809,  3849,  1211,  2840      ; 184..191
        .word    1950,  6552,  2259,  7283,  5322,    62,  1604,  3546      ; 192..199
        .word    2875,  1979,  3626,   201,  6074,  1667,  5713,  1683      ; 200..207
        .word    5323,  3445,  7360,  4759,  3987,   185,  6025,  4882      ; 208..215
        .word    5977,  3799,   413,  6918,  4992,  5098,  7012,  2668      ; 216..223
        .word    6275,  5722,  2838,  7385,  5309,  2169,  3586,  3139      ; 224..231
        .word    5805,  5679,  1230,  5669,  7335,  4675,  5484,  2757      ; 232..239
        .word    4229,  4685,  1035,  6550,  3081,  7587,  6488,  4287      ; 240..247
        .word    4561,  6415,  7139,  2173,   702,  1437,   506,  6616      ; 248..255
        .word    2880,  3532,  1682,  6266,  7033,  4582,  3078,  5119      ; 64..71
        .word    4837,  3041,  5828,  6678,  1408,  1044,   993,  2722      ; 72..79
        .word     417,  5088,  3780,  6556,  6243,  5000,  2990,  6974      ; 80..87
        .word    5637,  5729,  2028,  1591,  1228,  6584,  1848,  7131      ; 88..95
        .word     405,  2897,  3837,  7362,   869,  5685,  1633,  1800      ; 96..103
        .word    6801,  3188,  4180,   219,   198,  1587,  2900,  2063      ; 104..111
        .word    2819,  4556,  3892,  1402,  1478,  7424,  4501,  3141      ; 112..119
        .word    3073,  3566,  6526,  2264,  2573,  1886,  1220,  2563      ; 120..127
        .word    6601,  2516,  5130,  3411,   243,   202,   766,  2881      ; 32..39
        .word    4907,  1740,  1655,  7097,  7153,  3449,  2508,  4740      ; 40..47
        .word    2724,  5773,  2423,  1382,  6300,  5806,   799,  6986      ; 48..55
        .word    4607,   732,  3080,  4204,  3380,  5212,  6988,  5967      ; 56..63
        .word    6569,  1794,  5282,  3000,  6395,  4589,  2268,  7006      ; 16..23
        .word     330,  2645,  2273,   878,  1846,   365,  2753,  4027      ; 24..31
        .word    7584,  2132,  2381,  5235,  1366,  4897,  5033,  5543      ; 8..15
        .word    1728,   583,  7154,  6832,  5756,  1213      ; 4..7, 2..3
        .size   intt_psi, . - intt_psi
        .type   intt_psi_shoup, @object
intt_psi_shoup:
        .word   21168, 47533, 14137, 52746,  9982, 20434, 50886, 50391      ; 128..135
        .word   43812, 42353,  4880, 60962, 14718, 49452, 44777, 27243      ; 136..143
        .word   53650, 30843,  7303,   947, 40357, 17636, 37678, 63684      ; 144..151
        .word   38770, 22789, 12448, 39205, 17491, 58769, 15221, 48522      ; 152..159
        .word   10144, 44572,   964, 50425, 32123, 16185, 27635, 37806      ; 160..167
        .word   64529,  1860, 37550, 23932, 29717,  2858,  6296,  2807      ; 168..175
        .word   56696, 46321, 41987, 25733, 60971, 23984,  5298, 33531      ; 176..183
        .word    5452, 28804, 56022, 59785, 49563, 32840, 10332, 24231      ; 184..191
        .word   16637, 55903, 19274, 62140, 45408,   528, 13685, 30255      ; 192..199
        .word   24530, 16885, 30937,  1714, 51824, 14223, 48744, 14359      ; 200..207
        .word   45417, 29393, 62797, 40604, 34017,  1578, 51406, 41654      ; 208..215
        .word   50997, 32413,  3523, 59025, 42592, 43497, 59827, 22763      ; 216..223
        .word   53539, 48821, 24214, 63010, 45297, 18506, 30596, 26782      ; 224..231
        .word   49529, 48454, 10494, 48369, 62583, 39888, 46790, 23523      ; 232..239
        .word   36082, 39973,  8830, 55886, 26287, 64733, 55357, 36577      ; 240..247
        .word   38915, 54734, 60911, 18540,  5989, 12260,  4317, 56449      ; 248..255
        .word   24572, 30135, 14351, 53462, 60007, 39094, 26262, 43676      ; 64..71
        .word   41270, 25946, 49725, 56978, 12013,  8907,  8472, 23224      ; 72..79
        .word    3557, 43411, 32251, 55937, 53266, 42661, 25511, 59503      ; 80..87
        .word   48096, 48881, 17303, 13574, 10477, 56176, 15767, 60843      ; 88..95
        .word    3455, 24717, 32738, 62814,  7414, 48505, 13933, 15358      ; 96..103
        .word   58027, 27200, 35664,  1868,  1689, 13540, 24743, 17601      ; 104..111
        .word   24052, 38872, 33207, 11962, 12610, 63343, 38403, 26799      ; 112..119
        .word   26219, 30425, 55681, 19316, 21953, 16091, 10409, 21868      ; 120..127
        .word   56321, 21467, 43770, 29103,  2073,  1723,  6535, 24581      ; 32..39
        .word   41867, 14846, 14120, 60553, 61030, 29427, 21398, 40442      ; 40..47
        .word   23241, 49256, 20673, 11791, 53753, 49538,  6817, 59606      ; 48..55
        .word   39307,  6245, 26279, 35869, 28838, 44469, 59623, 50911      ; 56..63
        .word   56048, 15306, 45067, 25596, 54563, 39154, 19351, 59776      ; 16..23
        .word    2815, 22567, 19393,  7491, 15750,  3114, 23489, 34359      ; 24..31
        .word   64708, 18190, 20315, 44666, 11655, 41782, 42942, 47294      ; 8..15
        .word   14743,  4974, 61039, 58292, 49111, 10349      ; 4..7, 2..3
        .size   intt_psi_shoup, . - intt_psi_shoup
