; avrlab task: ntt-256
; title: forward NTT, n = 256, q = 7681, Shoup multiplication, lazy reduction, ATxmega128A1
;
; The forward negacyclic number-theoretic transform of Ring-LWE (n = 256, q = 7681, psi = 1065)
; for the ATxmega128A1 (AVRxm timing; avr-gcc ABI), in place:
;
;     void ntt256(uint8_t *a);       a in r25:r24: 256 coefficients, 16-bit little-endian words
;
; In: a_0 .. a_255 in natural order, each below q. Out: the transform in bit-reversed order,
; a[k] = a(psi^(2 brv(k) + 1)) (brv reverses 8 bits), each below q; exactly kernel.NTT in
; lab/kernel/ntt.go. 67638 cycles for every input, 2914 bytes of flash (1024 of them tables),
; 17 bytes of stack, constant time.
;
; ---------------------------------------------------------------------------------------------------
; The transform (lab/kernel/ntt.go, the "merged" Cooley-Tukey NTT without a bit-reversal pass)
; ---------------------------------------------------------------------------------------------------
;     for m = 1, 2, 4, ..., 128 (t = 128 / m):          eight stages of 128 butterflies
;       for i = 0 .. m-1:  S = psi[m + i]                 one twiddle per group
;         for j = 2it .. 2it + t - 1:
;           (a[j], a[j+t]) = (a[j] + S a[j+t], a[j] - S a[j+t])  mod q
;
; psi[k] = psi^brv8(k) mod q is kernel.TwiddleTable(); the tables at the end of this file were
; written from it by a small Go program (kernel.TwiddleTable() and floor(psi[k] * 2^16 / q)).
; The groups use psi[1], psi[2], ..., psi[255] in order, so both tables are read with LPM Z+.
;
; ---------------------------------------------------------------------------------------------------
; Multiplication mod q without division: Shoup's method
; ---------------------------------------------------------------------------------------------------
; With S' = floor(S * 2^16 / q) precomputed (ntt_psi_shoup), for any v < 2^16
;
;     w = S v - floor(S' v / 2^16) q   lies in [0, 2q)
;
; and only the low 16 bits of S v and of qhat q are needed (w < 2^16). MULMOD below computes
; S v mod 2^16 with three byte products, qhat from three of the four byte products of S' v (the
; lowest, T0*v0 < 2^16, is left out, so qhat can be one too small and w lies in [0, 3q)), and
; qhat q mod 2^16 = qhat + (qhat_0 * 0x1e) << 8 with one more, since q = 0x1e01: seven MULs,
; 27 cycles, no branch, no division, and no reduction of S v at all.
;
; ---------------------------------------------------------------------------------------------------
; Lazy reduction, constant time
; ---------------------------------------------------------------------------------------------------
; Coefficients are not kept below q between stages, only below 4q (< 2^15):
;   stage 1 (inputs < q):   x = u + w < 4q,  y = u - w + 3q < 4q        no reduction at all
;   stages 2..7:            x = u + w < 7q   -> FOLDX: x - floor(x / 8192) q < 2q
;                           y = u - w in (-3q, 4q) -> SUBY: + 4q when negative, [0, 4q)
;   stage 8:                x and y (+ 3q) < 7q -> FOLDX, then one conditional subtraction of q
; FOLDX: floor(x / 8192) is x1 >> 5 (one MUL by 8 puts it in r1), at most 6; 8192 > q, so it is
; the quotient x / q or one less (x/q - x/8192 < 0.44 for x < 7q), and the rest is below 2q. Two
; MULs, 7 cycles. SUBY and the conditional subtraction turn the borrow into a mask (SBC r,r) and
; add the constant ANDed with it: the same instructions for every value.
; So the code has no data-dependent branch and reads the same addresses for every input (the only
; branches are the loop counters); MUL takes 2 cycles whatever its operands.
;
; ---------------------------------------------------------------------------------------------------
; Memory, registers, XMEGA timing
; ---------------------------------------------------------------------------------------------------
; In a group, Y reads a[j] (LD Y+, 2 cycles), X writes it back (ST X+: 1 cycle on AVRxm), Z reads
; a[j+t] (LD Z / LDD Z+1: 2 + 3) and writes it back (ST Z+, 1); the next group starts where Z
; stopped. Between groups Z loads the next S and S' with LPM Z+ from the two flash pointers
; r11:r10 and r13:r12. Stage 8 (t = 1) has a twiddle per butterfly and reads both coefficients
; through Y. The stages are unrolled (macro STAGE with its t and m), each group's loop runs
; butterfly pairs.
; Registers: S = r3:r2, S' = r5:r4, 0x1e = r6, 8 = r7, zero = r8, v = r15:r14, w = r19:r18,
; qhat and x = r21:r20, temporaries r22, r23, u and y = r25:r24, loop counters r16 (pairs) and r17
; (groups). r2..r8, r10..r17, r28, r29 are callee-saved: pushed (1 cycle each on AVRxm) and popped
; (2), 17 bytes of stack with the return address; r1 is cleared before RET.
;
; ---------------------------------------------------------------------------------------------------
; Cost (AVRxm)
; ---------------------------------------------------------------------------------------------------
;   stage 1     128 butterflies x 47 cycles (loads 9, MULMOD 27, add/sub 7, stores 4)
;   stages 2-7  768 x 58 (loads 9, MULMOD 27, x 3 + FOLDX 7, SUBY 8, stores 4)
;   stage 8     128 x 92 (its own twiddle pair 16, loads 8, MULMOD 27, x 18, y 19, stores 4)
;   loops 4 cycles per butterfly pair, 26 per group (the twiddle pair is 16 of them)
; `avrlab bench examples/ntt256-xmega.S` (ATxmega128A1): 67638 cycles, 66.1 per butterfly, 2914
; bytes of flash, 17 bytes of RAM (the stack); constant time, ABI kept.
; Published: no cycle count of the NTT alone is in the rows of this lab. For context, Liu et al.
; (CHES 2015, ePrint 2015/410, abstract) give 276k cycles for a whole Ring-LWE decryption and 672k
; for an encryption with these parameters on the ATxmega128, each including NTTs.

        .text
        .global ntt256
        .type   ntt256, @function

