; AVRASM2 directives: .device .equ .set .def .undef .cseg .dseg .eseg .org .db .dw .byte .list .nolist
; .listmac .overlap .nooverlap .message .warning .exit, directives and names in any case.
.device ATmega128
.nolist
.list
.listmac
.overlap
.nooverlap
.equ	COUNT = 5
.EQU	MASK = (1 << 3) | 1
.set	V = 1
.SET	V = V * 3		; .set may assign again; later lines see the new value
.def	tmp = r16
.DEF	Cnt = R17
	.cseg
	.org	0
reset:	rjmp	main
	.ORG	0x10		; a word address in the code segment: byte 0x20
main:	ldi	tmp, COUNT
	ldi	cnt, MASK	; names ignore case
	ldi	TMP, v
.undef	tmp
.def	tmp = r18		; free again after .undef
	ldi	tmp, low(buf)
	ldi	r19, high(buf)
	lds	r0, buf+1
	sts	flag, r0
	.message "a message leaves the output alone"
	.warning "so does a warning"
	rjmp	reset
	.db	1, 2, 3, 4
	.db	"AVR", 0
	.db	5		; an odd count in code: a zero byte is added
	.DW	0xBEEF, main, -2
	.dseg
	.org	0x180
buf:	.byte	4
flag:	.BYTE	1
	.eseg
ee1:	.db	0x11, 0x22, 0x33	; no padding in the EEPROM
ee2:	.dw	0x4455
	.org	0x20
ee3:	.db	"EE"
	.cseg
	ldi	r20, low(ee2)	; EEPROM labels count bytes
	ldi	r21, ee3
	.exit
	this line is never read
