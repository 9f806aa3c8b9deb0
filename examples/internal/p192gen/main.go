// Command p192gen writes examples/p192-scalarmul.S: a constant-time P-192 variable-base scalar
// multiplication (the co-Z Montgomery ladder of Goundar, Joye, Miyaji, Rivain and Venelli, with the
// final Z recovered from the base point) over an unrolled product-scanning field multiplication,
// generated from the description here: the field multiplication's columns, the NIST reduction, the
// ladder's two co-Z steps and Fermat's inversion as a fixed addition chain.
//
// Run it from examples/ (go generate ./examples) or give the directory with -dir.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	dir := flag.String("dir", ".", "directory to write p192-scalarmul.S into")
	flag.Parse()
	if err := write(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "p192gen:", err)
		os.Exit(1)
	}
}

// files returns every generated file by name.
func files() map[string]string {
	return map[string]string{"p192-scalarmul.S": source(), "p192-ecdsa-sign.S": signSource(),
		"p192-ecdsa-verify.S": verifySource()}
}

func write(dir string) error {
	for name, text := range files() {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// gen accumulates the assembly text.
type gen struct {
	b   strings.Builder
	far bool // call (not rcall) the additions too: the verifying entry is too far from them
}

// op writes one instruction line with an optional comment.
func (g *gen) op(ins string, args ...any) {
	g.b.WriteString("        " + fmt.Sprintf(ins, args...) + "\n")
}

func (g *gen) line(s string, args ...any) { g.b.WriteString(fmt.Sprintf(s, args...) + "\n") }

// ptr loads the 16-bit address of sym into the pair whose low register is lo (26 X, 28 Y, 30 Z).
func (g *gen) ptr(lo int, sym string) {
	g.op("ldi     r%d, lo8(%s)", lo, sym)
	g.op("ldi     r%d, hi8(%s)", lo+1, sym)
}

// field calls the field routine fn with X = dst, Y = a, Z = b (b "" for a squaring, which takes no
// Z). The multiplications are far (call), the additions near (rcall).
func (g *gen) field(fn, dst, a, b, comment string) {
	g.line("        ; %s", comment)
	g.ptr(26, dst)
	g.ptr(28, a)
	if b != "" {
		g.ptr(30, b)
	}
	if fn == "p192_fmul" || fn == "p192_fsqr" || g.far {
		g.op("call    %s", fn)
	} else {
		g.op("rcall   %s", fn)
	}
}

func (g *gen) mul(dst, a, b string) { g.field("p192_fmul", dst, a, b, dst+" = "+a+"*"+b) }
func (g *gen) sqr(dst, a string)    { g.field("p192_fsqr", dst, a, "", dst+" = "+a+"^2") }
func (g *gen) add(dst, a, b string) { g.field("p192_fadd", dst, a, b, dst+" = "+a+" + "+b) }
func (g *gen) sub(dst, a, b string) { g.field("p192_fsub", dst, a, b, dst+" = "+a+" - "+b) }

// sqrn sets dst = a^(2^n) (n ≥ 1): one squaring into dst, then n−1 in place, in a loop whose count
// is fixed (r16 on the stack across the calls).
func (g *gen) sqrn(dst, a string, n int, label string) {
	g.sqr(dst, a)
	if n == 1 {
		return
	}
	g.op("ldi     r16, %d", n-1)
	g.line("%s:", label)
	g.op("push    r16")
	g.field("p192_fsqr", dst, dst, "", dst+" = "+dst+"^2")
	g.op("pop     r16")
	g.op("dec     r16")
	g.op("brne    %sb", label)
}

// Slots of the workspace (24 bytes each unless said).
var slots = []string{"x0", "y0", "x1", "y1", "px", "py", "t1", "t2", "t3", "t4", "t5", "t6",
	"i2", "i6", "i12", "i24", "i48", "acc", "acc2", "zero", "three"}

func sym(s string) string { return "p192_" + s }

const nHex = "ffffffffffffffffffffffff99def836146bc9b1b4d22831"

// leBytes returns the 25 little-endian bytes of m·n.
func nBytes(m int) []byte {
	var v [26]int
	for i := 0; i < 24; i++ {
		var b int
		fmt.Sscanf(nHex[46-2*i:48-2*i], "%02x", &b)
		v[i] = b * m
	}
	out := make([]byte, 25)
	carry := 0
	for i := 0; i < 25; i++ {
		t := v[i] + carry
		out[i] = byte(t)
		carry = t >> 8
	}
	return out
}

func source() string {
	g := &gen{}
	g.b.WriteString(strings.NewReplacer("{cycles}", thousands(headerCycles), "{flash}", thousands(headerFlash),
		"{ram}", fmt.Sprint(headerRAM)).Replace(header))
	g.line("        .text")
	g.faddsub()
	g.helpers()
	g.ladderSteps()
	g.entry()
	g.fmul()
	g.fsqr()
	g.data()
	return g.b.String()
}

// reg names byte j (0..23) of the 24-byte value the add, sub and reduction keep in r2..r25.
func reg(j int) string { return fmt.Sprintf("r%d", 2+j) }

// fmul: X = dst, Y = a, Z = b; dst = a*b mod p, fully reduced. Clobbers r0-r31 (r1 = 0 on return).
//
// The 24x24-byte product is four 12x12-byte products of halves, each with both halves in registers
// (a half in r2..r13, b half in r14..r25), so that a byte product costs mul + add + adc + adc. They
// run in the order A0*B0, A1*B0, A1*B1, A0*B1 (each reload is one half) and add into p192_prod at
// byte offsets 0, 12, 24, 12: a column whose byte is already written adds it into the accumulator.
func (g *gen) fmul() {
	g.line(`
; ---------------------------------------------------------------------------------------------------
; p192_fmul: X = Y * Z mod p (X may equal Y or Z). Internal convention: clobbers r0-r31, r1 = 0 out.
; Four 12x12-byte products of the halves, product scanning with both halves in registers (a half in
; r2..r13, b half in r14..r25), the column sum in a rotating 3-byte accumulator (r26, r27, r28),
; r29 = 0, r30 the byte already in p192_prod that a column adds; the halves reloaded through Z.
; ---------------------------------------------------------------------------------------------------
p192_fmul:
        sts     p192_pd, r26
        sts     p192_pd+1, r27
        sts     p192_pa, r28
        sts     p192_pa+1, r29
        sts     p192_pb, r30
        sts     p192_pb+1, r31`)
	load := func(ptr string, half, base int) {
		g.op("lds     r30, %s", ptr)
		g.op("lds     r31, %s+1", ptr)
		for i := 0; i < 12; i++ {
			g.op("ldd     r%d, Z+%d", base+i, 12*half+i)
		}
	}
	g.op("clr     r29                     ; zero")
	var written [48]bool
	for _, sp := range [][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		ha, hb := sp[0], sp[1]
		switch {
		case ha == 0 && hb == 0:
			load("p192_pa", 0, 2)
			load("p192_pb", 0, 14)
		case hb == 0:
			load("p192_pa", 1, 2)
		case ha == 1:
			load("p192_pb", 1, 14)
		default:
			load("p192_pa", 0, 2)
		}
		off := 12 * (ha + hb)
		g.line("        ; A%d*B%d into p192_prod + %d", ha, hb, off)
		acc := []int{26, 27, 28}
		for _, r := range acc {
			g.op("clr     r%d", r)
		}
		added := false
		// emit stores the accumulator's low byte at pos (adding the byte there if written) and
		// rotates the accumulator.
		emit := func(pos int) {
			if written[pos] {
				g.op("lds     r30, p192_prod+%d", pos)
				g.op("add     r%d, r30", acc[0])
				g.op("adc     r%d, r29", acc[1])
				g.op("adc     r%d, r29", acc[2])
				added = true
			}
			g.op("sts     p192_prod+%d, r%d", pos, acc[0])
			written[pos] = true
			acc = []int{acc[1], acc[2], acc[0]}
			g.op("clr     r%d", acc[2])
		}
		for kk := 0; kk <= 22; kk++ {
			for i := max(0, kk-11); i <= min(kk, 11); i++ {
				g.op("mul     r%d, r%d", 2+i, 14+kk-i)
				g.op("add     r%d, r0", acc[0])
				g.op("adc     r%d, r1", acc[1])
				g.op("adc     r%d, r29", acc[2])
			}
			emit(off + kk)
		}
		emit(off + 23)
		// The carry out of the half product and the bytes it added: through the written bytes, then
		// one more byte (the sum of a 24-byte product and 12 bytes is below 2^193).
		pos := off + 24
		for pos < 48 && written[pos] {
			emit(pos)
			pos++
		}
		if pos < 48 && added {
			emit(pos)
		}
	}
	for i, w := range written {
		if !w {
			panic(fmt.Sprintf("p192gen: product byte %d never written", i))
		}
	}
	g.line(`        ; reduction (FIPS 186-4 D.2.1): with the product as 64-bit words c5..c0,
        ; r = (c2,c1,c0) + (0,c3,c3) + (c4,c4,0) + (c5,c5,c5) mod p
p192_reduce:
        lds     r28, p192_pd
        lds     r29, p192_pd+1          ; Y = dst
        clr     r1
        ldi     r30, lo8(p192_prod)
        ldi     r31, hi8(p192_prod)`)
	for j := 0; j < 24; j++ {
		g.op("ldd     %s, Z+%d", reg(j), j)
	}
	g.op("clr     r26                     ; the bits above 2^192")
	// term words: for each of the three terms, the source word of result words 0, 1, 2 (-1 = zero).
	terms := [][3]int{{3, 3, -1}, {-1, 4, 4}, {5, 5, 5}}
	for _, t := range terms {
		first := true
		for w := 0; w < 3; w++ {
			if t[w] < 0 {
				if first {
					continue // leading zero word: nothing to add, no carry yet
				}
				for j := 8 * w; j < 8*w+8; j++ {
					g.op("adc     %s, r1", reg(j))
				}
				continue
			}
			for j := 8 * w; j < 8*w+8; j++ {
				g.op("ldd     r27, Z+%d", 8*t[w]+j-8*w)
				if first {
					g.op("add     %s, r27", reg(j))
					first = false
				} else {
					g.op("adc     %s, r27", reg(j))
				}
			}
		}
		g.op("adc     r26, r1")
	}
	g.fold("r26")
	g.op("clr     r26")
	g.op("adc     r26, r1                 ; the carry of the first fold (0 or 1)")
	g.fold("r26")
	g.condSubP("r26", "r27")
	for j := 0; j < 24; j++ {
		g.op("std     Y+%d, %s", j, reg(j))
	}
	g.op("ret")
}

// fsqr: X = dst, Y = a; dst = a^2 mod p. Each cross product a[i]*a[j] (i < j) once, doubled.
func (g *gen) fsqr() {
	g.line(`
; ---------------------------------------------------------------------------------------------------
; p192_fsqr: X = Y^2 mod p (X may equal Y). Internal convention as p192_fmul's. Product scanning with
; each cross product once: a column's cross products are summed in r22:r23:r24, doubled and added
; to the rotating accumulator (r25, r26, r27) with the square term. a[0..18] in r3..r21, a[19..23]
; loaded per product (r30, r31); the reduction is p192_fmul's.
; ---------------------------------------------------------------------------------------------------
p192_fsqr:
        sts     p192_pd, r26
        sts     p192_pd+1, r27`)
	for j := 0; j < 19; j++ {
		g.op("ldd     r%d, Y+%d", 3+j, j)
	}
	g.op("clr     r2                      ; zero")
	acc := []int{25, 26, 27}
	for _, r := range acc {
		g.op("clr     r%d", r)
	}
	// operand returns the register holding a[i], loading it into spare first if it is not cached.
	operand := func(i int, spare string) string {
		if i < 19 {
			return fmt.Sprintf("r%d", 3+i)
		}
		g.op("ldd     %s, Y+%d", spare, i)
		return spare
	}
	for k := 0; k <= 46; k++ {
		g.line("        ; column %d", k)
		first := true
		for i := max(0, k-23); 2*i < k; i++ {
			ai := operand(i, "r30")
			aj := operand(k-i, "r31")
			g.op("mul     %s, %s", ai, aj)
			if first {
				g.op("movw    r22, r0")
				g.op("clr     r24")
				first = false
			} else {
				g.op("add     r22, r0")
				g.op("adc     r23, r1")
				g.op("adc     r24, r2")
			}
		}
		if !first {
			g.op("lsl     r22                     ; twice the cross products")
			g.op("rol     r23")
			g.op("rol     r24")
			g.op("add     r%d, r22", acc[0])
			g.op("adc     r%d, r23", acc[1])
			g.op("adc     r%d, r24", acc[2])
		}
		if k%2 == 0 {
			a := operand(k/2, "r30")
			g.op("mul     %s, %s", a, a)
			g.op("add     r%d, r0", acc[0])
			g.op("adc     r%d, r1", acc[1])
			g.op("adc     r%d, r2", acc[2])
		}
		g.op("sts     p192_prod+%d, r%d", k, acc[0])
		acc = []int{acc[1], acc[2], acc[0]}
		if k < 46 {
			g.op("clr     r%d", acc[2])
		}
	}
	g.op("sts     p192_prod+47, r%d", acc[0])
	g.op("jmp     p192_reduce")
}

// fold adds top·(2^64 + 1) to r2..r25 (the carry out is left in C).
func (g *gen) fold(top string) {
	g.op("add     r2, %s                  ; + top*(2^64 + 1)", top)
	for j := 1; j < 24; j++ {
		if j == 8 {
			g.op("adc     %s, %s", reg(j), top)
		} else {
			g.op("adc     %s, r1", reg(j))
		}
	}
}

// condSubP reduces r2..r25 (below 2^192) below p without a branch: t = s + 2^64 + 1 carries out iff
// s ≥ p; without the carry, the 2^64 + 1 is subtracted again. tmp and one are scratch registers of
// r16..r31.
func (g *gen) condSubP(one, tmp string) {
	g.op("ldi     %s, 1", tmp)
	g.fold(tmp)
	g.op("sbc     %s, %s                 ; 0xff if s >= p (carry), else 0", one, one)
	g.op("inc     %s                      ; 0 if s >= p, else 1: undo the 2^64 + 1", one)
	g.op("sub     r2, %s", one)
	for j := 1; j < 24; j++ {
		if j == 8 {
			g.op("sbc     %s, %s", reg(j), one)
		} else {
			g.op("sbc     %s, r1", reg(j))
		}
	}
}

// faddsub: p192_fadd and p192_fsub, X = Y ± Z mod p for operands below p.
func (g *gen) faddsub() {
	g.line(`
; ---------------------------------------------------------------------------------------------------
; p192_fadd: X = Y + Z mod p; p192_fsub: X = Y - Z mod p (operands below p; X may equal Y or Z).
; Clobbers r2-r25, r28-r31; r1 = 0 in and out. No branch: the correction is masked.
; ---------------------------------------------------------------------------------------------------
p192_fadd:`)
	for j := 0; j < 24; j++ {
		g.op("ldd     %s, Y+%d", reg(j), j)
	}
	for j := 0; j < 24; j++ {
		g.op("ldd     r29, Z+%d", j)
		if j == 0 {
			g.op("add     %s, r29", reg(j))
		} else {
			g.op("adc     %s, r29", reg(j))
		}
	}
	g.op("clr     r28")
	g.op("adc     r28, r1                 ; carry of a + b")
	// s = a + b < 2p: s >= p iff carry, or s + 2^64 + 1 carries (never both).
	g.op("ldi     r29, 1")
	g.fold("r29")
	g.op("adc     r28, r1                 ; 1 iff a + b >= p")
	g.op("ldi     r29, 1")
	g.op("sub     r29, r28                ; 1 iff a + b < p: undo the 2^64 + 1")
	g.op("sub     r2, r29")
	for j := 1; j < 24; j++ {
		if j == 8 {
			g.op("sbc     %s, r29", reg(j))
		} else {
			g.op("sbc     %s, r1", reg(j))
		}
	}
	for j := 0; j < 24; j++ {
		g.op("st      X+, %s", reg(j))
	}
	g.op("ret")
	g.line("\np192_fsub:")
	for j := 0; j < 24; j++ {
		g.op("ldd     %s, Y+%d", reg(j), j)
	}
	for j := 0; j < 24; j++ {
		g.op("ldd     r29, Z+%d", j)
		if j == 0 {
			g.op("sub     %s, r29", reg(j))
		} else {
			g.op("sbc     %s, r29", reg(j))
		}
	}
	g.op("sbc     r28, r28                ; 0xff on a borrow")
	g.op("andi    r28, 1                  ; 1: add p, i.e. subtract 2^64 + 1 mod 2^192")
	g.op("sub     r2, r28")
	for j := 1; j < 24; j++ {
		if j == 8 {
			g.op("sbc     %s, r28", reg(j))
		} else {
			g.op("sbc     %s, r1", reg(j))
		}
	}
	for j := 0; j < 24; j++ {
		g.op("st      X+, %s", reg(j))
	}
	g.op("ret")
}

// helpers: the masked swap.
func (g *gen) helpers() {
	g.line(`
; ---------------------------------------------------------------------------------------------------
; p192_cswap: swap the r25 bytes at X and Z where r24 = 0xff, leave them where r24 = 0 (masked, the
; same instructions and addresses either way). Clobbers r2-r4, r25, X, Z.
; ---------------------------------------------------------------------------------------------------
p192_cswap:
        ld      r2, X
        ld      r3, Z
        mov     r4, r2
        eor     r4, r3
        and     r4, r24
        eor     r2, r4
        eor     r3, r4
        st      X+, r2
        st      Z+, r3
        dec     r25
        brne    p192_cswap
        ret

; p192_swapbit: r2 = the ladder's next bit (0 or 1); swap S0 = (x0, y0) and S1 = (x1, y1) where it
; differs from the bit S0 holds now (p192_state), so that S0 holds R_b and S1 holds R_(1-b).
p192_swapbit:
        lds     r3, p192_state
        sts     p192_state, r2
        eor     r3, r2
        mov     r24, r3
        neg     r24                     ; 0xff if the bits differ
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r30, lo8(p192_x1)
        ldi     r31, hi8(p192_x1)
        rjmp    p192_swap48

; p192_nextbit: shift the 192 low bits of p192_k left by one; r2 = the bit shifted out.
p192_nextbit:
        ldi     r28, lo8(p192_k)
        ldi     r29, hi8(p192_k)
        ldi     r25, 24
        clc
1:      ld      r2, Y
        rol     r2
        st      Y+, r2
        dec     r25
        brne    1b
        clr     r2
        rol     r2
        ret`)
	// p192_swap48 swaps r25 bytes: the two points are 48 bytes each (x then y), contiguous, and
	// x0, y0, x1, y1 are laid out so; swapping 96 bytes from x0 with 96 from x1 would be wrong.
	g.line(`
p192_swap48:
        ldi     r25, 48
        rjmp    p192_cswap`)
}

// ladderSteps: the two co-Z steps as subroutines.
func (g *gen) ladderSteps() {
	g.line(`
; ---------------------------------------------------------------------------------------------------
; p192_zaddc: (S0, S1) = (S0 - S1, S0 + S1), co-Z conjugate addition (5M + 3S)
; ---------------------------------------------------------------------------------------------------
p192_zaddc:`)
	g.sub(sym("t1"), sym("x0"), sym("x1"))
	g.sqr(sym("t1"), sym("t1"))
	g.mul(sym("t2"), sym("x0"), sym("t1"))
	g.mul(sym("t3"), sym("x1"), sym("t1"))
	g.sub(sym("t4"), sym("t2"), sym("t3"))
	g.mul(sym("t4"), sym("y0"), sym("t4"))
	g.sub(sym("t5"), sym("y0"), sym("y1"))
	g.add(sym("t6"), sym("y0"), sym("y1"))
	g.sqr(sym("x1"), sym("t5"))
	g.sub(sym("x1"), sym("x1"), sym("t2"))
	g.sub(sym("x1"), sym("x1"), sym("t3"))
	g.sub(sym("t1"), sym("t2"), sym("x1"))
	g.mul(sym("t1"), sym("t5"), sym("t1"))
	g.sub(sym("y1"), sym("t1"), sym("t4"))
	g.sqr(sym("x0"), sym("t6"))
	g.sub(sym("x0"), sym("x0"), sym("t2"))
	g.sub(sym("x0"), sym("x0"), sym("t3"))
	g.sub(sym("t1"), sym("t2"), sym("x0"))
	g.mul(sym("t1"), sym("t6"), sym("t1"))
	g.sub(sym("y0"), sym("t1"), sym("t4"))
	g.op("ret")
	g.line(`
; ---------------------------------------------------------------------------------------------------
; p192_zaddu: (S0, S1) = (S1 + S0, S1 with the new Z), co-Z addition with update (4M + 2S)
; ---------------------------------------------------------------------------------------------------
p192_zaddu:`)
	g.sub(sym("t1"), sym("x1"), sym("x0"))
	g.sqr(sym("t1"), sym("t1"))
	g.mul(sym("x1"), sym("x1"), sym("t1"))
	g.mul(sym("t3"), sym("x0"), sym("t1"))
	g.sub(sym("t5"), sym("y1"), sym("y0"))
	g.sub(sym("t4"), sym("x1"), sym("t3"))
	g.mul(sym("y1"), sym("y1"), sym("t4"))
	g.sqr(sym("x0"), sym("t5"))
	g.sub(sym("x0"), sym("x0"), sym("x1"))
	g.sub(sym("x0"), sym("x0"), sym("t3"))
	g.sub(sym("t1"), sym("x1"), sym("x0"))
	g.mul(sym("t1"), sym("t5"), sym("t1"))
	g.sub(sym("y0"), sym("t1"), sym("y1"))
	g.op("ret")
}

// entry: p192_scalarmul(r, k, p).
func (g *gen) entry() {
	g.line(`
; ---------------------------------------------------------------------------------------------------
; void p192_scalarmul(uint8_t *r, const uint8_t *k, const uint8_t *p)
; ---------------------------------------------------------------------------------------------------
        .global p192_scalarmul
        .type   p192_scalarmul, @function
p192_scalarmul:`)
	for r := 2; r <= 17; r++ {
		g.op("push    r%d", r)
	}
	g.op("push    r28")
	g.op("push    r29")
	g.line(`        sts     p192_rptr, r24
        sts     p192_rptr+1, r25
        ; copy P to (px, py)
        movw    r30, r20
        ldi     r26, lo8(p192_px)
        ldi     r27, hi8(p192_px)
        ldi     r25, 48
1:      ld      r0, Z+
        st      X+, r0
        dec     r25
        brne    1b
        ; the constants 0 and 3, the ladder's state
        ldi     r26, lo8(p192_zero)
        ldi     r27, hi8(p192_zero)
        ldi     r25, 48
2:      st      X+, r1
        dec     r25
        brne    2b
        ldi     r24, 3
        sts     p192_three, r24
        sts     p192_state, r1
        ; k' = k + n if that has bit 192 set, else k + 2n (so k' = k mod n with bit 192 set): the
        ; ladder then runs 192 steps for every k. Both sums are computed; a mask selects.
        movw    r26, r22                ; X = k
        ldi     r30, lo8(p192_n1)
        ldi     r31, hi8(p192_n1)       ; Z = n and 2n (flash, interleaved: n[i], 2n[i])
        ldi     r28, lo8(p192_k)
        ldi     r29, hi8(p192_k)
        clr     r2                      ; carry of k + n
        clr     r3                      ; carry of k + 2n
        ldi     r25, 25
3:      clr     r4
        cpi     r25, 1
        breq    4f                      ; k has 24 bytes: its byte 24 is 0 (the branch depends on
        ld      r4, X+                  ; the loop count only)
        rjmp    5f
4:      nop
        nop
5:      lpm     r5, Z+
        lpm     r6, Z+
        mov     r7, r4
        lsr     r2                      ; C = carry in of k + n
        adc     r7, r5
        rol     r2
        lsr     r3
        adc     r4, r6
        rol     r3
        std     Y+25, r4                ; k + 2n at p192_k + 25
        st      Y+, r7                  ; k + n at p192_k
        dec     r25
        brne    3b
        ; mask = 0xff if byte 24 of k + n is 1 (bit 192 set): keep k + n, else take k + 2n
        lds     r24, p192_k+24
        neg     r24
        com     r24                     ; 0xff: take k + 2n
        ldi     r26, lo8(p192_k)
        ldi     r27, hi8(p192_k)
        ldi     r30, lo8(p192_k+25)
        ldi     r31, hi8(p192_k+25)
        ldi     r25, 24
        rcall   p192_cswap
        ; (S1, S0) = (2P, P) with Z = 2y: the co-Z initial doubling (a = -3)`)
	g.sqr(sym("t1"), sym("px"))
	g.sqr(sym("t2"), sym("py"))
	g.sqr(sym("y0"), sym("t2"))
	g.mul(sym("x0"), sym("px"), sym("t2"))
	g.add(sym("x0"), sym("x0"), sym("x0"))
	g.add(sym("x0"), sym("x0"), sym("x0"))
	g.add(sym("t5"), sym("t1"), sym("t1"))
	g.add(sym("t5"), sym("t5"), sym("t1"))
	g.sub(sym("t5"), sym("t5"), sym("three"))
	g.sqr(sym("x1"), sym("t5"))
	g.sub(sym("x1"), sym("x1"), sym("x0"))
	g.sub(sym("x1"), sym("x1"), sym("x0"))
	g.add(sym("y0"), sym("y0"), sym("y0"))
	g.add(sym("y0"), sym("y0"), sym("y0"))
	g.add(sym("y0"), sym("y0"), sym("y0"))
	g.sub(sym("t6"), sym("x0"), sym("x1"))
	g.mul(sym("t6"), sym("t5"), sym("t6"))
	g.sub(sym("y1"), sym("t6"), sym("y0"))
	g.line(`        ; the ladder: bits 191..1 of k'
        ldi     r16, 191
6:      push    r16
        rcall   p192_nextbit
        rcall   p192_swapbit
        rcall   p192_zaddc
        rcall   p192_zaddu
        pop     r16
        dec     r16
        breq    7f
        rjmp    6b
7:      ; bit 0: the conjugate addition, then the final Z from P (S0 = P if b = 1, -P if b = 0)
        rcall   p192_nextbit
        rcall   p192_swapbit
        rcall   p192_zaddc`)
	g.sub(sym("t1"), sym("x1"), sym("x0"))
	g.mul(sym("t1"), sym("t1"), sym("y0"))
	g.mul(sym("t1"), sym("t1"), sym("px"))
	g.sub(sym("t3"), sym("zero"), sym("py"))
	g.add(sym("t2"), sym("py"), sym("zero"))
	g.line(`        ; t2 = y if b = 1, -y if b = 0 (masked swap of t2 and t3 when b = 0)
        lds     r24, p192_state
        dec     r24                     ; 0xff if b = 0
        ldi     r25, 24
        ldi     r26, lo8(p192_t2)
        ldi     r27, hi8(p192_t2)
        ldi     r30, lo8(p192_t3)
        ldi     r31, hi8(p192_t3)
        rcall   p192_cswap`)
	g.mul(sym("t2"), sym("t2"), sym("x0"))
	g.invert()
	g.line("        ; lambda = 1/Z of the result")
	g.mul(sym("acc"), sym("acc"), sym("t2"))
	g.op("rcall   p192_zaddu")
	g.line(`        ; R0 is S0 if b = 0, S1 if b = 1
        lds     r24, p192_state
        neg     r24
        rcall   p192_swap48x
        ; r = (x0 * lambda^2, y0 * lambda^3)`)
	g.sqr(sym("t1"), sym("acc"))
	g.field("p192_fmul", "p192_t2", sym("t1"), sym("acc"), "t2 = lambda^3")
	g.line(`        ; x
        lds     r26, p192_rptr
        lds     r27, p192_rptr+1
        ldi     r28, lo8(p192_x0)
        ldi     r29, hi8(p192_x0)
        ldi     r30, lo8(p192_t1)
        ldi     r31, hi8(p192_t1)
        call    p192_fmul
        ; y
        lds     r26, p192_rptr
        lds     r27, p192_rptr+1
        adiw    r26, 24
        ldi     r28, lo8(p192_y0)
        ldi     r29, hi8(p192_y0)
        ldi     r30, lo8(p192_t2)
        ldi     r31, hi8(p192_t2)
        call    p192_fmul`)
	g.op("pop     r29")
	g.op("pop     r28")
	for r := 17; r >= 2; r-- {
		g.op("pop     r%d", r)
	}
	g.op("ret")
	g.line(`        .size   p192_scalarmul, .-p192_scalarmul

; p192_swap48x: swap S0 and S1 (48 bytes each) where r24 = 0xff
p192_swap48x:
        ldi     r26, lo8(p192_x0)
        ldi     r27, hi8(p192_x0)
        ldi     r30, lo8(p192_x1)
        ldi     r31, hi8(p192_x1)
        rjmp    p192_swap48`)
}

// data: the flash constants and the workspace.
func (g *gen) data() {
	n1, n2 := nBytes(1), nBytes(2)
	var bs []string
	for i := 0; i < 25; i++ {
		bs = append(bs, fmt.Sprintf("0x%02x, 0x%02x", n1[i], n2[i]))
	}
	g.line("\n; n and 2n, 25 bytes each little-endian, interleaved (n[0], 2n[0], n[1], 2n[1], ...)")
	g.line("        .type   p192_n1, @object")
	g.line("p192_n1:")
	for i := 0; i < 25; i += 5 {
		g.line("        .byte   %s", strings.Join(bs[i:i+5], ", "))
	}
	g.line("        .size   p192_n1, .-p192_n1")
	g.line("\n        .section .bss")
	g.line("; the workspace: x0, y0 (S0) and x1, y1 (S1) contiguous, then P, temporaries, the inversion's")
	g.line("; powers, the constants 0 and 3 (contiguous), k' (25 + 25 bytes), the product, the state")
	for _, s := range slots {
		g.line("%s: .skip 24", sym(s))
	}
	g.line("p192_k: .skip 50")
	g.line("p192_prod: .skip 48")
	g.line("p192_rptr: .skip 2")
	g.line("p192_state: .skip 1")
	g.line("p192_pd: .skip 2")
	g.line("p192_pa: .skip 2")
	g.line("p192_pb: .skip 2")
}

// thousands formats n with commas: 11084343 -> "11,084,343".
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// invert emits acc = t1^(p-2) = 1/t1 inline (the workspace slots i2 .. acc2 as scratch).
func (g *gen) invert() {
	g.line("        ; acc = t1^(p-2) = 1/t1 (Fermat; p - 2 = 2^192 - 2^64 - 3, a fixed chain: 205S + 14M)")
	a := sym("t1")
	g.sqr(sym("i2"), a)
	g.mul(sym("i2"), sym("i2"), a)
	g.sqr(sym("acc"), sym("i2"))
	g.mul(sym("acc"), sym("acc"), a)
	g.sqrn(sym("i6"), sym("acc"), 3, "10")
	g.mul(sym("i6"), sym("i6"), sym("acc"))
	g.sqrn(sym("i12"), sym("i6"), 6, "11")
	g.mul(sym("i12"), sym("i12"), sym("i6"))
	g.sqrn(sym("i24"), sym("i12"), 12, "12")
	g.mul(sym("i24"), sym("i24"), sym("i12"))
	g.sqrn(sym("i48"), sym("i24"), 24, "13")
	g.mul(sym("i48"), sym("i48"), sym("i24"))
	g.sqrn(sym("acc"), sym("i48"), 48, "14")
	g.mul(sym("acc"), sym("acc"), sym("i48"))
	g.sqrn(sym("acc"), sym("acc"), 24, "15")
	g.mul(sym("acc"), sym("acc"), sym("i24"))
	g.sqrn(sym("acc"), sym("acc"), 6, "16")
	g.mul(sym("acc"), sym("acc"), sym("i6"))
	g.sqrn(sym("acc"), sym("acc"), 1, "17")
	g.mul(sym("acc"), sym("acc"), a)
	g.sqrn(sym("acc2"), sym("i48"), 12, "18")
	g.mul(sym("acc2"), sym("acc2"), sym("i12"))
	g.sqrn(sym("acc2"), sym("acc2"), 2, "19")
	g.mul(sym("acc2"), sym("acc2"), sym("i2"))
	g.sqrn(sym("acc"), sym("acc"), 63, "20")
	g.mul(sym("acc"), sym("acc"), sym("acc2"))
	g.sqrn(sym("acc"), sym("acc"), 2, "21")
	g.mul(sym("acc"), sym("acc"), a)
}
