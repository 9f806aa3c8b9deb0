; avrlab task: kasumi64
; title: KASUMI on the ATtiny45, subkeys on the fly, S9 as 8 bits + a packed ninth bit
; compare: KASUMI v1
;
; KASUMI encryption for the ATtiny45 (AVRe core: no MUL, no CALL/JMP; 4 KiB flash, 256 B SRAM), in
; the ECRYPT scenario "encryption + key scheduling" (Eisenbarth et al., Africacrypt 2012): each call
; takes the 128-bit key and derives every subkey from it when the round needs it; nothing is kept.
;
;     void kasumi_encrypt(uint8_t *block, const uint8_t *key);
;     void kasumi_decrypt(uint8_t *block, const uint8_t *key);      (scenario decrypt-ks)
;         block in r25:r24 (8 bytes, encrypted in place), key in r23:r22 (16 bytes, read only)
;
; ---------------------------------------------------------------------------------------------------
; The cipher (3GPP TS 35.202)
; ---------------------------------------------------------------------------------------------------
; Eight Feistel rounds on 32-bit halves: L_i = R_{i-1} ^ f_i(L_{i-1}), R_i = L_{i-1}, with
; f_i = FO(FL(.)) in the odd rounds and FL(FO(.)) in the even ones. So the loop runs four times
; two rounds, R ^= FO(FL(L)) then L ^= FL(FO(R)), and the halves never move.
;   FL: r ^= (l & KL1) <<< 1, l ^= (r | KL2) <<< 1 (16-bit halves l, r).
;   FO: three times (l, r) = (r, FI(l ^ KO_j, KI_j) ^ r).
;   FI: a 9-bit and a 7-bit half through S9 and S7 twice, the subkey between (see fi below).
; Subkeys of round i (0-based here, key words K_0..K_7, K'_j = K_j ^ C_j, indices mod 8):
;   KL1 = K_i <<< 1, KL2 = K'_{i+2}, KO1 = K_{i+1} <<< 5, KO2 = K_{i+5} <<< 8, KO3 = K_{i+6} <<< 13,
;   KI1 = K'_{i+4}, KI2 = K'_{i+3}, KI3 = K'_{i+7}.
;
; ---------------------------------------------------------------------------------------------------
; Memory layout (`avrlab tasks -v kasumi64`)
; ---------------------------------------------------------------------------------------------------
;   block = L0 || R0, key = K1..K8, big-endian as 3GPP prints them. Official vector (TS 35.203,
;   Test Set 1): key 2bd6459f82c5b300952c49104881ff48, plaintext ea024714ad5c4d84 ->
;   ciphertext df1f9b251c0bf45f.
;   Tables in flash (744 bytes): one page with the ninth bits of S9 packed eight to a
;   byte [0..63], the masks 1 << k [64..71], C1..C8 twice [72..103] and S7 [104..231]; then the low
;   eight bits of S9 (512 bytes, two pages).
;
; ---------------------------------------------------------------------------------------------------
; Tricks
; ---------------------------------------------------------------------------------------------------
; 1. Subkeys on the fly from the caller's key buffer: K_{i+d mod 8} is at key + ((2i + 2d) & 15),
;    10 cycles (GETK); C_{i+d} comes from a table that holds C twice, so it needs no "mod 8".
; 2. Rotations by 8 are free (the two bytes are loaded the other way round); <<< 5 is that plus
;    >>> 3, and <<< 13 is >>> 3 (three BST/LSR/ROR/BLD).
; 3. S9's outputs have nine bits. Bits 7..0 are a 512-byte table; bit 8 of S9[n] is bit n & 7 of
;    byte n >> 3 of a 64-byte table, isolated with a mask from an 8-byte table and turned into 0/1
;    by CP 0,x / ROL (no branch): 576 bytes where two-byte entries take 1024, for about 20 more cycles per
;    lookup.
; 4. FO's third step falls through into the step subroutine (fostep), FI is one subroutine.
;
; ---------------------------------------------------------------------------------------------------
; Constant time, and what the check does not see
; ---------------------------------------------------------------------------------------------------
; No branch depends on data (the round loop counts). S7 and S9 are tables indexed by secret data, so
; the *addresses* LPM reads depend on the key and the block. On the ATtiny45 this does not change the
; timing (no cache: LPM takes 3 cycles at any address) and avrlab's constant-time check (same
; cycles, same executed instruction addresses over 64 inputs) passes; it compares instruction
; addresses, not data addresses, so it cannot see a table lookup. The ECRYPT code's S-boxes are
; tables too (its 1264 bytes hold S7 and S9).
;
; ---------------------------------------------------------------------------------------------------
; Cost (cycles; AVRe column of the AVR manual)
; ---------------------------------------------------------------------------------------------------
;   FI: two S9 (28 each), two S7 (6 each), the split, the subkey and the XORs: 99 with RCALL/RET;
;   24 FI calls, 2376 cycles of the total. Every other part: 8 FL (2 subkeys, 3 rotations each),
;   8 FO (6 subkeys, 2 >>> 3), the halves' XORs, 36 pushes and pops, block in and out.
;
; Measured with `avrlab bench examples/kasumi-t45.S` (ATtiny45, encrypt-ks, 101 vectors):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file             1536    24     4267   17.6 uJ (17.0..18.0)
;   ECRYPT KASUMI v1      1264    24    11939   47.6 uJ            (Eisenbarth et al. 2012)
;   flash = 598 B of code + 744 of tables + 194 of layout (kasumi_decrypt, before them, and 42 B of
;   padding); RAM = 24 B of stack (18 pushes, the return addresses of fo, fostep, fi). 22 % more flash.
;
; Decryption, `avrlab bench -scenario decrypt-ks examples/kasumi-t45.S` (kasumi_decrypt below; each
; scenario counts only the entry it calls, the other is a typed function never entered):
;   this file             1536    24     4263   17.6 uJ
;   ECRYPT KASUMI v1      1264    24    11939   (decryption column; the table's energy is encryption's)
;
; ---------------------------------------------------------------------------------------------------

        .text

