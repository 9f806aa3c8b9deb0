package kernel

import (
	"encoding/binary"
	"encoding/hex"
	"math/bits"

	"github.com/avrlab/avrlab/internal/sha"
)

// The P-192 reference's arithmetic on fixed 192-bit integers, without math/big: the kernels run on it
// (so the page's engine links no math/big), and the exported big.Int functions convert to it. Both
// moduli, p and n, are odd and above 2^191, so any 192-bit value is below 2m. TestP192FieldAsBig
// holds every operation to math/big.

// w192 is a 192-bit unsigned integer as three little-endian 64-bit words.
type w192 [3]uint64

var (
	// p192N is n, the order of the base point (FIPS 186-4 D.1.2.1).
	p192N = w192{0x146bc9b1b4d22831, 0xffffffff99def836, 0xffffffffffffffff}
	// p192B is the curve's b.
	p192B = w192{0xfeb8deecc146b9b1, 0x0fa7e9ab72243049, 0x64210519e59c80e7}
	// p192G is the base point G.
	p192G = point{x: w192{0xf4ff0afd82ff1012, 0x7cbf20eb43a18800, 0x188da80eb03090f6},
		y: w192{0x73f977a11e794811, 0x631011ed6b24cdd5, 0x07192b95ffc8da78}}
)

// leW reads 24 little-endian bytes.
func leW(b []byte) w192 {
	return w192{binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:]), binary.LittleEndian.Uint64(b[16:])}
}

// le returns w as 24 little-endian bytes.
func (w w192) le() []byte {
	b := make([]byte, 24)
	for i, v := range w {
		binary.LittleEndian.PutUint64(b[8*i:], v)
	}
	return b
}

// beW reads up to 24 big-endian bytes as an integer.
func beW(b []byte) w192 {
	var le [24]byte
	for i := range b {
		le[i] = b[len(b)-1-i]
	}
	return leW(le[:])
}

// hexW parses a big-endian hex constant of this package (at most 48 digits).
func hexW(s string) w192 {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) > 24 {
		panic("kernel: internal error: bad hex constant " + s)
	}
	return beW(b)
}

func (w w192) isZero() bool { return w[0]|w[1]|w[2] == 0 }

