; avrlab task: mpmul-256
; title: 256-bit multiplication, 2-level subtractive Karatsuba (16-byte halves, 8x8 product scanning)
; compare: Karatsuba, branch-free
;
; The 512-bit product of two 256-bit integers for the ATmega128 (avr-gcc ABI):
;
;     void mpmul256(uint8_t *r, const uint8_t *a, const uint8_t *b);
;         r in r25:r24 (64 bytes out), a in r23:r22, b in r21:r20 (32 bytes each)
;
; Little-endian byte strings (a[0] least significant); r must not overlap a or b. 5367 cycles,
; 3536 bytes of flash, 88 bytes of stack, constant time (measurements at the end of this header).
;
; ---------------------------------------------------------------------------------------------------
; Two levels of Karatsuba
; ---------------------------------------------------------------------------------------------------
; Outer level, X = 2^128, a = AL + X*AH, b = BL + X*BH (16-byte halves):
;
;     L = AL*BL -> r[0..31]    H = AH*BH -> r[32..63]    M = D*E -> frame
;     D = AL - AH, E = BH - BL  mod 2^128, borrows bA, bB     (D - bA*X = AL - AH, E - bB*X = BH - BL)
;     -Mid = -(AL - AH)(BL - BH) = D*E - X*(bA*E + bB*D) + X^2*bA*bB
;     a*b = L + X*(L + H - Mid) + X^2*H
;
; Each of the three 16x16-byte products is the subroutine k16, itself a 1-level Karatsuba over
; 8-byte halves with 8x8 product scanning in registers: the schedule of examples/mpmul160.S
; (read that file's header first) with 8 instead of 10. 9 products of 8x8 bytes, 576 byte
; multiplications instead of the 1024 of schoolbook, 2880 cycles of the 5367.
;
; The outer additions use the refined form with T = L1 + H0 (16 bytes, carry t), computed once:
;
;     r[16..31] = F1 = L0 + T + M[0..15]
;     r[32..47] = F2 = T + H1 + M[16..31] - bA*E - bB*D + (t + carries of F1)
;     r[48..63] = F3 = H1 + t + carries of F2 + bA*bB
;
; as plain carry chains over memory: no multiplication runs there, so every chain keeps its carry
; in the C flag from byte to byte; between chains the carry is kept as 0x00/0xff (SBC c,c).
; F2 and F3 subtract bA*E, bB*D (E[k] AND mA) with SBC chains and fold the final borrows into the
; small signed carry x that enters F3.
;
; ---------------------------------------------------------------------------------------------------
; k16 (the inner level): r[0..31] = a[0..15] * b[0..15] for X -> a, Y -> b, Z -> r
; ---------------------------------------------------------------------------------------------------
; Inside k16 "a", "b" and "r" in the comments are k16's operands and product, not mpmul256's.
; Phase 1 L = a[0..7]*b[0..7], phase 2 H' = a[8..15]*b[8..15] + L[8..15], phase 3a D = a[0..7] -
; a[8..15], E = b[8..15] - b[0..7] over the registers of the high halves, phase 3b D*E with the
; columns preloaded from W = L0 | H' and the masked corrections, top chain. k16 clobbers r0..r24
; and r26..r29, keeps Z and the zero register r25, and uses no stack beyond its return address.
;
; ---------------------------------------------------------------------------------------------------
; Memory, registers, stack
; ---------------------------------------------------------------------------------------------------
; r holds L and H, then the result. A 64-byte frame on the stack (SP moved as avr-gcc does it,
; with interrupts held off for the two OUTs) holds M = D*E at [0..31], D at [32..47], E at [48..63].
; The pointers a, b, r and the masks survive the k16 calls on the stack (PUSH/POP): k16 keeps
; only Z. r25 is the zero register throughout (its value, r's high byte, is copied to Z first).
; r2..r17, r28, r29 are pushed and popped; r1 is cleared before RET.
;
; ---------------------------------------------------------------------------------------------------
; Constant time, ABI
; ---------------------------------------------------------------------------------------------------
; Straight-line code plus three RCALLs to the same subroutine: no branch depends on a or b, no
; table, the same addresses for every input. avr-gcc ABI kept (callee-saved registers, r1 = 0, SP).
;
; ---------------------------------------------------------------------------------------------------
; Cost
; ---------------------------------------------------------------------------------------------------
;   3 x k16, 1439 cycles each: 960 in the 192 byte products, 479 in loads, stores, additions    4317
;   D and E (32 bytes in, 32 out, the masks)                                                  ~230
;   F1, F2, F3 (the outer additions)                                                           ~650
;   push/pop, the frame, the pointers and masks kept across the calls, RCALLs, RET            ~170
;
; `avrlab bench examples/mpmul256.S` (ATmega128): 5367 cycles for every input, 3536 bytes of flash,
; 88 bytes of RAM (the stack: 18 saved registers, the 64-byte frame, return address, saved
; pointers), constant time, ABI kept.
; Published: Hutter and Schwabe (ePrint 2014/592, abstract): 4797 cycles, also 2-level branch-free
; Karatsuba. This routine is 570 cycles (12 %) slower: the multiplications themselves cost the same
; 2880 cycles in both designs if theirs multiplies 576 byte pairs too, so the gap is in the
; additions, loads and stores around them, which here go through memory at the outer level.

#include <avr/io.h>

        .text
        .global mpmul256
        .type   mpmul256, @function
mpmul256:
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
; frame of 64 bytes on the stack: M = D*E at [0..31], D at [32..47], E at [48..63]
        in      r28, _SFR_IO_ADDR(SPL)
        in      r29, _SFR_IO_ADDR(SPH)
        subi    r28, 64
        sbci    r29, 0
        in      r0, _SFR_IO_ADDR(SREG)
        cli
        out     _SFR_IO_ADDR(SPH), r29
        out     _SFR_IO_ADDR(SREG), r0
        out     _SFR_IO_ADDR(SPL), r28
        movw    r30, r24                ; Z = r
        clr     r25                     ; zero register for the whole routine
        movw    r26, r22                ; X = a
        movw    r28, r20                ; Y = b
        push    r20                     ; keep a and b for the second product
        push    r21
        push    r22
        push    r23
        rcall   k16                     ; r[0..31] = L = AL*BL
        pop     r27                     ; X = a + 16
        pop     r26
        pop     r29                     ; Y = b + 16
        pop     r28
        push    r28                     ; and keep them once more for D and E
        push    r29
        push    r26
        push    r27
        adiw    r26, 16
        adiw    r28, 16
        adiw    r30, 32                 ; Z = r + 32
        rcall   k16                     ; r[32..63] = H = AH*BH
        sbiw    r30, 32                 ; Z = r
        pop     r27                     ; X = a
        pop     r26
        pop     r21                     ; r21:r20 = b
        pop     r20
        push    r30                     ; keep r
        push    r31
; D = AL - AH (borrow bA), E = BH - BL (borrow bB), mod 2^128, into the frame
        in      r28, _SFR_IO_ADDR(SPL)
        in      r29, _SFR_IO_ADDR(SPH)
        adiw    r28, 3                  ; Y = frame (SP + 1 + the 2 bytes of r)
        movw    r30, r20                ; Z = b
        ld      r2, X+                  ; a[0]
        ld      r3, X+                  ; a[1]
        ld      r4, X+                  ; a[2]
        ld      r5, X+                  ; a[3]
        ld      r6, X+                  ; a[4]
        ld      r7, X+                  ; a[5]
        ld      r8, X+                  ; a[6]
        ld      r9, X+                  ; a[7]
        ld      r10, X+                 ; a[8]
        ld      r11, X+                 ; a[9]
        ld      r12, X+                 ; a[10]
        ld      r13, X+                 ; a[11]
        ld      r14, X+                 ; a[12]
        ld      r15, X+                 ; a[13]
        ld      r16, X+                 ; a[14]
        ld      r17, X+                 ; a[15]
        ld      r0, X+                  ; a[16]
        sub     r2, r0
        ld      r0, X+                  ; a[17]
        sbc     r3, r0
        ld      r0, X+                  ; a[18]
        sbc     r4, r0
        ld      r0, X+                  ; a[19]
        sbc     r5, r0
        ld      r0, X+                  ; a[20]
        sbc     r6, r0
        ld      r0, X+                  ; a[21]
        sbc     r7, r0
        ld      r0, X+                  ; a[22]
        sbc     r8, r0
        ld      r0, X+                  ; a[23]
        sbc     r9, r0
        ld      r0, X+                  ; a[24]
        sbc     r10, r0
        ld      r0, X+                  ; a[25]
        sbc     r11, r0
        ld      r0, X+                  ; a[26]
        sbc     r12, r0
        ld      r0, X+                  ; a[27]
        sbc     r13, r0
        ld      r0, X+                  ; a[28]
        sbc     r14, r0
        ld      r0, X+                  ; a[29]
        sbc     r15, r0
        ld      r0, X+                  ; a[30]
        sbc     r16, r0
        ld      r0, X+                  ; a[31]
        sbc     r17, r0
        sbc     r18, r18                ; mA = -bA
        std     Y+32, r2                ; D[0]
        std     Y+33, r3                ; D[1]
        std     Y+34, r4                ; D[2]
        std     Y+35, r5                ; D[3]
        std     Y+36, r6                ; D[4]
        std     Y+37, r7                ; D[5]
        std     Y+38, r8                ; D[6]
        std     Y+39, r9                ; D[7]
        std     Y+40, r10               ; D[8]
        std     Y+41, r11               ; D[9]
        std     Y+42, r12               ; D[10]
        std     Y+43, r13               ; D[11]
        std     Y+44, r14               ; D[12]
        std     Y+45, r15               ; D[13]
        std     Y+46, r16               ; D[14]
        std     Y+47, r17               ; D[15]
        ldd     r2, Z+16                ; b[16]
        ldd     r0, Z+0                 ; b[0]
        sub     r2, r0
        ldd     r3, Z+17                ; b[17]
        ldd     r0, Z+1                 ; b[1]
        sbc     r3, r0
        ldd     r4, Z+18                ; b[18]
        ldd     r0, Z+2                 ; b[2]
        sbc     r4, r0
        ldd     r5, Z+19                ; b[19]
        ldd     r0, Z+3                 ; b[3]
        sbc     r5, r0
        ldd     r6, Z+20                ; b[20]
        ldd     r0, Z+4                 ; b[4]
        sbc     r6, r0
        ldd     r7, Z+21                ; b[21]
        ldd     r0, Z+5                 ; b[5]
        sbc     r7, r0
        ldd     r8, Z+22                ; b[22]
        ldd     r0, Z+6                 ; b[6]
        sbc     r8, r0
        ldd     r9, Z+23                ; b[23]
        ldd     r0, Z+7                 ; b[7]
        sbc     r9, r0
        ldd     r10, Z+24               ; b[24]
        ldd     r0, Z+8                 ; b[8]
        sbc     r10, r0
        ldd     r11, Z+25               ; b[25]
        ldd     r0, Z+9                 ; b[9]
        sbc     r11, r0
        ldd     r12, Z+26               ; b[26]
        ldd     r0, Z+10                ; b[10]
        sbc     r12, r0
        ldd     r13, Z+27               ; b[27]
        ldd     r0, Z+11                ; b[11]
        sbc     r13, r0
        ldd     r14, Z+28               ; b[28]
        ldd     r0, Z+12                ; b[12]
        sbc     r14, r0
        ldd     r15, Z+29               ; b[29]
        ldd     r0, Z+13                ; b[13]
        sbc     r15, r0
        ldd     r16, Z+30               ; b[30]
        ldd     r0, Z+14                ; b[14]
        sbc     r16, r0
        ldd     r17, Z+31               ; b[31]
        ldd     r0, Z+15                ; b[15]
        sbc     r17, r0
        sbc     r19, r19                ; mB = -bB
        std     Y+48, r2                ; E[0]
        std     Y+49, r3                ; E[1]
        std     Y+50, r4                ; E[2]
        std     Y+51, r5                ; E[3]
        std     Y+52, r6                ; E[4]
        std     Y+53, r7                ; E[5]
        std     Y+54, r8                ; E[6]
        std     Y+55, r9                ; E[7]
        std     Y+56, r10               ; E[8]
        std     Y+57, r11               ; E[9]
        std     Y+58, r12               ; E[10]
        std     Y+59, r13               ; E[11]
        std     Y+60, r14               ; E[12]
        std     Y+61, r15               ; E[13]
        std     Y+62, r16               ; E[14]
        std     Y+63, r17               ; E[15]
        push    r18                     ; keep mA, mB
        push    r19
        movw    r30, r28                ; Z = frame (M)
        movw    r26, r28
        adiw    r26, 32                 ; X = D
        adiw    r28, 48                 ; Y = E
        rcall   k16                     ; frame[0..31] = M = D*E
        pop     r19                     ; mB
        pop     r18                     ; mA
        movw    r28, r30                ; Y = frame
        pop     r31                     ; Z = r
        pop     r30
; T = L1 + H0 -> r[32..47] (H0's place), kept in r2..r17
        ldd     r2, Z+16                ; L1[0]
        ldd     r0, Z+32                ; H0[0]
        add     r2, r0
        std     Z+32, r2                ; T[0]
        ldd     r3, Z+17                ; L1[1]
        ldd     r0, Z+33                ; H0[1]
        adc     r3, r0
        std     Z+33, r3                ; T[1]
        ldd     r4, Z+18                ; L1[2]
        ldd     r0, Z+34                ; H0[2]
        adc     r4, r0
        std     Z+34, r4                ; T[2]
        ldd     r5, Z+19                ; L1[3]
        ldd     r0, Z+35                ; H0[3]
        adc     r5, r0
        std     Z+35, r5                ; T[3]
        ldd     r6, Z+20                ; L1[4]
        ldd     r0, Z+36                ; H0[4]
        adc     r6, r0
        std     Z+36, r6                ; T[4]
        ldd     r7, Z+21                ; L1[5]
        ldd     r0, Z+37                ; H0[5]
        adc     r7, r0
        std     Z+37, r7                ; T[5]
        ldd     r8, Z+22                ; L1[6]
        ldd     r0, Z+38                ; H0[6]
        adc     r8, r0
        std     Z+38, r8                ; T[6]
        ldd     r9, Z+23                ; L1[7]
        ldd     r0, Z+39                ; H0[7]
        adc     r9, r0
        std     Z+39, r9                ; T[7]
        ldd     r10, Z+24               ; L1[8]
        ldd     r0, Z+40                ; H0[8]
        adc     r10, r0
        std     Z+40, r10               ; T[8]
        ldd     r11, Z+25               ; L1[9]
        ldd     r0, Z+41                ; H0[9]
        adc     r11, r0
        std     Z+41, r11               ; T[9]
        ldd     r12, Z+26               ; L1[10]
        ldd     r0, Z+42                ; H0[10]
        adc     r12, r0
        std     Z+42, r12               ; T[10]
        ldd     r13, Z+27               ; L1[11]
        ldd     r0, Z+43                ; H0[11]
        adc     r13, r0
        std     Z+43, r13               ; T[11]
        ldd     r14, Z+28               ; L1[12]
        ldd     r0, Z+44                ; H0[12]
        adc     r14, r0
        std     Z+44, r14               ; T[12]
        ldd     r15, Z+29               ; L1[13]
        ldd     r0, Z+45                ; H0[13]
        adc     r15, r0
        std     Z+45, r15               ; T[13]
        ldd     r16, Z+30               ; L1[14]
        ldd     r0, Z+46                ; H0[14]
        adc     r16, r0
        std     Z+46, r16               ; T[14]
        ldd     r17, Z+31               ; L1[15]
        ldd     r0, Z+47                ; H0[15]
        adc     r17, r0
        std     Z+47, r17               ; T[15]
        sbc     r20, r20                ; -t
; F1 = T + L0 + M[0..15] -> r[16..31]
        ldd     r0, Z+0                 ; L0[0]
        add     r2, r0
        ldd     r0, Z+1                 ; L0[1]
        adc     r3, r0
        ldd     r0, Z+2                 ; L0[2]
        adc     r4, r0
        ldd     r0, Z+3                 ; L0[3]
        adc     r5, r0
        ldd     r0, Z+4                 ; L0[4]
        adc     r6, r0
        ldd     r0, Z+5                 ; L0[5]
        adc     r7, r0
        ldd     r0, Z+6                 ; L0[6]
        adc     r8, r0
        ldd     r0, Z+7                 ; L0[7]
        adc     r9, r0
        ldd     r0, Z+8                 ; L0[8]
        adc     r10, r0
        ldd     r0, Z+9                 ; L0[9]
        adc     r11, r0
        ldd     r0, Z+10                ; L0[10]
        adc     r12, r0
        ldd     r0, Z+11                ; L0[11]
        adc     r13, r0
        ldd     r0, Z+12                ; L0[12]
        adc     r14, r0
        ldd     r0, Z+13                ; L0[13]
        adc     r15, r0
        ldd     r0, Z+14                ; L0[14]
        adc     r16, r0
        ldd     r0, Z+15                ; L0[15]
        adc     r17, r0
        sbc     r21, r21                ; -c1
        ldd     r0, Y+0                 ; M[0]
        add     r2, r0
        std     Z+16, r2                ; F[16]
        ldd     r0, Y+1                 ; M[1]
        adc     r3, r0
        std     Z+17, r3                ; F[17]
        ldd     r0, Y+2                 ; M[2]
        adc     r4, r0
        std     Z+18, r4                ; F[18]
        ldd     r0, Y+3                 ; M[3]
        adc     r5, r0
        std     Z+19, r5                ; F[19]
        ldd     r0, Y+4                 ; M[4]
        adc     r6, r0
        std     Z+20, r6                ; F[20]
        ldd     r0, Y+5                 ; M[5]
        adc     r7, r0
        std     Z+21, r7                ; F[21]
        ldd     r0, Y+6                 ; M[6]
        adc     r8, r0
        std     Z+22, r8                ; F[22]
        ldd     r0, Y+7                 ; M[7]
        adc     r9, r0
        std     Z+23, r9                ; F[23]
        ldd     r0, Y+8                 ; M[8]
        adc     r10, r0
        std     Z+24, r10               ; F[24]
        ldd     r0, Y+9                 ; M[9]
        adc     r11, r0
        std     Z+25, r11               ; F[25]
        ldd     r0, Y+10                ; M[10]
        adc     r12, r0
        std     Z+26, r12               ; F[26]
        ldd     r0, Y+11                ; M[11]
        adc     r13, r0
        std     Z+27, r13               ; F[27]
        ldd     r0, Y+12                ; M[12]
        adc     r14, r0
        std     Z+28, r14               ; F[28]
        ldd     r0, Y+13                ; M[13]
        adc     r15, r0
        std     Z+29, r15               ; F[29]
        ldd     r0, Y+14                ; M[14]
        adc     r16, r0
        std     Z+30, r16               ; F[30]
        ldd     r0, Y+15                ; M[15]
        adc     r17, r0
        std     Z+31, r17               ; F[31]
        sbc     r22, r22                ; -c2
; F2 = T + H1 + M[16..31] - bA*E - bB*D + (t + c1 + c2) -> r[32..47]
        clr     r17
        sub     r17, r20                ; x = t + c1 + c2
        sub     r17, r21
        sub     r17, r22
        ldd     r2, Z+32                ; T[0]
        add     r2, r17                 ; + x
        ldd     r3, Z+33                ; T[1]
        adc     r3, r25
        ldd     r4, Z+34                ; T[2]
        adc     r4, r25
        ldd     r5, Z+35                ; T[3]
        adc     r5, r25
        ldd     r6, Z+36                ; T[4]
        adc     r6, r25
        ldd     r7, Z+37                ; T[5]
        adc     r7, r25
        ldd     r8, Z+38                ; T[6]
        adc     r8, r25
        ldd     r9, Z+39                ; T[7]
        adc     r9, r25
        ldd     r10, Z+40               ; T[8]
        adc     r10, r25
        ldd     r11, Z+41               ; T[9]
        adc     r11, r25
        ldd     r12, Z+42               ; T[10]
        adc     r12, r25
        ldd     r13, Z+43               ; T[11]
        adc     r13, r25
        ldd     r14, Z+44               ; T[12]
        adc     r14, r25
        ldd     r15, Z+45               ; T[13]
        adc     r15, r25
        ldd     r16, Z+46               ; T[14]
        adc     r16, r25
        ldd     r17, Z+47               ; T[15]
        adc     r17, r25
        sbc     r22, r22                ; -carry of T + x
        ldd     r0, Z+48                ; H1[0]
        add     r2, r0
        ldd     r0, Z+49                ; H1[1]
        adc     r3, r0
        ldd     r0, Z+50                ; H1[2]
        adc     r4, r0
        ldd     r0, Z+51                ; H1[3]
        adc     r5, r0
        ldd     r0, Z+52                ; H1[4]
        adc     r6, r0
        ldd     r0, Z+53                ; H1[5]
        adc     r7, r0
        ldd     r0, Z+54                ; H1[6]
        adc     r8, r0
        ldd     r0, Z+55                ; H1[7]
        adc     r9, r0
        ldd     r0, Z+56                ; H1[8]
        adc     r10, r0
        ldd     r0, Z+57                ; H1[9]
        adc     r11, r0
        ldd     r0, Z+58                ; H1[10]
        adc     r12, r0
        ldd     r0, Z+59                ; H1[11]
        adc     r13, r0
        ldd     r0, Z+60                ; H1[12]
        adc     r14, r0
        ldd     r0, Z+61                ; H1[13]
        adc     r15, r0
        ldd     r0, Z+62                ; H1[14]
        adc     r16, r0
        ldd     r0, Z+63                ; H1[15]
        adc     r17, r0
        sbc     r23, r23
        ldd     r0, Y+16                ; M[16]
        add     r2, r0
        ldd     r0, Y+17                ; M[17]
        adc     r3, r0
        ldd     r0, Y+18                ; M[18]
        adc     r4, r0
        ldd     r0, Y+19                ; M[19]
        adc     r5, r0
        ldd     r0, Y+20                ; M[20]
        adc     r6, r0
        ldd     r0, Y+21                ; M[21]
        adc     r7, r0
        ldd     r0, Y+22                ; M[22]
        adc     r8, r0
        ldd     r0, Y+23                ; M[23]
        adc     r9, r0
        ldd     r0, Y+24                ; M[24]
        adc     r10, r0
        ldd     r0, Y+25                ; M[25]
        adc     r11, r0
        ldd     r0, Y+26                ; M[26]
        adc     r12, r0
        ldd     r0, Y+27                ; M[27]
        adc     r13, r0
        ldd     r0, Y+28                ; M[28]
        adc     r14, r0
        ldd     r0, Y+29                ; M[29]
        adc     r15, r0
        ldd     r0, Y+30                ; M[30]
        adc     r16, r0
        ldd     r0, Y+31                ; M[31]
        adc     r17, r0
        sbc     r24, r24
        ldd     r0, Y+48                ; E[0]
        and     r0, r18
        sub     r2, r0
        ldd     r0, Y+49                ; E[1]
        and     r0, r18
        sbc     r3, r0
        ldd     r0, Y+50                ; E[2]
        and     r0, r18
        sbc     r4, r0
        ldd     r0, Y+51                ; E[3]
        and     r0, r18
        sbc     r5, r0
        ldd     r0, Y+52                ; E[4]
        and     r0, r18
        sbc     r6, r0
        ldd     r0, Y+53                ; E[5]
        and     r0, r18
        sbc     r7, r0
        ldd     r0, Y+54                ; E[6]
        and     r0, r18
        sbc     r8, r0
        ldd     r0, Y+55                ; E[7]
        and     r0, r18
        sbc     r9, r0
        ldd     r0, Y+56                ; E[8]
        and     r0, r18
        sbc     r10, r0
        ldd     r0, Y+57                ; E[9]
        and     r0, r18
        sbc     r11, r0
        ldd     r0, Y+58                ; E[10]
        and     r0, r18
        sbc     r12, r0
        ldd     r0, Y+59                ; E[11]
        and     r0, r18
        sbc     r13, r0
        ldd     r0, Y+60                ; E[12]
        and     r0, r18
        sbc     r14, r0
        ldd     r0, Y+61                ; E[13]
        and     r0, r18
        sbc     r15, r0
        ldd     r0, Y+62                ; E[14]
        and     r0, r18
        sbc     r16, r0
        ldd     r0, Y+63                ; E[15]
        and     r0, r18
        sbc     r17, r0
        sbc     r26, r26                ; -borrow
        ldd     r0, Y+32                ; D[0]
        and     r0, r19
        sub     r2, r0
        std     Z+32, r2                ; F[32]
        ldd     r0, Y+33                ; D[1]
        and     r0, r19
        sbc     r3, r0
        std     Z+33, r3                ; F[33]
        ldd     r0, Y+34                ; D[2]
        and     r0, r19
        sbc     r4, r0
        std     Z+34, r4                ; F[34]
        ldd     r0, Y+35                ; D[3]
        and     r0, r19
        sbc     r5, r0
        std     Z+35, r5                ; F[35]
        ldd     r0, Y+36                ; D[4]
        and     r0, r19
        sbc     r6, r0
        std     Z+36, r6                ; F[36]
        ldd     r0, Y+37                ; D[5]
        and     r0, r19
        sbc     r7, r0
        std     Z+37, r7                ; F[37]
        ldd     r0, Y+38                ; D[6]
        and     r0, r19
        sbc     r8, r0
        std     Z+38, r8                ; F[38]
        ldd     r0, Y+39                ; D[7]
        and     r0, r19
        sbc     r9, r0
        std     Z+39, r9                ; F[39]
        ldd     r0, Y+40                ; D[8]
        and     r0, r19
        sbc     r10, r0
        std     Z+40, r10               ; F[40]
        ldd     r0, Y+41                ; D[9]
        and     r0, r19
        sbc     r11, r0
        std     Z+41, r11               ; F[41]
        ldd     r0, Y+42                ; D[10]
        and     r0, r19
        sbc     r12, r0
        std     Z+42, r12               ; F[42]
        ldd     r0, Y+43                ; D[11]
        and     r0, r19
        sbc     r13, r0
        std     Z+43, r13               ; F[43]
        ldd     r0, Y+44                ; D[12]
        and     r0, r19
        sbc     r14, r0
        std     Z+44, r14               ; F[44]
        ldd     r0, Y+45                ; D[13]
        and     r0, r19
        sbc     r15, r0
        std     Z+45, r15               ; F[45]
        ldd     r0, Y+46                ; D[14]
        and     r0, r19
        sbc     r16, r0
        std     Z+46, r16               ; F[46]
        ldd     r0, Y+47                ; D[15]
        and     r0, r19
        sbc     r17, r0
        std     Z+47, r17               ; F[47]
        sbc     r27, r27                ; -borrow
; F3 = H1 + t + c3 + c4 - b5 - b6 + bA*bB -> r[48..63]
        and     r18, r19                ; -bA*bB
        clr     r17
        sub     r17, r20
        sub     r17, r22
        sub     r17, r23
        sub     r17, r24
        add     r17, r26
        add     r17, r27
        sub     r17, r18
        mov     r21, r17                ; sign extension of x
        lsl     r21
        sbc     r21, r21
        ldd     r0, Z+48                ; H1[0]
        add     r0, r17
        std     Z+48, r0                ; F[48]
        ldd     r0, Z+49                ; H1[1]
        adc     r0, r21
        std     Z+49, r0                ; F[49]
        ldd     r0, Z+50                ; H1[2]
        adc     r0, r21
        std     Z+50, r0                ; F[50]
        ldd     r0, Z+51                ; H1[3]
        adc     r0, r21
        std     Z+51, r0                ; F[51]
        ldd     r0, Z+52                ; H1[4]
        adc     r0, r21
        std     Z+52, r0                ; F[52]
        ldd     r0, Z+53                ; H1[5]
        adc     r0, r21
        std     Z+53, r0                ; F[53]
        ldd     r0, Z+54                ; H1[6]
        adc     r0, r21
        std     Z+54, r0                ; F[54]
        ldd     r0, Z+55                ; H1[7]
        adc     r0, r21
        std     Z+55, r0                ; F[55]
        ldd     r0, Z+56                ; H1[8]
        adc     r0, r21
        std     Z+56, r0                ; F[56]
        ldd     r0, Z+57                ; H1[9]
        adc     r0, r21
        std     Z+57, r0                ; F[57]
        ldd     r0, Z+58                ; H1[10]
        adc     r0, r21
        std     Z+58, r0                ; F[58]
        ldd     r0, Z+59                ; H1[11]
        adc     r0, r21
        std     Z+59, r0                ; F[59]
        ldd     r0, Z+60                ; H1[12]
        adc     r0, r21
        std     Z+60, r0                ; F[60]
        ldd     r0, Z+61                ; H1[13]
        adc     r0, r21
        std     Z+61, r0                ; F[61]
        ldd     r0, Z+62                ; H1[14]
        adc     r0, r21
        std     Z+62, r0                ; F[62]
        ldd     r0, Z+63                ; H1[15]
        adc     r0, r21
        std     Z+63, r0                ; F[63]
        in      r28, _SFR_IO_ADDR(SPL)  ; free the frame
        in      r29, _SFR_IO_ADDR(SPH)
        subi    r28, -64
        sbci    r29, -1
        in      r0, _SFR_IO_ADDR(SREG)
        cli
        out     _SFR_IO_ADDR(SPH), r29
        out     _SFR_IO_ADDR(SREG), r0
        out     _SFR_IO_ADDR(SPL), r28
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

k16:

; ==== phase 1: L = AL*BL, columns 0..14; L0 = L[0..7] -> r[0..7], L1 = L[8..15] stays in registers
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
; L[8] kept in r24
        clr     r2
; column 9
        mul     r6, r17                 ; a[2]*b[7]
        add     r22, r0
        adc     r23, r1
        adc     r2, r25
        mul     r8, r15                 ; a[3]*b[6]
        add     r22, r0
        adc     r23, r1
        adc     r2, r25
        mul     r10, r13                ; a[4]*b[5]
        add     r22, r0
        adc     r23, r1
        adc     r2, r25
        mul     r12, r11                ; a[5]*b[4]
        add     r22, r0
        adc     r23, r1
        adc     r2, r25
        mul     r14, r9                 ; a[6]*b[3]
        add     r22, r0
        adc     r23, r1
        adc     r2, r25
        mul     r16, r7                 ; a[7]*b[2]
        add     r22, r0
        adc     r23, r1
        adc     r2, r25
; L[9] kept in r22
        clr     r3
; column 10
        mul     r8, r17                 ; a[3]*b[7]
        add     r23, r0
        adc     r2, r1
        adc     r3, r25
        mul     r10, r15                ; a[4]*b[6]
        add     r23, r0
        adc     r2, r1
        adc     r3, r25
        mul     r12, r13                ; a[5]*b[5]
        add     r23, r0
        adc     r2, r1
        adc     r3, r25
        mul     r14, r11                ; a[6]*b[4]
        add     r23, r0
        adc     r2, r1
        adc     r3, r25
        mul     r16, r9                 ; a[7]*b[3]
        add     r23, r0
        adc     r2, r1
        adc     r3, r25
; L[10] kept in r23
        clr     r4
; column 11
        mul     r10, r17                ; a[4]*b[7]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
        mul     r12, r15                ; a[5]*b[6]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
        mul     r14, r13                ; a[6]*b[5]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
        mul     r16, r11                ; a[7]*b[4]
        add     r2, r0
        adc     r3, r1
        adc     r4, r25
; L[11] kept in r2
        clr     r5
; column 12
        mul     r12, r17                ; a[5]*b[7]
        add     r3, r0
        adc     r4, r1
        adc     r5, r25
        mul     r14, r15                ; a[6]*b[6]
        add     r3, r0
        adc     r4, r1
        adc     r5, r25
        mul     r16, r13                ; a[7]*b[5]
        add     r3, r0
        adc     r4, r1
        adc     r5, r25
; L[12] kept in r3
        clr     r6
; column 13
        mul     r14, r17                ; a[6]*b[7]
        add     r4, r0
        adc     r5, r1
        adc     r6, r25
        mul     r16, r15                ; a[7]*b[6]
        add     r4, r0
        adc     r5, r1
        adc     r6, r25
; L[13] kept in r4
        clr     r7
; column 14
        mul     r16, r17                ; a[7]*b[7]
        add     r5, r0
        adc     r6, r1
; L[14] kept in r5
; L[15] kept in r6

; ==== phase 2: H' = AH*BH + L1 -> r[16..31]; a[8..15] and b[8..15] stay in registers for phase 3
; column 0
        clr     r7
        clr     r8
        ld      r9, X+                  ; a[8]
        ld      r10, Y+                 ; b[8]
        mul     r9, r10                 ; a[8]*b[8]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        std     Z+16, r24               ; r[16] = H'[0]
        clr     r24
; column 1
        add     r7, r22                 ; + L[9]
        adc     r8, r25
        ld      r11, X+                 ; a[9]
        ld      r12, Y+                 ; b[9]
        mul     r9, r12                 ; a[8]*b[9]
        add     r7, r0
        adc     r8, r1
        mul     r11, r10                ; a[9]*b[8]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        std     Z+17, r7                ; r[17] = H'[1]
        clr     r7
; column 2
        add     r8, r23                 ; + L[10]
        adc     r24, r25
        ld      r13, X+                 ; a[10]
        ld      r14, Y+                 ; b[10]
        mul     r9, r14                 ; a[8]*b[10]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r11, r12                ; a[9]*b[9]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r13, r10                ; a[10]*b[8]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        std     Z+18, r8                ; r[18] = H'[2]
        clr     r8
; column 3
        add     r24, r2                 ; + L[11]
        adc     r7, r25
        ld      r2, X+                  ; a[11]
        ld      r15, Y+                 ; b[11]
        mul     r9, r15                 ; a[8]*b[11]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r11, r14                ; a[9]*b[10]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r13, r12                ; a[10]*b[9]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r2, r10                 ; a[11]*b[8]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        std     Z+19, r24               ; r[19] = H'[3]
        clr     r24
; column 4
        add     r7, r3                  ; + L[12]
        adc     r8, r25
        ld      r3, X+                  ; a[12]
        ld      r16, Y+                 ; b[12]
        mul     r9, r16                 ; a[8]*b[12]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r11, r15                ; a[9]*b[11]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r13, r14                ; a[10]*b[10]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r2, r12                 ; a[11]*b[9]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r3, r10                 ; a[12]*b[8]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        std     Z+20, r7                ; r[20] = H'[4]
        clr     r7
; column 5
        add     r8, r4                  ; + L[13]
        adc     r24, r25
        ld      r4, X+                  ; a[13]
        ld      r17, Y+                 ; b[13]
        mul     r9, r17                 ; a[8]*b[13]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r11, r16                ; a[9]*b[12]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r13, r15                ; a[10]*b[11]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r2, r14                 ; a[11]*b[10]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r3, r12                 ; a[12]*b[9]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r4, r10                 ; a[13]*b[8]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        std     Z+21, r8                ; r[21] = H'[5]
        clr     r8
; column 6
        add     r24, r5                 ; + L[14]
        adc     r7, r25
        ld      r5, X+                  ; a[14]
        ld      r18, Y+                 ; b[14]
        mul     r9, r18                 ; a[8]*b[14]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r11, r17                ; a[9]*b[13]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r13, r16                ; a[10]*b[12]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r2, r15                 ; a[11]*b[11]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r3, r14                 ; a[12]*b[10]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r4, r12                 ; a[13]*b[9]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r5, r10                 ; a[14]*b[8]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        std     Z+22, r24               ; r[22] = H'[6]
        clr     r24
; column 7
        add     r7, r6                  ; + L[15]
        adc     r8, r25
        ld      r6, X+                  ; a[15]
        ld      r19, Y+                 ; b[15]
        mul     r9, r19                 ; a[8]*b[15]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r11, r18                ; a[9]*b[14]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r13, r17                ; a[10]*b[13]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r2, r16                 ; a[11]*b[12]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r3, r15                 ; a[12]*b[11]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r4, r14                 ; a[13]*b[10]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r5, r12                 ; a[14]*b[9]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r6, r10                 ; a[15]*b[8]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        std     Z+23, r7                ; r[23] = H'[7]
        clr     r7
; column 8
        mul     r11, r19                ; a[9]*b[15]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r13, r18                ; a[10]*b[14]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r2, r17                 ; a[11]*b[13]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r3, r16                 ; a[12]*b[12]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r4, r15                 ; a[13]*b[11]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r5, r14                 ; a[14]*b[10]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r6, r12                 ; a[15]*b[9]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        std     Z+24, r8                ; r[24] = H'[8]
        clr     r8
; column 9
        mul     r13, r19                ; a[10]*b[15]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r2, r18                 ; a[11]*b[14]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r3, r17                 ; a[12]*b[13]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r4, r16                 ; a[13]*b[12]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r5, r15                 ; a[14]*b[11]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r6, r14                 ; a[15]*b[10]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        std     Z+25, r24               ; r[25] = H'[9]
        clr     r24
; column 10
        mul     r2, r19                 ; a[11]*b[15]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r3, r18                 ; a[12]*b[14]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r4, r17                 ; a[13]*b[13]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r5, r16                 ; a[14]*b[12]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r6, r15                 ; a[15]*b[11]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        std     Z+26, r7                ; r[26] = H'[10]
        clr     r7
; column 11
        mul     r3, r19                 ; a[12]*b[15]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r4, r18                 ; a[13]*b[14]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r5, r17                 ; a[14]*b[13]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        mul     r6, r16                 ; a[15]*b[12]
        add     r8, r0
        adc     r24, r1
        adc     r7, r25
        std     Z+27, r8                ; r[27] = H'[11]
        clr     r8
; column 12
        mul     r4, r19                 ; a[13]*b[15]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r5, r18                 ; a[14]*b[14]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        mul     r6, r17                 ; a[15]*b[13]
        add     r24, r0
        adc     r7, r1
        adc     r8, r25
        std     Z+28, r24               ; r[28] = H'[12]
        clr     r24
; column 13
        mul     r5, r19                 ; a[14]*b[15]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        mul     r6, r18                 ; a[15]*b[14]
        add     r7, r0
        adc     r8, r1
        adc     r24, r25
        std     Z+29, r7                ; r[29] = H'[13]
        clr     r7
; column 14
        mul     r6, r19                 ; a[15]*b[15]
        add     r8, r0
        adc     r24, r1
        std     Z+30, r8                ; r[30] = H'[14]
        std     Z+31, r24               ; r[31] = H'[15]

; ==== phase 3a: D = AL - AH (borrow bA), E = BH - BL (borrow bB), mod 2^64, over the registers of AH and BH
        sbiw    r26, 16                 ; X = a
        sbiw    r28, 16                 ; Y = b
        ld      r7, X+                  ; a[0]
        sub     r7, r9                  ; D[0] = a[0] - a[8]
        ld      r8, X+                  ; a[1]
        sbc     r8, r11                 ; D[1] = a[1] - a[9]
        ld      r9, X+                  ; a[2]
        sbc     r9, r13                 ; D[2] = a[2] - a[10]
        ld      r11, X+                 ; a[3]
        sbc     r11, r2                 ; D[3] = a[3] - a[11]
        ld      r2, X+                  ; a[4]
        sbc     r2, r3                  ; D[4] = a[4] - a[12]
        ld      r3, X+                  ; a[5]
        sbc     r3, r4                  ; D[5] = a[5] - a[13]
        ld      r4, X+                  ; a[6]
        sbc     r4, r5                  ; D[6] = a[6] - a[14]
        ld      r5, X+                  ; a[7]
        sbc     r5, r6                  ; D[7] = a[7] - a[15]
        sbc     r6, r6                  ; mA = -bA
        ld      r0, Y+                  ; b[0]
        sub     r10, r0                 ; E[0] = b[8] - b[0]
        ld      r0, Y+                  ; b[1]
        sbc     r12, r0                 ; E[1] = b[9] - b[1]
        ld      r0, Y+                  ; b[2]
        sbc     r14, r0                 ; E[2] = b[10] - b[2]
        ld      r0, Y+                  ; b[3]
        sbc     r15, r0                 ; E[3] = b[11] - b[3]
        ld      r0, Y+                  ; b[4]
        sbc     r16, r0                 ; E[4] = b[12] - b[4]
        ld      r0, Y+                  ; b[5]
        sbc     r17, r0                 ; E[5] = b[13] - b[5]
        ld      r0, Y+                  ; b[6]
        sbc     r18, r0                 ; E[6] = b[14] - b[6]
        ld      r0, Y+                  ; b[7]
        sbc     r19, r0                 ; E[7] = b[15] - b[7]
        sbc     r13, r13                ; mB = -bB

; ==== phase 3b: r[8..31] = G + D*E + corrections, column j -> r[8+j]; G[j] = W[j] + W[8+j], W = L0 | H' (W[j] at r[j] for j < 8, at r[8+j] above)
; column 0 -> r[8]
        ldd     r20, Z+0                ; W[0]
        clr     r21
        clr     r22
        ldd     r0, Z+16                ; + W[8]
        add     r20, r0
        adc     r21, r25
        mul     r7, r10                 ; D[0]*E[0]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        std     Z+8, r20                ; r[8]
        clr     r20
; column 1 -> r[9]
        ldd     r0, Z+1                 ; + W[1]
        add     r21, r0
        adc     r22, r25
        ldd     r0, Z+17                ; + W[9]
        add     r21, r0
        adc     r22, r25
        mul     r7, r12                 ; D[0]*E[1]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r8, r10                 ; D[1]*E[0]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        std     Z+9, r21                ; r[9]
        clr     r21
; column 2 -> r[10]
        ldd     r0, Z+2                 ; + W[2]
        add     r22, r0
        adc     r20, r25
        ldd     r0, Z+18                ; + W[10]
        add     r22, r0
        adc     r20, r25
        mul     r7, r14                 ; D[0]*E[2]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r8, r12                 ; D[1]*E[1]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r9, r10                 ; D[2]*E[0]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        std     Z+10, r22               ; r[10]
        clr     r22
; column 3 -> r[11]
        ldd     r0, Z+3                 ; + W[3]
        add     r20, r0
        adc     r21, r25
        ldd     r0, Z+19                ; + W[11]
        add     r20, r0
        adc     r21, r25
        mul     r7, r15                 ; D[0]*E[3]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r8, r14                 ; D[1]*E[2]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r9, r12                 ; D[2]*E[1]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r11, r10                ; D[3]*E[0]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        std     Z+11, r20               ; r[11]
        clr     r20
; column 4 -> r[12]
        ldd     r0, Z+4                 ; + W[4]
        add     r21, r0
        adc     r22, r25
        ldd     r0, Z+20                ; + W[12]
        add     r21, r0
        adc     r22, r25
        mul     r7, r16                 ; D[0]*E[4]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r8, r15                 ; D[1]*E[3]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r9, r14                 ; D[2]*E[2]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r11, r12                ; D[3]*E[1]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r2, r10                 ; D[4]*E[0]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        std     Z+12, r21               ; r[12]
        clr     r21
; column 5 -> r[13]
        ldd     r0, Z+5                 ; + W[5]
        add     r22, r0
        adc     r20, r25
        ldd     r0, Z+21                ; + W[13]
        add     r22, r0
        adc     r20, r25
        mul     r7, r17                 ; D[0]*E[5]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r8, r16                 ; D[1]*E[4]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r9, r15                 ; D[2]*E[3]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r11, r14                ; D[3]*E[2]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r2, r12                 ; D[4]*E[1]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r3, r10                 ; D[5]*E[0]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        std     Z+13, r22               ; r[13]
        clr     r22
; column 6 -> r[14]
        ldd     r0, Z+6                 ; + W[6]
        add     r20, r0
        adc     r21, r25
        ldd     r0, Z+22                ; + W[14]
        add     r20, r0
        adc     r21, r25
        mul     r7, r18                 ; D[0]*E[6]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r8, r17                 ; D[1]*E[5]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r9, r16                 ; D[2]*E[4]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r11, r15                ; D[3]*E[3]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r2, r14                 ; D[4]*E[2]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r3, r12                 ; D[5]*E[1]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r4, r10                 ; D[6]*E[0]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        std     Z+14, r20               ; r[14]
        clr     r20
; column 7 -> r[15]
        ldd     r0, Z+7                 ; + W[7]
        add     r21, r0
        adc     r22, r25
        ldd     r0, Z+23                ; + W[15]
        add     r21, r0
        adc     r22, r25
        mul     r7, r19                 ; D[0]*E[7]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r8, r18                 ; D[1]*E[6]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r9, r17                 ; D[2]*E[5]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r11, r16                ; D[3]*E[4]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r2, r15                 ; D[4]*E[3]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r3, r14                 ; D[5]*E[2]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r4, r12                 ; D[6]*E[1]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r5, r10                 ; D[7]*E[0]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        std     Z+15, r21               ; r[15]
        clr     r21
; column 8 -> r[16]
        ldd     r0, Z+16                ; + W[8]
        add     r22, r0
        adc     r20, r25
        com     r10                     ; + bA*~E[0]
        and     r10, r6
        cp      r25, r6                 ; carry = bA
        adc     r22, r10
        adc     r20, r25
        com     r7                      ; + bB*~D[0]
        and     r7, r13
        cp      r25, r13                ; carry = bB
        adc     r22, r7
        adc     r20, r25
        ldd     r10, Z+24               ; + W[16] = H'[8], kept
        add     r22, r10
        adc     r20, r25
        mul     r8, r19                 ; D[1]*E[7]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r9, r18                 ; D[2]*E[6]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r11, r17                ; D[3]*E[5]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r2, r16                 ; D[4]*E[4]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r3, r15                 ; D[5]*E[3]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r4, r14                 ; D[6]*E[2]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r5, r12                 ; D[7]*E[1]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        std     Z+16, r22               ; r[16]
        clr     r22
; column 9 -> r[17]
        ldd     r0, Z+17                ; + W[9]
        add     r20, r0
        adc     r21, r25
        com     r12                     ; + bA*~E[1]
        and     r12, r6
        add     r20, r12
        adc     r21, r25
        com     r8                      ; + bB*~D[1]
        and     r8, r13
        add     r20, r8
        adc     r21, r25
        ldd     r12, Z+25               ; + W[17] = H'[9], kept
        add     r20, r12
        adc     r21, r25
        mul     r9, r19                 ; D[2]*E[7]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r11, r18                ; D[3]*E[6]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r2, r17                 ; D[4]*E[5]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r3, r16                 ; D[5]*E[4]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r4, r15                 ; D[6]*E[3]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r5, r14                 ; D[7]*E[2]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        std     Z+17, r20               ; r[17]
        clr     r20
; column 10 -> r[18]
        ldd     r0, Z+18                ; + W[10]
        add     r21, r0
        adc     r22, r25
        com     r14                     ; + bA*~E[2]
        and     r14, r6
        add     r21, r14
        adc     r22, r25
        com     r9                      ; + bB*~D[2]
        and     r9, r13
        add     r21, r9
        adc     r22, r25
        ldd     r14, Z+26               ; + W[18] = H'[10], kept
        add     r21, r14
        adc     r22, r25
        mul     r11, r19                ; D[3]*E[7]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r2, r18                 ; D[4]*E[6]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r3, r17                 ; D[5]*E[5]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r4, r16                 ; D[6]*E[4]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r5, r15                 ; D[7]*E[3]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        std     Z+18, r21               ; r[18]
        clr     r21
; column 11 -> r[19]
        ldd     r0, Z+19                ; + W[11]
        add     r22, r0
        adc     r20, r25
        com     r15                     ; + bA*~E[3]
        and     r15, r6
        add     r22, r15
        adc     r20, r25
        com     r11                     ; + bB*~D[3]
        and     r11, r13
        add     r22, r11
        adc     r20, r25
        ldd     r15, Z+27               ; + W[19] = H'[11], kept
        add     r22, r15
        adc     r20, r25
        mul     r2, r19                 ; D[4]*E[7]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r3, r18                 ; D[5]*E[6]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r4, r17                 ; D[6]*E[5]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        mul     r5, r16                 ; D[7]*E[4]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        std     Z+19, r22               ; r[19]
        clr     r22
; column 12 -> r[20]
        ldd     r0, Z+20                ; + W[12]
        add     r20, r0
        adc     r21, r25
        com     r16                     ; + bA*~E[4]
        and     r16, r6
        add     r20, r16
        adc     r21, r25
        com     r2                      ; + bB*~D[4]
        and     r2, r13
        add     r20, r2
        adc     r21, r25
        ldd     r16, Z+28               ; + W[20] = H'[12], kept
        add     r20, r16
        adc     r21, r25
        mul     r3, r19                 ; D[5]*E[7]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r4, r18                 ; D[6]*E[6]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        mul     r5, r17                 ; D[7]*E[5]
        add     r20, r0
        adc     r21, r1
        adc     r22, r25
        std     Z+20, r20               ; r[20]
        clr     r20
; column 13 -> r[21]
        ldd     r0, Z+21                ; + W[13]
        add     r21, r0
        adc     r22, r25
        com     r17                     ; + bA*~E[5]
        and     r17, r6
        add     r21, r17
        adc     r22, r25
        com     r3                      ; + bB*~D[5]
        and     r3, r13
        add     r21, r3
        adc     r22, r25
        ldd     r17, Z+29               ; + W[21] = H'[13], kept
        add     r21, r17
        adc     r22, r25
        mul     r4, r19                 ; D[6]*E[7]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        mul     r5, r18                 ; D[7]*E[6]
        add     r21, r0
        adc     r22, r1
        adc     r20, r25
        std     Z+21, r21               ; r[21]
        clr     r21
; column 14 -> r[22]
        ldd     r0, Z+22                ; + W[14]
        add     r22, r0
        adc     r20, r25
        com     r18                     ; + bA*~E[6]
        and     r18, r6
        add     r22, r18
        adc     r20, r25
        com     r4                      ; + bB*~D[6]
        and     r4, r13
        add     r22, r4
        adc     r20, r25
        ldd     r18, Z+30               ; + W[22] = H'[14], kept
        add     r22, r18
        adc     r20, r25
        mul     r5, r19                 ; D[7]*E[7]
        add     r22, r0
        adc     r20, r1
        adc     r21, r25
        std     Z+22, r22               ; r[22]
        clr     r22
; column 15 -> r[23]
        ldd     r0, Z+23                ; + W[15]
        add     r20, r0
        adc     r21, r25
        com     r19                     ; + bA*~E[7]
        and     r19, r6
        add     r20, r19
        adc     r21, r25
        com     r5                      ; + bB*~D[7]
        and     r5, r13
        add     r20, r5
        adc     r21, r25
        ldd     r19, Z+31               ; + W[23] = H'[15], kept
        add     r20, r19
        adc     r21, r25
        std     Z+23, r20               ; r[23]
        clr     r20
; r[24..31] = H'[8..15] + carry - (bA|bB), H'[8..15] kept in registers since phase 3b
        or      r6, r13
        add     r21, r6
        adc     r22, r6
        adc     r20, r6
        add     r10, r21
        std     Z+24, r10               ; r[24]
        adc     r12, r22
        std     Z+25, r12               ; r[25]
        adc     r14, r20
        std     Z+26, r14               ; r[26]
        adc     r15, r20
        std     Z+27, r15               ; r[27]
        adc     r16, r20
        std     Z+28, r16               ; r[28]
        adc     r17, r20
        std     Z+29, r17               ; r[29]
        adc     r18, r20
        std     Z+30, r18               ; r[30]
        adc     r19, r20
        std     Z+31, r19               ; r[31]
        ret
        .size mpmul256, .-mpmul256
