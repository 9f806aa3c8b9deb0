//go:build !avrlab_core

package kernel

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
)

// rlweTail bounds the sampler's support: |x| ≤ 48 (more than 10σ).
const rlweTail = 48

// rlweCDF[k] is P(|X| ≤ k) for the discrete Gaussian X of RLWESigma, k = 0..rlweTail (the tail
// beyond is below 2^-80 and left out).
var rlweCDF = func() (c [rlweTail + 1]float64) {
	var w [rlweTail + 1]float64
	total := 0.0
	for k := range w {
		w[k] = math.Exp(-float64(k*k) / (2 * RLWESigma * RLWESigma))
		if k > 0 {
			w[k] *= 2 // ±k
		}
		total += w[k]
	}
	acc := 0.0
	for k := range w {
		acc += w[k] / total
		c[k] = acc
	}
	c[rlweTail] = 1
	return c
}()

// RLWEGaussian returns 256 samples of the discrete Gaussian of σ = [RLWESigma] drawn from r, each as
// its residue mod q (−x as q − x), a polynomial in natural order as the tasks' calls receive their
// error polynomials. It is the tasks' input generator, not a constant-time sampler.
func RLWEGaussian(r *rand.Rand) []uint16 {
	e := make([]uint16, NTTN)
	for i := range e {
		u := r.Float64()
		k := 0
		for k < rlweTail && u >= rlweCDF[k] {
			k++
		}
		if k != 0 && r.IntN(2) == 0 {
			e[i] = uint16(NTTQ - k)
		} else {
			e[i] = uint16(k)
		}
	}
	return e
}

// pointMulAdd returns (x∘y + z) mod q coefficient-wise; z may be nil (no addend).
func pointMulAdd(x, y, z []uint16) []uint16 {
	out := make([]uint16, NTTN)
	for i := range out {
		v := uint32(x[i]%NTTQ) * uint32(y[i]%NTTQ)
		if z != nil {
			v += uint32(z[i] % NTTQ)
		}
		out[i] = uint16(v % NTTQ)
	}
	return out
}

func checkRLWE(name string, polys ...[]uint16) {
	for _, p := range polys {
		checkNTTLen(name, p)
	}
}

// RLWEKeyGen returns the public p̃ = NTT(r1) − ã∘NTT(r2) and the secret r̃2 = NTT(r2) for the uniform
// ã (NTT domain) and the error polynomials r1, r2 (natural order, residues mod q). Coefficients are
// taken modulo q; the results are below q. It panics unless every slice has 256 coefficients.
func RLWEKeyGen(a, r1, r2 []uint16) (p, r2t []uint16) {
	checkRLWE("RLWEKeyGen", a, r1, r2)
	t1 := append([]uint16(nil), r1...)
	NTT(t1)
	r2t = append([]uint16(nil), r2...)
	NTT(r2t)
	ar := pointMulAdd(a, r2t, nil)
	p = make([]uint16, NTTN)
	for i := range p {
		p[i] = uint16((uint32(t1[i]) + NTTQ - uint32(ar[i])) % NTTQ)
	}
	return p, r2t
}

// RLWEEncrypt returns c̃1 = ã∘NTT(e1) + NTT(e2) and c̃2 = p̃∘NTT(e1) + NTT(e3 + encode(m)) for the
// public key (ã, p̃) (NTT domain), the 32-byte message m (bit i = bit i%8 of m[i/8]) and the error
// polynomials e1, e2, e3 (natural order, residues mod q). Coefficients are taken modulo q; the results
// are below q. It panics unless the polynomials have 256 coefficients and m 32 bytes.
func RLWEEncrypt(a, p []uint16, m []byte, e1, e2, e3 []uint16) (c1, c2 []uint16) {
	checkRLWE("RLWEEncrypt", a, p, e1, e2, e3)
	if len(m) != RLWEMsgBytes {
		panic(fmt.Sprintf("kernel: RLWEEncrypt: message of %d bytes, want %d", len(m), RLWEMsgBytes))
	}
	t1 := append([]uint16(nil), e1...)
	NTT(t1)
	t2 := append([]uint16(nil), e2...)
	NTT(t2)
	t3 := make([]uint16, NTTN)
	for i := range t3 {
		t3[i] = uint16((uint32(e3[i]%NTTQ) + RLWEQBy2*uint32(m[i/8]>>(i%8)&1)) % NTTQ)
	}
	NTT(t3)
	return pointMulAdd(a, t1, t2), pointMulAdd(p, t1, t3)
}

// RLWEDecrypt returns the 32-byte message decode(InverseNTT(c̃1∘r̃2 + c̃2)) for the ciphertext (c̃1,
// c̃2) and the secret r̃2, all in the NTT domain. Coefficients are taken modulo q. It panics unless
// every slice has 256 coefficients.
func RLWEDecrypt(c1, c2, r2t []uint16) []byte {
	checkRLWE("RLWEDecrypt", c1, c2, r2t)
	w := pointMulAdd(c1, r2t, c2)
	InverseNTT(w)
	m := make([]byte, RLWEMsgBytes)
	for i, c := range w {
		if c > RLWEQBy4 && c < RLWE3QBy4 {
			m[i/8] |= 1 << (i % 8)
		}
	}
	return m
}

