; A .def name used before its .def line: AVRASM2's second pass (and avra) gives it the name's last
; .def, r17 here; after each .def the name is that register.
.include "m128def.inc"
	ldi	temp, 5
	mov	r0, temp
	rcall	work
.def	temp = r16
	ldi	temp, 6
.def	temp = r17
	ldi	temp, 7
work:
	inc	counter
	ret
.def	counter = r20
