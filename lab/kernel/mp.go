package kernel

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"

	"github.com/avrlab/avrlab/internal/textf"
)

// Multi-precision integers here are little-endian byte strings, as the AVR literature keeps them in SRAM
// (Hutter–Wenger CHES 2011, Hutter–Schwabe ePrint 2014/592, Liu et al. ICICS 2013/2014): byte 0 is the
// least significant. An n-byte product of two n-byte operands fills a 2n-byte buffer.

// Mul sets r to the 2n-byte product a·b of the n-byte little-endian integers a and b (schoolbook over
// 32-bit limbs). It panics unless len(a) == len(b) and len(r) == 2·len(a); r must not overlap a or b.
func Mul(r, a, b []byte) {
	n := len(a)
	if len(b) != n || len(r) != 2*n {
		panic(textf.Sprintf("kernel: Mul: operands of %d and %d bytes into %d, want n, n and 2n", len(a), len(b), len(r)))
	}
	mulBytes(r, a, b)
}

// Square sets r to the 2n-byte square a² of the n-byte little-endian integer a. It panics unless
// len(r) == 2·len(a); r must not overlap a.
func Square(r, a []byte) {
	n := len(a)
	if len(r) != 2*n {
		panic(textf.Sprintf("kernel: Square: operand of %d bytes into %d, want n and 2n", len(a), len(r)))
	}
	mulBytes(r, a, a)
}

// mulBytes sets r (2·len(a) bytes) to a·b, a and b little-endian of the same length, by the
// schoolbook product of their 32-bit limbs: each step p + x·y + carry < 2^64.
func mulBytes(r, a, b []byte) {
	m := (len(a) + 3) / 4
	w := make([]uint64, 4*m) // the limbs of a, of b, and the product's
	x, y, p := w[:m], w[m:2*m], w[2*m:]
	for k := range a {
		x[k/4] |= uint64(a[k]) << (8 * (k % 4))
		y[k/4] |= uint64(b[k]) << (8 * (k % 4))
	}
	for i, xi := range x {
		var carry uint64
		for j, yj := range y {
			t := p[i+j] + xi*yj + carry
			p[i+j], carry = t&0xffffffff, t>>32
		}
		p[i+m] = carry
	}
	for k := range r {
		r[k] = byte(p[k/4] >> (8 * (k % 4)))
	}
}

// P192 field: p = 2^192 − 2^64 − 1 (NIST FIPS 186-4 D.1.2.1). Elements are 24-byte little-endian
// integers.

// p192 holds p as three little-endian 64-bit words.
var p192 = [3]uint64{^uint64(0), ^uint64(0) - 1, ^uint64(0)}

// P192Mul sets r to a·b mod p for p = 2^192 − 2^64 − 1, fully reduced (0 ≤ r < p), from 24-byte
// little-endian a and b. Operands need not be below p (any 192-bit values reduce correctly). The
// reduction is the NIST one (FIPS 186-4 D.2.1; Solinas): with the product as 64-bit words c5..c0,
// r ≡ (c2,c1,c0) + (0,c3,c3) + (c4,c4,0) + (c5,c5,c5). It panics unless all three are 24 bytes; r may
// overlap a or b.
func P192Mul(r, a, b []byte) {
	if len(r) != 24 || len(a) != 24 || len(b) != 24 {
		panic(textf.Sprintf("kernel: P192Mul: %d, %d, %d bytes, want 24 each", len(r), len(a), len(b)))
	}
	var prod [48]byte
	Mul(prod[:], a, b)
	var c [6]uint64
	for i := range c {
		c[i] = binary.LittleEndian.Uint64(prod[8*i:])
	}
	terms := [4][3]uint64{{c[0], c[1], c[2]}, {c[3], c[3], 0}, {0, c[4], c[4]}, {c[5], c[5], c[5]}}
	var s [4]uint64 // a 4-word accumulator: the sum of four 192-bit terms is below 2^194
	for _, t := range terms {
		var carry uint64
		for i := range 3 {
			s[i], carry = bits.Add64(s[i], t[i], carry)
		}
		s[3] += carry
	}
	// s < 4·2^192; subtract p while s ≥ p (at most a few times).
	for s[3] != 0 || geP192(s[:3]) {
		var borrow uint64
		for i := range 3 {
			s[i], borrow = bits.Sub64(s[i], p192[i], borrow)
		}
		s[3] -= borrow
	}
	for i := range 3 {
		binary.LittleEndian.PutUint64(r[8*i:], s[i])
	}
}

// geP192 reports whether the three-word little-endian x is at least p.
func geP192(x []uint64) bool {
	for i := 2; i >= 0; i-- {
		if x[i] != p192[i] {
			return x[i] > p192[i]
		}
	}
	return true
}

