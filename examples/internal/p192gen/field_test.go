package main

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab/kernel"
)

// TestFieldRoutines calls the generated field routines directly under the emulator (X = dst,
// Y = a, Z = b) on edge operands (0, 1, p − 1, 2^192 − 2^96 − 1 and others whose partial products
// carry as far as they can) and random ones, against math/big: fmul and fsqr fully reduced, fadd
// and fsub, each leaving r1 = 0.
func TestFieldRoutines(t *testing.T) {
	im, err := asm.Assemble("p192-scalarmul.S", []byte(source()), asm.Config{Device: "atmega128"})
	if err != nil {
		t.Fatal(err)
	}
	p := kernel.P192Prime()
	one := big.NewInt(1)
	two96 := new(big.Int).Lsh(one, 96)
	edges := []*big.Int{big.NewInt(0), one, new(big.Int).Sub(p, one), new(big.Int).Sub(p, big.NewInt(2)),
		new(big.Int).Sub(new(big.Int).Lsh(one, 192), new(big.Int).Add(two96, one)),
		new(big.Int).Sub(new(big.Int).Lsh(one, 191), one), new(big.Int).Sub(two96, one), new(big.Int).Lsh(one, 64)}
	r := rand.New(rand.NewPCG(3, 4))
	random := func() *big.Int {
		b := make([]byte, 24)
		for i := range b {
			b[i] = byte(r.Uint32())
			if r.IntN(4) == 0 {
				b[i] = 0xff
			}
		}
		return new(big.Int).Mod(new(big.Int).SetBytes(b), p)
	}
	m := emu.New(isa.LookupDevice("atmega128"), im.Flash, emu.Config{})
	const aAddr, bAddr, dAddr = 0x0c00, 0x0c20, 0x0c40
	cyc := map[string]uint64{}
	call := func(fn string, a, b *big.Int) *big.Int {
		sym, ok := im.Symbol(fn)
		if !ok {
			t.Fatalf("no symbol %s", fn)
		}
		m.Reset()
		m.LoadData(aAddr, kernel.P192Bytes(a))
		m.LoadData(bAddr, kernel.P192Bytes(b))
		for reg, v := range map[int]uint16{26: dAddr, 28: aAddr, 30: bAddr} {
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
		m.SetCycles(0)
		if st := m.Run(100_000); m.PC() != sentinel || m.Reg(1) != 0 {
			t.Fatalf("%s did not return with r1 = 0: %+v", fn, st)
		}
		cyc[fn] = m.Cycles()
		out := m.Data(dAddr, 24)
		be := make([]byte, 24)
		for i := range out {
			be[23-i] = out[i]
		}
		return new(big.Int).SetBytes(be)
	}
	defer func() { t.Logf("cycles a call: %v", cyc) }()
	var ops [][2]*big.Int
	for _, a := range edges {
		for _, b := range edges {
			ops = append(ops, [2]*big.Int{a, b})
		}
	}
	for range 300 {
		ops = append(ops, [2]*big.Int{random(), random()})
	}
	for _, o := range ops {
		a, b := o[0], o[1]
		want := map[string]*big.Int{
			"p192_fmul": new(big.Int).Mod(new(big.Int).Mul(a, b), p),
			"p192_fsqr": new(big.Int).Mod(new(big.Int).Mul(a, a), p),
			"p192_fadd": new(big.Int).Mod(new(big.Int).Add(a, b), p),
			"p192_fsub": new(big.Int).Mod(new(big.Int).Sub(a, b), p),
		}
		for fn, w := range want {
			if got := call(fn, a, b); got.Cmp(w) != 0 {
				t.Fatalf("%s(%x, %x) = %x, want %x", fn, a, b, got, w)
			}
		}
	}
}
