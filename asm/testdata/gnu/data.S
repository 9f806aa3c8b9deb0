; Data directives, alignment, .org and sections in the avr-gcc layout:
; .progmem* before .text, .data copied to flash after .text, .bss after .data.
	.section .progmem.data,"a",@progbits
table:	.byte	1, 2, 3
	.section .progmem.gcc_sw_table,"a",@progbits
jt:	.word	pm(start)
	.text
start:
	ldi	r30, lo8(table)
	ldi	r31, hi8(table)
	lpm	r0, Z+
	lds	r16, counter
	sts	counter + 1, r16
	lds	r17, buffer
	ldi	r26, lo8(buffer)
	ldi	r27, hi8(buffer)
	ldi	r28, lo8(common)
	ldi	r29, hi8(common)
	ldi	r24, lo8(local)
	rjmp	start
	.byte	0x11
	.align	1
	.word	0x2233
	.hword	0x4455
	.short	0x6677
	.2byte	0x8899
	.long	0x01020304
	.int	0x05060708
	.4byte	0x090a0b0c
	.quad	0x0102030405060708
	.8byte	-1
	.ascii	"abc", "de"
	.asciz	"xyz"
	.string	"p", "q"
	.ascii	"tab\there\n\x41\101\"\\"
	.balign	4, 0xee
	.byte	0x42
	.p2align 3, 0xdd
	.byte	0x43
	.align	2
	.space	3
	.space	2, 0x5a
	.skip	1
	.skip	2, 0xa5
	.zero	2
	.fill	3
	.fill	2, 2, 0x1234
	.fill	2, 3, 0x123456
	.fill	1, 8, 0x87654321
	.balign	16, 0xcc, 3
	.byte	0x44
	.balign	16, 0xcc, 15
	.byte	0x45
	.p2align 3,,1
	.byte	0x48
	.p2align 2,,3
	.org	. + 3, 0x77
	.byte	0x46
	.org	0x100
	.byte	0x47
	.section .text.second,"ax",@progbits
second:	rjmp	start
	.byte	0x99
	.data
counter: .word	0x1234
	.byte	0x56
	.balign	4
message: .asciz	"hi"
	.section .rodata
ro:	.byte	0xab
	.section .data.extra,"aw",@progbits
extra:	.word	counter, message, ro
	.section .bss
buffer:	.skip	10
	.pushsection .data
pushed:	.byte	0x5a
	.popsection
after:	.skip	3
	.data
	.byte	0x5b
	.previous
	.skip	1
	.lcomm	local, 4
	.comm	common, 2
	.text
	.word	buffer, after, local, common, pushed
