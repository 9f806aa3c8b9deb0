package main

import "fmt"

// karatsuba emits the 1-level subtractive Karatsuba multiplication of two 2n-byte operands,
// r[0..4n-1] = a[0..2n-1] * b[0..2n-1] for X -> a, Y -> b, Z -> r, with the product scanning in
// registers that the headers describe. It uses r0, r1, r2..r24 and r26..r29 (X and Y move), keeps
// Z, and needs r25 = 0. Its cycles go to the buckets phase1, phase2, phase3a, phase3b, top and
// products (every MUL with its additions).
func karatsuba(p *prog, n int, zeros reg, reserveZeros bool, keepT, keepU int) {
	karatsubaAt(p, n, zeros, reserveZeros, keepT, keepU, operands{})
}

// operands places a karatsuba instance: b[i] is read at Y+yOff+i and r[i] is at Z+zOff+i (both
// displacements at most 63), so that an inlined instance needs no pointer arithmetic around it.
// bIn[i], when present, is a register that holds b[i] already (the caller has just computed it
// there), and aIn[0..len-1] hold a[0..len-1] with X pointing at a[len] (or Z+aOff at a[0], with
// aZ): phases 1 and 2 take those bytes from the registers instead of loading them (phase 3a still
// reads a[0..n-1] and b[0..n-1] from memory: the registers are reused by then).
type operands struct {
	yOff, zOff int
	aIn        []reg
	bIn        map[int]reg
	rows       bool // phase 1 by rows (phase1Rows) instead of columns
	// rowsHigh makes phase1Rows take single registers from the top down: with 8-byte halves that
	// leaves an even/odd pair free for every parked product, with 10-byte halves the bottom-up
	// order does (each order costs the other one MOVs: 8 in mpmul256, 13 in mpmul160).
	rowsHigh bool
	// aZ and bZ read a at Z+aOff+i and b at Z+yOff+i, through the pointer of r, instead of through
	// X and Y, when r and the operands share a base (the frame of mpmul256's M instance): no X, no
	// Y and no SBIW X before phase 3a. With both, r26..r29 are working registers from the start
	// (aIn may hold bytes of a there) instead of from phase 3b.
	aZ, bZ bool
	aOff   int
}

// loadA is the instruction that reads a[i] into r (mnemonic, operands, comment): LD r, X+ (the
// bytes of a are read in order from where X points), or LDD from Z with aZ.
func (o operands) loadA(r reg, i int) (string, string, string) {
	if o.aZ {
		return "ldd", fmt.Sprintf("%v, Z+%d", r, o.aOff+i), fmt.Sprintf("a[%d]", i)
	}
	return "ld", fmt.Sprintf("%v, X+", r), fmt.Sprintf("a[%d]", i)
}

// loadB is the instruction that reads b[i] into r: LDD from Y, or from Z with bZ.
func (o operands) loadB(r reg, i int) (string, string, string) {
	p := "Y"
	if o.bZ {
		p = "Z"
	}
	return "ldd", fmt.Sprintf("%v, %s+%d", r, p, o.yOff+i), fmt.Sprintf("b[%d]", i)
}

// inPool reports whether r is one of the registers karatsubaAt allocates: r2..r24, and X and Y
// when the instance reads through neither (aZ and bZ).
func (o operands) inPool(r reg) bool {
	return r >= 2 && r <= 24 || o.xyFree() && r >= rXL && r <= rYL+1
}

// xyFree reports whether the instance reads through neither X nor Y, so that r26..r29 are working
// registers from its start.
func (o operands) xyFree() bool { return o.aZ && o.bZ }

