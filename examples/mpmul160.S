; avrlab task: mpmul-160
; title: 160-bit multiplication, 1-level subtractive Karatsuba, 10x10 product scanning in registers
; compare: Karatsuba, branch-free
;
; The 320-bit product of two 160-bit integers for the ATmega128 (avr-gcc ABI):
;
;     void mpmul160(uint8_t *r, const uint8_t *a, const uint8_t *b);
;         r in r25:r24 (40 bytes out), a in r23:r22, b in r21:r20 (20 bytes each)
;
; All three are little-endian byte strings: a[0] is the least significant byte. r must not overlap
; a or b. 2174 cycles, 3346 bytes of flash, 18 bytes of stack, constant time (see the end of this
; header for the measurements and the published figure).
;
; ---------------------------------------------------------------------------------------------------
; The algorithm: one level of subtractive Karatsuba
; ---------------------------------------------------------------------------------------------------
; Split each operand into 10-byte halves, X = 2^80:
;
;     a = AL + X*AH,   b = BL + X*BH,
;     L = AL*BL,  H = AH*BH,  Mid = (AL - AH)*(BL - BH) = L + H - (AL*BH + AH*BL)
;     a*b = L + X*(L + H - Mid) + X^2*H
;
; Three 10x10-byte products (300 byte multiplications) instead of 400. The additions are arranged
; as in Bernstein's "refined Karatsuba", which adds L1 + H0 once instead of twice: with L = L0 +
; X*L1 and H' = H + L1 (20 bytes, no overflow since H + L1 < 2^160), the 30-byte W = L0 + X*H' gives
;
;     a*b = W + X*(W - Mid) = L0 + X*(G - Mid),   G = W + floor(W / X)   (G[j] = W[j] + W[10+j])
;
; so r[0..9] = L0 and r[10..39] = G - Mid, a 30-byte value.
;
; Mid without branches: D = AL - AH and E = BH - BL are computed mod 2^80 with their borrows bA,
; bB (D = AL - AH + bA*X as an unsigned 80-bit number, E likewise). Then
;
;     -Mid = (AL - AH)*(BH - BL) = (D - bA*X)*(E - bB*X) = D*E - X*(bA*E + bB*D) + X^2*bA*bB,
;
; an unsigned 10x10 product D*E plus corrections. The corrections are written with complements
; (~E = X - 1 - E, so -bA*E = bA*~E + bA - X*bA) so that every column only ever adds:
;
;     -Mid = D*E + X*(bA*~E + bB*~D) + X*(bA + bB) - X^2*(bA | bB)
;
; (bA + bB - bA*bB = bA | bB.) bA and bB become the masks mA = -bA, mB = -bB (0x00 or 0xff, from
; SBC m,m), so "bA*~E[i]" is  com e ; and e, mA . No branch, no table, no address depends on a, b.
;
; ---------------------------------------------------------------------------------------------------
; Product scanning in registers
; ---------------------------------------------------------------------------------------------------
; Each 10x10 product is computed column by column (column k = every a[i]*b[j] with i + j = k) into
; a 3-byte accumulator c0:c1:c2:
;
;     mul  a_i, b_j            ; r1:r0 = a_i * b_j            2 cycles
;     add  c0, r0              ;                              1
;     adc  c1, r1              ;                              1
;     adc  c2, ZERO            ; the carry out of c1          1   = 5 cycles per byte product
;
; After column k the byte c0 is final: it is stored (or kept), and the accumulator moves up one
; byte by renaming (c1 becomes c0, c2 becomes c1, the freed register, cleared, becomes c2). The
; code is fully unrolled, so the renaming costs nothing; the register names in the comments below
; change from column to column for that reason. The first product of column 1 and the product of
; the last column skip the third ADC (their sums cannot reach the top byte).
;
; Operands are loaded "lazily": a[k] and b[k] are loaded just before column k, the first column
; that needs them, and a register is freed as soon as the last column using it is done, so
; 20 operand bytes, the accumulator, the zero register and three pointers fit in the 32 registers.
;
; Phase 1   L = AL*BL. L[0..9] is final (r[0..9] = L0). L[10..19] = L1 stays in the registers the
;           dead operands leave.
; Phase 2   H' = AH*BH + L1: column k starts with L1[k] added (2 cycles instead of a load, add and
;           store). H' goes to r[20..39] (the top half of r, used as scratch until phase 3b).
;           AH and BH stay in their registers to the end of the phase.
; Phase 3a  D = AL - AH: AL is reloaded (the only input read twice) and subtracted from AH in
;           the register AH used: E = BH - BL in place too. 10 + 10 registers, two masks.
; Phase 3b  the product D*E, each column j starting from G[j] (two bytes read back from r) and,
;           for j = 10..19, the two masked corrections and H'[j] (kept in a freed register for
;           the top). Column j is r[10+j]. Every W byte is read before the column that
;           overwrites its place, so r holds the scratch and the result without a second buffer.
; Top       r[30..39] = H'[10..19] + carry - (bA|bB), a carry chain without multiplications.
;
; ---------------------------------------------------------------------------------------------------
; Registers
; ---------------------------------------------------------------------------------------------------
;   r0, r1     product of MUL (r1 is cleared before RET: the avr-gcc zero register)
;   r25        ZERO, a zero for the carry ADCs (r25 arrives holding the high byte of r; Z has it)
;   r2..r24    operands, accumulators, L1, D, E, the masks (allocated column by column)
;   X, Y       a and b, read with LD X+ / LD Y+; from phase 3b their registers are accumulators
;   Z          r, written and read with STD/LDD Z+q (q = 0..39): Z never moves
;   r2..r17, r28, r29 are callee-saved: pushed and popped (18 bytes of stack, 72 cycles).
;
; ---------------------------------------------------------------------------------------------------
; Constant time, ABI
; ---------------------------------------------------------------------------------------------------
; Straight-line code: not a single branch, no table lookups, the same addresses are loaded and
; stored for every input. MUL takes 2 cycles whatever its operands. r1 = 0 and every callee-saved
; register restored on return.
;
; ---------------------------------------------------------------------------------------------------
; Cost
; ---------------------------------------------------------------------------------------------------
;   300 byte products x 5 cycles                                            1500
;   phase 1 (loads, L0 stores, accumulator clears)                            ~80
;   phase 2 (L1 additions, loads, H' stores, clears)                         ~115
;   phase 3a (reload AL and BL, D, E, masks)                                  ~65
;   phase 3b (G and correction terms, stores, clears), top chain             ~330
;   push/pop of 18 registers, pointer set-up, RET                             ~85
;
; `avrlab bench examples/mpmul160.S` (ATmega128): 2174 cycles for every input, 3346 bytes of flash,
; 18 bytes of RAM (the stack), constant time, ABI kept.
; Published: Hutter and Schwabe, "Multiprecision multiplication on AVR revisited" (ePrint 2014/592,
; abstract): 1976 cycles, also branch-free Karatsuba. This routine is 198 cycles (10 %) slower.
; Its 300 byte products cost 1500 cycles and everything else 674; if theirs also multiplies 300
; byte pairs at 5 cycles, everything else there fits in 476. Here the three partial products leave
; the registers and come back (W is read back 40 times, AL and BL once more) and the borrows of D
; and E cost two masked additions per byte: that is where the difference lies. It beats the 2395
; cycles of operand caching (Hutter and Wenger, CHES 2011) by 9 %.

        .text
        .global mpmul160
        .type   mpmul160, @function
mpmul160:
        push    r2
        push    r3
        push    r4
        push    r5
        push    r6
        push    r7
        push    r8
        push    r9
        push    r10
        push    r11
        push    r12
        push    r13
        push    r14
        push    r15
        push    r16
        push    r17
        push    r28
        push    r29
        movw    r30, r24                ; Z = r
        movw    r26, r22                ; X = a
        movw    r28, r20                ; Y = b
        clr     r25                     ; zero

; ==== phase 1: L = AL*BL, columns 0..18; L0 = L[0..9] -> r[0..9], L1 = L[10..19] stays in registers
; column 0
        ld      r2, X+                  ; a[0]
        ld      r3, Y+                  ; b[0]
        mul     r2, r3                  ; a[0]*b[0]
        movw    r22, r0
        clr     r24
        std     Z+0, r22                ; r[0] = L[0]
        clr     r22
; column 1
        ld      r4, X+                  ; a[1]
        ld      r5, Y+                  ; b[1]
        mul     r2, r5                  ; a[0]*b[1]
        add     r23, r0
        adc     r24, r1
        mul     r4, r3                  ; a[1]*b[0]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        std     Z+1, r23                ; r[1] = L[1]
        clr     r23
; column 2
        ld      r6, X+                  ; a[2]
        ld      r7, Y+                  ; b[2]
        mul     r2, r7                  ; a[0]*b[2]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r4, r5                  ; a[1]*b[1]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r6, r3                  ; a[2]*b[0]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        std     Z+2, r24                ; r[2] = L[2]
        clr     r24
; column 3
        ld      r8, X+                  ; a[3]
        ld      r9, Y+                  ; b[3]
        mul     r2, r9                  ; a[0]*b[3]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r4, r7                  ; a[1]*b[2]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r6, r5                  ; a[2]*b[1]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r8, r3                  ; a[3]*b[0]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        std     Z+3, r22                ; r[3] = L[3]
        clr     r22
; column 4
        ld      r10, X+                 ; a[4]
        ld      r11, Y+                 ; b[4]
        mul     r2, r11                 ; a[0]*b[4]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r4, r9                  ; a[1]*b[3]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r6, r7                  ; a[2]*b[2]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r8, r5                  ; a[3]*b[1]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r10, r3                 ; a[4]*b[0]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        std     Z+4, r23                ; r[4] = L[4]
        clr     r23
; column 5
        ld      r12, X+                 ; a[5]
        ld      r13, Y+                 ; b[5]
        mul     r2, r13                 ; a[0]*b[5]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r4, r11                 ; a[1]*b[4]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r6, r9                  ; a[2]*b[3]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r8, r7                  ; a[3]*b[2]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r10, r5                 ; a[4]*b[1]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r12, r3                 ; a[5]*b[0]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        std     Z+5, r24                ; r[5] = L[5]
        clr     r24
; column 6
        ld      r14, X+                 ; a[6]
        ld      r15, Y+                 ; b[6]
        mul     r2, r15                 ; a[0]*b[6]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r4, r13                 ; a[1]*b[5]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r6, r11                 ; a[2]*b[4]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r8, r9                  ; a[3]*b[3]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r10, r7                 ; a[4]*b[2]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r12, r5                 ; a[5]*b[1]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r14, r3                 ; a[6]*b[0]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        std     Z+6, r22                ; r[6] = L[6]
        clr     r22
; column 7
        ld      r16, X+                 ; a[7]
        ld      r17, Y+                 ; b[7]
        mul     r2, r17                 ; a[0]*b[7]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r4, r15                 ; a[1]*b[6]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r6, r13                 ; a[2]*b[5]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r8, r11                 ; a[3]*b[4]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r10, r9                 ; a[4]*b[3]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r12, r7                 ; a[5]*b[2]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r14, r5                 ; a[6]*b[1]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r16, r3                 ; a[7]*b[0]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        std     Z+7, r23                ; r[7] = L[7]
        clr     r23
; column 8
        ld      r18, X+                 ; a[8]
        ld      r19, Y+                 ; b[8]
        mul     r2, r19                 ; a[0]*b[8]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r4, r17                 ; a[1]*b[7]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r6, r15                 ; a[2]*b[6]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r8, r13                 ; a[3]*b[5]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r10, r11                ; a[4]*b[4]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r12, r9                 ; a[5]*b[3]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r14, r7                 ; a[6]*b[2]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r16, r5                 ; a[7]*b[1]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        mul     r18, r3                 ; a[8]*b[0]
        add     r24, r0
        adc     r22, r1
        adc     r23, r25
        std     Z+8, r24                ; r[8] = L[8]
        clr     r24
; column 9
        ld      r20, X+                 ; a[9]
        ld      r21, Y+                 ; b[9]
        mul     r2, r21                 ; a[0]*b[9]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r4, r19                 ; a[1]*b[8]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r6, r17                 ; a[2]*b[7]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r8, r15                 ; a[3]*b[6]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r10, r13                ; a[4]*b[5]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r12, r11                ; a[5]*b[4]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r14, r9                 ; a[6]*b[3]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r16, r7                 ; a[7]*b[2]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r18, r5                 ; a[8]*b[1]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        mul     r20, r3                 ; a[9]*b[0]
        add     r22, r0
        adc     r23, r1
        adc     r24, r25
        std     Z+9, r22                ; r[9] = L[9]
        clr     r22
; column 10
        mul     r4, r21                 ; a[1]*b[9]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r6, r19                 ; a[2]*b[8]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r8, r17                 ; a[3]*b[7]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r10, r15                ; a[4]*b[6]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r12, r13                ; a[5]*b[5]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r14, r11                ; a[6]*b[4]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r16, r9                 ; a[7]*b[3]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r18, r7                 ; a[8]*b[2]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
        mul     r20, r5                 ; a[9]*b[1]
        add     r23, r0
        adc     r24, r1
        adc     r22, r25
; L[10] kept in r23
        clr     r2
; column 11
        mul     r6, r21                 ; a[2]*b[9]
        add     r24, r0
        adc     r22, r1
        adc     r2, r25
        mul     r8, r19                 ; a[3]*b[8]
        add     r24, r0
        adc     r22, r1
        adc     r2, r25
        mul     r10, r17                ; a[4]*b[7]
        add     r24, r0
        adc     r22, r1
        adc     r2, r25
        mul     r12, r15                ; a[5]*b[6]
        add     r24, r0
        adc     r22, r1
        adc     r2, r25
        mul     r14, r13                ; a[6]*b[5]
        add     r24, r0
        adc     r22, r1
        adc     r2, r25
        mul     r16, r11                ; a[7]*b[4]
        add     r24, r0
        adc     r22, r1
        adc     r2, r25
        mul     r18, r9                 ; a[8]*b[3]
        add     r24, r0
        adc     r22, r1
        adc     r2, r25
        mul     r20, r7                 ; a[9]*b[2]
        add     r24, r0
        adc     r22, r1
        adc     r2, r25
; L[11] kept in r24
        clr     r3
; column 12
        mul     r8, r21                 ; a[3]*b[9]
        add     r22, r0
        adc     r2, r1
        adc     r3, r25
        mul     r10, r19                ; a[4]*b[8]
        add     r22, r0
        adc     r2, r1
        adc     r3, r25
        mul     r12, r17                ; a[5]*b[7]
        add     r22, r0
        adc     r2, r1
        adc     r3, r25
        mul     r14, r15                ; a[6]*b[6]
        add     r22, r0
        adc     r2, r1
        adc     r3, r25
        mul     r16, r13                ; a[7]*b[5]
        add     r22, r0
        adc     r2, r1
        adc     r3, r25
        mul     r18, r11                ; a[8]*b[4]
        add     r22, r0
        adc     r2, r1
        adc     r3, r25
        mul     r20, r9                 ; a[9]*b[3]
        add     r22, r0
        adc     r2, r1
        adc     r3, r25
; L[12] kept in r22
        clr     r4
; column 13
        mul     r10, r21                ; a[4]*b[9]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
        mul     r12, r19                ; a[5]*b[8]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
        mul     r14, r17                ; a[6]*b[7]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
        mul     r16, r15                ; a[7]*b[6]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
        mul     r18, r13                ; a[8]*b[5]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
        mul     r20, r11                ; a[9]*b[4]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
; L[13] kept in r2
        clr     r5
; column 14
        mul     r12, r21                ; a[5]*b[9]
        add     r3, r0
        adc     r4, r1
        adc     r5, r25
        mul     r14, r19                ; a[6]*b[8]
        add     r3, r0
        adc     r4, r1
        adc     r5, r25
        mul     r16, r17                ; a[7]*b[7]
        add     r3, r0
        adc     r4, r1
        adc     r5, r25
        mul     r18, r15                ; a[8]*b[6]
        add     r3, r0
        adc     r4, r1
        adc     r5, r25
        mul     r20, r13                ; a[9]*b[5]
        add     r3, r0
        adc     r4, r1
        adc     r5, r25
; L[14] kept in r3
        clr     r6
; column 15
        mul     r14, r21                ; a[6]*b[9]
        add     r4, r0
        adc     r5, r1
        adc     r6, r25
        mul     r16, r19                ; a[7]*b[8]
        add     r4, r0
        adc     r5, r1
        adc     r6, r25
        mul     r18, r17                ; a[8]*b[7]
        add     r4, r0
        adc     r5, r1
        adc     r6, r25
        mul     r20, r15                ; a[9]*b[6]
        add     r4, r0
        adc     r5, r1
        adc     r6, r25
; L[15] kept in r4
        clr     r7
; column 16
        mul     r16, r21                ; a[7]*b[9]
        add     r5, r0
        adc     r6, r1
        adc     r7, r25
        mul     r18, r19                ; a[8]*b[8]
        add     r5, r0
        adc     r6, r1
        adc     r7, r25
        mul     r20, r17                ; a[9]*b[7]
        add     r5, r0
        adc     r6, r1
        adc     r7, r25
; L[16] kept in r5
        clr     r8
; column 17
        mul     r18, r21                ; a[8]*b[9]
        add     r6, r0
        adc     r7, r1
        adc     r8, r25
        mul     r20, r19                ; a[9]*b[8]
        add     r6, r0
        adc     r7, r1
        adc     r8, r25
; L[17] kept in r6
        clr     r9
; column 18
        mul     r20, r21                ; a[9]*b[9]
        add     r7, r0
        adc     r8, r1
; L[18] kept in r7
; L[19] kept in r8

; ==== phase 2: H' = AH*BH + L1 -> r[20..39]; a[10..19] and b[10..19] stay in registers for phase 3
; column 0
        clr     r9
        clr     r10
        ld      r11, X+                 ; a[10]
        ld      r12, Y+                 ; b[10]
        mul     r11, r12                ; a[10]*b[10]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        std     Z+20, r23               ; r[20] = H'[0]
        clr     r23
; column 1
        add     r9, r24                 ; + L[11]
        adc     r10, r25
        ld      r13, X+                 ; a[11]
        ld      r14, Y+                 ; b[11]
        mul     r11, r14                ; a[10]*b[11]
        add     r9, r0
        adc     r10, r1
        mul     r13, r12                ; a[11]*b[10]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        std     Z+21, r9                ; r[21] = H'[1]
        clr     r9
; column 2
        add     r10, r22                ; + L[12]
        adc     r23, r25
        ld      r15, X+                 ; a[12]
        ld      r16, Y+                 ; b[12]
        mul     r11, r16                ; a[10]*b[12]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r13, r14                ; a[11]*b[11]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r15, r12                ; a[12]*b[10]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        std     Z+22, r10               ; r[22] = H'[2]
        clr     r10
; column 3
        add     r23, r2                 ; + L[13]
        adc     r9, r25
        ld      r2, X+                  ; a[13]
        ld      r17, Y+                 ; b[13]
        mul     r11, r17                ; a[10]*b[13]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r13, r16                ; a[11]*b[12]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r15, r14                ; a[12]*b[11]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r2, r12                 ; a[13]*b[10]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        std     Z+23, r23               ; r[23] = H'[3]
        clr     r23
; column 4
        add     r9, r3                  ; + L[14]
        adc     r10, r25
        ld      r3, X+                  ; a[14]
        ld      r18, Y+                 ; b[14]
        mul     r11, r18                ; a[10]*b[14]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r13, r17                ; a[11]*b[13]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r15, r16                ; a[12]*b[12]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r2, r14                 ; a[13]*b[11]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r3, r12                 ; a[14]*b[10]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        std     Z+24, r9                ; r[24] = H'[4]
        clr     r9
; column 5
        add     r10, r4                 ; + L[15]
        adc     r23, r25
        ld      r4, X+                  ; a[15]
        ld      r19, Y+                 ; b[15]
        mul     r11, r19                ; a[10]*b[15]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r13, r18                ; a[11]*b[14]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r15, r17                ; a[12]*b[13]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r2, r16                 ; a[13]*b[12]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r3, r14                 ; a[14]*b[11]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r4, r12                 ; a[15]*b[10]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        std     Z+25, r10               ; r[25] = H'[5]
        clr     r10
; column 6
        add     r23, r5                 ; + L[16]
        adc     r9, r25
        ld      r5, X+                  ; a[16]
        ld      r20, Y+                 ; b[16]
        mul     r11, r20                ; a[10]*b[16]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r13, r19                ; a[11]*b[15]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r15, r18                ; a[12]*b[14]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r2, r17                 ; a[13]*b[13]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r3, r16                 ; a[14]*b[12]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r4, r14                 ; a[15]*b[11]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r5, r12                 ; a[16]*b[10]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        std     Z+26, r23               ; r[26] = H'[6]
        clr     r23
; column 7
        add     r9, r6                  ; + L[17]
        adc     r10, r25
        ld      r6, X+                  ; a[17]
        ld      r21, Y+                 ; b[17]
        mul     r11, r21                ; a[10]*b[17]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r13, r20                ; a[11]*b[16]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r15, r19                ; a[12]*b[15]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r2, r18                 ; a[13]*b[14]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r3, r17                 ; a[14]*b[13]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r4, r16                 ; a[15]*b[12]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r5, r14                 ; a[16]*b[11]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r6, r12                 ; a[17]*b[10]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        std     Z+27, r9                ; r[27] = H'[7]
        clr     r9
; column 8
        add     r10, r7                 ; + L[18]
        adc     r23, r25
        ld      r7, X+                  ; a[18]
        ld      r22, Y+                 ; b[18]
        mul     r11, r22                ; a[10]*b[18]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r13, r21                ; a[11]*b[17]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r15, r20                ; a[12]*b[16]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r2, r19                 ; a[13]*b[15]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r3, r18                 ; a[14]*b[14]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r4, r17                 ; a[15]*b[13]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r5, r16                 ; a[16]*b[12]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r6, r14                 ; a[17]*b[11]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r7, r12                 ; a[18]*b[10]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        std     Z+28, r10               ; r[28] = H'[8]
        clr     r10
; column 9
        add     r23, r8                 ; + L[19]
        adc     r9, r25
        ld      r8, X+                  ; a[19]
        ld      r24, Y+                 ; b[19]
        mul     r11, r24                ; a[10]*b[19]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r13, r22                ; a[11]*b[18]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r15, r21                ; a[12]*b[17]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r2, r20                 ; a[13]*b[16]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r3, r19                 ; a[14]*b[15]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r4, r18                 ; a[15]*b[14]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r5, r17                 ; a[16]*b[13]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r6, r16                 ; a[17]*b[12]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r7, r14                 ; a[18]*b[11]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r8, r12                 ; a[19]*b[10]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        std     Z+29, r23               ; r[29] = H'[9]
        clr     r23
; column 10
        mul     r13, r24                ; a[11]*b[19]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r15, r22                ; a[12]*b[18]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r2, r21                 ; a[13]*b[17]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r3, r20                 ; a[14]*b[16]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r4, r19                 ; a[15]*b[15]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r5, r18                 ; a[16]*b[14]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r6, r17                 ; a[17]*b[13]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r7, r16                 ; a[18]*b[12]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r8, r14                 ; a[19]*b[11]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        std     Z+30, r9                ; r[30] = H'[10]
        clr     r9
; column 11
        mul     r15, r24                ; a[12]*b[19]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r2, r22                 ; a[13]*b[18]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r3, r21                 ; a[14]*b[17]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r4, r20                 ; a[15]*b[16]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r5, r19                 ; a[16]*b[15]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r6, r18                 ; a[17]*b[14]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r7, r17                 ; a[18]*b[13]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r8, r16                 ; a[19]*b[12]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        std     Z+31, r10               ; r[31] = H'[11]
        clr     r10
; column 12
        mul     r2, r24                 ; a[13]*b[19]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r3, r22                 ; a[14]*b[18]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r4, r21                 ; a[15]*b[17]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r5, r20                 ; a[16]*b[16]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r6, r19                 ; a[17]*b[15]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r7, r18                 ; a[18]*b[14]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r8, r17                 ; a[19]*b[13]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        std     Z+32, r23               ; r[32] = H'[12]
        clr     r23
; column 13
        mul     r3, r24                 ; a[14]*b[19]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r4, r22                 ; a[15]*b[18]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r5, r21                 ; a[16]*b[17]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r6, r20                 ; a[17]*b[16]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r7, r19                 ; a[18]*b[15]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r8, r18                 ; a[19]*b[14]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        std     Z+33, r9                ; r[33] = H'[13]
        clr     r9
; column 14
        mul     r4, r24                 ; a[15]*b[19]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r5, r22                 ; a[16]*b[18]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r6, r21                 ; a[17]*b[17]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r7, r20                 ; a[18]*b[16]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r8, r19                 ; a[19]*b[15]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        std     Z+34, r10               ; r[34] = H'[14]
        clr     r10
; column 15
        mul     r5, r24                 ; a[16]*b[19]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r6, r22                 ; a[17]*b[18]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r7, r21                 ; a[18]*b[17]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        mul     r8, r20                 ; a[19]*b[16]
        add     r23, r0
        adc     r9, r1
        adc     r10, r25
        std     Z+35, r23               ; r[35] = H'[15]
        clr     r23
; column 16
        mul     r6, r24                 ; a[17]*b[19]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r7, r22                 ; a[18]*b[18]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        mul     r8, r21                 ; a[19]*b[17]
        add     r9, r0
        adc     r10, r1
        adc     r23, r25
        std     Z+36, r9                ; r[36] = H'[16]
        clr     r9
; column 17
        mul     r7, r24                 ; a[18]*b[19]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        mul     r8, r22                 ; a[19]*b[18]
        add     r10, r0
        adc     r23, r1
        adc     r9, r25
        std     Z+37, r10               ; r[37] = H'[17]
        clr     r10
; column 18
        mul     r8, r24                 ; a[19]*b[19]
        add     r23, r0
        adc     r9, r1
        std     Z+38, r23               ; r[38] = H'[18]
        std     Z+39, r9                ; r[39] = H'[19]

; ==== phase 3a: D = AL - AH (borrow bA), E = BH - BL (borrow bB), mod 2^80, over the registers of AH and BH
        sbiw    r26, 20                 ; X = a
        sbiw    r28, 20                 ; Y = b
        ld      r9, X+                  ; a[0]
        sub     r9, r11                 ; D[0] = a[0] - a[10]
        ld      r10, X+                 ; a[1]
        sbc     r10, r13                ; D[1] = a[1] - a[11]
        ld      r11, X+                 ; a[2]
        sbc     r11, r15                ; D[2] = a[2] - a[12]
        ld      r13, X+                 ; a[3]
        sbc     r13, r2                 ; D[3] = a[3] - a[13]
        ld      r2, X+                  ; a[4]
        sbc     r2, r3                  ; D[4] = a[4] - a[14]
        ld      r3, X+                  ; a[5]
        sbc     r3, r4                  ; D[5] = a[5] - a[15]
        ld      r4, X+                  ; a[6]
        sbc     r4, r5                  ; D[6] = a[6] - a[16]
        ld      r5, X+                  ; a[7]
        sbc     r5, r6                  ; D[7] = a[7] - a[17]
        ld      r6, X+                  ; a[8]
        sbc     r6, r7                  ; D[8] = a[8] - a[18]
        ld      r7, X+                  ; a[9]
        sbc     r7, r8                  ; D[9] = a[9] - a[19]
        sbc     r8, r8                  ; mA = -bA
        ld      r0, Y+                  ; b[0]
        sub     r12, r0                 ; E[0] = b[10] - b[0]
        ld      r0, Y+                  ; b[1]
        sbc     r14, r0                 ; E[1] = b[11] - b[1]
        ld      r0, Y+                  ; b[2]
        sbc     r16, r0                 ; E[2] = b[12] - b[2]
        ld      r0, Y+                  ; b[3]
        sbc     r17, r0                 ; E[3] = b[13] - b[3]
        ld      r0, Y+                  ; b[4]
        sbc     r18, r0                 ; E[4] = b[14] - b[4]
        ld      r0, Y+                  ; b[5]
        sbc     r19, r0                 ; E[5] = b[15] - b[5]
        ld      r0, Y+                  ; b[6]
        sbc     r20, r0                 ; E[6] = b[16] - b[6]
        ld      r0, Y+                  ; b[7]
        sbc     r21, r0                 ; E[7] = b[17] - b[7]
        ld      r0, Y+                  ; b[8]
        sbc     r22, r0                 ; E[8] = b[18] - b[8]
        ld      r0, Y+                  ; b[9]
        sbc     r24, r0                 ; E[9] = b[19] - b[9]
        sbc     r15, r15                ; mB = -bB

; ==== phase 3b: r[10..39] = G + D*E + corrections, column j -> r[10+j]; G[j] = W[j] + W[10+j], W = L0 | H' (W[j] at r[j] for j < 10, at r[10+j] above)
; column 0 -> r[10]
        ldd     r23, Z+0                ; W[0]
        clr     r26
        clr     r27
        ldd     r0, Z+20                ; + W[10]
        add     r23, r0
        adc     r26, r25
        mul     r9, r12                 ; D[0]*E[0]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        std     Z+10, r23               ; r[10]
        clr     r23
; column 1 -> r[11]
        ldd     r0, Z+1                 ; + W[1]
        add     r26, r0
        adc     r27, r25
        ldd     r0, Z+21                ; + W[11]
        add     r26, r0
        adc     r27, r25
        mul     r9, r14                 ; D[0]*E[1]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r10, r12                ; D[1]*E[0]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        std     Z+11, r26               ; r[11]
        clr     r26
; column 2 -> r[12]
        ldd     r0, Z+2                 ; + W[2]
        add     r27, r0
        adc     r23, r25
        ldd     r0, Z+22                ; + W[12]
        add     r27, r0
        adc     r23, r25
        mul     r9, r16                 ; D[0]*E[2]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r10, r14                ; D[1]*E[1]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r11, r12                ; D[2]*E[0]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        std     Z+12, r27               ; r[12]
        clr     r27
; column 3 -> r[13]
        ldd     r0, Z+3                 ; + W[3]
        add     r23, r0
        adc     r26, r25
        ldd     r0, Z+23                ; + W[13]
        add     r23, r0
        adc     r26, r25
        mul     r9, r17                 ; D[0]*E[3]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r10, r16                ; D[1]*E[2]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r11, r14                ; D[2]*E[1]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r13, r12                ; D[3]*E[0]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        std     Z+13, r23               ; r[13]
        clr     r23
; column 4 -> r[14]
        ldd     r0, Z+4                 ; + W[4]
        add     r26, r0
        adc     r27, r25
        ldd     r0, Z+24                ; + W[14]
        add     r26, r0
        adc     r27, r25
        mul     r9, r18                 ; D[0]*E[4]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r10, r17                ; D[1]*E[3]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r11, r16                ; D[2]*E[2]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r13, r14                ; D[3]*E[1]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r2, r12                 ; D[4]*E[0]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        std     Z+14, r26               ; r[14]
        clr     r26
; column 5 -> r[15]
        ldd     r0, Z+5                 ; + W[5]
        add     r27, r0
        adc     r23, r25
        ldd     r0, Z+25                ; + W[15]
        add     r27, r0
        adc     r23, r25
        mul     r9, r19                 ; D[0]*E[5]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r10, r18                ; D[1]*E[4]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r11, r17                ; D[2]*E[3]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r13, r16                ; D[3]*E[2]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r2, r14                 ; D[4]*E[1]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r3, r12                 ; D[5]*E[0]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        std     Z+15, r27               ; r[15]
        clr     r27
; column 6 -> r[16]
        ldd     r0, Z+6                 ; + W[6]
        add     r23, r0
        adc     r26, r25
        ldd     r0, Z+26                ; + W[16]
        add     r23, r0
        adc     r26, r25
        mul     r9, r20                 ; D[0]*E[6]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r10, r19                ; D[1]*E[5]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r11, r18                ; D[2]*E[4]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r13, r17                ; D[3]*E[3]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r2, r16                 ; D[4]*E[2]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r3, r14                 ; D[5]*E[1]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r4, r12                 ; D[6]*E[0]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        std     Z+16, r23               ; r[16]
        clr     r23
; column 7 -> r[17]
        ldd     r0, Z+7                 ; + W[7]
        add     r26, r0
        adc     r27, r25
        ldd     r0, Z+27                ; + W[17]
        add     r26, r0
        adc     r27, r25
        mul     r9, r21                 ; D[0]*E[7]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r10, r20                ; D[1]*E[6]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r11, r19                ; D[2]*E[5]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r13, r18                ; D[3]*E[4]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r2, r17                 ; D[4]*E[3]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r3, r16                 ; D[5]*E[2]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r4, r14                 ; D[6]*E[1]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r5, r12                 ; D[7]*E[0]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        std     Z+17, r26               ; r[17]
        clr     r26
; column 8 -> r[18]
        ldd     r0, Z+8                 ; + W[8]
        add     r27, r0
        adc     r23, r25
        ldd     r0, Z+28                ; + W[18]
        add     r27, r0
        adc     r23, r25
        mul     r9, r22                 ; D[0]*E[8]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r10, r21                ; D[1]*E[7]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r11, r20                ; D[2]*E[6]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r13, r19                ; D[3]*E[5]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r2, r18                 ; D[4]*E[4]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r3, r17                 ; D[5]*E[3]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r4, r16                 ; D[6]*E[2]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r5, r14                 ; D[7]*E[1]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r6, r12                 ; D[8]*E[0]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        std     Z+18, r27               ; r[18]
        clr     r27
; column 9 -> r[19]
        ldd     r0, Z+9                 ; + W[9]
        add     r23, r0
        adc     r26, r25
        ldd     r0, Z+29                ; + W[19]
        add     r23, r0
        adc     r26, r25
        mul     r9, r24                 ; D[0]*E[9]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r10, r22                ; D[1]*E[8]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r11, r21                ; D[2]*E[7]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r13, r20                ; D[3]*E[6]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r2, r19                 ; D[4]*E[5]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r3, r18                 ; D[5]*E[4]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r4, r17                 ; D[6]*E[3]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r5, r16                 ; D[7]*E[2]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r6, r14                 ; D[8]*E[1]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r7, r12                 ; D[9]*E[0]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        std     Z+19, r23               ; r[19]
        clr     r23
; column 10 -> r[20]
        ldd     r0, Z+20                ; + W[10]
        add     r26, r0
        adc     r27, r25
        com     r12                     ; + bA*~E[0]
        and     r12, r8
        cp      r25, r8                 ; carry = bA
        adc     r26, r12
        adc     r27, r25
        com     r9                      ; + bB*~D[0]
        and     r9, r15
        cp      r25, r15                ; carry = bB
        adc     r26, r9
        adc     r27, r25
        ldd     r12, Z+30               ; + W[20] = H'[10], kept
        add     r26, r12
        adc     r27, r25
        mul     r10, r24                ; D[1]*E[9]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r11, r22                ; D[2]*E[8]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r13, r21                ; D[3]*E[7]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r2, r20                 ; D[4]*E[6]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r3, r19                 ; D[5]*E[5]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r4, r18                 ; D[6]*E[4]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r5, r17                 ; D[7]*E[3]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r6, r16                 ; D[8]*E[2]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r7, r14                 ; D[9]*E[1]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        std     Z+20, r26               ; r[20]
        clr     r26
; column 11 -> r[21]
        ldd     r0, Z+21                ; + W[11]
        add     r27, r0
        adc     r23, r25
        com     r14                     ; + bA*~E[1]
        and     r14, r8
        add     r27, r14
        adc     r23, r25
        com     r10                     ; + bB*~D[1]
        and     r10, r15
        add     r27, r10
        adc     r23, r25
        ldd     r14, Z+31               ; + W[21] = H'[11], kept
        add     r27, r14
        adc     r23, r25
        mul     r11, r24                ; D[2]*E[9]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r13, r22                ; D[3]*E[8]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r2, r21                 ; D[4]*E[7]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r3, r20                 ; D[5]*E[6]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r4, r19                 ; D[6]*E[5]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r5, r18                 ; D[7]*E[4]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r6, r17                 ; D[8]*E[3]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r7, r16                 ; D[9]*E[2]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        std     Z+21, r27               ; r[21]
        clr     r27
; column 12 -> r[22]
        ldd     r0, Z+22                ; + W[12]
        add     r23, r0
        adc     r26, r25
        com     r16                     ; + bA*~E[2]
        and     r16, r8
        add     r23, r16
        adc     r26, r25
        com     r11                     ; + bB*~D[2]
        and     r11, r15
        add     r23, r11
        adc     r26, r25
        ldd     r16, Z+32               ; + W[22] = H'[12], kept
        add     r23, r16
        adc     r26, r25
        mul     r13, r24                ; D[3]*E[9]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r2, r22                 ; D[4]*E[8]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r3, r21                 ; D[5]*E[7]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r4, r20                 ; D[6]*E[6]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r5, r19                 ; D[7]*E[5]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r6, r18                 ; D[8]*E[4]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r7, r17                 ; D[9]*E[3]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        std     Z+22, r23               ; r[22]
        clr     r23
; column 13 -> r[23]
        ldd     r0, Z+23                ; + W[13]
        add     r26, r0
        adc     r27, r25
        com     r17                     ; + bA*~E[3]
        and     r17, r8
        add     r26, r17
        adc     r27, r25
        com     r13                     ; + bB*~D[3]
        and     r13, r15
        add     r26, r13
        adc     r27, r25
        ldd     r17, Z+33               ; + W[23] = H'[13], kept
        add     r26, r17
        adc     r27, r25
        mul     r2, r24                 ; D[4]*E[9]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r3, r22                 ; D[5]*E[8]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r4, r21                 ; D[6]*E[7]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r5, r20                 ; D[7]*E[6]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r6, r19                 ; D[8]*E[5]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r7, r18                 ; D[9]*E[4]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        std     Z+23, r26               ; r[23]
        clr     r26
; column 14 -> r[24]
        ldd     r0, Z+24                ; + W[14]
        add     r27, r0
        adc     r23, r25
        com     r18                     ; + bA*~E[4]
        and     r18, r8
        add     r27, r18
        adc     r23, r25
        com     r2                      ; + bB*~D[4]
        and     r2, r15
        add     r27, r2
        adc     r23, r25
        ldd     r18, Z+34               ; + W[24] = H'[14], kept
        add     r27, r18
        adc     r23, r25
        mul     r3, r24                 ; D[5]*E[9]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r4, r22                 ; D[6]*E[8]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r5, r21                 ; D[7]*E[7]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r6, r20                 ; D[8]*E[6]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r7, r19                 ; D[9]*E[5]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        std     Z+24, r27               ; r[24]
        clr     r27
; column 15 -> r[25]
        ldd     r0, Z+25                ; + W[15]
        add     r23, r0
        adc     r26, r25
        com     r19                     ; + bA*~E[5]
        and     r19, r8
        add     r23, r19
        adc     r26, r25
        com     r3                      ; + bB*~D[5]
        and     r3, r15
        add     r23, r3
        adc     r26, r25
        ldd     r19, Z+35               ; + W[25] = H'[15], kept
        add     r23, r19
        adc     r26, r25
        mul     r4, r24                 ; D[6]*E[9]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r5, r22                 ; D[7]*E[8]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r6, r21                 ; D[8]*E[7]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        mul     r7, r20                 ; D[9]*E[6]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        std     Z+25, r23               ; r[25]
        clr     r23
; column 16 -> r[26]
        ldd     r0, Z+26                ; + W[16]
        add     r26, r0
        adc     r27, r25
        com     r20                     ; + bA*~E[6]
        and     r20, r8
        add     r26, r20
        adc     r27, r25
        com     r4                      ; + bB*~D[6]
        and     r4, r15
        add     r26, r4
        adc     r27, r25
        ldd     r20, Z+36               ; + W[26] = H'[16], kept
        add     r26, r20
        adc     r27, r25
        mul     r5, r24                 ; D[7]*E[9]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r6, r22                 ; D[8]*E[8]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        mul     r7, r21                 ; D[9]*E[7]
        add     r26, r0
        adc     r27, r1
        adc     r23, r25
        std     Z+26, r26               ; r[26]
        clr     r26
; column 17 -> r[27]
        ldd     r0, Z+27                ; + W[17]
        add     r27, r0
        adc     r23, r25
        com     r21                     ; + bA*~E[7]
        and     r21, r8
        add     r27, r21
        adc     r23, r25
        com     r5                      ; + bB*~D[7]
        and     r5, r15
        add     r27, r5
        adc     r23, r25
        ldd     r21, Z+37               ; + W[27] = H'[17], kept
        add     r27, r21
        adc     r23, r25
        mul     r6, r24                 ; D[8]*E[9]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        mul     r7, r22                 ; D[9]*E[8]
        add     r27, r0
        adc     r23, r1
        adc     r26, r25
        std     Z+27, r27               ; r[27]
        clr     r27
; column 18 -> r[28]
        ldd     r0, Z+28                ; + W[18]
        add     r23, r0
        adc     r26, r25
        com     r22                     ; + bA*~E[8]
        and     r22, r8
        add     r23, r22
        adc     r26, r25
        com     r6                      ; + bB*~D[8]
        and     r6, r15
        add     r23, r6
        adc     r26, r25
        ldd     r22, Z+38               ; + W[28] = H'[18], kept
        add     r23, r22
        adc     r26, r25
        mul     r7, r24                 ; D[9]*E[9]
        add     r23, r0
        adc     r26, r1
        adc     r27, r25
        std     Z+28, r23               ; r[28]
        clr     r23
; column 19 -> r[29]
        ldd     r0, Z+29                ; + W[19]
        add     r26, r0
        adc     r27, r25
        com     r24                     ; + bA*~E[9]
        and     r24, r8
        add     r26, r24
        adc     r27, r25
        com     r7                      ; + bB*~D[9]
        and     r7, r15
        add     r26, r7
        adc     r27, r25
        ldd     r24, Z+39               ; + W[29] = H'[19], kept
        add     r26, r24
        adc     r27, r25
        std     Z+29, r26               ; r[29]
        clr     r26
; r[30..39] = H'[10..19] + carry - (bA|bB), H'[10..19] kept in registers since phase 3b
        or      r8, r15
        add     r27, r8
        adc     r23, r8
        adc     r26, r8
        add     r12, r27
        std     Z+30, r12               ; r[30]
        adc     r14, r23
        std     Z+31, r14               ; r[31]
        adc     r16, r26
        std     Z+32, r16               ; r[32]
        adc     r17, r26
        std     Z+33, r17               ; r[33]
        adc     r18, r26
        std     Z+34, r18               ; r[34]
        adc     r19, r26
        std     Z+35, r19               ; r[35]
        adc     r20, r26
        std     Z+36, r20               ; r[36]
        adc     r21, r26
        std     Z+37, r21               ; r[37]
        adc     r22, r26
        std     Z+38, r22               ; r[38]
        adc     r24, r26
        std     Z+39, r24               ; r[39]

        pop     r29
        pop     r28
        pop     r17
        pop     r16
        pop     r15
        pop     r14
        pop     r13
        pop     r12
        pop     r11
        pop     r10
        pop     r9
        pop     r8
        pop     r7
        pop     r6
        pop     r5
        pop     r4
        pop     r3
        pop     r2
        clr     r1
        ret     
        .size mpmul160, .-mpmul160
