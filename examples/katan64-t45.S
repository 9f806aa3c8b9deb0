; avrlab task: katan64
; title: KATAN-64 on the ATtiny45, both registers and the 80-bit key LFSR in registers, bit-serial
; compare: KATAN v1
;
; KATAN-64 encryption and decryption for the ATtiny45 (AVRe core: no MUL, no CALL/JMP; 4 KiB flash,
; 256 B SRAM), in the ECRYPT scenarios "encryption + key scheduling" and "decryption + key scheduling"
; (Eisenbarth et al., Africacrypt 2012): each call takes the 80-bit key and runs the key LFSR itself.
;
;     void katan64_encrypt(uint8_t *block, const uint8_t *key);
;     void katan64_decrypt(uint8_t *block, const uint8_t *key);     (scenario decrypt-ks)
;         block in r25:r24 (8 bytes, in place), key in r23:r22 (10 bytes, read only)
;
; ---------------------------------------------------------------------------------------------------
; The cipher (De Cannière, Dunkelman, Knežević, CHES 2009; lab/cipher/katan.go)
; ---------------------------------------------------------------------------------------------------
; Plaintext bits p0..p63: L2 = p0..p38 (39 bits), L1 = p39..p63 (25 bits). Round r = 0..253 takes the
; key bits ka = k_2r, kb = k_2r+1 and IR_r, and applies three times
;     fa = L1[24] ^ L1[15] ^ L1[20]L1[11] ^ L1[9]IR_r ^ ka
;     fb = L2[38] ^ L2[25] ^ L2[33]L2[21] ^ L2[14]L2[9] ^ kb
;     L1 = L1 << 1 | fb,  L2 = L2 << 1 | fa
; Key: k0..k79 the key, k_i+80 = k_i ^ k_i+19 ^ k_i+30 ^ k_i+67. IR_r = s_r, s0..s7 = 1111111 0,
; s_t+8 = s_t ^ s_t+1 ^ s_t+3 ^ s_t+5.
;
; ---------------------------------------------------------------------------------------------------
; Bit layout (block and key little-endian integers, `avrlab tasks -v katan64`)
; ---------------------------------------------------------------------------------------------------
;   L2 in B0..B4: bit i of L2 is bit i&7 of B(i>>3); B4's bit 7 is garbage (never read: the shift
;      up pushes it out, a tap reads bits 0..6 of B4 only).
;   L1 in A0..A3 likewise; bits 1..7 of A3 are garbage in the encryption (only A3's bit 0, L1[24],
;      is read) and zero in the decryption (which shifts down: it keeps them clean).
;   The key register K0..K9 holds k_j..k_j+79 (bit 0 of K0 = k_j). The encryption moves it a byte
;      every fourth round (KEYBYTE: the eight new bits k_j+80..87 depend on bits below 75 only, so
;      they are computed at once from three byte windows, and the bytes move down by MOV): the byte
;      in use is copied to KC first, and round r reads ka, kb as bits 0, 1 of KC, which shifts right
;      2 a round. The decryption moves it forward 63 bytes (to k_504) with the same KEYBYTE, then
;      back a byte (KEYBYTEBACK, the same windows one byte lower) after rounds 252, 248, ..., 4:
;      KC, the byte in use, rotated left 2 before each round, gives bits 6-7, 4-5, 2-3, 0-1 at bits
;      0, 1 (rounds 253, 252 start from the byte swapped). Either way ka and kb are used in place,
;      by EOR with the whole byte.
;   S is the IR sequence's LFSR in Galois form (a step: the bit out of S >> 1 is IR_r, and S ^= 0xd4
;      when it is 1; with S = 0xe7 at round 0 the bits out are IR_0..IR_253, checked against the
;      recurrence for all 254 by a search over masks and start states). Its period is 255: S is 0xe7
;      at round 0 and first 0x67 after round 253, so S is the loop counter too.
; Every feedback value is computed in place: each tap pair is brought to one bit position of a
; temporary with SWAP, LSL, LSR, or BST/BLD (one bit, 2 cycles), then ANDed and EORed; the unused
; bits of the temporaries are garbage. The new bit goes in through the carry with a ROL chain.
; The three updates of a round share ka, kb and IR: an inner loop of 3 (8 cycles a round more than
; unrolled, 134 bytes less).
;
; ---------------------------------------------------------------------------------------------------
; Constant time
; ---------------------------------------------------------------------------------------------------
; No table, no data-dependent address or branch: the loops end on the IR LFSR and fixed counters,
; and the key-byte step is taken on the round number alone; the IR mask comes from SBC, not a branch.
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r18..r21 L1 (A0..A3), r22..r26 L2 (B0..B4), r2..r11 the key register, r27 the IR LFSR, r16 the
;   inner counter, r17, r0, r1 temporaries, r31:r30 the block pointer, r28 the rounds left in the
;   key byte's group, r29 KC (the key byte in use). r2..r11, r16, r17, r28, r29 pushed (14 bytes of
;   stack).
;
; ---------------------------------------------------------------------------------------------------
; Cost (cycles; AVRe column of the AVR manual, from the isa table)
; ---------------------------------------------------------------------------------------------------
;   Encryption, one update: fa 10, fb 13 (11 + BST/BLD of L2[38]), the two shifts through carry 12,
;   the inner loop 3 (2 the last time): 38. A round: the group count DEC + BRNE 3 (rounds 0, 4, ...,
;   252: 2 + LDI + MOV KC + KEYBYTE 28 = 32), LDI 1, 3 updates 113, KC >>= 2 2, IR step 4, CPI 1,
;   BREQ/RJMP 3 (the body is past BRNE's reach): 127 (156 in 64 rounds); 254 rounds 34113 (the last
;   BREQ taken). ENTER 73 (14 pushes, key and block loads, L1 split), LDI S, GCNT 2, LEAVE 55 (L1
;   joined, 8 stores, 14 pops, RET): 34243.
;   Decryption: the key register forward 63 x (KEYBYTE 28 + DEC, BRNE 3) - 1 + LDI = 1953, LDI S,
;   MOV, SWAP, LDI 4; then an inverse update 40 (fa, fb saved 3, the two shifts down 9, L1[24] 10 + 2,
;   L2[38] 11 + 2, the loop 3), a round IR back 6, KC rotated 6, LDI 1, 3 x 40 - 1, CPI, BREQ 2, DEC,
;   BREQ, RJMP 4: 138, or 169 after the 63 rounds that end a group (KEYBYTEBACK 28, MOV, LDI, the
;   taken BREQ 1 more), round 0 135: 37002; ENTER 73, LEAVE 55: 39087.
;   What the steps gained, measured one after the other: the key register a byte every fourth round
;   instead of two bits a round (encryption 44316 -> 39069; decryption 57269 -> 42643, forward and
;   back), L1[15] through the carry and ADC (-3048, -2286), the IR LFSR in Galois form (11 -> 4
;   cycles a round forward, 11 -> 6 back). Unrolling the three updates would save 8 cycles a round
;   (2032, 6 %) for 134 more bytes.
;
; Measured with `avrlab bench examples/katan64-t45.S` (ATtiny45, encrypt-ks, 101 vectors):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file              304    14    34243   141.1 uJ
;   ECRYPT KATAN v1        338    18    72063   289.2 uJ          (Eisenbarth et al. 2012)
;   2.10 times faster in 90 % of the code (RAM: 14 bytes, the pushed registers).
;
; Decryption, `avrlab bench -scenario decrypt-ks examples/katan64-t45.S` (katan64_decrypt, after
; katan64_encrypt; each scenario counts only the entry it calls, but katan64_encrypt lies before the
; bytes katan64_decrypt uses, so its 304 bytes count as layout, modulo 256: 48 of them):
;                        flash   RAM   cycles   energy
;   this file              436    14    39087   161.0 uJ
;   ECRYPT KATAN v1        338    18    88525   (decryption column; the table's energy is encryption's)
;   2.26 times faster.
;   katan64_decrypt itself is 388 bytes; both entries together 692.
; ---------------------------------------------------------------------------------------------------

