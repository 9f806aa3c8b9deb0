; Test driver, not a routine: runs speck64_block_rk.S once on the official SPECK-64/128 vector.
;
;     go run ./cmd/avrlab run -json -dump 0x2c0:117 lab/testdata/conv/drive_speck64_block_rk.S
;     go run ./cmd/avrlab run -json -D NOCALL lab/testdata/conv/drive_speck64_block_rk.S
;
; Expected (memory order, from /work/shared/data/vectors.json, SPECK 64/128):
;   dump 0x2c0..0x2c7  block = 8b024e4548a56f8c  (ciphertext; the plaintext 2d4375747465723b before)
;   dump 0x2c9..0x334  rk    = 00010203 09031d13 .. 3a526bfe  (k[0..26], unchanged)
;   r2..r17 = 0xa2..0xb1, r28 = 0xbc, r29 = 0xbd, r1 = 0, sp = 0x10ff (RAMEND) after the call.
; The round keys (from the Go reference, `avrlab tasks -v speck64-128`) sit at an odd address that
; crosses a 256-byte boundary (0x2c9..0x334), so the routine cannot rely on alignment.
; Cycles of the routine = cycles(run) - cycles(-D NOCALL run) - 4 (the CALL).

#include <avr/io.h>

#define BLOCK 0x2c0
#define RKS   0x2c9

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

        bytes   BLOCK, 0x2d,0x43,0x75,0x74,0x74,0x65,0x72,0x3b
        bytes   RKS+0, 0x00,0x01,0x02,0x03,0x09,0x03,0x1d,0x13,0x53,0x0d,0xd8,0xbb,0xf3,0x4d,0x33,0x0d
        bytes   RKS+16, 0x65,0x35,0xa4,0x7f,0x55,0xce,0xe6,0x67,0xd2,0xb3,0x8c,0xe9,0xbd,0x6c,0xc7,0xaa
        bytes   RKS+32, 0xc8,0x51,0x59,0x7f,0xc2,0x82,0xfa,0x03,0xad,0x33,0x35,0x31,0x82,0x08,0xf7,0xdf
        bytes   RKS+48, 0x93,0x7c,0x48,0x9e,0x28,0xb9,0x34,0xa9,0xf5,0xde,0x2e,0xdd,0x8d,0x38,0xe6,0x8b
        bytes   RKS+64, 0x89,0x6b,0x70,0x1f,0xf8,0xaa,0x87,0x2b,0x17,0x6c,0xd7,0x12,0x6c,0xcd,0xac,0x6e
        bytes   RKS+80, 0x12,0xb9,0x1a,0x6a,0xca,0x6b,0xbc,0x10,0x32,0xdd,0x57,0x60,0x81,0xb3,0xc9,0xd3
        bytes   RKS+96, 0x3d,0x81,0x47,0xb3,0x35,0x3c,0x11,0x8c,0x3a,0x52,0x6b,0xfe

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
        ldi     r20, 0x5a
        ldi     r21, 0x5a
        ldi     r26, 0x5a
        ldi     r27, 0x5a
        ldi     r30, 0x5a
        ldi     r31, 0x5a

        ldi     r24, lo8(BLOCK)         ; Encrypt(block, roundKeys)
        ldi     r25, hi8(BLOCK)
        ldi     r22, lo8(RKS)
        ldi     r23, hi8(RKS)
#ifndef NOCALL
        call    Encrypt
#endif
        break

#include "speck64_block_rk.S"
