package main

import (
	"fmt"
	"math/bits"
)

// phase1Rows emits phase 1 of karatsubaAt (L = AL*BL, L0 -> r[0..n-1], L1 left in registers) by
// rows instead of columns: b[0..n-1] is loaded once, then row i adds a[i]*b[0..n-1] into a window
// of result bytes R[i..i+n] held in registers, and R[i] is stored as soon as it is final.
//
// A row adds each parity of j apart (the products a[i]*b[j] with j even cover R[i..i+n-1] without
// overlapping, those with j odd R[i+1..i+n]), in carry chains of two products: the product at
// j+2 is computed first and parked with MOVW, then the one at j is added straight from r1:r0,
// then the parked one, and the carry out of the chain is absorbed by the parked high byte (at most
// 0xfe, so the ADC of the carry cannot overflow); that byte starts the next chain. The carry flag
// survives every instruction of a chain (MUL writes it, so no MUL sits inside one): per product a
// MUL, its two additions and a MOVW or the chain's last ADC, as in product scanning, but no byte
// of the window is ever cleared except each row's new top (row 0's even products are moved in,
// not added).
//
// The rows need b, the window, a[i], a parked pair and the high byte carried between chains:
// 2n + 4 registers. When the pool has fewer (mpmul160: 24 of r2..r24), the b pointer Y is parked
// in r[n..n+1] (written only in phase 3b) so that r28:r29 can hold window bytes, and read back
// for phase 2. Bytes of b in o.bIn and of a in o.aIn are taken from their registers.
func phase1Rows(p *prog, free *pool, n int, zeroPair reg, o operands) []reg {
	p.bucket = "phase1"
	p.text(fmt.Sprintf("; ==== phase 1: L = AL*BL by rows: b[0..%d] in registers, row i adds a[i]*b into R[i..i+%d]; L0 = R[0..%d] -> r[0..%d], L1 = R[%d..%d] stays in registers",
		n-1, n, n-1, n-1, n, 2*n-1))
	// The rows need b, the window, a[i], a parked pair and a parked byte: 2n + 4 registers, the
	// bytes of b that arrive in registers (o.bIn) among them; those of a (o.aIn) serve their rows
	// and are free after them.
	b := make([]reg, n)
	need := 2*n + 4
	for j := range n {
		if r, ok := o.bIn[j]; ok {
			b[j] = r
			need--
		}
	}
	park := o.zOff + n
	inA := 0 // bytes of a in pool registers, free again after their rows
	for _, r := range o.aIn {
		if o.inPool(r) {
			inA++
		}
	}
	parked := bits.OnesCount32(free.free)+inA < need
	if parked {
		for _, r := range o.aIn {
			if r == rYL || r == rYL+1 {
				panic("mpmulgen: phase 1 by rows would park Y, which holds a byte of a")
			}
		}
	}
	for j := range n {
		if _, ok := o.bIn[j]; !ok {
			b[j] = single(free, o.rowsHigh)
			p.op(o.loadB(b[j], j))
		}
	}
	if parked {
		p.op("std", fmt.Sprintf("Z+%d, r28", park), fmt.Sprintf("park Y = b in r[%d..%d] (free until phase 3b)", n, n+1))
		p.op("std", fmt.Sprintf("Z+%d, r29", park+1), "")
		free.put(rYL)
		free.put(rYL + 1)
	}

	R := map[int]reg{} // result byte at position k
	store := func(k int) {
		p.bucket = "phase1"
		p.op("std", fmt.Sprintf("Z+%d, %v", o.zOff+k, R[k]), fmt.Sprintf("r[%d] = L[%d]", k, k))
		free.put(R[k])
		delete(R, k)
		p.bucket = "products"
	}
	// fresh makes position k a register holding 0 (CLR leaves the carry flag alone). With a pair
	// known to hold 0:0 (k16's r24:r25), two tops are cleared at once with one MOVW when an
	// even/odd pair is free, the second kept for the next row's top.
	spare := none
	fresh := func(k int) {
		if spare != none {
			R[k], spare = spare, none
			return
		}
		if zeroPair != none {
			if r, ok := free.getPair(none); ok {
				p.op("movw", fmt.Sprintf("%v, %v", r, zeroPair), fmt.Sprintf("R[%d], new top, and the next row's", k))
				R[k], spare = r, r+1
				return
			}
		}
		R[k] = single(free, o.rowsHigh)
		p.op("clr", R[k].String(), fmt.Sprintf("R[%d], new top", k))
	}
	for i := range n {
		p.bucket = "phase1"
		var ai reg
		if i < len(o.aIn) {
			ai = o.aIn[i]
		} else {
			ai = single(free, o.rowsHigh)
			p.op(o.loadA(ai, i))
		}
		p.bucket = "products"
		mul := func(j int) {
			p.op("mul", fmt.Sprintf("%v, %v", ai, b[j]), fmt.Sprintf("a[%d]*b[%d]", i, j))
		}
		// part emits the products j = first, first+2, ... < n as chains of two (the upper one
		// parked) and, when their number is odd, a last single one.
		part := func(first int) {
			pend := none // the parked high byte the next chain starts with
			for j := first; j < n; j += 4 {
				q := i + j // position of the low byte of a[i]*b[j]
				paired := j+2 < n
				last := j+4 >= n
				top := q + 1 // position of the chain's highest product byte
				if paired {
					top = q + 3
				}
				// A part whose last chain ends at R[i+n-1] carries into the row's top R[i+n] (the
				// even part when n is even, the odd part when n is odd); one that ends at R[i+n]
				// cannot carry out: the rows so far fit in i+n+1 bytes.
				carryOut := last && top == i+n-1
				t, th := none, none // the parked product's low and high byte
				if paired {
					mul(j + 2)
					if r, ok := free.getPair(none); ok {
						t, th = r, r+1
						p.op("movw", fmt.Sprintf("%v, r0", t), "park")
					} else { // no even/odd pair is free: two MOVs
						t, th = single(free, o.rowsHigh), single(free, o.rowsHigh)
						p.op("mov", fmt.Sprintf("%v, r0", t), "park")
						p.op("mov", fmt.Sprintf("%v, r1", th), "")
					}
				} else if _, ok := R[q+1]; !ok {
					fresh(q + 1)
				}
				if _, ok := R[top+1]; carryOut && !ok {
					fresh(top + 1)
				}
				mul(j)
				if pend != none {
					p.op("add", fmt.Sprintf("%v, %v", R[q-1], pend), "")
					free.put(pend)
					pend = none
					p.op("adc", fmt.Sprintf("%v, r0", R[q]), "")
				} else {
					p.op("add", fmt.Sprintf("%v, r0", R[q]), "")
				}
				p.op("adc", fmt.Sprintf("%v, r1", R[q+1]), "")
				if paired {
					p.op("adc", fmt.Sprintf("%v, %v", R[q+2], t), "")
					free.put(t)
					if r, ok := R[q+3]; ok && last {
						p.op("adc", fmt.Sprintf("%v, %v", r, th), "")
						free.put(th)
					} else {
						p.op("adc", fmt.Sprintf("%v, %v", th, rZero), "carry absorbed by the parked high byte")
						if last {
							R[q+3] = th // the row's new top
						} else {
							pend = th
						}
					}
				}
				if carryOut {
					p.op("adc", fmt.Sprintf("%v, %v", R[top+1], rZero), "")
				}
				if first == 0 && j == 0 { // R[i] is final
					store(i)
				}
			}
		}
		if i == 0 {
			for j := 0; j < n; j += 2 {
				t, ok := free.getPair(none)
				if !ok {
					panic("mpmulgen: no register pair for row 0")
				}
				mul(j)
				p.op("movw", fmt.Sprintf("%v, r0", t), "")
				R[j], R[j+1] = t, t+1
			}
			store(0)
		} else {
			part(0)
		}
		part(1)
		if i >= len(o.aIn) || o.inPool(ai) {
			free.put(ai)
		}
	}
	p.bucket = "phase1"
	if spare != none {
		free.put(spare)
	}
	for j := range n {
		free.put(b[j])
	}
	l1 := make([]reg, n)
	for k := range n {
		l1[k] = R[n+k]
	}
	if parked { // Y comes back into r28:r29: a byte of L1 there moves out first
		for k, r := range l1 {
			if r == rYL || r == rYL+1 {
				x := free.get()
				if x == rYL || x == rYL+1 {
					panic("mpmulgen: no register to move a byte of L1 to")
				}
				p.op("mov", fmt.Sprintf("%v, %v", x, r), fmt.Sprintf("L[%d] out of Y's registers", n+k))
				free.put(r)
				l1[k] = x
			}
		}
		free.take(rYL, rYL+1)
		p.op("ldd", fmt.Sprintf("r28, Z+%d", park), "Y = b again")
		p.op("ldd", fmt.Sprintf("r29, Z+%d", park+1), "")
	}
	for k := range l1 {
		p.note("L[%d] kept in %v", n+k, l1[k])
	}
	p.text("")
	return l1
}

// single takes a free register whose even/odd partner is in use if there is one (the lowest, or
// the highest when high), so that whole pairs stay free for MOVW; otherwise the lowest free one.
func single(s *pool, high bool) reg {
	for k := reg(0); k < 32; k++ {
		r := k
		if high {
			r = 31 - k
		}
		if s.has(r) && !s.has(r^1) {
			s.take(r)
			return r
		}
	}
	return s.get()
}
