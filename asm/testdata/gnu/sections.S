; Every section the default linker script places, in scrambled order and odd sizes, to check the
; order of the .text output section and the ALIGN(2) between its parts.
	.section .fini0,"ax",@progbits
	.byte	0xf0
	.section .text.b,"ax",@progbits
	.byte	0xb1
	.section .init9,"ax",@progbits
	.byte	0x99
	.section .progmem.x,"a",@progbits
	.byte	0x51
	.section .lowtext,"ax",@progbits
	.byte	0x1e
	.section .fini9,"ax",@progbits
	.byte	0xf9
	.section .text.a,"ax",@progbits
	.byte	0xa1, 0xa2, 0xa3
	.section .vectors,"ax",@progbits
	.byte	0x0e
	.section .init0,"ax",@progbits
	.byte	0x90
	.section .jumptables,"ax",@progbits
	.byte	0x7a
	.text
	.byte	0x7e
	.section .progmem.gcc_a,"a",@progbits
	.byte	0x61
	.section .rodata.x,"a",@progbits
	.byte	0xd1
	.section .data.y,"aw",@progbits
	.byte	0xd2
	.section .rodata,"a",@progbits
	.byte	0xd3
	.data
	.byte	0xd4
	.section .bss.z,"aw",@nobits
bz:	.skip	3
	.section .bss
bb:	.skip	1
	.text
	.word	bz, bb
