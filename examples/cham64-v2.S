; avrlab task: cham64-128
; title: CHAM-64/128, two rounds per loop (Seo 2018 techniques)
; compare: CHAM ver. 2 (2-round loop)
;
; CHAM-64/128 fixed-key encryption for the ATmega128 (avr-gcc ABI):
;
;     void cham64_128_encrypt(uint8_t *block);     block pointer in r25:r24, encrypted in place
;
; ------------------------------------------------------------------------------------------------
; The cipher (Koo et al., ICISC 2017; the ICISC 2019 revision only raises the round count)
; ------------------------------------------------------------------------------------------------
; The 64-bit block is four 16-bit words X0 X1 X2 X3. Round i (i = 0, 1, 2, ...) computes one new
; word from X0 and X1 and then shifts the words left by one position:
;
;     i even:  new = ROL8( (X0 ^ i) + (ROL1(X1) ^ RK[i mod 16]) )
;     i odd:   new = ROL1( (X0 ^ i) + (ROL8(X1) ^ RK[i mod 16]) )
;     (X0, X1, X2, X3) = (X1, X2, X3, new)
;
; "+" is addition mod 2^16, ROLn rotates left by n bits, i is the round number (it fits in the low
; byte, so only the low byte of X0 is touched by "^ i"). The 128-bit key is expanded once into
; 16 round keys RK[0..15]; fixed-key code keeps them in flash. ICISC 2017: 80 rounds; ICISC 2019
; revision: 88 rounds (task cham64-128-r19: assemble with -D ROUNDS=88, nothing else changes).
;
; ------------------------------------------------------------------------------------------------
; Memory layout
; ------------------------------------------------------------------------------------------------
;   block (SRAM, 8 bytes):   X0 X1 X2 X3, each word little-endian (byte 0 = low byte of X0)
;   cham64_128_rk (flash):   RK[0] .. RK[15], each word little-endian, 32 bytes, 256-byte aligned.
;                            The bytes below are the round keys of the official test key
;                            00 01 02 .. 0f; the avrlab harness rewrites them for each test key.
;
; ------------------------------------------------------------------------------------------------
; Tricks (1-4: the memory-efficient techniques of H. Seo, JKIISC 2018; 5-8: small extras)
; ------------------------------------------------------------------------------------------------
; 1. Round-key table in flash, 256-byte aligned, walked with  lpm r, Z+ . ZH never changes and ZL
;    is the only index: one  andi ZL, 0x1f  per loop pass wraps it from 32 back to 0 (RK[i mod 16]).
; 2. A one-byte round counter i (r16) is both the XOR constant and the loop counter.
; 3. ROL8 costs nothing: rotating a 16-bit word by 8 only swaps its two bytes, so instead of moving
;    bytes we remember which register holds which byte ("register renaming"). Each word is kept in
;    one of two forms:
;        N (natural):  low register = low byte,   high register = high byte
;        R (rotated):  low register = high byte,  high register = low byte  (i.e. ROL8 of the word)
;    The even round ends with ROL8: its result is simply left in R form. The odd round reads
;    ROL8(X1): if X1 is in R form, its registers already hold ROL8(X1) in natural order.
; 4. Two rounds per loop pass. At the top of the loop the words sit in fixed register pairs:
;        X0 = A (R form)   X1 = B (N form)   X2 = C (R form)   X3 = D (N form)   F = free pair
;    The even round builds ROL1(X1) ^ RK in F (a copy of B) and adds X0 into F, so its result
;    lands in F, in R form. The odd round loads its round key straight into A (free now: X0 has
;    been used up), adds B and rotates, so its result lands in A, in N form. After the two rounds
;        A = new X3 (N)   B = free   C = X2 (R)   D = X3 (N)   F = new X2 (R)
;    and the next pass needs (X0 X1 X2 X3) = (old X2, old X3, new from round i, new from round i+1)
;    in (A B C D) with the same forms, which four 1-cycle MOVW instructions achieve:
;        B <- D,  D <- A,  A <- C,  C <- F.
;    The forms match without a single byte swap because every word alternates between the roles
;    "X0 of an even round" and "X2" (both R) or "X1 of an even round" and "X3" (both N).
; 5. The plaintext is loaded straight into those forms (byte order chosen per LD) and stored back the
;    same way, so no conversion code is needed; 80 and 88 are both even, so the forms line up at
;    the end.
; 6. The block pointer stays in X: bytes are read with  ld r, X+  and written back in reverse order
;    with  st -X, r , so no second copy of the pointer is needed.
; 7. No stack at all: the loop needs 17 registers, 3 more than the avr-gcc ABI lets a function
;    clobber, so r14, r15, r16 must be saved and restored. Once the plaintext is in registers the
;    8-byte block buffer is unused until the ciphertext goes back, so the three registers are kept
;    there (ST/LD cost the same cycles and words as PUSH/POP) and the stack stays untouched.
; 8. r1 (always 0 in the avr-gcc ABI) is the zero register for the carry of ROL1:
;        lsl lo ; rol hi ; adc lo, r1
;
; Register allocation
;   r19:r18  A      r21:r20  B      r23:r22  C      r25:r24  D      r15:r14  F  (copy of B)
;   r16      i (round counter)      r0  round-key byte (even round)      r1  zero
;   r27:r26  X = block pointer      r31:r30  Z = round-key pointer
;   r14, r15, r16 are callee-saved in the avr-gcc ABI: kept in block[5..7] during the loop.
;
; Cost of one loop pass (two rounds): even round 15 cycles, odd round 14, two INC 2, four MOVW 4,
; ANDI + CPI + BRNE 4: 39 cycles, 30 instruction words.
;
; Measured with avrlab bench (ATmega128, fixed key):
;                      cycles   cpb     flash  RAM   RANK
;   80 rounds (2017)    1611   201.4    146     0    34.0
;   88 rounds (2019)    1767   220.9    146     0    31.0    (-task cham64-128-r19 -D ROUNDS=88)
;   flash = 114 bytes of code + the 32-byte round-key table; RAM = stack (none) + data (none).
;   Published (Seo 2018, CHAM ver. 2, 80 rounds): 152 bytes, 3 bytes RAM, 211 cpb, RANK 29.9.
;   Without trick 7 (PUSH/POP instead of the block buffer) this file measures RAM 3, RANK 32.7.
;
; ------------------------------------------------------------------------------------------------

