package main

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/avrlab/avrlab/isa"
)

// reg is an AVR register number, r0..r31.
type reg int

func (r reg) String() string { return fmt.Sprintf("r%d", int(r)) }

// The fixed registers of every routine here.
const (
	rLo   reg = 0  // low byte of a MUL product
	rHi   reg = 1  // high byte of a MUL product (the avr-gcc zero register, cleared before RET)
	rZero reg = 25 // a zero for the carry ADCs
	rXL   reg = 26 // X = a
	rYL   reg = 28 // Y = b
	rZL   reg = 30 // Z = r
)

// cyclesOf is the ATmega128 cycle count of mnemonic mn, from the isa table (the AVR Instruction Set
// Manual's). Every form of the mnemonics these generators emit takes the same cycles there and one
// 16-bit word; a mnemonic for which that does not hold is a bug of the generator.
func cyclesOf(mn string) int {
	dev := isa.LookupDevice("atmega128")
	forms := isa.Lookup(mn)
	if len(forms) == 0 {
		panic("mpmulgen: unknown mnemonic " + mn)
	}
	c := dev.Cycles(forms[0])
	for _, f := range forms {
		if dev.Cycles(f) != c || f.Words != 1 {
			panic("mpmulgen: the forms of " + mn + " differ in cycles or take two words")
		}
	}
	return c
}

// prog is the text of one routine being generated, with its static cost: the code is straight
// line, so the cycles of a call are the sum over the instructions (plus the subroutines called).
type prog struct {
	b      strings.Builder
	bucket string         // where the cycles of the next instructions are counted
	cost   map[string]int // cycles per bucket
	words  int            // flash words
	depth  int            // stack bytes pushed now (PUSH, frames)
	peak   int            // the deepest stack
}

func newProg() *prog { return &prog{cost: map[string]int{}} }

// op emits one instruction with an optional comment, laid out as the examples are.
func (p *prog) op(mn, args, comment string) {
	p.cost[p.bucket] += cyclesOf(mn)
	p.words++
	switch mn {
	case "push":
		p.grow(1)
	case "pop":
		p.depth--
	}
	line := fmt.Sprintf("        %-8s%s", mn, args)
	if comment != "" {
		line = fmt.Sprintf("        %-8s%-24s; %s", mn, args, comment)
	}
	p.b.WriteString(strings.TrimRight(line, " ") + "\n")
}

// grow records n more bytes on the stack.
func (p *prog) grow(n int) {
	p.depth += n
	p.peak = max(p.peak, p.depth)
}

// text emits lines as they are (labels, directives, comments, blank lines).
func (p *prog) text(lines ...string) {
	for _, l := range lines {
		p.b.WriteString(l + "\n")
	}
}

// note emits a comment line.
func (p *prog) note(format string, args ...any) { p.text("; " + fmt.Sprintf(format, args...)) }

// total is the cycles of every bucket.
func (p *prog) total() int {
	n := 0
	for _, c := range p.cost {
		n += c
	}
	return n
}

// pool is a set of free registers; get takes the lowest. dirty marks the registers handed out
// by get since they were last known to hold zero (see acc.zeros).
type pool struct{ free, dirty uint32 }

func (s *pool) get() reg {
	if s.free == 0 {
		panic("mpmulgen: out of registers")
	}
	r := reg(bits.TrailingZeros32(s.free))
	s.free &^= 1 << r
	s.dirty |= 1 << r
	return r
}

func (s *pool) put(rs ...reg) {
	for _, r := range rs {
		if s.free&(1<<r) != 0 {
			panic(fmt.Sprintf("mpmulgen: %v freed twice", r))
		}
		s.free |= 1 << r
	}
}

// has reports whether r is free.
func (s *pool) has(r reg) bool { return s.free&(1<<r) != 0 }

// take removes particular registers from the pool.
func (s *pool) take(rs ...reg) {
	for _, r := range rs {
		if s.free&(1<<r) == 0 {
			panic(fmt.Sprintf("mpmulgen: %v is not free", r))
		}
		s.free &^= 1 << r
		s.dirty |= 1 << r
	}
}

// getPair takes the lowest free even/odd pair r2m:r2m+1, for a MOVW; ok is false when there is none.
// skip is a register the pair must not include.
func (s *pool) getPair(skip reg) (reg, bool) {
	for r := reg(0); r < 32; r += 2 {
		if s.free&(3<<r) == 3<<r && r != skip && r+1 != skip {
			s.free &^= 3 << r
			s.dirty |= 3 << r
			return r, true
		}
	}
	return none, false
}

