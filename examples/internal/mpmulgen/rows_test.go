package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestPhase1Rows runs phase1Rows alone for every half size n = 2..10, both register orders and,
// up to n = 8, with r24:r25 = 0:0 for the MOVW clears of the new tops,
// wrapped as a call with the mpmul-160 signature that also stores the L1 registers it returns to
// r[n..2n-1], against math/big: random operands and all-0xff ones (every chain's carry and
// every absorbing high byte at its largest), and checks that every call takes the cycles the
// generator counts (n = 10 parks Y, the smaller sizes keep it).
func TestPhase1Rows(t *testing.T) {
	for n := 2; n <= 10; n++ {
		for _, high := range []bool{false, true} {
			t.Run(fmt.Sprintf("n=%d,high=%v", n, high), func(t *testing.T) { checkPhase1Rows(t, n, high, false) })
		}
		if n <= 8 { // as in k16: r24:r25 = 0:0 reserved, new tops cleared two at a time
			t.Run(fmt.Sprintf("n=%d,zero-pair", n), func(t *testing.T) { checkPhase1Rows(t, n, true, true) })
		}
	}
}

func checkPhase1Rows(t *testing.T, n int, high, zeroPair bool) {
	p := newProg()
	p.text("        .text", "        .global mpmul160", "        .type   mpmul160, @function", "mpmul160:")
	pushAll(p)
	p.op("movw", "r30, r24", "")
	p.op("movw", "r26, r22", "")
	p.op("movw", "r28, r20", "")
	p.op("clr", rZero.String(), "")
	free, zp := regs(2, 24), none
	if zeroPair {
		p.op("clr", "r24", "")
		free.take(24)
		zp = 24
	}
	l1 := phase1Rows(p, &free, n, zp, operands{rows: true, rowsHigh: high})
	for k, r := range l1 {
		p.op("std", fmt.Sprintf("Z+%d, %v", n+k, r), "")
	}
	popAll(p)
	p.op("clr", rHi.String(), "")
	p.op("ret", "", "")
	_, im, err := lab.BenchSource("rows.S", []byte("; avrlab task: mpmul-160\n"+p.b.String()), os.DirFS(".."), lab.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	for call := range 60 {
		a, b := make([]byte, 20), make([]byte, 20)
		for i := range n {
			a[i], b[i] = byte(rng.Uint32()), byte(rng.Uint32())
			if call < 2 {
				a[i], b[i] = 0xff, 0xff
			}
		}
		checkProduct(t, im, a, b, n, p.total())
	}
}