#ifndef ROUNDS
#define ROUNDS 80               /* 80 = ICISC 2017 rounds; use 88 for the 2019 revision */
#endif

        .text

; Round keys of the official key 000102..0f: RK[0..15] little-endian (rewritten by the harness).
        .balign 256
        .global cham64_128_rk
cham64_128_rk:
        .byte 0x01, 0x03, 0x05, 0x07, 0x09, 0x0b, 0x0d, 0x0f
        .byte 0x11, 0x13, 0x15, 0x17, 0x19, 0x1b, 0x1d, 0x1f
        .byte 0x1e, 0x15, 0x08, 0x03, 0x32, 0x39, 0x24, 0x2f
        .byte 0x46, 0x4d, 0x50, 0x5b, 0x6a, 0x61, 0x7c, 0x77

        .global cham64_128_encrypt
cham64_128_encrypt:
        movw    r26, r24        ; X = block

; Load X0 (R form: bytes swapped), X1 (N), X2 (R), X3 (N).
        ld      r19, X+         ; X0 low byte  -> A high register
        ld      r18, X+         ; X0 high byte -> A low register
        ld      r20, X+         ; X1 low
        ld      r21, X+         ; X1 high
        ld      r23, X+         ; X2 low byte  -> C high register
        ld      r22, X+         ; X2 high byte -> C low register
        ld      r24, X+         ; X3 low
        ld      r25, X+         ; X3 high

; The whole block is in registers now, so its 8 bytes are free scratch until the end: they keep
; the callee-saved registers we use (instead of pushing them, which would cost 3 bytes of stack).
        st      -X, r14         ; block[7]
        st      -X, r15         ; block[6]
        st      -X, r16         ; block[5]; X = block + 5

        ldi     r30, lo8(cham64_128_rk)
        ldi     r31, hi8(cham64_128_rk)
        ldi     r16, 0          ; i = 0

loop:
; ---- even round i: X0 = A (R form), X1 = B (N form) --------------------------------------------
        eor     r19, r16        ; X0 ^= i   (X0 low byte lives in r19)
        movw    r14, r20        ; F = X1
        lsl     r14             ; F = ROL1(X1)
        rol     r15
        adc     r14, r1
        lpm     r0, Z+          ; F ^= RK[i mod 16]
        eor     r14, r0
        lpm     r0, Z+
        eor     r15, r0
        add     r14, r19        ; F += X0: F holds the sum s, the new word is ROL8(s) = s in R form
        adc     r15, r18
        inc     r16

; ---- odd round i+1: X0 = B (N form), X1 = C (R form, so C's registers hold ROL8(X1)) ---------
        eor     r20, r16        ; X0 ^= i+1
        lpm     r18, Z+         ; A = RK[(i+1) mod 16]   (free: the old X0 is used up)
        lpm     r19, Z+
        eor     r18, r22        ; A ^= ROL8(X1)
        eor     r19, r23
        add     r18, r20        ; A += X0
        adc     r19, r21
        lsl     r18             ; A = ROL1(A): the new word, N form
        rol     r19
        adc     r18, r1
        inc     r16

; ---- shift the words: (A B C D F) = (n1, -, X2, X3, n0)  ->  (X2, X3, n0, n1, -) -------------
        movw    r20, r24        ; B = old X3
        movw    r24, r18        ; D = new word of round i+1
        movw    r18, r22        ; A = old X2
        movw    r22, r14        ; C = new word of round i

        andi    r30, 0x1f       ; RK index wraps after RK[15] (table is 256-byte aligned)
        cpi     r16, ROUNDS
        brne    loop

; Get the callee-saved registers back (X = block + 5 .. 8), then store the ciphertext in the
; load order, backwards from the end of the block.
        ld      r16, X+
        ld      r15, X+
        ld      r14, X+
        st      -X, r25
        st      -X, r24
        st      -X, r22
        st      -X, r23
        st      -X, r21
        st      -X, r20
        st      -X, r18
        st      -X, r19
        ret