// hasPair reports whether getPair(skip) would find a pair, without taking it.
func (s *pool) hasPair(skip reg) bool {
	for r := reg(0); r < 32; r += 2 {
		if s.free&(3<<r) == 3<<r && r != skip && r+1 != skip {
			return true
		}
	}
	return false
}

// regs makes a pool of the registers lo..hi, none of them known to hold zero.
func regs(lo, hi reg) pool {
	s := pool{dirty: ^uint32(0)}
	for r := lo; r <= hi; r++ {
		s.put(r)
	}
	return s
}

// none marks an accumulator byte that has no register yet.
const none reg = -1

// acc is a product-scanning accumulator of three bytes c[0]:c[1]:c[2] (c[0] least significant).
// bound is the largest value it can hold given what was added, so that only the carry
// instructions that can matter are emitted: a byte above the bound is zero and needs no register
// until a carry can reach it, and then a CLR (which leaves the carry flag alone).
type acc struct {
	p     *prog
	pl    *pool
	c     [3]reg
	bound uint64
	// products collects the cycles of MUL and its additions, apart from the rest of the phase.
	products string
	// zeros, when not none, is the even register of a pair that holds 0:0 (r24:r25 in k16): a new
	// byte is then cleared with a MOVW from it two registers at a time, the second kept in spare for
	// the next byte that needs one (one cycle for two CLRs).
	zeros, spare reg
	zeroReserved bool // zeros is out of the pool for the whole routine
}

func newAcc(p *prog, pl *pool, zeros reg, reserved bool) *acc {
	return &acc{p: p, pl: pl, c: [3]reg{none, none, none}, products: "products", zeros: zeros, spare: none, zeroReserved: reserved}
}

// zeroReady reports whether zeros:zeros+1 holds 0:0 now. A reserved pair (k16's r24:r25, out of
// the pool) always does; otherwise (mpmul160, where r24 is a working register at the middle
// columns) zeros is usable while it is free, after one CLR once get has handed it out.
func (a *acc) zeroReady() bool {
	if a.zeroReserved {
		return true
	}
	if !a.pl.has(a.zeros) {
		return false
	}
	if a.pl.dirty&(1<<a.zeros) != 0 {
		a.p.op("clr", a.zeros.String(), "zero again: the high byte for MOVW clears")
		a.pl.dirty &^= 1 << a.zeros
	}
	return true
}

// release gives the cleared spare register back to the pool (at the end of a product).
func (a *acc) release() {
	if a.spare != none {
		a.pl.put(a.spare)
		a.spare = none
	}
}

// need makes byte i a register holding its value (zero when it is above the bound).
func (a *acc) need(i int) {
	if a.c[i] != none {
		return
	}
	if a.spare != none {
		a.c[i], a.spare = a.spare, none
		return
	}
	if a.zeros != none && a.pl.hasPair(a.zeros) && a.zeroReady() {
		if r, ok := a.pl.getPair(a.zeros); ok {
			a.p.op("movw", fmt.Sprintf("%v, %v", r, a.zeros), "clear two")
			a.c[i], a.spare = r, r+1
			return
		}
	}
	a.c[i] = a.pl.get()
	a.p.op("clr", a.c[i].String(), "")
}

// fresh gives byte i a register to be written whole (MOV, LDD), without clearing it.
func (a *acc) fresh(i int) reg {
	if a.c[i] == none {
		a.c[i] = a.pl.get()
	}
	return a.c[i]
}

// carry emits the ADCs that move a carry out of byte i on, up to what the new bound can reach.
func (a *acc) carry(from int, nb uint64) {
	if nb >= 1<<24 {
		panic("mpmulgen: the accumulator can overflow")
	}
	for i := from; i < 3 && nb >= 1<<(8*i); i++ {
		a.need(i)
		a.p.op("adc", fmt.Sprintf("%v, %v", a.c[i], rZero), "")
	}
}

