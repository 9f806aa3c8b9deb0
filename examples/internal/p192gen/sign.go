package main

import (
	"fmt"
	"math/big"
	"strings"
)

// The signing example: p192_scalarmul for R = k·G, then the arithmetic modulo the group order n in
// Montgomery form (R = 2^192), s = k^-1 (e + r·d) mod n with k^-1 = k^(n-2) (Fermat).

// signSource returns examples/p192-ecdsa-sign.S.
func signSource() string {
	g := &gen{}
	g.b.WriteString(strings.NewReplacer("{cycles}", thousands(signCycles), "{flash}", thousands(signFlash),
		"{ram}", fmt.Sprint(signRAM), "{smul}", thousands(headerCycles)).Replace(signHeader))
	g.line("        .text")
	g.faddsub()
	g.helpers()
	g.ladderSteps()
	g.entry()
	g.sign()
	g.fmul()
	g.fsqr()
	g.data()
	g.signData()
	return g.b.String()
}

// nConsts returns n, −n^-1 mod 256, R^2 mod n and n − 2 for R = 2^192.
func nConsts() (n *big.Int, n0p int, r2, e *big.Int) {
	n, _ = new(big.Int).SetString(nHex, 16)
	r := new(big.Int).Lsh(big.NewInt(1), 192)
	r2 = new(big.Int).Mod(new(big.Int).Mul(r, r), n)
	inv := new(big.Int).ModInverse(new(big.Int).Mod(n, big.NewInt(256)), big.NewInt(256))
	n0p = int((256 - inv.Int64()) % 256)
	e = new(big.Int).Sub(n, big.NewInt(2))
	return
}

// le returns v as 24 little-endian bytes.
func le(v *big.Int) []byte {
	be := v.FillBytes(make([]byte, 24))
	out := make([]byte, 24)
	for i := range out {
		out[i] = be[23-i]
	}
	return out
}

// byteLines writes b as .byte lines.
func (g *gen) byteLines(b []byte) {
	for i := 0; i < len(b); i += 12 {
		var s []string
		for _, v := range b[i:min(i+12, len(b))] {
			s = append(s, fmt.Sprintf("0x%02x", v))
		}
		g.line("        .byte   %s", strings.Join(s, ", "))
	}
}

// nmulCall writes a call of p192_nmul with X = a, Y = b, Z = dst (symbols, or "" to keep a register
// pair the caller set).
func (g *gen) nmulCall(dst, a, b string) {
	g.line("        ; %s = %s*%s/2^192 mod n", dst, a, b)
	if a != "" {
		g.ptr(26, a)
	}
	if b != "" {
		g.ptr(28, b)
	}
	if dst != "" {
		g.ptr(30, dst)
	}
	g.op("rcall   p192_nmul")
}

func (g *gen) sign() {
	g.nmod()
	g.signEntry()
}

