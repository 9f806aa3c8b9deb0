; avrlab task: cham64-128
; avrlab call: cham64_128_encrypt(key, out, in)
; title: CHAM-64/128 (ICISC'17, 80 rounds), key schedule inside the call, round keys on the stack
;
; CHAM-64/128 encryption for the ATmega128 in the calling convention of C libraries that take the
; master key with every call (key, out, in; avr-gcc ABI):
;
;     void cham64_128_encrypt(const uint8_t *key, uint8_t *out, const uint8_t *in);
;          r25:r24 = key   16 bytes, K[0..7], each 16-bit word little-endian; only read
;          r23:r22 = out   8 bytes, receives the ciphertext (out != in)
;          r21:r20 = in    8 bytes of plaintext, only read
;
; ------------------------------------------------------------------------------------------------
; The cipher (Koo et al., ICISC 2017)
; ------------------------------------------------------------------------------------------------
; Key schedule: 16 round keys from the eight key words, for i = 0 .. 7:
;
;     RK[i]         = K[i] ^ ROL1(K[i]) ^ ROL8(K[i])
;     RK[(i+8) ^ 1] = K[i] ^ ROL1(K[i]) ^ ROL11(K[i])
;
; Encryption: the 64-bit block is four 16-bit words X0 X1 X2 X3; round i (i = 0 .. 79) is
;
;     i even:  new = ROL8( (X0 ^ i) + (ROL1(X1) ^ RK[i mod 16]) )
;     i odd:   new = ROL1( (X0 ^ i) + (ROL8(X1) ^ RK[i mod 16]) )
;     (X0, X1, X2, X3) = (X1, X2, X3, new)
;
; "+" is addition mod 2^16 and ROLn a left rotation by n bits.
; Memory layout: in, out = X0 X1 X2 X3, each word little-endian (byte 0 = low byte of X0).
;
; ------------------------------------------------------------------------------------------------
; How it works
; ------------------------------------------------------------------------------------------------
; 1. A 32-byte frame on the stack holds RK[0..15] (little-endian words, RK[0] at the lowest
;    address) for the duration of the call; it is allocated and freed the way avr-gcc's prologue
;    and epilogue do it (SP written with interrupts off, SREG restored between the two OUTs, so
;    the I flag comes back on only after SP is complete).
; 2. The key schedule reads the key once, two words per pass (K[i], K[i+1], i even), with Z at
;    RK[i] in the frame, so every store is a fixed displacement from Z:
;        K[i]   -> RK[i]   at Z+0,  and RK[i+9] at Z+18   ((i+8)^1 = i+9 for even i)
;        K[i+1] -> RK[i+1] at Z+2,  and RK[i+8] at Z+16   ((i+9)^1 = i+8)
;    Per word, with R1 = ROL1(K) and c = K ^ R1:
;        ROL8 only swaps bytes, so RK[i] = (c.lo ^ K.hi, c.hi ^ K.lo);
;        ROL11 = ROL8(ROL3): two more ROL1 turn R1 into R3 = ROL3(K), and the second key is
;        (c.lo ^ R3.hi, c.hi ^ R3.lo).
;    Its loop counter (r16) counts 4 passes down to 0, which is the first round number.
; 3. Encryption is the loop of cham64_dst_src_rk.S (and examples/cham64-v2.S): two rounds per
;    pass, ROL8 by register renaming (N form = natural byte order, R form = bytes swapped), the
;    words at the top of the loop in X0 = A (R), X1 = B (N), X2 = C (R), X3 = D (N), four MOVWs
;    per pass to shift them, round keys read with  ld r, Z+  from the frame.
; 4. i (r16) is the round constant and the loop counter. It advances with INC in the middle of a
;    pass and  subi r16, -1  at the end; SUBI sets H to the borrow out of bit 3, which is 0
;    exactly when i becomes a multiple of 16, so  brhs  loops 7 passes out of 8 and falls through
;    to  sbiw Z, 32  (back to RK[0]) and the end test (i = 80) once per 16 rounds.
; 5. ROL1 of a 16-bit word is  lsl lo ; rol hi ; adc lo, r1  (r1 = 0 in the avr-gcc ABI).
; 6. The loop needs 16 registers: the 13 call-clobbered ones and r14, r15, r16, which are pushed.
;    Stack: 3 saved registers + 32 bytes of round keys = 35 bytes (not counting the return
;    address).
;
; Constant time: no branch depends on key or data (the loop branches depend on counters only) and
; every address (key, in, out, the frame) is the same in every call with the same pointers.
;
; Register allocation
;   key schedule:  X = key pointer; r19:r18 K word; r25:r24 ROL1/ROL3(K); r15:r14 K ^ ROL1(K);
;                  r16 pass counter; Z = &RK[i] in the frame; r23:r22, r21:r20 still out, in
;   encryption:    r19:r18 A   r21:r20 B   r23:r22 C   r25:r24 D   r15:r14 F (copy of X1)
;                  r16 i   r0 round-key byte   r1 zero   X = in, then out   Z = round-key pointer

#include <avr/io.h>

        .text
        .global cham64_128_encrypt
        .type   cham64_128_encrypt, @function

cham64_128_encrypt:
        push    r14
        push    r15
        push    r16

; ---- allocate the 32-byte round-key frame: SP -= 32, Z = SP + 1 = &RK[0] ----------------------
        in      r30, _SFR_IO_ADDR(SPL)
        in      r31, _SFR_IO_ADDR(SPH)
        sbiw    r30, 32
        in      r0, _SFR_IO_ADDR(SREG)
        cli
        out     _SFR_IO_ADDR(SPH), r31
        out     _SFR_IO_ADDR(SREG), r0  ; I is restored, but takes effect after the next instruction
        out     _SFR_IO_ADDR(SPL), r30
        adiw    r30, 1                  ; Z = &RK[0]

; ---- key schedule: two key words per pass (how it works, 2) ------------------------------------
        movw    r26, r24                ; X = key
        ldi     r16, 4
keys:
        ; K[i], i even -> RK[i] (Z+0), RK[i+9] (Z+18)
        ld      r18, X+                 ; K
        ld      r19, X+
        movw    r24, r18                ; R = ROL1(K)
        lsl     r24
        rol     r25
        adc     r24, r1
        movw    r14, r18                ; c = K ^ ROL1(K)
        eor     r14, r24
        eor     r15, r25
        eor     r19, r14                ; r19 = c.lo ^ K.hi = RK[i] low byte
        eor     r18, r15                ; r18 = c.hi ^ K.lo = RK[i] high byte
        std     Z+0, r19
        std     Z+1, r18
        lsl     r24                     ; R = ROL3(K)
        rol     r25
        adc     r24, r1
        lsl     r24
        rol     r25
        adc     r24, r1
        eor     r14, r25                ; c ^= ROL8(ROL3(K)) = ROL11(K)
        eor     r15, r24
        std     Z+18, r14
        std     Z+19, r15

        ; K[i+1] -> RK[i+1] (Z+2), RK[i+8] (Z+16)
        ld      r18, X+
        ld      r19, X+
        movw    r24, r18
        lsl     r24
        rol     r25
        adc     r24, r1
        movw    r14, r18
        eor     r14, r24
        eor     r15, r25
        eor     r19, r14
        eor     r18, r15
        std     Z+2, r19
        std     Z+3, r18
        lsl     r24
        rol     r25
        adc     r24, r1
        lsl     r24
        rol     r25
        adc     r24, r1
        eor     r14, r25
        eor     r15, r24
        std     Z+16, r14
        std     Z+17, r15

        adiw    r30, 4                  ; Z = &RK[i+2]
        dec     r16
        brne    keys
        sbiw    r30, 16                 ; Z = &RK[0]; r16 = 0 = the first round number

; ---- load the plaintext: X0 (R form), X1 (N), X2 (R), X3 (N) -----------------------------------
        movw    r14, r22                ; F = out (F is free until the first round)
        movw    r26, r20                ; X = in
        ld      r19, X+                 ; X0 low byte  -> A high register
        ld      r18, X+                 ; X0 high byte -> A low register
        ld      r20, X+                 ; X1 low
        ld      r21, X+                 ; X1 high
        ld      r23, X+                 ; X2 low byte  -> C high register
        ld      r22, X+                 ; X2 high byte -> C low register
        ld      r24, X+                 ; X3 low
        ld      r25, X+                 ; X3 high
        movw    r26, r14                ; X = out

loop:
; ---- even round i: X0 = A (R form), X1 = B (N form); result in F (R form) -----------------------
        eor     r19, r16                ; X0 ^= i   (X0 low byte lives in r19)
        movw    r14, r20                ; F = X1
        lsl     r14                     ; F = ROL1(X1)
        rol     r15
        adc     r14, r1
        ld      r0, Z+                  ; F ^= RK[i mod 16]
        eor     r14, r0
        ld      r0, Z+
        eor     r15, r0
        add     r14, r19                ; F += X0: the sum s; the new word ROL8(s) is s in R form
        adc     r15, r18
        inc     r16                     ; i + 1

; ---- odd round i+1: X0 = B (N form), X1 = C (R form: its registers hold ROL8(X1)); result in A --
        eor     r20, r16                ; X0 ^= i+1
        ld      r18, Z+                 ; A = RK[(i+1) mod 16]   (A is free: the old X0 is used up)
        ld      r19, Z+
        eor     r18, r22                ; A ^= ROL8(X1)
        eor     r19, r23
        add     r18, r20                ; A += X0
        adc     r19, r21
        lsl     r18                     ; A = ROL1(A): the new word, N form
        rol     r19
        adc     r18, r1

; ---- shift the words: (A B C D F) = (n1, -, X2, X3, n0)  ->  (X2, X3, n0, n1, -) -------------
        movw    r20, r24                ; B = old X3
        movw    r24, r18                ; D = new word of round i+1
        movw    r18, r22                ; A = old X2
        movw    r22, r14                ; C = new word of round i

        subi    r16, -1                 ; i + 2; H = 0 iff i is now a multiple of 16 (how it works, 4)
        brhs    loop
        sbiw    r30, 32                 ; 16 rounds done: Z back to RK[0]
        cpi     r16, 80
        brne    loop

; ---- free the frame: Z = &RK[0] = SP + 1 again, so the old SP is Z + 31 ------------------------
        adiw    r30, 31
        in      r0, _SFR_IO_ADDR(SREG)
        cli
        out     _SFR_IO_ADDR(SPH), r31
        out     _SFR_IO_ADDR(SREG), r0
        out     _SFR_IO_ADDR(SPL), r30

        pop     r16
        pop     r15
        pop     r14

; ---- store the ciphertext to out (X) in the load order -----------------------------------------
        st      X+, r19
        st      X+, r18
        st      X+, r20
        st      X+, r21
        st      X+, r23
        st      X+, r22
        st      X+, r24
        st      X+, r25
        ret
        .size   cham64_128_encrypt, . - cham64_128_encrypt
