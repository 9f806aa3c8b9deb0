; avrlab task: sneikha256
; title: SNEIKHA256 over the f512 example (BLNK2 sponge, rate 32 bytes)
;
; The SNEIKHA256 hash (SNEIK v1.1) for the ATmega2560, avr-gcc ABI, the designers' crypto_hash with
; the message length as a byte:
;
;     void sneikha256(uint8_t *md, const uint8_t *msg, uint8_t len);
;         md in r25:r24 (32 bytes out), msg in r23:r22 (len bytes in), len in r20
;
; ---------------------------------------------------------------------------------------------------
; The hash (M.-J. O. Saarinen, "SNEIKEN and SNEIKHA" v1.1, 2019; crypto_hash/sneikha256)
; ---------------------------------------------------------------------------------------------------
; A BLNK2 sponge on the 64-byte f512 state with a 32-byte rate, 8 rounds:
;     state = 0
;     for each byte b of msg, then the pad byte 0x01:
;         if 32 bytes have gone in since the last permutation: f512(state, dom 0x10, 8 rounds)
;         state[pos++] ^= b
;     state[31] ^= 0x80;  f512(state, dom 0x11, 8 rounds);  md = state[0..31]
; The permutation is only run when another byte must go into a full block, so a 32-byte message
; takes two permutations (its pad byte opens a second block) and the empty message one.
;
; ---------------------------------------------------------------------------------------------------
; Code
; ---------------------------------------------------------------------------------------------------
; The permutation is examples/sneik-f512.S itself, included at the end (its sneik_f512 keeps the
; avr-gcc ABI, so the absorbing loop keeps its pointers in callee-saved registers across the call:
; r15:r14 a copy of the message pointer X, r17:r16 md, r13 the bytes left, Y the state position).
; The state sits in .bss (64 bytes). One absorbed byte costs 18 cycles; the 8-round f512 8804.
;
; Constant time: every branch depends on len (public) only; no table is indexed by the message
; (f512's round-constant table is read at the same addresses for every state).
;
; ---------------------------------------------------------------------------------------------------
; Cost
; ---------------------------------------------------------------------------------------------------
; `avrlab bench examples/sneikha256.S` (ATmega2560; the random inputs hash 128-byte messages, the
; edge inputs the KAT messages of 0, 1 and 33 bytes and 31, 32, 64, 127 bytes): a 128-byte message
; takes 5 permutations (4 full blocks, then the pad byte's block) and the absorbing: 46990 cycles,
; 367.1 cycles per byte; the empty message 9422. 2176 bytes of flash (138 here, f512 2038), 88 bytes
; of RAM (the 64-byte state and 24 of stack). No published SNEIKHA256 cycle count is in the project's data
; (kernel-rows.json gives f512's cycles per round, Table 1 of the specification).

        .text
        .global sneikha256
        .type   sneikha256, @function
sneikha256:
        push    r13
        push    r14
        push    r15
        push    r16
        push    r17
        push    r28
        push    r29
        movw    r16, r24                ; md
        movw    r26, r22                ; X = msg
        mov     r13, r20                ; bytes to absorb: len + the pad byte
        inc     r13
        ldi     r28, lo8(sneikha_state) ; clear the state
        ldi     r29, hi8(sneikha_state)
        ldi     r18, 64
clear:
        st      Y+, r1
        dec     r18
        brne    clear
        ldi     r28, lo8(sneikha_state) ; Y = state[0]
        ldi     r29, hi8(sneikha_state)
absorb:
        cpi     r28, lo8(sneikha_state + 32)
        ldi     r18, hi8(sneikha_state + 32)
        cpc     r29, r18
        brne    1f                      ; room in the block
        movw    r14, r26                ; full: f512(state, 0x10, 8)
        ldi     r24, lo8(sneikha_state)
        ldi     r25, hi8(sneikha_state)
        ldi     r22, 0x10
        ldi     r20, 8
        call    sneik_f512
        movw    r26, r14
        ldi     r28, lo8(sneikha_state)
        ldi     r29, hi8(sneikha_state)
1:      ldi     r18, 0x01               ; the pad byte ...
        dec     r13
        breq    2f                      ; ... once the message is used up
        ld      r18, X+                 ; else the next message byte
2:      ld      r19, Y
        eor     r19, r18
        st      Y+, r19
        tst     r13
        brne    absorb
        lds     r18, sneikha_state + 31 ; state[31] ^= 0x80
        subi    r18, 0x80
        sts     sneikha_state + 31, r18
        ldi     r24, lo8(sneikha_state) ; f512(state, 0x11, 8)
        ldi     r25, hi8(sneikha_state)
        ldi     r22, 0x11
        ldi     r20, 8
        call    sneik_f512
        ldi     r28, lo8(sneikha_state) ; md = state[0..31]
        ldi     r29, hi8(sneikha_state)
        movw    r30, r16
        ldi     r18, 32
copy:
        ld      r0, Y+
        st      Z+, r0
        dec     r18
        brne    copy
        pop     r29
        pop     r28
        pop     r17
        pop     r16
        pop     r15
        pop     r14
        pop     r13
        ret
        .size   sneikha256, . - sneikha256

        .section .bss
sneikha_state:
        .skip   64

        .text
#include "sneik-f512.S"
