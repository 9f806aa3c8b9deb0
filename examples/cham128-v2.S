; avrlab task: cham128-128
; title: CHAM-128/128, two rounds per loop (Seo 2018 techniques)
; compare: CHAM ver. 2 (2-round loop)
;
; CHAM-128/128 fixed-key encryption for the ATmega128 (avr-gcc ABI):
;
;     void cham128_128_encrypt(uint8_t *block);    block pointer in r25:r24, encrypted in place
;
; ------------------------------------------------------------------------------------------------
; The cipher (Koo et al., ICISC 2017; the ICISC 2019 revision only raises the round count)
; ------------------------------------------------------------------------------------------------
; The 128-bit block is four 32-bit words X0 X1 X2 X3. Round i (i = 0, 1, 2, ...) computes one new
; word from X0 and X1 and then shifts the words left by one position:
;
;     i even:  new = ROL8( (X0 ^ i) + (ROL1(X1) ^ RK[i mod 8]) )
;     i odd:   new = ROL1( (X0 ^ i) + (ROL8(X1) ^ RK[i mod 8]) )
;     (X0, X1, X2, X3) = (X1, X2, X3, new)
;
; "+" is addition mod 2^32, ROLn rotates left by n bits, i is the round number (it fits in the
; low byte, so only byte 0 of X0 is touched by "^ i"). The 128-bit key is expanded once into 8
; round keys RK[0..7]; fixed-key code keeps them in flash. ICISC 2017: 80 rounds; ICISC 2019
; revision: 112 rounds (task cham128-128-r19: assemble with -D ROUNDS=112, nothing else changes).
;
; ------------------------------------------------------------------------------------------------
; Memory layout
; ------------------------------------------------------------------------------------------------
;   block (SRAM, 16 bytes):  X0 X1 X2 X3, each word little-endian (byte 0 = lowest byte of X0)
;   cham128_128_rk (flash):  RK[0] .. RK[7], each word little-endian, 32 bytes, 256-byte aligned.
;                            The bytes below are the round keys of the official test key
;                            00 01 02 .. 0f; the avrlab harness rewrites them for each test key.
;
; ------------------------------------------------------------------------------------------------
; Tricks (1-4: the memory-efficient techniques of H. Seo, JKIISC 2018; 5-7: small extras)
; ------------------------------------------------------------------------------------------------
; 1. Round-key table in flash, 256-byte aligned, walked with  lpm r, Z+ . ZH never changes and ZL
;    is the only index: one  andi ZL, 0x1f  per loop pass wraps it from 32 back to 0 (RK[i mod 8]).
; 2. A one-byte round counter i (r16) is both the XOR constant and the loop counter.
; 3. ROL8 costs nothing: rotating a 32-bit word by 8 only moves its bytes up by one place, so
;    instead of moving bytes we remember which register holds which byte ("register renaming").
;    Each word is kept in one of two forms (w0 = lowest byte of the word):
;        N (natural):  registers q0 q1 q2 q3 hold w0 w1 w2 w3
;        R (rotated):  registers q0 q1 q2 q3 hold w1 w2 w3 w0     (byte j of the word sits in
;                      register q[(j+3) mod 4]; the registers hold ROL8 of the word naturally)
;    The even round ends with ROL8: its sum s, computed naturally, IS the new word in R form.
;    The odd round reads ROL8(X1) with X1 in R form: byte j of ROL8(X1) is byte j-1 of X1,
;    which sits in register q[(j+2) mod 4], so the XOR just pairs the registers differently.
; 4. Two rounds per loop pass. At the top of the loop the words sit in fixed register quads:
;        X0 = A (R form)   X1 = B (N form)   X2 = C (R form)   X3 = D (N form)   F = free quad
;    The even round builds ROL1(X1) ^ RK in F (a copy of B) and adds X0 into F, so its result
;    lands in F, in R form. The odd round loads its round key straight into A (free now: X0 has
;    been used up), adds B and rotates, so its result lands in A, in N form. After the two rounds
;        A = new X3 (N)   B = free   C = X2 (R)   D = X3 (N)   F = new X2 (R)
;    and eight 1-cycle MOVW instructions give the next pass its layout with the same forms:
;        B <- D,  D <- A,  A <- C,  C <- F.
;    No byte is ever swapped: every word alternates between the roles "X0 of an even round" and
;    "X2" (both R) or "X1 of an even round" and "X3" (both N).
; 5. The plaintext is loaded straight into those forms (byte order chosen per LDD) and stored back
;    the same way, so no conversion code is needed; 80 and 112 are both even, so the forms line
;    up at the end.
; 6. No stack at all: the callee-saved registers the loop needs are parked in the 16-byte block
;    buffer, which is unused while the words are in registers (see the code after the entry).
; 7. r1 (always 0 in the avr-gcc ABI) is the zero register for the carry of ROL1:
;        lsl q0 ; rol q1 ; rol q2 ; rol q3 ; adc q0, r1
;
; Register allocation (q0 = lowest register of a quad)
;   r21..r18  A     r25..r22  B     r7..r4  C     r11..r8  D     r15..r12  F  (copy of B)
;   r16       i (round counter)     r0  round-key byte (even round)      r1  zero
;   r27:r26   X = block pointer     r31:r30  Z = round-key pointer (block pointer at entry and exit)
;   Five quads, the counter and two pointers need 27 registers: r4..r16 are callee-saved in the
;   avr-gcc ABI; they wait in the block buffer while the loop runs.
;
; Cost of one loop pass (two rounds): even round 28 cycles, odd round 26, two INC 2, eight MOVW 8,
; ANDI + CPI + BRNE 4: 68 cycles, 51 instruction words.
;
; Measured with avrlab bench (ATmega128, fixed key):
;                      cycles   cpb     flash  RAM   RANK
;   80 rounds (2017)    2845   177.8    264     0    21.3
;   112 rounds (2019)   3933   245.8    264     0    15.4    (-task cham128-128-r19 -D ROUNDS=112)
;   flash = 232 bytes of code + the 32-byte round-key table; RAM = stack (none) + data (none).
;   Published (Seo 2018, CHAM ver. 2, 80 rounds): 270 bytes, 13 bytes RAM, 187 cpb, RANK 18.0.
;   With PUSH/POP instead of the block buffer (trick 6) this file measures 260 bytes, RAM 13,
;   2843 cycles, RANK 19.7.
;
; ------------------------------------------------------------------------------------------------

#ifndef ROUNDS
#define ROUNDS 80               /* 80 = ICISC 2017 rounds; use 112 for the 2019 revision */
#endif

        .text

; Round keys of the official key 000102..0f: RK[0..7] little-endian (rewritten by the harness).
        .balign 256
        .global cham128_128_rk
cham128_128_rk:
        .byte 0x03, 0x03, 0x07, 0x07, 0x0b, 0x0b, 0x0f, 0x0f
        .byte 0x13, 0x13, 0x17, 0x17, 0x1b, 0x1b, 0x1f, 0x1f
        .byte 0x34, 0x2f, 0x22, 0x39, 0x18, 0x03, 0x0e, 0x15
        .byte 0x6c, 0x77, 0x7a, 0x61, 0x40, 0x5b, 0x56, 0x4d

        .global cham128_128_encrypt
cham128_128_encrypt:
; The loop needs 27 registers: r4..r16 are callee-saved in the avr-gcc ABI and must be restored.
; Instead of pushing them (13 bytes of stack) we park them in the block buffer itself, which is
; free scratch while the words are in registers. LDD/STD with a displacement from Z cost the same
; cycles and words as PUSH/POP. Order matters: a buffer byte can take a saved register only after
; its plaintext byte has been loaded.
        movw    r30, r24        ; Z = block (until Z is needed for the round keys)

; X0 (R form) and X1 (N) go to A and B, which are not callee-saved: byte j of an R-form word
; goes to q[(j+3) mod 4].
        ldd     r21, Z+0        ; X0 byte 0 -> A q3
        ldd     r18, Z+1        ; X0 byte 1 -> A q0
        ldd     r19, Z+2        ; X0 byte 2 -> A q1
        ldd     r20, Z+3        ; X0 byte 3 -> A q2
        ldd     r22, Z+4        ; X1 bytes 0..3 -> B q0..q3
        ldd     r23, Z+5
        ldd     r24, Z+6
        ldd     r25, Z+7
