; Assembly in the shape avr-gcc 5.4 emits for C (-S): symbols as registers and I/O addresses,
; .L labels, .comm, .progmem.data, gs().
	.file	"x.c"
__SP_H__ = 0x3e
__SP_L__ = 0x3d
__SREG__ = 0x3f
__tmp_reg__ = 0
__zero_reg__ = 1
	.text
.global	f
	.type	f, @function
f:
/* prologue: function */
/* frame size = 0 */
/* stack size = 1 */
.L__stack_usage = 1
	push r28
	in r28,__SP_L__
	in r29,__SP_H__
	ldi r24,lo8(1)
	ldi r25,0
	clr __zero_reg__
	mov __tmp_reg__,r24
	lds r24,counter
	sts counter+1,r25
	ldi r30,lo8(gs(f))
	ldi r31,hi8(gs(f))
	pop r28
	ret
	.size	f, .-f
	.comm	counter,2,1
	.section	.progmem.data,"a",@progbits
	.type	tab, @object
	.size	tab, 3
tab:
	.byte	1
	.byte	2
	.byte	3
	.ident	"GCC: (GNU) 5.4.0"
.global __do_clear_bss