; fixed registers
#define S0    r2          /* twiddle S = psi^brv(k) */
#define S1    r3
#define T0    r4          /* S' = floor(S * 2^16 / q) */
#define T1    r5
#define K1E   r6          /* 0x1e = the high byte of q = 0x1e01 */
#define K8    r7          /* 8: MUL by 8 puts x1 >> 5 into r1 */
#define ZERO  r8
#define NJ    r16         /* butterfly pairs left in the group */
#define NI    r17         /* groups left in the stage */
; per butterfly: v = r15:r14, w = r19:r18, qhat (then x) = r21:r20, temporaries r22, r23,
; u (then y) = r25:r24. r11:r10 = flash pointer into ntt_psi, r13:r12 into ntt_psi_shoup;
; Y reads a[j], X writes it back, Z reads and writes a[j+t].

; the next twiddle pair: S from ntt_psi (r11:r10), S' from ntt_psi_shoup (r13:r12); Z is free
.macro TWIDDLE
        movw    r30, r10
        lpm     S0, Z+
        lpm     S1, Z+
        movw    r10, r30
        movw    r30, r12
        lpm     T0, Z+
        lpm     T1, Z+
        movw    r12, r30
.endm

; w = S * v mod q, in [0, 3q), for the v in r15:r14 (any value below 2^16), by Shoup's method:
; w = (S*v - qhat*q) mod 2^16 with qhat = floor(S'*v / 2^16) less at most 1 (the byte product
; T0*v0 is left out: it moves S'*v by less than 2^16). 27 cycles.
.macro MULMOD
        mul     S0, r14                 ; w = S*v mod 2^16: S0*v0
        movw    r18, r0
        mul     S0, r15                 ;   + (S0*v1) << 8
        add     r19, r0
        mul     S1, r14                 ;   + (S1*v0) << 8
        add     r19, r0
        mul     T1, r15                 ; qhat = bytes 2, 3 of S'*v: T1*v1
        movw    r20, r0
        mul     T0, r15                 ;   + (T0*v1) << 8
        mov     r22, r0
        add     r20, r1
        adc     r21, ZERO
        mul     T1, r14                 ;   + (T1*v0) << 8
        add     r22, r0
        adc     r20, r1
        adc     r21, ZERO
        sub     r18, r20                ; w -= qhat*q mod 2^16, q = 0x1e01:
        sbc     r19, r21                ;   - qhat
        mul     r20, K1E                ;   - (qhat0*0x1e) << 8
        sub     r19, r0
.endm

; x in r21:r20, below 7q -> below 2q: x -= floor(x / 8192) * q  (floor(x/8192) = x1 >> 5 <= 6)
.macro FOLDX
        mul     r21, K8                 ; r1 = x1 >> 5
        mov     r22, r1
        mul     r22, K1E                ; r0 = (x1 >> 5) * 0x1e
        sub     r20, r22
        sbc     r21, r0
.endm

; y = u - w in r25:r24, plus 4q when negative: (-3q, 4q) -> [0, 4q)
.macro SUBY
        sub     r24, r18
        sbc     r25, r19
        sbc     r23, r23                ; 0xff when u - w < 0
        mov     r22, r23
        andi    r22, 0x04               ; 4q = 0x7804, masked
        andi    r23, 0x78
        add     r24, r22
        adc     r25, r23
.endm

; v in r\h:r\l below 2q -> below q: subtract q, add it back when that borrowed
.macro CONDSUBQ l, h
        subi    \l, 0x01
        sbci    \h, 0x1e
        sbc     r23, r23
        mov     r22, r23
        andi    r22, 0x01
        andi    r23, 0x1e
        add     \l, r22
        adc     \h, r23
.endm

; one butterfly of stages 2..7: (a[j], a[j+t]) = (u + S*v, u - S*v), inputs below 4q, outputs
; a[j] below 2q, a[j+t] below 4q
.macro BFLY
        ld      r14, Z                  ; v = a[j+t]
        ldd     r15, Z+1
        MULMOD
        ld      r24, Y+                 ; u = a[j]
        ld      r25, Y+
        movw    r20, r24                ; x = u + w < 7q
        add     r20, r18
        adc     r21, r19
        FOLDX                           ; x < 2q
        SUBY                            ; y = u - w (+ 4q) < 4q
        st      X+, r20
        st      X+, r21
        st      Z+, r24
        st      Z+, r25
.endm

; a butterfly of stage 1 (inputs below q): x = u + w < 4q and y = u - w + 3q < 4q need no reduction
.macro BFLY1
        ld      r14, Z
        ldd     r15, Z+1
        MULMOD
        ld      r24, Y+
        ld      r25, Y+
        movw    r20, r24
        add     r20, r18
        adc     r21, r19
        sub     r24, r18
        sbc     r25, r19
        subi    r24, lo8(-3 * 7681)     ; + 3q
        sbci    r25, hi8(-3 * 7681)
        st      X+, r20
        st      X+, r21
        st      Z+, r24
        st      Z+, r25
.endm

; a butterfly of stage 8 (t = 1, its own twiddle; Y = &a[2i]): outputs below q
.macro BFLY8
        TWIDDLE
        ld      r24, Y+                 ; u = a[2i]
        ld      r25, Y+
        ld      r14, Y+                 ; v = a[2i+1]
        ld      r15, Y+
        MULMOD
        movw    r20, r24                ; x = u + w < 7q
        add     r20, r18
        adc     r21, r19
        FOLDX                           ; < 2q
        CONDSUBQ r20, r21               ; < q
        sub     r24, r18                ; y = u - w + 3q < 7q
        sbc     r25, r19
        subi    r24, lo8(-3 * 7681)
        sbci    r25, hi8(-3 * 7681)
        mul     r25, K8                 ; y -= floor(y / 8192) * q

        mov     r22, r1
        mul     r22, K1E
        sub     r24, r22
        sbc     r25, r0                 ; < 2q
        CONDSUBQ r24, r25               ; < q
        st      X+, r20
        st      X+, r21
        st      X+, r24
        st      X+, r25
.endm

; stages 2..7: m groups of t butterflies (t even)
.macro STAGE t, m
        ldi     NI, \m
1:
        TWIDDLE
        movw    r26, r28                ; X = Y = &a[j]
        movw    r30, r28                ; Z = &a[j + t]
        subi    r30, lo8(-2 * \t)
        sbci    r31, hi8(-2 * \t)
        ldi     NJ, \t / 2
2:
        BFLY
        BFLY
        dec     NJ
        breq    4f
        rjmp    2b
4:
        movw    r28, r30                ; the next group starts where this one's a[j+t] ended
        dec     NI
        breq    5f
        rjmp    1b
5:
        subi    r28, lo8(512)           ; Y = a again
        sbci    r29, hi8(512)
.endm

ntt256:
        push    r2
        push    r3
        push    r4
        push    r5
        push    r6
        push    r7
        push    r8
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
        movw    r28, r24                ; Y = a
        ldi     r22, 0x1e
        mov     K1E, r22
        ldi     r22, 8
        mov     K8, r22
        clr     ZERO
        ldi     r22, lo8(ntt_psi + 2)   ; &psi[1] (entry 0 is unused)
        mov     r10, r22
        ldi     r22, hi8(ntt_psi + 2)
        mov     r11, r22
        ldi     r22, lo8(ntt_psi_shoup + 2)
        mov     r12, r22
        ldi     r22, hi8(ntt_psi_shoup + 2)
        mov     r13, r22

        ; stage 1: t = 128, one group, S = psi[1]
        TWIDDLE
        movw    r26, r28                ; X = Y = a
        movw    r30, r28
        subi    r31, -1                 ; Z = a + 256 bytes = &a[128]
        ldi     NJ, 64
3:
        BFLY1
        BFLY1
        dec     NJ
        breq    4f
        rjmp    3b
4:
        subi    r29, 1                  ; Y = a (it ran over a[0..127], 256 bytes)
        STAGE   64, 2                   ; stages 2..7
        STAGE   32, 4
        STAGE   16, 8
        STAGE   8, 16
        STAGE   4, 32
        STAGE   2, 64
        ; stage 8: t = 1, 128 butterflies (a[2i], a[2i+1]) with S = psi[128 + i]
        movw    r26, r28                ; X = Y = a
        ldi     NJ, 64
6:
        BFLY8
        BFLY8
        dec     NJ
        breq    7f
        rjmp    6b
7:
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
        pop     r8
        pop     r7
        pop     r6
        pop     r5
        pop     r4
        pop     r3
        pop     r2
        clr     r1
        ret
        .size   ntt256, .-ntt256

; twiddle factors: ntt_psi[k] = psi^brv8(k) mod q (kernel.TwiddleTable(), psi = 1065), and their
; Shoup companions ntt_psi_shoup[k] = floor(ntt_psi[k] * 2^16 / q); entry 0 is not used
        .type   ntt_psi, @object
ntt_psi:
        .word       1,  4298,  6468,  1925,   849,   527,  7098,  5953      ; 0..7
        .word    2138,  2648,  2784,  6315,  2446,  5300,  5549,    97      ; 8..15
        .word    3654,  4928,  7316,  5835,  6803,  5408,  5036,  7351      ; 16..23
        .word     675,  5413,  3092,  1286,  4681,  2399,  5887,  1112      ; 24..31
        .word    1714,   693,  2469,  4301,  3477,  4601,  6949,  3074      ; 32..39
        .word     695,  6882,  1875,  1381,  6299,  5258,  1908,  4957      ; 40..47
        .word    2941,  5173,  4232,   528,   584,  6026,  5941,  2774      ; 48..55
        .word    4800,  6915,  7479,  7438,  4270,  2551,  5165,  1080      ; 56..63
        .word    5118,  6461,  5795,  5108,  5417,  1155,  4115,  4608      ; 64..71
        .word    4540,  3180,   257,  6203,  6279,  3789,  3125,  4862      ; 72..79
        .word    5618,  4781,  6094,  7483,  7462,  3501,  4493,   880      ; 80..87
        .word    5881,  6048,  1996,  6812,   319,  3844,  4784,  7276      ; 88..95
        .word     550,  5833,  1097,  6453,  6090,  5653,  1952,  2044      ; 96..103
        .word     707,  4691,  2681,  1438,  1125,  3901,  2593,  7264      ; 104..111
        .word    4959,  6688,  6637,  6273,  1003,  1853,  4640,  2844      ; 112..119
        .word    2562,  4603,  3099,   648,  1415,  5999,  4149,  4801      ; 120..127
        .word    1065,  7175,  6244,  6979,  5508,   542,  1266,  3120      ; 128..135
        .word    3394,  1193,    94,  4600,  1131,  6646,  2996,  3452      ; 136..143
        .word    4924,  2197,  3006,   346,  2012,  6451,  2002,  1876      ; 144..151
        .word    4542,  4095,  5512,  2372,   296,  4843,  1959,  1406      ; 152..159
        .word    5013,   669,  2583,  2689,   763,  7268,  3882,  1704      ; 160..167
        .word    2799,  1656,  7496,  3694,  2922,   321,  4236,  2358      ; 168..175
        .word    5998,  1968,  6014,  1607,  7480,  4055,  5702,  4806      ; 176..183
        .word    4135,  6077,  7619,  2359,   398,  5422,  1129,  5731      ; 184..191
        .word    4841,  6470,  3832,  1872,   674,  1115,  4305,  7042      ; 192..199
        .word    3751,  7060,  4870,   535,  4665,  2760,  2252,  1036      ; 200..207
        .word    7352,  6943,  7346,  4198,  4876,  3280,  7463,   118      ; 208..215
        .word    3250,  4442,  5784,  3916,  1771,  7568,  2457,  6492      ; 216..223
        .word    1994,  5897,   793,  5631,  3086,  6222,  5010,  3137      ; 224..231
        .word     217,  3265,  5614,  2951,  7570,  6825,  4066,  1393      ; 232..239
        .word    4488,  2433,  1885,  5956,   536,  7109,  2717,  2546      ; 240..247
        .word    1775,  1717,  5286,  6511,  1499,  6024,  2110,  5200      ; 248..255
        .size   ntt_psi, .-ntt_psi
        .type   ntt_psi_shoup, @object
ntt_psi_shoup:
        .word       8, 36671, 55186, 16424,  7243,  4496, 60561, 50792      ; 0..7
        .word   18241, 22593, 23753, 53880, 20869, 45220, 47345,   827      ; 8..15
        .word   31176, 42046, 62421, 49785, 58044, 46142, 42968, 62720      ; 16..23
        .word    5759, 46184, 26381, 10972, 39939, 20468, 50229,  9487      ; 24..31
        .word   14624,  5912, 21066, 36697, 29666, 39256, 59290, 26228      ; 32..39
        .word    5929, 58718, 15997, 11782, 53744, 44862, 16279, 42294      ; 40..47
        .word   25093, 44137, 36108,  4505,  4982, 51415, 50689, 23668      ; 48..55
        .word   40954, 59000, 63812, 63462, 36432, 21765, 44068,  9214      ; 56..63
        .word   43667, 55126, 49444, 43582, 46219,  9854, 35110, 39316      ; 64..71
        .word   38736, 27132,  2192, 52925, 53573, 32328, 26663, 41483      ; 72..79
        .word   47934, 40792, 51995, 63846, 63667, 29871, 38335,  7508      ; 80..87
        .word   50177, 51602, 17030, 58121,  2721, 32797, 40818, 62080      ; 88..95
        .word    4692, 49768,  9359, 55058, 51961, 48232, 16654, 17439      ; 96..103
        .word    6032, 40024, 22874, 12269,  9598, 33284, 22124, 61978      ; 104..111
        .word   42311, 57063, 56628, 53522,  8557, 15810, 39589, 24265      ; 112..119
        .word   21859, 39273, 26441,  5528, 12073, 51184, 35400, 40963      ; 120..127
        .word    9086, 61218, 53275, 59546, 46995,  4624, 10801, 26620      ; 128..135
        .word   28958, 10178,   802, 39248,  9649, 56705, 25562, 29453      ; 136..143
        .word   42012, 18745, 25647,  2952, 17166, 55041, 17081, 16006      ; 144..151
        .word   38753, 34939, 47029, 20238,  2525, 41321, 16714, 11996      ; 152..159
        .word   42772,  5708, 22038, 22943,  6510, 62012, 33122, 14538      ; 160..167
        .word   23881, 14129, 63957, 31518, 24931,  2738, 36142, 20118      ; 168..175
        .word   51176, 16791, 51312, 13711, 63821, 34598, 48650, 41005      ; 176..183
        .word   35280, 51850, 65007, 20127,  3395, 46261,  9632, 48898      ; 184..191
        .word   41304, 55203, 32695, 15972,  5750,  9513, 36731, 60083      ; 192..199
        .word   32004, 60237, 41551,  4564, 39802, 23548, 19214,  8839      ; 200..207
        .word   62728, 59239, 62677, 35818, 41603, 27985, 63675,  1006      ; 208..215
        .word   27729, 37900, 49350, 33412, 15110, 64571, 20963, 55391      ; 216..223
        .word   17013, 50314,  6766, 48044, 26330, 53087, 42746, 26765      ; 224..231
        .word    1851, 27857, 47899, 25178, 64588, 58232, 34692, 11885      ; 232..239
        .word   38292, 20758, 16083, 50817,  4573, 60655, 23182, 21723      ; 240..247
        .word   15144, 14649, 45101, 55553, 12789, 51398, 18002, 44367      ; 248..255
        .size   ntt_psi_shoup, .-ntt_psi_shoup
