package kernel

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestP192FieldAsBig holds the fixed 192-bit arithmetic the P-192 kernels run on to math/big, mod p
// and mod n, on random operands and on the edges (0, 1, m − 1, 2^192 − 1).
func TestP192FieldAsBig(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	random := func() w192 { return w192{r.Uint64(), r.Uint64(), r.Uint64()} }
	max := w192{^uint64(0), ^uint64(0), ^uint64(0)}
	for _, m := range []w192{p192, p192N} {
		mb := wBig(m)
		mm1, _ := m.sub(w192{1})
		edges := []w192{{}, {1}, {2}, mm1, max}
		for i := 0; i < 3000; i++ {
			var a, b w192
			if i < len(edges)*len(edges) {
				a, b = edges[i/len(edges)], edges[i%len(edges)]
			} else {
				a, b = random(), random()
			}
			ab, bb := wBig(a), wBig(b)
			if got, want := a.reduce(m), new(big.Int).Mod(ab, mb); wBig(got).Cmp(want) != 0 {
				t.Fatalf("%x mod %x = %x, math/big %x", ab, mb, wBig(got), want)
			}
			var got w192
			if m == p192N {
				got = mulModN(a, b)
			} else {
				got = mulModP(a, b)
			}
			if want := new(big.Int).Mod(new(big.Int).Mul(ab, bb), mb); wBig(got).Cmp(want) != 0 {
				t.Fatalf("%x·%x mod %x = %x, math/big %x", ab, bb, mb, wBig(got), want)
			}
			a, b = a.reduce(m), b.reduce(m)
			ab, bb = wBig(a), wBig(b)
			if got, want := addMod(a, b, m), new(big.Int).Mod(new(big.Int).Add(ab, bb), mb); wBig(got).Cmp(want) != 0 {
				t.Fatalf("%x+%x mod %x = %x, math/big %x", ab, bb, mb, wBig(got), want)
			}
			if got, want := subMod(a, b, m), new(big.Int).Mod(new(big.Int).Sub(ab, bb), mb); wBig(got).Cmp(want) != 0 {
				t.Fatalf("%x−%x mod %x = %x, math/big %x", ab, bb, mb, wBig(got), want)
			}
			if got := half(a, m); wBig(addMod(got, got, m)).Cmp(ab) != 0 {
				t.Fatalf("half(%x) mod %x = %x", ab, mb, wBig(got))
			}
			want := new(big.Int).ModInverse(ab, mb)
			if want == nil {
				want = new(big.Int)
			}
			if got := invMod(a, m); wBig(got).Cmp(want) != 0 {
				t.Fatalf("%x⁻¹ mod %x = %x, math/big %x", ab, mb, wBig(got), want)
			}
		}
	}
}

// TestP192PointsAsBig checks the point arithmetic against the affine formulas on math/big for random
// multiples of G, their sums, doublings and negations.
func TestP192PointsAsBig(t *testing.T) {
	pb, bb := wBig(p192), wBig(p192B)
	// addBig is the chord-and-tangent addition on math/big (nil for the point at infinity).
	addBig := func(ax, ay, bx, by *big.Int) (x, y *big.Int) {
		var l *big.Int
		if ax.Cmp(bx) == 0 {
			if new(big.Int).Mod(new(big.Int).Add(ay, by), pb).Sign() == 0 {
				return nil, nil
			}
			num := new(big.Int).Mul(ax, ax)
			num.Sub(num, big.NewInt(1)).Mul(num, big.NewInt(3))
			l = num.Mul(num, new(big.Int).ModInverse(new(big.Int).Lsh(ay, 1), pb))
		} else {
			den := new(big.Int).Mod(new(big.Int).Sub(bx, ax), pb)
			l = new(big.Int).Mul(new(big.Int).Sub(by, ay), den.ModInverse(den, pb))
		}
		l.Mod(l, pb)
		x = new(big.Int).Mul(l, l)
		x.Sub(x, ax).Sub(x, bx).Mod(x, pb)
		y = new(big.Int).Sub(ax, x)
		y.Mul(y, l).Sub(y, ay).Mod(y, pb)
		return x, y
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 40; i++ {
		a, b := randPoint(r), randPoint(r)
		for _, c := range [][2]point{{a, b}, {a, a}, {b, b}, {a, point{x: a.x, y: subMod(w192{}, a.y, p192)}}} {
			got := addPoints(c[0], c[1])
			x, y := addBig(wBig(c[0].x), wBig(c[0].y), wBig(c[1].x), wBig(c[1].y))
			if got.inf != (x == nil) || x != nil && (wBig(got.x).Cmp(x) != 0 || wBig(got.y).Cmp(y) != 0) {
				t.Fatalf("%v + %v = %v, math/big (%x, %x)", c[0], c[1], got, x, y)
			}
			if !got.inf {
				y2 := new(big.Int).Mod(new(big.Int).Mul(y, y), pb)
				x3 := new(big.Int).Mul(x, x)
				x3.Sub(x3, big.NewInt(3)).Mul(x3, x).Add(x3, bb).Mod(x3, pb)
				if y2.Cmp(x3) != 0 || !onCurve(got.x, got.y) {
					t.Fatalf("%v is not on the curve", got)
				}
			}
		}
	}
	if !scalarMul(p192N, p192G).inf || scalarMul(w192{}, p192G) != (point{inf: true}) || scalarMul(w192{1}, p192G) != p192G {
		t.Error("n·G, 0·G or 1·G is wrong")
	}
}

// TestP192Constants checks the fixed constants against FIPS 186-4 D.1.2.1 as printed.
func TestP192Constants(t *testing.T) {
	for _, c := range []struct {
		name string
		w    w192
		hex  string
	}{
		{"p", p192, "fffffffffffffffffffffffffffffffeffffffffffffffff"},
		{"n", p192N, "ffffffffffffffffffffffff99def836146bc9b1b4d22831"},
		{"b", p192B, "64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1"},
		{"Gx", p192G.x, "188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012"},
		{"Gy", p192G.y, "07192b95ffc8da78631011ed6b24cdd573f977a11e794811"},
	} {
		if got := wBig(c.w).Text(16); got != strings.TrimLeft(c.hex, "0") || hexW(c.hex) != c.w {
			t.Errorf("%s = %s, want %s", c.name, got, c.hex)
		}
	}
}