// nmod emits the arithmetic modulo n: p192_nmul, p192_nfinal, p192_nred.
func (g *gen) nmod() {
	_, n0p, _, _ := nConsts()
	g.line(`
; ---------------------------------------------------------------------------------------------------
; p192_nmul: Z = X * Y / 2^192 mod n (Montgomery multiplication modulo the group order; X, Y below n;
; Z may be X or Y). Operand scanning a byte of a at a time (CIOS): t += a_i*b, m = t_0*(-1/n mod 256),
; t = (t + m*n)/256, t in p192_nt; then t - n, with n added back under a mask if that borrows.
; Clobbers r0-r31 except r1 = 0 out. The rows unrolled, the 24 steps a loop of fixed count.
; ---------------------------------------------------------------------------------------------------
p192_nmul:
        sts     p192_nd, r30
        sts     p192_nd+1, r31
        movw    r4, r28                 ; b
        clr     r22                     ; zero
        ldi     r30, lo8(p192_nt)
        ldi     r31, hi8(p192_nt)
        ldi     r16, 26
1:      st      Z+, r22
        dec     r16
        brne    1b
        ldi     r17, 24
        ldi     r18, %d                 ; -1/n mod 256
2:      ld      r20, X+                 ; a_i
        movw    r28, r4
        ldi     r30, lo8(p192_nt)
        ldi     r31, hi8(p192_nt)
        clr     r21                     ; carry byte
`+nmulRows()+`        dec     r17
        breq    p192_nfinal
        rjmp    2b

; p192_nfinal: dst (p192_nd) = t mod n for the 25-byte t in p192_nt below 2n, masked.
p192_nfinal:
        clr     r22
        ldi     r30, lo8(p192_nt)
        ldi     r31, hi8(p192_nt)
        ldi     r28, lo8(p192_nram)
        ldi     r29, hi8(p192_nram)
        lds     r26, p192_nd
        lds     r27, p192_nd+1
        ldi     r16, 24
        clc
5:      ld      r24, Z+                 ; dst = t - n
        ld      r23, Y+
        sbc     r24, r23
        st      X+, r24
        dec     r16
        brne    5b
        ld      r24, Z
        sbc     r24, r22
        sbc     r20, r20                ; 0xff if t < n: add n back
        ldi     r28, lo8(p192_nram)
        ldi     r29, hi8(p192_nram)
        lds     r26, p192_nd
        lds     r27, p192_nd+1
        ldi     r16, 24
        clc
6:      ld      r24, X
        ld      r23, Y+
        and     r23, r20
        adc     r24, r23
        st      X+, r24
        dec     r16
        brne    6b
        clr     r1
        ret

; p192_nred: Z = X mod n for a 24-byte X below 2n (r1 = 0)
p192_nred:
        sts     p192_nd, r30
        sts     p192_nd+1, r31
        ldi     r30, lo8(p192_nt)
        ldi     r31, hi8(p192_nt)
        ldi     r16, 24
7:      ld      r24, X+
        st      Z+, r24
        dec     r16
        brne    7b
        st      Z+, r1
        rjmp    p192_nfinal
`, n0p)
}

// signEntry emits p192_ecdsa_sign.
func (g *gen) signEntry() {
	g.line(`
; ---------------------------------------------------------------------------------------------------
; void p192_ecdsa_sign(uint8_t *sig, const uint8_t *d, const uint8_t *k, const uint8_t *e)
; ---------------------------------------------------------------------------------------------------
        .global p192_ecdsa_sign
        .type   p192_ecdsa_sign, @function
p192_ecdsa_sign:`)
	for r := 2; r <= 17; r++ {
		g.op("push    r%d", r)
	}
	g.op("push    r28")
	g.op("push    r29")
	g.line(`        sts     p192_sig, r24
        sts     p192_sig+1, r25
        sts     p192_dp, r22
        sts     p192_dp+1, r23
        sts     p192_kp, r20
        sts     p192_kp+1, r21
        sts     p192_ep, r18
        sts     p192_ep+1, r19
        ; the constants (n, R^2 mod n, 1, G) from flash
        ldi     r30, lo8(p192_nconst)
        ldi     r31, hi8(p192_nconst)
        ldi     r26, lo8(p192_nram)
        ldi     r27, hi8(p192_nram)
        ldi     r16, 120
1:      lpm     r0, Z+
        st      X+, r0
        dec     r16
        brne    1b
        ; R = k*G (p192_scalarmul keeps the avr-gcc ABI)
        ldi     r24, lo8(p192_rpt)
        ldi     r25, hi8(p192_rpt)
        lds     r22, p192_kp
        lds     r23, p192_kp+1
        ldi     r20, lo8(p192_g)
        ldi     r21, hi8(p192_g)
        call    p192_scalarmul
        ; r = R.x mod n, into sig[0..23]
        ldi     r26, lo8(p192_rpt)
        ldi     r27, hi8(p192_rpt)
        lds     r30, p192_sig
        lds     r31, p192_sig+1
        rcall   p192_nred
        ; e mod n
        lds     r26, p192_ep
        lds     r27, p192_ep+1
        ldi     r30, lo8(p192_ne)
        ldi     r31, hi8(p192_ne)
        rcall   p192_nred
        ; t = r*d/R, then r*d = t*R^2/R
        lds     r26, p192_sig
        lds     r27, p192_sig+1
        lds     r28, p192_dp
        lds     r29, p192_dp+1`)
	g.nmulCall("p192_nrd", "", "")
	g.nmulCall("p192_nrd", "p192_nrd", "p192_r2")
	g.line(`        ; x = k*R mod n (Montgomery form of k)
        lds     r26, p192_kp
        lds     r27, p192_kp+1`)
	g.nmulCall("p192_nx", "", "p192_r2")
	g.nexp()
	g.line(`        ; v = (e mod n) + r*d, 25 bytes, then mod n
        ldi     r26, lo8(p192_ne)
        ldi     r27, hi8(p192_ne)
        ldi     r28, lo8(p192_nrd)
        ldi     r29, hi8(p192_nrd)
        ldi     r30, lo8(p192_nt)
        ldi     r31, hi8(p192_nt)
        ldi     r16, 24
        clc
6:      ld      r24, X+
        ld      r25, Y+
        adc     r24, r25
        st      Z+, r24
        dec     r16
        brne    6b
        clr     r24
        adc     r24, r1
        st      Z+, r24
        ldi     r24, lo8(p192_nv)
        sts     p192_nd, r24
        ldi     r24, hi8(p192_nv)
        sts     p192_nd+1, r24
        rcall   p192_nfinal
        ; s = acc * v / R = k^-1 (e + r*d) mod n, into sig[24..47]
        lds     r30, p192_sig
        lds     r31, p192_sig+1
        adiw    r30, 24`)
	g.nmulCall("", "p192_nacc", "p192_nv")
	g.op("pop     r29")
	g.op("pop     r28")
	for r := 17; r >= 2; r-- {
		g.op("pop     r%d", r)
	}
	g.op("ret")
	g.line("        .size   p192_ecdsa_sign, .-p192_ecdsa_sign")
}

