; avrlab task: present80
; title: PRESENT-80 on the ATtiny45, key scheduled on the fly, pLayer as two 4x4 transposes
; compare: PRESENT v1
;
; PRESENT-80 encryption for the ATtiny45 (AVRe core: no MUL, no CALL/JMP; 4 KiB flash, 256 B SRAM),
; in the ECRYPT scenario "encryption + key scheduling" (Eisenbarth et al., Africacrypt 2012): each
; call takes the 80-bit key and updates the key register round by round while it encrypts.
;
;     void present80_encrypt(uint8_t *block, const uint8_t *key);
;     void present80_decrypt(uint8_t *block, const uint8_t *key);   (scenario decrypt-ks)
;         block in r25:r24 (8 bytes, en/decrypted in place), key in r23:r22 (10 bytes, read only)
;
; ---------------------------------------------------------------------------------------------------
; The cipher (Bogdanov et al., CHES 2007)
; ---------------------------------------------------------------------------------------------------
; The state is a 64-bit integer b63..b0, i.e. 16 nibbles; the key register an 80-bit k79..k0.
; Rounds i = 1..31: state ^= k79..k16 (round key K_i); every nibble through the 4-bit S-box
; (C 5 6 B 9 0 A D 3 E F 8 4 7 1 2); pLayer moves bit j to bit 16j mod 63 (bit 63 stays); then the
; key register rotates left by 61, k79..k76 go through the S-box and k19..k15 ^= i. Finally
; state ^= K_32.
;
; ---------------------------------------------------------------------------------------------------
; Memory layout (`avrlab tasks -v present80`)
; ---------------------------------------------------------------------------------------------------
;   block[0..7] = the state as a little-endian integer (block[0] = b7..b0), key[0..9] the key
;   register likewise (key[0] = k7..k0): the hex strings the paper prints, byte-reversed.
;   Official vector: key 0, plaintext 0 -> ciphertext 5579c1387b228445 (memory: 4584227b38c17955).
;
; ---------------------------------------------------------------------------------------------------
; The pLayer as a transpose
; ---------------------------------------------------------------------------------------------------
; Bit k of nibble i (bit 4i+k) goes to bit 16k+i: output word k (16 bits: state bytes 2k, 2k+1)
; collects bit k of every nibble. Byte b of the state holds nibbles 2b and 2b+1, so output byte 2k
; takes two bits (bit k of both nibbles) from each of bytes 0..3, and byte 2k+1 from bytes 4..7.
; With a table that does the S-box *and* puts bit k of the two nibbles side by side,
;     TBL[x] = sum over k of  bit k of S(x & 15) << 2k  |  bit k of S(x >> 4) << (2k+1),
; byte b becomes a row of four 2-bit cells (cell k = what goes to output byte 2k or 2k+1), and the
; pLayer is the transpose of two 4x4 matrices of 2-bit cells: rows = bytes 0..3 -> bytes 0 2 4 6,
; rows = bytes 4..7 -> bytes 1 3 5 7. A transpose is two exchange steps of 7 and 9 cycles per pair
; of rows (NIBX: high nibble of one row <-> low nibble of another, with SWAP; PAIRX: the odd cells
; of one row <-> the even cells of the next, shifting by 2): 32 cycles for 32 bits, where moving
; bit by bit (LSR, ROR) costs 64.
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r0, r1, r18..r23   B0..B7   the state, B0 = b7..b0
;   r2..r11            K0..K9   the key register, K0 = k7..k0 (five MOVW pairs)
;   r24                T        temporary
;   r25                C        round counter i, kept as i << 2 (see trick 3)
;   r27:r26            X        block pointer (just past the block after loading)
;   r31:r30            Z        ZH = the table's page, ZL = the index (key pointer at the start)
;   r2..r11 are callee-saved (avr-gcc ABI): pushed and popped (10 bytes of stack). r1 holds state
;   byte B1 and is cleared before RET.
;
; ---------------------------------------------------------------------------------------------------
; Tricks
; ---------------------------------------------------------------------------------------------------
; 1. The S-box lookups also place each row where the transposes want it: the result of byte j is
;    loaded into register 2j (j < 4) or 2(j-4)+1, so the transposes leave every output byte in
;    its own register. The placement has two 3-cycles, each holding one value in T.
; 2. Key rotation left by 61 = right by 16 (five MOVW, Z holding the first pair) + right by 3
;    (three passes of LSR T / ROR K9..K0, T a copy of K0 whose low bits are the ones wrapping around).
; 3. The round counter is XORed in before the rotation, 19 bits higher (k38..k34 = bits 6..2 of
;    K4), so it is one EOR with C = i << 2; the rotation takes it down to k19..k15, and the S-box
;    on k79..k76 touches other bits. i = 32 makes C = 0x80: the SUBI that counts sets N and ends
;    the loop.
; 4. The S-box of k79..k76 is K9 ^= ST[K9 >> 4] with ST[n] = (n ^ S(n)) << 4, a 16-byte table
;    just after TBL (ZL = n, ZH one page up): no mask on K9, no OR.
;
; ---------------------------------------------------------------------------------------------------
; Constant time, and what the check does not see
; ---------------------------------------------------------------------------------------------------
; No branch depends on data (the only branches count the rounds). TBL is indexed by state bytes
; and ST by a key nibble, so the *addresses* LPM reads depend on secret data. On the ATtiny45 this
; does not change the timing (no cache: LPM takes 3 cycles at any address) and avrlab's
; constant-time check (same cycles, same executed instruction addresses over 64 inputs) passes; it
; compares instruction addresses, not data addresses, so it cannot see a table lookup. Whether
; the ECRYPT PRESENT code uses tables is not known to us.
;
; ---------------------------------------------------------------------------------------------------
; Cost (cycles; every instruction's count from the AVR manual, AVRe column)
; ---------------------------------------------------------------------------------------------------
;   per round: AddRoundKey 8, S-box + placement 34, two transposes 64, key update 50, loop 4 = 160
;   (the last round 159); set-up 60, final AddRoundKey + end 49.   Total 31 x 160 - 1 + 109 = 5068.
;
; Measured with `avrlab bench examples/present80-t45.S` (ATtiny45, encrypt-ks, 101 vectors):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file              784    10     5068   20.9 uJ (20.2..21.4)
;   ECRYPT PRESENT v1     1000    18    11342   45.3 uJ            (Eisenbarth et al. 2012)
;   flash = 402 bytes of code + 110 of padding (.balign 256) + the 256-byte TBL + the 16-byte ST.
;   RAM = 10 bytes of stack (the pushes); nothing else in SRAM.
;
; Decryption, `avrlab bench -scenario decrypt-ks examples/present80-t45.S` (present80_decrypt at
; the end of the file; each scenario counts only the typed function it enters):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file              812    10     6056   25.0 uJ (24.2..25.6)
;   ECRYPT PRESENT v1     1000    18    13599   (decryption column; the table's energy is encryption's)
;   cycles: set-up 46, forward key run 16 x 58 - 1 = 927, block in 19, the step back to K32 with
;   its AddRoundKey 62, 31 rounds x 160 + 1 (the same 160 as encrypting: transposes 64, lookups 34,
;   key step back 50, AddRoundKey 8, loop 4), end 41.
;   flash = 502 bytes of code + ST, ST57, IST (16 each) + the 256-byte ITBL + 6 of padding; the
;   encryption's code and TBL are not counted (a 768-byte stretch before ST: three whole blocks).
;   RAM = the same 10 bytes of stack.
;
; ---------------------------------------------------------------------------------------------------

        .text

#define B0    r0      /* the state, b0 = bits 7..0 of the 64-bit integer */
#define B1    r1
#define B2    r18
#define B3    r19
#define B4    r20
#define B5    r21
#define B6    r22
#define B7    r23
#define T     r24     /* temporary (an upper register: ANDI) */
#define C     r25     /* round counter i, kept as i << 2 */
#define K0    r2      /* the key register, K0 = k7..k0 ... K9 = k79..k72 */
#define K1    r3
#define K2    r4
#define K3    r5
#define K4    r6
#define K5    r7
#define K6    r8
#define K7    r9
#define K8    r10
#define K9    r11
#define D     r18     /* decryption's key run: the counter k + 1 << 5, low byte (B2 is free then) */
#define E     r19     /*   and high byte */

; d = TBL[s]: ZH points at the table's page, ZL is the index.
        .macro  LOOK d, s
        mov     r30, \s
        lpm     \d, Z
        .endm

; Transpose stage 1: exchange the high nibble of a with the low nibble of b.
        .macro  NIBX a, b
        mov     T, \a
        swap    T
        eor     T, \b
        andi    T, 0x0f
        eor     \b, T
        swap    T
        eor     \a, T
        .endm

; Transpose stage 2: exchange bits 2-3 and 6-7 of a with bits 0-1 and 4-5 of b.
        .macro  PAIRX a, b
        mov     T, \a
        lsr     T
        lsr     T
        eor     T, \b
        andi    T, 0x33
        eor     \b, T
        lsl     T
        lsl     T
        eor     \a, T
        .endm

; AddRoundKey: the state ^= k79..k16 (K2..K9).
        .macro  ADDKEY
        eor     B0, K2
        eor     B1, K3
        eor     B2, K4
        eor     B3, K5
        eor     B4, K6
        eor     B5, K7
        eor     B6, K8
        eor     B7, K9
        .endm

        .global present80_encrypt
        .type   present80_encrypt, @function
present80_encrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
        push    r\r
        .endr
        movw    r26, r24        ; X = block
        movw    r30, r22        ; Z = key
        ld      B0, X+
        ld      B1, X+
        ld      B2, X+
        ld      B3, X+
        ld      B4, X+
        ld      B5, X+
        ld      B6, X+
        ld      B7, X+          ; X = block + 8
        .irp    k, K0, K1, K2, K3, K4, K5, K6, K7, K8, K9
        ld      \k, Z+
        .endr
        ldi     r31, hi8(present_tab)
        ldi     C, 1 << 2       ; i = 1

round:
        ADDKEY
; sBoxLayer and the first part of pLayer: TBL[x] = S(x) with the bits of the two nibbles
; interleaved. The result of byte j goes to register p(j) = 2j (j < 4), 2(j-4)+1 (j >= 4):
; cycles (0)(7)(1 2 4)(3 6 5), each holding one value in T.
        LOOK    B0, B0
        LOOK    B7, B7
        LOOK    T, B4           ; B1 <- B4 <- B2 <- B1
        LOOK    B4, B2
        LOOK    B2, B1
        mov     B1, T
        LOOK    T, B5           ; B3 <- B6 <- B5 <- B3
        LOOK    B5, B6
        LOOK    B6, B3
        mov     B3, T
; pLayer proper: two 4x4 transposes of 2-bit cells (rows B0 B2 B4 B6 and B1 B3 B5 B7).
        NIBX    B0, B4
        NIBX    B2, B6
        PAIRX   B0, B2
        PAIRX   B4, B6
        NIBX    B1, B5
        NIBX    B3, B7
        PAIRX   B1, B3
        PAIRX   B5, B7
; Key update: rotate left by 61 (= right by 19), S on k79..k76, XOR i into k19..k15. The
; counter goes in first, 19 bits higher (k38..k34 = K4 bits 6..2): the rotation brings it down,
; and the S-box touches other bits.
        eor     K4, C
        movw    r30, K0         ; right by 16: rename the bytes, Z holds K0:K1
        movw    K0, K2
        movw    K2, K4
        movw    K4, K6
        movw    K6, K8
        movw    K8, r30
        mov     T, K0           ; right by 3: bit 0 of K0 enters at the top, three times
        .rept   3
        lsr     T
        ror     K9
        ror     K8
        ror     K7
        ror     K6
        ror     K5
        ror     K4
        ror     K3
        ror     K2
        ror     K1
        ror     K0
        .endr
        mov     r30, K9         ; k79..k76 ^= ST[k79..k76] = (n ^ S(n)) << 4
        swap    r30
        andi    r30, 0x0f
        ldi     r31, hi8(present_st)
        lpm     T, Z
        ldi     r31, hi8(present_tab)
        eor     K9, T
        subi    C, -(1 << 2)    ; i++; i = 32 sets bit 7
        brmi    done
        rjmp    round
done:
        ADDKEY                  ; K32
        st      -X, B7
        st      -X, B6
        st      -X, B5
        st      -X, B4
        st      -X, B3
        st      -X, B2
        st      -X, B1
        st      -X, B0
        .irp    r, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        clr     r1
        ret
; (present80_encrypt's .size takes in its padding and TBL: a call that never enters it, the
; decryption, does not count TBL. ST, which both read, stays outside.)

; TBL: the S-box on both nibbles, the bits of the two results interleaved (see above). One
; 256-byte page: ZL = the state byte.
        .balign 256
present_tab:
        .byte   0xf0, 0xb1, 0xb4, 0xe5, 0xe1, 0xa0, 0xe4, 0xf1, 0xa5, 0xf4, 0xf5, 0xe0, 0xb0, 0xb5, 0xa1, 0xa4
        .byte   0x72, 0x33, 0x36, 0x67, 0x63, 0x22, 0x66, 0x73, 0x27, 0x76, 0x77, 0x62, 0x32, 0x37, 0x23, 0x26
        .byte   0x78, 0x39, 0x3c, 0x6d, 0x69, 0x28, 0x6c, 0x79, 0x2d, 0x7c, 0x7d, 0x68, 0x38, 0x3d, 0x29, 0x2c
        .byte   0xda, 0x9b, 0x9e, 0xcf, 0xcb, 0x8a, 0xce, 0xdb, 0x8f, 0xde, 0xdf, 0xca, 0x9a, 0x9f, 0x8b, 0x8e
        .byte   0xd2, 0x93, 0x96, 0xc7, 0xc3, 0x82, 0xc6, 0xd3, 0x87, 0xd6, 0xd7, 0xc2, 0x92, 0x97, 0x83, 0x86
        .byte   0x50, 0x11, 0x14, 0x45, 0x41, 0x00, 0x44, 0x51, 0x05, 0x54, 0x55, 0x40, 0x10, 0x15, 0x01, 0x04
        .byte   0xd8, 0x99, 0x9c, 0xcd, 0xc9, 0x88, 0xcc, 0xd9, 0x8d, 0xdc, 0xdd, 0xc8, 0x98, 0x9d, 0x89, 0x8c
        .byte   0xf2, 0xb3, 0xb6, 0xe7, 0xe3, 0xa2, 0xe6, 0xf3, 0xa7, 0xf6, 0xf7, 0xe2, 0xb2, 0xb7, 0xa3, 0xa6
        .byte   0x5a, 0x1b, 0x1e, 0x4f, 0x4b, 0x0a, 0x4e, 0x5b, 0x0f, 0x5e, 0x5f, 0x4a, 0x1a, 0x1f, 0x0b, 0x0e
        .byte   0xf8, 0xb9, 0xbc, 0xed, 0xe9, 0xa8, 0xec, 0xf9, 0xad, 0xfc, 0xfd, 0xe8, 0xb8, 0xbd, 0xa9, 0xac
        .byte   0xfa, 0xbb, 0xbe, 0xef, 0xeb, 0xaa, 0xee, 0xfb, 0xaf, 0xfe, 0xff, 0xea, 0xba, 0xbf, 0xab, 0xae
        .byte   0xd0, 0x91, 0x94, 0xc5, 0xc1, 0x80, 0xc4, 0xd1, 0x85, 0xd4, 0xd5, 0xc0, 0x90, 0x95, 0x81, 0x84
        .byte   0x70, 0x31, 0x34, 0x65, 0x61, 0x20, 0x64, 0x71, 0x25, 0x74, 0x75, 0x60, 0x30, 0x35, 0x21, 0x24
        .byte   0x7a, 0x3b, 0x3e, 0x6f, 0x6b, 0x2a, 0x6e, 0x7b, 0x2f, 0x7e, 0x7f, 0x6a, 0x3a, 0x3f, 0x2b, 0x2e
        .byte   0x52, 0x13, 0x16, 0x47, 0x43, 0x02, 0x46, 0x53, 0x07, 0x56, 0x57, 0x42, 0x12, 0x17, 0x03, 0x06
        .byte   0x58, 0x19, 0x1c, 0x4d, 0x49, 0x08, 0x4c, 0x59, 0x0d, 0x5c, 0x5d, 0x48, 0x18, 0x1d, 0x09, 0x0c
        .size   present80_encrypt, . - present80_encrypt

; ST[n] = (n ^ S(n)) << 4 for the key nibble k79..k76: it starts the page after TBL (ZL = n).
present_st:
        .byte   0xc0, 0x40, 0x40, 0x80, 0xd0, 0x50, 0xc0, 0xa0, 0xb0, 0x70, 0x50, 0x30, 0x80, 0xa0, 0xf0, 0xd0

; ---------------------------------------------------------------------------------------------------
; Decryption (scenario decrypt-ks): void present80_decrypt(uint8_t *block, const uint8_t *key);
; ---------------------------------------------------------------------------------------------------
; The key register runs forward, then every round is undone while the schedule steps backwards
; (it is invertible):
;     state ^= K32; for i = 31..1: pLayer^-1, S^-1 on every nibble, state ^= K_i
;     key step back: k79..k76 ^= IST[k79..k76] (S^-1), rotate left by 19, k38..k34 ^= i (trick 3)
; pLayer^-1 is the same two 4x4 transposes (a transpose is its own inverse, and the exchange of
; the off-diagonal 2x2 blocks (NIBX) commutes with the transposes inside the blocks (PAIRX)); the
; rows it leaves are TBL's outputs in register p(j), so ITBL = TBL^-1 undoes the S-box and the
; interleaving at once, and the lookups bring every byte back to its own register.
;
; The forward run goes two steps at a time. Steps k and k + 1 rotate right by 38 = swap the two
; 5-byte halves (13 MOVs through the state's registers, free before the block is loaded) and rotate
; left by 2; the nonlinear parts all touch different bits, so they can be moved: counter k goes
; into k38..k34 (K4 ^= C, as in the encryption), counter k + 1 into k57..k53 (where the rotation by
; 19 takes k38..k34; E:D = (k + 1) << 5), and after the rotation step k + 1's S-box works on
; k79..k76 (ST) and step k's on k60..k57 (where the second rotation took it; ST57[n] = (n ^ S(n))
; << 1, ZL = 0xf0 + (K7 >> 1) with LSR and ORI). 59 cycles for two steps against 2 x 52. Sixteen
; double steps run 32 steps (to K33, counters 1..32; 32 sets k39); the round loop is entered at the
; key step back with i = 32, which brings back K32, the first AddRoundKey.
;
; Layout. Everything here lies after ST, so the encryption's figures do not move (a stretch after
; the last byte a call uses costs nothing). The decryption reads ST where it is; the bytes before
; it (the encryption's code, its padding and TBL, all inside present80_encrypt's .size, 768 B) are
; a whole number of 256-byte blocks, so they cost the decryption nothing either. Its code sits
; around ITBL: part 1 (set-up, forward run, the end) fills the page after ST up to ST57 at offset
; 0xf0 (6 B of padding), part 2 (the rounds) follows ITBL and IST.

        .global present80_decrypt
        .type   present80_decrypt, @function
