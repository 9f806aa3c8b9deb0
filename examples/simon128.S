; avrlab task: simon128-128
; title: SIMON-128/128, one-round loop, registers saved in the block buffer (0 bytes RAM)
; compare: SIMON
;
; SIMON-128/128 encryption for the ATmega128, fixed-key scenario: the 68 round keys are precomputed
; and sit in flash, in the table simon128_128_rk below.
;
;     void simon128_128_encrypt(uint8_t *block);    block pointer in r25:r24, encrypted in place
;
; ---------------------------------------------------------------------------------------------------
; The cipher
; ---------------------------------------------------------------------------------------------------
; SIMON (Beaulieu, Shors, Smith, Treatman-Clark, Weeks, Wingers, IACR ePrint 2013/404) is a Feistel
; cipher built from AND, XOR and rotations. SIMON-128 works on two 64-bit words x and y; one round
; with round key k is
;
;     (x, y) = (y ^ f(x) ^ k, x)        f(x) = (S1(x) & S8(x)) ^ S2(x)
;
; where Sj is a left rotation by j bits. SIMON-128/128 runs 68 rounds, k[0] .. k[67] (the first two
; round keys are the key itself; the harness runs the key schedule and fills the table).
;
; ---------------------------------------------------------------------------------------------------
; Memory layout
; ---------------------------------------------------------------------------------------------------
;   block[0..7] = y, block[8..15] = x, each word little-endian (lowest byte first).
;   simon128_128_rk = k[0] .. k[67], each a little-endian 64-bit word: 68 x 8 = 544 bytes.
; Official vector: key bytes 000102030405060708090a0b0c0d0e0f, plaintext bytes
; 2074726176656c6c6572732064657363 -> ciphertext bc0b4ef82a83aa653ffe541e1e1b6849.
; The table below holds that key's round keys.
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r2..r9     y0..y7   y, y0 = least significant byte
;   r10..r17   x0..x7   x
;   r18..r25   a0..a7   a copy of x, rotated to S1(x), then S2(x), then the new x being built
;   r0         t        scratch byte (AND terms, round-key bytes)
;   r27:r26    X        block pointer (kept all the way through)
;   r31:r30    Z        round-key pointer for lpm Z+ (and register pointer during the swap)
;   r1         zero     the avr-gcc zero register: read (adc r, r1), never written
;   T flag              0 on the first pass through the swap, 1 on the second (trick 5)
;
; ---------------------------------------------------------------------------------------------------
; Tricks
; ---------------------------------------------------------------------------------------------------
; 1. S8 costs nothing: the bytes of S8(x) are (x7, x0, x1, ..., x6), so S1(x) & S8(x) pairs each
;    byte of S1(x) with the x register one position "down".
; 2. S1 is a 1-bit rotation of the 8-byte chain: lsl/rol.../rol leaves the top bit in carry and
;    "adc a0,r1" (r1 = 0) puts it into bit 0. S2(x) = S1(S1(x)): rotate the same copy again after
;    its S1 value has been used.
; 3. There are registers for only one 8-byte temporary, so the AND term goes straight into y
;    (y ^= S1(x) & S8(x), one byte at a time through t), then a = S2(x) ^ y ^ k is the new x.
;    The Feistel swap (x, y) = (a, x) is 8 MOVWs and leaves a = x: the copy of x the next round
;    starts from, so that copy is made only once, before the loop.
; 4. The state (16 bytes) lives in the callee-saved r2..r17. Instead of pushing them (16 bytes of
;    stack, which would count as RAM) we SWAP them with the block: on the ATmega128 the registers are
;    also data addresses 0..31, so one small loop exchanges the 16 bytes at data address 2..17 with
;    the 16 block bytes. That loads the plaintext and parks the caller's r2..r17 in the block buffer,
;    which we own during the call. At the end the same loop runs again: it writes the ciphertext and
;    gives the caller its registers back. 0 bytes of RAM.
;    (Classic AVR cores such as the ATmega128 map the registers into data space; the XMEGA and
;    AVRxt cores, e.g. the ATmega4809, do not, so this trick is for classic parts only.)
; 5. One copy of the swap loop serves both passes; the T flag (cleared on entry, set before the
;    rounds) tells it whether to start the rounds or return.
; 6. No counter register is left, so the loop ends on Z: when its low byte equals that of the end
;    of the 544-byte table, the high byte is compared too (the low byte alone comes up every 256
;    bytes). The round body is too long for a conditional branch back, so the loop closes with RJMP.
;
; Constant time: every branch depends only on the round number (Z) or the pass (T); no table is
; indexed by data; every call runs exactly the same instructions.
;
; ---------------------------------------------------------------------------------------------------
; Cost (per round: S1 9 + AND term 24 + S2 9 + xor 8 + key 32 + swap 8 + loop 4 = 94 cycles;
; register swap 2 x 175)
; ---------------------------------------------------------------------------------------------------
;   `avrlab bench examples/simon128.S` (ATmega128): flash 744 bytes (200 code + 544 round keys),
;   RAM 0 bytes, 6777 cycles, 423.6 cycles/byte, RANK 3.2; constant time, ABI kept.

        .text
        .global simon128_128_encrypt

