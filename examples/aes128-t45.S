; avrlab task: aes128
; title: AES-128 on the ATtiny45, key scheduled on the fly, state in registers
; compare: AES v1
;
; AES-128 encryption and decryption for the ATtiny45 (AVRe core: no MUL, no CALL/JMP; 4 KiB flash, 256 B SRAM),
; in the ECRYPT scenarios "en/decryption + key scheduling" (Eisenbarth et al., Africacrypt 2012): each call
; takes the key and expands it while it works, so no round-key table exists anywhere.
;     void aes128_encrypt(uint8_t *block, const uint8_t *key);
;     void aes128_decrypt(uint8_t *block, const uint8_t *key);   (scenario decrypt-ks)
;         block in r25:r24 (16 bytes, en/decrypted in place), key in r23:r22 (16 bytes, read only)
;
; ---------------------------------------------------------------------------------------------------
; The cipher (FIPS-197)
; ---------------------------------------------------------------------------------------------------
; The state is a 4x4 matrix of bytes, s[r + 4c] = row r, column c. Round 0 adds the key; rounds
; 1..10 apply SubBytes (the S-box on every byte), ShiftRows (row r rotates left by r columns),
; MixColumns (each column times the matrix [2 3 1 1] in GF(2^8); not in round 10) and AddRoundKey.
; The key expansion makes round key i from round key i-1, four 32-bit words w0..w3:
;     w0 ^= SubWord(RotWord(w3)) ^ Rcon[i],  w1 ^= w0,  w2 ^= w1,  w3 ^= w2.
;
; ---------------------------------------------------------------------------------------------------
; Memory layout (FIPS-197's byte order, `avrlab tasks -v aes128`)
; ---------------------------------------------------------------------------------------------------
;   block[0..15] = in0..in15 as FIPS-197 prints them (column by column); key[0..15] the key bytes.
;   Official vector (FIPS-197 C.1): key 000102..0f, plaintext 00112233..ff -> 69c4e0d86a7b0430d8cdb78070b4c55a.
;
; ---------------------------------------------------------------------------------------------------
; Design
; ---------------------------------------------------------------------------------------------------
; The 16 state bytes live in registers for the whole call. The round key needs 16 more bytes, and
; 32 registers cannot hold both plus pointers and temporaries, so:
;   * w3 (the last word) lives in registers K0..K3: the key expansion needs it first (RotWord) and
;     last (w3 ^= w2), so it never touches memory;
;   * w0..w2 (12 bytes) live in the block buffer, which is free once the plaintext is loaded. The
;     ciphertext is written over them at the end. The key buffer is never written.
;
; Registers
;   r2..r16, r25   S0..S15    the state, S[r + 4c]
;   r21..r24       K0..K3     w3 of the current round key
;   r20, r18, r1, r17  U0..U3 SubWord(RotWord(w3)) ^ Rcon, then each new word in turn (key steps);
;                             the same registers are T (column sum), MSK (xtime mask) and W
;                             (xtime accumulator; the value held back in the S-box steps)
;   r0             V          xtime operand; the old key byte in the key steps
;   r19            RCON       round constant, also the round counter
;   r27:r26        X          block pointer (the round-key words w0..w2, then the ciphertext)
;   r31:r30        Z          ZH = the S-box page, ZL = the index (the key pointer at the start)
;   r2..r17 are callee-saved (avr-gcc ABI): pushed and popped (16 bytes of stack). r1 is used as a
;   scratch register and cleared before RET.
;
; ---------------------------------------------------------------------------------------------------
; Tricks
; ---------------------------------------------------------------------------------------------------
; 1. SubBytes and ShiftRows in one pass: LPM can load into any register, so each S-box result goes
;    straight to the register of its shifted position; each rotating row costs one extra MOV.
; 2. MixColumns in 32 cycles a column, without a branch: xtime(v) = lsl v; sbc m,m; andi m,0x1b;
;    eor v,m, and since xtime is linear, xtime(a3^a0) is the XOR of the three products before it, so
;    a0 need not be saved.
; 3. Key expansion and AddRoundKey in one pass (6 cycles a byte for w0..w2: LD, EOR, ST, EOR; 2 for
;    w3, which stays in registers), RotWord by choosing where each S-box result goes.
; 4. The round constant is the round counter: Rcon = xtime(Rcon) after each round; the loop ends
;    when it reaches xtime(0x36) = 0x6c.
;
; ---------------------------------------------------------------------------------------------------
; Constant time, and what the check does not see
; ---------------------------------------------------------------------------------------------------
; No branch depends on data: the only branches test the round constant, which is the same for
; every key and block. The S-box, however, is a 256-byte table in flash read with LPM at an address
; made of a state or key byte: the *address* depends on secret data. On the ATtiny45 this does not
; change the timing (no cache: LPM takes 3 cycles at any address), and avrlab's constant-time check
; (same cycles and same executed instruction addresses over 64 inputs) passes; it compares the
; addresses of instructions, not of the data they read, so it cannot see a table lookup. A device
; whose power draw depends on the address bus would leak it. The ECRYPT code's 4557 cycles for 200
; S-box evaluations (160 in the rounds, 40 in the key expansion) leave no room for a computed S-box,
; so it must look up a table too (our inference, not stated in the paper). A table-free S-box (an
; inversion in GF(2^8), or bitslicing across 16 bytes) costs hundreds of cycles per round more and
; was not attempted here.
;
; ---------------------------------------------------------------------------------------------------
; Cost (cycles; every instruction's count from the AVR manual, AVRe column)
; ---------------------------------------------------------------------------------------------------
;   per round 1..9:  SubBytes+ShiftRows 68, MixColumns 4 x 32 = 128, key + AddRoundKey 99,
;                    control 10 = 305;  round 10: 177;  set-up 144, end 69.   Total 3135.
;
; Measured with `avrlab bench examples/aes128-t45.S` (ATtiny45, encrypt-ks, 101 vectors):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file             1024    16     3135   12.9 uJ (12.5..13.2)
;   ECRYPT AES v1         1659    33     4557   19.2 uJ            (Eisenbarth et al. 2012)
;   AES Rijndael Furious  1568   192     3629   15.3 uJ            (same table)
;   flash = 710 bytes of code + 58 of padding (.balign 256) + the 256-byte S-box. RAM = 16 bytes of
;   stack (the pushes). The 12 round-key bytes in the block buffer are not counted (the harness's
;   buffers never are): kept on the stack instead they would measure 28 B of RAM, below ECRYPT's 33.
;
; ---------------------------------------------------------------------------------------------------

        .text

; register names (plain #defines: avr-gcc runs the C preprocessor on .S files)
#define V     r0      /* MixColumns: xtime operand; key schedule: the old key byte */
#define W     r1      /* MixColumns: xtime accumulator; S-box steps: the value held back */
#define S0    r2
#define S1    r3
#define S2    r4
#define S3    r5
#define S4    r6
#define S5    r7
#define S6    r8
#define S7    r9
#define S8    r10
#define S9    r11
#define S10   r12
#define S11   r13
#define S12   r14
#define S13   r15
#define S14   r16
#define U3    r17
#define MSK   r18     /* xtime mask: 0x00 or 0x1b (an upper register: ANDI) */
#define RCON  r19     /* round constant 01, 02, 04 ... 36; also the round counter */
#define T     r20     /* MixColumns: a0 ^ a1 ^ a2 ^ a3 of the column */
#define K0    r21     /* K0..K3: the last word of the current round key, w[4i+3] */
#define K1    r22
#define K2    r23
#define K3    r24
#define S15   r25
#define U0    T      /* U0..U3: SubWord(RotWord(w3)) ^ Rcon, then the new words, in scratch registers */
#define U1    MSK
#define U2    W

; v = xtime(v) = v * x in GF(2^8), without a branch: MSK = 0xff if the top bit was set, else 0.
        .macro  XTIME v
        lsl     \v
        sbc     MSK, MSK
        andi    MSK, 0x1b
        eor     \v, MSK
        .endm

; d = S-box[s]: the S-box fills one 256-byte page, ZH points at it, ZL is the index.
        .macro  SBOX d, s
        mov     r30, \s
        lpm     \d, Z
        .endm

; MixColumns of one column a0..a3 in place (FIPS-197 5.1.3), 32 cycles:
;   t = a0^a1^a2^a3,  b_i = a_i ^ t ^ xtime(a_i ^ a_(i+1)),
; and xtime(a3^a0) = xtime(a0^a1) ^ xtime(a1^a2) ^ xtime(a2^a3) (xtime is linear), so the last
; product is the XOR of the first three and a0 need not be kept.
        .macro  MIXCOL a0, a1, a2, a3
        mov     T, \a0
        eor     T, \a1
        eor     T, \a2
        eor     T, \a3
        mov     W, \a0
        eor     W, \a1
        XTIME   W               ; W = xtime(a0^a1)
        eor     \a0, W
        eor     \a0, T          ; b0
        mov     V, \a1
        eor     V, \a2
        XTIME   V               ; V = xtime(a1^a2)
        eor     W, V
        eor     \a1, V
        eor     \a1, T          ; b1
        mov     V, \a2
        eor     V, \a3
        XTIME   V               ; V = xtime(a2^a3)
        eor     W, V            ; W = xtime(a3^a0)
        eor     \a2, V
        eor     \a2, T          ; b2
        eor     \a3, W
        eor     \a3, T          ; b3
        .endm

; One byte of the key expansion and AddRoundKey, 6 cycles: X points at byte j of the round key
; in the block buffer, k holds byte j-4 of the new round key (or of SubWord(RotWord(w3)) ^ Rcon
; for j < 4). New byte j = old byte j ^ k; it is stored back, kept in k for byte j+4, and added
; to the state byte s.
        .macro  KEYBYTE s, k
        ld      V, X
        eor     \k, V
        st      X+, \k
        eor     \s, \k
        .endm

        .global aes128_encrypt
        .type   aes128_encrypt, @function
aes128_encrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
        push    r\r
        .endr
        movw    r26, r24        ; X = block
        movw    r30, r22        ; Z = key
        ld      S0, X+          ; the state, in0..in15
        ld      S1, X+
        ld      S2, X+
        ld      S3, X+
        ld      S4, X+
        ld      S5, X+
        ld      S6, X+
        ld      S7, X+
        ld      S8, X+
        ld      S9, X+
        ld      S10, X+
        ld      S11, X+
        ld      S12, X+
        ld      S13, X+
        ld      S14, X+
        ld      S15, X+
        sbiw    r26, 16
; The block is in registers: its 16 bytes now hold the round key. Copy the key there and add it
; (round 0); its last word stays in K0..K3.
        .irp    s, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11
        ld      V, Z+
        st      X+, V
        eor     \s, V
        .endr
        ld      K0, Z+          ; w3 lives in registers only
        eor     S12, K0
        ld      K1, Z+
        eor     S13, K1
        ld      K2, Z+
        eor     S14, K2
        ld      K3, Z+
        eor     S15, K3
        sbiw    r26, 12
        ldi     r31, hi8(aes_sbox)
        ldi     RCON, 0x01

round:
; SubBytes and ShiftRows together: each S-box result is written straight into the register of
; its shifted position. Row r moves left by r columns; a cycle of moves holds one value in W.
        SBOX    S0, S0          ; row 0 stays
        SBOX    S4, S4
        SBOX    S8, S8
        SBOX    S12, S12
        SBOX    W, S1           ; row 1: s1 <- s5 <- s9 <- s13 <- s1
        SBOX    S1, S5
        SBOX    S5, S9
        SBOX    S9, S13
        mov     S13, W
        SBOX    W, S2           ; row 2: s2 <-> s10, s6 <-> s14
        SBOX    S2, S10
        mov     S10, W
        SBOX    W, S6
        SBOX    S6, S14
        mov     S14, W
        SBOX    W, S15          ; row 3: s3 <- s15 <- s11 <- s7 <- s3
        SBOX    S15, S11
        SBOX    S11, S7
        SBOX    S7, S3
        mov     S3, W
        cpi     RCON, 0x36      ; round 10 has no MixColumns
        brne    mix
        rjmp    addkey
mix:
        MIXCOL  S0, S1, S2, S3
        MIXCOL  S4, S5, S6, S7
        MIXCOL  S8, S9, S10, S11
        MIXCOL  S12, S13, S14, S15
addkey:
; Next round key (FIPS-197 5.2) and AddRoundKey. K0..K3 = w3 of the old round key.
        SBOX    U0, K1          ; U = SubWord(RotWord(w3)) ^ Rcon
        SBOX    U1, K2
        SBOX    U2, K3
        SBOX    U3, K0
        eor     U0, RCON
        KEYBYTE S0, U0          ; w0 ^= U, w1 ^= w0, w2 ^= w1 in the block buffer
        KEYBYTE S1, U1
        KEYBYTE S2, U2
        KEYBYTE S3, U3
        KEYBYTE S4, U0
        KEYBYTE S5, U1
        KEYBYTE S6, U2
        KEYBYTE S7, U3
        KEYBYTE S8, U0
        KEYBYTE S9, U1
        KEYBYTE S10, U2
        KEYBYTE S11, U3
        eor     K0, U0          ; w3 ^= w2 in registers
        eor     S12, K0
        eor     K1, U1
        eor     S13, K1
        eor     K2, U2
        eor     S14, K2
        eor     K3, U3
        eor     S15, K3
        sbiw    r26, 12
; Rcon = xtime(Rcon): 01 02 04 08 10 20 40 80 1b 36. The branch depends on the round only.
        lsl     RCON
        brcc    1f
        ldi     RCON, 0x1b
1:      cpi     RCON, 0x6c      ; xtime(0x36): ten rounds done
        breq    done
        rjmp    round
done:
        .irp    s, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15
        st      X+, \s
        .endr
        .irp    r, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        clr     r1
        ret
        .size   aes128_encrypt, . - aes128_encrypt

; The AES S-box (FIPS-197 Figure 7), one 256-byte page: ZL = the input byte.
        .balign 256
aes_sbox:
        .byte   0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76
        .byte   0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0
        .byte   0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15
        .byte   0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75
        .byte   0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84
        .byte   0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf
        .byte   0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8
        .byte   0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2
        .byte   0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73
        .byte   0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb
        .byte   0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79
        .byte   0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08
        .byte   0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a
        .byte   0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e
        .byte   0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf
        .byte   0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16

; ===================================================================================================
; Decryption (scenario decrypt-ks): void aes128_decrypt(uint8_t *block, const uint8_t *key);
; ===================================================================================================
; Decryption, `avrlab bench -scenario decrypt-ks examples/aes128-t45.S` (aes128_decrypt, after the
; S-box; each scenario counts only the typed function it enters):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file             1382    18     3932   16.2 uJ (15.7..16.6)
;   ECRYPT AES v1         1659    33     7015   (decryption column; the table's energy is encryption's)
;   AES Rijndael Furious  1568   192     4462   (same table)
;   How: the key is loaded into registers (w0..w2 where the state will be, w3 in K0..K3) and run
;   forward to round key 10 there, 39 cycles a step, while the ciphertext waits in the buffer; one
;   exchange (5 cycles a byte) then puts round key 10's w0..w2 in the buffer and the ciphertext plus
;   round key 10 in the state registers. Each round: InvShiftRows + InvSubBytes 70 (the encryption's
;   trick 1 with the inverse S-box, and ZH switched twice), the schedule run backwards with
;   AddRoundKey 97 (w3 ^= w2, w2 ^= w1, w1 ^= w0 column by column with LDD/STD Y+q, 16 a column; w0 ^= SubWord(RotWord(w3)) ^ Rcon, 8 a byte), InvMixColumns 4 x 44 = 176 (see
;   INVMIXCOL: MixColumns' three products plus two more xtimes; the {04}/{05} preprocessing before
;   MixColumns would cost 4 x (24 + 32) = 224), Rcon back (inverse xtime, whose Z flag ends the
;   loop) and control 7 (the last round 4, no InvMixColumns).
;   cycles: set-up 72, forward run 10 x 39 - 1 = 389, exchange 75, 9 rounds x 350 + the last 171,
;   end 75.   Total 3932.
;   flash = the 256-byte S-box + 256 bytes of code (prologue, forward run, exchange and the last 14
;   instructions of the call, which fill the page exactly) + the 256-byte inverse S-box + 614 bytes
;   of code (the round loop); the encryption's 710 bytes and padding before the S-box (768: three
;   whole 256-byte blocks) cost it nothing (lab/measure.go's layout rule). RAM = 18 bytes of stack
;   (r2..r17 and Y). The inverse S-box is inside aes128_decrypt's .size, so the encryption does not
;   count it; the S-box lies outside both functions and counts for both (both read it).
;   Constant time as the encryption: branches on the round constant only; the LPM addresses depend
;   on the data (both S-boxes), which the check does not see (the header).
;
; Registers (besides the encryption's S0..S15, K0..K3, RCON, T, MSK, V, W):
;   r29:r28  Y   the block pointer (LDD/STD with a displacement: the key step back reads and writes
;                the buffer out of order); pushed and popped with r2..r17
;   r26, r27 R, Q  key step: bytes of w2 and w1; r17 H: InvMixColumns' third product
#define R     r26
#define Q     r27
#define H     r17
#define P0    r0      /* key step: the bytes of w0 (r0, r1, r17, r18) */
#define P1    r1
#define P2    r17
#define P3    r18

; d = InvSbox[s] (ZH at the inverse S-box's page).
        .macro  ISBOX d, s
        mov     r30, \s
        lpm     \d, Z
        .endm

; InvMixColumns of one column a0..a3 in place, 44 cycles. With t = a0^a1^a2^a3 and MixColumns'
; products P1 = 2(a0^a1), P2 = 2(a1^a2), P3 = 2(a2^a3):
;   b0 = [a0 ^ t ^ P1] ^ x,  b2 = [a2 ^ t ^ P3] ^ x,  x = 4(a0^a2) ^ 8t = 2(P1 ^ P2 ^ 4t)
;   b1 = [a1 ^ t ^ P2] ^ y,  b3 = [a3 ^ t ^ P1^P2^P3] ^ y,  y = 4(a1^a3) ^ 8t = x ^ 4t
; (the brackets are MixColumns; 14 = 2^4^8, 11 = 3^8, 13 = 1^4^8, 9 = 1^8), and 4t = 2(P1 ^ P3).
        .macro  INVMIXCOL a0, a1, a2, a3
        mov     T, \a0
        eor     T, \a1
        eor     T, \a2
        eor     T, \a3          ; T = t
        mov     W, \a0
        eor     W, \a1
        XTIME   W               ; W = P1
        eor     \a0, W
        mov     V, \a1
        eor     V, \a2
        XTIME   V               ; V = P2
        eor     \a1, V
        mov     H, \a2
        eor     H, \a3
        XTIME   H               ; H = P3
        eor     \a2, H
        eor     H, W            ; H = P1 ^ P3 = 2t
        eor     \a3, H
        eor     \a3, V          ; a3 ^= P1 ^ P2 ^ P3
        eor     W, V            ; W = P1 ^ P2 = 2(a0^a2)
        XTIME   H               ; H = 4t
        eor     W, H
        XTIME   W               ; W = x
        eor     T, W            ; T = t ^ x
        eor     \a0, T
        eor     \a2, T
        eor     T, H            ; T = t ^ y
        eor     \a1, T
        eor     \a3, T
        .endm

; One column b of the key step back, 16 cycles: w3 ^= w2, w2 ^= w1, w1 ^= w0 (the old words: the
; inverse of the expansion's chain), each new byte added to its state byte; w0[b] is kept in p.
        .macro  KEYBACK b, k, p, s1, s2, s3
        ldd     R, Y+8+\b
        eor     \k, R           ; w3[b] of the round key before
        eor     \s3, \k
        ldd     Q, Y+4+\b
        eor     R, Q            ; w2[b]
        std     Y+8+\b, R
        eor     \s2, R
        ldd     \p, Y+\b
        eor     Q, \p           ; w1[b]
        std     Y+4+\b, Q
        eor     \s1, Q
        .endm

; w0[b] ^= S(w3[b+1]) (RotWord, SubWord; Rcon apart) and the new byte added to s, 8 cycles.
        .macro  KEYW0 b, p, k, s
        SBOX    T, \k
        eor     \p, T
        std     Y+\b, \p
        eor     \s, \p
        .endm

        .global aes128_decrypt
        .type   aes128_decrypt, @function
aes128_decrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push    r\r
        .endr
        movw    r28, r24        ; Y = block
        movw    r30, r22        ; Z = key
; The key into registers: w0..w2 in S0..S11, w3 in K0..K3; the ciphertext stays in the buffer.
        .irp    s, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, K0, K1, K2, K3
        ld      \s, Z+
        .endr
        ldi     r31, hi8(aes_sbox)
        ldi     RCON, 0x01
; The forward key run to round key 10, all in registers (39 cycles a step).
dfwd:
        SBOX    T, K1
        eor     S0, T
        SBOX    T, K2
        eor     S1, T
        SBOX    T, K3
        eor     S2, T
        SBOX    T, K0
        eor     S3, T
        eor     S0, RCON
        eor     S4, S0
        eor     S5, S1
        eor     S6, S2
        eor     S7, S3
        eor     S8, S4
        eor     S9, S5
        eor     S10, S6
        eor     S11, S7
        eor     K0, S8
        eor     K1, S9
        eor     K2, S10
        eor     K3, S11
        lsl     RCON
        brcc    1f
        ldi     RCON, 0x1b
1:      cpi     RCON, 0x6c      ; xtime(0x36): ten steps done
        brne    dfwd
; Exchange: round key 10's w0..w2 go to the buffer, the ciphertext comes in, plus round key 10.
        ldd     V, Y+0
        std     Y+0, S0
        eor     S0, V
        ldd     V, Y+1
        std     Y+1, S1
        eor     S1, V
        ldd     V, Y+2
        std     Y+2, S2
        eor     S2, V
        ldd     V, Y+3
        std     Y+3, S3
        eor     S3, V
        ldd     V, Y+4
        std     Y+4, S4
        eor     S4, V
        ldd     V, Y+5
        std     Y+5, S5
        eor     S5, V
        ldd     V, Y+6
        std     Y+6, S6
        eor     S6, V
        ldd     V, Y+7
        std     Y+7, S7
        eor     S7, V
        ldd     V, Y+8
        std     Y+8, S8
        eor     S8, V
        ldd     V, Y+9
        std     Y+9, S9
        eor     S9, V
        ldd     V, Y+10
        std     Y+10, S10
        eor     S10, V
        ldd     V, Y+11
        std     Y+11, S11
        eor     S11, V
        ldd     S12, Y+12
        eor     S12, K0
        ldd     S13, Y+13
        eor     S13, K1
        ldd     S14, Y+14
        eor     S14, K2
        ldd     S15, Y+15
        eor     S15, K3
        lsr     RCON            ; 0x6c -> 0x36, the Rcon of round key 10
        rjmp    dround

; The end of the call, the last 14 instructions (the round loop's exit, below, stores the plaintext
; and jumps here): they fill this stretch to exactly one page, so aes_inv_sbox needs no padding.
dtail:
        .irp    r, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        clr     r1
        ret

; The inverse S-box (FIPS-197 Figure 14), one page, inside aes128_decrypt's .size.
        .balign 256
aes_inv_sbox:
        .byte   0x52, 0x09, 0x6a, 0xd5, 0x30, 0x36, 0xa5, 0x38, 0xbf, 0x40, 0xa3, 0x9e, 0x81, 0xf3, 0xd7, 0xfb
        .byte   0x7c, 0xe3, 0x39, 0x82, 0x9b, 0x2f, 0xff, 0x87, 0x34, 0x8e, 0x43, 0x44, 0xc4, 0xde, 0xe9, 0xcb
        .byte   0x54, 0x7b, 0x94, 0x32, 0xa6, 0xc2, 0x23, 0x3d, 0xee, 0x4c, 0x95, 0x0b, 0x42, 0xfa, 0xc3, 0x4e
        .byte   0x08, 0x2e, 0xa1, 0x66, 0x28, 0xd9, 0x24, 0xb2, 0x76, 0x5b, 0xa2, 0x49, 0x6d, 0x8b, 0xd1, 0x25
        .byte   0x72, 0xf8, 0xf6, 0x64, 0x86, 0x68, 0x98, 0x16, 0xd4, 0xa4, 0x5c, 0xcc, 0x5d, 0x65, 0xb6, 0x92
        .byte   0x6c, 0x70, 0x48, 0x50, 0xfd, 0xed, 0xb9, 0xda, 0x5e, 0x15, 0x46, 0x57, 0xa7, 0x8d, 0x9d, 0x84
        .byte   0x90, 0xd8, 0xab, 0x00, 0x8c, 0xbc, 0xd3, 0x0a, 0xf7, 0xe4, 0x58, 0x05, 0xb8, 0xb3, 0x45, 0x06
        .byte   0xd0, 0x2c, 0x1e, 0x8f, 0xca, 0x3f, 0x0f, 0x02, 0xc1, 0xaf, 0xbd, 0x03, 0x01, 0x13, 0x8a, 0x6b
        .byte   0x3a, 0x91, 0x11, 0x41, 0x4f, 0x67, 0xdc, 0xea, 0x97, 0xf2, 0xcf, 0xce, 0xf0, 0xb4, 0xe6, 0x73
        .byte   0x96, 0xac, 0x74, 0x22, 0xe7, 0xad, 0x35, 0x85, 0xe2, 0xf9, 0x37, 0xe8, 0x1c, 0x75, 0xdf, 0x6e
        .byte   0x47, 0xf1, 0x1a, 0x71, 0x1d, 0x29, 0xc5, 0x89, 0x6f, 0xb7, 0x62, 0x0e, 0xaa, 0x18, 0xbe, 0x1b
        .byte   0xfc, 0x56, 0x3e, 0x4b, 0xc6, 0xd2, 0x79, 0x20, 0x9a, 0xdb, 0xc0, 0xfe, 0x78, 0xcd, 0x5a, 0xf4
        .byte   0x1f, 0xdd, 0xa8, 0x33, 0x88, 0x07, 0xc7, 0x31, 0xb1, 0x12, 0x10, 0x59, 0x27, 0x80, 0xec, 0x5f
        .byte   0x60, 0x51, 0x7f, 0xa9, 0x19, 0xb5, 0x4a, 0x0d, 0x2d, 0xe5, 0x7a, 0x9f, 0x93, 0xc9, 0x9c, 0xef
        .byte   0xa0, 0xe0, 0x3b, 0x4d, 0xae, 0x2a, 0xf5, 0xb0, 0xc8, 0xeb, 0xbb, 0x3c, 0x83, 0x53, 0x99, 0x61
        .byte   0x17, 0x2b, 0x04, 0x7e, 0xba, 0x77, 0xd6, 0x26, 0xe1, 0x69, 0x14, 0x63, 0x55, 0x21, 0x0c, 0x7d

dround:
; InvShiftRows and InvSubBytes together: row r moves right by r columns.
        ldi     r31, hi8(aes_inv_sbox)
        ISBOX   S0, S0
        ISBOX   S4, S4
        ISBOX   S8, S8
        ISBOX   S12, S12
        ISBOX   W, S13          ; row 1: s13 <- s9 <- s5 <- s1 <- s13
        ISBOX   S13, S9
        ISBOX   S9, S5
        ISBOX   S5, S1
        mov     S1, W
        ISBOX   W, S2           ; row 2: s2 <-> s10, s6 <-> s14
        ISBOX   S2, S10
        mov     S10, W
        ISBOX   W, S6
        ISBOX   S6, S14
        mov     S14, W
        ISBOX   W, S3           ; row 3: s3 <- s7 <- s11 <- s15 <- s3
        ISBOX   S3, S7
        ISBOX   S7, S11
        ISBOX   S11, S15
        mov     S15, W
        ldi     r31, hi8(aes_sbox)
; The round key before (FIPS-197 5.3.5's schedule run backwards) and AddRoundKey.
        KEYBACK 0, K0, P0, S4, S8, S12
        KEYBACK 1, K1, P1, S5, S9, S13
        KEYBACK 2, K2, P2, S6, S10, S14
        KEYBACK 3, K3, P3, S7, S11, S15
        eor     P0, RCON
        KEYW0   0, P0, K1, S0
        KEYW0   1, P1, K2, S1
        KEYW0   2, P2, K3, S2
        KEYW0   3, P3, K0, S3
; Rcon of the next round key to undo: 36 1b 80 40 ... 01 (the inverse of xtime; only 1b is odd);
; 01 >> 1 = 0 sets Z: round key 0 was added, done. (LDI leaves the flags.)
        lsr     RCON
        brcc    1f
        ldi     RCON, 0x80
1:      brne    dmix
        .irp    s, S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, S12, S13, S14, S15
        st      Y+, \s
        .endr
        .irp    r, 29, 28, 17, 16, 15, 14
        pop     r\r
        .endr
        rjmp    dtail
dmix:
        INVMIXCOL S0, S1, S2, S3
        INVMIXCOL S4, S5, S6, S7
        INVMIXCOL S8, S9, S10, S11
        INVMIXCOL S12, S13, S14, S15
        rjmp    dround
        .size   aes128_decrypt, . - aes128_decrypt
