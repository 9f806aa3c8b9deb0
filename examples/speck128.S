; avrlab task: speck128-128
; title: SPECK-128/128, one-round loop, registers saved in the block buffer (0 bytes RAM)
; compare: SPECK
;
; SPECK-128/128 encryption for the ATmega128, fixed-key scenario: the 32 round keys are precomputed
; and sit in flash, in the table speck128_128_rk below.
;
;     void speck128_128_encrypt(uint8_t *block);    block pointer in r25:r24, encrypted in place
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
; SPECK-128/128 runs 32 rounds, k[0] .. k[31] (the harness runs the key schedule and fills the table).
;
; ---------------------------------------------------------------------------------------------------
; Memory layout
; ---------------------------------------------------------------------------------------------------
;   block[0..7] = y, block[8..15] = x, each word little-endian (lowest byte first).
;   speck128_128_rk = k[0] .. k[31], each a little-endian 64-bit word: 32 x 8 = 256 bytes.
; Official vector: key bytes 000102030405060708090a0b0c0d0e0f, plaintext bytes
; 206d616465206974206571756976616c -> ciphertext 180d575cdffe60786532787951985da6.
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
;    counter tells it whether to start the rounds or return: it is 32 = 0b100000 before the rounds
;    and 0 after them, so "sbrs n,5 / ret" returns only on the second pass.
;
; Constant time: the only branches are loops with fixed trip counts and the pass test on r23; no
; table is indexed by data; every call runs exactly the same instructions.
;
; ---------------------------------------------------------------------------------------------------
; Cost (per round: add 8 + key 32 + mov 1 + ROL3 27 + xor 8 + loop 3 = 79 cycles; swap 2 x 175)
; ---------------------------------------------------------------------------------------------------
;   `avrlab bench examples/speck128.S` (ATmega128): flash 410 bytes (154 code + 256 round keys),
;   RAM 0 bytes, 2895 cycles, 180.9 cycles/byte, RANK 13.5; constant time, ABI kept.
;   Published (Beaulieu et al. 2014, ATmega128): 460 bytes flash, 0 RAM, 171 cpb, RANK 12.7.
;   Keeping the avr-gcc convention costs this version the register swap of trick 4
;   (2 x 175 = 350 cycles, 22 per byte).

        .text
        .global speck128_128_encrypt

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

speck128_128_encrypt:
        ldi     n, 32                   ; 32 rounds; bit 5 set = "first pass" (trick 5)

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
        sbrs    n, 5                    ; first pass (n = 32): skip the ret and start the rounds
        ret                             ; second pass (n = 0): done

        ldi     r30, lo8(speck128_128_rk) ; Z = k[0]
        ldi     r31, hi8(speck128_128_rk)
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

; The 32 round keys of the official test key 000102030405060708090a0b0c0d0e0f, each a 64-bit word
; written as two .long (low half first), so the bytes are little-endian as the routine reads them.
; The harness overwrites this table with the round keys of each key it tests.
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
