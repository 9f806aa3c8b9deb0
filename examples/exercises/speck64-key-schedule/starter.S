; avrlab task: speck64-128
; title: Exercise (optional): the SPECK-64/128 key schedule
;
; Read the instructions first (the Exercise tab beside the editor; README.md in a terminal). Here the routine gets the key itself and must expand it into the 27 round keys
; before encrypting. Measure with the key-schedule scenario:
;
;     (the playground measures as you type; in a terminal: avrlab bench examples/exercises/speck64-key-schedule/starter.S,
;     which applies this folder's tests.txt)
;
;     void speck64_128_encrypt(uint8_t *block, const uint8_t *key, uint8_t *rk);
;          r25:r24 = block (8 bytes, encrypted in place)
;          r23:r22 = key   (16 bytes: k0, l0, l1, l2, each 32-bit little-endian; do not write to it)
;          r21:r20 = rk    (108 bytes of SRAM for k[0..26], yours to fill)
;
; The key schedule is the round function again, with the round number as the key:
;
;     k[0] = k0, l[0..2] = l0, l1, l2
;     for i = 0 .. 25:
;         l[i+3] = (k[i] + ROR8(l[i])) ^ i
;         k[i+1] = ROL3(k[i]) ^ l[i+3]
;
; The encryption half below is finished: it reads k[0..26] from rk with ld Z+.
;
; TODO: write the key schedule at the marked place.

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
        ; ------------------------------------------------------------------------------------------
        ; TODO: the key schedule. Read the key through r23:r22, write k[0], k[1], ..., k[26] (4 bytes
        ; each, little-endian) to the buffer at r21:r20. Keep r25:r24 and r21:r20 (or copies of them):
        ; the encryption below needs them. Registers r2..r17 and r28/r29 must be pushed before use.
        ; ------------------------------------------------------------------------------------------


        ; ------------------------------------------------------------------------------------------
        ; Encryption with the round keys in SRAM (done)
        ; ------------------------------------------------------------------------------------------
        movw    r30, r20                ; Z = k[0] in SRAM
        mov     r1, r20                 ; r1 = low byte of the end of the table (r1 is cleared again below)
        ldi     r26, 108
        add     r1, r26
        movw    r26, r24                ; X = block
        ld      y0, X+                  ; y = block[0..3]
        ld      y1, X+
        ld      y2, X+
        ld      y3, X+
        ld      x0, X+                  ; x = block[4..7]
        ld      x1, X+
        ld      x2, X+
        ld      x3, X+
round:
        add     x1, y0                  ; x = ROR8(x) + y, landing in x1, x2, x3, x0
        adc     x2, y1
        adc     x3, y2
        adc     x0, y3
        mov     t, x0                   ; move it back to x0..x3
        mov     x0, x1
        mov     x1, x2
        mov     x2, x3
        mov     x3, t
        ld      t, Z+                   ; x ^= k
        eor     x0, t
        ld      t, Z+
        eor     x1, t
        ld      t, Z+
        eor     x2, t
        ld      t, Z+
        eor     x3, t
        clr     t                       ; y = ROL3(y), with t = 0 for the carry
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        adc     y0, t
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        adc     y0, t
        lsl     y0
        rol     y1
        rol     y2
        rol     y3
        adc     y0, t
        eor     y0, x0                ; y ^= x
        eor     y1, x1
        eor     y2, x2
        eor     y3, x3
        cp      r30, r1                 ; all 27 round keys used?
        brne    round
        clr     r1
        st      -X, x3
        st      -X, x2
        st      -X, x1
        st      -X, x0
        st      -X, y3
        st      -X, y2
        st      -X, y1
        st      -X, y0
        ret