present80_decrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
        push    r\r
        .endr
        movw    r26, r24        ; X = block
        movw    r30, r22        ; Z = key
        .irp    k, K0, K1, K2, K3, K4, K5, K6, K7, K8, K9
        ld      \k, Z+
        .endr
        ldi     C, 1 << 2       ; k = 1
        ldi     D, lo8(2 << 5)  ; E:D = (k + 1) << 5
        ldi     E, hi8(2 << 5)
        ldi     r31, hi8(present_st)
fwd:                            ; steps k and k + 1 at once, k = 1, 3, .., 31
        eor     K4, C           ; i = k into k38..k34 (as the encryption does)
        eor     K6, D           ; i = k + 1 into k57..k53: where rotating by 19 takes k38..k34
        eor     K7, E
        movw    r20, K0         ; right by 40: the halves change places
        movw    r22, K2
        mov     r0, K4
        mov     K0, K5
        mov     K1, K6
        mov     K2, K7
        mov     K3, K8
        mov     K4, K9
        mov     K5, r20
        mov     K6, r21
        mov     K7, r22
        mov     K8, r23
        mov     K9, r0
        mov     T, K9           ; left by 2: right by 38 in all
        .rept   2
        lsl     T
        rol     K0
        rol     K1
        rol     K2
        rol     K3
        rol     K4
        rol     K5
        rol     K6
        rol     K7
        rol     K8
        rol     K9
        .endr
        mov     r30, K9         ; step k + 1's S-box: k79..k76 ^= ST[k79..k76]
        swap    r30
        andi    r30, 0x0f
        lpm     T, Z
        eor     K9, T
        mov     r30, K7         ; step k's S-box, now on k60..k57: ^= ST57[k60..k57]
        lsr     r30
        ori     r30, 0xf0
        lpm     T, Z
        eor     K7, T
        subi    D, lo8(-(2 << 5)) ; k += 2
        sbci    E, hi8(-(2 << 5))
        subi    C, -(2 << 2)    ; k = 33 sets bit 7
        brpl    fwd             ; the key register has run 32 steps: K33
        ld      B0, X+
        ld      B1, X+
        ld      B2, X+
        ld      B3, X+
        ld      B4, X+
        ld      B5, X+
        ld      B6, X+
        ld      B7, X+          ; X = block + 8
        ldi     C, 32 << 2      ; one step back (i = 32) and K32 come first
        rjmp    dkey
