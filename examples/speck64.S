; avrlab task: speck64-128
; title: SPECK-64/128, one-round loop, round keys in flash, 0 bytes RAM
; compare: SPECK
;
; SPECK-64/128 encryption for the ATmega128, fixed-key scenario: the 27 round keys are precomputed
; and sit in flash, in the table speck64_128_rk below.
;
;     void speck64_128_encrypt(uint8_t *block);     block pointer in r25:r24, encrypted in place
;
; ---------------------------------------------------------------------------------------------------
; The cipher
; ---------------------------------------------------------------------------------------------------
; SPECK (Beaulieu, Shors, Smith, Treatman-Clark, Weeks, Wingers, IACR ePrint 2013/404) is an ARX
; cipher: Addition, Rotation, XOR, nothing else. SPECK-64 works on two 32-bit words x and y. One round
; with round key k is
;
;     x = (ROR8(x) + y) ^ k          (+ is addition mod 2^32)
;     y = ROL3(y) ^ x
;
; and SPECK-64/128 runs 27 rounds, k[0] .. k[26]. (The key schedule reuses this round function with
; the round number as key; the harness runs it for us and writes the table.)
;
; ---------------------------------------------------------------------------------------------------
; Memory layout (the NSA implementation guide's convention, also FELICS, Crypto++, Linux)
; ---------------------------------------------------------------------------------------------------
;   block[0..3] = y, block[4..7] = x, each word little-endian (lowest byte first).
;   speck64_128_rk = k[0], k[1], ..., k[26], each a little-endian 32-bit word: 27 x 4 = 108 bytes.
; Official vector (memory byte order): key 0001020308090a0b1011121318191a1b, plaintext
; 2d4375747465723b -> ciphertext 8b024e4548a56f8c. The table below holds that key's round keys.
;
; ---------------------------------------------------------------------------------------------------
; Registers (only call-clobbered ones: nothing to push, 0 bytes of RAM)
; ---------------------------------------------------------------------------------------------------
;   r18..r21  y0..y3    y, y0 = least significant byte
;   r22..r25  x0..x3    x (r25:r24 arrive holding the block pointer; we copy it to X first)
;   r0        t         the fifth x register (see trick 2) and lpm target
;   r27:r26   X         block pointer: loads with X+, stores with -X
;   r31:r30   Z         round-key pointer for lpm Z+
;   r1        zero      the avr-gcc zero register: read (adc r, r1), never written
;
; ---------------------------------------------------------------------------------------------------
; Tricks
; ---------------------------------------------------------------------------------------------------
; 1. ROR8 costs nothing. Rotating a 32-bit word by 8 bits only renames its bytes: the bytes of
;    ROR8(x) are (x1, x2, x3, x0). So the addition simply starts its carry chain at x1:
;        add x1,y0 / adc x2,y1 / adc x3,y2 / adc x0,y3
;    and leaves the sum s = ROR8(x) + y in (x1, x2, x3, x0): byte j of s is one register "up".
; 2. Renaming back costs one MOV. A loop needs x in the same registers every round, so the sum must
;    move down one register. Instead of four (five) MOVs, the round key does the moving: LPM can load
;    into any register, so each key byte is loaded into the register that should receive the new byte
;    and the sum byte is XORed in from the register above, which is then free for the next key byte:
;        lpm t,Z+  / eor t,x1      t  = s0 ^ k0   (x1 is now free)
;        lpm x1,Z+ / eor x1,x2     x1 = s1 ^ k1   (x2 free)
;        lpm x2,Z+ / eor x2,x3     x2 = s2 ^ k2   (x3 free)
;        lpm x3,Z+ / eor x3,x0     x3 = s3 ^ k3   (x0 free)
;        mov x0,t                  x0 = s0 ^ k0
; 3. ROL3 is three 1-bit rotations of the 4-byte chain: lsl/rol/rol/rol shifts left and leaves the
;    old top bit in carry; "adc y0,r1" (r1 = 0) puts it into bit 0. 5 cycles per bit, 15 in all.
; 4. The loop needs no counter register: Z walks through the 108-byte table, so the loop ends when
;    the low byte of Z reaches the low byte of the table's end. (Within 108 < 256 consecutive
;    addresses a low byte cannot repeat, so this works wherever the linker puts the table.)
; 5. X+ to load and -X to store: after the eight loads X points just past the block, so storing
;    backwards with pre-decrement needs no pointer reload.
;
; Constant time: no branch depends on data (the only branch is the loop, on Z), no table is indexed
; by data; every call runs exactly the same instructions.
;
; ---------------------------------------------------------------------------------------------------
; Cost (per round: add 4 + key 16 + mov 1 + ROL3 15 + xor 4 + loop 3 = 43 cycles)
; ---------------------------------------------------------------------------------------------------
;   `avrlab bench examples/speck64.S` (ATmega128): flash 216 bytes (108 code + 108 round keys),
;   RAM 0 bytes, 1199 cycles, 149.9 cycles/byte, RANK 30.9; constant time, ABI kept.
;   Published (Beaulieu et al. 2014, ATmega128): 218 bytes flash, 0 RAM, 154 cpb, RANK 29.8.

        .text
        .global speck64_128_encrypt

