//go:build !avrlab_core

package kernel

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
)

// NIST P-192 (FIPS 186-4 D.1.2.1, SP 800-186 3.2.1.1): y² = x³ − 3x + b over GF(p), p = 2^192 − 2^64 − 1,
// base point G of prime order n, cofactor 1. The point arithmetic below is the reference of the
// p192-scalarmul, p192-ecdsa-sign and p192-ecdsa-verify kernels: plain affine formulas on math/big,
// written for clarity, not speed or constant time (Go's crypto/elliptic has no P-192).

// p192Curve holds the domain parameters as big integers; it is built once and never modified.
type p192Curve struct {
	p, b, n, gx, gy *big.Int
}

// curve192 holds the curve's constants. They are set from bytes (SetBytes), not parsed (SetString):
// parsing ran math/big's scanner at start-up, which in WebAssembly is compiled then.
var curve192 = newP192Curve()

func newP192Curve() *p192Curve {
	h := func(s string) *big.Int {
		b, err := hex.DecodeString(s)
		if err != nil {
			panic("kernel: internal error: bad P-192 constant " + s)
		}
		return new(big.Int).SetBytes(b)
	}
	return &p192Curve{
		p:  h("fffffffffffffffffffffffffffffffeffffffffffffffff"),
		b:  h("64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1"),
		n:  h("ffffffffffffffffffffffff99def836146bc9b1b4d22831"),
		gx: h("188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012"),
		gy: h("07192b95ffc8da78631011ed6b24cdd573f977a11e794811"),
	}
}

// P192Order returns n, the order of the P-192 base point (a new integer on each call).
func P192Order() *big.Int { return new(big.Int).Set(curve192.n) }

// P192Prime returns the field prime p = 2^192 − 2^64 − 1 (a new integer on each call).
func P192Prime() *big.Int { return new(big.Int).Set(curve192.p) }

// P192Base returns the base point G's affine coordinates (new integers on each call).
func P192Base() (x, y *big.Int) { return new(big.Int).Set(curve192.gx), new(big.Int).Set(curve192.gy) }

// P192OnCurve reports whether (x, y) is an affine point of P-192: both coordinates in [0, p) and
// y² = x³ − 3x + b mod p. The point at infinity has no affine form and is not on the curve here.
func P192OnCurve(x, y *big.Int) bool {
	c := curve192
	if x == nil || y == nil || x.Sign() < 0 || y.Sign() < 0 || x.Cmp(c.p) >= 0 || y.Cmp(c.p) >= 0 {
		return false
	}
	lhs := new(big.Int).Mul(y, y)
	lhs.Mod(lhs, c.p)
	rhs := new(big.Int).Mul(x, x)
	rhs.Sub(rhs, big.NewInt(3))
	rhs.Mul(rhs, x)
	rhs.Add(rhs, c.b)
	rhs.Mod(rhs, c.p)
	return lhs.Cmp(rhs) == 0
}

// affine is a P-192 point; inf marks the point at infinity.
type affine struct {
	x, y *big.Int
	inf  bool
}

// add returns a + b with the affine chord-and-tangent formulas (a = −3).
func (c *p192Curve) add(a, b affine) affine {
	switch {
	case a.inf:
		return b
	case b.inf:
		return a
	}
	p := c.p
	var lambda *big.Int
	if a.x.Cmp(b.x) == 0 {
		sum := new(big.Int).Add(a.y, b.y)
		if sum.Mod(sum, p).Sign() == 0 {
			return affine{inf: true} // b = −a (this includes doubling a point with y = 0)
		}
		// Doubling: λ = (3x² − 3) / 2y.
		num := new(big.Int).Mul(a.x, a.x)
		num.Sub(num, big.NewInt(1))
		num.Mul(num, big.NewInt(3))
		den := new(big.Int).Lsh(a.y, 1)
		lambda = num.Mul(num, den.ModInverse(den.Mod(den, p), p))
	} else {
		num := new(big.Int).Sub(b.y, a.y)
		den := new(big.Int).Sub(b.x, a.x)
		den.Mod(den, p)
		lambda = num.Mul(num, den.ModInverse(den, p))
	}
	lambda.Mod(lambda, p)
	x := new(big.Int).Mul(lambda, lambda)
	x.Sub(x, a.x).Sub(x, b.x).Mod(x, p)
	y := new(big.Int).Sub(a.x, x)
	y.Mul(y, lambda).Sub(y, a.y).Mod(y, p)
	return affine{x: x, y: y}
}

// mul returns k·a by left-to-right double-and-add (k ≥ 0).
func (c *p192Curve) mul(k *big.Int, a affine) affine {
	r := affine{inf: true}
	for i := k.BitLen() - 1; i >= 0; i-- {
		r = c.add(r, r)
		if k.Bit(i) == 1 {
			r = c.add(r, a)
		}
	}
	return r
}

