package main

import (
	"math/big"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab/kernel"
)

// TestLadderEdges runs the generated p192_scalarmul under the emulator on the scalars where the
// ladder's length fix switches (k' = k + 2n below k = 2^192 − n, k + n from there), the smallest
// and largest exact ones (2, 3, n − 3) and a power of two, against the reference; and checks on the
// model that the exceptional scalars are exactly the three the header names.
func TestLadderEdges(t *testing.T) {
	n := kernel.P192Order()
	two192 := new(big.Int).Lsh(big.NewInt(1), 192)
	sw := new(big.Int).Sub(two192, n) // the smallest k with k + n >= 2^192
	ks := []*big.Int{big.NewInt(2), big.NewInt(3), new(big.Int).Sub(n, big.NewInt(3)),
		new(big.Int).Sub(sw, big.NewInt(1)), sw, new(big.Int).Lsh(big.NewInt(1), 191)}
	im, err := asm.Assemble("p192-scalarmul.S", []byte(source()), asm.Config{Device: "atmega128"})
	if err != nil {
		t.Fatal(err)
	}
	sym, ok := im.Symbol("p192_scalarmul")
	if !ok {
		t.Fatal("no p192_scalarmul")
	}
	gx, gy := kernel.P192Base()
	px, py, _ := kernel.P192ScalarMult(big.NewInt(7), gx, gy)
	m := emu.New(isa.LookupDevice("atmega128"), im.Flash, emu.Config{})
	const rAddr, kAddr, pAddr = 0x0c00, 0x0c40, 0x0c60
	for _, k := range ks {
		m.Reset()
		m.LoadData(kAddr, kernel.P192Bytes(k))
		m.LoadData(pAddr, append(kernel.P192Bytes(px), kernel.P192Bytes(py)...))
		for reg, v := range map[int]uint16{24: rAddr, 22: kAddr, 20: pAddr} {
			m.SetReg(reg, uint8(v))
			m.SetReg(reg+1, uint8(v>>8))
		}
		m.SetReg(1, 0)
		sentinel := uint32(m.Device().Flash/2 - 1)
		m.SetSP(0x10ff)
		m.SetReturnSentinel(sentinel)
		if err := m.PushReturn(sentinel); err != nil {
			t.Fatal(err)
		}
		m.SetPC(uint32(sym.Value) / 2)
		if st := m.Run(100_000_000); m.PC() != sentinel {
			t.Fatalf("k = %x: did not return: %+v", k, st)
		}
		wx, wy, _ := kernel.P192ScalarMult(k, px, py)
		if got, want := m.Data(rAddr, 48), append(kernel.P192Bytes(wx), kernel.P192Bytes(wy)...); string(got) != string(want) {
			t.Errorf("k = %x: %x, want %x", k, got, want)
		}
	}
	// The model fails exactly on 1, n − 2 and n − 1 among the scalars at both ends of [1, n − 1].
	for _, c := range []struct {
		k     *big.Int
		exact bool
	}{
		{big.NewInt(1), false}, {big.NewInt(2), true}, {big.NewInt(3), true}, {big.NewInt(4), true},
		{new(big.Int).Sub(n, big.NewInt(1)), false}, {new(big.Int).Sub(n, big.NewInt(2)), false},
		{new(big.Int).Sub(n, big.NewInt(3)), true}, {new(big.Int).Sub(n, big.NewInt(4)), true},
	} {
		x, y := (&model{p: kernel.P192Prime()}).scalarMult(c.k, px, py)
		wx, wy, _ := kernel.P192ScalarMult(c.k, px, py)
		if exact := x.Cmp(wx) == 0 && y.Cmp(wy) == 0; exact != c.exact {
			t.Errorf("model, k = %x: exact %v, want %v", c.k, exact, c.exact)
		}
	}
}
