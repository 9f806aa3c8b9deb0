//go:build !avrlab_core

package kernel_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/avrlab/avrlab/lab/kernel"
)

// addq (with negacyclic of ntt_test.go, the schoolbook product mod x^256 + 1: the independent
// computation the Ring-LWE reference is checked against) returns the coefficient-wise sum mod q of the polynomials.
func addq(ps ...[]uint16) []uint16 {
	out := make([]uint16, 256)
	for _, p := range ps {
		for i, c := range p {
			out[i] = uint16((uint32(out[i]) + uint32(c)) % q)
		}
	}
	return out
}

func subq(a, b []uint16) []uint16 {
	out := make([]uint16, 256)
	for i := range out {
		out[i] = uint16((uint32(a[i]) + q - uint32(b[i])) % q)
	}
	return out
}

func encode(m []byte) []uint16 {
	out := make([]uint16, 256)
	for i := range out {
		if m[i/8]>>(i%8)&1 != 0 {
			out[i] = q / 2
		}
	}
	return out
}

func decodeCoeffs(c []uint16) []byte {
	m := make([]byte, 32)
	for i, x := range c {
		if 4*uint32(x) > q && 4*uint32(x) < 3*q {
			m[i/8] |= 1 << (i % 8)
		}
	}
	return m
}

func intt(a []uint16) []uint16 {
	b := slices.Clone(a)
	kernel.InverseNTT(b)
	return b
}

func ntt(a []uint16) []uint16 {
	b := slices.Clone(a)
	kernel.NTT(b)
	return b
}

// TestRLWESchoolbook checks key generation and encryption against the scheme computed with schoolbook
// negacyclic products in the coefficient domain (a = InverseNTT(ã)): p = r1 − a·r2, c1 = a·e1 + e2,
// c2 = p·e1 + e3 + encode(m), each transformed once at the end to compare with the NTT-domain results;
// and decryption against decode(e2·r2 + r1·e1 + e3 + encode(m)), the value c1·r2 + c2 has by algebra,
// computed without any NTT.
func TestRLWESchoolbook(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for n := range 6 {
		at := randPoly(r)
		a := intt(at)
		r1, r2 := kernel.RLWEGaussian(r), kernel.RLWEGaussian(r)
		pt, r2t := kernel.RLWEKeyGen(at, r1, r2)
		if want := subq(r1, negacyclic(a, r2)); !slices.Equal(intt(pt), want) || !slices.Equal(intt(r2t), r2) {
			t.Fatalf("key %d: RLWEKeyGen differs from r1 − a·r2 (schoolbook)", n)
		}
		m := make([]byte, 32)
		for i := range m {
			m[i] = byte(r.Uint32())
		}
		e1, e2, e3 := kernel.RLWEGaussian(r), kernel.RLWEGaussian(r), kernel.RLWEGaussian(r)
		c1t, c2t := kernel.RLWEEncrypt(at, pt, m, e1, e2, e3)
		p := subq(r1, negacyclic(a, r2))
		if want := ntt(addq(negacyclic(a, e1), e2)); !slices.Equal(c1t, want) {
			t.Fatalf("message %d: c̃1 differs from NTT(a·e1 + e2) (schoolbook)", n)
		}
		if want := ntt(addq(negacyclic(p, e1), e3, encode(m))); !slices.Equal(c2t, want) {
			t.Fatalf("message %d: c̃2 differs from NTT(p·e1 + e3 + encode(m)) (schoolbook)", n)
		}
		noisy := addq(negacyclic(e2, r2), negacyclic(r1, e1), e3, encode(m))
		if got, want := kernel.RLWEDecrypt(c1t, c2t, r2t), decodeCoeffs(noisy); !bytes.Equal(got, want) {
			t.Fatalf("message %d: RLWEDecrypt = %x, want decode(e2·r2 + r1·e1 + e3 + encode(m)) = %x", n, got, want)
		}
	}
}

// TestRLWERoundTrip decrypts encryptions of random messages under random keys: the message comes back
// except for the rare bit whose noise reaches q/4 (about 3·10^-5 a bit for these parameters); the
// test allows 1 in 10^3 and requires most messages to come back whole.
func TestRLWERoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	const trials = 200
	badBits, whole := 0, 0
	for range trials {
		at := randPoly(r)
		pt, r2t := kernel.RLWEKeyGen(at, kernel.RLWEGaussian(r), kernel.RLWEGaussian(r))
		m := make([]byte, 32)
		for i := range m {
			m[i] = byte(r.Uint32())
		}
		c1, c2 := kernel.RLWEEncrypt(at, pt, m, kernel.RLWEGaussian(r), kernel.RLWEGaussian(r), kernel.RLWEGaussian(r))
		got := kernel.RLWEDecrypt(c1, c2, r2t)
		d := 0
		for i := range m {
			for b := got[i] ^ m[i]; b != 0; b &= b - 1 {
				d++
			}
		}
		badBits += d
		if d == 0 {
			whole++
		}
	}
	t.Logf("%d of %d bits wrong, %d of %d messages whole", badBits, trials*256, whole, trials)
	if badBits*1000 > trials*256 || whole < trials*95/100 {
		t.Errorf("%d of %d bits wrong, %d of %d messages whole", badBits, trials*256, whole, trials)
	}
}

// TestRLWEGaussian checks the sampler's residues: centred (mean near 0), σ near 11.31/√(2π) = 4.51,
// symmetric, and bounded far inside q/2.
func TestRLWEGaussian(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	var sum, sq float64
	neg, pos, count := 0, 0, 0
	for range 200 {
		for _, c := range kernel.RLWEGaussian(r) {
			x := int(c)
			if x > q/2 {
				x -= q
			}
			if x < -60 || x > 60 {
				t.Fatalf("sample %d outside ±60", x)
			}
			sum += float64(x)
			sq += float64(x * x)
			count++
			if x < 0 {
				neg++
			} else if x > 0 {
				pos++
			}
		}
	}
	mean, sd := sum/float64(count), math.Sqrt(sq/float64(count))
	if math.Abs(mean) > 0.1 || math.Abs(sd-kernel.RLWESigma) > 0.1 || math.Abs(float64(neg-pos)) > 0.03*float64(count) {
		t.Errorf("mean %.3f, σ %.3f (want %.3f), %d negative and %d positive", mean, sd, kernel.RLWESigma, neg, pos)
	}
	if math.Abs(kernel.RLWESigma-4.512) > 0.001 {
		t.Errorf("RLWESigma = %f, want 11.31/√(2π) ≈ 4.512", kernel.RLWESigma)
	}
}

// TestRLWEConstants checks the encoding constants against q: ⌊q/2⌋, ⌊q/4⌋ and 3q/4 rounded down.
func TestRLWEConstants(t *testing.T) {
	if kernel.RLWEQBy2 != q/2 || kernel.RLWEQBy4 != q/4 || kernel.RLWE3QBy4 != 3*q/4 || kernel.RLWEMsgBytes != 32 {
		t.Errorf("constants %d %d %d %d", kernel.RLWEQBy2, kernel.RLWEQBy4, kernel.RLWE3QBy4, kernel.RLWEMsgBytes)
	}
}