// P192ScalarMult returns k·(x, y) for an affine point (x, y) of P-192 and k ≥ 0. ok is false when
// the point is not on the curve or the result is the point at infinity (k ≡ 0 mod n); rx and ry are
// then nil.
func P192ScalarMult(k, x, y *big.Int) (rx, ry *big.Int, ok bool) {
	if k == nil || k.Sign() < 0 || !P192OnCurve(x, y) {
		return nil, nil, false
	}
	r := curve192.mul(k, affine{x: x, y: y})
	if r.inf {
		return nil, nil, false
	}
	return r.x, r.y, true
}

// P192HashInt returns e = bits2int(H(msg)) for ECDSA over P-192 (RFC 6979 section 2.3.2, FIPS 186-4
// 6.4): the digest's leftmost 192 bits as an integer, hash "SHA-1" or "SHA-256". A SHA-1 digest is
// 160 bits and is used whole; a SHA-256 digest keeps its first 24 bytes. e is not reduced mod n.
func P192HashInt(hash string, msg []byte) (*big.Int, error) {
	var d []byte
	switch hash {
	case "SHA-1":
		s := sha1.Sum(msg)
		d = s[:]
	case "SHA-256":
		s := sha256.Sum256(msg)
		d = s[:24]
	default:
		return nil, fmt.Errorf("kernel: P192HashInt: hash %q, want SHA-1 or SHA-256", hash)
	}
	return new(big.Int).SetBytes(d), nil
}

// ErrECDSA is returned by [P192Sign] for a private key or nonce outside [1, n−1], or a nonce that
// gives r = 0 or s = 0 (a signer then picks another nonce).
var ErrECDSA = errors.New("kernel: P-192 ECDSA: invalid key or nonce")

// P192Sign returns the ECDSA signature (r, s) of the hash integer e under the private key d with the
// nonce k given (FIPS 186-4 6.4; RFC 6979 derives k deterministically, and its appendix A.2.3 prints
// the k of each signature): R = k·G, r = R.x mod n, s = k⁻¹(e + r·d) mod n. d and k must be in
// [1, n−1]; e is any non-negative integer below 2^192 (it is used mod n).
func P192Sign(d, k, e *big.Int) (r, s *big.Int, err error) {
	c := curve192
	if !inRange(d, c.n) || !inRange(k, c.n) || e == nil || e.Sign() < 0 || e.BitLen() > 192 {
		return nil, nil, ErrECDSA
	}
	pt := c.mul(k, affine{x: c.gx, y: c.gy})
	r = new(big.Int).Mod(pt.x, c.n)
	if r.Sign() == 0 {
		return nil, nil, ErrECDSA
	}
	s = new(big.Int).Mul(r, d)
	s.Add(s, e)
	s.Mul(s, new(big.Int).ModInverse(k, c.n))
	s.Mod(s, c.n)
	if s.Sign() == 0 {
		return nil, nil, ErrECDSA
	}
	return r, s, nil
}

// P192Verify reports whether (r, s) is a valid ECDSA signature of the hash integer e under the public
// key (qx, qy) (FIPS 186-4 6.4.2): r and s in [1, n−1], Q on the curve, and with w = s⁻¹ mod n,
// u1 = e·w, u2 = r·w, the x of u1·G + u2·Q (not the point at infinity) is r mod n.
func P192Verify(qx, qy, e, r, s *big.Int) bool {
	c := curve192
	if !inRange(r, c.n) || !inRange(s, c.n) || e == nil || e.Sign() < 0 || !P192OnCurve(qx, qy) {
		return false
	}
	w := new(big.Int).ModInverse(s, c.n)
	u1 := new(big.Int).Mul(e, w)
	u1.Mod(u1, c.n)
	u2 := new(big.Int).Mul(r, w)
	u2.Mod(u2, c.n)
	pt := c.add(c.mul(u1, affine{x: c.gx, y: c.gy}), c.mul(u2, affine{x: qx, y: qy}))
	if pt.inf {
		return false
	}
	return new(big.Int).Mod(pt.x, c.n).Cmp(r) == 0
}

// inRange reports whether 1 ≤ v < n.
func inRange(v, n *big.Int) bool { return v != nil && v.Sign() > 0 && v.Cmp(n) < 0 }

// P192 kernels' buffers: every integer is 24 bytes little-endian (byte 0 least significant), the
// order the AVR field arithmetic keeps; a point is x then y (48 bytes); a signature r then s.

// le24 returns v as 24 little-endian bytes (v must be below 2^192).
func le24(v *big.Int) []byte {
	b := make([]byte, 24)
	be := v.FillBytes(make([]byte, 24))
	for i := range b {
		b[i] = be[23-i]
	}
	return b
}

