; The round keys of the official key 000102..0f (rewritten by the harness), 256-byte aligned, and a
; table of code addresses of the other files (pm, gs and plain byte addresses of them).
        .section .progmem.rk, "a", @progbits
        .balign 256
        .global cham64_128_rk
cham64_128_rk:
        .byte 0x01, 0x03, 0x05, 0x07, 0x09, 0x0b, 0x0d, 0x0f
        .byte 0x11, 0x13, 0x15, 0x17, 0x19, 0x1b, 0x1d, 0x1f
        .byte 0x1e, 0x15, 0x08, 0x03, 0x32, 0x39, 0x24, 0x2f
        .byte 0x46, 0x4d, 0x50, 0x5b, 0x6a, 0x61, 0x7c, 0x77

        .global rk_mask
        .equ    rk_mask, 0x1f

        .section .progmem.calls, "a", @progbits
        .global calls
calls:
        .word   pm(cham64_128_encrypt), gs(round), pm(rot)
        .word   rot, round + 2
        .byte   calls_end - calls
calls_end:
