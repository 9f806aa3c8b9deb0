; avrlab task: sneik-f512
; title: SNEIK f512 v1.1, one round unrolled (16 steps), a five-word register window
; compare: fast (16-step unroll)
;
; The SNEIK v1.1 512-bit permutation for the ATmega2560, with the designers' prototype (avr-gcc ABI):
;
;     void sneik_f512(uint8_t *state, uint8_t dom, uint8_t rounds);
;         state in r25:r24 (64 bytes, permuted in place), dom in r22, rounds in r20
;
; ---------------------------------------------------------------------------------------------------
; The permutation (M.-J. O. Saarinen, "SNEIKEN and SNEIKHA", v1.1, 2019: Listing 1, Eq. 2-3)
; ---------------------------------------------------------------------------------------------------
; The state is sixteen 32-bit words s[0..15], little-endian (s[j] = state[4j] | state[4j+1] << 8 |
; ...). Round r = 0 .. rounds-1 is
;
;     s[0] ^= rc[r];  s[1] ^= dom;                   (rc[r] < 256, dom < 256: the low bytes only)
;     for j = 0 .. 15:                               (indices mod 16, s[j] replaced at once)
;         t = s[j] + s[j-1]
;         t = t ^ ROL(t, 24) ^ ROL(t, 25)
;         t = t ^ ROL(s[j-2], 1)
;         t = t + s[j+2]
;         t = t ^ ROL(t, 9) ^ ROL(t, 17)
;         s[j] = t ^ s[j+1]
;
; with + mod 2^32 and ROL a 32-bit left rotation; rc = ef e0 d9 d6 ba b5 8c 83 10 1f 26 29 45 4a 73
; 7c. s[j-1] and s[j-2] are this round's new words; for j = 14 and 15, s[j+1] and s[j+2] wrap to
; s[0] and s[1] as this round already replaced them.
;
; ---------------------------------------------------------------------------------------------------
; A five-word window in registers
; ---------------------------------------------------------------------------------------------------
; Step j reads five words: s[j-2], s[j-1] (new), s[j], s[j+1], s[j+2] (old). The next step needs
; four of them again, shifted by one: so five word slots of four registers each hold the window,
; and each step loads one word, s[j+2], and stores one, the new s[j]. Word i of the round lives in
; slot (i + 2) mod 5; the code is one round unrolled, so the slots of step j are register numbers
; computed by the assembler (macro STEP below), and moving the window costs nothing inside a round.
; Sixteen steps shift the slots by 16 mod 5 = 1, so after a round four MOVW pairs move the four live
; words (new s[14], s[15], s[0], s[1]) back to the slots the round starts with. The window flows
; from one round into the next: the words the last two steps loaded (the new s[0], s[1]) are the
; s[j], s[j+1] of the next round's first step, so every word is loaded once and stored once per
; round.
;
; Slot registers: slot 0 = r6..r9, 1 = r10..r13, 2 = r14..r17, 3 = r18..r21, 4 = r22..r25 (each
; little-endian, base register even for MOVW). In step j:
;
;     P2 = slot of s[j-2]   P1 = s[j-1]   C = s[j]   N1 = s[j+1]   N2 = s[j+2]
;
; No register is needed beyond the window: the first temporary (for ROL(t,25)) is N2's slot before
; s[j+2] is loaded into it, the second (for ROL(t,9)) is P2's slot once s[j-2] has been used.
;
; One step, 67 cycles:
;     C += P1                                        4   (t = s[j] + s[j-1], in C's registers)
;     N2 = C ; N2 = ROL1(N2) ; N2 ^= C               11  (N2 = t ^ ROL(t,1))
;     C ^= ROR8(N2)                                  4   (t ^ ROL(t,24) ^ ROL(t,25) = t ^ ROL24(t ^ ROL1 t);
;                                                         ROL24 = ROR8 is a renaming: C[k] ^= N2[k+1])
;     P2 = ROL1(P2) ; C ^= P2                        9
;     N2 = s[j+2] (4 x LDD) ; C += N2                12
;     P2 = C ; P2 = ROL1(P2)                         7   (v = ROL(t,1))
;     C ^= ROL8(v) ^ ROL16(v)                        8   (ROL9 = ROL8 o ROL1, ROL17 = ROL16 o ROL1:
;                                                         C[k] ^= v[k-1] ^ v[k-2], renamings again)
;     C ^= N1 ; s[j] = C (4 x STD)                   12
; ROL1 of a word is  lsl b0 / rol b1 / rol b2 / rol b3 / adc b0, r1  (r1 = 0: bit 31 back to bit 0).
;
; Other registers: Y = state (LDD/STD Y+q, q = 4j), Z = the round-constant table (LPM Z+),
; r26 = dom, r27 = rounds left, r1 = 0 (never written), r0 = the round constant.
; r6..r17, r28, r29 are callee-saved: pushed and popped (14 bytes of stack).
;
; ---------------------------------------------------------------------------------------------------
; Constant time, ABI
; ---------------------------------------------------------------------------------------------------
; The only branches are the round loop and the rounds = 0 check, on the round count (a public
; parameter, 8 for SNEIKHA256), never on the state or dom; the table is read at the same
; addresses for every state. avr-gcc ABI: callee-saved registers restored, r1 = 0 (untouched).
;
; ---------------------------------------------------------------------------------------------------
; Cost
; ---------------------------------------------------------------------------------------------------
;   16 steps x 67 = 1072 cycles, + LPM and two EOR for rc and dom 5, + DEC, BREQ, 8 x MOVW, RJMP 12
;   (the last round skips the MOVWs: 3): 1089 cycles per round. Once per call: 14 PUSH and POP,
;   the four window words, set-up and RET, 101 cycles.
; `avrlab bench examples/sneik-f512.S` (ATmega2560, 8 rounds, every input): 8804 cycles per call,
; 1100.5 cycles per round, 2038 bytes of flash (2022 of code, the 16-byte table), 14 bytes of RAM
; besides the state (the stack); constant time, ABI kept. Every round count 0..16 gives the
; reference's state.
; Published (SNEIK v1.1 specification, Table 1, ATmega2560, 8 rounds): fast (16-step unroll)
; 1158.1 cycles/round, 2144 bytes ROM, RAM 64 + 14; small (4-step loop) 1206.0 cycles/round,
; 666 bytes. This routine takes 5.0 % fewer cycles per round than the fast one, in 106 fewer bytes
; and the same 14 bytes of stack. The table does not say whether its figure includes the call;
; the figure here is the whole call (prologue and epilogue included) divided by 8.

        .text
        .global sneik_f512
        .type   sneik_f512, @function

; the slots of step j (word i lives in slot (i + 2) mod 5; slot k is r(6+4k)..r(9+4k))
#define SLOT(i) (6 + 4 * (((i) + 2) % 5))

; ROL1 of the word in registers w..w+3
.macro ROL1 w
        lsl     \w
        rol     \w+1
        rol     \w+2
        rol     \w+3
        adc     \w, r1
.endm

; one step of the round, j = 0..15
.macro STEP j
        .set    P2, SLOT(\j - 2)
        .set    P1, SLOT(\j - 1)
        .set    C,  SLOT(\j)
        .set    N1, SLOT(\j + 1)
        .set    N2, SLOT(\j + 2)
        ; t = s[j] + s[j-1]
        add     C, P1
        adc     C+1, P1+1
        adc     C+2, P1+2
        adc     C+3, P1+3
        ; t ^= ROL(t,24) ^ ROL(t,25) = ROR8(t ^ ROL1(t)), with N2 as the temporary
        movw    N2, C
        movw    N2+2, C+2
        ROL1    N2
        eor     N2, C
        eor     N2+1, C+1
        eor     N2+2, C+2
        eor     N2+3, C+3
        eor     C, N2+1
        eor     C+1, N2+2
        eor     C+2, N2+3
        eor     C+3, N2
        ; t ^= ROL(s[j-2], 1)   (s[j-2] is not needed after this)
        ROL1    P2
        eor     C, P2
        eor     C+1, P2+1
        eor     C+2, P2+2
        eor     C+3, P2+3
        ; t += s[j+2]   (for j = 14, 15 the new s[0], s[1])
        ldd     N2, Y + 4 * ((\j + 2) % 16)
        ldd     N2+1, Y + 4 * ((\j + 2) % 16) + 1
        ldd     N2+2, Y + 4 * ((\j + 2) % 16) + 2
        ldd     N2+3, Y + 4 * ((\j + 2) % 16) + 3
        add     C, N2
        adc     C+1, N2+1
        adc     C+2, N2+2
        adc     C+3, N2+3
        ; t ^= ROL(t,9) ^ ROL(t,17): v = ROL1(t) in P2, then C[k] ^= v[k-1] ^ v[k-2]
        movw    P2, C
        movw    P2+2, C+2
        ROL1    P2
        eor     C, P2+3
        eor     C, P2+2
        eor     C+1, P2
        eor     C+1, P2+3
        eor     C+2, P2+1
        eor     C+2, P2
        eor     C+3, P2+2
        eor     C+3, P2+1
        ; s[j] = t ^ s[j+1]
        eor     C, N1
        eor     C+1, N1+1
        eor     C+2, N1+2
        eor     C+3, N1+3
        std     Y + 4 * \j, C
        std     Y + 4 * \j + 1, C+1
        std     Y + 4 * \j + 2, C+2
        std     Y + 4 * \j + 3, C+3
.endm

sneik_f512:
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
        movw    r28, r24                ; Y = state
        mov     r26, r22                ; dom
        mov     r27, r20                ; rounds
        tst     r27
        brne    1f
        rjmp    done                    ; rounds = 0: nothing to do
1:
        ldi     r30, lo8(sneik_rc)      ; Z = rc[0]
        ldi     r31, hi8(sneik_rc)
        ; the window before step 0: s[14], s[15] as words -2, -1 of the round, then s[0], s[1]
        .irp    w, -2, -1, 0, 1
        ldd     SLOT(\w), Y + 4 * ((\w + 16) % 16)
        ldd     SLOT(\w)+1, Y + 4 * ((\w + 16) % 16) + 1
        ldd     SLOT(\w)+2, Y + 4 * ((\w + 16) % 16) + 2
        ldd     SLOT(\w)+3, Y + 4 * ((\w + 16) % 16) + 3
        .endr
round:
        lpm     r0, Z+                  ; s[0] ^= rc[r]
        eor     SLOT(0), r0
        eor     SLOT(1), r26            ; s[1] ^= dom
        .irp    j, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        STEP    \j
        .endr
        dec     r27
        breq    done
        ; new s[14], s[15], s[0], s[1] sit in the slots of words 16..19 (one slot further):
        ; move them back to the slots of words -2..1 for the next round
        movw    SLOT(-2), SLOT(14)
        movw    SLOT(-2)+2, SLOT(14)+2
        movw    SLOT(-1), SLOT(15)
        movw    SLOT(-1)+2, SLOT(15)+2
        movw    SLOT(0), SLOT(16)
        movw    SLOT(0)+2, SLOT(16)+2
        movw    SLOT(1), SLOT(17)
        movw    SLOT(1)+2, SLOT(17)+2
        rjmp    round
done:
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
        ret
        .size   sneik_f512, .-sneik_f512

; the round constants rc[0..15] (the designers' C code, spec Eq. 3)
        .type   sneik_rc, @object
sneik_rc:
        .byte   0xef, 0xe0, 0xd9, 0xd6, 0xba, 0xb5, 0x8c, 0x83
        .byte   0x10, 0x1f, 0x26, 0x29, 0x45, 0x4a, 0x73, 0x7c
        .size   sneik_rc, .-sneik_rc