ddone:
        st      -X, B7
        st      -X, B6
        st      -X, B5
        st      -X, B4
        st      -X, B3
        st      -X, B2
        st      -X, B1
        st      -X, B0
        .irp    r, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        clr     r1
        ret

; ST57[n] = (n ^ S(n)) << 1: step k's S-box on k60..k57 (K7 bits 4..1) in the double step. It
; ends ST's page: ZL = 0xf0 + n.
        .balign 16
present_st57:
        .byte   0x18, 0x08, 0x08, 0x10, 0x1a, 0x0a, 0x18, 0x14, 0x16, 0x0e, 0x0a, 0x06, 0x10, 0x14, 0x1e, 0x1a

; ITBL = TBL^-1: a row of four 2-bit cells back to the state byte whose S-box outputs they are.
        .balign 256
present_itab:
        .byte   0x55, 0x5e, 0xe5, 0xee, 0x5f, 0x58, 0xef, 0xe8, 0xf5, 0xfe, 0x85, 0x8e, 0xff, 0xf8, 0x8f, 0x88
        .byte   0x5c, 0x51, 0xec, 0xe1, 0x52, 0x5d, 0xe2, 0xed, 0xfc, 0xf1, 0x8c, 0x81, 0xf2, 0xfd, 0x82, 0x8d
        .byte   0xc5, 0xce, 0x15, 0x1e, 0xcf, 0xc8, 0x1f, 0x18, 0x25, 0x2e, 0xd5, 0xde, 0x2f, 0x28, 0xdf, 0xd8
        .byte   0xcc, 0xc1, 0x1c, 0x11, 0xc2, 0xcd, 0x12, 0x1d, 0x2c, 0x21, 0xdc, 0xd1, 0x22, 0x2d, 0xd2, 0xdd
        .byte   0x5b, 0x54, 0xeb, 0xe4, 0x56, 0x53, 0xe6, 0xe3, 0xfb, 0xf4, 0x8b, 0x84, 0xf6, 0xf3, 0x86, 0x83
        .byte   0x50, 0x57, 0xe0, 0xe7, 0x59, 0x5a, 0xe9, 0xea, 0xf0, 0xf7, 0x80, 0x87, 0xf9, 0xfa, 0x89, 0x8a
        .byte   0xcb, 0xc4, 0x1b, 0x14, 0xc6, 0xc3, 0x16, 0x13, 0x2b, 0x24, 0xdb, 0xd4, 0x26, 0x23, 0xd6, 0xd3
        .byte   0xc0, 0xc7, 0x10, 0x17, 0xc9, 0xca, 0x19, 0x1a, 0x20, 0x27, 0xd0, 0xd7, 0x29, 0x2a, 0xd9, 0xda
        .byte   0xb5, 0xbe, 0x45, 0x4e, 0xbf, 0xb8, 0x4f, 0x48, 0x65, 0x6e, 0x35, 0x3e, 0x6f, 0x68, 0x3f, 0x38
        .byte   0xbc, 0xb1, 0x4c, 0x41, 0xb2, 0xbd, 0x42, 0x4d, 0x6c, 0x61, 0x3c, 0x31, 0x62, 0x6d, 0x32, 0x3d
        .byte   0x05, 0x0e, 0x75, 0x7e, 0x0f, 0x08, 0x7f, 0x78, 0x95, 0x9e, 0xa5, 0xae, 0x9f, 0x98, 0xaf, 0xa8
        .byte   0x0c, 0x01, 0x7c, 0x71, 0x02, 0x0d, 0x72, 0x7d, 0x9c, 0x91, 0xac, 0xa1, 0x92, 0x9d, 0xa2, 0xad
        .byte   0xbb, 0xb4, 0x4b, 0x44, 0xb6, 0xb3, 0x46, 0x43, 0x6b, 0x64, 0x3b, 0x34, 0x66, 0x63, 0x36, 0x33
        .byte   0xb0, 0xb7, 0x40, 0x47, 0xb9, 0xba, 0x49, 0x4a, 0x60, 0x67, 0x30, 0x37, 0x69, 0x6a, 0x39, 0x3a
        .byte   0x0b, 0x04, 0x7b, 0x74, 0x06, 0x03, 0x76, 0x73, 0x9b, 0x94, 0xab, 0xa4, 0x96, 0x93, 0xa6, 0xa3
        .byte   0x00, 0x07, 0x70, 0x77, 0x09, 0x0a, 0x79, 0x7a, 0x90, 0x97, 0xa0, 0xa7, 0x99, 0x9a, 0xa9, 0xaa