// karatsubaAt is karatsuba with its operands at the displacements of o.
func karatsubaAt(p *prog, n int, zeros reg, reserveZeros bool, keepT, keepU int, o operands) {
	yOff, zOff := o.yOff, o.zOff
	if yOff+2*n-1 > 63 || zOff+4*n-1 > 63 {
		panic("mpmulgen: displacement above 63")
	}
	free := regs(2, 24)
	if o.xyFree() {
		free.put(rXL, rXL+1, rYL, rYL+1)
	}
	if !o.rows {
		free.take(22, 23) // byte 0 and 1 of the first accumulator: an even pair, for MOVW
	}
	if zeros != none && reserveZeros {
		free.take(zeros) // zeros+1 is rZero
	}
	for _, r := range o.aIn {
		if o.inPool(r) {
			free.take(r)
		}
	}
	if o.aZ && o.aOff+2*n-1 > 63 || o.bZ && yOff+2*n-1 > 63 {
		panic("mpmulgen: displacement above 63")
	}
	for _, r := range o.aIn {
		if (r == rXL || r == rXL+1) && !o.aZ || (r == rYL || r == rYL+1) && !o.bZ {
			panic(fmt.Sprintf("mpmulgen: a byte of a in %v, a pointer the instance reads through", r))
		}
	}
	for _, r := range o.bIn {
		free.take(r)
	}
	mulName := func(x, y string, i, j int) string { return fmt.Sprintf("%s[%d]*%s[%d]", x, i, y, j) }
	products := func(k int) (lo, hi int) { return max(0, k-n+1), min(k, n-1) }

	// Phase 1: L = AL*BL. L0 goes to r[0..n-1], L1 stays in registers.
	var l1 []reg
	c := newAcc(p, &free, zeros, reserveZeros)
	if o.rows {
		zp := none
		if reserveZeros {
			zp = zeros
		}
		l1 = phase1Rows(p, &free, n, zp, o)
	} else {
		l1 = phase1Columns(p, &free, c, n, o)
	}

	// Phase 2: H' = AH*BH + L1 -> r[2n..4n-1]; AH and BH stay.
	p.bucket = "phase2"
	p.text(fmt.Sprintf("; ==== phase 2: H' = AH*BH + L1 -> r[%d..%d]; a[%d..%d] and b[%d..%d] stay in registers for phase 3",
		2*n, 4*n-1, n, 2*n-1, n, 2*n-1))
	ah, bh := make([]reg, n), make([]reg, n)
	ku := make([]reg, n) // H'[n+i] kept in a register from phase 2 (the last keepU pairs)
	for i := range ku {
		ku[i] = none
	}
	c.release()
	c = newAcc(p, &free, zeros, reserveZeros)
	for k := 0; k <= 2*n-2; k++ {
		p.note("column %d", k)
		if k < n {
			switch {
			case k%2 == 1: // added with L1[k-1]
			case k+1 < n:
				if !c.addPair(l1[k], l1[k+1], fmt.Sprintf("+ L[%d..%d]", n+k, n+k+1)) {
					free.put(l1[k])
					free.put(l1[k+1])
				}
			default:
				if !c.addReg(l1[k], false, fmt.Sprintf("+ L[%d]", n+k)) {
					free.put(l1[k])
				}
			}
			ah[k] = free.get()
			p.op(o.loadA(ah[k], n+k))
			if r, ok := o.bIn[n+k]; ok {
				bh[k] = r
			} else {
				bh[k] = free.get()
				p.op(o.loadB(bh[k], n+k))
			}
		}
		lo, hi := products(k)
		for i := lo; i <= hi; i++ {
			c.mul(ah[i], bh[k-i], mulName("a", "b", n+i, n+k-i))
		}
		out := c.shift()
		if k >= 2*n-2*keepU {
			ku[k-n] = out
			p.note("H'[%d] kept in %v (not stored) for phase 3b and the top", k, out)
		} else {
			p.op("std", fmt.Sprintf("Z+%d, %v", zOff+2*n+k, out), fmt.Sprintf("r[%d] = H'[%d]", 2*n+k, k))
			free.put(out)
		}
	}
	out := c.shift()
	if keepU > 0 {
		ku[n-1] = out
		p.note("H'[%d] kept in %v (not stored)", 2*n-1, out)
	} else {
		p.op("std", fmt.Sprintf("Z+%d, %v", zOff+4*n-1, out), fmt.Sprintf("r[%d] = H'[%d]", 4*n-1, 2*n-1))
		free.put(out)
	}
	if c.bound != 0 {
		panic("mpmulgen: H' does not fit 2n bytes")
	}
	p.text("")

	// Phase 3a: D = AL - AH, E = BH - BL (mod X) over the registers of AH and BH, and the masks.
	p.bucket = "phase3a"
	p.text(fmt.Sprintf("; ==== phase 3a: D = AL - AH (borrow bA), E = BH - BL (borrow bB), mod 2^%d, over the registers of AH and BH", 8*n))
	if !o.aZ {
		p.op("sbiw", fmt.Sprintf("%v, %d", rXL, 2*n), "X = a")
	}
	d, e := make([]reg, n), bh
	for i := range n {
		d[i] = free.get()
		p.op(o.loadA(d[i], i))
		p.op(subOp(i), fmt.Sprintf("%v, %v", d[i], ah[i]), fmt.Sprintf("D[%d] = a[%d] - a[%d]", i, i, n+i))
		free.put(ah[i])
	}
	mA := free.get()
	p.op("sbc", fmt.Sprintf("%v, %v", mA, mA), "mA = -bA")
	for i := range n {
		p.op(o.loadB(rLo, i))
		p.op(subOp(i), fmt.Sprintf("%v, %v", e[i], rLo), fmt.Sprintf("E[%d] = b[%d] - b[%d]", i, n+i, i))
	}
	mB := free.get()
	p.op("sbc", fmt.Sprintf("%v, %v", mB, mB), "mB = -bB")
	p.text("")

	// Phase 3b: r[n..3n-1] = G + D*E + the masked corrections, column j -> r[n+j].
	p.bucket = "phase3b"
	if !o.xyFree() {
		free.put(rXL, rXL+1, rYL, rYL+1)
	}
	p.text(fmt.Sprintf("; ==== phase 3b: r[%d..%d] = G + D*E + corrections, column j -> r[%d+j]; G[j] = W[j] + W[%d+j], W = L0 | H' (W[j] at r[j] for j < %d, at r[%d+j] above)",
		n, 4*n-1, n, n, n, n))
	c.release()
	c = newAcc(p, &free, zeros, reserveZeros)
	hh := make([]reg, n) // H'[n..2n-1], kept for the top
	// corrections adds bA*~E[i..k] and bB*~D[i..k] (one byte, or two as a 16-bit value) at byte 0 of
	// the accumulator, complementing and masking E and D in place; first adds X*(bA + bB) as the carry.
	corrections := func(c *acc, i, k int, first bool) {
		for _, t := range []struct {
			x       []reg
			m       reg
			what, b string
		}{{e, mA, "E", "bA"}, {d, mB, "D", "bB"}} {
			for q := i; q <= k; q++ {
				cm := ""
				if q == i {
					cm = fmt.Sprintf("+ %s*~%s[%d..%d]", t.b, t.what, i, k)
				}
				p.op("com", t.x[q].String(), cm)
				p.op("and", fmt.Sprintf("%v, %v", t.x[q], t.m), "")
			}
			if first { // X*(bA + bB): the carry into the first column above X
				p.op("cp", fmt.Sprintf("%v, %v", rZero, t.m), "carry = "+t.b)
			}
			if k > i {
				c.addPairCarry(t.x[i], t.x[k], first, "")
			} else {
				c.addReg(t.x[i], first, "")
			}
		}
	}
	var defer1 func()
	kt := make([]reg, n) // H'[j] kept from column j to column n+j (the last keepT pairs)
	for i := range kt {
		kt[i] = none
	}
	for j := 0; j <= 2*n-1; j++ {
		p.note("column %d -> r[%d]", j, n+j)
		if j < n {
			switch {
			case j%2 == 1: // added with column j-1
			case j+1 < n && j >= n-2*keepT:
				// W[n+j..n+j+1] = H'[j..j+1] is added again in column n+j: read once, kept.
				c.addMemPair(zOff+j, fmt.Sprintf("W[%d..%d]", j, j+1))
				kt[j], kt[j+1] = free.get(), free.get()
				p.op("ldd", fmt.Sprintf("%v, Z+%d", kt[j], zOff+2*n+j), fmt.Sprintf("+ W[%d..%d], kept for column %d", n+j, n+j+1, n+j))
				p.op("ldd", fmt.Sprintf("%v, Z+%d", kt[j+1], zOff+2*n+j+1), "")
				c.addPair(kt[j], kt[j+1], "")
			case j+1 < n:
				c.addMemPair(zOff+j, fmt.Sprintf("W[%d..%d]", j, j+1))
				c.addMemPair(zOff+2*n+j, fmt.Sprintf("W[%d..%d]", n+j, n+j+1))
			default:
				c.addMem(zOff+j, fmt.Sprintf("W[%d]", j))
				c.addMem(zOff+2*n+j, fmt.Sprintf("W[%d]", n+j))
			}
		} else {
			i := j - n
			paired := i%2 == 0 && i+1 < n
			switch {
			case i%2 == 1: // T[i], H'[j] and the corrections came with column j-1
			case paired && kt[i] != none:
				c.addPair(kt[i], kt[i+1], fmt.Sprintf("+ W[%d..%d], kept", j, j+1))
				free.put(kt[i])
				free.put(kt[i+1])
			case paired:
				c.addMemPair(zOff+n+j, fmt.Sprintf("W[%d..%d]", j, j+1))
			default:
				c.addMem(zOff+n+j, fmt.Sprintf("W[%d]", j))
				corrections(c, i, i, j == n)
				free.put(d[i])
				hh[i] = e[i]
				p.op("ldd", fmt.Sprintf("%v, Z+%d", hh[i], zOff+2*n+j), fmt.Sprintf("+ W[%d] = H'[%d], kept", n+j, j))
				c.addReg(hh[i], false, "")
			}
			if paired {
				defer1 = func() {
					// E[i+1] and D[i+1] served their last product in this column; H'[j..j+1] goes
					// into two of the four registers the corrections leave, kept for the top.
					corrections(c, i, i+1, j == n)
					if ku[i] != none {
						hh[i], hh[i+1] = ku[i], ku[i+1]
						c.addPair(hh[i], hh[i+1], fmt.Sprintf("+ W[%d..%d] = H'[%d..%d], kept since phase 2", n+j, n+j+1, j, j+1))
						free.put(e[i])
						free.put(d[i])
					} else {
						hh[i], hh[i+1] = e[i], d[i]
						p.op("ldd", fmt.Sprintf("%v, Z+%d", hh[i], zOff+2*n+j), fmt.Sprintf("+ W[%d..%d] = H'[%d..%d], kept", n+j, n+j+1, j, j+1))
						p.op("ldd", fmt.Sprintf("%v, Z+%d", hh[i+1], zOff+2*n+j+1), "")
						c.addPair(hh[i], hh[i+1], "")
					}
					free.put(e[i+1])
					free.put(d[i+1])
				}
			}
		}
		if j <= 2*n-2 {
			lo, hi := products(j)
			for i := lo; i <= hi; i++ {
				c.mul(d[i], e[j-i], mulName("D", "E", i, j-i))
			}
		}
		if defer1 != nil {
			defer1()
			defer1 = nil
		}
		out := c.shift()
		p.op("std", fmt.Sprintf("Z+%d, %v", zOff+n+j, out), fmt.Sprintf("r[%d]", n+j))
		free.put(out)
	}

	// Top: r[3n..4n-1] = H'[n..2n-1] + carry - (bA|bB).
	p.bucket = "top"
	p.note("r[%d..%d] = H'[%d..%d] + carry - (bA|bB), H'[%d..%d] kept in registers since phase 3b",
		3*n, 4*n-1, n, 2*n-1, n, 2*n-1)
	if c.bound >= 1<<16 {
		panic("mpmulgen: the top carry needs more than two bytes")
	}
	// x = carry - (bA|bB) is added sign-extended: with m = mA | mB (0x00 or 0xff), the carry bytes
	// get m added and m becomes the extension byte, m + the carry out of that addition (0xff
	// only when the carry was zero and m = 0xff, x = -1): no register to clear for it.
	nb := 1 // bytes of the carry
	if c.bound >= 1<<8 {
		nb = 2
	}
	top := make([]reg, n)
	for i := range n {
		top[i] = mA
		if i < nb {
			c.need(i)
			top[i] = c.c[i]
		}
	}
	p.op("or", fmt.Sprintf("%v, %v", mA, mB), "m = mA | mB = -(bA|bB)")
	for i := range nb {
		p.op(addOp(i), fmt.Sprintf("%v, %v", top[i], mA), "carry + m")
	}
	p.op("adc", fmt.Sprintf("%v, %v", mA, rZero), "the sign extension of carry - (bA|bB)")
	for i := range n {
		p.op(addOp(i), fmt.Sprintf("%v, %v", hh[i], top[i]), "")
		p.op("std", fmt.Sprintf("Z+%d, %v", zOff+3*n+i, hh[i]), fmt.Sprintf("r[%d]", 3*n+i))
	}
}