#define FA    r0      /* feedback temporaries (r1 cleared on return) */
#define FB    r1
#define K0    r2      /* key register k_j..k_j+79, K0 bit 0 = k_j */
#define K1    r3
#define K2    r4
#define K3    r5
#define K4    r6
#define K5    r7
#define K6    r8
#define K7    r9
#define K8    r10
#define K9    r11
#define CNT   r16     /* inner loop: 3 updates a round */
#define T     r17     /* temporary */
#define A0    r18     /* L1, 25 bits */
#define A1    r19
#define A2    r20
#define A3    r21
#define B0    r22     /* L2, 39 bits */
#define B1    r23
#define B2    r24
#define B3    r25
#define B4    r26
#define S     r27     /* IR LFSR s_t..s_t+7 */
#define GCNT  r28     /* rounds left in the key byte's group of 4 */
#define KC    r29     /* the key byte in use (encryption: shifted right 2 a round; decryption:
                         rotated left 2) */
                      /* Z = r31:r30: the block pointer, all along */

; FA bit 0 = L1[24] ^ L1[15] ^ L1[20]L1[11] ^ L1[9]IR ^ ka, 10 cycles (without the L1[24] term
; when \top is 0: the decryption starts FA from fa instead). L1[15] = A1 bit 7 is the carry out of
; the LSL that aligns L1[11], kept by AND, SWAP and EOR, and added in by the last ADC: bit 0 of
; FA + T + C is the XOR of the three.
        .macro  FEEDA top, k
        .if \top
        mov     FA, A1                  ; FA bit 0 = L1[9]
        lsr     FA
        and     FA, S                   ; & IR
        eor     FA, A3                  ; ^ L1[24]
        .else
        mov     T, A1                   ; T bit 0 = L1[9]
        lsr     T
        and     T, S                    ; & IR
        eor     FA, T
        .endif
        mov     T, A1                   ; T bit 4 = L1[11], C = L1[15]
        lsl     T
        and     T, A2                   ; & L1[20]
        swap    T                       ; to bit 0
        eor     FA, \k                  ; ^ ka
        adc     FA, T                   ; ^ L1[20]L1[11] ^ L1[15]
        .endm

