; avrlab task: cham128-128
; title: CHAM-128/128, one round per loop (compact)
; compare: CHAM ver. 1 (1-round loop)
;
; CHAM-128/128 fixed-key encryption for the ATmega128 (avr-gcc ABI):
;
;     void cham128_128_encrypt(uint8_t *block);    block pointer in r25:r24, encrypted in place
;
; This is the small and simple version: one round per loop pass, the words kept in plain order.
; Compare it with cham128-v2.S, which runs two rounds per pass and gets the 8-bit rotations free.
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
; How one loop pass does one round of either kind
; ------------------------------------------------------------------------------------------------
; Even and odd rounds differ only in their two rotations: ROL1 before the addition and ROL8 after
; it (even), or ROL8 before and ROL1 after (odd). The rotation after round i is the same as the one
; before round i+1, so a single subroutine "rot" does both jobs: it rotates T by 1 when the round
; counter is even and by 8 (each byte moves up one place) when it is odd. The loop calls it once
; before the addition and once more after incrementing the counter:
;
;     T = X1 ; rot(i) ; T ^= RK[i] ; T += X0 ^ i ; i++ ; rot(i) ; (X0 X1 X2 X3) = (X1 X2 X3 T)
;
; Branching on the round counter is constant time: i is public, every plaintext takes the same
; path. The other tricks:
; 1. Round-key table in flash, 256-byte aligned, walked with  lpm r, Z+ . ZH never changes and ZL
;    is the only index: one  andi ZL, 0x1f  per pass wraps it from 32 back to 0 (RK[i mod 8]).
; 2. A one-byte round counter i (r16) is both the XOR constant and the loop counter.
; 3. T lives in r3..r0. r1 is the avr-gcc zero register, so it is cleared again before returning,
;    and ROL1 cannot use it as a zero: it carries the top bit round with BST/BLD instead.
;    Borrowing r1:r0 saves two more callee-saved registers (4 instruction words to keep them).
; 4. The callee-saved registers are not pushed: they wait in the 16-byte block buffer, which is
;    unused while the words are in registers (see the code after the entry).
;
; Register allocation (each word: lowest byte in the lowest register)
;   r21..r18  X0    r25..r22  X1    r7..r4  X2    r11..r8  X3    r3..r0  T
;   r16       i (round counter)     r17  round-key byte, scratch of rot
;   r27:r26   X = block pointer     r31:r30  Z = round-key pointer (block pointer at entry and exit)
;   r2..r11, r16, r17 are callee-saved in the avr-gcc ABI: they wait in the block buffer. The only
;   stack used is the return address of  rcall rot : 2 bytes.
;
; Measured with avrlab bench (ATmega128, fixed key):
;                      cycles   cpb     flash  RAM   RANK
;   80 rounds (2017)    5402   337.6    248     2    11.8
;   112 rounds (2019)   7514   469.6    248     2     8.5    (-task cham128-128-r19 -D ROUNDS=112)
;   flash = 216 bytes of code + the 32-byte round-key table; RAM = the return address of rcall.
;   Published (Seo 2018, CHAM ver. 1, 80 rounds): 270 bytes, 12 bytes RAM, 657 cpb, RANK 5.2.
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
; r2..r11, r16, r17 are callee-saved in the avr-gcc ABI. Instead of pushing them (12 bytes of
; stack) we park them in the block buffer, which is free scratch while the words are in
; registers; LDD/STD with a displacement from Z cost what PUSH/POP cost. A buffer byte can take a
; saved register only after its plaintext byte has been loaded.
        movw    r30, r24        ; Z = block (until Z is needed for the round keys)
        ldd     r18, Z+0        ; X0, X1 -> r18..r25 (not callee-saved)
        ldd     r19, Z+1
        ldd     r20, Z+2
        ldd     r21, Z+3
        ldd     r22, Z+4
        ldd     r23, Z+5
        ldd     r24, Z+6
        ldd     r25, Z+7
        std     Z+0, r4         ; save r4..r11 in block[0..7] ...
        std     Z+1, r5
        std     Z+2, r6
        std     Z+3, r7
        std     Z+4, r8
        std     Z+5, r9
        std     Z+6, r10
        std     Z+7, r11
        ldd     r4, Z+8         ; ... then load X2, X3 into them
        ldd     r5, Z+9
        ldd     r6, Z+10
        ldd     r7, Z+11
        ldd     r8, Z+12
        ldd     r9, Z+13
        ldd     r10, Z+14
        ldd     r11, Z+15
        std     Z+8, r2         ; save r2, r3, r16, r17 in block[8..11]
        std     Z+9, r3
        std     Z+10, r16
        std     Z+11, r17
        movw    r26, r30        ; X = block, kept to the end
        ldi     r30, lo8(cham128_128_rk)
        ldi     r31, hi8(cham128_128_rk)
        ldi     r16, 0          ; i = 0

loop:
        movw    r0, r22         ; T = X1
        movw    r2, r24
        rcall   rot             ; T = ROL1(X1) (i even) or ROL8(X1) (i odd)
        lpm     r17, Z+         ; T ^= RK[i mod 8]
        eor     r0, r17
        lpm     r17, Z+
        eor     r1, r17
        lpm     r17, Z+
        eor     r2, r17
        lpm     r17, Z+
        eor     r3, r17
        eor     r18, r16        ; X0 ^= i
        add     r0, r18         ; T += X0
        adc     r1, r19
        adc     r2, r20
        adc     r3, r21
        inc     r16
        rcall   rot             ; parity flipped: ROL8 after an even round, ROL1 after an odd one
        movw    r18, r22        ; (X0 X1 X2 X3) = (X1 X2 X3 T)
        movw    r20, r24
        movw    r22, r4
        movw    r24, r6
        movw    r4, r8
        movw    r6, r10
        movw    r8, r0
        movw    r10, r2
        andi    r30, 0x1f       ; RK index wraps after RK[7] (table is 256-byte aligned)
        cpi     r16, ROUNDS
        brne    loop

        clr     r1              ; give the ABI its zero register back
        movw    r30, r26        ; Z = block
        ldd     r2, Z+8         ; restore r2, r3, r16, r17 (free now)
        ldd     r3, Z+9
        ldd     r16, Z+10
        ldd     r17, Z+11
        std     Z+8, r4         ; store X2, X3 ...
        std     Z+9, r5
        std     Z+10, r6
        std     Z+11, r7
        std     Z+12, r8
        std     Z+13, r9
        std     Z+14, r10
        std     Z+15, r11
        ldd     r4, Z+0         ; ... restore r4..r11 from block[0..7] ...
        ldd     r5, Z+1
        ldd     r6, Z+2
        ldd     r7, Z+3
        ldd     r8, Z+4
        ldd     r9, Z+5
        ldd     r10, Z+6
        ldd     r11, Z+7
        std     Z+0, r18        ; ... and store X0, X1 there
        std     Z+1, r19
        std     Z+2, r20
        std     Z+3, r21
        std     Z+4, r22
        std     Z+5, r23
        std     Z+6, r24
        std     Z+7, r25
        ret

; rot: T = ROL1(T) if i is even, T = ROL8(T) if i is odd.
rot:
        sbrc    r16, 0
        rjmp    1f
        bst     r3, 7           ; ROL1: the top bit of T ...
        lsl     r0
        rol     r1
        rol     r2
        rol     r3
        bld     r0, 0           ; ... comes back in at the bottom
        ret
1:      mov     r17, r3         ; ROL8: every byte moves up one register, the top one wraps
        mov     r3, r2
        mov     r2, r1
        mov     r1, r0
        mov     r0, r17
        ret
