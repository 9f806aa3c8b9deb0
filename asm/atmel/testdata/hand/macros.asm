; AVRASM2 macros: .macro, .endm and .endmacro, parameters @0 to @9, labels local to each expansion,
; macros calling macros, macro names in any case.
.device ATmega128
.macro ldiw			; @0:@1 = @2
	ldi	@0, low(@2)
	ldi	@1, high(@2)
.endmacro
.MACRO addi16			; @1:@0 += @2
	subi	@0, low(-@2)
	sbci	@1, high(-@2)
.ENDM
.macro ten
	.db	@0, @1, @2, @3, @4, @5, @6, @7, @8, @9
.endm
.macro delay
	ldi	r24, @0
loop:	dec	r24
	brne	loop
.endm
.macro twice
	ldiw	@0, @1, @2
	ldiw	@0, @1, @2+1
.endm
	ldiw	r30, r31, table*2
	addi16	r30, r31, 0x100
	delay	10
	delay	20
	twice	r26, r27, 0x1234
	LDIW	r28, r29, 7
	rjmp	PC
table:	ten	0, 1, 2, 3, 4, 5, 6, 7, 8, 9
