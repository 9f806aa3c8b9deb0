; avrlab task: speck64-128
; avrlab call: Encrypt(block, rk)
; title: SPECK-64/128 (27 rounds), FELICS interface, round keys in SRAM
;
; SPECK-64/128 encryption for the ATmega128 with the interface of the FELICS framework (Dinu et
; al., "Triathlon of lightweight block ciphers for the Internet of things"), avr-gcc ABI:
;
;     void Encrypt(uint8_t *block, uint8_t *roundKeys);
;          r25:r24 = block       8 bytes, encrypted in place
;          r23:r22 = roundKeys   k[0..26] in SRAM, each a 32-bit little-endian word (108 bytes);
;                                any address, any alignment; only read
;
; ------------------------------------------------------------------------------------------------
; The cipher (Beaulieu et al., IACR ePrint 2013/404)
; ------------------------------------------------------------------------------------------------
; Two 32-bit words x and y; round j (j = 0 .. 26) with round key k[j]:
;
;     x = (ROR8(x) + y) ^ k[j]       (+ is addition mod 2^32)
;     y = ROL3(y) ^ x
;
; Memory layout: block[0..3] = y, block[4..7] = x, each little-endian (the NSA implementation
; guide's and FELICS' order).
;
; ------------------------------------------------------------------------------------------------
; How it works
; ------------------------------------------------------------------------------------------------
; 1. ROR8 is free: the bytes of ROR8(x) are (x1, x2, x3, x0), so the addition starts its carry
;    chain at x1 and leaves the sum s in (x1, x2, x3, x0), one register "up".
; 2. The key XOR moves the sum back down: each key byte is loaded straight into the register that
;    must receive the new byte and the sum byte is XORed in from the register above, which is
;    then free for the next key byte; one MOV through t = r0 closes the cycle.
; 3. ROL3 is three 1-bit rotations of the 4-byte chain,  lsl/rol/rol/rol  and  adc y0, r1  to put
;    the bit that fell out of y3 into bit 0 (r1 = 0 in the avr-gcc ABI).
; 4. Round keys are read from SRAM with  ld r, Z+  (2 cycles each). The table is wherever the
;    caller put it, so the end of the loop cannot be recognised from Z: a round counter does it.
;    y, x, t, X and Z take all 13 call-clobbered registers (r18..r27, r30, r31, r0), so the counter
;    is r16, pushed and popped: 1 byte of stack.
; 5. X+ to load, -X to store: after the eight loads X points just past the block.
;
; Constant time: the only branch is the loop on the counter, the only addresses are block and
; roundKeys + 0..107; every call runs exactly the same instructions.
;
; Registers
;   r18..r21  y0..y3 (y0 = least significant byte)    r22..r25  x0..x3
;   r0        t                                       r16       round counter (27 .. 1)
;   r27:r26   X = block                               r31:r30   Z = round-key pointer
;
; Cost per round: add 4 + key 12 + mov 1 + ROL3 15 + xor 4 + dec/brne 3 = 39 cycles.

        .text
        .global Encrypt
        .type   Encrypt, @function

#define y0 r18
#define y1 r19
#define y2 r20
#define y3 r21
#define x0 r22
#define x1 r23
#define x2 r24
#define x3 r25
#define t  r0

Encrypt:
        push    r16
        movw    r30, r22                ; Z = roundKeys (frees r22/r23 for x0/x1)
        movw    r26, r24                ; X = block (frees r24/r25 for x2/x3)
        ld      y0, X+                  ; y = block[0..3]
        ld      y1, X+
        ld      y2, X+
        ld      y3, X+
        ld      x0, X+                  ; x = block[4..7]
        ld      x1, X+
        ld      x2, X+
        ld      x3, X+                  ; X = block + 8
        ldi     r16, 27

round:
        ; x = ROR8(x) + y: the carry chain starts at x1; the sum lands in (x1, x2, x3, x0)
        add     x1, y0
        adc     x2, y1
        adc     x3, y2
        adc     x0, y3

        ; x ^= k[j], moving the bytes back down into x0..x3 on the way
        ld      t, Z+
        eor     t, x1                   ; t  = s0 ^ k0   (x1 free)
        ld      x1, Z+
        eor     x1, x2                  ; x1 = s1 ^ k1   (x2 free)
        ld      x2, Z+
        eor     x2, x3                  ; x2 = s2 ^ k2   (x3 free)
        ld      x3, Z+
        eor     x3, x0                  ; x3 = s3 ^ k3   (x0 free)
        mov     x0, t                   ; x0 = s0 ^ k0

        ; y = ROL3(y)
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        adc     y0, r1
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        adc     y0, r1
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        adc     y0, r1

        ; y ^= x
        eor     y0, x0
        eor     y1, x1
        eor     y2, x2
        eor     y3, x3

        dec     r16
        brne    round

        pop     r16
        st      -X, x3                  ; write x then y back, downwards
        st      -X, x2
        st      -X, x1
        st      -X, x0
        st      -X, y3
        st      -X, y2
        st      -X, y1
        st      -X, y0
        ret
        .size   Encrypt, . - Encrypt

#undef y0
#undef y1
#undef y2
#undef y3
#undef x0
#undef x1
#undef x2
#undef x3
#undef t