// cmp returns −1, 0 or 1 as a is below, equal to or above b.
func (a w192) cmp(b w192) int {
	for i := 2; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// inRangeW reports whether 1 ≤ v < m.
func inRangeW(v, m w192) bool { return !v.isZero() && v.cmp(m) < 0 }

// add returns a + b and the carry out.
func (a w192) add(b w192) (s w192, carry uint64) {
	s[0], carry = bits.Add64(a[0], b[0], 0)
	s[1], carry = bits.Add64(a[1], b[1], carry)
	s[2], carry = bits.Add64(a[2], b[2], carry)
	return s, carry
}

// sub returns a − b and the borrow out.
func (a w192) sub(b w192) (d w192, borrow uint64) {
	d[0], borrow = bits.Sub64(a[0], b[0], 0)
	d[1], borrow = bits.Sub64(a[1], b[1], borrow)
	d[2], borrow = bits.Sub64(a[2], b[2], borrow)
	return d, borrow
}

// reduce returns a mod m for any 192-bit a.
func (a w192) reduce(m w192) w192 {
	if a.cmp(m) >= 0 {
		a, _ = a.sub(m)
	}
	return a
}

// addMod returns a + b mod m for a, b below m.
func addMod(a, b, m w192) w192 {
	s, c := a.add(b)
	if c != 0 || s.cmp(m) >= 0 {
		s, _ = s.sub(m)
	}
	return s
}

// subMod returns a − b mod m for a, b below m.
func subMod(a, b, m w192) w192 {
	d, borrow := a.sub(b)
	if borrow != 0 {
		d, _ = d.add(m)
	}
	return d
}

// mulWide returns the 384-bit product a·b as six little-endian words.
func mulWide(a, b w192) (c [6]uint64) {
	for i := range 3 {
		var carry uint64
		for j := range 3 {
			hi, lo := bits.Mul64(a[i], b[j])
			var k uint64
			lo, k = bits.Add64(lo, c[i+j], 0)
			hi += k
			lo, k = bits.Add64(lo, carry, 0)
			hi += k
			c[i+j] = lo
			carry = hi
		}
		c[i+3] = carry
	}
	return c
}

// mulModP returns a·b mod p for a, b below 2^192, with the NIST reduction of P192Mul: the product's
// words c5..c0 give (c2,c1,c0) + (0,c3,c3) + (c4,c4,0) + (c5,c5,c5).
func mulModP(a, b w192) w192 {
	c := mulWide(a, b)
	var s [4]uint64
	for _, t := range [4]w192{{c[0], c[1], c[2]}, {c[3], c[3], 0}, {0, c[4], c[4]}, {c[5], c[5], c[5]}} {
		var carry uint64
		for i := range 3 {
			s[i], carry = bits.Add64(s[i], t[i], carry)
		}
		s[3] += carry
	}
	for s[3] != 0 || geP192(s[:3]) {
		var borrow uint64
		for i := range 3 {
			s[i], borrow = bits.Sub64(s[i], p192[i], borrow)
		}
		s[3] -= borrow
	}
	return w192{s[0], s[1], s[2]}
}

// mulModN returns a·b mod n, reducing the product one bit at a time (n's arithmetic is a few
// operations per signature, not the hot path).
func mulModN(a, b w192) w192 {
	c := mulWide(a, b)
	var r w192
	for i := 383; i >= 0; i-- {
		top := r[2] >> 63
		r = w192{r[0]<<1 | c[i/64]>>(i%64)&1, r[1]<<1 | r[0]>>63, r[2]<<1 | r[1]>>63}
		if top != 0 || r.cmp(p192N) >= 0 {
			r, _ = r.sub(p192N)
		}
	}
	return r
}

// half returns a/2 mod m for a below the odd m.
func half(a, m w192) w192 {
	var carry uint64
	if a[0]&1 != 0 {
		a, carry = a.add(m)
	}
	return w192{a[0]>>1 | a[1]<<63, a[1]>>1 | a[2]<<63, a[2]>>1 | carry<<63}
}

// invMod returns a⁻¹ mod the prime m for 1 ≤ a < m (binary extended Euclid), 0 for a = 0.
func invMod(a, m w192) w192 {
	if a.isZero() {
		return w192{}
	}
	one := w192{1}
	u, v, x1, x2 := a, m, one, w192{}
	for u != one && v != one {
		for u[0]&1 == 0 {
			u = half(u, w192{}) // u is even: a plain shift
			x1 = half(x1, m)
		}
		for v[0]&1 == 0 {
			v = half(v, w192{})
			x2 = half(x2, m)
		}
		if u.cmp(v) >= 0 {
			u, _ = u.sub(v)
			x1 = subMod(x1, x2, m)
		} else {
			v, _ = v.sub(u)
			x2 = subMod(x2, x1, m)
		}
	}
	if u == one {
		return x1
	}
	return x2
}

// point is an affine P-192 point; inf marks the point at infinity.
type point struct {
	x, y w192
	inf  bool
}

// onCurve reports whether (x, y), both below p, satisfies y² = x³ − 3x + b mod p.
func onCurve(x, y w192) bool {
	p := w192(p192)
	rhs := subMod(mulModP(x, x), w192{3}, p)
	rhs = addMod(mulModP(rhs, x), p192B, p)
	return mulModP(y, y) == rhs
}

// addPoints returns a + b with the affine chord-and-tangent formulas (a = −3).
func addPoints(a, b point) point {
	switch {
	case a.inf:
		return b
	case b.inf:
		return a
	}
	p := w192(p192)
	var lambda w192
	if a.x == b.x {
		if addMod(a.y, b.y, p).isZero() {
			return point{inf: true} // b = −a (this includes doubling a point with y = 0)
		}
		// Doubling: λ = (3x² − 3) / 2y.
		num := subMod(mulModP(a.x, a.x), w192{1}, p)
		num = addMod(addMod(num, num, p), num, p)
		lambda = mulModP(num, invMod(addMod(a.y, a.y, p), p))
	} else {
		lambda = mulModP(subMod(b.y, a.y, p), invMod(subMod(b.x, a.x, p), p))
	}
	x := subMod(subMod(mulModP(lambda, lambda), a.x, p), b.x, p)
	y := subMod(mulModP(subMod(a.x, x, p), lambda), a.y, p)
	return point{x: x, y: y}
}

// scalarMul returns k·a by left-to-right double-and-add.
func scalarMul(k w192, a point) point {
	r := point{inf: true}
	for i := 191; i >= 0; i-- {
		r = addPoints(r, r)
		if k[i/64]>>(i%64)&1 == 1 {
			r = addPoints(r, a)
		}
	}
	return r
}

// sign is P192Sign on fixed integers (e below 2^192): ok false for a key or nonce outside [1, n−1]
// or r = 0 or s = 0.
func sign(d, k, e w192) (r, s w192, ok bool) {
	if !inRangeW(d, p192N) || !inRangeW(k, p192N) {
		return r, s, false
	}
	r = scalarMul(k, p192G).x.reduce(p192N)
	if r.isZero() {
		return r, s, false
	}
	s = addMod(mulModN(r, d), e.reduce(p192N), p192N)
	s = mulModN(s, invMod(k, p192N))
	if s.isZero() {
		return r, s, false
	}
	return r, s, true
}

// verify is P192Verify on fixed integers (e below 2^192), for a public key q on the curve.
func verify(q point, e, r, s w192) bool {
	if !inRangeW(r, p192N) || !inRangeW(s, p192N) || !onCurve(q.x, q.y) {
		return false
	}
	w := invMod(s, p192N)
	u1 := mulModN(e.reduce(p192N), w)
	u2 := mulModN(r, w)
	pt := addPoints(scalarMul(u1, p192G), scalarMul(u2, q))
	return !pt.inf && pt.x.reduce(p192N) == r
}

// hashW is P192HashInt's e for hash "SHA-1" or "SHA-256" (ok false for another name).
func hashW(hash string, msg []byte) (w192, bool) {
	switch hash {
	case "SHA-1":
		s := sha.Sum1(msg)
		return beW(s[:]), true
	case "SHA-256":
		s := sha.Sum256(msg)
		return beW(s[:24]), true
	}
	return w192{}, false
}
