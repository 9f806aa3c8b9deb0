; Test driver, not a routine: runs cham64_dst_src_rk.S once on the official CHAM-64/128 vector.
;
;     go run ./cmd/avrlab run -json -dump 0x1e0:51 lab/testdata/conv/drive_cham64_dst_src_rk.S
;     go run ./cmd/avrlab run -json -D NOCALL lab/testdata/conv/drive_cham64_dst_src_rk.S
;
; Expected (memory order, from /work/shared/data/vectors.json, CHAM-64/128 original-2017):
;   dump 0x1e0..0x1e7  src = 0011223344556677  (plaintext, unchanged)
;   dump 0x1e8..0x1ef  dst = 3c45bc63fadc4ebf  (ciphertext; 00 before the call)
;   dump 0x1f3..0x212  rks = 01030507..7c77    (round keys, unchanged)
;   r2..r17 = 0xa2..0xb1, r28 = 0xbc, r29 = 0xbd, r1 = 0, sp = 0x10ff (RAMEND) after the call.
; The round keys sit at an odd address that crosses a 256-byte boundary (0x1f3..0x212), so the
; routine cannot rely on alignment. Cycles of the routine = cycles(run) - cycles(-D NOCALL run) - 4
; (the 4 cycles of CALL, which the lab's harness does not count either).

#include <avr/io.h>

#define SRC 0x1e0
#define DST 0x1e8
#define RKS 0x1f3

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

        bytes   SRC, 0x00,0x11,0x22,0x33,0x44,0x55,0x66,0x77
        bytes   RKS, 0x01,0x03,0x05,0x07,0x09,0x0b,0x0d,0x0f,0x11,0x13,0x15,0x17,0x19,0x1b,0x1d,0x1f
        bytes   RKS+16, 0x1e,0x15,0x08,0x03,0x32,0x39,0x24,0x2f,0x46,0x4d,0x50,0x5b,0x6a,0x61,0x7c,0x77

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

        ldi     r24, lo8(DST)           ; cham64_encrypt(dst, src, rks)
        ldi     r25, hi8(DST)
        ldi     r22, lo8(SRC)
        ldi     r23, hi8(SRC)
        ldi     r20, lo8(RKS)
        ldi     r21, hi8(RKS)
#ifndef NOCALL
        call    cham64_encrypt
#endif
        break

#include "cham64_dst_src_rk.S"
