package kernel_test

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/avrlab/avrlab/lab/kernel"
)

// leInt reads a little-endian byte string as a big.Int.
func leInt(b []byte) *big.Int {
	be := slices.Clone(b)
	slices.Reverse(be)
	return new(big.Int).SetBytes(be)
}

// leBytes writes x as n little-endian bytes.
func leBytes(x *big.Int, n int) []byte {
	b := x.FillBytes(make([]byte, n))
	slices.Reverse(b)
	return b
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// operandPairs returns random operand pairs of n bytes plus the edge cases: zero, all 0xFF, one, and
// single high bytes.
func operandPairs(r *rand.Rand, n, count int) [][2][]byte {
	zero, ones, one, top := make([]byte, n), bytes.Repeat([]byte{0xff}, n), make([]byte, n), make([]byte, n)
	one[0], top[n-1] = 1, 0x80
	pairs := [][2][]byte{{zero, zero}, {zero, ones}, {ones, ones}, {ones, one}, {one, ones}, {top, top}, {top, ones}}
	for range count {
		pairs = append(pairs, [2][]byte{randBytes(r, n), randBytes(r, n)})
	}
	return pairs
}

// TestMulSquareAgainstBig checks Mul and Square for 160-, 192-, 256- and 1024-bit operands against
// math/big on random and edge operands.
func TestMulSquareAgainstBig(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{20, 24, 32, 128, 1, 3} {
		for _, p := range operandPairs(r, n, 100) {
			a, b := p[0], p[1]
			want := leBytes(new(big.Int).Mul(leInt(a), leInt(b)), 2*n)
			got := bytes.Repeat([]byte{0xa5}, 2*n) // stale bytes must all be overwritten
			kernel.Mul(got, a, b)
			if !bytes.Equal(got, want) {
				t.Fatalf("n=%d: Mul(%x, %x) =\n%x, math/big gives\n%x", n, a, b, got, want)
			}
			wantSq := leBytes(new(big.Int).Mul(leInt(a), leInt(a)), 2*n)
			kernel.Square(got, a)
			if !bytes.Equal(got, wantSq) {
				t.Fatalf("n=%d: Square(%x) =\n%x, math/big gives\n%x", n, a, got, wantSq)
			}
		}
	}
}

// p192 is 2^192 − 2^64 − 1, built with math/big.
func p192() *big.Int {
	p := new(big.Int).Lsh(big.NewInt(1), 192)
	p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 64))
	return p.Sub(p, big.NewInt(1))
}

// TestP192MulAgainstBig checks P192Mul against math/big: random operands below p, the edges p−1, 0, 1,
// and operands at or above p (which reduce correctly too).
func TestP192MulAgainstBig(t *testing.T) {
	p := p192()
	pm1 := kernel.P192Minus1()
	if leInt(pm1).Cmp(new(big.Int).Sub(p, big.NewInt(1))) != 0 {
		t.Fatalf("P192Minus1 = %x, want p-1", pm1)
	}
	r := rand.New(rand.NewPCG(7, 8))
	one, zero, ones := make([]byte, 24), make([]byte, 24), bytes.Repeat([]byte{0xff}, 24)
	one[0] = 1
	pairs := [][2][]byte{{pm1, pm1}, {pm1, one}, {zero, pm1}, {one, one}, {ones, ones}, {leBytes(p, 24), pm1}}
	// Values around p (p−3 .. p+2; p+1 = 2^192 − 2^64), where the reduction's carries meet.
	for _, d := range []int64{-3, -2, -1, 1, 2} {
		x := new(big.Int).Add(p, big.NewInt(d))
		pairs = append(pairs, [2][]byte{leBytes(x, 24), pm1}, [2][]byte{leBytes(x, 24), leBytes(x, 24)})
	}
	for range 500 {
		pairs = append(pairs, [2][]byte{randBytes(r, 24), randBytes(r, 24)})
	}
	for _, pr := range pairs {
		a, b := pr[0], pr[1]
		want := new(big.Int).Mul(leInt(a), leInt(b))
		want.Mod(want, p)
		got := make([]byte, 24)
		kernel.P192Mul(got, a, b)
		if !bytes.Equal(got, leBytes(want, 24)) {
			t.Fatalf("P192Mul(%x, %x) = %x, math/big gives %x", a, b, got, leBytes(want, 24))
		}
		// In place, as the reference allows.
		c := slices.Clone(a)
		kernel.P192Mul(c, c, b)
		if !bytes.Equal(c, got) {
			t.Fatalf("P192Mul in place = %x, want %x", c, got)
		}
	}
}

func TestMPPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"mul short r":   func() { kernel.Mul(make([]byte, 39), make([]byte, 20), make([]byte, 20)) },
		"mul unequal":   func() { kernel.Mul(make([]byte, 40), make([]byte, 20), make([]byte, 21)) },
		"square long r": func() { kernel.Square(make([]byte, 41), make([]byte, 20)) },
		"p192 short":    func() { kernel.P192Mul(make([]byte, 24), make([]byte, 23), make([]byte, 24)) },
	} {
		func() {
			defer func() {
				if msg, _ := recover().(string); len(msg) < 8 || msg[:8] != "kernel: " {
					t.Errorf("%s: recovered %q, want a panic message starting \"kernel: \"", name, msg)
				}
			}()
			f()
		}()
	}
}
