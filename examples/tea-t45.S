; avrlab task: tea64-128
; title: TEA-64/128 on the ATtiny45, half the key in registers, sum kept incrementally
; compare: TEA v1
;
; TEA encryption and decryption for the ATtiny45 (AVRe core: no MUL, no CALL/JMP; 4 KiB flash, 256 B
; SRAM), in the ECRYPT scenarios "encryption + key scheduling" and "decryption + key scheduling"
; (Eisenbarth et al., Africacrypt 2012): each call takes the 128-bit key and one block. TEA has no
; key schedule: the key words are the round keys.
;
;     void tea_encrypt(uint8_t *block, const uint8_t *key);
;     void tea_decrypt(uint8_t *block, const uint8_t *key);         (scenario decrypt-ks)
;         block in r25:r24 (8 bytes, in place), key in r23:r22 (16 bytes, read only)
;
; ---------------------------------------------------------------------------------------------------
; The cipher (Wheeler, Needham, FSE 1994)
; ---------------------------------------------------------------------------------------------------
; Two 32-bit words v0, v1, four key words k0..k3, delta = 0x9e3779b9, 32 cycles of two Feistel rounds:
;     sum += delta
;     v0 += ((v1 << 4) + k0) ^ (v1 + sum) ^ ((v1 >> 5) + k1)
;     v1 += ((v0 << 4) + k2) ^ (v0 + sum) ^ ((v0 >> 5) + k3)
; with sum starting at 0. Decryption runs the cycles backwards: sum starts at 32 * delta =
; 0xc6ef3720 (mod 2^32), the two rounds subtract in the other order, then sum -= delta.
;
; ---------------------------------------------------------------------------------------------------
; Memory layout (`avrlab tasks -v tea64-128`)
; ---------------------------------------------------------------------------------------------------
;   block = v0 v1, key = k0 k1 k2 k3, each word little-endian (avr-gcc's uint32_t). Official vector
;   (BouncyCastle's TEATest, the zero vector): key 0, plaintext 0 -> words 41ea3a0a 94baa940, as
;   bytes 0a3aea41 40a9ba94.
;
; ---------------------------------------------------------------------------------------------------
; One round, d += F(s) (the HALF macro below), 56 cycles
; ---------------------------------------------------------------------------------------------------
;   X = s << 3 as a 40-bit number (X4 = the top three bits of s): copy, clear, 3 x 5 shifts  18
;   then s >> 5 = X1..X4 and s << 4 = (X0..X3) << 1, so one shift by 3 serves both:
;   B = k_odd (4 LDD from the key buffer) + X1..X4                                          12
;   X0..X3 <<= 1, += k_even (registers), B ^= X                                              12
;   X = s + sum, B ^= X                                                                      10
;   d += B (decryption: d -= B)                                                               4
;
; ---------------------------------------------------------------------------------------------------
; Where the key lives
; ---------------------------------------------------------------------------------------------------
; The state (8), sum (4), X (5) and B (4) take 21 registers; the key pointer Z 2 more, which leaves 9,
; room for two key words, not four (r29 stays free). Each key word is used once per cycle, in one
; round; a word in registers is added at 1 cycle a byte, a word reloaded from the key buffer costs
; 2 more (LDD), but loaded straight into B it also saves the copy and the shift of B: 6 cycles a word
; and cycle in all (56 against 50 per round). Which two words stay makes no difference to the cost
; as long as each round keeps one: k0 and k2 (the "<< 4" words) stay, k1 and k3 are reloaded.
; Keeping all four would save 12 cycles a cycle (384 a call) but needs 37 registers.
; sum lives in r16..r19 (SUBI/SBCI add the constant). No loop counter: encryption stops when sum's
; low byte is 0x20 (32 * 0xb9 mod 256; 0xb9 is odd, so no earlier multiple of delta has it);
; decryption stops when sum -= delta gives 0, which the SUBI/SBCI chain's Z flag says.
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r2..r5     v0          the state, each word least significant byte first (MOVW pairs)
;   r6..r9     v1
;   r10..r13   k0          key words kept (k2 in r14, r15, r0, r1; r1 cleared on return)
;   r16..r19   sum
;   r20..r24   X           s << 3 (40 bits), then s << 4, then s + sum
;   r25..r28   B           the round function's value
;   r31:r30    Z           key pointer (k1 at Z+4, k3 at Z+12)
;   r27:r26                block pointer at the start and the end; the block pointer is pushed
;   r2..r17 and r28 (callee-saved) are pushed and popped.
;
; ---------------------------------------------------------------------------------------------------
; Constant time
; ---------------------------------------------------------------------------------------------------
; No branch depends on data (the loop ends on sum, which depends on the cycle count only), no table,
; no data-dependent address: every call executes the same instruction sequence.
;
; ---------------------------------------------------------------------------------------------------
; Cost (cycles; AVRe column of the AVR manual, from the isa table)
; ---------------------------------------------------------------------------------------------------
;   a cycle: 2 rounds x 56 + sum += delta 4 + the loop's end 4 = 120. The loop is 111 words, past
;   BRNE's reach (64 words back), so it ends with CPI, BREQ out, RJMP back (the last cycle 3): 3839
;   for the 32 cycles. Around it: 19 pushes and pops 76, block in and out 32, k0 and k2 16, sum 4,
;   pointers 2, CLR r1 1, RET 4: 3974. Decryption: sum -= delta sets Z itself, no CPI (119 a cycle,
;   3807), sum by 4 LDI: 3942. Flash: 181 and 180 words, 362 and 360 bytes.
;   The alternatives counted: ending on CPSE against a register holding 0x20 (CPSE, RJMP) saves 32
;   cycles but costs r29: push, pop and LDI, 5 cycles, 6 bytes of flash and 1 of RAM, a worse
;   cycles x (flash + 2 RAM) than the CPI's. Keeping all four key words would save 384 cycles but
;   needs 37 registers; reloading all four would cost 512 more cycles.
;
; Measured with `avrlab bench examples/tea-t45.S` (ATtiny45, encrypt-ks, 101 vectors):
;                        flash   RAM   cycles   energy (ECRYPT board model)
;   this file              362    19     3974   16.4 uJ (15.9..16.8)
;   ECRYPT TEA v1          648    24     7408   30.3 uJ            (Eisenbarth et al. 2012)
;   RAM = 19 bytes of stack (17 callee-saved registers and the block pointer). 1.86 times faster,
;   56 % of the code.
;
; Decryption, `avrlab bench -scenario decrypt-ks examples/tea-t45.S` (tea_decrypt, after
; tea_encrypt; each scenario counts only the entry it calls, but tea_encrypt lies before the bytes
; tea_decrypt uses, so its 362 bytes count as layout, modulo 256: 106 of them):
;                        flash   RAM   cycles   energy
;   this file              466    19     3942   16.2 uJ (15.7..16.6)
;   ECRYPT TEA v1          648    24     7539   (decryption column; the table's energy is encryption's)
;
;   Both entries together are 722 bytes; our data does not say whether TEA v1's 648 covers its
;   encryption and decryption together or one of them.
;
; ---------------------------------------------------------------------------------------------------

#define V00   r2      /* v0 = V00..V03, V00 the least significant byte (block[0]) */
#define V01   r3
#define V02   r4
#define V03   r5
#define V10   r6      /* v1 = V10..V13 (block[4..7]) */
#define V11   r7
#define V12   r8
#define V13   r9
#define KA0   r10     /* k0, kept */
#define KA1   r11
#define KA2   r12
#define KA3   r13
#define KC0   r14     /* k2, kept */
#define KC1   r15
#define KC2   r0
#define KC3   r1
#define S0    r16     /* sum (upper registers: SUBI, SBCI, CPI, LDI) */
#define S1    r17
#define S2    r18
#define S3    r19
#define X0    r20     /* X0..X4: s << 3, 40 bits (X0, X2 even: MOVW) */
#define X1    r21
#define X2    r22
#define X3    r23
#define X4    r24
#define B0    r25     /* B0..B3: the round function */
#define B1    r26
#define B2    r27
#define B3    r28

; d0..d3 op= ((s << 4) + ka) ^ (s + sum) ^ ((s >> 5) + key[kb..kb+3]); s0, s2 the even registers of s.
; op, opc: add, adc (encryption) or sub, sbc (decryption). 52 words, 56 cycles.
        .macro  HALF d0, d1, d2, d3, s0, s2, ka0, ka1, ka2, ka3, kb, op, opc
        movw    X0, \s0                 ; X = s, 40 bits
        movw    X2, \s2
        clr     X4
        .rept   3                       ; X = s << 3
        lsl     X0
        rol     X1
        rol     X2
        rol     X3
        rol     X4
        .endr
        ldd     B0, Z+\kb               ; B = key word + (s >> 5), s >> 5 = X1..X4
        ldd     B1, Z+\kb+1
        ldd     B2, Z+\kb+2
        ldd     B3, Z+\kb+3
        add     B0, X1
        adc     B1, X2
        adc     B2, X3
        adc     B3, X4
        lsl     X0                      ; X = (s << 4) + ka
        rol     X1
        rol     X2
        rol     X3
        add     X0, \ka0
        adc     X1, \ka1
        adc     X2, \ka2
        adc     X3, \ka3
        eor     B0, X0
        eor     B1, X1
        eor     B2, X2
        eor     B3, X3
        movw    X0, \s0                 ; X = s + sum
        movw    X2, \s2
        add     X0, S0
        adc     X1, S1
        adc     X2, S2
        adc     X3, S3
        eor     B0, X0
        eor     B1, X1
        eor     B2, X2
        eor     B3, X3
        \op     \d0, B0                 ; d op= B
        \opc    \d1, B1
        \opc    \d2, B2
        \opc    \d3, B3
        .endm

; Saves the callee-saved registers and the block pointer, loads v0, v1, k0 and k2 (Z = key).
        .macro  ENTER
        .irp    reg, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28
        push    r\reg
        .endr
        push    r24                     ; the block pointer
        push    r25
        movw    r26, r24                ; X = block
        movw    r30, r22                ; Z = key
        ld      V00, X+
        ld      V01, X+
        ld      V02, X+
        ld      V03, X+
        ld      V10, X+
        ld      V11, X+
        ld      V12, X+
        ld      V13, X+
        ldd     KA0, Z+0                ; k0
        ldd     KA1, Z+1
        ldd     KA2, Z+2
        ldd     KA3, Z+3
        ldd     KC0, Z+8                ; k2
        ldd     KC1, Z+9
        ldd     KC2, Z+10
        ldd     KC3, Z+11
        .endm

; Stores v0, v1 through the saved block pointer, clears r1, restores the registers and returns.
        .macro  LEAVE
        pop     r27                     ; X = block
        pop     r26
        st      X+, V00
        st      X+, V01
        st      X+, V02
        st      X+, V03
        st      X+, V10
        st      X+, V11
        st      X+, V12
        st      X+, V13
        clr     r1
        .irp    reg, 28, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\reg
        .endr
        ret
        .endm

        .text

; Encryption (scenario encrypt-ks): void tea_encrypt(uint8_t *block, const uint8_t *key);
; First in the file, so its figures count only its own bytes.
        .global tea_encrypt
        .type   tea_encrypt, @function
tea_encrypt:
        ENTER
        clr     S0                      ; sum = 0
        clr     S1
        clr     S2
        clr     S3
1:
        subi    S0, 0x47                ; sum += delta (sum -= 0x61c88647 = -delta mod 2^32)
        sbci    S1, 0x86
        sbci    S2, 0xc8
        sbci    S3, 0x61
        HALF    V00, V01, V02, V03, V10, V12, KA0, KA1, KA2, KA3, 4, add, adc    ; v0 += F(v1, k0, k1)
        HALF    V10, V11, V12, V13, V00, V02, KC0, KC1, KC2, KC3, 12, add, adc   ; v1 += F(v0, k2, k3)
        cpi     S0, 0x20                ; sum = 32 * delta (low byte 0x20): done
        breq    2f
        rjmp    1b                      ; 111 words back: past BRNE's reach
2:
        LEAVE
        .size   tea_encrypt, . - tea_encrypt

; Decryption (scenario decrypt-ks): void tea_decrypt(uint8_t *block, const uint8_t *key);
        .global tea_decrypt
        .type   tea_decrypt, @function
tea_decrypt:
        ENTER
        ldi     S0, 0x20                ; sum = 32 * delta mod 2^32 = 0xc6ef3720
        ldi     S1, 0x37
        ldi     S2, 0xef
        ldi     S3, 0xc6
1:
        HALF    V10, V11, V12, V13, V00, V02, KC0, KC1, KC2, KC3, 12, sub, sbc   ; v1 -= F(v0, k2, k3)
        HALF    V00, V01, V02, V03, V10, V12, KA0, KA1, KA2, KA3, 4, sub, sbc    ; v0 -= F(v1, k0, k1)
        subi    S0, 0xb9                ; sum -= delta; Z set by the chain when sum = 0: done
        sbci    S1, 0x79
        sbci    S2, 0x37
        sbci    S3, 0x9e
        breq    2f
        rjmp    1b
2:
        LEAVE
        .size   tea_decrypt, . - tea_decrypt
