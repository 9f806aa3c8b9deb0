// CHAM-64/128 encryption on 8-bit AVR (fixed key, round keys precomputed)
// Style of the code that comes with a paper: Atmel Studio project file enc.s,
// its own symbol names, no avrlab lines. The tests add a BOM and CRLF line ends.
// void CHAM_EncryptBlk(uint8_t *blk);  blk in r25:r24, round keys in LUT_1

.section .text

.balign 256
.global LUT_1
LUT_1:
.byte 0x01, 0x03, 0x05, 0x07, 0x09, 0x0b, 0x0d, 0x0f
.byte 0x11, 0x13, 0x15, 0x17, 0x19, 0x1b, 0x1d, 0x1f
.byte 0x1e, 0x15, 0x08, 0x03, 0x32, 0x39, 0x24, 0x2f
.byte 0x46, 0x4d, 0x50, 0x5b, 0x6a, 0x61, 0x7c, 0x77

.global CHAM_EncryptBlk
CHAM_EncryptBlk:
    movw r26, r24          // X = blk
    ld   r19, X+           // X0 (bytes swapped)
    ld   r18, X+
    ld   r20, X+           // X1
    ld   r21, X+
    ld   r23, X+           // X2 (bytes swapped)
    ld   r22, X+
    ld   r24, X+           // X3
    ld   r25, X+
    st   -X, r14           // keep r14..r16 in the block
    st   -X, r15
    st   -X, r16
    ldi  r30, lo8(LUT_1)
    ldi  r31, hi8(LUT_1)
    ldi  r16, 0            // round counter

ROUND_LOOP:
    eor  r19, r16          // even round
    movw r14, r20
    lsl  r14
    rol  r15
    adc  r14, r1
    lpm  r0, Z+
    eor  r14, r0
    lpm  r0, Z+
    eor  r15, r0
    add  r14, r19
    adc  r15, r18
    inc  r16
    eor  r20, r16          // odd round
    lpm  r18, Z+
    lpm  r19, Z+
    eor  r18, r22
    eor  r19, r23
    add  r18, r20
    adc  r19, r21
    lsl  r18
    rol  r19
    adc  r18, r1
    inc  r16
    movw r20, r24          // shift the words
    movw r24, r18
    movw r18, r22
    movw r22, r14
    andi r30, 0x1f
    cpi  r16, 80
    brne ROUND_LOOP

    ld   r16, X+
    ld   r15, X+
    ld   r14, X+
    st   -X, r25
    st   -X, r24
    st   -X, r22
    st   -X, r23
    st   -X, r21
    st   -X, r20
    st   -X, r18
    st   -X, r19
    ret
