package main

import "fmt"

// karatsubaResident emits the inner level a 2-level mpmul160 would need: the 1-level subtractive
// Karatsuba of two 2n-byte operands (n = 5: an 80-bit product of 40-bit halves) with H' = AH*BH +
// L1 kept in registers from phase 2 to the end instead of going through r, so that r is written
// once and only L0 is read back. It computes r[0..4n-1] = a[0..2n-1] * b[0..2n-1] for X -> a,
// Y -> b, Z -> r, with r25 = 0, and clobbers r0..r24 and r26..r29 (X and Y are accumulators in
// phase 3b, so a caller that needs them again saves them). Phase 1 is phase1Rows. Its cycles go to
// the buckets phase1, r2, r3a, r3b, rtop and products.
//
// No shipped routine uses it yet: TestResidentKernel measures it at 582 cycles for n = 5 (374 in
// the 75 byte products, 208 in loads, stores, D, E, the corrections and the G additions), so three
// of them are 1746 cycles and a 2-level mpmul160 beats the 1-level one only with an outer level
// (|AL-AH|, |BL-BH|, the combination of L, H and M, the pointers kept across the three products)
// of at most about 275 cycles, frame excluded. The outer levels built so far over memory cost
// more than that (mpmul256's, scaled to 20 bytes, about 500); see examples/README.md.
func karatsubaResident(p *prog, n int) {
	free := regs(2, 24)
	mulName := func(x, y string, i, j int) string { return fmt.Sprintf("%s[%d]*%s[%d]", x, i, y, j) }
	products := func(k int) (lo, hi int) { return max(0, k-n+1), min(k, n-1) }

	// Phase 1: L = AL*BL by rows (phase1Rows); L0 -> r[0..n-1], L1 stays in registers.
	l1 := phase1Rows(p, &free, n, none, operands{rows: true})

	// Phase 2: H' = AH*BH + L1, every byte kept in a register.
	p.bucket = "r2"
	p.note("phase 2: H' = AH*BH + L1, kept in registers")
	ah, bh, hp := make([]reg, n), make([]reg, n), make([]reg, 2*n)
	c := newAcc(p, &free, 24, false)
	for k := 0; k <= 2*n-2; k++ {
		if k < n {
			switch {
			case k%2 == 1:
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
			p.op("ld", fmt.Sprintf("%v, X+", ah[k]), fmt.Sprintf("a[%d]", n+k))
			bh[k] = free.get()
			p.op("ldd", fmt.Sprintf("%v, Y+%d", bh[k], n+k), fmt.Sprintf("b[%d]", n+k))
		}
		lo, hi := products(k)
		for i := lo; i <= hi; i++ {
			c.mul(ah[i], bh[k-i], mulName("a", "b", n+i, n+k-i))
		}
		hp[k] = c.shift()
	}
	hp[2*n-1] = c.shift()
	if c.bound != 0 {
		panic("mpmulgen: H' does not fit 2n bytes")
	}

	// Phase 3a: D = AL - AH, E = BH - BL over the registers of AH and BH, and the masks.
	p.bucket = "r3a"
	p.note("phase 3a: D = AL - AH, E = BH - BL, mod 2^%d", 8*n)
	p.op("sbiw", fmt.Sprintf("%v, %d", rXL, 2*n), "X = a")
	d, e := make([]reg, n), bh
	for i := range n {
		d[i] = free.get()
		p.op("ld", fmt.Sprintf("%v, X+", d[i]), fmt.Sprintf("a[%d]", i))
		p.op(subOp(i), fmt.Sprintf("%v, %v", d[i], ah[i]), fmt.Sprintf("D[%d]", i))
		free.put(ah[i])
	}
	mA := free.get()
	p.op("sbc", fmt.Sprintf("%v, %v", mA, mA), "mA = -bA")
	for i := range n {
		p.op("ldd", fmt.Sprintf("%v, Y+%d", rLo, i), fmt.Sprintf("b[%d]", i))
		p.op(subOp(i), fmt.Sprintf("%v, %v", e[i], rLo), fmt.Sprintf("E[%d]", i))
	}
	mB := free.get()
	p.op("sbc", fmt.Sprintf("%v, %v", mB, mB), "mB = -bB")

	// Phase 3b: r[n..3n-1] = G + D*E + corrections; G[j] = W[j] + W[n+j], W = L0 | H', with
	// W[j] = L0[j] read back from r for j < n and H' in registers.
	p.bucket = "r3b"
	p.note("phase 3b: r[%d..%d] = G + D*E + corrections", n, 3*n-1)
	free.put(rXL)
	free.put(rXL + 1)
	free.put(rYL)
	free.put(rYL + 1)
	c = newAcc(p, &free, 24, false)
	corrections := func(i, k int, first bool) {
		for _, t := range []struct {
			x []reg
			m reg
		}{{e, mA}, {d, mB}} {
			for q := i; q <= k; q++ {
				p.op("com", t.x[q].String(), "")
				p.op("and", fmt.Sprintf("%v, %v", t.x[q], t.m), "")
			}
			if first {
				p.op("cp", fmt.Sprintf("%v, %v", rZero, t.m), "")
			}
			if k > i {
				c.addPairCarry(t.x[i], t.x[k], first, "")
			} else {
				c.addReg(t.x[i], first, "")
			}
		}
	}
	for j := 0; j <= 2*n-1; j++ {
		p.note("column %d -> r[%d]", j, n+j)
		var after func()
		if j < n {
			switch {
			case j%2 == 1:
			case j+1 < n:
				c.addMemPair(j, fmt.Sprintf("W[%d..%d] = L0", j, j+1))
				c.addPairCarry(hp[j], hp[j+1], false, fmt.Sprintf("+ H'[%d..%d]", j, j+1))
			default:
				c.addMem(j, fmt.Sprintf("W[%d] = L0", j))
				c.addReg(hp[j], false, fmt.Sprintf("+ H'[%d]", j))
			}
		} else {
			i := j - n
			switch {
			case i%2 == 1:
			case i+1 < n:
				c.addPairCarry(hp[i], hp[i+1], false, fmt.Sprintf("+ H'[%d..%d]", i, i+1))
				c.addPairCarry(hp[j], hp[j+1], false, fmt.Sprintf("+ H'[%d..%d]", j, j+1))
				free.put(hp[i])
				free.put(hp[i+1])
				after = func() {
					corrections(i, i+1, j == n)
					free.put(e[i])
					free.put(d[i])
					free.put(e[i+1])
					free.put(d[i+1])
				}
			default:
				c.addReg(hp[i], false, fmt.Sprintf("+ H'[%d]", i))
				free.put(hp[i])
				c.addReg(hp[j], false, fmt.Sprintf("+ H'[%d]", j))
				after = func() {
					corrections(i, i, j == n)
					free.put(e[i])
					free.put(d[i])
				}
			}
		}
		if j <= 2*n-2 {
			lo, hi := products(j)
			for q := lo; q <= hi; q++ {
				c.mul(d[q], e[j-q], mulName("D", "E", q, j-q))
			}
		}
		if after != nil {
			after()
		}
		out := c.shift()
		p.op("std", fmt.Sprintf("Z+%d, %v", n+j, out), fmt.Sprintf("r[%d]", n+j))
		free.put(out)
	}

	// Top: r[3n..4n-1] = H'[n..2n-1] + carry - (bA|bB), as in karatsuba.
	p.bucket = "rtop"
	nb := 1
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
	p.op("or", fmt.Sprintf("%v, %v", mA, mB), "")
	for i := range nb {
		p.op(addOp(i), fmt.Sprintf("%v, %v", top[i], mA), "")
	}
	p.op("adc", fmt.Sprintf("%v, %v", mA, rZero), "")
	for i := range n {
		p.op(addOp(i), fmt.Sprintf("%v, %v", hp[n+i], top[i]), "")
		p.op("std", fmt.Sprintf("Z+%d, %v", 3*n+i, hp[n+i]), fmt.Sprintf("r[%d]", 3*n+i))
	}
}
