package kernel_test

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/avrlab/avrlab/lab/kernel"
)

const q = kernel.NTTQ

func powq(b, e uint64) uint64 {
	r := uint64(1)
	for b %= q; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = r * b % q
		}
		b = b * b % q
	}
	return r
}

// TestNTTConstants checks the parameters against their definitions and the constants of the cited
// source (ruandc/Ring-LWE-Encryption x86/global.h: FWD_CONST1 5118, FWD_CONST2 1065, INVCONST1 2880,
// INVCONST3 2481, SCALING 7651).
func TestNTTConstants(t *testing.T) {
	if kernel.NTTN != 256 || q != 7681 {
		t.Fatalf("n, q = %d, %d; want 256, 7681", kernel.NTTN, q)
	}
	psi := uint64(kernel.NTTPsi)
	if powq(psi, 256) != q-1 || powq(psi, 512) != 1 {
		t.Errorf("ψ = %d: ψ^256 = %d, ψ^512 = %d; want q−1 and 1 (a primitive 512th root)", psi, powq(psi, 256), powq(psi, 512))
	}
	if kernel.NTTOmega != psi*psi%q {
		t.Errorf("ω = %d, want ψ² = %d", kernel.NTTOmega, psi*psi%q)
	}
	if powq(kernel.NTTOmega, 128) != q-1 {
		t.Errorf("ω^128 = %d, want q−1 (a primitive 256th root)", powq(kernel.NTTOmega, 128))
	}
	if uint64(kernel.NTTNInv)*256%q != 1 {
		t.Errorf("n⁻¹ = %d: n·n⁻¹ mod q = %d", kernel.NTTNInv, uint64(kernel.NTTNInv)*256%q)
	}
	if psi*2481%q != 1 || kernel.NTTOmega*2880%q != 1 {
		t.Errorf("ψ·2481, ω·2880 mod q = %d, %d; the source's inverses give 1", psi*2481%q, kernel.NTTOmega*2880%q)
	}
	fwd, inv := kernel.TwiddleTable(), kernel.InverseTwiddleTable()
	if len(fwd) != 256 || len(inv) != 256 {
		t.Fatalf("tables have %d and %d entries, want 256", len(fwd), len(inv))
	}
	for k := range 256 {
		e := uint64(bits.Reverse8(uint8(k)))
		if uint64(fwd[k]) != powq(psi, e) || uint64(fwd[k])*uint64(inv[k])%q != 1 {
			t.Fatalf("entry %d: %d, %d; want ψ^%d = %d and its inverse", k, fwd[k], inv[k], e, powq(psi, e))
		}
	}
	if fwd[1] != uint16(powq(psi, 128)) || uint64(fwd[1])*uint64(fwd[1])%q != q-1 {
		t.Errorf("TwiddleTable()[1] = %d, want ψ^128, a square root of −1", fwd[1])
	}
	b := kernel.Words16(fwd)
	if len(b) != 512 || b[2] != byte(fwd[1]) || b[3] != byte(fwd[1]>>8) || !slices.Equal(kernel.FromWords16(b), fwd) {
		t.Errorf("Words16: %d bytes, bytes 2..3 = %x, want %04x little-endian", len(b), b[2:4], fwd[1])
	}
}

func randPoly(r *rand.Rand) []uint16 {
	a := make([]uint16, 256)
	for i := range a {
		a[i] = uint16(r.IntN(q))
	}
	return a
}

// TestNTTDefinition checks NTT against its defining sum, â[k] = Σ_j a_j·ψ^((2·brv(k)+1)·j), evaluated
// directly, and that InverseNTT undoes it.
func TestNTTDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	delta := make([]uint16, 256)
	delta[1] = 1 // a(x) = x: â[k] = ψ^(2·brv(k)+1)
	polys := [][]uint16{make([]uint16, 256), delta}
	for range 6 {
		polys = append(polys, randPoly(r))
	}
	for _, a := range polys {
		got := slices.Clone(a)
		kernel.NTT(got)
		for k := range 256 {
			x := powq(kernel.NTTPsi, 2*uint64(bits.Reverse8(uint8(k)))+1)
			var sum, xj uint64 = 0, 1
			for j := range 256 {
				sum = (sum + uint64(a[j])*xj) % q
				xj = xj * x % q
			}
			if uint64(got[k]) != sum {
				t.Fatalf("NTT(a)[%d] = %d, direct evaluation gives %d", k, got[k], sum)
			}
		}
		kernel.InverseNTT(got)
		if !slices.Equal(got, a) {
			t.Fatalf("InverseNTT(NTT(a)) != a:\n%v\n%v", got, a)
		}
	}
}

// negacyclic returns a·b in Z_q[x]/(x^256 + 1), schoolbook.
func negacyclic(a, b []uint16) []uint16 {
	acc := make([]uint64, 256)
	for i := range 256 {
		for j := range 256 {
			p := uint64(a[i]) * uint64(b[j]) % q
			if k := i + j; k < 256 {
				acc[k] += p
			} else {
				acc[k-256] += q - p // x^256 = −1
			}
		}
	}
	c := make([]uint16, 256)
	for k := range c {
		c[k] = uint16(acc[k] % q)
	}
	return c
}

// TestNTTProduct checks InverseNTT(NTT(a) ∘ NTT(b)) against the schoolbook negacyclic product, and
// InverseNTT then NTT on random inputs in the transform domain.
func TestNTTProduct(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	top := make([]uint16, 256)
	for i := range top {
		top[i] = q - 1
	}
	pairs := [][2][]uint16{{top, top}}
	for range 20 {
		pairs = append(pairs, [2][]uint16{randPoly(r), randPoly(r)})
	}
	for _, p := range pairs {
		a, b := slices.Clone(p[0]), slices.Clone(p[1])
		kernel.NTT(a)
		kernel.NTT(b)
		for i := range a {
			a[i] = uint16(uint64(a[i]) * uint64(b[i]) % q)
		}
		kernel.InverseNTT(a)
		if want := negacyclic(p[0], p[1]); !slices.Equal(a, want) {
			t.Fatalf("NTT product differs from the schoolbook product mod (x^256+1, q):\n%v\n%v", a, want)
		}
		c := slices.Clone(p[0])
		kernel.InverseNTT(c)
		kernel.NTT(c)
		if !slices.Equal(c, p[0]) {
			t.Fatal("NTT(InverseNTT(â)) != â")
		}
	}
}

// TestNTTReducesInput checks that unreduced 16-bit inputs are taken modulo q.
func TestNTTReducesInput(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	a := randPoly(r)
	big := slices.Clone(a)
	for i := range big {
		big[i] += q * uint16(i%8) // still below 2^16: 7680 + 7·7681 < 65536
	}
	kernel.NTT(a)
	kernel.NTT(big)
	if !slices.Equal(a, big) {
		t.Error("NTT of a + k·q differs from NTT of a")
	}
}