; register names (plain #defines: avr-gcc runs the C preprocessor on .S files)
#define y0 r18
#define y1 r19
#define y2 r20
#define y3 r21
#define x0 r22
#define x1 r23
#define x2 r24
#define x3 r25
#define t  r0

speck64_128_encrypt:
        movw    r26, r24                ; X = block (frees r24/r25 for x2/x3)
        ld      y0, X+                  ; y = block[0..3]
        ld      y1, X+
        ld      y2, X+
        ld      y3, X+
        ld      x0, X+                  ; x = block[4..7]
        ld      x1, X+
        ld      x2, X+
        ld      x3, X+                  ; X now points at block + 8
        ldi     r30, lo8(speck64_128_rk) ; Z = k[0]
        ldi     r31, hi8(speck64_128_rk)

round:
        ; x = ROR8(x) + y: the carry chain starts at x1 (trick 1); the sum lands in (x1,x2,x3,x0)
        add     x1, y0
        adc     x2, y1
        adc     x3, y2
        adc     x0, y3

        ; x ^= k, moving the bytes back down into x0..x3 on the way (trick 2)
        lpm     t, Z+
        eor     t, x1
        lpm     x1, Z+
        eor     x1, x2
        lpm     x2, Z+
        eor     x2, x3
        lpm     x3, Z+
        eor     x3, x0
        mov     x0, t

        ; y = ROL3(y) (trick 3)
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        adc     y0, r1
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        adc     y0, r1
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        adc     y0, r1

        ; y ^= x
        eor     y0, x0
        eor     y1, x1
        eor     y2, x2
        eor     y3, x3

        cpi     r30, lo8(speck64_128_rk + 108)  ; 27 rounds done? (trick 4)
        brne    round

        st      -X, x3                  ; write x then y back, downwards (trick 5)
        st      -X, x2
        st      -X, x1
        st      -X, x0
        st      -X, y3
        st      -X, y2
        st      -X, y1
        st      -X, y0
        ret

; The 27 round keys of the official test key (memory order 0001020308090a0b1011121318191a1b), each
; a 32-bit word; .long stores it little-endian, as the routine reads it. The harness overwrites this
; table with the round keys of each key it tests.
        .global speck64_128_rk
speck64_128_rk:
        .long   0x03020100              ; k[0]
        .long   0x131d0309              ; k[1]
        .long   0xbbd80d53              ; k[2]
        .long   0x0d334df3              ; k[3]
        .long   0x7fa43565              ; k[4]
        .long   0x67e6ce55              ; k[5]
        .long   0xe98cb3d2              ; k[6]
        .long   0xaac76cbd              ; k[7]
        .long   0x7f5951c8              ; k[8]
        .long   0x03fa82c2              ; k[9]
        .long   0x313533ad              ; k[10]
        .long   0xdff70882              ; k[11]
        .long   0x9e487c93              ; k[12]
        .long   0xa934b928              ; k[13]
        .long   0xdd2edef5              ; k[14]
        .long   0x8be6388d              ; k[15]
        .long   0x1f706b89              ; k[16]
        .long   0x2b87aaf8              ; k[17]
        .long   0x12d76c17              ; k[18]
        .long   0x6eaccd6c              ; k[19]
        .long   0x6a1ab912              ; k[20]
        .long   0x10bc6bca              ; k[21]
        .long   0x6057dd32              ; k[22]
        .long   0xd3c9b381              ; k[23]
        .long   0xb347813d              ; k[24]
        .long   0x8c113c35              ; k[25]
        .long   0xfe6b523a              ; k[26]
