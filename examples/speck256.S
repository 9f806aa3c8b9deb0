; avrlab task: speck128-256
; title: SPECK-128/256, one-round loop, registers saved in the block buffer (0 bytes RAM)
; compare: SPECK
;
; SPECK-128/256 encryption for the ATmega128, fixed-key scenario: the 34 round keys are precomputed
; and sit in flash, in the table speck128_256_rk below.
;
;     void speck128_256_encrypt(uint8_t *block);    block pointer in r25:r24, encrypted in place
;
; ---------------------------------------------------------------------------------------------------
; The cipher
; ---------------------------------------------------------------------------------------------------
; SPECK (Beaulieu, Shors, Smith, Treatman-Clark, Weeks, Wingers, IACR ePrint 2013/404) is an ARX
; cipher. SPECK-128 works on two 64-bit words x and y; one round with round key k is
;
;     x = (ROR8(x) + y) ^ k          (+ is addition mod 2^64)
;     y = ROL3(y) ^ x
;
; SPECK-128/256 runs 34 rounds, k[0] .. k[33] (the harness runs the key schedule and
; fills the table).
;
; ---------------------------------------------------------------------------------------------------
; Memory layout
; ---------------------------------------------------------------------------------------------------
;   block[0..7] = y, block[8..15] = x, each word little-endian (lowest byte first).
;   speck128_256_rk = k[0] .. k[33], each a little-endian 64-bit word: 34 x 8 = 272 bytes.
; Official vector: key bytes 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f,
; plaintext bytes 706f6f6e65722e20496e2074686f7365 -> ciphertext 438f189c8db4ee4e3ef5c00504010941.
; The table below holds that key's round keys.
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r2..r9    y0..y7    y, y0 = least significant byte
;   r10..r17  x0..x7    x
;   r0        t         the ninth x register (trick 2) and lpm target
;   r23       n         round counter, also tells the two passes through the swap apart (trick 5)
;   r25:r24             the block pointer, as it arrived (never changed)
;   r27:r26   X         block pointer for the swap
;   r31:r30   Z         round-key pointer for lpm Z+ (and register pointer during the swap)
;   r19:r18             scratch bytes of the swap
;   r1        zero      the avr-gcc zero register: read (adc r, r1), never written
;
; ---------------------------------------------------------------------------------------------------
; Tricks
; ---------------------------------------------------------------------------------------------------
; 1. ROR8 costs nothing: the bytes of ROR8(x) are (x1, ..., x7, x0), so the addition starts its carry
;    chain at x1 and leaves the sum s = ROR8(x) + y in (x1, ..., x7, x0).
; 2. The round key moves the sum back down. LPM loads into any register, so each key byte goes into
;    the register that should hold the new byte, and the sum byte is XORed in from the register above,
;    which is then free for the next key byte. Only s0 ^ k0 needs a spare register (t) and one MOV:
;        lpm t,Z+ / eor t,x1     lpm x1,Z+ / eor x1,x2   ...   lpm x7,Z+ / eor x7,x0     mov x0,t
; 3. ROL3 is three 1-bit rotations of the 8-byte chain: lsl y0 / rol y1..y7 / adc y0,r1 (r1 = 0).
; 4. The state needs 16 registers plus t, Z and a block pointer: more than the 13 call-clobbered
;    registers. So we use the callee-saved r2..r17, and instead of pushing them (16 bytes of stack,
;    which would count as RAM) we SWAP them with the block: on the ATmega128 the registers are also
;    data addresses 0..31, so one small loop exchanges the 16 bytes at data address 2..17 (r2..r17)
;    with the 16 block bytes. That loads the plaintext into r2..r17 and parks the caller's r2..r17 in
;    the block buffer, which we own during the call. At the end the same loop runs again: it writes
;    the ciphertext to the block and gives the caller its registers back. 0 bytes of RAM.
;    (Classic AVR cores such as the ATmega128 map the registers into data space; the XMEGA and
;    AVRxt cores, e.g. the ATmega4809, do not, so this trick is for classic parts only.)
; 5. One copy of the swap loop serves both passes: after the rounds we jump back to it, and the round
;    counter tells it whether to start the rounds or return: it is 34 = 0b100010 before the rounds
;    and 0 after them, so "sbrs n,5 / ret" returns only on the second pass.
;
; Constant time: the only branches are loops with fixed trip counts and the pass test on r23; no
; table is indexed by data; every call runs exactly the same instructions.
;
; ---------------------------------------------------------------------------------------------------
; Cost (per round: add 8 + key 32 + mov 1 + ROL3 27 + xor 8 + loop 3 = 79 cycles; swap 2 x 175)
; ---------------------------------------------------------------------------------------------------
;   `avrlab bench examples/speck256.S` (ATmega128): flash 426 bytes (154 code + 272 round keys),
;   RAM 0 bytes, 3053 cycles, 190.8 cycles/byte, RANK 12.3; constant time, ABI kept.
;   Published (Beaulieu et al. 2014, ATmega128): 476 bytes flash, 0 RAM, 181 cpb, RANK 11.6.
;   Keeping the avr-gcc convention costs this version the register swap of trick 4
;   (2 x 175 = 350 cycles, 22 per byte).

        .text
        .global speck128_256_encrypt

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
#define t  r0
#define n  r23

speck128_256_encrypt:
        ldi     n, 34                   ; 34 rounds; bit 5 set = "first pass" (trick 5)

; Exchange the 16 block bytes with r2..r17, seen as data addresses 2..17 (trick 4).
swap:
        movw    r26, r24                ; X = block (r25:r24 keep the pointer throughout)
        ldi     r30, 2                  ; Z = data address of r2
        ldi     r31, 0
