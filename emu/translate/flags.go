package translate

// Flags in translated code (QEMU keeps x86 flags lazily the same way, its cc_op): an instruction
// computes the flags a later instruction reads; the flags that only an exit might need (a guard
// later in the block, before they are set again) are left pending, their operands kept in a slot's
// locals, and each exit computes them from there before it writes SREG back.

// define sets up the flags f of the instruction just written, whose result and operands are in lT0
// (r), lT1 (a) and lT2 (b): it computes those in norm now and leaves those in exit pending in a slot
// (computing them now too when no slot is free). keepZ (SBC, SBCI, CPC) computes Z now: it reads
// the previous Z.
func (g *gen) define(f, norm, exit uint8, sl slot, keepZ bool) {
	now := f & norm
	pend := f & exit &^ norm
	if keepZ && pend&fZ != 0 {
		now, pend = now|fZ, pend&^fZ
	}
	if pend != 0 {
		s := g.freeSlot()
		if s < 0 {
			now, pend = now|pend, 0
		} else {
			base := uint32(lS0 + 3*s)
			g.get(lT0)
			g.set(base)
			g.get(lT1)
			g.set(base + 1)
			g.get(lT2)
			g.set(base + 2)
			g.slots[s] = sl
			for i := 0; i < 8; i++ {
				if pend&(1<<i) != 0 {
					g.pending[i] = s + 1
				}
			}
		}
	}
	g.flagsOf(sl, now, keepZ, lT0, lT1, lT2)
}

// freeSlot returns a slot no pending flag uses, or -1.
func (g *gen) freeSlot() int {
	for s := 0; s < nSlots; s++ {
		free := true
		for _, p := range g.pending {
			free = free && p != s+1
		}
		if free {
			return s
		}
	}
	return -1
}

// forget drops the pending definitions of flags f (the instruction being written sets them).
func (g *gen) forget(f uint8) {
	for i := 0; i < 8; i++ {
		if f&(1<<i) != 0 {
			g.pending[i] = 0
		}
	}
}

// materialize computes every pending flag into its local (on an exit path).
func (g *gen) materialize() {
	for s := 0; s < nSlots; s++ {
		var mask uint8
		for i, p := range g.pending {
			if p == s+1 {
				mask |= 1 << i
			}
		}
		if mask != 0 {
			base := uint32(lS0 + 3*s)
			g.flagsOf(g.slots[s], mask, false, base, base+1, base+2)
		}
	}
}

// flagsOf computes flags mask of a definition of kind sl from result r and operands a, b.
func (g *gen) flagsOf(sl slot, mask uint8, keepZ bool, r, a, b uint32) {
	switch sl.kind {
	case pendArith:
		g.arithFlags(mask, sl.sub, keepZ, r, a, b)
	case pendLogic:
		g.logicFlags(mask, sl.vAt, r)
	case pendCom:
		g.logicFlags(mask, 0, r)
		g.setFlag(mask, fC, func() { g.i32(1) })
	case pendShift:
		g.shiftFlags(mask, r, a)
	}
}

// arithFlags sets H S V N Z C of r = a ± b (± carry), r computed in 32 bits; keepZ: Z is kept when
// the result is zero, cleared otherwise (SBC, SBCI, CPC).
func (g *gen) arithFlags(live uint8, sub, keepZ bool, r, a, b uint32) {
	g.setFlag(live, fH, func() {
		g.get(a)
		g.get(b)
		g.op(opI32Xor)
		g.get(r)
		g.op(opI32Xor)
		g.i32(4)
		g.op(opI32ShrU)
		g.i32(1)
		g.op(opI32And)
	})
	v := func() {
		if sub { // (a ^ b) & (a ^ r)
			g.get(a)
			g.get(b)
			g.op(opI32Xor)
			g.get(a)
			g.get(r)
			g.op(opI32Xor)
		} else { // (a ^ r) & (b ^ r)
			g.get(a)
			g.get(r)
			g.op(opI32Xor)
			g.get(b)
			g.get(r)
			g.op(opI32Xor)
		}
		g.op(opI32And)
		g.i32(7)
		g.op(opI32ShrU)
		g.i32(1)
		g.op(opI32And)
	}
	n := func() {
		g.get(r)
		g.i32(7)
		g.op(opI32ShrU)
		g.i32(1)
		g.op(opI32And)
	}
	g.setFlag(live, fV, v)
	g.setFlag(live, fN, n)
	g.setFlag(live, fS, func() { g.flagOr(live, fN, n); g.flagOr(live, fV, v); g.op(opI32Xor) })
	g.setFlag(live, fZ, func() {
		g.get(r)
		g.i32(0xFF)
		g.op(opI32And)
		g.op(opI32Eqz)
		if keepZ {
			g.get(lF(fZ))
			g.op(opI32And)
		}
	})
	g.setFlag(live, fC, func() {
		g.get(r)
		g.i32(8)
		g.op(opI32ShrU)
		if sub { // a - b - carry below 0 has every high bit set
			g.i32(1)
			g.op(opI32And)
		} // a + b + carry of bytes is at most 511: bit 8 is all there is above the byte
	})
}

// logicFlags sets S V N Z of the logical result r (0..255): V is 0, or, when vAt is not 0, whether
// the result equals vAt (INC 0x80, DEC 0x7F).
func (g *gen) logicFlags(live uint8, vAt int64, r uint32) {
	v := func() {
		if vAt == 0 {
			g.i32(0)
		} else {
			g.get(r)
			g.i32(vAt)
			g.op(opI32Eq)
		}
	}
	n := func() {
		g.get(r)
		g.i32(7)
		g.op(opI32ShrU)
	}
	g.setFlag(live, fV, v)
	g.setFlag(live, fN, n)
	g.setFlag(live, fS, func() { g.flagOr(live, fN, n); g.flagOr(live, fV, v); g.op(opI32Xor) })
	g.setFlag(live, fZ, func() { g.get(r); g.op(opI32Eqz) })
}

// shiftFlags sets S V N Z C of ASR, LSR or ROR with result r and operand a: C = a & 1, N = r7,
// V = N ^ C, S = N ^ V = C.
func (g *gen) shiftFlags(live uint8, r, a uint32) {
	c := func() {
		g.get(a)
		g.i32(1)
		g.op(opI32And)
	}
	n := func() {
		g.get(r)
		g.i32(7)
		g.op(opI32ShrU)
	}
	g.setFlag(live, fC, c)
	g.setFlag(live, fZ, func() { g.get(r); g.op(opI32Eqz) })
	g.setFlag(live, fN, n)
	g.setFlag(live, fV, func() { g.flagOr(live, fN, n); g.flagOr(live, fC, c); g.op(opI32Xor) })
	g.setFlag(live, fS, func() { g.flagOr(live, fC, c) })
}

// flagOr pushes flag f: its local when live has it (just set), else its value computed again. The
// flags helpers set only the flags in live: on an exit path (materialize) the others may hold a
// later instruction's definition (CP, then SEV, then a side exit: S is CP's, V is SEV's).
func (g *gen) flagOr(live, f uint8, value func()) {
	if live&f != 0 {
		g.get(lF(f))
		return
	}
	value()
}
