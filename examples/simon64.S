; avrlab task: simon64-128
; title: SIMON-64/128, one-round loop, registers saved in the block buffer (0 bytes RAM)
; compare: SIMON
;
; SIMON-64/128 encryption for the ATmega128, fixed-key scenario: the 44 round keys are precomputed
; and sit in flash, in the table simon64_128_rk below.
;
;     void simon64_128_encrypt(uint8_t *block);     block pointer in r25:r24, encrypted in place
;
; ---------------------------------------------------------------------------------------------------
; The cipher
; ---------------------------------------------------------------------------------------------------
; SIMON (Beaulieu, Shors, Smith, Treatman-Clark, Weeks, Wingers, IACR ePrint 2013/404) is a Feistel
; cipher built from AND, XOR and rotations. SIMON-64 works on two 32-bit words x and y; one round with
; round key k is
;
;     (x, y) = (y ^ f(x) ^ k, x)        f(x) = (S1(x) & S8(x)) ^ S2(x)
;
; where Sj is a left rotation by j bits. SIMON-64/128 runs 44 rounds, k[0] .. k[43] (the first four
; round keys are the key itself; the harness runs the key schedule and fills the table).
;
; ---------------------------------------------------------------------------------------------------
; Memory layout
; ---------------------------------------------------------------------------------------------------
;   block[0..3] = y, block[4..7] = x, each word little-endian (lowest byte first).
;   simon64_128_rk = k[0] .. k[43], each a little-endian 32-bit word: 44 x 4 = 176 bytes.
; Official vector: key bytes 0001020308090a0b1011121318191a1b, plaintext bytes 756e64206c696b65
; -> ciphertext 7aa0dfb920fcc844. The table below holds that key's round keys.
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r2..r5          y0..y3   y, y0 = least significant byte
;   r6..r9          x0..x3   x
;   r18..r21        a0..a3   S1(x), then the new x being built
;   r22,r23,r26,r27 b0..b3   S2(x), then round-key bytes (two MOVW pairs: r23:r22 and r27:r26)
;   r25:r24                  the block pointer, as it arrived (never changed)
;   r31:r30         Z        round-key pointer for lpm Z+ (and register pointer during the swap)
;   r1              zero     the avr-gcc zero register: read (adc r, r1), never written
;   T flag                   0 on the first pass through the swap, 1 on the second (trick 5)
;
; ---------------------------------------------------------------------------------------------------
; Tricks
; ---------------------------------------------------------------------------------------------------
; 1. S8 costs nothing: the bytes of S8(x) are (x3, x0, x1, x2), so S1(x) & S8(x) is four ANDs with
;    the x registers taken one position "down".
; 2. S1 is a 1-bit rotation of the 4-byte chain: lsl/rol/rol/rol leaves the top bit in carry and
;    "adc a0,r1" (r1 = 0) puts it into bit 0. S2 = S1 of a copy of S1(x). MOVW copies two registers
;    in one cycle, so each copy is 2 cycles.
; 3. The Feistel swap (x, y) = (new x, x) costs 4 MOVWs: the new x is built in a0..a3 (y is XORed
;    into it, it is not overwritten), then y = x and x = a, two register pairs at a time. That leaves
;    a = x, exactly the copy of x the next round starts from, so the copy is made only once, before
;    the loop.
; 4. The state, the two temporaries, Z and the block pointer need 20 registers: more than the 13
;    call-clobbered ones. So x and y live in the callee-saved r2..r9, and instead of pushing those
;    (8 bytes of stack, which would count as RAM) we SWAP them with the block: on the ATmega128 the
;    registers are also data addresses 0..31, so one small loop exchanges the 8 bytes at data
;    address 2..9 (r2..r9) with the 8 block bytes. That loads the plaintext and parks the caller's
;    r2..r9 in the block buffer, which we own during the call. At the end the same loop runs again:
;    it writes the ciphertext and gives the caller its registers back. 0 bytes of RAM.
;    (Classic AVR cores such as the ATmega128 map the registers into data space; the XMEGA and
;    AVRxt cores, e.g. the ATmega4809, do not, so this trick is for classic parts only.)
; 5. One copy of the swap loop serves both passes; the T flag (cleared on entry, set before the
;    rounds) tells it whether to start the rounds or return.
; 6. The loop needs no counter: it ends when the low byte of Z reaches the low byte of the table's
;    end (176 < 256 consecutive addresses, so that low byte cannot come up earlier).
;
; Constant time: the only branches are loops with fixed trip counts and the pass test on T; no table
; is indexed by data; every call runs exactly the same instructions.
;
; ---------------------------------------------------------------------------------------------------
; Cost (per round: S1 5 + copy 2 + S2 5 + and 4 + xor 8 + key 16 + swap 4 + loop 3 = 47 cycles;
; register swap 2 x 87)
; ---------------------------------------------------------------------------------------------------
;   `avrlab bench examples/simon64.S` (ATmega128): flash 288 bytes (112 code + 176 round keys),
;   RAM 0 bytes, 2262 cycles, 282.8 cycles/byte, RANK 12.3; constant time, ABI kept.
;   Published (Beaulieu et al. 2014, ATmega128): 290 bytes flash, 0 RAM, 253 cpb, RANK 13.6.
;   Keeping the avr-gcc convention costs this version the register swap of trick 4
;   (2 x 87 = 174 cycles, 22 per byte).

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
#define b2 r26
#define b3 r27

