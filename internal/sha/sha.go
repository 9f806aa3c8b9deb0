// Package sha computes SHA-1 and SHA-256 digests (FIPS 180-4) for the lab's references and the
// page's bench cache. The standard library's crypto/sha1 and crypto/sha256 bring the FIPS 140 module
// into a program (its self-tests' AES-GCM, SHA-3, HMAC and DRBG, and internal/godebug), which was
// 60 KB of the page's gzipped engine; these two are plain and portable, and agree with the standard
// library on every input (TestAsCrypto, FuzzAsCrypto). Not for anything secret: they are not
// constant-time and keep no secrets apart.
package sha

import (
	"encoding/binary"
	"math/bits"
)

// Size1 and Size256 are the digests' lengths in bytes.
const (
	Size1   = 20
	Size256 = 32
)

// blockSize is both hashes' block length in bytes.
const blockSize = 64

// Digest is a running SHA-1 or SHA-256 hash; write to it, then call Sum. The zero value is not ready:
// use New1 or New256.
type Digest struct {
	h     [8]uint32
	block [blockSize]byte
	n     int    // bytes in block
	len   uint64 // bytes written
	is256 bool
}

// New1 returns a SHA-1 digest.
func New1() *Digest {
	return &Digest{h: [8]uint32{0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0}}
}

// New256 returns a SHA-256 digest.
func New256() *Digest {
	return &Digest{h: [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19},
		is256: true}
}

// Sum1 returns the SHA-1 digest of data.
func Sum1(data []byte) (out [Size1]byte) {
	d := New1()
	d.Write(data)
	copy(out[:], d.Sum(nil))
	return out
}

// Sum256 returns the SHA-256 digest of data.
func Sum256(data []byte) (out [Size256]byte) {
	d := New256()
	d.Write(data)
	copy(out[:], d.Sum(nil))
	return out
}

// Write adds p to the hashed message. It never fails.
func (d *Digest) Write(p []byte) (int, error) {
	n := len(p)
	d.len += uint64(n)
	if d.n > 0 {
		c := copy(d.block[d.n:], p)
		d.n += c
		p = p[c:]
		if d.n < blockSize {
			return n, nil
		}
		d.compress(d.block[:])
		d.n = 0
	}
	for len(p) >= blockSize {
		d.compress(p[:blockSize])
		p = p[blockSize:]
	}
	d.n = copy(d.block[:], p)
	return n, nil
}

// Sum appends the digest of what was written to b; d is unchanged and can take more.
func (d *Digest) Sum(b []byte) []byte {
	e := *d
	var pad [blockSize + 8]byte
	pad[0] = 0x80
	k := (blockSize + 56 - e.n - 1) % blockSize // zeros after the 0x80 so that 8 bytes fill the block
	binary.BigEndian.PutUint64(pad[1+k:], d.len*8)
	e.Write(pad[:1+k+8])
	words := 5
	if e.is256 {
		words = 8
	}
	for _, w := range e.h[:words] {
		b = binary.BigEndian.AppendUint32(b, w)
	}
	return b
}

// compress runs the hash's compression function on one block.
func (d *Digest) compress(p []byte) {
	if d.is256 {
		d.compress256(p)
	} else {
		d.compress1(p)
	}
}

func (d *Digest) compress1(p []byte) {
	var w [80]uint32
	for t := 0; t < 16; t++ {
		w[t] = binary.BigEndian.Uint32(p[4*t:])
	}
	for t := 16; t < 80; t++ {
		w[t] = bits.RotateLeft32(w[t-3]^w[t-8]^w[t-14]^w[t-16], 1)
	}
	a, b, c, e4, e := d.h[0], d.h[1], d.h[2], d.h[3], d.h[4]
	for t := 0; t < 80; t++ {
		var f, k uint32
		switch {
		case t < 20:
			f, k = b&c|^b&e4, 0x5A827999
		case t < 40:
			f, k = b^c^e4, 0x6ED9EBA1
		case t < 60:
			f, k = b&c|b&e4|c&e4, 0x8F1BBCDC
		default:
			f, k = b^c^e4, 0xCA62C1D6
		}
		tmp := bits.RotateLeft32(a, 5) + f + e + k + w[t]
		e, e4, c, b, a = e4, c, bits.RotateLeft32(b, 30), a, tmp
	}
	d.h[0] += a
	d.h[1] += b
	d.h[2] += c
	d.h[3] += e4
	d.h[4] += e
}

// k256 are SHA-256's round constants: the first 32 bits of the fractional parts of the cube roots of
// the first 64 primes (FIPS 180-4 section 4.2.2).
var k256 = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

func (d *Digest) compress256(p []byte) {
	var w [64]uint32
	for t := 0; t < 16; t++ {
		w[t] = binary.BigEndian.Uint32(p[4*t:])
	}
	for t := 16; t < 64; t++ {
		s0 := bits.RotateLeft32(w[t-15], -7) ^ bits.RotateLeft32(w[t-15], -18) ^ w[t-15]>>3
		s1 := bits.RotateLeft32(w[t-2], -17) ^ bits.RotateLeft32(w[t-2], -19) ^ w[t-2]>>10
		w[t] = w[t-16] + s0 + w[t-7] + s1
	}
	a, b, c, dd, e, f, g, h := d.h[0], d.h[1], d.h[2], d.h[3], d.h[4], d.h[5], d.h[6], d.h[7]
	for t := 0; t < 64; t++ {
		S1 := bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)
		ch := e&f ^ ^e&g
		t1 := h + S1 + ch + k256[t] + w[t]
		S0 := bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)
		maj := a&b ^ a&c ^ b&c
		t2 := S0 + maj
		h, g, f, e, dd, c, b, a = g, f, e, dd+t1, c, b, a, t1+t2
	}
	for i, v := range [8]uint32{a, b, c, dd, e, f, g, h} {
		d.h[i] += v
	}
}