#define y0 r2
#define y1 r3
#define y2 r4
#define y3 r5
#define y4 r6
#define y5 r7
#define y6 r8
#define y7 r9
#define x0 r10
#define x1 r11
#define x2 r12
#define x3 r13
#define x4 r14
#define x5 r15
#define x6 r16
#define x7 r17
#define a0 r18
#define a1 r19
#define a2 r20
#define a3 r21
#define a4 r22
#define a5 r23
#define a6 r24
#define a7 r25
#define t  r0

simon128_128_encrypt:
        movw    r26, r24                ; X = block
        clt                             ; T = 0: first pass (trick 5)

; Exchange the 16 block bytes with r2..r17, seen as data addresses 2..17 (trick 4).
swap:
        ldi     r30, 2                  ; Z = data address of r2
        ldi     r31, 0
swap_byte:
        ld      r18, X                  ; a block byte
        ld      r19, Z                  ; a register, read through its data address
        st      X+, r19
        st      Z+, r18
        cpi     r30, 18                 ; up to r17
        brne    swap_byte
        sbiw    r26, 16                 ; X = block again
        brtc    rounds                  ; first pass: encrypt
        ret                             ; second pass: done

rounds:
        set                             ; the next pass through the swap is the second
        ldi     r30, lo8(simon128_128_rk) ; Z = k[0]
        ldi     r31, hi8(simon128_128_rk)
        movw    a0, x0                  ; a = x (later rounds find a = x already, trick 3)
        movw    a2, x2
        movw    a4, x4
        movw    a6, x6
round:
        ; a = S1(x) (trick 2)
        lsl     a0
        rol     a1
        rol     a2
        rol     a3
        rol     a4
        rol     a5
        rol     a6
        rol     a7
        adc     a0, r1

        ; y ^= S1(x) & S8(x) (tricks 1 and 3)
        mov     t, a0
        and     t, x7
        eor     y0, t
        mov     t, a1
        and     t, x0
        eor     y1, t
        mov     t, a2
        and     t, x1
        eor     y2, t
        mov     t, a3
        and     t, x2
        eor     y3, t
        mov     t, a4
        and     t, x3
        eor     y4, t
        mov     t, a5
        and     t, x4
        eor     y5, t
        mov     t, a6
        and     t, x5
        eor     y6, t
        mov     t, a7
        and     t, x6
        eor     y7, t

        ; a = S2(x)
        lsl     a0
        rol     a1
        rol     a2
        rol     a3
        rol     a4
        rol     a5
        rol     a6
        rol     a7
        adc     a0, r1

        ; a ^= y: a = y ^ f(x)
        eor     a0, y0
        eor     a1, y1
        eor     a2, y2
        eor     a3, y3
        eor     a4, y4
        eor     a5, y5
        eor     a6, y6
        eor     a7, y7

        ; a ^= k: the new x
        lpm     t, Z+
        eor     a0, t
        lpm     t, Z+
        eor     a1, t
        lpm     t, Z+
        eor     a2, t
        lpm     t, Z+
        eor     a3, t
        lpm     t, Z+
        eor     a4, t
        lpm     t, Z+
        eor     a5, t
        lpm     t, Z+
        eor     a6, t
        lpm     t, Z+
        eor     a7, t

        ; (x, y) = (a, x), leaving a = x for the next round (trick 3)
        movw    y0, x0
        movw    y2, x2
        movw    y4, x4
        movw    y6, x6
        movw    x0, a0
        movw    x2, a2
        movw    x4, a4
        movw    x6, a6

        ; 68 rounds done? (trick 6)
        cpi     r30, lo8(simon128_128_rk + 544)
        breq    maybe_done
