; rot: T = ROL1(T) if i is even, ROL8(T) (swap the bytes) if i is odd.
        .text
        .global rot
rot:
        sbrc    r16, 0
        rjmp    loop            ; a local label: 1-main.S has its own "loop"
        bst     r1, 7
        lsl     r0
        rol     r1
        bld     r0, 0
        ret
loop:   eor     r0, r1
        eor     r1, r0
        eor     r0, r1
        ret
