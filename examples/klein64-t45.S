; avrlab task: klein64
; title: KLEIN-64 on the ATtiny45, key register in four MOVW pairs, S-box on both nibbles by LPM
; compare: KLEIN v1
;
; KLEIN-64 encryption and decryption for the ATtiny45 (AVRe core: no MUL, no CALL/JMP; 4 KiB flash,
; 256 B SRAM), in the ECRYPT scenarios "encryption + key scheduling" and "decryption + key scheduling"
; (Eisenbarth et al., Africacrypt 2012): each call takes the 64-bit key and updates the key register
; round by round.
;
; NOT THE SAME KEY SIZE: the ECRYPT row compared with, KLEIN v1, is KLEIN-80 (80-bit key, 16 rounds,
; a 10-byte key register); this file and the task `klein64` are KLEIN-64 (64-bit key, 12 rounds), the
; variant with official test vectors here. Its figures beside KLEIN v1's compare different ciphers
; of one family.
;
;     void klein64_encrypt(uint8_t *block, const uint8_t *key);
;     void klein64_decrypt(uint8_t *block, const uint8_t *key);     (scenario decrypt-ks)
;         block in r25:r24 (8 bytes, en/decrypted in place), key in r23:r22 (8 bytes, read only)
;
; ---------------------------------------------------------------------------------------------------
; The cipher (Gong, Nikova, Law, RFIDSec 2011; lab/cipher/klein.go)
; ---------------------------------------------------------------------------------------------------
; The state is eight bytes s0..s7 (16 nibbles, byte j = nibbles 2j high and 2j+1 low). Rounds
; i = 1..12: s ^= sk_i; every nibble through the involutive S-box 7 4 A 9 1 F B 0 C 3 2 6 8 E D 5;
; RotateNibbles, s_j = s_(j+2) (indices mod 8); MixNibbles, AES MixColumns on s0..s3 and on s4..s7.
; Finally s ^= sk_13. sk_1 is the key; the key register is two halves a = k0..k3, b = k4..k7, and
; sk_(i+1) = b1 b2 (b3 ^ i) b0 | c1 S(c2) S(c3) c0 with c = a ^ b (S on both nibbles of a byte).
;
; ---------------------------------------------------------------------------------------------------
; Memory layout (`avrlab tasks -v klein64`)
; ---------------------------------------------------------------------------------------------------
;   block[0..7] = s0..s7, key[0..7] = k0..k7: the bytes in the order the paper prints them (the
;   designers' C code takes byte arrays the same way). Official vector (the paper's Table 4):
;   key 0000000000000000, plaintext ffffffffffffffff -> ciphertext cdc0b51f14722bbe.
;
; ---------------------------------------------------------------------------------------------------
; Tricks
; ---------------------------------------------------------------------------------------------------
; 1. The key step is a ^= b, then a byte permutation that maps the pairs (k0 k1), (k5 k6), (k2 k3),
;    (k7 k4) onto each other in one cycle: new (k0 k1) = old (k5 k6), new (k5 k6) = S(old (k2 k3)),
;    new (k2 k3) = old (k7 k4), new (k7 k4) = old (k0 k1). With the four pairs in register pairs
;    (k7 in the low register of its pair, k4 in the high one) it is four MOVW through a spare pair
;    and two lookups: 17 cycles with the four EORs and i. Byte by byte it is two 4-cycles through
;    T, 8 MOVs (the lookups take the other two moves) where the pairs take 4 MOVW.
; 2. The S-box lookups load each byte straight into the register RotateNibbles moves it to: two
;    4-cycles of registers, each holding one value in T (2 cycles a round for the rotation).
; 3. MixColumns in 32 cycles a column without a branch: xtime(v) = LSL, SBC, ANDI 0x1b, EOR (the mask
;    in ZL, free outside the lookups), and 2(a3^a0) = P1^P2^P3, the XOR of the three products
;    before it. InvMixColumns in 44: the inverse matrix is MixColumns' plus [12 8 12 8], two more
;    products (see INVMIXCOL).
; 4. S is an involution, so the decryption reads the encryption's table; it runs the key register
;    forward to sk_13 (the 12 steps of the encryption), then steps it back while it undoes the rounds.
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r0, r1, r2..r7       S0..S7   the state, S0 = s0
;   r18..r25             the key register: (k0 k1) r19:r18, (k2 k3) r21:r20, (k7 k4) r23:r22,
;                        (k5 k6) r25:r24 (low register first)
;   r8, r9, r10          T, W, V  temporaries (T:W the key step's spare pair)
;   r11                  H        InvMixColumns' third product (decryption only)
;   r16                  I        the round number i
;   r27:r26              X        block pointer (just past the block after loading)
;   r31:r30              Z        ZH = the table's page, ZL = the index or xtime's mask (the key
;                                 pointer at the start)
;   r2..r10, r16 (decryption: r2..r11, r16) are callee-saved (avr-gcc ABI): pushed and popped, 10
;   (11) bytes of stack. r1 holds S1 and is cleared before RET.
;
; ---------------------------------------------------------------------------------------------------
; Constant time, and what the check does not see
; ---------------------------------------------------------------------------------------------------
; No branch depends on data (the only branches count the rounds). The S-box table is indexed by
; state and key bytes, so the *addresses* LPM reads depend on secret data. On the ATtiny45 this does
; not change the timing (no cache: LPM takes 3 cycles at any address) and avrlab's constant-time
; check (same cycles, same executed instruction addresses over 64 inputs) passes; it compares
; instruction addresses, not data addresses, so it cannot see a table lookup. Whether the ECRYPT
; KLEIN code uses tables is not known to us.
;
; ---------------------------------------------------------------------------------------------------
; Cost (cycles; every instruction's count from the AVR manual, AVRe column of the isa table)
; ---------------------------------------------------------------------------------------------------
;   Encryption. Set-up 56: 10 PUSH 20, 2 MOVW, 16 LD 32, 2 LDI. A round 128: AddRoundKey 8,
;   SubNibbles + RotateNibbles 34 (8 lookups of 4, 2 MOV), key step 17 (4 EOR, 4 MOVW, 2 lookups,
;   EOR i), MixNibbles 2 x 32 = 64, loop 5 (CPI, BREQ, INC, RJMP: the body is past BRNE's reach);
;   the last round 126 (CPI, BREQ taken). End 49: AddRoundKey sk_13 8, 8 ST 16, 10 POP 20, CLR, RET.
;   Total 56 + 11 x 128 + 126 + 49 = 1639.
;   Decryption. Set-up 42: 11 PUSH 22, 2 MOVW, 8 LD 16, 2 LDI. The key run forward 12 x (17 + INC,
;   CPI, BRNE 4) - 1 = 251. DEC, 8 LD, AddRoundKey sk_13: 25. A round 151: InvMixColumns 2 x 44 = 88,
;   RotateNibbles^-1 + SubNibbles 34, key step back 17, AddRoundKey 8, loop 4 (DEC, BREQ, RJMP); the
;   last 150. End 43: 8 ST 16, 11 POP 22, CLR, RET. Total 42 + 251 + 25 + 12 x 151 - 1 + 43 = 2172.
;
; Measured with `avrlab bench examples/klein64-t45.S` (ATtiny45, encrypt-ks, 101 vectors):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file (KLEIN-64)   586    10     1639   6.8 uJ (6.5..6.9)
;   ECRYPT KLEIN v1       1268    18     6095   25.1 uJ    KLEIN-80: 16 rounds (Eisenbarth et al. 2012)
;   flash = 330 bytes of code + the 256-byte table (first in the file: no padding). RAM = 10 bytes of
;   stack (the pushes); nothing else in SRAM.
;
; Decryption, `avrlab bench -scenario decrypt-ks examples/klein64-t45.S` (klein64_decrypt, after
; klein64_encrypt; each scenario counts only the entry it calls, but klein64_encrypt lies between
; the table and the decryption, so its 330 bytes count as layout, modulo 256: 74 of them):
;                        flash   RAM   cycles   energy
;   this file (KLEIN-64)   744    11     2172   8.9 uJ (8.7..9.2)
;   ECRYPT KLEIN v1       1268    18     7658   (decryption column; KLEIN-80; the energy is encryption's)
;   flash = 414 bytes of code + the table + 74 of layout; both entries and the table are 1000 bytes.
;
; ---------------------------------------------------------------------------------------------------

        .text

#define S0    r0      /* the state s0..s7, s0 = block[0] (r1 cleared on return) */
#define S1    r1
#define S2    r2
#define S3    r3
#define S4    r4
#define S5    r5
#define S6    r6
#define S7    r7
#define T     r8      /* MixColumns: the column sum; S-box steps: the value held back; with W the */
#define W     r9      /*   key step's spare pair (MOVW); MixColumns: the accumulated product */
#define V     r10     /* MixColumns: a product */
#define H     r11     /* InvMixColumns: the third product (decryption only) */
#define I     r16     /* the round number i (an upper register: CPI) */
#define K0    r18     /* the key register k0..k7, in four MOVW pairs (k0 k1) (k2 k3) (k7 k4) (k5 k6) */
#define K1    r19
#define K2    r20
#define K3    r21
#define K7    r22
#define K4    r23
#define K5    r24
#define K6    r25
#define MSK   r30     /* xtime's mask, 0x00 or 0x1b (ZL: free outside the lookups; an upper register) */

; d = SBOX[s]: ZH holds the table's page, ZL the index.
        .macro  LOOK d, s
        mov     r30, \s
        lpm     \d, Z
        .endm

; v = xtime(v) = v * x in GF(2^8) (x^8 + x^4 + x^3 + x + 1), without a branch.
        .macro  XTIME v
        lsl     \v
        sbc     MSK, MSK
        andi    MSK, 0x1b
        eor     \v, MSK
        .endm

; MixColumns of one column a0..a3 in place, 32 cycles: with t = a0^a1^a2^a3 and P1 = 2(a0^a1),
; P2 = 2(a1^a2), P3 = 2(a2^a3), b_i = a_i ^ t ^ P_(i+1), and 2(a3^a0) = P1^P2^P3 (xtime is linear),
; so a0 need not be kept for b3.
        .macro  MIXCOL a0, a1, a2, a3
        mov     T, \a0
        eor     T, \a1
        eor     T, \a2
        eor     T, \a3          ; T = t
        mov     W, \a0
        eor     W, \a1
        XTIME   W               ; W = P1
        eor     \a0, W
        eor     \a0, T          ; b0
        mov     V, \a1
        eor     V, \a2
        XTIME   V               ; V = P2
        eor     W, V
        eor     \a1, V
        eor     \a1, T          ; b1
        mov     V, \a2
        eor     V, \a3
        XTIME   V               ; V = P3
        eor     W, V            ; W = P1^P2^P3 = 2(a3^a0)
        eor     \a2, V
        eor     \a2, T          ; b2
        eor     \a3, W
        eor     \a3, T          ; b3
        .endm

; InvMixColumns of one column a0..a3 in place, 44 cycles. The inverse matrix [14 11 13 9] is
; MixColumns' [2 3 1 1] plus [12 8 12 8], so with P1, P2, P3, t as above
;   b0 = [a0 ^ t ^ P1] ^ x,  b2 = [a2 ^ t ^ P3] ^ x,         x = 4(a0^a2) ^ 8t = 2(P1^P2 ^ 4t)
;   b1 = [a1 ^ t ^ P2] ^ y,  b3 = [a3 ^ t ^ P1^P2^P3] ^ y,   y = 4(a1^a3) ^ 8t = x ^ 4t
; (the brackets are MixColumns' outputs), and 4t = 2(P1 ^ P3).
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
        eor     H, W            ; H = P1^P3 = 2t
        eor     \a3, H
        eor     \a3, V          ; a3 ^= P1^P2^P3
        eor     W, V            ; W = P1^P2
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

; AddRoundKey: the state ^= the key register's eight bytes.
        .macro  ADDKEY
        eor     S0, K0
        eor     S1, K1
        eor     S2, K2
        eor     S3, K3
        eor     S4, K4
        eor     S5, K5
        eor     S6, K6
        eor     S7, K7
        .endm

; One key step forward, sk_i -> sk_(i+1) with I = i, 17 cycles (ZH at SBOX): a ^= b (k0..k3 become
; c = a ^ b), then the pairs move round (k0 k1) <- (k5 k6) <- S(k2 k3) <- (k7 k4) <- (k0 k1), and
; the new k2 ^= i.
        .macro  KEYSTEP
        eor     K0, K4
        eor     K1, K5
        eor     K2, K6
        eor     K3, K7
        movw    T, K0           ; T:W = c0, c1
        movw    K0, K5          ; k0 k1 = b1 b2
        LOOK    K5, K2          ; k5 k6 = S(c2) S(c3)
        LOOK    K6, K3
        movw    K2, K7          ; k2 k3 = b3 b0
        movw    K7, T           ; k7 k4 = c0 c1
        eor     K2, I
        .endm

; The S-box on both nibbles of a byte: SBOX[x] = S(x >> 4) << 4 | S(x & 15). One 256-byte page at
; the start of the file (ZL = the byte); both entries read it. S is an involution, so the
; decryption reads the same table.
        .balign 256
klein_sbox:
        .byte   0x77, 0x74, 0x7a, 0x79, 0x71, 0x7f, 0x7b, 0x70, 0x7c, 0x73, 0x72, 0x76, 0x78, 0x7e, 0x7d, 0x75
        .byte   0x47, 0x44, 0x4a, 0x49, 0x41, 0x4f, 0x4b, 0x40, 0x4c, 0x43, 0x42, 0x46, 0x48, 0x4e, 0x4d, 0x45
        .byte   0xa7, 0xa4, 0xaa, 0xa9, 0xa1, 0xaf, 0xab, 0xa0, 0xac, 0xa3, 0xa2, 0xa6, 0xa8, 0xae, 0xad, 0xa5
        .byte   0x97, 0x94, 0x9a, 0x99, 0x91, 0x9f, 0x9b, 0x90, 0x9c, 0x93, 0x92, 0x96, 0x98, 0x9e, 0x9d, 0x95
        .byte   0x17, 0x14, 0x1a, 0x19, 0x11, 0x1f, 0x1b, 0x10, 0x1c, 0x13, 0x12, 0x16, 0x18, 0x1e, 0x1d, 0x15
        .byte   0xf7, 0xf4, 0xfa, 0xf9, 0xf1, 0xff, 0xfb, 0xf0, 0xfc, 0xf3, 0xf2, 0xf6, 0xf8, 0xfe, 0xfd, 0xf5
        .byte   0xb7, 0xb4, 0xba, 0xb9, 0xb1, 0xbf, 0xbb, 0xb0, 0xbc, 0xb3, 0xb2, 0xb6, 0xb8, 0xbe, 0xbd, 0xb5
        .byte   0x07, 0x04, 0x0a, 0x09, 0x01, 0x0f, 0x0b, 0x00, 0x0c, 0x03, 0x02, 0x06, 0x08, 0x0e, 0x0d, 0x05
        .byte   0xc7, 0xc4, 0xca, 0xc9, 0xc1, 0xcf, 0xcb, 0xc0, 0xcc, 0xc3, 0xc2, 0xc6, 0xc8, 0xce, 0xcd, 0xc5
        .byte   0x37, 0x34, 0x3a, 0x39, 0x31, 0x3f, 0x3b, 0x30, 0x3c, 0x33, 0x32, 0x36, 0x38, 0x3e, 0x3d, 0x35
        .byte   0x27, 0x24, 0x2a, 0x29, 0x21, 0x2f, 0x2b, 0x20, 0x2c, 0x23, 0x22, 0x26, 0x28, 0x2e, 0x2d, 0x25
        .byte   0x67, 0x64, 0x6a, 0x69, 0x61, 0x6f, 0x6b, 0x60, 0x6c, 0x63, 0x62, 0x66, 0x68, 0x6e, 0x6d, 0x65
        .byte   0x87, 0x84, 0x8a, 0x89, 0x81, 0x8f, 0x8b, 0x80, 0x8c, 0x83, 0x82, 0x86, 0x88, 0x8e, 0x8d, 0x85
        .byte   0xe7, 0xe4, 0xea, 0xe9, 0xe1, 0xef, 0xeb, 0xe0, 0xec, 0xe3, 0xe2, 0xe6, 0xe8, 0xee, 0xed, 0xe5
        .byte   0xd7, 0xd4, 0xda, 0xd9, 0xd1, 0xdf, 0xdb, 0xd0, 0xdc, 0xd3, 0xd2, 0xd6, 0xd8, 0xde, 0xdd, 0xd5
        .byte   0x57, 0x54, 0x5a, 0x59, 0x51, 0x5f, 0x5b, 0x50, 0x5c, 0x53, 0x52, 0x56, 0x58, 0x5e, 0x5d, 0x55

        .global klein64_encrypt
        .type   klein64_encrypt, @function
klein64_encrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16
        push    r\r
        .endr
        movw    r26, r24        ; X = block
        movw    r30, r22        ; Z = key
        ld      S0, X+
        ld      S1, X+
        ld      S2, X+
        ld      S3, X+
        ld      S4, X+
        ld      S5, X+
        ld      S6, X+
        ld      S7, X+          ; X = block + 8
        .irp    k, K0, K1, K2, K3, K4, K5, K6, K7
        ld      \k, Z+
        .endr
        ldi     r31, hi8(klein_sbox)
        ldi     I, 1            ; i = 1

round:
        ADDKEY                  ; sk_i
; SubNibbles and RotateNibbles: s_j = SBOX[s_(j+2)], the looked-up byte loaded straight into its
; new register; cycles (0 6 4 2) and (1 7 5 3), each holding one value in T.
        LOOK    T, S0
        LOOK    S0, S2
        LOOK    S2, S4
        LOOK    S4, S6
        mov     S6, T
        LOOK    T, S1
        LOOK    S1, S3
        LOOK    S3, S5
        LOOK    S5, S7
        mov     S7, T
        KEYSTEP                 ; sk_(i+1), while ZH is still at SBOX
; MixNibbles: MixColumns on s0..s3 and on s4..s7.
        MIXCOL  S0, S1, S2, S3
        MIXCOL  S4, S5, S6, S7
        cpi     I, 12
        breq    done
        inc     I
        rjmp    round
done:
        ADDKEY                  ; sk_13
        st      -X, S7
        st      -X, S6
        st      -X, S5
        st      -X, S4
        st      -X, S3
        st      -X, S2
        st      -X, S1
        st      -X, S0
        .irp    r, 16, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        clr     r1
        ret
        .size   klein64_encrypt, . - klein64_encrypt

        .global klein64_decrypt
        .type   klein64_decrypt, @function
klein64_decrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16
        push    r\r
        .endr
        movw    r26, r24        ; X = block
        movw    r30, r22        ; Z = key
        .irp    k, K0, K1, K2, K3, K4, K5, K6, K7
        ld      \k, Z+
        .endr
        ldi     r31, hi8(klein_sbox)
        ldi     I, 1
fwd:                            ; the key register forward, sk_1 -> sk_13
        KEYSTEP
        inc     I
        cpi     I, 13
        brne    fwd
        dec     I               ; i = 12
        ld      S0, X+
        ld      S1, X+
        ld      S2, X+
        ld      S3, X+
        ld      S4, X+
        ld      S5, X+
        ld      S6, X+
        ld      S7, X+          ; X = block + 8
        ADDKEY                  ; sk_13

dround:                         ; round i = 12..1 undone
        INVMIXCOL S0, S1, S2, S3
        INVMIXCOL S4, S5, S6, S7
; RotateNibbles undone and SubNibbles (S is its own inverse): s_(j+2) = SBOX[s_j]; cycles
; (0 2 4 6) and (1 3 5 7) through T.
        LOOK    T, S6
        LOOK    S6, S4
        LOOK    S4, S2
        LOOK    S2, S0
        mov     S0, T
        LOOK    T, S7
        LOOK    S7, S5
        LOOK    S5, S3
        LOOK    S3, S1
        mov     S1, T
; Key step back, sk_(i+1) -> sk_i: k2 ^= i, the pairs move the other way round (S again on the
; pair that goes from (k5 k6) to (k2 k3)), then a = c ^ b.
        eor     K2, I
        movw    T, K7           ; T:W = c0, c1
        movw    K7, K2          ; k7 k4 = b3 b0
        LOOK    K2, K5          ; k2 k3 = c2 c3
        LOOK    K3, K6
        movw    K5, K0          ; k5 k6 = b1 b2
        movw    K0, T           ; k0 k1 = c0 c1
        eor     K0, K4
        eor     K1, K5
        eor     K2, K6
        eor     K3, K7          ; k0..k3 = a
        ADDKEY                  ; sk_i
        dec     I
        breq    ddone
        rjmp    dround
ddone:
        st      -X, S7
        st      -X, S6
        st      -X, S5
        st      -X, S4
        st      -X, S3
        st      -X, S2
        st      -X, S1
        st      -X, S0
        .irp    r, 16, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        clr     r1
        ret
        .size   klein64_decrypt, . - klein64_decrypt