; block[0..7] is free: save C and D (r4..r11) there, then load X2 (R form) and X3 (N) into them.
        std     Z+0, r4
        std     Z+1, r5
        std     Z+2, r6
        std     Z+3, r7
        std     Z+4, r8
        std     Z+5, r9
        std     Z+6, r10
        std     Z+7, r11
        ldd     r7, Z+8         ; X2 byte 0 -> C q3
        ldd     r4, Z+9         ; X2 byte 1 -> C q0
        ldd     r5, Z+10        ; X2 byte 2 -> C q1
        ldd     r6, Z+11        ; X2 byte 3 -> C q2
        ldd     r8, Z+12        ; X3 bytes 0..3 -> D q0..q3
        ldd     r9, Z+13
        ldd     r10, Z+14
        ldd     r11, Z+15
; block[8..15] is free: save F (r12..r15) and r16 there.
        std     Z+8, r12
        std     Z+9, r13
        std     Z+10, r14
        std     Z+11, r15
        std     Z+12, r16
        movw    r26, r30        ; X = block, kept to the end

        ldi     r30, lo8(cham128_128_rk)
        ldi     r31, hi8(cham128_128_rk)
        ldi     r16, 0          ; i = 0

loop:
; ---- even round i: X0 = A (R form), X1 = B (N form) --------------------------------------------
        eor     r21, r16        ; X0 ^= i   (X0 byte 0 lives in A q3 = r21)
        movw    r12, r22        ; F = X1
        movw    r14, r24
        lsl     r12             ; F = ROL1(X1)
        rol     r13
        rol     r14
        rol     r15
        adc     r12, r1
        lpm     r0, Z+          ; F ^= RK[i mod 8]
        eor     r12, r0
        lpm     r0, Z+
        eor     r13, r0
        lpm     r0, Z+
        eor     r14, r0
        lpm     r0, Z+
        eor     r15, r0
        add     r12, r21        ; F += X0 (bytes 0..3 of X0 are A q3 q0 q1 q2)
        adc     r13, r18
        adc     r14, r19
        adc     r15, r20        ; F holds the sum s; the new word is ROL8(s) = s in R form
        inc     r16

; ---- odd round i+1: X0 = B (N form), X1 = C (R form) -------------------------------------------
        eor     r22, r16        ; X0 ^= i+1
        lpm     r18, Z+         ; A = RK[(i+1) mod 8]   (free: the old X0 is used up)
        lpm     r19, Z+
        lpm     r20, Z+
        lpm     r21, Z+
        eor     r18, r6         ; A ^= ROL8(X1): its byte j is X1 byte j-1 = C q[(j+2) mod 4]
        eor     r19, r7
        eor     r20, r4
        eor     r21, r5
        add     r18, r22        ; A += X0
        adc     r19, r23
        adc     r20, r24
        adc     r21, r25
        lsl     r18             ; A = ROL1(A): the new word, N form
        rol     r19
        rol     r20
        rol     r21
        adc     r18, r1
        inc     r16

; ---- shift the words: (A B C D F) = (n1, -, X2, X3, n0)  ->  (X2, X3, n0, n1, -) -------------
        movw    r22, r8         ; B = old X3
        movw    r24, r10
        movw    r8, r18         ; D = new word of round i+1
        movw    r10, r20
        movw    r18, r4         ; A = old X2
        movw    r20, r6
        movw    r4, r12         ; C = new word of round i
        movw    r6, r14

        andi    r30, 0x1f       ; RK index wraps after RK[7] (table is 256-byte aligned)
        cpi     r16, ROUNDS
        brne    loop

; Store the ciphertext (in the load order) and take the saved registers back, again in an order
; that never overwrites a byte still needed.
        movw    r30, r26        ; Z = block
        ldd     r12, Z+8        ; F and r16 are free now: restore them first
        ldd     r13, Z+9
        ldd     r14, Z+10
        ldd     r15, Z+11
        ldd     r16, Z+12
        std     Z+8, r7         ; X2 (R form)
        std     Z+9, r4
        std     Z+10, r5
        std     Z+11, r6
        std     Z+12, r8        ; X3 (N)
        std     Z+13, r9
        std     Z+14, r10
        std     Z+15, r11
        ldd     r4, Z+0         ; C and D are free now: restore them
        ldd     r5, Z+1
        ldd     r6, Z+2
        ldd     r7, Z+3
        ldd     r8, Z+4
        ldd     r9, Z+5
        ldd     r10, Z+6
        ldd     r11, Z+7
        std     Z+0, r21        ; X0 (R form)
        std     Z+1, r18
        std     Z+2, r19
        std     Z+3, r20
        std     Z+4, r22        ; X1 (N)
        std     Z+5, r23
        std     Z+6, r24
        std     Z+7, r25
        ret
