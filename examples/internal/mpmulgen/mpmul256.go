package main

import (
	"fmt"
	"strings"
)

// The 256-bit routine keeps E, D and M = |D|*|E| in a frame on the stack, at these offsets from
// its lowest byte: E and D are pushed as they are computed, the 32 bytes of M are made by moving SP.
const (
	frameSize = 64
	frameE    = 0
	frameD    = 16
	frameM    = 32
)

// spAdjust moves SP by delta as avr-gcc does it, with interrupts held off between the two OUTs.
func spAdjust(p *prog, delta int, comment string) {
	p.op("in", "r28, _SFR_IO_ADDR(SPL)", comment)
	p.op("in", "r29, _SFR_IO_ADDR(SPH)", "")
	if delta < 0 {
		p.op("subi", fmt.Sprintf("r28, %d", -delta), "")
		p.op("sbci", "r29, 0", "")
	} else {
		p.op("subi", fmt.Sprintf("r28, -%d", delta), "")
		p.op("sbci", "r29, -1", "")
	}
	p.op("in", "r0, _SFR_IO_ADDR(SREG)", "")
	p.op("cli", "", "")
	p.op("out", "_SFR_IO_ADDR(SPH), r29", "")
	p.op("out", "_SFR_IO_ADDR(SREG), r0", "")
	p.op("out", "_SFR_IO_ADDR(SPL), r28", "")
	p.grow(-delta)
}

// instance emits one inlined k16 (the 1-level Karatsuba of 8-byte halves) into p, its cycles in
// the buckets "k16 phase1" and so on, its operands at the displacements of o.
func instance(p *prog, o operands, comment string) (cycles, products int) {
	k := newProg()
	k.text("; ==== k16: " + comment)
	karatsubaAt(k, 8, 24, true, 0, 2, o)
	p.b.WriteString(k.b.String())
	for b, c := range k.cost {
		if b == "frame" { // the pointer set-up of o.setX and o.setY
			p.cost[b] += c
			continue
		}
		p.cost["k16 "+b] += c
	}
	p.words += k.words
	if k.peak != 0 {
		panic("mpmulgen: k16 uses the stack")
	}
	return k.total() - k.cost["frame"], k.cost["products"]
}

// chain is a 16-byte carry chain over the registers r2..r17: op (ADD/ADC or SUB/SBC) of each byte
// with r0 after load, which reads byte i into r0 (and may mask it); store, if given, writes byte i.
func chain(p *prog, first, rest string, load func(i int), store func(i int)) {
	for i := range 16 {
		load(i)
		mn := rest
		if i == 0 {
			mn = first
		}
		p.op(mn, fmt.Sprintf("r%d, r0", 2+i), "")
		if store != nil {
			store(i)
		}
	}
}

// abs replaces the 16-byte value in r2..r17 by its absolute value when mask m is 0xff (it holds
// the borrow of the subtraction that made it): (x ^ m) - m, branch-free.
func abs(p *prog, m, what string) {
	for i := range 16 {
		cm := ""
		if i == 0 {
			cm = fmt.Sprintf("|%s|: (x ^ m) - m", what)
		}
		p.op("eor", fmt.Sprintf("r%d, %s", 2+i, m), cm)
	}
	for i := range 16 {
		p.op(subOp(i), fmt.Sprintf("r%d, %s", 2+i, m), "")
	}
}

// eKept is how many bytes of |E| the M instance of k16 takes from the registers the D/E pass leaves
// them in (r2..), the fastest count measured: with phase 1 by columns 11 (12 runs out of registers
// in phase 1); by rows 8, b = E[0..7] itself (the rows leave 2 registers spare, and 9 or 10 bytes
// cost more MOVs for want of a free even/odd pair than the loads they save).
func eKept(rows bool) int {
	if rows {
		return 8
	}
	return 11
}

// dKept is how many bytes of |D| the M instance takes from registers, copied there before |E| is
// computed: D[0..1] in r20:r21 and D[2..3] in r26:r27, D[4..5] in r28:r29 (that instance reads D
// and E through Z, so X and Y are free until its phase 3b).
func dKept(rows bool) int {
	if rows {
		return 6
	}
	return 2
}