; FB bit 1 ^= L2[25] ^ L2[33]L2[21] ^ L2[14]L2[9] ^ kb (the L2[38] term by the caller), 10 cycles
        .macro  FEEDB k
        mov     T, B2                   ; T bit 1 = L2[21]
        swap    T
        and     T, B4                   ; & L2[33]
        eor     FB, T
        eor     FB, B3                  ; ^ L2[25]
        eor     FB, \k                  ; ^ kb
        mov     T, B1                   ; T bit 1 = L2[14]
        swap    T
        lsr     T
        and     T, B1                   ; & L2[9]
        eor     FB, T
        .endm

; Saves the callee-saved registers, loads the key into K0..K9 and the block into L1, L2.
        .macro  ENTER xtra
        .irp    reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17
        push    r\reg
        .endr
        .if \xtra
        push    r28
        .endif
        .if \xtra == 1
        push    r29
        .endif
        movw    r30, r24                ; Z = block
        movw    r26, r22                ; X = key
        .irp    reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
        ld      r\reg, X+
        .endr
        ld      B0, Z                   ; L2 = p0..p38 (B4 bit 7 = p39, garbage)
        ldd     B1, Z+1
        ldd     B2, Z+2
        ldd     B3, Z+3
        ldd     B4, Z+4
        ldd     A0, Z+5                 ; L1 = (p32..p63) >> 7
        ldd     A1, Z+6
        ldd     A2, Z+7
        clr     A3
        mov     T, B4
        lsl     T                       ; C = p39
        rol     A0
        rol     A1
        rol     A2
        rol     A3                      ; A3 = p63 (bits 1..7 zero)
        .endm

