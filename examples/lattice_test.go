package examples_test

import (
	"testing"

	"github.com/avrlab/avrlab/lab/kernel"
)

const q = kernel.NTTQ

// TestBarrettBound checks the reduction of the Ring-LWE examples (rlwe256-enc-xmega.S,
// rlwe256-dec-xmega.S, rlwe256-keygen-xmega.S) for every x < 2^26, as their RLWE*_PMAC computes it:
// y = x >> 11, qhat = (y * 0x4441) >> 16, r = x − qhat·q must lie in [0, 2q), so that one masked
// subtraction of q leaves it below q. Their products (u·v + w with u, w < q, v ≤ q) stay below 2^26.
func TestBarrettBound(t *testing.T) {
	const mu = 0x4441
	if mu != (1<<27)/q {
		t.Fatalf("mu = %#x, want floor(2^27 / q) = %#x", mu, (1<<27)/q)
	}
	if (q-1)*q+q-1 >= 1<<26 {
		t.Fatalf("the keygen product a·(q − r2t) + p can reach %d, not below 2^26", (q-1)*q+q-1)
	}
	for x := uint64(0); x < 1<<26; x++ {
		qhat := ((x >> 11) * mu) >> 16
		if r := x - qhat*q; qhat*q > x || r >= 2*q {
			t.Fatalf("x = %d: qhat = %d leaves %d, not in [0, 2q)", x, qhat, int64(x)-int64(qhat*q))
		}
	}
}

// shoup returns w = S·v − qhat·q with qhat computed as the NTT examples' MULMOD (ntt256-xmega.S)
// and IMULMOD (intt256-xmega.S) do, from three of the four byte products of S'·v, S' = floor(S·2^16/q):
// the low byte product T0·v0 left out, the other two cross products' carries kept.
func shoup(s, v uint32) int64 {
	t := s << 16 / q
	t0, t1, v0, v1 := t&0xff, t>>8, v&0xff, v>>8
	qhat := (t1*v1<<16 + (t0*v1+t1*v0)<<8) >> 16
	return int64(s)*int64(v) - int64(qhat)*q
}

// TestShoupBound checks, for every twiddle factor of both NTT examples and the inverse NTT's two
// last-stage constants (1/n = 7651 and psiinv[1]/n = 6044, with the companions 65280 and 51568 its
// source loads), that the lazy product lies in [0, 3q) for every v < 2^16, the bound both
// transforms' reductions rely on.
func TestShoupBound(t *testing.T) {
	inv1 := uint32(kernel.InverseTwiddleTable()[1])
	last := []uint32{kernel.NTTNInv, kernel.NTTNInv * inv1 % q}
	if last[1] != 6044 || last[0]<<16/q != 65280 || last[1]<<16/q != 51568 {
		t.Fatalf("last-stage constants %d, %d with companions %d, %d; intt256-xmega.S loads 7651, 6044, 65280, 51568",
			last[0], last[1], last[0]<<16/q, last[1]<<16/q)
	}
	var ss []uint32
	for k := 1; k < kernel.NTTN; k++ {
		ss = append(ss, uint32(kernel.TwiddleTable()[k]), uint32(kernel.InverseTwiddleTable()[k]))
	}
	for _, s := range append(ss, last...) {
		for v := uint32(0); v < 1<<16; v++ {
			if w := shoup(s, v); w < 0 || w >= 3*q {
				t.Fatalf("S = %d, v = %d: w = %d, not in [0, 3q)", s, v, w)
			}
		}
	}
}

// TestFoldBound checks the fold both transforms apply to a sum x < 7q (the inverse NTT's sums are
// below 6q): x − floor(x/8192)·q lies in [0, 2q).
func TestFoldBound(t *testing.T) {
	for x := 0; x < 7*q; x++ {
		if r := x - x>>13*q; r < 0 || r >= 2*q {
			t.Fatalf("x = %d folds to %d", x, r)
		}
	}
}