// belowP192 reports whether the 24-byte little-endian x is below p.
func belowP192(x []byte) bool {
	var w [3]uint64
	for i := range w {
		w[i] = binary.LittleEndian.Uint64(x[8*i:])
	}
	return !geP192(w[:])
}

// P192Minus1 returns p − 1 as 24 little-endian bytes, the largest valid P-192 operand.
func P192Minus1() []byte {
	b := make([]byte, 24)
	binary.LittleEndian.PutUint64(b, p192[0]-1)
	binary.LittleEndian.PutUint64(b[8:], p192[1])
	binary.LittleEndian.PutUint64(b[16:], p192[2])
	return b
}

const mpDoc = "little-endian integer, byte 0 least significant"

func mpmulKernel(n int) *Kernel {
	bitsN := 8 * n
	return &Kernel{
		ID: textf.Sprintf("mpmul-%d", bitsN), Name: textf.Sprintf("%d-bit multi-precision multiplication", bitsN),
		Entry: textf.Sprintf("mpmul%d", bitsN), Device: "atmega128",
		Args: []Arg{
			{"r", Pointer, 2 * n, Out, textf.Sprintf("the %d-byte product a·b, %s", 2*n, mpDoc)},
			{"a", Pointer, n, In, textf.Sprintf("%d-byte operand, %s; any value", n, mpDoc)},
			{"b", Pointer, n, In, textf.Sprintf("%d-byte operand, %s; any value", n, mpDoc)},
		},
		Doc: textf.Sprintf("r = a·b for %d-bit a and b (no reduction), as in ECC and RSA arithmetic; r does not overlap a or b.", bitsN),
		gen: func(r *rand.Rand, args [][]byte) {
			fill(r, args[1])
			fill(r, args[2])
		},
		edges: func() [][][]byte {
			zero, ones, one := make([]byte, n), repeat(0xff, n), make([]byte, n)
			one[0] = 1
			return [][][]byte{
				{make([]byte, 2*n), zero, ones}, {make([]byte, 2*n), ones, ones},
				{make([]byte, 2*n), ones, one}, {make([]byte, 2*n), one, ones},
			}
		},
		run: func(args [][]byte) { Mul(args[0], args[1], args[2]) },
	}
}

func mpsqrKernel(n int) *Kernel {
	bitsN := 8 * n
	return &Kernel{
		ID: textf.Sprintf("mpsqr-%d", bitsN), Name: textf.Sprintf("%d-bit multi-precision squaring", bitsN),
		Entry: textf.Sprintf("mpsqr%d", bitsN), Device: "atmega128",
		Args: []Arg{
			{"r", Pointer, 2 * n, Out, textf.Sprintf("the %d-byte square a², %s", 2*n, mpDoc)},
			{"a", Pointer, n, In, textf.Sprintf("%d-byte operand, %s; any value", n, mpDoc)},
		},
		Doc: textf.Sprintf("r = a² for %d-bit a (no reduction); r does not overlap a.", bitsN),
		gen: func(r *rand.Rand, args [][]byte) { fill(r, args[1]) },
		edges: func() [][][]byte {
			return [][][]byte{{make([]byte, 2*n), make([]byte, n)}, {make([]byte, 2*n), repeat(0xff, n)}}
		},
		run: func(args [][]byte) { Square(args[0], args[1]) },
	}
}

func p192Kernel() *Kernel {
	opDoc := "24-byte field element, " + mpDoc + "; below p = 2^192 − 2^64 − 1"
	return &Kernel{
		ID: "p192-mul", Name: "P-192 field multiplication", Entry: "p192_mul", Device: "atmega128",
		Args: []Arg{
			{"r", Pointer, 24, Out, "a·b mod p, fully reduced (below p), " + mpDoc},
			{"a", Pointer, 24, In, opDoc},
			{"b", Pointer, 24, In, opDoc},
		},
		Doc: "r = a·b mod p for the NIST prime p = 2^192 − 2^64 − 1 (FIPS 186-4 D.1.2.1), the field of " +
			"Liu et al.'s P-192 ECC (ICICS 2013); r does not overlap a or b.",
		gen: func(r *rand.Rand, args [][]byte) {
			for _, x := range args[1:] {
				for fill(r, x); !belowP192(x); fill(r, x) {
				}
			}
		},
		edges: func() [][][]byte {
			pm1, one := P192Minus1(), make([]byte, 24)
			one[0] = 1
			return [][][]byte{
				{make([]byte, 24), make([]byte, 24), pm1}, {make([]byte, 24), pm1, pm1},
				{make([]byte, 24), pm1, one}, {make([]byte, 24), one, one},
			}
		},
		check: func(args [][]byte) error {
			for i, name := range []string{"a", "b"} {
				if !belowP192(args[i+1]) {
					return textf.Errorf("%s is not below p", name)
				}
			}
			return nil
		},
		run: func(args [][]byte) { P192Mul(args[0], args[1], args[2]) },
	}
}