simon64_128_encrypt:
        clt                             ; T = 0: first pass (trick 5)

; Exchange the 8 block bytes with r2..r9, seen as data addresses 2..9 (trick 4).
swap:
        movw    r26, r24                ; X = block
        ldi     r30, 2                  ; Z = data address of r2
        ldi     r31, 0
swap_byte:
        ld      r18, X                  ; a block byte
        ld      r19, Z                  ; a register, read through its data address
        st      X+, r19
        st      Z+, r18
        cpi     r30, 10                 ; up to r9
        brne    swap_byte
        brtc    rounds                  ; first pass: encrypt
        ret                             ; second pass: done

rounds:
        set                             ; the next pass through the swap is the second
        ldi     r30, lo8(simon64_128_rk) ; Z = k[0]
        ldi     r31, hi8(simon64_128_rk)
        movw    a0, x0                  ; a = x (later rounds find a = x already, trick 3)
        movw    a2, x2
round:
        ; a = S1(x) (trick 2)
        lsl     a0
        rol     a1
        rol     a2
        rol     a3
        adc     a0, r1

        ; b = S2(x) = S1(a)
        movw    b0, a0
        movw    b2, a2
        lsl     b0
        rol     b1
        rol     b2
        rol     b3
        adc     b0, r1

        ; a = S1(x) & S8(x) (trick 1), then a ^= S2(x), a ^= y: a = y ^ f(x)
        and     a0, x3
        and     a1, x0
        and     a2, x1
        and     a3, x2
        eor     a0, b0
        eor     a1, b1
        eor     a2, b2
        eor     a3, b3
        eor     a0, y0
        eor     a1, y1
        eor     a2, y2
        eor     a3, y3

        ; a ^= k: the new x
        lpm     b0, Z+
        eor     a0, b0
        lpm     b1, Z+
        eor     a1, b1
        lpm     b2, Z+
        eor     a2, b2
        lpm     b3, Z+
        eor     a3, b3

        ; (x, y) = (a, x) (trick 3); a keeps a copy of the new x for the next round
        movw    y0, x0
        movw    y2, x2
        movw    x0, a0
        movw    x2, a2

        cpi     r30, lo8(simon64_128_rk + 176)  ; 44 rounds done? (trick 6)
        brne    round
        rjmp    swap                    ; write the ciphertext, restore r2..r9 (T = 1 now)

; The 44 round keys of the official test key (memory order 0001020308090a0b1011121318191a1b), each a
; 32-bit word; .long stores it little-endian, as the routine reads it. The harness overwrites this
; table with the round keys of each key it tests.
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
