; Test driver, not a routine: runs cham64_key_out_in.S once on the official CHAM-64/128 vector.
;
;     go run ./cmd/avrlab run -json -dump 0x1f0:40 lab/testdata/conv/drive_cham64_key_out_in.S
;     go run ./cmd/avrlab run -json -D NOCALL lab/testdata/conv/drive_cham64_key_out_in.S
;     go run ./cmd/avrlab run -json -dump 0x10b0:80 lab/testdata/conv/drive_cham64_key_out_in.S
;
; Expected (memory order, from /work/shared/data/vectors.json, CHAM-64/128 original-2017):
;   dump 0x1f0..0x1f7  in  = 0011223344556677                  (plaintext, unchanged)
;   dump 0x1f8..0x1ff  out = 3c45bc63fadc4ebf                  (ciphertext; 00 before the call)
;   dump 0x209..0x218  key = 000102030405060708090a0b0c0d0e0f  (unchanged)
;   r2..r17 = 0xa2..0xb1, r28 = 0xbc, r29 = 0xbd, r1 = 0, sp = 0x10ff (RAMEND) after the call.
; The frame the routine leaves below the stack is its round-key table: the last dump shows
; RK[0..15] = 01030507..7c77 (round_keys_bytes of the vector) at 0x10db..0x10fa, under the three
; saved registers (0x10fb..0x10fd) and the return address (0x10fe..0x10ff).
; Cycles of the routine = cycles(run) - cycles(-D NOCALL run) - 4 (the CALL).

#include <avr/io.h>

#define IN  0x1f0
#define OUT 0x1f8
#define KEY 0x209

; store one byte per argument at consecutive SRAM addresses from \addr (clobbers r16)
        .macro  bytes addr:req, b:vararg
        .set    .Lp, \addr
        .irp    v, \b
        ldi     r16, \v
        sts     .Lp, r16
        .set    .Lp, .Lp + 1
        .endr
        .endm

        .text
reset:
        ldi     r16, lo8(RAMEND)        ; the ATmega128 resets SP to 0: set it first
        out     _SFR_IO_ADDR(SPL), r16
        ldi     r16, hi8(RAMEND)
        out     _SFR_IO_ADDR(SPH), r16

        bytes   IN, 0x00,0x11,0x22,0x33,0x44,0x55,0x66,0x77
        bytes   KEY, 0x00,0x01,0x02,0x03,0x04,0x05,0x06,0x07,0x08,0x09,0x0a,0x0b,0x0c,0x0d,0x0e,0x0f

; plant recognisable values in every callee-saved register: rN = 0xa0 + N
        .irp    n, 2,3,4,5,6,7,8,9,10,11,12,13,14,15
        ldi     r16, 0xa0 + \n
        mov     r\n, r16
        .endr
        ldi     r16, 0xb0
        ldi     r17, 0xb1
        ldi     r28, 0xbc
        ldi     r29, 0xbd
; and junk in the call-clobbered ones the arguments do not set
        ldi     r18, 0x5a
        ldi     r19, 0x5a
        ldi     r26, 0x5a
        ldi     r27, 0x5a
        ldi     r30, 0x5a
        ldi     r31, 0x5a

        ldi     r24, lo8(KEY)           ; cham64_128_encrypt(key, out, in)
        ldi     r25, hi8(KEY)
        ldi     r22, lo8(OUT)
        ldi     r23, hi8(OUT)
        ldi     r20, lo8(IN)
        ldi     r21, hi8(IN)
#ifndef NOCALL
        call    cham64_128_encrypt
#endif
        break

#include "cham64_key_out_in.S"
