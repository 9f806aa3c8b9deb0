package main

import "fmt"

// calleeSaved is what the avr-gcc ABI makes a function restore: r2..r17, r28, r29.
var calleeSaved = []reg{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29}

// pushAll and popAll save and restore the callee-saved registers.
func pushAll(p *prog) {
	for _, r := range calleeSaved {
		p.op("push", r.String(), "")
	}
}

func popAll(p *prog) {
	for i := len(calleeSaved) - 1; i >= 0; i-- {
		p.op("pop", calleeSaved[i].String(), "")
	}
}

// routine is one generated function: its body and its static cost.
type routine struct {
	body   string
	cycles int            // one call, RET included
	cost   map[string]int // cycles per bucket
	flash  int            // bytes
	stack  int            // peak bytes, the caller's return address not counted
	inst   []int          // cycles of each inlined k16 instance (mpmul256: L, H, M)
	// instProducts is the part of inst in the byte products (MUL, its additions, the clears)
	instProducts []int
}

// mpmul160 generates the 160-bit routine: the prologue, the 10-byte-half kernel (phase 1 by rows),
// the epilogue.
func mpmul160() routine { return build160(true) }

// build160 is mpmul160 with phase 1 by rows or, for the header's comparison, by columns.
func build160(rows bool) routine {
	p := newProg()
	p.text("        .text", "        .global mpmul160", "        .type   mpmul160, @function", "mpmul160:")
	p.bucket = "frame"
	pushAll(p)
	p.op("movw", fmt.Sprintf("%v, r24", rZL), "Z = r")
	p.op("movw", fmt.Sprintf("%v, r22", rXL), "X = a")
	p.op("movw", fmt.Sprintf("%v, r20", rYL), "Y = b")
	p.op("clr", rZero.String(), "zero")
	p.text("")
	// H'[8..9] kept in registers from column 8 to column 18 of phase 3b (keepT = 1) is the fastest
	// with phase 1 by columns; with the rows' register assignment reading it twice is 1 cycle faster.
	keepT := 1
	if rows {
		keepT = 0
	}
	karatsubaAt(p, 10, 24, false, keepT, 0, operands{rows: rows})
	p.text("")
	p.bucket = "frame"
	popAll(p)
	p.op("clr", rHi.String(), "")
	p.op("ret", "", "")
	p.text("        .size mpmul160, .-mpmul160")
	return routine{body: p.b.String(), cycles: p.total(), cost: p.cost, flash: 2 * p.words, stack: p.peak}
}