func (g *gen) signData() {
	n, _, r2, _ := nConsts()
	g.line("\n        .text")
	g.line("; n, R^2 mod n, 1 (24 bytes each, little-endian), then G = (x, y): copied to p192_nram..p192_g")
	g.line("        .type   p192_nconst, @object")
	g.line("p192_nconst:")
	var b []byte
	b = append(b, le(n)...)
	b = append(b, le(r2)...)
	b = append(b, le(big.NewInt(1))...)
	gx, _ := new(big.Int).SetString("188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012", 16)
	gy, _ := new(big.Int).SetString("07192b95ffc8da78631011ed6b24cdd573f977a11e794811", 16)
	b = append(b, le(gx)...)
	b = append(b, le(gy)...)
	g.byteLines(b)
	g.line("        .size   p192_nconst, .-p192_nconst")
	g.line("\n        .section .bss")
	g.line("p192_nram: .skip 24")
	g.line("p192_r2: .skip 24")
	g.line("p192_one: .skip 24")
	g.line("p192_g: .skip 48")
	g.line("p192_rpt: .skip 48")
	g.line("p192_ne: .skip 24")
	g.line("p192_nrd: .skip 24")
	g.line("p192_nx: .skip 24")
	g.line("p192_nacc: .skip 24")
	g.line("p192_nv: .skip 24")
	g.line("p192_npow: .skip 360")
	g.line("p192_ntpad: .skip 1")
	g.line("p192_nt: .skip 26")
	g.line("p192_nd: .skip 2")
	g.line("p192_sig: .skip 2")
	g.line("p192_dp: .skip 2")
	g.line("p192_kp: .skip 2")
	g.line("p192_ep: .skip 2")
}