func subOp(i int) string {
	if i == 0 {
		return "sub"
	}
	return "sbc"
}

func addOp(i int) string {
	if i == 0 {
		return "add"
	}
	return "adc"
}

// phase1Columns emits phase 1 of karatsubaAt by columns (product scanning) into the accumulator c,
// whose bytes 0 and 1 start in r22:r23, and returns the registers of L1.
func phase1Columns(p *prog, free *pool, c *acc, n int, o operands) []reg {
	zOff := o.zOff
	mulName := func(x, y string, i, j int) string { return fmt.Sprintf("%s[%d]*%s[%d]", x, i, y, j) }
	products := func(k int) (lo, hi int) { return max(0, k-n+1), min(k, n-1) }
	p.bucket = "phase1"
	p.text(fmt.Sprintf("; ==== phase 1: L = AL*BL, columns 0..%d; L0 = L[0..%d] -> r[0..%d], L1 = L[%d..%d] stays in registers",
		2*n-2, n-1, n-1, n, 2*n-1))
	a, b := make([]reg, n), make([]reg, n)
	l1 := make([]reg, n)
	c.c[0], c.c[1] = 22, 23
	for k := 0; k <= 2*n-2; k++ {
		p.note("column %d", k)
		if k < n {
			if k < len(o.aIn) {
				a[k] = o.aIn[k]
			} else {
				a[k] = free.get()
				p.op(o.loadA(a[k], k))
			}
			if r, ok := o.bIn[k]; ok {
				b[k] = r
			} else {
				b[k] = free.get()
				p.op(o.loadB(b[k], k))
			}
		}
		lo, hi := products(k)
		for i := lo; i <= hi; i++ {
			c.mul(a[i], b[k-i], mulName("a", "b", i, k-i))
		}
		out := c.shift()
		if k < n {
			p.op("std", fmt.Sprintf("Z+%d, %v", zOff+k, out), fmt.Sprintf("r[%d] = L[%d]", k, k))
			free.put(out)
		} else {
			l1[k-n] = out
			p.note("L[%d] kept in %v", k, out)
		}
		if i := k - n + 1; i >= 0 { // a[i] and b[i] served their last column
			if i >= len(o.aIn) || o.inPool(a[i]) {
				free.put(a[i])
			}
			free.put(b[i])
		}
	}
	l1[n-1] = c.shift()
	p.note("L[%d] kept in %v", 2*n-1, l1[n-1])
	if c.bound != 0 {
		panic("mpmulgen: L does not fit 2n bytes")
	}
	p.text("")
	return l1
}
