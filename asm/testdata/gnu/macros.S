; Macros, repetitions, conditionals and symbol directives.
	.file	"macros.S"
	.ident	"avrlab test"
	.macro	load reg, val=0x55
	ldi	\reg, \val
	.endm

	.macro	pair a b
	.byte	\a\()0, \b, \@
	.endm

	.macro	need x:req, rest:vararg
	.byte	\x
	.byte	\rest
	.endm

	.macro	count n
	.if	\n
	.byte	\n
	count	"(\n-1)"
	.endif
	.endm

	.macro	early
	.byte	0xee
	.exitm
	.byte	0xff
	.endm

	.macro	outer v
	.macro	inner
	.byte	\v
	.endm
	inner
	.endm

	.macro	LOUD
	nop
	.endm

	.macro	nop
	.byte	0xcc
	.endm

	.text
	.global	start
	.func	start
start:
	load	r16
	load	r17, 3
	load	val=9, reg=r18
	LOAD	r19, 0x10
	load	r20,
	.endfunc
	.data
	pair	1 2
	pair	3, 4
	need	7, 8, 9, 10
	count	3
	early
	outer	0x42
	.purgem	inner
	.macro	inner
	.byte	0x43
	.endm
	inner
	loud
	pair	5, 6
	pair	"6", "1+1"

	.rept	3
	.byte	0xa0
	.endr
	.rept	0
	.byte	0xa1
	.endr
	.irp	r, 1, 2, 3
	.byte	\r
	.endr
	.irp	r 4 5
	.byte	\r * 2
	.endr
	.irp	r
	.byte	0x\r\()9
	.endr
	.irpc	c, 789
	.byte	\c
	.endr
	.set	n, 0
	.rept	4
	.byte	n
	.set	n, n + 1
	.endr
	.rept	2
	.irp	k, 1, 2
	.byte	0xb0 + \k
	.endr
	.endr

	.equ	ONE, 1
	.equiv	TWO, 2
	THREE = ONE + TWO
	.if	THREE == 3
	.byte	0xc3
	.elseif	THREE == 4
	.byte	0xc4
	.else
	.byte	0xc5
	.endif
	.if	0
	.byte	0xd0
	.elseif	ONE
	.byte	0xd1
	.endif
	.if	0
	.if	1
	.byte	0xd2
	.endif
	.else
	.byte	0xd3
	.endif
	.ifdef	ONE
	.byte	0xe1
	.endif
	.ifndef	FOUR
	.byte	0xe2
	.endif
	.ifnotdef ONE
	.byte	0xe3
	.endif
	.ifeq	ONE - 1
	.byte	0xe4
	.endif
	.ifne	ONE
	.byte	0xe5
	.endif
	.ifgt	TWO
	.byte	0xe6
	.endif
	.ifge	0
	.byte	0xe7
	.endif
	.iflt	-1
	.byte	0xe8
	.endif
	.ifle	1
	.byte	0xe9
	.endif
	.ifb
	.byte	0xea
	.endif
	.ifnb	x
	.byte	0xeb
	.endif
	.ifc	abc, abc
	.byte	0xec
	.endif
	.ifnc	abc,abd
	.byte	0xed
	.endif
	.ifc	"a b", a b
	.byte	0x0e
	.endif

	.ifeqs	"x", "x"
	.byte	0xef
	.endif
	.ifnes	"x", "y"
	.byte	0xf0
	.endif
	.byte	fwd
	.equ	fwd, 0xf1
	.text
	.type	tail, @function
tail:	rjmp	tail
	.size	tail, . - tail
	.end
	.byte	0xff
this line is never read