#define L0    r2      /* L = L0..L3, L0 the most significant byte (block[0]) */
#define L1    r3
#define L2    r4
#define L3    r5
#define R0    r6      /* R = R0..R3 (block[4..7]) */
#define R1    r7
#define R2    r8
#define R3    r9
#define W0    r10     /* FL/FO: the 32-bit word in and out, W0:W1 its left half */
#define W1    r11
#define W2    r12
#define W3    r13
#define FH    r14     /* FI: the 16-bit word in and out */
#define FL    r15
#define KH    r16     /* a subkey word */
#define KL    r17
#define NH    r18     /* FI: the 9-bit half, bit 8 in NH */
#define NL    r19
#define T     r20     /* temporaries (upper registers: ANDI, ORI, SUBI) */
#define U     r21
#define V     r22
#define IDX   r23     /* 2i for round i = 0..7 */

; hi:lo = K_{i+d mod 8} (key words big-endian; X = key).
        .macro  GETK hi, lo, d
        mov     r28, IDX
        subi    r28, -2*\d
        andi    r28, 15
        clr     r29
        add     r28, r26
        adc     r29, r27
        ld      \hi, Y
        ldd     \lo, Y+1
        .endm

; hi:lo ^= C_{i+d} (K' = K ^ C), from the doubled table at kasumi_page + 72.
        .macro  XORC hi, lo, d
        mov     r30, IDX
        subi    r30, -(72 + 2*\d)
        ldi     r31, hi8(kasumi_page)
        lpm     T, Z+
        eor     \hi, T
        lpm     T, Z
        eor     \lo, T
        .endm

; hi:lo <<<= 1
        .macro  ROL1 hi, lo
        lsl     \lo
        rol     \hi
        adc     \lo, r1
        .endm

; hi:lo >>>= 3
        .macro  ROR3 hi, lo
        .rept   3
        bst     \lo, 0
        lsr     \hi
        ror     \lo
        bld     \hi, 7
        .endr
        .endm

; NH:NL = S9[NH:NL]: bits 7..0 from kasumi_s9, bit 8 from the packed table (no branch).
        .macro  S9
        mov     r30, NL
        ldi     r31, hi8(kasumi_s9)
        add     r31, NH
        lpm     V, Z                    ; bits 7..0
        mov     r30, NL                 ; byte n >> 3 of the packed bits 8
        lsr     r30
        lsr     r30
        lsr     r30
        swap    NH
        lsl     NH
        or      r30, NH
        ldi     r31, hi8(kasumi_page)
        lpm     U, Z
        mov     r30, NL                 ; mask 1 << (n & 7)
        andi    r30, 7
        ori     r30, 64
        lpm     T, Z
        and     U, T
        clr     NH
        cp      NH, U                   ; C = (U != 0)
        rol     NH                      ; bit 8
        mov     NL, V
        .endm

; s = S7[s]
        .macro  S7 s
        mov     r30, \s
        subi    r30, -104
        ldi     r31, hi8(kasumi_page)
        lpm     \s, Z
        .endm

        .global kasumi_encrypt
        .type   kasumi_encrypt, @function
kasumi_encrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push    r\r
        .endr
        movw    r26, r22                ; X = key
        movw    r30, r24                ; Z = block
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9
        ld      r\r, Z+
        .endr
        clr     IDX
rounds:
        movw    W0, L0                  ; odd round i: R ^= FO(FL(L))
        movw    W2, L2
        rcall   fl
        rcall   fo
        eor     R0, W0
        eor     R1, W1
        eor     R2, W2
        eor     R3, W3
        subi    IDX, -2
        movw    W0, R0                  ; even round i + 1: L ^= FL(FO(R))
        movw    W2, R2
        rcall   fo
        rcall   fl
        eor     L0, W0
        eor     L1, W1
        eor     L2, W2
        eor     L3, W3
        subi    IDX, -2
        cpi     IDX, 16
        brne    rounds
        movw    r30, r24                ; Z = block
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9
        st      Z+, r\r
        .endr
        .irp    r, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        ret
        .size   kasumi_encrypt, . - kasumi_encrypt

; Decryption (scenario decrypt-ks): the same halves in place, the pairs undone from the last round,
; L ^= FL(FO(R)) for round i + 1, then R ^= FO(FL(L)) for round i. Shares fl, fo, fi and the tables.
;
;     void kasumi_decrypt(uint8_t *block, const uint8_t *key);
        .global kasumi_decrypt
        .type   kasumi_decrypt, @function
kasumi_decrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push    r\r
        .endr
        movw    r26, r22                ; X = key
        movw    r30, r24                ; Z = block
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9
        ld      r\r, Z+
        .endr
        ldi     IDX, 14                 ; round 7
drounds:
        movw    W0, R0                  ; even round i + 1: L ^= FL(FO(R))
        movw    W2, R2
        rcall   fo
        rcall   fl
        eor     L0, W0
        eor     L1, W1
        eor     L2, W2
        eor     L3, W3
        subi    IDX, 2
        movw    W0, L0                  ; odd round i: R ^= FO(FL(L))
        movw    W2, L2
        rcall   fl
        rcall   fo
        eor     R0, W0
        eor     R1, W1
        eor     R2, W2
        eor     R3, W3
        subi    IDX, 2                  ; after round 0: -2, negative
        brpl    drounds
        movw    r30, r24                ; Z = block
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9
        st      Z+, r\r
        .endr
        .irp    r, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        ret
        .size   kasumi_decrypt, . - kasumi_decrypt

; FL: W = (l, r) -> r ^= (l & KL1) <<< 1, l ^= (r | KL2) <<< 1; KL1 = K_i <<< 1, KL2 = K'_{i+2}.
        .type   fl, @function
fl:
        GETK    KH, KL, 0
        ROL1    KH, KL
        and     KH, W0
        and     KL, W1
        ROL1    KH, KL
        eor     W2, KH
        eor     W3, KL
        GETK    KH, KL, 2
        XORC    KH, KL, 2
        or      KH, W2
        or      KL, W3
        ROL1    KH, KL
        eor     W0, KH
        eor     W1, KL
        ret
        .size   fl, . - fl

; FO: three steps (l, r) = (r, FI(l ^ KO_j, KI_j) ^ r) with KO1 = K_{i+1} <<< 5, KO2 = K_{i+5} <<< 8,
; KO3 = K_{i+6} <<< 13, KI1 = K'_{i+4}, KI2 = K'_{i+3}, KI3 = K'_{i+7}.
        .type   fo, @function
fo:
        GETK    FL, FH, 1               ; K_{i+1} <<< 8 (bytes swapped) ...
        ROR3    FH, FL                  ; ... >>> 3 = <<< 5
        GETK    KH, KL, 4
        XORC    KH, KL, 4
        rcall   fostep
        GETK    FL, FH, 5               ; K_{i+5} <<< 8
        GETK    KH, KL, 3
        XORC    KH, KL, 3
        rcall   fostep
        GETK    FH, FL, 6               ; K_{i+6} <<< 13 = >>> 3
        ROR3    FH, FL
        GETK    KH, KL, 7
        XORC    KH, KL, 7
fostep:                                 ; F = KO_j, K = KI_j
        eor     FH, W0
        eor     FL, W1
        rcall   fi
        eor     FH, W2
        eor     FL, W3
        movw    W0, W2
        movw    W2, FH
        ret
        .size   fo, . - fo

; FI: F = FI(F, K). nine = F >> 7, seven = F & 0x7f;
;   nine = S9[nine] ^ seven; seven = S7[seven] ^ (nine & 0x7f);
;   seven ^= K >> 9; nine ^= K & 0x1ff;
;   nine = S9[nine] ^ seven; seven = S7[seven] ^ (nine & 0x7f); F = seven << 9 | nine.
        .type   fi, @function
fi:
        clr     NH
        mov     NL, FH
        lsl     FL
        rol     NL
        rol     NH                      ; NH:NL = nine
        lsr     FL                      ; FL = seven
        S9
        eor     NL, FL
        S7      FL
        mov     T, NL
        andi    T, 0x7f
        eor     FL, T
        mov     T, KH                   ; seven ^= K >> 9
        lsr     T
        eor     FL, T
        eor     NL, KL                  ; nine ^= K & 0x1ff
        mov     T, KH
        andi    T, 1
        eor     NH, T
        S9
        eor     NL, FL
        S7      FL
        mov     T, NL
        andi    T, 0x7f
        eor     FL, T
        mov     FH, FL                  ; F = seven << 9 | nine
        lsl     FH
        or      FH, NH
        mov     FL, NL
        ret
        .size   fi, . - fi

        .balign 256
kasumi_page:
; [0..63] bit 8 of S9: bit k of byte j is bit 8 of S9[8j + k]
        .byte   0xb8, 0xb8, 0xb8, 0x47, 0x84, 0x84, 0x84, 0x7b, 0x74, 0x74, 0x8b, 0x74, 0x48, 0x48, 0xb7, 0x48
        .byte   0x47, 0x47, 0x47, 0xb8, 0x7b, 0x7b, 0x7b, 0x84, 0x8b, 0x8b, 0x74, 0x8b, 0xb7, 0xb7, 0x48, 0xb7
        .byte   0x48, 0xb7, 0x48, 0x48, 0x74, 0x8b, 0x74, 0x74, 0x84, 0x7b, 0x7b, 0x7b, 0xb8, 0x47, 0x47, 0x47
        .byte   0xb7, 0x48, 0xb7, 0xb7, 0x8b, 0x74, 0x8b, 0x8b, 0x7b, 0x84, 0x84, 0x84, 0x47, 0xb8, 0xb8, 0xb8
; [64..71] the bit masks 1 << k
        .byte   0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80
; [72..103] C1..C8 twice, big-endian, so C_{i+d} needs no "mod 8"
        .byte   0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10
        .byte   0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10
; [104..231] S7
        .byte   0x36, 0x32, 0x3e, 0x38, 0x16, 0x22, 0x5e, 0x60, 0x26, 0x06, 0x3f, 0x5d, 0x02, 0x12, 0x7b, 0x21
        .byte   0x37, 0x71, 0x27, 0x72, 0x15, 0x43, 0x41, 0x0c, 0x2f, 0x49, 0x2e, 0x1b, 0x19, 0x6f, 0x7c, 0x51
        .byte   0x35, 0x09, 0x79, 0x4f, 0x34, 0x3c, 0x3a, 0x30, 0x65, 0x7f, 0x28, 0x78, 0x68, 0x46, 0x47, 0x2b
        .byte   0x14, 0x7a, 0x48, 0x3d, 0x17, 0x6d, 0x0d, 0x64, 0x4d, 0x01, 0x10, 0x07, 0x52, 0x0a, 0x69, 0x62
        .byte   0x75, 0x74, 0x4c, 0x0b, 0x59, 0x6a, 0x00, 0x7d, 0x76, 0x63, 0x56, 0x45, 0x1e, 0x39, 0x7e, 0x57
        .byte   0x70, 0x33, 0x11, 0x05, 0x5f, 0x0e, 0x5a, 0x54, 0x5b, 0x08, 0x23, 0x67, 0x20, 0x61, 0x1c, 0x42
        .byte   0x66, 0x1f, 0x1a, 0x2d, 0x4b, 0x04, 0x55, 0x5c, 0x25, 0x4a, 0x50, 0x31, 0x44, 0x1d, 0x73, 0x2c
        .byte   0x40, 0x6b, 0x6c, 0x18, 0x6e, 0x53, 0x24, 0x4e, 0x2a, 0x13, 0x0f, 0x29, 0x58, 0x77, 0x3b, 0x03
        .balign 256                     ; (the padding is not emitted code or data)
; S9 bits 7..0, S9[n] at kasumi_s9 + n (two pages)
kasumi_s9:
        .byte   0xa7, 0xef, 0xa1, 0x7b, 0x87, 0x4e, 0x09, 0x52, 0x26, 0xe2, 0x30, 0x66, 0xc4, 0x81, 0x5a, 0x8d
        .byte   0xb7, 0xfd, 0x93, 0x4b, 0x9f, 0x54, 0x33, 0x6a, 0x32, 0xf4, 0x06, 0x52, 0xd8, 0x9f, 0x64, 0xb1
        .byte   0xaf, 0xf1, 0xe9, 0x25, 0xce, 0x11, 0x00, 0x4d, 0x2c, 0xfe, 0x7a, 0x3a, 0x8f, 0xdc, 0x51, 0x90
        .byte   0x5f, 0x03, 0x3b, 0xf5, 0x36, 0xeb, 0xda, 0x95, 0xd8, 0x08, 0xac, 0xee, 0x73, 0x22, 0x8f, 0x4c
        .byte   0xa5, 0xc5, 0x8b, 0x79, 0x01, 0xe0, 0xa7, 0xd4, 0xf0, 0x1c, 0xce, 0xb0, 0x96, 0xfb, 0x20, 0xdf
        .byte   0xf5, 0x97, 0xf9, 0x09, 0x59, 0xba, 0xdd, 0xac, 0xa4, 0x4a, 0xb8, 0xc4, 0xca, 0xa5, 0x5e, 0xa3
        .byte   0xe8, 0x9e, 0x86, 0x62, 0x0d, 0xfa, 0xeb, 0x8e, 0xbf, 0x45, 0xc1, 0xa9, 0x98, 0xe3, 0x6e, 0x87
        .byte   0x58, 0x2c, 0x14, 0xf2, 0xb5, 0x40, 0x71, 0x16, 0x0b, 0xf3, 0x57, 0x3d, 0x24, 0x5d, 0xf0, 0x1b
        .byte   0xe7, 0xbe, 0xe2, 0x29, 0x44, 0x9c, 0xc9, 0x83, 0x46, 0x93, 0x53, 0x14, 0x27, 0x73, 0xba, 0x7c
        .byte   0xdb, 0x80, 0xfc, 0x35, 0x70, 0xaa, 0xdf, 0x97, 0x7e, 0xa9, 0x49, 0x0c, 0x17, 0x41, 0xa8, 0x6c
        .byte   0x6b, 0x24, 0x2e, 0xf3, 0x89, 0x47, 0x44, 0x18, 0xc8, 0x0b, 0x9d, 0xcc, 0xe8, 0xaa, 0x35, 0xe5
        .byte   0xb7, 0xfa, 0xd0, 0x0f, 0x5d, 0x91, 0xb2, 0xec, 0x10, 0xd1, 0x67, 0x34, 0x38, 0x78, 0xc7, 0x15
        .byte   0xd1, 0xa0, 0xfc, 0x1f, 0xf6, 0x06, 0x53, 0x31, 0xa4, 0x59, 0x99, 0xf6, 0x41, 0x3d, 0xf4, 0x1a
        .byte   0xad, 0xde, 0xa2, 0x43, 0x82, 0x70, 0x05, 0x65, 0xdc, 0x23, 0xc3, 0xae, 0x31, 0x4f, 0xa6, 0x4a
        .byte   0x18, 0x7f, 0x75, 0x80, 0x7e, 0x98, 0x9b, 0xef, 0x6f, 0x84, 0x12, 0x6b, 0xcb, 0xa1, 0x3e, 0xc6
        .byte   0x84, 0xe1, 0xcb, 0x3c, 0xea, 0x0e, 0x2d, 0x5b, 0xf7, 0x1e, 0xa8, 0xd3, 0x5b, 0x33, 0x8c, 0x76
        .byte   0x23, 0x67, 0x7d, 0xab, 0x13, 0xd6, 0xc5, 0x92, 0xf2, 0x3a, 0xbc, 0xe6, 0x00, 0x49, 0xc6, 0x1d
        .byte   0x32, 0x74, 0x4e, 0x9a, 0x0a, 0xcd, 0xfe, 0xab, 0xe7, 0x2d, 0x8b, 0xd3, 0x1d, 0x56, 0xf9, 0x20
        .byte   0x48, 0x1a, 0x56, 0x96, 0x39, 0xea, 0xaf, 0xee, 0x9b, 0x45, 0x95, 0xd9, 0x28, 0x77, 0xae, 0x63
        .byte   0xb9, 0xe9, 0x85, 0x47, 0xc0, 0x11, 0x74, 0x37, 0x6e, 0xb2, 0x42, 0x0c, 0xd5, 0x88, 0x71, 0xbe
        .byte   0x01, 0x6d, 0x77, 0x89, 0xb5, 0x58, 0x4b, 0x34, 0x04, 0xe4, 0x62, 0x10, 0x72, 0x13, 0x9c, 0x6f
        .byte   0x50, 0x3e, 0x04, 0xf8, 0xec, 0x03, 0x30, 0x4d, 0x51, 0xb3, 0x15, 0x65, 0x2f, 0x4c, 0xe3, 0x12
        .byte   0x2f, 0x55, 0x19, 0xf1, 0xda, 0x21, 0x64, 0x0d, 0x28, 0xde, 0x0e, 0x6a, 0x1f, 0x68, 0xb1, 0x54
        .byte   0x9e, 0xe6, 0x8a, 0x60, 0x63, 0x9a, 0xff, 0x94, 0x9d, 0x69, 0x99, 0xff, 0xa2, 0xd7, 0x2e, 0xc9
        .byte   0x0a, 0x5f, 0x57, 0x90, 0xb9, 0x6d, 0x6c, 0x2a, 0xfb, 0x22, 0xb6, 0xfd, 0x8a, 0xd2, 0x4f, 0x85
        .byte   0x37, 0x60, 0x48, 0x8d, 0x8c, 0x5a, 0x7b, 0x3f, 0xc2, 0x19, 0xad, 0xe4, 0xbb, 0xe1, 0x5c, 0x94
        .byte   0xe5, 0xa6, 0xf8, 0x29, 0x17, 0xd5, 0x82, 0xd2, 0x16, 0xd9, 0x1b, 0x46, 0x26, 0x68, 0xa3, 0x7f
        .byte   0x38, 0x79, 0x07, 0xd4, 0xc2, 0x02, 0x75, 0x27, 0xcf, 0x02, 0xe0, 0xbf, 0xf7, 0xbb, 0x50, 0x8e
        .byte   0x1c, 0x61, 0x69, 0x86, 0x2b, 0xd7, 0xd6, 0xb8, 0x39, 0xc8, 0x5c, 0x3f, 0xcc, 0xbc, 0x21, 0xc3
        .byte   0x61, 0x1e, 0x36, 0xdb, 0x5e, 0xa0, 0x81, 0xed, 0x40, 0xb3, 0x07, 0x66, 0xbd, 0xcf, 0x72, 0x92
        .byte   0xb6, 0xdd, 0x83, 0x7a, 0xc0, 0x2a, 0x7d, 0x05, 0x91, 0x76, 0xb4, 0xc1, 0x25, 0x43, 0x88, 0x7c
        .byte   0x2b, 0x42, 0x3c, 0xc7, 0x55, 0xbd, 0xca, 0xb0, 0x08, 0xed, 0x0f, 0x78, 0xb4, 0xd0, 0x3b, 0xcd
