package main

import (
	"fmt"
	"strings"
)

// The verifying example: w = s^-1 mod n (Montgomery, Fermat), u1 = e·w, u2 = r·w, two runs of
// p192_scalarmul (u1·G and u2·Q), their affine sum's x (one inversion mod p), compared with r; the
// range checks of r and s and the comparison are masks, so the call's trace is the same for every
// input.

// verifySource returns examples/p192-ecdsa-verify.S.
func verifySource() string {
	g := &gen{}
	g.b.WriteString(strings.NewReplacer("{cycles}", thousands(verifyCycles), "{flash}", thousands(verifyFlash),
		"{ram}", fmt.Sprint(verifyRAM), "{smul}", thousands(headerCycles)).Replace(verifyHeader))
	g.line("        .text")
	g.faddsub()
	g.helpers()
	g.ladderSteps()
	g.entry()
	g.nmod()
	g.verify()
	g.fmul()
	g.fsqr()
	g.data()
	g.signData()
	g.line("p192_rpt2: .skip 48")
	g.line("p192_nu: .skip 24")
	g.line("p192_valid: .skip 1")
	g.line("p192_okp: .skip 2")
	g.line("p192_qp: .skip 2")
	return g.b.String()
}

// rangeCheck emits: p192_valid &= (1 ≤ v < n) for the 24 bytes at the pointer in ptr (a .bss word).
func (g *gen) rangeCheck(ptr string) {
	g.line(`        ; p192_valid &= (1 <= v < n), v at the pointer in %[1]s
        lds     r26, %[1]s
        lds     r27, %[1]s+1
        ldi     r28, lo8(p192_nram)
        ldi     r29, hi8(p192_nram)
        clr     r2                      ; OR of the bytes
        ldi     r16, 24
        clc
1:      ld      r24, X+
        ld      r25, Y+
        or      r2, r24
        sbc     r24, r25
        dec     r16
        brne    1b
        sbc     r3, r3                  ; 0xff if v < n
        neg     r2                      ; C = (v != 0)
        sbc     r4, r4                  ; 0xff if v != 0
        and     r3, r4
        lds     r24, p192_valid
        and     r24, r3
        sts     p192_valid, r24`, ptr)
}

func (g *gen) verify() {
	g.line(`
; ---------------------------------------------------------------------------------------------------
; void p192_ecdsa_verify(uint8_t *ok, const uint8_t *q, const uint8_t *e, const uint8_t *sig)
; ---------------------------------------------------------------------------------------------------
        .global p192_ecdsa_verify
        .type   p192_ecdsa_verify, @function
p192_ecdsa_verify:`)
	for r := 2; r <= 17; r++ {
		g.op("push    r%d", r)
	}
	g.op("push    r28")
	g.op("push    r29")
	g.line(`        sts     p192_okp, r24
        sts     p192_okp+1, r25
        sts     p192_qp, r22
        sts     p192_qp+1, r23
        sts     p192_ep, r20
        sts     p192_ep+1, r21
        sts     p192_sig, r18
        sts     p192_sig+1, r19
        movw    r24, r18
        adiw    r24, 24
        sts     p192_kp, r24            ; p192_kp: the pointer to s
        sts     p192_kp+1, r25
        ldi     r30, lo8(p192_nconst)
        ldi     r31, hi8(p192_nconst)
        ldi     r26, lo8(p192_nram)
        ldi     r27, hi8(p192_nram)
        ldi     r16, 120
1:      lpm     r0, Z+
        st      X+, r0
        dec     r16
        brne    1b
        ldi     r24, 0xff
        sts     p192_valid, r24`)
	g.rangeCheck("p192_sig")
	g.rangeCheck("p192_kp")
	g.line(`        ; e mod n
        lds     r26, p192_ep
        lds     r27, p192_ep+1
        ldi     r30, lo8(p192_ne)
        ldi     r31, hi8(p192_ne)
        rcall   p192_nred
        ; x = s*R mod n, acc = x^(n-2) = s^-1 * R
        lds     r26, p192_kp
        lds     r27, p192_kp+1`)
	g.nmulCall("p192_nx", "", "p192_r2")
	g.nexp()
	g.line("        ; u1 = e*w, u2 = r*w (plain: acc is w*R)")
	g.nmulCall("p192_nu", "p192_nacc", "p192_ne")
	g.line(`        lds     r28, p192_sig
        lds     r29, p192_sig+1`)
	g.nmulCall("p192_nrd", "p192_nacc", "")
	g.line(`        ; u1*G into p192_rpt, u2*Q into p192_rpt2 (p192_scalarmul keeps the avr-gcc ABI)
        ldi     r24, lo8(p192_rpt)
        ldi     r25, hi8(p192_rpt)
        ldi     r22, lo8(p192_nu)
        ldi     r23, hi8(p192_nu)
        ldi     r20, lo8(p192_g)
        ldi     r21, hi8(p192_g)
        call    p192_scalarmul
        ldi     r24, lo8(p192_rpt2)
        ldi     r25, hi8(p192_rpt2)
        ldi     r22, lo8(p192_nrd)
        ldi     r23, hi8(p192_nrd)
        lds     r20, p192_qp
        lds     r21, p192_qp+1
        call    p192_scalarmul
        ; x of the sum: lambda = (y2 - y1)/(x2 - x1), x = lambda^2 - x1 - x2`)
	g.far = true
	g.sub(sym("t1"), "p192_rpt2", "p192_rpt")
	g.invert()
	g.sub(sym("t2"), "p192_rpt2+24", "p192_rpt+24")
	g.mul(sym("t2"), sym("t2"), sym("acc"))
	g.sqr(sym("t3"), sym("t2"))
	g.sub(sym("t3"), sym("t3"), "p192_rpt")
	g.sub(sym("t3"), sym("t3"), "p192_rpt2")
	g.far = false
	g.line(`        ; x mod n, compared with r: ok = valid & (x mod n == r)
        ldi     r26, lo8(p192_t3)
        ldi     r27, hi8(p192_t3)
        ldi     r30, lo8(p192_nv)
        ldi     r31, hi8(p192_nv)
        rcall   p192_nred
        ldi     r26, lo8(p192_nv)
        ldi     r27, hi8(p192_nv)
        lds     r28, p192_sig
        lds     r29, p192_sig+1
        clr     r2
        ldi     r16, 24
2:      ld      r24, X+
        ld      r25, Y+
        eor     r24, r25
        or      r2, r24
        dec     r16
        brne    2b
        neg     r2                      ; C = (x mod n != r)
        sbc     r3, r3
        com     r3                      ; 0xff if equal
        lds     r24, p192_valid
        and     r24, r3
        andi    r24, 1
        lds     r30, p192_okp
        lds     r31, p192_okp+1
        st      Z, r24`)
	g.op("pop     r29")
	g.op("pop     r28")
	for r := 17; r >= 2; r-- {
		g.op("pop     r%d", r)
	}
	g.op("ret")
	g.line("        .size   p192_ecdsa_verify, .-p192_ecdsa_verify")
}