next_round:
        rjmp    round
maybe_done:
        cpi     r31, hi8(simon128_128_rk + 544)
        brne    next_round
        rjmp    swap                    ; write the ciphertext, restore r2..r17 (T = 1 now)

; The 68 round keys of the official test key 000102030405060708090a0b0c0d0e0f, each a 64-bit word
; written as two .long (low half first), so the bytes are little-endian as the routine reads them.
; The harness overwrites this table with the round keys of each key it tests.
        .global simon128_128_rk
simon128_128_rk:
        .long   0x03020100, 0x07060504  ; k[0] = 0x0706050403020100
        .long   0x0b0a0908, 0x0f0e0d0c  ; k[1] = 0x0f0e0d0c0b0a0908
        .long   0xbd2c1f4c, 0x79e8db8a  ; k[2] = 0x79e8db8abd2c1f4c
        .long   0x0882b4e9, 0xb852643a  ; k[3] = 0xb852643a0882b4e9
        .long   0xa34b9d62, 0x2a984eb1  ; k[4] = 0x2a984eb1a34b9d62
        .long   0xd920816f, 0x205716f8  ; k[5] = 0x205716f8d920816f
        .long   0xca027aa4, 0xc36822fe  ; k[6] = 0xc36822feca027aa4
        .long   0x133f166c, 0x0bf36f77  ; k[7] = 0x0bf36f77133f166c
        .long   0xa6a996f2, 0x7d568618  ; k[8] = 0x7d568618a6a996f2
        .long   0x727f4220, 0x9c73282a  ; k[9] = 0x9c73282a727f4220
        .long   0xb03e7568, 0x98e02e60  ; k[10] = 0x98e02e60b03e7568
        .long   0x90849426, 0xf91ed0ff  ; k[11] = 0xf91ed0ff90849426
        .long   0x44d95153, 0xd7ade68f  ; k[12] = 0xd7ade68f44d95153
        .long   0x73add4e4, 0x416e4db9  ; k[13] = 0x416e4db973add4e4
        .long   0x0269c97d, 0xe469341c  ; k[14] = 0xe469341c0269c97d
        .long   0xcc398ea0, 0xdc5a0784  ; k[15] = 0xdc5a0784cc398ea0
        .long   0x28d29fbf, 0x0dd82b6b  ; k[16] = 0x0dd82b6b28d29fbf
        .long   0xe4510b50, 0x32c37fa0  ; k[17] = 0x32c37fa0e4510b50
        .long   0xc5e2519c, 0xf7538c9a  ; k[18] = 0xf7538c9ac5e2519c
        .long   0xef4c9b86, 0x9ca3c905  ; k[19] = 0x9ca3c905ef4c9b86
        .long   0xd900f4a9, 0xb2f236d5  ; k[20] = 0xb2f236d5d900f4a9
        .long   0xf60375a4, 0xce2d534d  ; k[21] = 0xce2d534df60375a4
        .long   0x475f52bb, 0x982ab677  ; k[22] = 0x982ab677475f52bb
        .long   0x95629525, 0xfb55511b  ; k[23] = 0xfb55511b95629525
        .long   0x735ad6b1, 0x870ab6ba  ; k[24] = 0x870ab6ba735ad6b1
        .long   0x83c39d64, 0x2c3b5358  ; k[25] = 0x2c3b535883c39d64
        .long   0x14e16336, 0xbfb1961b  ; k[26] = 0xbfb1961b14e16336
        .long   0xafee58cd, 0x6fc98705  ; k[27] = 0x6fc98705afee58cd
        .long   0x041db25f, 0x3b4bc174  ; k[28] = 0x3b4bc174041db25f
        .long   0x90d3ca5e, 0x84ebbcc3  ; k[29] = 0x84ebbcc390d3ca5e
        .long   0xb0f5084c, 0xfc67f2df  ; k[30] = 0xfc67f2dfb0f5084c
        .long   0x623dc42f, 0x2b5ec24a  ; k[31] = 0x2b5ec24a623dc42f
        .long   0xa56e9377, 0x1446394d  ; k[32] = 0x1446394da56e9377
        .long   0xf339008a, 0x476d9908  ; k[33] = 0x476d9908f339008a
        .long   0xcbc5dc93, 0x0722ac03  ; k[34] = 0x0722ac03cbc5dc93
        .long   0x4902192d, 0xe80419b7  ; k[35] = 0xe80419b74902192d
        .long   0xa98a41d9, 0x9b5d9151  ; k[36] = 0x9b5d9151a98a41d9
        .long   0x99540af7, 0xbd258d77  ; k[37] = 0xbd258d7799540af7
        .long   0xdcca7fd4, 0xe8d487d7  ; k[38] = 0xe8d487d7dcca7fd4
        .long   0xe0fe1d0c, 0x914daa0f  ; k[39] = 0x914daa0fe0fe1d0c
        .long   0x2125a259, 0x4c1617c9  ; k[40] = 0x4c1617c92125a259
        .long   0xa9370c9f, 0xd3f1f675  ; k[41] = 0xd3f1f675a9370c9f
        .long   0x316fccff, 0xb4a8c99f  ; k[42] = 0xb4a8c99f316fccff
        .long   0x43f3f633, 0x21d19c20  ; k[43] = 0x21d19c2043f3f633
        .long   0xc2d172a6, 0x1d701c26  ; k[44] = 0x1d701c26c2d172a6
        .long   0x087b30b0, 0x7c576199  ; k[45] = 0x7c576199087b30b0
        .long   0x8ca65846, 0xeac079f3  ; k[46] = 0xeac079f38ca65846
        .long   0xbeda61c1, 0x305c96c7  ; k[47] = 0x305c96c7beda61c1
        .long   0xff6f4d9f, 0x2031ddb8  ; k[48] = 0x2031ddb8ff6f4d9f
        .long   0xd13e8356, 0xd9a64f54  ; k[49] = 0xd9a64f54d13e8356
        .long   0xd7a48a3d, 0x69608f58  ; k[50] = 0x69608f58d7a48a3d
        .long   0xb94fa54e, 0x5de3a9b5  ; k[51] = 0x5de3a9b5b94fa54e
        .long   0xc4e67b3c, 0xb8fd3f0a  ; k[52] = 0xb8fd3f0ac4e67b3c
        .long   0xb262f267, 0xfe8c225b  ; k[53] = 0xfe8c225bb262f267
        .long   0xf673f5aa, 0xc73b869b  ; k[54] = 0xc73b869bf673f5aa
        .long   0x8c344c75, 0xf5e7151e  ; k[55] = 0xf5e7151e8c344c75
        .long   0x30c9c71e, 0xd926ea96  ; k[56] = 0xd926ea9630c9c71e
        .long   0xd6de171b, 0x3cae591a  ; k[57] = 0x3cae591ad6de171b
        .long   0x38801b71, 0xf2863bdb  ; k[58] = 0xf2863bdb38801b71
        .long   0xfdb9ea3f, 0xe2290223  ; k[59] = 0xe2290223fdb9ea3f
        .long   0x87134769, 0x0f1e7442  ; k[60] = 0x0f1e744287134769
        .long   0x7ad54958, 0xacc4d410  ; k[61] = 0xacc4d4107ad54958
        .long   0x701b452a, 0x6fb55c7e  ; k[62] = 0x6fb55c7e701b452a
        .long   0xac286a52, 0xb836d5a7  ; k[63] = 0xb836d5a7ac286a52
        .long   0x00a33138, 0xeccf146f  ; k[64] = 0xeccf146f00a33138
        .long   0x43c9c09a, 0xd49c3993  ; k[65] = 0xd49c399343c9c09a
        .long   0xa3196adf, 0xe4eaaf3b  ; k[66] = 0xe4eaaf3ba3196adf
        .long   0x72648490, 0x29b03978  ; k[67] = 0x29b0397872648490
