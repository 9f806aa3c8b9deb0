; avrlab task: cham64-128
; title: CHAM-64/128, one round per loop (compact)
; compare: CHAM ver. 1 (1-round loop)
;
; CHAM-64/128 fixed-key encryption for the ATmega128 (avr-gcc ABI):
;
;     void cham64_128_encrypt(uint8_t *block);     block pointer in r25:r24, encrypted in place
;
; This is the small and simple version: one round per loop pass, the words kept in plain order.
; Compare it with cham64-v2.S, which runs two rounds per pass and gets the 8-bit rotations for free.
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
; How one loop pass does one round of either kind
; ------------------------------------------------------------------------------------------------
; Even and odd rounds differ only in their two rotations: ROL1 before the addition and ROL8 after
; it (even), or ROL8 before and ROL1 after (odd). The rotation after round i is the same as the one
; before round i+1, so a single subroutine "rot" does both jobs: it rotates T by 1 when the round
; counter is even and by 8 (a byte swap) when it is odd. The loop calls it once before the
; addition and once more after incrementing the counter:
;
;     T = X1 ; rot(i) ; T ^= RK[i] ; T += X0 ^ i ; i++ ; rot(i) ; (X0 X1 X2 X3) = (X1 X2 X3 T)
;
; Branching on the round counter is constant time: i is public, every plaintext takes the same
; path. The other tricks:
; 1. Round-key table in flash, 256-byte aligned, walked with  lpm r, Z+ . ZH never changes and ZL
;    is the only index: one  andi ZL, 0x1f  per pass wraps it from 32 back to 0 (RK[i mod 16]).
; 2. A one-byte round counter i (r16) is both the XOR constant and the loop counter.
; 3. T lives in r1:r0. r1 is the avr-gcc zero register, so it is cleared again before returning,
;    and ROL1 cannot use it as a zero: it carries the top bit round with BST/BLD instead.
;    Borrowing r1:r0 saves two more callee-saved registers (4 instruction words to keep them).
; 4. The block pointer stays in X: bytes are read with  ld r, X+  and written back in reverse order
;    with  st -X, r .
; 5. The callee-saved registers r16 and r17 are not pushed: while the words are in registers the
;    block buffer is unused, so they wait there (ST/LD cost what PUSH/POP cost, but no stack).
;
; Register allocation
;   r19:r18  X0     r21:r20  X1     r23:r22  X2     r25:r24  X3     r1:r0  T
;   r16      i (round counter)      r17  round-key byte
;   r27:r26  X = block pointer      r31:r30  Z = round-key pointer
;   r16 and r17 are callee-saved in the avr-gcc ABI: kept in block[6..7] during the loop. The only
;   stack used is the return address of  rcall rot : 2 bytes.
;
; Measured with avrlab bench (ATmega128, fixed key):
;                      cycles   cpb     flash  RAM   RANK
;   80 rounds (2017)    3808   476.0    142     2    14.4
;   88 rounds (2019)    4184   523.0    142     2    13.1    (-task cham64-128-r19 -D ROUNDS=88)
;   flash = 110 bytes of code + the 32-byte round-key table; RAM = the return address of rcall.
;   Published (Seo 2018, CHAM ver. 1, 80 rounds): 166 bytes, 2 bytes RAM, 966 cpb, RANK 6.1.
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
        ld      r18, X+         ; X0..X3, little-endian words
        ld      r19, X+
        ld      r20, X+
        ld      r21, X+
        ld      r22, X+
        ld      r23, X+
        ld      r24, X+
        ld      r25, X+
        st      -X, r16         ; the block buffer is free now: park the callee-saved r16, r17
        st      -X, r17         ; in block[7], block[6] instead of pushing them (X = block + 6)
        ldi     r30, lo8(cham64_128_rk)
        ldi     r31, hi8(cham64_128_rk)
        ldi     r16, 0          ; i = 0

loop:
        movw    r0, r20         ; T = X1
        rcall   rot             ; T = ROL1(X1) (i even) or ROL8(X1) (i odd)
        lpm     r17, Z+         ; T ^= RK[i mod 16]
        eor     r0, r17
        lpm     r17, Z+
        eor     r1, r17
        eor     r18, r16        ; X0 ^= i
        add     r0, r18         ; T += X0
        adc     r1, r19
        inc     r16
        rcall   rot             ; parity flipped: ROL8 after an even round, ROL1 after an odd one
        movw    r18, r20        ; (X0 X1 X2 X3) = (X1 X2 X3 T)
        movw    r20, r22
        movw    r22, r24
        movw    r24, r0
        andi    r30, 0x1f       ; RK index wraps after RK[15] (table is 256-byte aligned)
        cpi     r16, ROUNDS
        brne    loop

        clr     r1              ; give the ABI its zero register back
        ld      r17, X+         ; restore r17, r16 from the block (X = block + 8)
        ld      r16, X+
        st      -X, r25
        st      -X, r24
        st      -X, r23
        st      -X, r22
        st      -X, r21
        st      -X, r20
        st      -X, r19
        st      -X, r18
        ret

; rot: T = ROL1(T) if i is even, T = ROL8(T) (swap the bytes) if i is odd.
rot:
        sbrc    r16, 0
        rjmp    1f
        bst     r1, 7           ; ROL1: the top bit of T ...
        lsl     r0
        rol     r1
        bld     r0, 0           ; ... comes back in at the bottom
        ret
1:      eor     r0, r1          ; ROL8: swap r0 and r1 without a spare register
        eor     r1, r0
        eor     r0, r1
        ret
