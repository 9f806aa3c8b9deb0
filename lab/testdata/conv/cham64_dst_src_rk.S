; avrlab task: cham64-128
; avrlab call: cham64_encrypt(out, in, rk)
; title: CHAM-64/128 (ICISC'17, 80 rounds), separate output buffer, round keys in SRAM
;
; CHAM-64/128 encryption for the ATmega128 in the calling convention of C libraries that take the
; destination first and the round-key table as a pointer (avr-gcc ABI):
;
;     void cham64_encrypt(uint8_t *dst, const uint8_t *src, const uint8_t *rks);
;          r25:r24 = dst   8 bytes, receives the ciphertext (dst != src)
;          r23:r22 = src   8 bytes of plaintext, only read
;          r21:r20 = rks   RK[0..15] in SRAM, 16 little-endian 16-bit words (32 bytes), only read
;
; ------------------------------------------------------------------------------------------------
; The cipher (Koo et al., ICISC 2017)
; ------------------------------------------------------------------------------------------------
; The 64-bit block is four 16-bit words X0 X1 X2 X3. Round i (i = 0 .. 79) computes one new word
; from X0 and X1 and shifts the words left by one position:
;
;     i even:  new = ROL8( (X0 ^ i) + (ROL1(X1) ^ RK[i mod 16]) )
;     i odd:   new = ROL1( (X0 ^ i) + (ROL8(X1) ^ RK[i mod 16]) )
;     (X0, X1, X2, X3) = (X1, X2, X3, new)
;
; "+" is addition mod 2^16 and ROLn a left rotation by n bits. i < 80 fits in one byte, so "^ i"
; only touches the low byte of X0.
;
; Memory layout: src, dst = X0 X1 X2 X3, each word little-endian (byte 0 = low byte of X0).
;                rks      = RK[0] RK[1] .. RK[15], each word little-endian; any address, any alignment.
;
; ------------------------------------------------------------------------------------------------
; How it works
; ------------------------------------------------------------------------------------------------
; 1. Two rounds per loop pass, with the words in fixed register pairs at the top of the loop:
;        X0 = A (R form)   X1 = B (N form)   X2 = C (R form)   X3 = D (N form)   F = scratch
;    N ("natural") form: low register = low byte. R ("rotated") form: the two bytes swapped, which
;    is ROL8 of the word. So ROL8 never costs an instruction: the even round leaves its result in
;    R form, and the odd round reads ROL8(X1) straight out of C's registers. The even round builds
;    its result in F (a copy of X1, because X1 is still needed as X0 of the odd round), the odd
;    round builds its result in A (X0 is used up by then). Four MOVWs then put the words back:
;        (A B C D F) = (n1, -, X2, X3, n0)  ->  (X2, X3, n0, n1, -)
;    and every word lands in the form its new position needs (see examples/cham64-v2.S, trick 4).
; 2. The plaintext is loaded straight into those forms (the byte order is chosen per LD) and the
;    ciphertext is stored the same way; 80 is even, so the forms are the initial ones at the end.
; 3. Round keys come from SRAM with  ld r, Z+  (2 cycles; LPM from flash would be 3). After 16
;    rounds Z has walked 32 bytes and is moved back with one SBIW. The table may sit anywhere, so
;    the wrap cannot mask the low byte of Z; the round counter tells when to wrap instead:
; 4. One register, i (r16), is the round constant and the loop counter. It advances with INC in
;    the middle of a pass and with  subi r16, -1  (i.e. +1) at the end, because SUBI sets the
;    half-carry flag: H is the borrow out of bit 3 of  i - 0xff , which is 0 exactly when the low
;    nibble of i goes from 15 to 0, i.e. when i becomes a multiple of 16. So  brhs  loops 7 times
;    out of 8 and falls through to the wrap (sbiw Z, 32) and the end test (i = 80) once per 16
;    rounds. All of this depends on i only, never on the data.
; 5. ROL1 of a 16-bit word is  lsl lo ; rol hi ; adc lo, r1  (r1 = 0 in the avr-gcc ABI).
; 6. The loop needs 16 registers: the 13 call-clobbered ones (r18..r27, r30, r31, r0) and three
;    callee-saved ones (r14, r15, r16), which are pushed and popped: 3 bytes of stack. The dst
;    pointer waits in F while X reads the plaintext, then moves to X for the final stores.
;
; Constant time: no branch depends on the data (the loop branches depend on i only) and the only
; addresses are src, dst and rks + 0..31, the same in every call.
;
; Register allocation
;   r19:r18  A      r21:r20  B      r23:r22  C      r25:r24  D      r15:r14  F (copy of X1)
;   r16      i      r0  round-key byte (even round)  r1  zero
;   r27:r26  X = src, then dst     r31:r30  Z = round-key pointer
;
; Cost: one pass (two rounds) = even round 14 + odd round 12 + MOVW 4 + SUBI/BRHS 3 = 33 cycles;
; once per 16 rounds the wrap costs 4 more (3 the last time).

        .text
        .global cham64_encrypt
        .type   cham64_encrypt, @function

cham64_encrypt:
        push    r14
        push    r15
        push    r16
        movw    r30, r20        ; Z = rks
        movw    r14, r24        ; F = dst (F is free until the first round)
        movw    r26, r22        ; X = src

; Load X0 (R form: bytes swapped), X1 (N), X2 (R), X3 (N).
        ld      r19, X+         ; X0 low byte  -> A high register
        ld      r18, X+         ; X0 high byte -> A low register
        ld      r20, X+         ; X1 low
        ld      r21, X+         ; X1 high
        ld      r23, X+         ; X2 low byte  -> C high register
        ld      r22, X+         ; X2 high byte -> C low register
        ld      r24, X+         ; X3 low
        ld      r25, X+         ; X3 high
        movw    r26, r14        ; X = dst
        ldi     r16, 0          ; i = 0

loop:
; ---- even round i: X0 = A (R form), X1 = B (N form); result in F (R form) -----------------------
        eor     r19, r16        ; X0 ^= i   (X0 low byte lives in r19)
        movw    r14, r20        ; F = X1
        lsl     r14             ; F = ROL1(X1)
        rol     r15
        adc     r14, r1
        ld      r0, Z+          ; F ^= RK[i mod 16]
        eor     r14, r0
        ld      r0, Z+
        eor     r15, r0
        add     r14, r19        ; F += X0: F holds the sum s; the new word ROL8(s) is s in R form
        adc     r15, r18
        inc     r16             ; i + 1

; ---- odd round i+1: X0 = B (N form), X1 = C (R form: its registers hold ROL8(X1)); result in A --
        eor     r20, r16        ; X0 ^= i+1
        ld      r18, Z+         ; A = RK[(i+1) mod 16]   (A is free: the old X0 is used up)
        ld      r19, Z+
        eor     r18, r22        ; A ^= ROL8(X1)
        eor     r19, r23
        add     r18, r20        ; A += X0
        adc     r19, r21
        lsl     r18             ; A = ROL1(A): the new word, N form
        rol     r19
        adc     r18, r1

; ---- shift the words: (A B C D F) = (n1, -, X2, X3, n0)  ->  (X2, X3, n0, n1, -) -------------
        movw    r20, r24        ; B = old X3
        movw    r24, r18        ; D = new word of round i+1
        movw    r18, r22        ; A = old X2
        movw    r22, r14        ; C = new word of round i

        subi    r16, -1         ; i + 2; H = 0 iff i is now a multiple of 16 (how it works, 4)
        brhs    loop
        sbiw    r30, 32         ; 16 rounds done: Z back to RK[0]
        cpi     r16, 80
        brne    loop

        pop     r16
        pop     r15
        pop     r14

; Store the ciphertext to dst (X) in the load order.
        st      X+, r19
        st      X+, r18
        st      X+, r20
        st      X+, r21
        st      X+, r23
        st      X+, r22
        st      X+, r24
        st      X+, r25
        ret
        .size   cham64_encrypt, . - cham64_encrypt
