; avrlab task: sneiken128-enc
; title: SNEIKEN128 encryption and decryption over the f512 example (BLNK2, rate 48 bytes, 6 rounds)
; compare: —
;
; SNEIKEN128 authenticated encryption (SNEIK v1.1) for the ATmega2560, avr-gcc ABI, the designers'
; crypto_aead_encrypt / _decrypt with the lengths as bytes (at most 128 each, the tasks' buffers):
;
;     void sneiken128_encrypt(uint8_t *c, const uint8_t *m, uint8_t mlen,
;                             const uint8_t *ad, uint8_t adlen, const uint8_t *npub, const uint8_t *k);
;         c r25:r24 (mlen + 8 bytes out), m r23:r22, mlen r20, ad r19:r18, adlen r16,
;         npub r15:r14 (16 bytes), k r13:r12 (16 bytes)
;     void sneiken128_decrypt(uint8_t *m, uint8_t *ok, const uint8_t *c, uint8_t mlen,
;                             const uint8_t *ad, uint8_t adlen, const uint8_t *npub, const uint8_t *k);
;         m r25:r24 (mlen bytes out), ok r23:r22 (1 byte out), c r21:r20 (mlen + 8 bytes in),
;         mlen r18, ad r17:r16, adlen r14, npub r13:r12, k r11:r10
;
; Task sneiken128-enc is this file's first line; `avrlab bench -task sneiken128-dec
; examples/sneiken128.S` measures the decryption (each bench counts only the entry it calls).
;
; ---------------------------------------------------------------------------------------------------
; The mode (M.-J. O. Saarinen, "SNEIKEN and SNEIKHA" v1.1, 2019; crypto_aead/sneiken128, api.h and
; sneik_param.h: key 16, nonce 16, tag 8 bytes, rate 64 - 16 = 48 bytes, 6 rounds of f512)
; ---------------------------------------------------------------------------------------------------
; BLNK2 on the 64-byte f512 state. An element of domain dom is absorbed at its rate (the whole state
; for the full-state domains 0x22 and 0x12, 48 bytes for 0x70), f512(state, dom, 6) running before a
; byte that finds the block full; it ends with the pad byte 0x01 XORed at the position (after the
; same check), state[47] ^= 0x80 for the non-full domain 0x70 only, and f512(state, dom | 1, 6):
;     state = 0
;     key block, dom 0x22:  'a' 'e' 48 16 16 8 | k | npub     (38 bytes: one block, no permutation)
;                           pad at 38;  f512(0x23)
;     associated data, dom 0x12, rate 64, then its end: f512(0x13)  (also for empty data)
;     message, dom 0x70, rate 48:
;         encrypt: state[pos] ^= m[i];  c[i] = state[pos]
;         decrypt: m[i] = state[pos] ^ c[i];  state[pos] = c[i]
;         then its end: pad, state[47] ^= 0x80, f512(0x71)
;     tag = state[0..7]  (encrypt: c[mlen..mlen+7]; decrypt: compared with them)
; Since the state starts at zero, the key block is stored, not XORed.
;
; ---------------------------------------------------------------------------------------------------
; Code
; ---------------------------------------------------------------------------------------------------
; Both entries fill the key block, then call sneiken_body, which runs the permutations and the two
; data elements; the permutation is examples/sneik-f512.S itself, included at the end. Across its
; calls (avr-gcc ABI: it keeps r2..r17 and Y) the loops keep their state in callee-saved registers:
;     Y      the state position          r6   bytes left in the block (0: permute first)
;     X, Z   data in, data out           r7   the element's rate (48 or 64)
;     r3:r2, r5:r4  X and Z kept over f512   r8   the element's domain      r9   bytes left
;     r11:r10 the output pointer          r13:r12  the input pointer         r14  mlen
;     r15    0xFF to encrypt, 0 to decrypt   r17:r16  ad;  adlen in r9 on entry to sneiken_body
; One message byte is one loop body for both directions: out = state ^ in, and the state byte becomes
; in ^ (state & r15): state ^ in when encrypting, in when decrypting.
;
; Constant time: every branch depends on mlen, adlen (public) and the direction only. The tag check
; ORs the eight differences together, turns "any bit set" into a mask with CP and SBC (no branch),
; writes ok = 1 or 0 and ANDs every plaintext byte with the mask, so a forged message leaves m all
; zero after the same instructions as a valid one.
;
; ---------------------------------------------------------------------------------------------------
; Cost
; ---------------------------------------------------------------------------------------------------
; `avrlab bench examples/sneiken128.S` (ATmega2560; random inputs: 128-byte message and 128-byte
; associated data): 7 permutations of 6 rounds (key block 1; AD 3: at byte 65, the pad at 129 and
; its end; message 3: at bytes 49 and 97, and its end), about 6650 cycles each; 14 cycles per AD byte
; and 19 per message byte. Encryption 51363 cycles (200.6 per message + AD byte), the empty message
; and data 20543 (3 permutations); 2470 bytes of flash (320 here, f512 2038, the 112 of the decryption
; before f512), 108 bytes of RAM (the 64-byte state and 44 of stack). `-task sneiken128-dec`: 52419
; cycles (the mask costs 8 per message byte), empty 20577; 2470 bytes, 110 of RAM. The project's data has no published SNEIKEN128 AVR
; figure (kernel-rows.json gives f512's cycles per round only).

        .text

; The permutation with the element's domain: f512(state, r8, 6); then Y = state, r6 = r7.
; X and Z survive (in r3:r2 and r5:r4).
sneiken_perm:
        movw    r2, r26
        movw    r4, r30
        ldi     r24, lo8(sneiken_state)
        ldi     r25, hi8(sneiken_state)
        mov     r22, r8
        ldi     r20, 6
        call    sneik_f512
        movw    r26, r2
        movw    r30, r4
        ldi     r28, lo8(sneiken_state)
        ldi     r29, hi8(sneiken_state)
        mov     r6, r7
        ret

; The key block: state = 'a' 'e' 48 16 16 8 | k (Z) | npub (X) | 01 | 0 ... 0. Uses r18, r19.
sneiken_keyblock:
        ldi     r28, lo8(sneiken_state)
        ldi     r29, hi8(sneiken_state)
        ldi     r18, 'a'
        st      Y+, r18
        ldi     r18, 'e'
        st      Y+, r18
        ldi     r18, 48
        st      Y+, r18
        ldi     r18, 16
        st      Y+, r18
        st      Y+, r18
        ldi     r19, 8
        st      Y+, r19
1:      ld      r19, Z+                 ; k (r18 = 16 bytes)
        st      Y+, r19
        dec     r18
        brne    1b
        ldi     r18, 16
2:      ld      r19, X+                 ; npub
        st      Y+, r19
        dec     r18
        brne    2b
        ldi     r19, 0x01               ; the key block's pad byte, at 38
        st      Y+, r19
        ldi     r18, 64 - 39            ; the rest of the state
3:      st      Y+, r1
        dec     r18
        brne    3b
        ret

; The pad byte of the element (domain r8) at Y, after the block check; r8 becomes dom | 1.
sneiken_pad:
        tst     r6
        brne    1f
        rcall   sneiken_perm
1:      ld      r18, Y
        ldi     r19, 0x01
        eor     r18, r19
        st      Y, r18
        inc     r8                      ; every domain here has bit 0 clear: dom | 1
        ret

; The mode after the key block: r9 = adlen, r17:r16 = ad, r13:r12 the message (or ciphertext),
; r11:r10 the output, r14 = mlen, r15 the direction. Leaves Y = state (the tag), Z past the output.
sneiken_body:
        ldi     r18, 64                 ; the key block ends: f512(0x23)
        mov     r7, r18
        ldi     r18, 0x23
        mov     r8, r18
        rcall   sneiken_perm            ; Y = state, r6 = 64
        ldi     r18, 0x12               ; associated data, full state
        mov     r8, r18
        movw    r26, r16                ; X = ad
        tst     r9
        breq    ad_end
ad_loop:
        tst     r6
        brne    1f
        rcall   sneiken_perm
1:      ld      r18, X+
        ld      r19, Y
        eor     r19, r18
        st      Y+, r19
        dec     r6
        dec     r9
        brne    ad_loop
ad_end:
        rcall   sneiken_pad
        rcall   sneiken_perm            ; f512(0x13)
        ldi     r18, 48                 ; the message, rate 48
        mov     r7, r18
        mov     r6, r18
        ldi     r18, 0x70
        mov     r8, r18
        movw    r26, r12                ; X = in
        movw    r30, r10                ; Z = out
        mov     r9, r14
        tst     r9
        breq    msg_end
msg_loop:
        tst     r6
        brne    1f
        rcall   sneiken_perm
1:      ld      r18, X+                 ; in
        ld      r19, Y                  ; state
        mov     r20, r18
        eor     r20, r19                ; out = state ^ in
        st      Z+, r20
        and     r19, r15                ; state = in ^ (state & r15)
        eor     r19, r18
        st      Y+, r19
        dec     r6
        dec     r9
        brne    msg_loop
msg_end:
        rcall   sneiken_pad
        lds     r18, sneiken_state + 47 ; not full state: state[47] ^= 0x80
        subi    r18, 0x80
        sts     sneiken_state + 47, r18
        rjmp    sneiken_perm            ; f512(0x71); Y = state

        .global sneiken128_encrypt
        .type   sneiken128_encrypt, @function
sneiken128_encrypt:
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
        movw    r2, r18                 ; ad (the key block uses r18, r19)
        movw    r30, r12                ; Z = k
        movw    r26, r14                ; X = npub
        rcall   sneiken_keyblock
        movw    r10, r24                ; out = c
        movw    r12, r22                ; in = m
        mov     r14, r20                ; mlen
        ldi     r21, 0xff               ; encrypt
        mov     r15, r21
        mov     r9, r16                 ; adlen
        movw    r16, r2                 ; ad
        rcall   sneiken_body
        ldi     r18, 8                  ; c[mlen..mlen+7] = the tag
1:      ld      r0, Y+
        st      Z+, r0
        dec     r18
        brne    1b
        rjmp    sneiken_return
        .size   sneiken128_encrypt, . - sneiken128_encrypt

        .global sneiken128_decrypt
        .type   sneiken128_decrypt, @function
sneiken128_decrypt:
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
        push    r22                     ; ok
        push    r23
        movw    r2, r20                 ; c and mlen (the key block uses r18, r19)
        mov     r4, r18
        movw    r30, r10                ; Z = k
        movw    r26, r12                ; X = npub
        rcall   sneiken_keyblock
        mov     r9, r14                 ; adlen
        movw    r10, r24                ; out = m
        movw    r12, r2                 ; in = c
        mov     r14, r4                 ; mlen
        clr     r15                     ; decrypt
        rcall   sneiken_body            ; X = the tag in c
        clr     r20                     ; OR of the tag's differences
        ldi     r18, 8
1:      ld      r0, X+
        ld      r19, Y+
        eor     r0, r19
        or      r20, r0
        dec     r18
        brne    1b
        cp      r1, r20                 ; C = (difference != 0)
        sbc     r20, r20                ; 0xFF if forged, 0 if valid
        com     r20                     ; the mask: 0xFF if valid
        pop     r31                     ; ok = mask & 1
        pop     r30
        mov     r18, r20
        andi    r18, 1
        st      Z, r18
        movw    r30, r10                ; m &= mask
        mov     r9, r14
        tst     r9
        breq    sneiken_return
2:      ld      r18, Z
        and     r18, r20
        st      Z+, r18
        dec     r9
        brne    2b
        .size   sneiken128_decrypt, . - sneiken128_decrypt

sneiken_return:
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
        ret

        .section .bss
sneiken_state:
        .skip   64

        .text
#include "sneik-f512.S"