// mul adds x*y.
func (a *acc) mul(x, y reg, comment string) {
	save := a.p.bucket
	a.p.bucket = a.products
	defer func() { a.p.bucket = save }()
	nb := a.bound + 0xfe01
	if a.bound == 0 {
		if a.c[0] != none && a.c[0]%2 == 0 && a.c[1] == a.c[0]+1 {
			a.p.op("mul", fmt.Sprintf("%v, %v", x, y), comment)
			a.p.op("movw", fmt.Sprintf("%v, %v", a.c[0], rLo), "")
		} else {
			lo, hi := a.fresh(0), a.fresh(1)
			a.p.op("mul", fmt.Sprintf("%v, %v", x, y), comment)
			a.p.op("mov", fmt.Sprintf("%v, %v", lo, rLo), "")
			a.p.op("mov", fmt.Sprintf("%v, %v", hi, rHi), "")
		}
		a.bound = nb
		return
	}
	a.need(1)
	if nb >= 1<<16 {
		a.need(2)
	}
	a.p.op("mul", fmt.Sprintf("%v, %v", x, y), comment)
	a.p.op("add", fmt.Sprintf("%v, %v", a.c[0], rLo), "")
	a.p.op("adc", fmt.Sprintf("%v, %v", a.c[1], rHi), "")
	a.carry(2, nb)
	a.bound = nb
}

// addReg adds the byte in x (plus the carry flag when withCarry; the caller has set it).
// It reports whether x became byte 0 of the accumulator (when the accumulator was empty).
func (a *acc) addReg(x reg, withCarry bool, comment string) (adopted bool) {
	if a.bound == 0 && !withCarry && a.c[0] == none {
		a.c[0] = x
		a.bound = 0xff
		return true
	}
	nb := a.bound + 0xff
	if withCarry {
		nb++
	}
	mn := "add"
	if withCarry {
		mn = "adc"
	}
	if a.bound == 0 {
		a.need(0)
	}
	if nb >= 1<<8 {
		a.need(1)
	}
	a.p.op(mn, fmt.Sprintf("%v, %v", a.c[0], x), comment)
	a.carry(1, nb)
	a.bound = nb
	return false
}

// addPair adds the 16-bit value y:x (x the low byte) at byte 0 of the accumulator: one ADD, one ADC
// and the carry into byte 2, against two ADD/ADC pairs for the bytes one by one. It reports whether
// x and y became bytes 0 and 1 (when the accumulator was empty).
func (a *acc) addPair(x, y reg, comment string) (adopted bool) {
	if a.bound == 0 && a.c[0] == none && a.c[1] == none {
		a.c[0], a.c[1] = x, y
		a.bound = 0xffff
		return true
	}
	a.addPairCarry(x, y, false, comment)
	return false
}

// addPairCarry adds y:x, plus the carry flag when withCarry (the caller has set it).
func (a *acc) addPairCarry(x, y reg, withCarry bool, comment string) {
	nb := a.bound + 0xffff
	mn := "add"
	if withCarry {
		nb++
		mn = "adc"
	}
	a.need(0)
	a.need(1)
	a.p.op(mn, fmt.Sprintf("%v, %v", a.c[0], x), comment)
	a.p.op("adc", fmt.Sprintf("%v, %v", a.c[1], y), "")
	a.carry(2, nb)
	a.bound = nb
}

// addMemPair adds the bytes at Z+q (low) and Z+q+1 (high) as one 16-bit value, read into r0:r1
// (free between multiplications), or straight into bytes 0 and 1 when the accumulator is empty.
func (a *acc) addMemPair(q int, comment string) {
	if a.bound == 0 && a.c[0] == none && a.c[1] == none {
		a.p.op("ldd", fmt.Sprintf("%v, Z+%d", a.fresh(0), q), comment)
		a.p.op("ldd", fmt.Sprintf("%v, Z+%d", a.fresh(1), q+1), "")
		a.bound = 0xffff
		return
	}
	a.p.op("ldd", fmt.Sprintf("%v, Z+%d", rLo, q), "+ "+comment)
	a.p.op("ldd", fmt.Sprintf("%v, Z+%d", rHi, q+1), "")
	a.addPair(rLo, rHi, "")
}

// addMem adds the byte at Z+q.
func (a *acc) addMem(q int, comment string) {
	if a.bound == 0 {
		a.p.op("ldd", fmt.Sprintf("%v, Z+%d", a.fresh(0), q), comment)
		a.bound = 0xff
		return
	}
	a.p.op("ldd", fmt.Sprintf("%v, Z+%d", rLo, q), "+ "+comment)
	a.addReg(rLo, false, "")
}

// shift ends a column: byte 0 is final and returned, the others move down one place.
func (a *acc) shift() reg {
	if a.bound == 0 {
		a.need(0)
	}
	out := a.c[0]
	a.c = [3]reg{a.c[1], a.c[2], none}
	a.bound >>= 8
	return out
}