; Stores L1 << 39 | L2 through Z, clears r1, restores the registers and returns.
        .macro  LEAVE xtra
        lsl     B4                      ; drop B4 bit 7
        lsr     A3                      ; L1 >>= 1: A0..A2 = L1[1..24], C = L1[0]
        ror     A2
        ror     A1
        ror     A0
        ror     B4                      ; B4 bit 7 = L1[0]
        st      Z, B0
        std     Z+1, B1
        std     Z+2, B2
        std     Z+3, B3
        std     Z+4, B4
        std     Z+5, A0
        std     Z+6, A1
        std     Z+7, A2
        clr     r1
        .if \xtra == 1
        pop     r29
        .endif
        .if \xtra
        pop     r28
        .endif
        .irp    reg, 17, 16, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\reg
        .endr
        ret
        .endm

; The IR LFSR one step forward (Galois form): IR_r = bit 0 of S shifts out; S ^= 0xd4 when it was
; 1, without a branch (SBC makes the mask). 4 cycles.
        .macro  IRFWD
        lsr     S                       ; C = IR_r
        sbc     T, T                    ; T = 0xff if C, else 0 (C kept)
        andi    T, 0xd4
        eor     S, T
        .endm

; The key register one byte forward (encryption): KC = K0 (k_i..k_i+7, i a multiple of 8), then
; k_i+80..k_i+87 = K0 ^ k_i+19..26 ^ k_i+30..37 ^ k_i+67..74 (all inside the register: 74 < 80) goes
; to K9 while K1..K9 move down a byte. 28 cycles (every fourth round of the encryption).
        .macro  KEYBYTE
        mov     T, K2                   ; T = (K3:K2 ^ K9:K8) >> 3 = k_i+19..26 ^ k_i+67..74
        eor     T, K8
        mov     FA, K3
        eor     FA, K9
        .rept   3
        lsr     FA
        ror     T
        .endr
        eor     K0, T
        mov     T, K3                   ; FA = (K4:K3) << 2 >> 8 = k_i+30..37
        mov     FA, K4
        .rept   2
        lsl     T
        rol     FA
        .endr
        eor     FA, K0                  ; k_i+80..87
        mov     K0, K1
        mov     K1, K2
        mov     K2, K3
        mov     K3, K4
        mov     K4, K5
        mov     K5, K6
        mov     K6, K7
        mov     K7, K8
        mov     K8, K9
        mov     K9, FA
        .endm

; The key register one byte back (decryption): K holds k_j..k_j+79, j a multiple of 8; the byte
; k_j-8..k_j-1 = K9 ^ k_j+11..18 ^ k_j+22..29 ^ k_j+59..66 goes to K0 while K0..K8 move up. 28 cycles.
        .macro  KEYBYTEBACK
        mov     T, K1                   ; T = (K2:K1 ^ K8:K7) >> 3 = k_j+11..18 ^ k_j+59..66
        eor     T, K7
        mov     FA, K2
        eor     FA, K8
        .rept   3
        lsr     FA
        ror     T
        .endr
        eor     T, K9                   ; ^ k_j+72..79
        mov     FB, K2                  ; FA = (K3:K2) << 2 >> 8 = k_j+22..29
        mov     FA, K3
        .rept   2
        lsl     FB
        rol     FA
        .endr
        eor     FA, T                   ; k_j-8..k_j-1
        mov     K9, K8
        mov     K8, K7
        mov     K7, K6
        mov     K6, K5
        mov     K5, K4
        mov     K4, K3
        mov     K3, K2
        mov     K2, K1
        mov     K1, K0
        mov     K0, FA
        .endm

; The IR LFSR one step back: bit 7 of S is the bit that shifted out (0xd4 has bit 7 set and S >> 1
; does not), so S ^= 0xd4 when it is set, and S = S << 1 | that bit. 6 cycles.
        .macro  IRBACK
        mov     T, S
        lsl     T                       ; C = the bit out (bit 7)
        sbc     T, T                    ; T = 0xff if C, else 0 (C kept)
        andi    T, 0xd4
        eor     S, T
        rol     S                       ; S bit 0 = IR_r
        .endm

        .text