// leInt returns the little-endian bytes b as an integer.
func leInt(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i := range b {
		be[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(be)
}

// P192Bytes returns v (0 ≤ v < 2^192) as the 24 little-endian bytes the P-192 kernels take.
func P192Bytes(v *big.Int) []byte {
	if v == nil || v.Sign() < 0 || v.BitLen() > 192 {
		panic(fmt.Sprintf("kernel: P192Bytes: %v is not a 192-bit unsigned integer", v))
	}
	return le24(v)
}

// randScalar returns a uniform integer in [1, n−1].
func randScalar(r *rand.Rand) *big.Int {
	b := make([]byte, 24)
	for {
		fill(r, b)
		v := leInt(b)
		if inRange(v, curve192.n) {
			return v
		}
	}
}

// randPoint returns k·G for a random k: a uniformly random point other than the point at infinity.
func randPoint(r *rand.Rand) affine {
	return curve192.mul(randScalar(r), affine{x: curve192.gx, y: curve192.gy})
}

// pointBytes returns the 48-byte x || y of a finite point.
func pointBytes(a affine) []byte { return append(le24(a.x), le24(a.y)...) }

// pointOf parses a 48-byte x || y; ok is false unless it is on the curve.
func pointOf(b []byte) (affine, bool) {
	x, y := leInt(b[:24]), leInt(b[24:])
	return affine{x: x, y: y}, P192OnCurve(x, y)
}

// The official vectors the P-192 kernels run first, little-endian as the kernels take them. They are
// the facts of ../shared/data/vectors-systems.json (a test checks each against that file):
//   - NIST CAVP ECC CDH Primitive (CAVS 14.1, KAS_ECC_CDH_PrimitiveTest.txt), [P-192] COUNT 0..2:
//     dIUT·QCAVS, whose x is ZIUT (the y is this reference's, CAVP prints x only);
//   - RFC 6979 appendix A.2.3: the key pair U = x·G and the four signatures (SHA-1 and SHA-256 over
//     "sample" and "test") with the k the RFC prints.
var (
	// cdh192 is {dIUT, QCAVSx, QCAVSy, ZIUT} of COUNT 0, 1, 2 (big-endian hex as printed).
	cdh192 = [][4]string{
		{"f17d3fea367b74d340851ca4270dcb24c271f445bed9d527", "42ea6dd9969dd2a61fea1aac7f8e98edcc896c6e55857cc0",
			"dfbe5d7c61fac88b11811bde328e8a0d12bf01a9d204b523", "803d8ab2e5b6e6fca715737c3a82f7ce3c783124f6d51cd0"},
		{"56e853349d96fe4c442448dacb7cf92bb7a95dcf574a9bd5", "deb5712fa027ac8d2f22c455ccb73a91e17b6512b5e030e7",
			"7e2690a02cc9b28708431a29fb54b87b1f0c14e011ac2125", "c208847568b98835d7312cef1f97f7aa298283152313c29d"},
		{"c6ef61fe12e80bf56f2d3f7d0bb757394519906d55500949", "4edaa8efc5a0f40f843663ec5815e7762dddc008e663c20f",
			"0a9f8dc67a3e60ef6d64b522185d03df1fc0adfd42478279", "87229107047a3b611920d6e3b2c0c89bea4f49412260b8dd"},
	}
	// rfc6979Key is the private key x of RFC 6979 A.2.3.
	rfc6979Key = "6fab034934e4c0fc9ae67f5b5659a9d7d1fefd187ee09fd4"
	// rfc6979Sigs is {hash, message, k, r, s} of RFC 6979 A.2.3's four P-192 signatures.
	rfc6979Sigs = [][5]string{
		{"SHA-1", "sample", "37d7ca00d2c7b0e5e412ac03bd44ba837fdd5b28cd3b0021",
			"98c6bd12b23eaf5e2a2045132086be3eb8ebd62abf6698ff", "57a22b07dea9530f8de9471b1dc6624472e8e2844bc25b64"},
		{"SHA-256", "sample", "32b1b6d7d42a05cb449065727a84804fb1a3e34d8f261496",
			"4b0b8ce98a92866a2820e20aa6b75b56382e0f9bfd5ecb55", "ccdb006926ea9565cbadc840829d8c384e06de1f1e381b85"},
		{"SHA-1", "test", "d9cf9c3d3297d3260773a1da7418db5537ab8dd93de7fa25",
			"0f2141a0ebbc44d2e1af90a50ebcfce5e197b3b7d4de036d", "eb18bc9e1f3d7387500cb99cf5f7c157070a8961e38700b7"},
		{"SHA-256", "test", "5c4ce89cf56d9e7c77c8585339b006b97b5f0680b4306c6c",
			"3a718bd8b4926c3b52ee6bbe67ef79b18cb6eb62b1ad97ae", "5662e6848a4a19b1f1ae2f72acd4b8bbe50f1eac65d9124f"},
	}
)

// hexInt parses a constant of this file.
func hexInt(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("kernel: internal error: bad hex constant " + s)
	}
	return v
}

func p192ScalarMulReference(k *Kernel) {
	k.gen = func(r *rand.Rand, args [][]byte) {
		copy(args[1], le24(randScalar(r)))
		copy(args[2], pointBytes(randPoint(r)))
	}
	k.edges = func() [][][]byte {
		var out [][][]byte
		for _, v := range cdh192 {
			out = append(out, [][]byte{make([]byte, 48), le24(hexInt(v[0])), append(le24(hexInt(v[1])), le24(hexInt(v[2]))...)})
		}
		g := affine{x: curve192.gx, y: curve192.gy}
		out = append(out, [][]byte{make([]byte, 48), le24(hexInt(rfc6979Key)), pointBytes(g)})
		return out
	}
	k.check = func(args [][]byte) error {
		if !inRange(leInt(args[1]), curve192.n) {
			return errors.New("k is not in [1, n−1]")
		}
		if _, ok := pointOf(args[2]); !ok {
			return errors.New("p is not a point of P-192")
		}
		return nil
	}
	k.run = func(args [][]byte) {
		pt, _ := pointOf(args[2])
		copy(args[0], pointBytes(curve192.mul(leInt(args[1]), pt)))
	}
}

func p192SignReference(k *Kernel) {
	k.gen = func(r *rand.Rand, args [][]byte) {
		for {
			d, k := randScalar(r), randScalar(r)
			e := make([]byte, 24)
			fill(r, e)
			if _, _, err := P192Sign(d, k, leInt(e)); err == nil {
				copy(args[1], le24(d))
				copy(args[2], le24(k))
				copy(args[3], e)
				return
			}
		}
	}
	k.edges = func() [][][]byte {
		var out [][][]byte
		for _, v := range rfc6979Sigs {
			e, _ := P192HashInt(v[0], []byte(v[1]))
			out = append(out, [][]byte{make([]byte, 48), le24(hexInt(rfc6979Key)), le24(hexInt(v[2])), le24(e)})
		}
		return out
	}
	k.check = func(args [][]byte) error {
		if _, _, err := P192Sign(leInt(args[1]), leInt(args[2]), leInt(args[3])); err != nil {
			return errors.New("d or k is not in [1, n−1], or the nonce gives r = 0 or s = 0")
		}
		return nil
	}
	k.run = func(args [][]byte) {
		r, s, _ := P192Sign(leInt(args[1]), leInt(args[2]), leInt(args[3]))
		copy(args[0], append(le24(r), le24(s)...))
	}
}

func p192VerifyReference(k *Kernel) {
	k.gen = func(r *rand.Rand, args [][]byte) {
		g := affine{x: curve192.gx, y: curve192.gy}
		for {
			d, k := randScalar(r), randScalar(r)
			e := make([]byte, 24)
			fill(r, e)
			rr, s, err := P192Sign(d, k, leInt(e))
			if err != nil {
				continue
			}
			sig := append(le24(rr), le24(s)...)
			if r.IntN(2) == 0 { // tamper with one bit of e or of the signature
				if i := r.IntN(24 + 48); i < 24 {
					e[i] ^= 1 << r.IntN(8)
				} else {
					sig[i-24] ^= 1 << r.IntN(8)
				}
			}
			copy(args[1], pointBytes(curve192.mul(d, g)))
			copy(args[2], e)
			copy(args[3], sig)
			return
		}
	}
	k.edges = func() [][][]byte {
		g := affine{x: curve192.gx, y: curve192.gy}
		q := pointBytes(curve192.mul(hexInt(rfc6979Key), g))
		var out [][][]byte
		for _, bump := range []int64{0, 1} {
			for _, v := range rfc6979Sigs {
				e, _ := P192HashInt(v[0], []byte(v[1]))
				s := new(big.Int).Add(hexInt(v[4]), big.NewInt(bump))
				out = append(out, [][]byte{make([]byte, 1), bytesClone(q), le24(e), append(le24(hexInt(v[3])), le24(s)...)})
			}
		}
		return out
	}
	k.check = func(args [][]byte) error {
		if _, ok := pointOf(args[1]); !ok {
			return errors.New("q is not a point of P-192")
		}
		return nil
	}
	k.run = func(args [][]byte) {
		q, _ := pointOf(args[1])
		args[0][0] = 0
		if P192Verify(q.x, q.y, leInt(args[2]), leInt(args[3][:24]), leInt(args[3][24:])) {
			args[0][0] = 1
		}
	}
}

// bytesClone returns a copy of b.
func bytesClone(b []byte) []byte { return append([]byte(nil), b...) }
