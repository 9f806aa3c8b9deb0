; Expressions with GNU as precedence, number syntax and character constants.
	.data
	.byte	1 + 2 * 3, (1 + 2) * 3, 7 / 2, 7 % 3, -7 / 2, -7 % 2
	.byte	6 & 2 + 1, 2 + 1 & 6, 5 ^ 1 - 1, 4 - 1 ^ 1, 2 * 3 & 6, 1 << 2 + 1
	.byte	1 | 4 << 1, 0xf0 >> 4, ~0 & 0xff, !0, !7, 5 ! ~2
	.long	1 + 2 == 3, 3 == 1 + 2, 2 < 1 + 5, 0 == 1 < 2, 3 > 2 > 1, 1 <> 2
	.long	1 != 1, 2 <= 2, 3 >= 4, 1 && 0 || 1, 1 || 0 && 0, 2 && 3, 0 || 5
	.long	-1 >> 60, (-1 >> 1) >> 56, 0x80000000 >> 31, 1 << 31
	.quad	1 << 63 >> 63, -1 / 2, 0x123456789abcdef0, -2
	.word	0x10, 010, 0b101, 'a, 'a', '\n, '\\, '\'', 1000, -1000
	.byte	-(2) * 3, ~1 + 1, 1 + ~1, 3 - - 1, + 4, - - 5
	.equ	A, 10
	.set	B, A * 2
	C = B - 3
	.byte	A, B, C, A + B + C
	.byte	later - earlier, (later - earlier) / 2
earlier:
	.byte	0, 0, 0, 0
later:
	.word	earlier, later
	.byte	0
	.text
code:	ldi	r16, A
	ldi	r17, B + C
	ldi	r18, lo8(earlier)
	ldi	r19, hi8(earlier)
	ldi	r20, hh8(earlier)
	ldi	r21, lo8(later - earlier)
	lds	r22, later
	sts	earlier + 1, r23
	.word	code, pm(code), gs(code)
	.word	end - code
end:
