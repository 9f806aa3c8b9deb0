; avrlab task: idea
; title: IDEA on the ATtiny45, subkeys scheduled into SRAM, branch-free multiplication mod 2^16+1
; compare: IDEA v1
;
; IDEA encryption for the ATtiny45 (AVRe core: no MUL, no CALL/JMP; 4 KiB flash, 256 B SRAM), in
; the ECRYPT scenario "encryption + key scheduling" (Eisenbarth et al., Africacrypt 2012): each call
; takes the 128-bit key, expands it and encrypts one block.
;
;     void idea_encrypt(uint8_t *block, const uint8_t *key);
;     void idea_decrypt(uint8_t *block, const uint8_t *key);        (scenario decrypt-ks)
;         block in r25:r24 (8 bytes, encrypted in place), key in r23:r22 (16 bytes, read only)
;
; ---------------------------------------------------------------------------------------------------
; The cipher (Lai, Massey, EUROCRYPT '91; HAC Algorithm 7.101)
; ---------------------------------------------------------------------------------------------------
; Four 16-bit words X1..X4; (.) is multiplication modulo 2^16 + 1 with the word 0 standing for 2^16.
; Rounds 1..8 with six subkeys each:
;     X1 (.)= Z1, X2 += Z2, X3 += Z3, X4 (.)= Z4
;     t0 = (X1 ^ X3) (.) Z5,  t1 = ((X2 ^ X4) + t0) (.) Z6,  t0 += t1
;     X1 ^= t1, X4 ^= t0, (X2, X3) = (X3 ^ t1, X2 ^ t0)
; then Y1 = X1 (.) Z49, Y2 = X3 + Z50, Y3 = X2 + Z51, Y4 = X4 (.) Z52. The subkeys Z1..Z52 are the
; key's 16-bit words in order, the 128-bit key rotated left by 25 bits after every eight.
;
; ---------------------------------------------------------------------------------------------------
; Memory layout (`avrlab tasks -v idea`)
; ---------------------------------------------------------------------------------------------------
;   block = X1 X2 X3 X4, key = the eight key words, each word big-endian (most significant byte
;   first) as the designers print them. Official vector (Lai's classic triplet): key
;   00010002000300040005000600070008, plaintext 0000000100020003 -> ciphertext 11fbed2b01986de5.
;   idea_z (.bss, 104 bytes): Z1..Z52, big-endian words, written by every call.
;
; ---------------------------------------------------------------------------------------------------
; Multiplication modulo 2^16 + 1 without a branch (mulm)
; ---------------------------------------------------------------------------------------------------
; p = a*b as a 32-bit product by 16 unrolled shift-and-add steps (the ATtiny45 has no MUL): H:L
; starts as 0:b shifted right once, so the bit that decides each step is already in C; SBC M,M turns
; it into a mask 0x00/0xff, a & M is added to H, and (carry:H:L) rotates right, which brings the
; next bit of b into C. 11 cycles a step, the same for every bit.
; If p != 0 (a and b both nonzero), a (.) b = lo - hi, plus 1 when the subtraction borrows
; (2^16 = -1 modulo 2^16 + 1); a result of 2^16 comes out as 0, its encoding. If p == 0, a or b
; is 0, i.e. 2^16, and a (.) b = 1 - a - b modulo 2^16 (1 - b, 1 - a, or 1 when both are 0). Both
; are computed; the second is masked by M = (p == 0 ? 0xff : 0), from SUBI M,1 / SBC M,M on the OR
; of the four product bytes, and added (when p == 0 the first is 0).
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r2..r9     X1..X4      the state, each word low:high (MOVW pairs)
;   r10,r11    A           mulm's first operand (kept)
;   r12,r13    L           mulm's second operand, then the product's low word, then the result
;   r14,r15    H           the product's high word
;   r16,r17    T           a & mask
;   r18,r19    S           1 - a - b
;   r20        M           the mask
;   r21        CNT         loop counter
;   r22,r23    U           t0, subkeys of the additions
;   r25:r24                the block pointer, as it arrived
;   r27:r26    X           subkey table pointer in the key schedule, block pointer, swap temporary
;   r31:r30    Z           key pointer, then the subkey pointer (LD Z+)
;   r2..r17 (the key in the schedule, then the state and mulm) are pushed and popped.
;
; ---------------------------------------------------------------------------------------------------
; Key schedule
; ---------------------------------------------------------------------------------------------------
; The key sits in r2..r17 (r2 most significant). Six times: store the 16 bytes (eight subkeys),
; then rotate left by 25 = a byte rotation by 3 (one cycle of 16 MOVs through r0, since 3 and 16 are
; coprime) and a 1-bit rotation (LSL/ROL chain, the top bit back in with ADC r1). Then Z49..Z52.
;
; ---------------------------------------------------------------------------------------------------
; Constant time
; ---------------------------------------------------------------------------------------------------
; No branch depends on data (the two loops count), no table is indexed by data, mulm runs the same
; instructions for every operand, so every call executes the same instruction sequence.
;
; ---------------------------------------------------------------------------------------------------
; Cost (cycles; AVRe column of the AVR manual)
; ---------------------------------------------------------------------------------------------------
;   mulm: 16 steps x 11 + 31 around them (RCALL and RET included) = 207; 34 calls: 7038
;   key schedule: 6 x (32 stores + 34 rotation + 3 loop) + loads and the last 8 stores, about 470
;   rounds: additions, XORs, the swap, loads of the subkeys, about 400; push/pop 64, block 32.
;
; Measured with `avrlab bench examples/idea-t45.S` (ATtiny45, encrypt-ks, 101 vectors):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file              834   122     8087   33.3 uJ (32.3..34.1)
;   ECRYPT IDEA v1         836   232     8250   34.3 uJ            (Eisenbarth et al. 2012)
;   RAM = the 104-byte subkey table + 18 bytes of stack (16 pushes and mulm's return address).
;   The unrolled mulm is 402 of the 802 bytes; a looped one (14 cycles a step) would save about
;   380 bytes for about 1100 cycles.
;
; Decryption, `avrlab bench -scenario decrypt-ks examples/idea-t45.S` (idea_decrypt; each scenario
; counts only the entry it calls):
;                        flash   RAM   cycles
;   this file             1090   126    80558   the same subkey table, 18 inverses in constant time
;   ECRYPT IDEA v1         836   232    22729
;   Each inverse is x^(2^16 - 1), 19 multiplications (about 3950 cycles): 71,000 of the 80,558. An
;   extended Euclid would be faster but branches on the key; whether IDEA v1 inverts in constant time
;   is not known to us.
;
; ---------------------------------------------------------------------------------------------------

        .text

#define X1L   r2      /* the state X1..X4, each word in a low:high register pair */
#define X1H   r3
#define X2L   r4
#define X2H   r5
#define X3L   r6
#define X3H   r7
#define X4L   r8
#define X4H   r9
#define A0    r10     /* mulm: the operand a (kept) */
#define A1    r11
#define L0    r12     /* mulm: the operand b in, the product's low word, the result out */
#define L1    r13
#define H0    r14     /* mulm: the product's high word */
#define H1    r15
#define T0    r16     /* mulm: a & mask */
#define T1    r17
#define S0    r18     /* mulm: 1 - a - b, the result when a or b is 0 (= 2^16) */
#define S1    r19
#define M     r20     /* mulm: the 0x00/0xff mask */
#define CNT   r21     /* loop counter */
#define U0    r22     /* round: t0 (and subkey bytes of the additions) */
#define U1    r23

; d1:d0 += the next subkey (big-endian in the table).
        .macro  ADDK d0, d1
        ld      U1, Z+
        ld      U0, Z+
        add     \d0, U0
        adc     \d1, U1
        .endm

; d1:d0 = d1:d0 (.) the next subkey, multiplication modulo 2^16 + 1.
        .macro  MULK d0, d1
        movw    A0, \d0
        ld      L1, Z+
        ld      L0, Z+
        rcall   mulm
        movw    \d0, L0
        .endm

; The key schedule: Z1..Z52 into idea_z, big-endian words (encryption and decryption both).
        .macro  KEYSCHED
        movw    r30, r22                ; Z = key
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
        ld      r\r, Z+                 ; K = key, r2 most significant
        .endr
        ldi     r26, lo8(idea_z)        ; X = Z1
        ldi     r27, hi8(idea_z)
        ldi     CNT, 6
1:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
        st      X+, r\r                 ; eight subkeys
        .endr
        ; K <<<= 24: byte j takes byte j + 3 (mod 16), one cycle of 16 moves
        mov     r0, r2
        mov     r2, r5
        mov     r5, r8
        mov     r8, r11
        mov     r11, r14
        mov     r14, r17
        mov     r17, r4
        mov     r4, r7
        mov     r7, r10
        mov     r10, r13
        mov     r13, r16
        mov     r16, r3
        mov     r3, r6
        mov     r6, r9
        mov     r9, r12
        mov     r12, r15
        mov     r15, r0
        ; K <<<= 1
        lsl     r17
        .irp    r, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        rol     r\r
        .endr
        adc     r17, r1
        dec     CNT
        brne    1b
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9
        st      X+, r\r                 ; Z49..Z52
        .endr
        .endm

        .global idea_encrypt
        .type   idea_encrypt, @function
idea_encrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
        push    r\r
        .endr

; ---- key schedule: Z1..Z52 into idea_z, big-endian words
        KEYSCHED

; ---- load the block, X1 first, each word big-endian
        movw    r26, r24                ; X = block
        .irp    r, 3, 2, 5, 4, 7, 6, 9, 8
        ld      r\r, X+
        .endr
        ldi     r30, lo8(idea_z)        ; Z = Z1
        ldi     r31, hi8(idea_z)
        ldi     CNT, 8
round:
        MULK    X1L, X1H                ; X1 (.)= Z1
        ADDK    X2L, X2H                ; X2 += Z2
        ADDK    X3L, X3H                ; X3 += Z3
        MULK    X4L, X4H                ; X4 (.)= Z4
        movw    A0, X1L                 ; t0 = (X1 ^ X3) (.) Z5
        eor     A0, X3L
        eor     A1, X3H
        ld      L1, Z+
        ld      L0, Z+
        rcall   mulm
        movw    U0, L0
        movw    A0, X2L                 ; t1 = ((X2 ^ X4) + t0) (.) Z6
        eor     A0, X4L
        eor     A1, X4H
        add     A0, U0
        adc     A1, U1
        ld      L1, Z+
        ld      L0, Z+
        rcall   mulm
        add     U0, L0                  ; t0 += t1
        adc     U1, L1
        eor     X1L, L0                 ; X1 ^= t1
        eor     X1H, L1
        eor     X4L, U0                 ; X4 ^= t0
        eor     X4H, U1
        eor     X3L, L0                 ; (X2, X3) = (X3 ^ t1, X2 ^ t0)
        eor     X3H, L1
        eor     X2L, U0
        eor     X2H, U1
        movw    r26, X2L
        movw    X2L, X3L
        movw    X3L, r26
        dec     CNT
        brne    round

; ---- output transformation: Y1 = X1 (.) Z49, Y2 = X3 + Z50, Y3 = X2 + Z51, Y4 = X4 (.) Z52
        MULK    X1L, X1H
        ADDK    X3L, X3H
        ADDK    X2L, X2H
        MULK    X4L, X4H
        movw    r26, r24                ; X = block
        .irp    r, 3, 2, 7, 6, 5, 4, 9, 8
        st      X+, r\r
        .endr
        .irp    r, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        ret
        .size   idea_encrypt, . - idea_encrypt

; ---------------------------------------------------------------------------------------------------
; Decryption (scenario decrypt-ks): void idea_decrypt(uint8_t *block, const uint8_t *key);
; The same rounds with the decryption subkeys, taken straight from the encryption table: round i
; (0..7) uses inv(Z[48-6i]), -Z[50-6i], -Z[49-6i], inv(Z[51-6i]) (the two additive keys in the other
; order in the first round), Z[46-6i], Z[47-6i]; the output transformation inv(Z1), -Z2, -Z3, inv(Z4).
; Y walks the table down, 12 bytes a round. The inverses modulo 2^16 + 1 are x^(2^16 - 1) (minv),
; 19 multiplications, the same for every x (0 = 2^16 = -1 is its own inverse and comes out as 0).
; ---------------------------------------------------------------------------------------------------

; d1:d0 = d1:d0 (.) inv(the subkey at Y+q)
        .macro  MULINV d0, d1, q
        ldd     L1, Y+\q
        ldd     L0, Y+\q+1
        rcall   minv
        movw    A0, \d0
        rcall   mulm
        movw    \d0, L0
        .endm

; d1:d0 -= the subkey at Y+q
        .macro  SUBK d0, d1, q
        ldd     U1, Y+\q
        ldd     U0, Y+\q+1
        sub     \d0, U0
        sbc     \d1, U1
        .endm

; The rest of a round with Y = &Z[46-6i]: t0 = (X1 ^ X3) (.) Z[46-6i], t1 = ((X2 ^ X4) + t0) (.)
; Z[47-6i], the XORs and the swap, as in the encryption.
        .macro  MIXDEC
        movw    A0, X1L
        eor     A0, X3L
        eor     A1, X3H
        ldd     L1, Y+0
        ldd     L0, Y+1
        rcall   mulm
        movw    U0, L0
        movw    A0, X2L
        eor     A0, X4L
        eor     A1, X4H
        add     A0, U0
        adc     A1, U1
        ldd     L1, Y+2
        ldd     L0, Y+3
        rcall   mulm
        add     U0, L0
        adc     U1, L1
        eor     X1L, L0
        eor     X1H, L1
        eor     X4L, U0
        eor     X4H, U1
        eor     X3L, L0
        eor     X3H, L1
        eor     X2L, U0
        eor     X2H, U1
        movw    r26, X2L
        movw    X2L, X3L
        movw    X3L, r26
        .endm

        .global idea_decrypt
        .type   idea_decrypt, @function
idea_decrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push    r\r
        .endr
        KEYSCHED
        movw    r26, r24                ; X = block
        .irp    r, 3, 2, 5, 4, 7, 6, 9, 8
        ld      r\r, X+
        .endr
        ldi     r28, lo8(idea_z + 2*46) ; Y = &Z[46]: Z47, Z48 at +0, +2; Z49..Z52 at +4..+10
        ldi     r29, hi8(idea_z + 2*46)
        MULINV  X1L, X1H, 4             ; round 0: X1 (.)= inv(Z49)
        SUBK    X2L, X2H, 6             ; X2 -= Z50
        SUBK    X3L, X3H, 8             ; X3 -= Z51
        MULINV  X4L, X4H, 10            ; X4 (.)= inv(Z52)
        MIXDEC                          ; Z47, Z48
        ldi     CNT, 7
drnd:
        sbiw    r28, 12                 ; Y = &Z[46-6i], i = 1..7
        MULINV  X1L, X1H, 4
        SUBK    X2L, X2H, 8             ; the additive keys swapped
        SUBK    X3L, X3H, 6
        MULINV  X4L, X4H, 10
        MIXDEC
        dec     CNT
        brne    drnd
        sbiw    r28, 12                 ; Y = &Z[-2]: the output transformation with Z1..Z4 at +4..+10
        MULINV  X1L, X1H, 4
        SUBK    X3L, X3H, 6             ; Y2 = X3 - Z2
        SUBK    X2L, X2H, 8             ; Y3 = X2 - Z3
        MULINV  X4L, X4H, 10
        movw    r26, r24                ; X = block
        .irp    r, 3, 2, 7, 6, 5, 4, 9, 8
        st      X+, r\r
        .endr
        .irp    r, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        ret
        .size   idea_decrypt, . - idea_decrypt

; L1:L0 = L1:L0 ^ (2^16 - 1) modulo 2^16 + 1, the inverse: E = x; then for k = 1, 2, 4, 8:
; k squarings of L, L *= E, E = L (x^3, x^15, x^255, x^65535). 19 mulm calls. Clobbers A, E (Z),
; r0 and r26 (the counters), and what mulm clobbers.
        .type   minv, @function
minv:
        movw    r30, L0                 ; E = x
        ldi     r26, 1                  ; k
1:      mov     r0, r26
2:      movw    A0, L0                  ; L = L^2
        rcall   mulm
        dec     r0
        brne    2b
        movw    A0, r30                 ; L *= E
        rcall   mulm
        movw    r30, L0                 ; E = L
        lsl     r26
        cpi     r26, 16
        brne    1b
        ret
        .size   minv, . - minv

; L1:L0 = A1:A0 (.) L1:L0 modulo 2^16 + 1 (the word 0 standing for 2^16), without a branch:
; p = a*b by 16 steps of shift-and-add (the ATtiny45 has no MUL); if p != 0 the result is
; lo - hi (+1 on a borrow), else (a or b is 2^16) it is 1 - a - b. Keeps A; clobbers H, T, S, M.
        .type   mulm, @function
mulm:
        ldi     S0, 1                   ; s = 1 - a - b
        clr     S1
        sub     S0, A0
        sbc     S1, A1
        sub     S0, L0
        sbc     S1, L1
        clr     H0                      ; p = a * b: H:L = 0:b, C = the next bit of b
        clr     H1
        lsr     L1
        ror     L0
        .rept   16
        sbc     M, M                    ; M = -C: 0xff when the bit is 1
        mov     T0, A0
        and     T0, M
        mov     T1, A1
        and     T1, M
        add     H0, T0                  ; H += a & M
        adc     H1, T1
        ror     H1                      ; (carry:H:L) >>= 1, the next bit into C
        ror     H0
        ror     L1
        ror     L0
        .endr
        mov     M, L0                   ; M = 0xff when p == 0
        or      M, L1
        or      M, H0
        or      M, H1
        subi    M, 1
        sbc     M, M
        and     S0, M
        and     S1, M
        sub     L0, H0                  ; lo - hi, +1 on a borrow, + (1 - a - b when p == 0)
        sbc     L1, H1
        adc     L0, r1
        adc     L1, r1
        add     L0, S0
        adc     L1, S1
        ret
        .size   mulm, . - mulm

        .section .bss
idea_z:
        .skip   104                     ; Z1..Z52