// nexp emits p192_nacc = p192_nx^(n-2) (Montgomery form) inline: a fixed window of 4 bits over the
// public exponent n - 2 (the table x^1..x^15, then per digit 4 squarings and one multiplication by
// the digit's entry, none for a zero digit), unrolled from the exponent's digits.
func (g *gen) nexp() {
	_, _, _, e := nConsts()
	g.line("        ; p192_nacc = p192_nx^(n-2): 4-bit fixed window over the public digits of n - 2")
	g.line("        ; the table p192_npow + 24*(i-1) = x^i, i = 1..15")
	g.line(`        ldi     r26, lo8(p192_nx)
        ldi     r27, hi8(p192_nx)
        ldi     r30, lo8(p192_npow)
        ldi     r31, hi8(p192_npow)
        ldi     r16, 24
2:      ld      r0, X+
        st      Z+, r0
        dec     r16
        brne    2b`)
	pw := func(i int) string { return fmt.Sprintf("p192_npow+%d", 24*(i-1)) }
	for i := 2; i <= 15; i++ {
		g.nmulCall(pw(i), pw(i-1), pw(1))
	}
	top := int(e.Bit(191))<<3 | int(e.Bit(190))<<2 | int(e.Bit(189))<<1 | int(e.Bit(188))
	if top == 0 {
		panic("p192gen: the top digit of n - 2 is 0")
	}
	g.line(`        ; acc = x^%d (the top digit)
        ldi     r26, lo8(%s)
        ldi     r27, hi8(%s)
        ldi     r30, lo8(p192_nacc)
        ldi     r31, hi8(p192_nacc)
        ldi     r16, 24
3:      ld      r0, X+
        st      Z+, r0
        dec     r16
        brne    3b`, top, pw(top), pw(top))
	for d := 46; d >= 0; d-- {
		digit := 0
		for b := 3; b >= 0; b-- {
			digit = digit<<1 | int(e.Bit(4*d+b))
		}
		g.line("        ; digit %d of n - 2: %x", d, digit)
		g.op("ldi     r16, 4")
		g.line("4:")
		g.op("push    r16")
		g.nmulCall("p192_nacc", "p192_nacc", "p192_nacc")
		g.op("pop     r16")
		g.op("dec     r16")
		g.op("brne    4b")
		if digit != 0 {
			g.nmulCall("p192_nacc", "p192_nacc", pw(digit))
		}
	}
}

// nmulRows returns the two unrolled rows of one step of p192_nmul (Y = b, then n; Z = t):
// t += a_i*b, m = t_0*(-1/n) mod 256, t = (t + m*n)/256 (t_j stored at t_(j-1)).
func nmulRows() string {
	var b strings.Builder
	w := func(f string, a ...any) { b.WriteString("        " + fmt.Sprintf(f, a...) + "\n") }
	for j := 0; j < 24; j++ {
		w("ldd     r23, Y+%d", j)
		w("mul     r20, r23")
		w("ldd     r24, Z+%d", j)
		w("add     r24, r0")
		w("adc     r1, r22")
		if j > 0 {
			w("add     r24, r21")
			w("adc     r1, r22")
		}
		w("std     Z+%d, r24", j)
		w("mov     r21, r1")
	}
	w("ldd     r24, Z+24")
	w("add     r24, r21")
	w("std     Z+24, r24")
	w("ldd     r24, Z+25")
	w("adc     r24, r22")
	w("std     Z+25, r24")
	w("lds     r24, p192_nt            ; m = t_0 * (-1/n) mod 256")
	w("mul     r24, r18")
	w("mov     r19, r0")
	w("ldi     r28, lo8(p192_nram)")
	w("ldi     r29, hi8(p192_nram)")
	for j := 0; j < 24; j++ {
		w("ldd     r23, Y+%d", j)
		w("mul     r19, r23")
		w("ldd     r24, Z+%d", j)
		w("add     r24, r0")
		w("adc     r1, r22")
		if j > 0 {
			w("add     r24, r21")
			w("adc     r1, r22")
			w("std     Z+%d, r24", j-1)
		}
		w("mov     r21, r1")
	}
	w("ldd     r24, Z+24")
	w("add     r24, r21")
	w("std     Z+23, r24")
	w("ldd     r24, Z+25")
	w("adc     r24, r22")
	w("std     Z+24, r24")
	w("std     Z+25, r22")
	return b.String()
}
