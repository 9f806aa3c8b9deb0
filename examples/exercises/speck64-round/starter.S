; avrlab task: speck64-128
; title: Exercise: finish the SPECK-64/128 round
;
; Read the instructions first (the Exercise tab beside the editor; README.md in a terminal). Everything around the round is done: the block is loaded into registers, Z
; points at the round keys, the loop runs 27 times and the result is stored back. Your job is the four
; TODO steps inside the loop. Check your work with
;
;     (the playground measures as you type; in a terminal: avrlab bench examples/exercises/speck64-round/starter.S)
;
; One SPECK-64 round, with 32-bit words x and y and round key k:
;
;     x = (ROR8(x) + y) ^ k
;     y = ROL3(y) ^ x
;
; Registers (all call-clobbered, so nothing needs saving):
;   r18..r21  y0..y3   y, y0 = least significant byte (block bytes 0..3)
;   r22..r25  x0..x3   x (block bytes 4..7)
;   r0        t        scratch: lpm loads the round-key bytes here
;   r1        zero     always 0 (avr-gcc convention): handy for "adc r, r1"
;   r27:r26   X        block pointer
;   r31:r30   Z        round-key pointer

        .text
        .global speck64_128_encrypt

#define y0 r18
#define y1 r19
#define y2 r20
#define y3 r21
#define x0 r22
#define x1 r23
#define x2 r24
#define x3 r25
#define t  r0

speck64_128_encrypt:
        movw    r26, r24                ; X = block
        ld      y0, X+                  ; y = block[0..3]
        ld      y1, X+
        ld      y2, X+
        ld      y3, X+
        ld      x0, X+                  ; x = block[4..7]
        ld      x1, X+
        ld      x2, X+
        ld      x3, X+                  ; X points at block + 8 now
        ldi     r30, lo8(speck64_128_rk) ; Z = k[0]
        ldi     r31, hi8(speck64_128_rk)

round:
        ; TODO 1: x = ROR8(x) + y
        ;         (ROR8 moves every byte down one place: byte 0 of ROR8(x) is x1, ..., byte 3 is x0.
        ;         No instruction needed for that: just pick the right registers. Then add with carry.)

        ; TODO 2: x ^= k. The four key bytes come in order k0 (least significant) .. k3:
        lpm     t, Z+                   ; t = k0
        ; TODO: XOR t into the byte 0 of x
        lpm     t, Z+                   ; t = k1
        ; TODO
        lpm     t, Z+                   ; t = k2
        ; TODO
        lpm     t, Z+                   ; t = k3
        ; TODO
        ; (Where is byte 0 of x after TODO 1? The loop needs x back in x0..x3 for the next round.)

        ; TODO 3: y = ROL3(y)   (three 1-bit rotations of the 4-byte chain y0..y3)

        ; TODO 4: y ^= x

        cpi     r30, lo8(speck64_128_rk + 108) ; Z has passed all 27 round keys?
        brne    round

        st      -X, x3                  ; store x, then y, going down
        st      -X, x2
        st      -X, x1
        st      -X, x0
        st      -X, y3
        st      -X, y2
        st      -X, y1
        st      -X, y0
        ret

; Round keys of the official test key (the harness puts in the round keys of each key it tests).
        .global speck64_128_rk
speck64_128_rk:
        .long   0x03020100              ; k[0]
        .long   0x131d0309              ; k[1]
        .long   0xbbd80d53              ; k[2]
        .long   0x0d334df3              ; k[3]
        .long   0x7fa43565              ; k[4]
        .long   0x67e6ce55              ; k[5]
        .long   0xe98cb3d2              ; k[6]
        .long   0xaac76cbd              ; k[7]
        .long   0x7f5951c8              ; k[8]
        .long   0x03fa82c2              ; k[9]
        .long   0x313533ad              ; k[10]
        .long   0xdff70882              ; k[11]
        .long   0x9e487c93              ; k[12]
        .long   0xa934b928              ; k[13]
        .long   0xdd2edef5              ; k[14]
        .long   0x8be6388d              ; k[15]
        .long   0x1f706b89              ; k[16]
        .long   0x2b87aaf8              ; k[17]
        .long   0x12d76c17              ; k[18]
        .long   0x6eaccd6c              ; k[19]
        .long   0x6a1ab912              ; k[20]
        .long   0x10bc6bca              ; k[21]
        .long   0x6057dd32              ; k[22]
        .long   0xd3c9b381              ; k[23]
        .long   0xb347813d              ; k[24]
        .long   0x8c113c35              ; k[25]
        .long   0xfe6b523a              ; k[26]