; IST[n] = (n ^ S^-1(n)) << 4: undoes the key update's S-box on k79..k76 (ZL = n, the page after
; ITBL).
present_ist:
        .byte   0x50, 0xf0, 0xd0, 0xb0, 0x80, 0x40, 0x40, 0xa0, 0x30, 0xd0, 0xc0, 0x80, 0xc0, 0xa0, 0x70, 0x50

; Part 2: the rounds, i = 31..1 (ZH = ITBL's page).
dround:
; pLayer^-1: the same transposes.
        NIBX    B0, B4
        NIBX    B2, B6
        PAIRX   B0, B2
        PAIRX   B4, B6
        NIBX    B1, B5
        NIBX    B3, B7
        PAIRX   B1, B3
        PAIRX   B5, B7
; S^-1 and the placement undone: byte j = ITBL[register p(j)]; cycles (1 2 4)(3 6 5) through T.
        LOOK    B0, B0
        LOOK    B7, B7
        LOOK    T, B1           ; B4 <- B1 <- B2 <- B4
        LOOK    B1, B2
        LOOK    B2, B4
        mov     B4, T
        LOOK    T, B3           ; B5 <- B3 <- B6 <- B5
        LOOK    B3, B6
        LOOK    B6, B5
        mov     B5, T
dkey:
; Key step back, K_{i+1} -> K_i: S^-1 on k79..k76, rotate left by 19 (16 by renaming, 3 by
; shifting), the counter out of k38..k34.
        mov     r30, K9
        swap    r30
        andi    r30, 0x0f
        ldi     r31, hi8(present_ist)
        lpm     T, Z
        eor     K9, T
        movw    r30, K8         ; left by 16: Z holds K8:K9
        movw    K8, K6
        movw    K6, K4
        movw    K4, K2
        movw    K2, K0
        movw    K0, r30
        mov     T, K9           ; left by 3: bit 7 of K9 enters at the bottom, three times
        .rept   3
        lsl     T
        rol     K0
        rol     K1
        rol     K2
        rol     K3
        rol     K4
        rol     K5
        rol     K6
        rol     K7
        rol     K8
        rol     K9
        .endr
        eor     K4, C
        ldi     r31, hi8(present_itab)
        ADDKEY                  ; K_i
        subi    C, 1 << 2       ; i--; i = 0 ends
        breq    1f
        rjmp    dround
1:      rjmp    ddone
        .size   present80_decrypt, . - present80_decrypt