// putPoly writes the coefficients as 16-bit little-endian words into b.
func putPoly(b []byte, p []uint16) { copy(b, Words16(p)) }

// uniformPoly returns 256 uniform coefficients below q.
func uniformPoly(r *rand.Rand) []uint16 {
	a := make([]uint16, NTTN)
	for i := range a {
		a[i] = uint16(r.IntN(NTTQ))
	}
	return a
}

// checkPolys reports the first coefficient not below q among the arguments with the given indexes.
func checkPolys(k *Kernel, args [][]byte, idx ...int) error {
	for _, i := range idx {
		for j := 0; j < len(args[i]); j += 2 {
			if c := binary.LittleEndian.Uint16(args[i][j:]); c >= NTTQ {
				return fmt.Errorf("%s: coefficient %d is %d, not below q = %d", k.Args[i].Name, j/2, c, NTTQ)
			}
		}
	}
	return nil
}

// constPoly returns 256 copies of v.
func constPoly(v uint16) []uint16 {
	p := make([]uint16, NTTN)
	for i := range p {
		p[i] = v
	}
	return p
}

func rlweEncReference(k *Kernel) {
	k.gen = func(r *rand.Rand, args [][]byte) {
		a := uniformPoly(r)
		p, _ := RLWEKeyGen(a, RLWEGaussian(r), RLWEGaussian(r))
		putPoly(args[2], a)
		putPoly(args[3], p)
		fill(r, args[4])
		for i := 5; i < 8; i++ {
			putPoly(args[i], RLWEGaussian(r))
		}
	}
	k.edges = func() [][][]byte {
		var out [][][]byte
		for _, v := range []struct {
			key, msg byte
			err      uint16
		}{{0, 0, 0}, {0xff, 0xff, NTTQ - 1}, {0x01, 0xaa, 1}} {
			args := k.NewArgs()
			key := uint16(v.key) * (NTTQ - 1) / 0xff
			putPoly(args[2], constPoly(key))
			putPoly(args[3], constPoly(key))
			copy(args[4], repeat(v.msg, RLWEMsgBytes))
			for i := 5; i < 8; i++ {
				putPoly(args[i], constPoly(v.err))
			}
			out = append(out, args)
		}
		return out
	}
	k.check = func(args [][]byte) error { return checkPolys(k, args, 2, 3, 5, 6, 7) }
	k.run = func(args [][]byte) {
		c1, c2 := RLWEEncrypt(FromWords16(args[2]), FromWords16(args[3]), args[4],
			FromWords16(args[5]), FromWords16(args[6]), FromWords16(args[7]))
		putPoly(args[0], c1)
		putPoly(args[1], c2)
	}
}

func rlweDecReference(k *Kernel) {
	k.gen = func(r *rand.Rand, args [][]byte) {
		a := uniformPoly(r)
		p, r2t := RLWEKeyGen(a, RLWEGaussian(r), RLWEGaussian(r))
		m := make([]byte, RLWEMsgBytes)
		fill(r, m)
		c1, c2 := RLWEEncrypt(a, p, m, RLWEGaussian(r), RLWEGaussian(r), RLWEGaussian(r))
		putPoly(args[1], c1)
		putPoly(args[2], c2)
		putPoly(args[3], r2t)
	}
	k.edges = func() [][][]byte {
		var out [][][]byte
		for _, v := range []uint16{0, NTTQ - 1, 1} {
			args := k.NewArgs()
			for i := 1; i < 4; i++ {
				putPoly(args[i], constPoly(v))
			}
			out = append(out, args)
		}
		// c̃2 = NTT(encode(all ones)) with c̃1 = 0: every coefficient decodes to 1.
		args := k.NewArgs()
		ones := constPoly(RLWEQBy2)
		NTT(ones)
		putPoly(args[2], ones)
		return append(out, args)
	}
	k.check = func(args [][]byte) error { return checkPolys(k, args, 1, 2, 3) }
	k.run = func(args [][]byte) {
		copy(args[0], RLWEDecrypt(FromWords16(args[1]), FromWords16(args[2]), FromWords16(args[3])))
	}
}

func rlweKeyGenReference(k *Kernel) {
	k.gen = func(r *rand.Rand, args [][]byte) {
		putPoly(args[2], uniformPoly(r))
		putPoly(args[3], RLWEGaussian(r))
		putPoly(args[4], RLWEGaussian(r))
	}
	k.edges = func() [][][]byte {
		var out [][][]byte
		for _, v := range [][3]uint16{{0, 0, 0}, {NTTQ - 1, NTTQ - 1, NTTQ - 1}, {1, 0, NTTQ - 1}} {
			args := k.NewArgs()
			for i := range 3 {
				putPoly(args[2+i], constPoly(v[i]))
			}
			out = append(out, args)
		}
		return out
	}
	k.check = func(args [][]byte) error { return checkPolys(k, args, 2, 3, 4) }
	k.run = func(args [][]byte) {
		p, r2t := RLWEKeyGen(FromWords16(args[2]), FromWords16(args[3]), FromWords16(args[4]))
		putPoly(args[0], p)
		putPoly(args[1], r2t)
	}
}