// dRegs are the registers of D[0..5], in the order of dKept.
var dRegs = []reg{20, 21, 26, 27, 28, 29}

// regPairs names the registers rs pair by pair: "r20:r21, r26:r27".
func regPairs(rs []reg) string {
	var b []string
	for i := 0; i+1 < len(rs); i += 2 {
		b = append(b, fmt.Sprintf("%v:%v", rs[i], rs[i+1]))
	}
	return strings.Join(b, ", ")
}

// mpmul256 generates the 256-bit routine: the outer Karatsuba level over memory around three
// inlined instances of k16 (the 1-level Karatsuba of 8-byte halves) for its 16x16-byte products.
func mpmul256() routine { return build256(true) }

// build256 is mpmul256 with phase 1 of the L and H instances by rows or, for the header's
// comparison, by columns.
func build256(rows bool) routine {
	p := newProg()
	p.text("#include <avr/io.h>", "", "        .text", "        .global mpmul256", "        .type   mpmul256, @function", "mpmul256:")
	p.bucket = "frame"
	pushAll(p)
	p.note("frame of %d bytes on the stack: E at [%d..%d] and D at [%d..%d] (pushed as they are computed), M = |D|*|E| at [%d..%d]",
		frameSize, frameE, frameE+15, frameD, frameD+15, frameM, frameM+31)
	spAdjust(p, -(frameSize - frameM), "the 32 bytes of M")
	p.op("movw", "r30, r24", "Z = r")
	p.op("clr", rZero.String(), "zero register for the whole routine")
	p.op("clr", "r24", "r24:r25 = 0:0 across the three k16 instances (k16 clears pairs with MOVW from it)")
	p.op("movw", "r26, r22", "X = a")
	p.op("movw", "r28, r20", "Y = b")
	p.op("push", "r20", "keep a and b for the second product and for D, E")
	for _, r := range []string{"r21", "r22", "r23"} {
		p.op("push", r, "")
	}
	var inst [3]int
	var prods [3]int
	inst[0], prods[0] = instance(p, operands{rows: rows, rowsHigh: true}, "r[0..31] = L = AL*BL (X = a, Y = b, Z = r)")
	p.op("in", "r28, _SFR_IO_ADDR(SPL)", "read a and b back, leaving them on the stack")
	p.op("in", "r29, _SFR_IO_ADDR(SPH)", "")
	p.op("ldd", "r26, Y+2", "X = a")
	p.op("ldd", "r27, Y+1", "")
	p.op("ldd", "r20, Y+4", "b")
	p.op("ldd", "r21, Y+3", "")
	p.op("movw", "r28, r20", "Y = b (k16 reads b[16+i] at Y+16+i)")
	p.op("adiw", "r26, 16", "X = a + 16 (Z = r: k16 writes r[32+i] at Z+32+i)")
	inst[1], prods[1] = instance(p, operands{yOff: 16, zOff: 32, rows: rows, rowsHigh: true}, "r[32..63] = H = AH*BH")
	p.op("movw", "r22, r30", "r22:r23 = r (the D/E pass leaves it alone)")
	p.op("pop", "r27", "X = a")
	p.op("pop", "r26", "")
	p.op("pop", "r31", "Z = b")
	p.op("pop", "r30", "")

	p.bucket = "de"
	p.note("D = |AL - AH|, E = |BH - BL| (borrows bA, bB), pushed: byte 0 lowest; E stays in r2..r17 for the last product")
	for i := range 16 {
		p.op("ld", fmt.Sprintf("r%d, X+", 2+i), fmt.Sprintf("a[%d]", i))
	}
	chain(p, "sub", "sbc", func(i int) { p.op("ld", "r0, X+", fmt.Sprintf("a[%d]", 16+i)) }, nil)
	p.op("sbc", "r18, r18", "mA = -bA")
	abs(p, "r18", "D")
	for i := 15; i >= 0; i-- {
		p.op("push", fmt.Sprintf("r%d", 2+i), fmt.Sprintf("D[%d]", i))
	}
	dKept := dKept(rows)
	for i := 0; i < dKept; i += 2 {
		p.op("movw", fmt.Sprintf("%v, r%d", dRegs[i], 2+i), fmt.Sprintf("D[%d..%d] kept in %v:%v for the M instance", i, i+1, dRegs[i], dRegs[i+1]))
	}
	for i := range 16 {
		p.op("ldd", fmt.Sprintf("r%d, Z+%d", 2+i, 16+i), fmt.Sprintf("b[%d]", 16+i))
		p.op("ldd", fmt.Sprintf("r0, Z+%d", i), fmt.Sprintf("b[%d]", i))
		p.op(subOp(i), fmt.Sprintf("r%d, r0", 2+i), "")
	}
	p.op("sbc", "r19, r19", "mB = -bB")
	abs(p, "r19", "E")
	for i := 15; i >= 0; i-- {
		p.op("push", fmt.Sprintf("r%d", 2+i), fmt.Sprintf("E[%d]", i))
	}
	p.bucket = "frame"
	p.op("eor", "r18, r19", "ns = mA ^ mB: 0xff when -Mid = -|D|*|E|")
	p.op("push", "r18", "keep ns")
	p.op("push", "r22", "keep r")
	p.op("push", "r23", "")
	eIn := map[int]reg{}
	eKept := eKept(rows)
	for i := range eKept {
		eIn[i] = reg(2 + i)
	}
	p.op("in", "r30, _SFR_IO_ADDR(SPL)", "")
	p.op("in", "r31, _SFR_IO_ADDR(SPH)", "")
	p.op("adiw", "r30, 4", "Z = frame (SP + 1 + r and ns): E at Z+i, D at Z+16+i, M at Z+32+i")
	o := operands{aOff: frameD, yOff: frameE, zOff: frameM, aZ: true, bZ: true, aIn: dRegs[:dKept], bIn: eIn, rows: rows, rowsHigh: true}
	inst[2], prods[2] = instance(p, o, fmt.Sprintf("frame[32..63] = M = |D|*|E| (Z = frame: D at Z+16+i, E at Z+i, M at Z+32+i; E[0..%d] still in r2..r%d, D[0..%d] in %s)", eKept-1, 1+eKept, dKept-1, regPairs(dRegs[:dKept])))
	p.op("movw", "r28, r30", "Y = frame")
	p.op("pop", "r31", "Z = r")
	p.op("pop", "r30", "")
	p.op("pop", "r18", "ns")

	p.bucket = "outer"

	p.note("T = L1 + H0, kept in r2..r17 for F1 and F2")
	chain(p, "add", "adc", func(i int) {
		p.op("ldd", fmt.Sprintf("r%d, Z+%d", 2+i, 16+i), fmt.Sprintf("L1[%d]", i))
		p.op("ldd", fmt.Sprintf("r0, Z+%d", 32+i), fmt.Sprintf("H0[%d]", i))
	}, nil)
	p.op("sbc", "r20, r20", "-t")

	// F1 = T + L0 + M[0..15] leaves T in place: the two carry chains (+ L0, + M) run over blocks of
	// the five free registers, each chain's carry kept as 0x00/0xff between blocks.
	p.note("F1 = T + L0 + (M[0..15] ^ ns) + (ns & 1) -> r[16..31], in blocks of 6 bytes; carries of the two chains in r21, r22")
	tmp := []string{"r19", "r23", "r24", "r26", "r27", "r1"}
	for b := 0; b < 16; b += len(tmp) {
		blk := min(len(tmp), 16-b)
		if b > 0 {
			p.op("cp", fmt.Sprintf("%v, r21", rZero), "carry of + L0")
		}
		for k := range blk {
			i := b + k
			p.op("ldd", fmt.Sprintf("%s, Z+%d", tmp[k], i), fmt.Sprintf("L0[%d]", i))
			p.op(addOp(i), fmt.Sprintf("%s, r%d", tmp[k], 2+i), fmt.Sprintf("+ T[%d]", i))
		}
		p.op("sbc", "r21, r21", "-c1")
		if b > 0 {
			p.op("cp", fmt.Sprintf("%v, r22", rZero), "carry of + (M ^ ns)")
		} else {
			p.op("cp", fmt.Sprintf("%v, r18", rZero), "carry = ns & 1 (the +1 of -M = ~M + 1)")
		}
		for k := range blk {
			i := b + k
			p.op("ldd", fmt.Sprintf("r0, Y+%d", frameM+i), fmt.Sprintf("M[%d]", i))
			p.op("eor", "r0, r18", "")
			p.op("adc", fmt.Sprintf("%s, r0", tmp[k]), "")
			p.op("std", fmt.Sprintf("Z+%d, %s", 16+i, tmp[k]), fmt.Sprintf("F[%d]", 16+i))
		}
		p.op("sbc", "r22, r22", "-c2")
	}

	p.note("F2 = T + H1 + (M[16..31] ^ ns) + (t + c1 + c2) -> r[32..47]: t, c1 and c2 are the carries into the three chains")
	// T + t never carries out: t = 1 only when L1 + H0 >= 2^128, and then T = L1 + H0 - 2^128
	// <= 2^128 - 2.
	p.op("cp", fmt.Sprintf("%v, r20", rZero), "carry = t (T + t < 2^128: no carry out)")
	for i := range 16 {
		p.op("adc", fmt.Sprintf("r%d, %v", 2+i, rZero), "")
	}
	p.op("cp", fmt.Sprintf("%v, r22", rZero), "carry = c2")
	chain(p, "adc", "adc", func(i int) {
		p.op("ldd", fmt.Sprintf("r0, Y+%d", frameM+16+i), fmt.Sprintf("M[%d]", 16+i))
		p.op("eor", "r0, r18", "")
	}, nil)
	p.op("sbc", "r22, r22", "")
	p.op("cp", fmt.Sprintf("%v, r21", rZero), "carry = c1")
	// The + H1 chain comes last and stores F2: H1[0] is read into r1, and H1[i] into the register
	// F2[i-1] has just been stored from, so every byte of H1 is still in a register (r1..r16) for F3.
	h1 := func(i int) string { return fmt.Sprintf("r%d", 1+i) }
	for i := range 16 {
		p.op("ldd", fmt.Sprintf("%s, Z+%d", h1(i), 48+i), fmt.Sprintf("H1[%d], kept for F3", i))
		p.op("adc", fmt.Sprintf("r%d, %s", 2+i, h1(i)), "")
		p.op("std", fmt.Sprintf("Z+%d, r%d", 32+i, 2+i), fmt.Sprintf("F[%d]", 32+i))
	}
	p.op("sbc", "r24, r24", "")

	p.note("F3 = H1 + t + c4 + c5 - (ns & 1) -> r[48..63] (the 0xff bytes of ~M above byte 31), H1 in r1..r16")
	p.op("add", "r20, r22", "-(t + c4)")
	p.op("add", "r20, r24", "-(t + c4 + c5)")
	p.op("neg", "r20", "p = t + c4 + c5")
	p.op("add", "r20, r18", "x = p - (ns & 1); the carry is set when ns and p > 0")
	p.op("sbc", "r21, r21", "")
	p.op("eor", "r21, r18", "the sign extension of x: 0xff only when ns and p = 0")
	for i := range 16 {
		if i == 0 {
			p.op("add", fmt.Sprintf("%s, r20", h1(i)), "")
		} else {
			p.op("adc", fmt.Sprintf("%s, r21", h1(i)), "")
		}
		p.op("std", fmt.Sprintf("Z+%d, %s", 48+i, h1(i)), fmt.Sprintf("F[%d]", 48+i))
	}

	p.bucket = "frame"
	// Y is the frame (SP + 1): SP + 64 is Y + 63, no need to read SP again.
	p.op("adiw", fmt.Sprintf("r28, %d", frameSize-1), "free the frame: SP + 64")
	p.op("in", "r0, _SFR_IO_ADDR(SREG)", "")
	p.op("cli", "", "")
	p.op("out", "_SFR_IO_ADDR(SPH), r29", "")
	p.op("out", "_SFR_IO_ADDR(SREG), r0", "")
	p.op("out", "_SFR_IO_ADDR(SPL), r28", "")
	p.grow(-frameSize)
	popAll(p)
	p.op("clr", rHi.String(), "")
	p.op("ret", "", "")
	p.text("        .size mpmul256, .-mpmul256")
	return routine{body: p.b.String(), cycles: p.total(), cost: p.cost, flash: 2 * p.words, stack: p.peak, inst: inst[:], instProducts: prods[:]}
}
