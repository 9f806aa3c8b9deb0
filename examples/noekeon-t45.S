; avrlab task: noekeon-direct
; title: NOEKEON-128/128 on the ATtiny45, bitsliced, the state in registers and half the key too
; compare: NOEKEON v1
;
; NOEKEON-128/128 (direct-key mode, 16 rounds) encryption and decryption for the ATtiny45 (AVRe
; core: no MUL, no CALL/JMP; 4 KiB flash, 256 B SRAM), in the ECRYPT scenarios "encryption + key
; scheduling" and "decryption + key scheduling" (Eisenbarth et al., Africacrypt 2012): each call
; takes the 128-bit key and one block. In direct-key mode the working key is the key itself.
;
;     void noekeon_encrypt(uint8_t *block, const uint8_t *key);
;     void noekeon_decrypt(uint8_t *block, const uint8_t *key);     (scenario decrypt-ks)
;         block in r25:r24 (16 bytes, in place), key in r23:r22 (16 bytes, read only)
;
; ---------------------------------------------------------------------------------------------------
; The cipher (Daemen, Peeters, Van Assche, Rijmen, "Nessie Proposal: NOEKEON", 2000)
; ---------------------------------------------------------------------------------------------------
; State a0..a3 and working key k0..k3, 32-bit words. Round i = 0..15:
;     a0 ^= RC[i]; Theta(k, a); Pi1(a); Gamma(a); Pi2(a)
; then a0 ^= RC[16]; Theta(k, a). RC[0] = 0x80, RC[i+1] = RC[i] * x in GF(2^8) (poly 0x11b), into
; a0's least significant byte. Theta(k, a) = L2(L1(a) ^ k) with
;     L1: t = a0 ^ a2; t ^= (t >>> 8) ^ (t <<< 8); a1 ^= t; a3 ^= t
;     L2: t = a1 ^ a3; t ^= (t >>> 8) ^ (t <<< 8); a0 ^= t; a2 ^= t
; Pi1 rotates a1, a2, a3 left by 1, 5, 2, Pi2 right by the same; Gamma is the bitsliced 4-bit S-box
;     a1 ^= ~a3 & ~a2; a0 ^= a2 & a1; swap a0, a3; a2 ^= a0 ^ a1 ^ a3; a1 ^= ~a3 & ~a2; a0 ^= a2 & a1.
; Decryption: round i = 16..1: Theta(k', a); a0 ^= RC[i]; Pi1; Gamma; Pi2; then Theta(k', a);
; a0 ^= RC[0], with k' = Theta(0, k) = L2(L1(k)).
;
; ---------------------------------------------------------------------------------------------------
; Memory layout (`avrlab tasks -v noekeon-direct`)
; ---------------------------------------------------------------------------------------------------
;   block and key: four 32-bit words each big-endian (the designers' byte interface: block[0] is a0's
;   most significant byte, RC goes into block[3]). Official vector (the designers' NoekeonDirectRef.c):
;   key 0, plaintext 0 -> b1656851 699e29fa 24b70148 503d2dfc.
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r2..r5     a0          each word most significant byte first (block order), two MOVW pairs
;   r6..r9     a1
;   r10..r13   a2          (G2: the same registers renamed while a2 is rotated left by 8)
;   r14..r17   a3
;   r18..r21   T           Theta's t, Gamma's scratch; r21 (TT) also the key loads' and RC's scratch
;   r22        RC          the round constant
;   r0, r23..r25  k0       key words kept in registers (k2, k3 are read from the key buffer: Z+8..15)
;   r26..r29   k1
;   r31:r30    Z           key pointer
;   r1         0           (the ABI's zero register, left 0: it brings the carry back in <<< 1)
;   r2..r17, r28, r29 (callee-saved) and the block pointer are pushed: 20 bytes of stack.
;
; ---------------------------------------------------------------------------------------------------
; Tricks
; ---------------------------------------------------------------------------------------------------
; 1. Theta's t ^= (t >>> 8) ^ (t <<< 8) is byte i = t[i-1] ^ t[i] ^ t[i+1], six EORs in place
;    (HALF below), no extra register.
; 2. Pi1's a2 <<< 5 is a renaming by one byte (G2) and >>> 3; Pi2 undoes it with <<< 3 and the
;    renaming back: no instruction moves a byte. >>> 1 feeds the wrapped bit from a copy of the low
;    byte (LSR copy, ROR x4): one copy serves all three >>> 1 of a2's >>> 3.
; 3. Gamma's swap of a0 and a3 is folded into its last step: the new a0 is built in T, then two MOVW
;    each way (14 cycles for the step and the swap, 16 the plain way).
; 4. RC = RC * x without a branch (LSL, SBC, ANDI 0x1b, EOR); the loop ends on RC = RC[16] = 0xd4,
;    no counter. The loop enters in its middle (a0 ^= RC; Theta; the exit test), so the final Theta
;    is the loop's own code and the test's BREQ reaches the end.
; 5. Decryption needs no k' = Theta(0, k) in memory: Theta(k', a) = L2(L1(a)) ^ L1(k), and that is
;    a ^= (k0, 0, k2, 0); L1; L2; a ^= (0, k1, 0, k3) (L1 adds L(k0 ^ k2) to a1 and a3, L2 leaves
;    them), the same cost as encryption's key addition.
;
; ---------------------------------------------------------------------------------------------------
; Constant time
; ---------------------------------------------------------------------------------------------------
; No table, no branch on data, no data-dependent address (NOEKEON is bitsliced): every call executes
; the same instruction sequence; the loop ends on RC, which depends on the round number only.
;
; ---------------------------------------------------------------------------------------------------
; Cost (cycles; AVRe column of the AVR manual, from the isa table)
; ---------------------------------------------------------------------------------------------------
;   a round: a0 ^= RC 1, Theta 40 + key 32 (k0, k1 from registers 8, k2, k3 by LDD 24), the exit
;   test 2, Pi1 31, Gamma 64, Pi2 32, RC update 4, RJMP 2 = 208; 16 rounds 3328, the final
;   Theta 76. ENTER 90 (20 pushes, block 32, k0 k1 16, pointers 2), LDI and RJMP 3, LEAVE 76.
;   Encryption: 93 + 3328 + 76 + 76 = 3573 cycles; 284 words (568 bytes). Decryption: the same
;   instructions in another order (its key addition and RC update cost the same): 3573 cycles, 568 B.
;
; Measured with `avrlab bench examples/noekeon-t45.S` (ATtiny45, encrypt-ks, 101 vectors):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file              568    20     3573   14.7 uJ (14.3..15.1)
;   ECRYPT NOEKEON v1      364    32    23517   95.9 uJ            (Eisenbarth et al. 2012)
;   RAM = 20 bytes of stack (18 callee-saved registers and the block pointer). 6.6 times faster in
;   1.56 times the code; RANK 7.4.
;
; Decryption, `avrlab bench -scenario decrypt-ks examples/noekeon-t45.S` (noekeon_decrypt, after
; noekeon_encrypt; each scenario counts only the entry it calls, but noekeon_encrypt lies before the
; bytes noekeon_decrypt uses, so its 568 bytes count as layout, modulo 256: 56 of them):
;                        flash   RAM   cycles   energy
;   this file              624    20     3573   14.7 uJ (14.3..15.1)
;   ECRYPT NOEKEON v1      364    32    23502   (decryption column; the table's energy is encryption's)
;
;   Both entries together are 1136 bytes; our data does not say whether NOEKEON v1's 364 covers its
;   encryption and decryption together or one of them, nor which key mode it implements.
;
; Indirect-key mode (task noekeon-indirect: the working key is the key encrypted under the zero key,
; in every call here): the same file with -D NOEKEON_INDIRECT, whose entries first run the rounds on
; the key with K0, K1 cleared and eight zero bytes pushed for k2, k3, then store the working key there;
; the rounds become a subroutine (noekeon_rounds, inside noekeon_encrypt) that both entries call:
;     avrlab bench -task noekeon-indirect -D NOEKEON_INDIRECT examples/noekeon-t45.S
;     avrlab bench -task noekeon-indirect -D NOEKEON_INDIRECT -scenario decrypt-ks examples/noekeon-t45.S
;                        flash   RAM   cycles
;   encryption             680    30     7083
;   decryption            1356    30     7076   (it enters noekeon_encrypt's rounds: the file whole)
;   RAM = 20 as above + the 8 zero/working-key bytes + the return address of the RCALL.
;

#define RC    r22     /* the round constant (upper: LDI, CPI) */
#define TT    r21     /* T's least significant byte (upper: ANDI), the scratch of the key loads */

; Words as macro arguments, most significant byte first (the lowest register holds the byte that comes
; first in memory): a0..a3 the state, G2 = a2 while Pi1 has rotated it left by 8 (the rotation by 8 is
; a renaming, no instruction), T the scratch word, K0 and K1 the key words kept in registers.
#define A0    r2, r3, r4, r5
#define A1    r6, r7, r8, r9
#define A2    r10, r11, r12, r13
#define A3    r14, r15, r16, r17
#define G2    r11, r12, r13, r10
#define T     r18, r19, r20, r21
#define K0    r0, r23, r24, r25
#define K1    r26, r27, r28, r29

; d op= s, byte by byte (op: eor, or, and). 4 words, 4 cycles.
        .macro  OP4 op, d3, d2, d1, d0, s3, s2, s1, s0
        \op     \d3, \s3
        \op     \d2, \s2
        \op     \d1, \s1
        \op     \d0, \s0
        .endm

; d ^= the key word at Z+off (four LDD through TT). 8 words, 12 cycles.
        .macro  KEYM off, d3, d2, d1, d0
        ldd     TT, Z+\off
        eor     \d3, TT
        ldd     TT, Z+\off+1
        eor     \d2, TT
        ldd     TT, Z+\off+2
        eor     \d1, TT
        ldd     TT, Z+\off+3
        eor     \d0, TT
        .endm

; Rotations of a word by 1: left (r1 = 0 brings the carry back) and right (c, a copy of the least
; significant byte, feeds the bits that wrap around: one copy serves several rotations). 5 words, 5 cycles.
        .macro  ROL1 b3, b2, b1, b0
        lsl     \b0
        rol     \b1
        rol     \b2
        rol     \b3
        adc     \b0, r1
        .endm
        .macro  ROR1 c, b3, b2, b1, b0
        lsr     \c
        ror     \b3
        ror     \b2
        ror     \b1
        ror     \b0
        .endm

; Half of Theta: t = x ^ y; t ^= ROR8(t) ^ ROL8(t); d ^= t; e ^= t. x's registers are two MOVW pairs.
; Byte i of the mixed t is t[i-1] ^ t[i] ^ t[i+1] (indices mod 4), computed in place in six EORs.
; 20 words, 20 cycles.
        .macro  HALF x3, x2, x1, x0, y3, y2, y1, y0, d3, d2, d1, d0, e3, e2, e1, e0
        movw    r18, \x3
        movw    r20, \x1
        OP4     eor, T, \y3, \y2, \y1, \y0
        eor     r20, r18                ; t1 ^= t3:      t1 = t1^t3
        eor     r21, r20                ; t0 ^= t1:      t0 = t3^t0^t1          (done)
        eor     r19, r20                ; t2 ^= t1:      t2 = t1^t2^t3          (done)
        eor     r18, r21                ; t3 ^= t0
        eor     r18, r19                ; t3 ^= t2:      t3 = t2^t3^t0          (done)
        eor     r20, r18                ; t1 ^= t3:      t1 = t0^t1^t2          (done)
        OP4     eor, \d3, \d2, \d1, \d0, T
        OP4     eor, \e3, \e2, \e1, \e0, T
        .endm

; Pi1: a1 <<<= 1, a2 <<<= 5 (<<< 8, a renaming to G2, then >>> 3), a3 <<<= 2. 31 words, 31 cycles.
        .macro  PI1
        ROL1    A1
        mov     TT, r10                 ; G2's least significant byte
        ROR1    TT, G2
        ROR1    TT, G2
        ROR1    TT, G2
        ROL1    A3
        ROL1    A3
        .endm

; Pi2: a1 >>>= 1, a2 >>>= 5 (<<< 3 on G2, then the renaming back), a3 >>>= 2. 32 words, 32 cycles.
        .macro  PI2
        mov     TT, r9
        ROR1    TT, A1
        ROL1    G2
        ROL1    G2
        ROL1    G2
        mov     TT, r17
        ROR1    TT, A3
        ROR1    TT, A3
        .endm

; Gamma on a0, a1, G2, a3 (the specification's order; its swap of a0 and a3 is folded into the last
; step, which writes the new a0 to T first). 64 words, 64 cycles.
        .macro  GAMMA
        movw    r18, r14                ; a1 ^= ~(a3 | a2)
        movw    r20, r16
        OP4     or, T, G2
        OP4     eor, A1, T
        com     r6
        com     r7
        com     r8
        com     r9
        movw    r18, r6                 ; a0 ^= a2 & a1
        movw    r20, r8
        OP4     and, T, G2
        OP4     eor, A0, T
        OP4     eor, G2, A0             ; a2 ^= a0 ^ a1 ^ a3 (after the swap: the same)
        OP4     eor, G2, A1
        OP4     eor, G2, A3
        movw    r18, r2                 ; a1 ^= ~(a3' | a2), a3' = a0 after the swap
        movw    r20, r4
        OP4     or, T, G2
        OP4     eor, A1, T
        com     r6
        com     r7
        com     r8
        com     r9
        movw    r18, r6                 ; a0' ^= a2 & a1, a0' = a3 after the swap; then a3 = a0
        movw    r20, r8
        OP4     and, T, G2
        OP4     eor, T, A3
        movw    r14, r2
        movw    r16, r4
        movw    r2, r18
        movw    r4, r20
        .endm

; Saves the callee-saved registers and the block pointer; loads the block into a0..a3 and the key
; words k0, k1 into K0, K1; Z = the key (k2 at Z+8, k3 at Z+12). 46 words, 90 cycles.
        .macro  ENTER
        .irp    reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push    r\reg
        .endr
        push    r24                     ; the block pointer
        push    r25
        movw    r30, r22                ; Z = key
        movw    r26, r24                ; X = block
        .irp    reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
        ld      r\reg, X+
        .endr
        ldd     r0, Z+0                 ; k0
        ldd     r23, Z+1
        ldd     r24, Z+2
        ldd     r25, Z+3
        ldd     r26, Z+4                ; k1
        ldd     r27, Z+5
        ldd     r28, Z+6
        ldd     r29, Z+7
        .endm

; Stores a0..a3 through the saved block pointer, restores the registers and returns (r1 is still 0).
; 37 words, 76 cycles.
        .macro  LEAVE
        pop     r27
        pop     r26
        .irp    reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
        st      X+, r\reg
        .endr
        .irp    reg, 29, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\reg
        .endr
        ret
        .endm

; The encryption's 16 rounds and final Theta on a0..a3 under the key in K0, K1 and Z+8..15.
; 201 words, 3407 cycles (RC set-up 3, 16 rounds of 208, the final Theta 76).
        .macro  ENC_ROUNDS
        ldi     RC, 0x80                ; RC[0]
        rjmp    3f
1:
        PI1
        GAMMA
        PI2
        lsl     RC                      ; RC = RC * x in GF(2^8), no branch
        sbc     TT, TT
        andi    TT, 0x1b
        eor     RC, TT
3:
        eor     r5, RC                  ; a0 ^= RC[i] (a0's least significant byte)
        HALF    A0, A2, A1, A3          ; Theta: t = a0 ^ a2 into a1, a3
        OP4     eor, A0, K0             ;        a ^= k
        OP4     eor, A1, K1
        KEYM    8, A2
        KEYM    12, A3
        HALF    A1, A3, A0, A2          ;        t = a1 ^ a3 into a0, a2
        cpi     RC, 0xd4                ; RC[16]: that was the final Theta
        breq    2f
        rjmp    1b                      ; past BRNE's reach
2:
        .endm

; The decryption's rounds, likewise. 201 words, 3407 cycles.
        .macro  DEC_ROUNDS
        ldi     RC, 0xd4                ; RC[16]
        rjmp    3f
1:
        PI1
        GAMMA
        PI2
        lsr     RC                      ; RC = RC / x in GF(2^8), no branch: bit 0 says 0x1b was added
        sbc     TT, TT
        andi    TT, 0x8d                ; (0x1b >> 1) | 0x80
        eor     RC, TT
3:
        OP4     eor, A0, K0             ; Theta(k', a): a ^= (k0, 0, k2, 0)
        KEYM    8, A2
        HALF    A0, A2, A1, A3          ;        L1
        HALF    A1, A3, A0, A2          ;        L2
        OP4     eor, A1, K1             ;        a ^= (0, k1, 0, k3)
        KEYM    12, A3
        eor     r5, RC                  ; a0 ^= RC[i]
        cpi     RC, 0x80                ; RC[0]: that was the final Theta
        breq    2f
        rjmp    1b
2:
        .endm

; Indirect-key mode (-D NOEKEON_INDIRECT, task noekeon-indirect): saves the registers as ENTER does,
; encrypts the key under the all-zero key (K0, K1 cleared, Z+8..15 = eight zero bytes pushed), puts
; the result, the working key, in K0, K1 and Z+8..15, and loads the block. Z = SP - 7 throughout, so
; the block pointer pushed before the zeros is at Z+16 (high), Z+17 (low).
        .macro  ENTER_INDIRECT
        .irp    reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
        push    r\reg
        .endr
        push    r24                     ; the block pointer
        push    r25
        movw    r30, r22                ; the key, as a block
        .irp    reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
        ld      r\reg, Z+
        .endr
        .rept   8                       ; k2, k3 of the zero key
        push    r1
        .endr
        .irp    reg, 0, 23, 24, 25, 26, 27, 28, 29
        clr     r\reg                   ; k0, k1 of the zero key
        .endr
        in      r30, 0x3d               ; Z = SP - 7: Z+8..15 are the zeros (SPL, SPH: I/O 0x3d, 0x3e)
        in      r31, 0x3e
        sbiw    r30, 7
        rcall   noekeon_rounds          ; a = the working key
        mov     r0, r2                  ; k0, k1 into registers
        mov     r23, r3
        movw    r24, r4
        movw    r26, r6
        movw    r28, r8
        .irp    reg, 10, 11, 12, 13, 14, 15, 16, 17
        std     Z+\reg-2, r\reg          ; k2, k3 over the zeros (r10 -> Z+8)
        .endr
        ldd     TT, Z+17                ; Z = block
        ldd     r31, Z+16
        mov     r30, TT
        .irp    reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
        ld      r\reg, Z+
        .endr
        in      r30, 0x3d
        in      r31, 0x3e
        sbiw    r30, 7
        .endm

        .text

; Encryption (scenario encrypt-ks): void noekeon_encrypt(uint8_t *block, const uint8_t *key);
; First in the file, so its figures count only its own bytes.
        .global noekeon_encrypt
        .type   noekeon_encrypt, @function
noekeon_encrypt:
#ifndef NOEKEON_INDIRECT
        ENTER
        ENC_ROUNDS
        LEAVE
#else
        ENTER_INDIRECT
        rcall   noekeon_rounds
        .rept   8
        pop     TT
        .endr
        LEAVE
noekeon_rounds:                         ; the rounds as a subroutine, for both entries
        ENC_ROUNDS
        ret
#endif
        .size   noekeon_encrypt, . - noekeon_encrypt

; Decryption (scenario decrypt-ks): void noekeon_decrypt(uint8_t *block, const uint8_t *key);
; Theta(k', a) with k' = Theta(0, k) is a ^= (k0, 0, k2, 0); L1; L2; a ^= (0, k1, 0, k3) (trick 5),
; RC runs backwards from RC[16] and goes in after Theta.
        .global noekeon_decrypt
        .type   noekeon_decrypt, @function
noekeon_decrypt:
#ifndef NOEKEON_INDIRECT
        ENTER
        DEC_ROUNDS
#else
        ENTER_INDIRECT                  ; enters noekeon_encrypt (noekeon_rounds)
        DEC_ROUNDS
        .rept   8
        pop     TT
        .endr
#endif
        LEAVE
        .size   noekeon_decrypt, . - noekeon_decrypt
