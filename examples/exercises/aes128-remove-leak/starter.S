; avrlab task: aes128
; avrlab device: atmega128
; avrlab call: aes128_encrypt(block, rk, rand)
; avrlab leak window: masked unmask
; title: exercise: remove the leak from a masked AES-128
;
;     void aes128_encrypt(uint8_t *block, const uint8_t *rk, const uint8_t *rand);
;         block in r25:r24 (16 bytes, in place), rk in r23:r22 (the 176-byte expanded key), rand in
;         r21:r20 (fresh random bytes per call; six are used as masks)
;
; A first-order Boolean-masked AES-128: every state byte is XORed with a random mask (m before
; SubBytes, m' after it, one mask per row through MixColumns), and the S-box is a table recomputed
; at every call, T[x ^ m] = S[x] ^ m'. Under the Hamming-weight model nothing leaks. Under the
; Hamming-distance model (what a register or a memory cell dissipates when its bits flip) something
; does: see README.md.
;
; Registers: r2 m, r3 m', r4..r7 m'^m_r, r8..r11 n_r^m, r12 round counter; r18..r21 a column;
; r22..r25 temporaries; X round keys, Y state, Z tables. r2..r12, r28/r29 are pushed.

        .section .bss
        .balign 256
mtab:   .space  256             ; the masked S-box, T[x ^ m] = S[x] ^ m'

        .text
        .global aes128_encrypt
        .type   aes128_encrypt, @function

; xtime(v) in GF(2^8) without a branch; t is a scratch upper register.
        .macro  XT v, t
        lsl     \v
        sbc     \t, \t
        andi    \t, 0x1b
        eor     \v, \t
        .endm

aes128_encrypt:
        .irp    r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 28, 29
        push    r\r
        .endr
        movw    r28, r24        ; Y = block
        movw    r26, r22        ; X = round keys
        movw    r30, r20        ; Z = rand
        ld      r2, Z+          ; m
        ld      r3, Z+          ; m'
        ld      r18, Z+         ; m1..m4
        ld      r19, Z+
        ld      r20, Z+
        ld      r21, Z+
        mov     r4, r18         ; m' ^ m_r
        eor     r4, r3
        mov     r5, r19
        eor     r5, r3
        mov     r6, r20
        eor     r6, r3
        mov     r7, r21
        eor     r7, r3
        rcall   mixcol          ; n_r = MixColumns(m1..m4)
        mov     r8, r18         ; n_r ^ m
        eor     r8, r2
        mov     r9, r19
        eor     r9, r2
        mov     r10, r20
        eor     r10, r2
        mov     r11, r21
        eor     r11, r2
; The masked S-box: T[i ^ m] = S[i] ^ m' for i = 0..255.
        movw    r24, r26
        ldi     r31, hi8(aes_sbox)
        ldi     r27, hi8(mtab)
        clr     r18
1:      mov     r30, r18
        lpm     r19, Z
        eor     r19, r3
        mov     r26, r18
        eor     r26, r2
        st      X, r19
        inc     r18
        brne    1b
        movw    r26, r24
; Round 0: s = p ^ m ^ k0.
        ldi     r22, 16
2:      ld      r18, Y
        eor     r18, r2
        ld      r19, X+
        eor     r18, r19
        st      Y+, r18
        dec     r22
        brne    2b
        sbiw    r28, 16
masked:
        ldi     r18, 9
        mov     r12, r18
round:
        rcall   subshift        ; masked with m'
        ldi     r25, 4
3:      clr     r18             ; a column, remasked with m_r (the registers are cleared
        ld      r18, Y          ; first: they may hold bytes masked with m')
        eor     r18, r4
        clr     r19
        ldd     r19, Y+1
        eor     r19, r5
        clr     r20
        ldd     r20, Y+2
        eor     r20, r6
        clr     r21
        ldd     r21, Y+3
        eor     r21, r7
        rcall   mixcol          ; masked with n_r
        ld      r22, X+         ; AddRoundKey, then remask to m
        eor     r18, r22
        eor     r18, r8
        st      Y+, r18
        ld      r22, X+
        eor     r19, r22
        eor     r19, r9
        st      Y+, r19
        ld      r22, X+
        eor     r20, r22
        eor     r20, r10
        st      Y+, r20
        ld      r22, X+
        eor     r21, r22
        eor     r21, r11
        st      Y+, r21
        dec     r25
        brne    3b
        sbiw    r28, 16
        dec     r12
        brne    round
        rcall   subshift
unmask:
; Round 10's AddRoundKey and the unmasking: c = s ^ k10 ^ m'.
        ldi     r22, 16
4:      ld      r18, Y
        ld      r19, X+
        eor     r18, r19
        eor     r18, r3
        st      Y+, r18
        dec     r22
        brne    4b
        clr     r1
        .irp    r, 29, 28, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
        pop     r\r
        .endr
        ret
        .size   aes128_encrypt, . - aes128_encrypt

; SubBytes through the masked table (m in, m' out) and ShiftRows, on the state at Y.
subshift:
        ldi     r31, hi8(mtab)
        ldi     r22, 16
1:      ld      r30, Y          ; TODO: this routine leaks at first order under -model both.
        ld      r18, Z          ; Find which writes overwrite a share with another value under
        st      Y+, r18         ; the same mask, and change them so that none does.
        dec     r22
        brne    1b
        sbiw    r28, 16
        ldd     r18, Y+1        ; row 1: s1 <- s5 <- s9 <- s13 <- s1
        ldd     r19, Y+5
        std     Y+1, r19
        ldd     r19, Y+9
        std     Y+5, r19
        ldd     r19, Y+13
        std     Y+9, r19
        std     Y+13, r18
        ldd     r18, Y+2        ; row 2: s2 <-> s10, s6 <-> s14
        ldd     r19, Y+10
        std     Y+2, r19
        std     Y+10, r18
        ldd     r18, Y+6
        ldd     r19, Y+14
        std     Y+6, r19
        std     Y+14, r18
        ldd     r18, Y+15       ; row 3: s3 <- s15 <- s11 <- s7 <- s3
        ldd     r19, Y+11
        std     Y+15, r19
        ldd     r19, Y+7
        std     Y+11, r19
        ldd     r19, Y+3
        std     Y+7, r19
        std     Y+3, r18
        ret

; MixColumns of the column r18..r21 in place (FIPS-197 5.1.3): t = a0^a1^a2^a3,
; b_i = a_i ^ t ^ xtime(a_i ^ a_(i+1)). Linear, so masked inputs give outputs masked by
; MixColumns of the masks. Uses r22..r24.
mixcol:
        mov     r22, r18
        eor     r22, r19
        eor     r22, r20
        eor     r22, r21
        clr     r24             ; r24 held the previous column's a0, with the same mask
        mov     r24, r18
        mov     r23, r18
        eor     r23, r19
        XT      r23, r30
        eor     r18, r23
        eor     r18, r22
        mov     r23, r19
        eor     r23, r20
        XT      r23, r30
        eor     r19, r23
        eor     r19, r22
        mov     r23, r20
        eor     r23, r21
        XT      r23, r30
        eor     r20, r23
        eor     r20, r22
        mov     r23, r21
        eor     r23, r24
        XT      r23, r30
        eor     r21, r23
        eor     r21, r22
        ret

; The AES S-box (FIPS-197 Figure 7), one 256-byte page.
        .balign 256
aes_sbox:
        .byte   0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76
        .byte   0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0
        .byte   0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15
        .byte   0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75
        .byte   0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84
        .byte   0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf
        .byte   0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8
        .byte   0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2
        .byte   0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73
        .byte   0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb
        .byte   0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79
        .byte   0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08
        .byte   0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a
        .byte   0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e
        .byte   0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf
        .byte   0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16