; Encryption (scenario encrypt-ks): first in the file, so its figures count only its own bytes.
        .global katan64_encrypt
        .type   katan64_encrypt, @function
katan64_encrypt:
        ENTER   1
        ldi     S, 0xe7                 ; the state that outputs IR_0, IR_1, ...
        ldi     GCNT, 1
1:
        dec     GCNT                    ; rounds 0, 4, 8, ...: the next key byte
        brne    4f
        ldi     GCNT, 4
        mov     KC, K0                  ; the byte in use
        KEYBYTE
4:
        ldi     CNT, 3
2:
        FEEDA   1, KC                   ; FA bit 0 = fa (from L1)
        bst     B4, 6                   ; FB bit 1 = L2[38] (its other bits: garbage)
        bld     FB, 1
        FEEDB   KC                      ; FB bit 1 = fb (from L2)
        lsr     FA                      ; L2 = L2 << 1 | fa
        rol     B0
        rol     B1
        rol     B2
        rol     B3
        rol     B4
        lsr     FB                      ; L1 = L1 << 1 | fb
        lsr     FB
        rol     A0
        rol     A1
        rol     A2
        rol     A3
        dec     CNT
        brne    2b
        lsr     KC                      ; the next round's ka, kb
        lsr     KC
        IRFWD
        cpi     S, 0x67                 ; after round 253
        breq    3f
        rjmp    1b
3:
        LEAVE   1
        .size   katan64_encrypt, . - katan64_encrypt

; Decryption (scenario decrypt-ks): the key LFSR runs forward 63 bytes (504 bits), the IR LFSR is set
; to its state after round 253, then the rounds are undone from 253 down to 0, the IR LFSR stepped back
; before each and the key LFSR a byte back after every fourth.
        .global katan64_decrypt
        .type   katan64_decrypt, @function
katan64_decrypt:
        ENTER   1
        ldi     CNT, 63
1:
        KEYBYTE                         ; to k_504..k_583: round 253's key bits are bits 2, 3 of K0
        dec     CNT
        brne    1b
        ldi     S, 0x67                 ; the state after round 253
        mov     KC, K0                  ; rounds 253, 252: bits 2, 3 then 0, 1 of k_504..511
        swap    KC
        ldi     GCNT, 2
2:
        IRBACK                          ; S bit 0 = IR_r
        .rept   2                       ; KC rotated left 2: bits 0, 1 = k_2r, k_2r+1
        bst     KC, 7
        lsl     KC
        bld     KC, 0
        .endr
        ldi     CNT, 3
3:
        mov     FB, A0                  ; FB bit 1 = fb = L1[0]
        lsl     FB
        mov     FA, B0                  ; FA bit 0 = fa = L2[0]
        lsr     A3                      ; L1 >>= 1 (A3 = 0 after)
        ror     A2
        ror     A1
        ror     A0
        lsr     B4                      ; L2 >>= 1
        ror     B3
        ror     B2
        ror     B1
        ror     B0
        FEEDA   0, KC                   ; FA bit 0 = L1[24] (fa ^ the lower taps)
        lsr     FA
        rol     A3                      ; A3 = L1[24], bits 1..7 zero
        FEEDB   KC                      ; FB bit 1 = L2[38] (fb ^ the lower taps)
        bst     FB, 1
        bld     B4, 6
        dec     CNT
        brne    3b
        cpi     S, 0xe7                 ; round 0 undone
        breq    4f
        dec     GCNT                    ; after rounds 252, 248, ..., 4: the key byte before
        breq    5f
        rjmp    2b
5:
        KEYBYTEBACK
        mov     KC, K0                  ; its four rounds read bits 6-7, 4-5, 2-3, 0-1
        ldi     GCNT, 4
        rjmp    2b
4:
        LEAVE   1
        .size   katan64_decrypt, . - katan64_decrypt
