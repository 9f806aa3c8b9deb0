package main

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/avrlab/avrlab/lab/kernel"
)

// model is the generated routine's algorithm on math/big, operation for operation (the same slots,
// the same formulas, the same ladder and final step), so that the formulas are checked against the
// reference before they become assembly.
type model struct {
	p                          *big.Int
	x0, y0, x1, y1, px, py, t1 *big.Int
}

func (m *model) mod(v *big.Int) *big.Int { return v.Mod(v, m.p) }
func (m *model) mul(a, b *big.Int) *big.Int {
	return m.mod(new(big.Int).Mul(a, b))
}
func (m *model) add(a, b *big.Int) *big.Int { return m.mod(new(big.Int).Add(a, b)) }
func (m *model) sub(a, b *big.Int) *big.Int { return m.mod(new(big.Int).Sub(a, b)) }

// addc: (S0, S1) = (S0 − S1, S0 + S1), co-Z.
func (m *model) addc() {
	t1 := m.sub(m.x0, m.x1)
	t1 = m.mul(t1, t1)
	w1 := m.mul(m.x0, t1)
	w2 := m.mul(m.x1, t1)
	a1 := m.mul(m.y0, m.sub(w1, w2))
	t5 := m.sub(m.y0, m.y1)
	t6 := m.add(m.y0, m.y1)
	x3 := m.sub(m.sub(m.mul(t5, t5), w1), w2)
	y3 := m.sub(m.mul(t5, m.sub(w1, x3)), a1)
	x3d := m.sub(m.sub(m.mul(t6, t6), w1), w2)
	y3d := m.sub(m.mul(t6, m.sub(w1, x3d)), a1)
	m.x1, m.y1, m.x0, m.y0 = x3, y3, x3d, y3d
}

// add: (S0, S1) = (S1 + S0, S1'), co-Z.
func (m *model) addu() {
	t1 := m.sub(m.x1, m.x0)
	t1 = m.mul(t1, t1)
	w1 := m.mul(m.x1, t1)
	w2 := m.mul(m.x0, t1)
	t5 := m.sub(m.y1, m.y0)
	a1 := m.mul(m.y1, m.sub(w1, w2))
	x3 := m.sub(m.sub(m.mul(t5, t5), w1), w2)
	y3 := m.sub(m.mul(t5, m.sub(w1, x3)), a1)
	m.x0, m.y0, m.x1, m.y1 = x3, y3, w1, a1
}

func (m *model) scalarMult(k, px, py *big.Int) (*big.Int, *big.Int) {
	n := kernel.P192Order()
	kk := new(big.Int).Add(k, n)
	if kk.BitLen() < 193 {
		kk.Add(kk, n)
	}
	m.px, m.py = px, py
	// IDBL
	b := m.mul(px, px)
	e := m.mul(py, py)
	l := m.mul(e, e)
	s := m.mul(px, e)
	s = m.add(s, s)
	s = m.add(s, s)
	mm := m.sub(m.add(m.add(b, b), b), big.NewInt(3))
	x2 := m.sub(m.sub(m.mul(mm, mm), s), s)
	l8 := m.add(l, l)
	l8 = m.add(l8, l8)
	l8 = m.add(l8, l8)
	y2 := m.sub(m.mul(mm, m.sub(s, x2)), l8)
	m.x0, m.y0, m.x1, m.y1 = s, l8, x2, y2
	state := uint(0)
	swap := func(bit uint) {
		if bit^state == 1 {
			m.x0, m.x1, m.y0, m.y1 = m.x1, m.x0, m.y1, m.y0
		}
		state = bit
	}
	for i := 191; i >= 1; i-- {
		swap(kk.Bit(i))
		m.addc()
		m.addu()
	}
	b0 := kk.Bit(0)
	swap(b0)
	m.addc()
	den := m.mul(m.mul(m.sub(m.x1, m.x0), m.y0), px)
	ey := new(big.Int).Set(py)
	if b0 == 0 {
		ey = m.sub(big.NewInt(0), py)
	}
	num := m.mul(ey, m.x0)
	lambda := m.mul(new(big.Int).Exp(den, new(big.Int).Sub(m.p, big.NewInt(2)), m.p), num)
	m.addu()
	if b0 == 1 {
		m.x0, m.x1, m.y0, m.y1 = m.x1, m.x0, m.y1, m.y0
	}
	l2 := m.mul(lambda, lambda)
	return m.mul(m.x0, l2), m.mul(m.y0, m.mul(l2, lambda))
}

// TestModel checks the co-Z ladder model against the reference for random and edge scalars.
func TestModel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := kernel.P192Order()
	gx, gy := kernel.P192Base()
	ks := []*big.Int{big.NewInt(2), big.NewInt(3), new(big.Int).Sub(n, big.NewInt(3))}
	for range 20 {
		b := make([]byte, 24)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		ks = append(ks, new(big.Int).Mod(new(big.Int).SetBytes(b), n))
	}
	for _, k := range ks {
		if k.Sign() == 0 {
			continue
		}
		px, py, _ := kernel.P192ScalarMult(big.NewInt(int64(r.IntN(1000)+5)), gx, gy)
		m := &model{p: kernel.P192Prime()}
		x, y := m.scalarMult(k, px, py)
		wx, wy, _ := kernel.P192ScalarMult(k, px, py)
		if x.Cmp(wx) != 0 || y.Cmp(wy) != 0 {
			t.Fatalf("k = %x: model (%x, %x), want (%x, %x)", k, x, y, wx, wy)
		}
	}
}
