; One round: T = X1 ; rot(i) ; T ^= RK[i] ; T += X0 ^ i ; i++ ; rot(i) ; shift the words.
        .text
        .global round
round:
        movw    r0, r20
        call    rot             ; a routine of another file, by call
        lpm     r17, Z+
        eor     r0, r17
        lpm     r17, Z+
        eor     r1, r17
        eor     r18, r16
        add     r0, r18
        adc     r1, r19
        inc     r16
        rcall   rot
        movw    r18, r20
        movw    r20, r22
        movw    r22, r24
        movw    r24, r0
        andi    r30, lo8(rk_mask)       ; an absolute symbol of another file
        ret