swap_byte:
        ld      r18, X                  ; a block byte
        ld      r19, Z                  ; a register, read through its data address
        st      X+, r19
        st      Z+, r18
        cpi     r30, 18                 ; up to r17
        brne    swap_byte
        sbrs    n, 5                    ; first pass (n = 34): skip the ret and start the rounds
        ret                             ; second pass (n = 0): done

        ldi     r30, lo8(speck128_256_rk) ; Z = k[0]
        ldi     r31, hi8(speck128_256_rk)
round:
        ; x = ROR8(x) + y, the sum lands in (x1, ..., x7, x0) (trick 1)
        add     x1, y0
        adc     x2, y1
        adc     x3, y2
        adc     x4, y3
        adc     x5, y4
        adc     x6, y5
        adc     x7, y6
        adc     x0, y7

        ; x ^= k, moving the bytes back to x0..x7 (trick 2)
        lpm     t, Z+
        eor     t, x1
        lpm     x1, Z+
        eor     x1, x2
        lpm     x2, Z+
        eor     x2, x3
        lpm     x3, Z+
        eor     x3, x4
        lpm     x4, Z+
        eor     x4, x5
        lpm     x5, Z+
        eor     x5, x6
        lpm     x6, Z+
        eor     x6, x7
        lpm     x7, Z+
        eor     x7, x0
        mov     x0, t

        ; y = ROL3(y) (trick 3)
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
        brne    round
        rjmp    swap                    ; write the ciphertext, restore r2..r17 (n = 0 now)

; The 34 round keys of the official test key 000102...1f, each a 64-bit word
; written as two .long (low half first), so the bytes are little-endian as the routine reads them.
; The harness overwrites this table with the round keys of each key it tests.
        .global speck128_256_rk
speck128_256_rk:
        .long   0x03020100, 0x07060504  ; k[0] = 0x0706050403020100
        .long   0x171d0309, 0x37253b31  ; k[1] = 0x37253b31171d0309
        .long   0x93d80d52, 0xfe1588ce  ; k[2] = 0xfe1588ce93d80d52
        .long   0x31334dfe, 0xe698e09f  ; k[3] = 0xe698e09f31334dfe
        .long   0xcbd834fd, 0xdb60f14b  ; k[4] = 0xdb60f14bcbd834fd
        .long   0x4cc2c2f8, 0x2dafa7c3  ; k[5] = 0x2dafa7c34cc2c2f8
        .long   0x5e64a1db, 0xfbb8e270  ; k[6] = 0xfbb8e2705e64a1db
        .long   0xe383eaef, 0xdb6f99e4  ; k[7] = 0xdb6f99e4e383eaef
        .long   0x9c8ab92d, 0x291a8d35  ; k[8] = 0x291a8d359c8ab92d
        .long   0xe296e282, 0x0b653abe  ; k[9] = 0x0b653abee296e282
        .long   0x5c109d7f, 0x604236be  ; k[10] = 0x604236be5c109d7f
        .long   0x8e15d89c, 0xb62528f2  ; k[11] = 0xb62528f28e15d89c
        .long   0xd0b25f29, 0x10419dd1  ; k[12] = 0x10419dd1d0b25f29
        .long   0x9c69fff6, 0xfd71e73b  ; k[13] = 0xfd71e73b9c69fff6
        .long   0x7f976e93, 0x8ea92204  ; k[14] = 0x8ea922047f976e93
        .long   0x398cffbc, 0x2e039afd  ; k[15] = 0x2e039afd398cffbc
        .long   0x22c1072c, 0x9c9fcfef  ; k[16] = 0x9c9fcfef22c1072c
        .long   0xed55e6c9, 0x25fa8973  ; k[17] = 0x25fa8973ed55e6c9
        .long   0xa6b4280c, 0x69819861  ; k[18] = 0x69819861a6b4280c
        .long   0x98038f77, 0x7b62d874  ; k[19] = 0x7b62d87498038f77
        .long   0x62e296fe, 0xf2351ece  ; k[20] = 0xf2351ece62e296fe
        .long   0x76ba05ff, 0xa6d382d1  ; k[21] = 0xa6d382d176ba05ff
        .long   0x45b78726, 0x8d96e667  ; k[22] = 0x8d96e66745b78726
        .long   0x9de6bf31, 0xbe77397e  ; k[23] = 0xbe77397e9de6bf31
        .long   0xaf7d9479, 0x35177f07  ; k[24] = 0x35177f07af7d9479
        .long   0xe7815ff0, 0xb86971c5  ; k[25] = 0xb86971c5e7815ff0
        .long   0x103b45ea, 0x7d77bfff  ; k[26] = 0x7d77bfff103b45ea
        .long   0x82a1a11e, 0x9983914c  ; k[27] = 0x9983914c82a1a11e
        .long   0x6e3307f5, 0x1e88e9b2  ; k[28] = 0x1e88e9b26e3307f5
        .long   0x4fc7061b, 0x7a006877  ; k[29] = 0x7a0068774fc7061b
        .long   0x7df2b16f, 0x1771e55c  ; k[30] = 0x1771e55c7df2b16f
        .long   0xbbf86418, 0xa2cb5323  ; k[31] = 0xa2cb5323bbf86418
        .long   0x7ff5e38b, 0x40030354  ; k[32] = 0x400303547ff5e38b
        .long   0x9a56b276, 0xf4d26f58  ; k[33] = 0xf4d26f589a56b276
