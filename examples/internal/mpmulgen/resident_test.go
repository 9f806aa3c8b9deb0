package main

import (
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/lab"
)

// TestResidentKernel runs karatsubaResident(5), wrapped as a call with the mpmul-160 signature, on
// operands whose upper halves are zero (so r[0..19] is the 80-bit product) against math/big:
// random bytes, all-0xff and all-zero operands and operands whose 40-bit halves are equal or one
// apart (the borrow masks and the corrections both ways), and checks that every call takes the
// cycles the generator counts.
func TestResidentKernel(t *testing.T) {
	p := newProg()
	p.text("        .text", "        .global mpmul160", "        .type   mpmul160, @function", "mpmul160:")
	p.bucket = "frame"
	pushAll(p)
	p.op("movw", "r30, r24", "")
	p.op("movw", "r26, r22", "")
	p.op("movw", "r28, r20", "")
	p.op("clr", rZero.String(), "")
	karatsubaResident(p, 5)
	p.bucket = "frame"
	popAll(p)
	p.op("clr", rHi.String(), "")
	p.op("ret", "", "")
	kernel := p.total() - p.cost["frame"]
	t.Logf("kernel %d cycles: %v", kernel, p.cost)
	_, im, err := lab.BenchSource("resident.S", []byte("; avrlab task: mpmul-160\n"+p.b.String()), os.DirFS(".."), lab.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 400 {
		a, b := make([]byte, 20), make([]byte, 20)
		for i := range 10 {
			a[i], b[i] = byte(rng.Uint32()), byte(rng.Uint32())
		}
		for _, x := range [][]byte{a, b} {
			switch rng.IntN(6) {
			case 1:
				for i := range 10 {
					x[i] = 0xff
				}
			case 2:
				clear(x[:10])
			case 3: // equal halves
				copy(x[5:10], x[:5])
			case 4: // low half one below the high half
				copy(x[5:10], x[:5])
				x[5]++
			case 5: // low half one above
				copy(x[5:10], x[:5])
				x[0]++
			}
		}
		checkProduct(t, im, a, b, 10, p.total())
	}
}

// checkProduct calls the mpmul-160 routine of im once on a and b (20 bytes each, the harness's own
// call set-up) and checks that r[0..2n-1] is the product of their low n bytes (math/big) and that the
// call takes cycles, the generator's count.
func checkProduct(t *testing.T, im *asm.Image, a, b []byte, n, cycles int) {
	t.Helper()
	m, cs, err := lab.PrepareCall(im, lab.Options{Task: "mpmul-160"}, 0, emu.Config{})
	if err != nil || m == nil {
		t.Fatal(err)
	}
	var rAddr uint16
	for _, u := range cs.Buffers {
		switch u.Role {
		case "a":
			m.LoadData(u.Addr, a)
		case "b":
			m.LoadData(u.Addr, b)
		case "r":
			rAddr = u.Addr
		}
	}
	c0 := m.Cycles()
	if s := m.Run(1 << 20); s.Reason != emu.StopReturn {
		t.Fatalf("stopped with %v", s)
	}
	if got := m.Cycles() - c0; got != uint64(cycles) {
		t.Fatalf("a=%x b=%x: the call took %d cycles, the generator counts %d", a[:n], b[:n], got, cycles)
	}
	got := make([]byte, 2*n)
	for i := range got {
		got[i] = m.ReadData(rAddr + uint16(i))
	}
	want := new(big.Int).Mul(le(a[:n]), le(b[:n]))
	if le(got).Cmp(want) != 0 {
		t.Fatalf("a=%x b=%x: got %x (little-endian), want %x", a[:n], b[:n], got, want.FillBytes(make([]byte, 2*n)))
	}
}

// TestPointerOperandsGuard checks that a byte of a may sit in X or Y only when the instance reads
// through Z instead (aZ and bZ), the layout mpmul256's M instance uses: otherwise the generator
// refuses it instead of emitting loads through a pointer that holds an operand.
func TestPointerOperandsGuard(t *testing.T) {
	for _, c := range []struct {
		o    operands
		fail bool
	}{
		{operands{rows: true, rowsHigh: true, aIn: []reg{26, 27}}, true},
		{operands{rows: true, rowsHigh: true, aIn: []reg{28, 29}, aZ: true}, true},
		{operands{rows: true, rowsHigh: true, aIn: []reg{26, 27, 28, 29}, aZ: true, bZ: true, aOff: 16}, false},
	} {
		panicked := func() (p bool) {
			defer func() { p = recover() != nil }()
			karatsubaAt(newProg(), 8, 24, true, 0, 2, c.o)
			return false
		}()
		if panicked != c.fail {
			t.Errorf("aIn %v, aZ %v, bZ %v: panicked %v, want %v", c.o.aIn, c.o.aZ, c.o.bZ, panicked, c.fail)
		}
	}
}
