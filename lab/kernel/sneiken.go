//go:build !avrlab_core

package kernel

import (
	"crypto/subtle"
	"fmt"
	"math/rand/v2"
)

// BLNK2 parameters of SNEIKEN128 (specification section 4: r = 384 bits, ρ = 6; Table 2 for the domain
// bytes; sneik_param.h and blnk.h agree): the 64-byte f512 state, a rate of 64 − 16 = 48 bytes for the
// plaintext/ciphertext, 6 rounds, and the domain bytes.
// A data element absorbed with the FULL bit (0x02) uses the whole 64-byte state as its rate; the
// permutation that ends an element gets its domain with the LAST bit (0x01).
const (
	blnkBlock    = 64
	sneikenRate  = blnkBlock - SNEIKEN128KeySize
	sneikenRound = 6

	blnkLast = 0x01 // last (padded) block of an element
	blnkFull = 0x02 // full-state input
	blnkADF  = 0x12 // associated data, full state
	blnkKeyF = 0x22 // the id | key | nonce block, full state
	blnkPTCT = 0x70 // plaintext / ciphertext
	blnkHash = 0x40 // the tag (squeezed); no permutation runs in this domain for an 8-byte tag
)

// blnk is a BLNK2 duplex state over f512: the 64-byte state, the position of the next byte and the
// rate of non-full-state elements.
type blnk struct {
	st     [blnkBlock]byte
	pos    int
	rate   int
	rounds int
}

// room permutes the state with dom when the next byte would not fit the element's rate r.
func (b *blnk) room(dom byte, r int) {
	if b.pos >= r {
		SNEIKF512(b.st[:], dom, b.rounds)
		b.pos = 0
	}
}

// rateOf is the rate of domain dom: the whole state for a full-state element, else the rate.
func (b *blnk) rateOf(dom byte) int {
	if dom&blnkFull != 0 {
		return blnkBlock
	}
	return b.rate
}

// put absorbs data (XORs it into the state) in domain dom.
func (b *blnk) put(dom byte, data []byte) {
	r := b.rateOf(dom)
	for _, v := range data {
		b.room(dom, r)
		b.st[b.pos] ^= v
		b.pos++
	}
}

// fin ends an element of domain dom: the pad byte 0x01 absorbed, for a non-full-state element the bit
// 0x80 XORed into the last byte of the rate, then f512 with dom | LAST; the position returns to 0.
func (b *blnk) fin(dom byte) {
	b.put(dom, []byte{0x01})
	if dom&blnkFull == 0 {
		b.st[b.rate-1] ^= 0x80
	}
	SNEIKF512(b.st[:], dom|blnkLast, b.rounds)
	b.pos = 0
}

// enc encrypts in into out (equal lengths): each state byte becomes state ^ in and is output.
func (b *blnk) enc(dom byte, out, in []byte) {
	for i, v := range in {
		b.room(dom, b.rate)
		b.st[b.pos] ^= v
		out[i] = b.st[b.pos]
		b.pos++
	}
}

// dec decrypts in into out (equal lengths): out = state ^ in, and the state byte becomes in.
func (b *blnk) dec(dom byte, out, in []byte) {
	for i, v := range in {
		b.room(dom, b.rate)
		out[i] = b.st[b.pos] ^ v
		b.st[b.pos] = v
		b.pos++
	}
}

// get squeezes len(out) bytes of the state at the rate.
func (b *blnk) get(dom byte, out []byte) {
	for i := range out {
		b.room(dom, b.rate)
		out[i] = b.st[b.pos]
		b.pos++
	}
}

// sneikenStart returns the state after the key block and the associated data: state = 0; absorb, full
// state in domain 0x22, the 6-byte id 'a' 'e' 48 16 16 8 (rate, key, nonce and tag sizes), the key
// and the nonce, and end the element (pad, f512 dom 0x23); absorb the associated data full state in
// domain 0x12 and end it (pad, f512 dom 0x13), even when it is empty.
func sneikenStart(key, nonce, ad []byte) *blnk {
	b := &blnk{rate: sneikenRate, rounds: sneikenRound}
	b.put(blnkKeyF, []byte{'a', 'e', sneikenRate, SNEIKEN128KeySize, SNEIKEN128NonceSize, SNEIKEN128TagSize})
	b.put(blnkKeyF, key)
	b.put(blnkKeyF, nonce)
	b.fin(blnkKeyF)
	b.put(blnkADF, ad)
	b.fin(blnkADF)
	return b
}

// SNEIKEN128Encrypt returns the SNEIKEN128 (SNEIK v1.1, Saarinen 2019) encryption of pt under the
// 16-byte key and 16-byte nonce with associated data ad: the ciphertext (len(pt) bytes) followed by
// the 8-byte tag, the CT field of the designers' LWC_AEAD_KAT_128_128.txt. It panics unless key and
// nonce have 16 bytes.
//
// The mode is the specification's Algorithm 7, BLNK2 (its Algorithms 1-6) on the f512 state with 6
// rounds (see sneikenStart for the key block and the associated data): the plaintext is encrypted at the rate of 48 bytes in domain 0x70 (each state byte
// XORed with a plaintext byte and output; f512 with dom 0x70 before a byte when 48 have gone in since
// the last permutation), the element ended (pad 0x01 at the position, state[47] ^= 0x80, f512 dom
// 0x71), and the tag is state bytes 0..7.
func SNEIKEN128Encrypt(key, nonce, ad, pt []byte) []byte {
	sneikenSizes(key, nonce)
	b := sneikenStart(key, nonce, ad)
	out := make([]byte, len(pt)+SNEIKEN128TagSize)
	b.enc(blnkPTCT, out[:len(pt)], pt)
	b.fin(blnkPTCT)
	b.get(blnkHash, out[len(pt):])
	return out
}

// SNEIKEN128Decrypt returns the plaintext of ct (the ciphertext followed by its 8-byte tag) under key
// and nonce with associated data ad, and whether the tag is valid. When it is not, or ct is shorter
// than a tag, the plaintext is nil and ok false: the specification's Algorithm 8 outputs only FAIL
// ("no partial plaintext!"; the designers' C leaves the plaintext written). It panics unless key and
// nonce have 16 bytes.
func SNEIKEN128Decrypt(key, nonce, ad, ct []byte) (pt []byte, ok bool) {
	sneikenSizes(key, nonce)
	if len(ct) < SNEIKEN128TagSize {
		return nil, false
	}
	n := len(ct) - SNEIKEN128TagSize
	b := sneikenStart(key, nonce, ad)
	pt = make([]byte, n)
	b.dec(blnkPTCT, pt, ct[:n])
	b.fin(blnkPTCT)
	tag := make([]byte, SNEIKEN128TagSize)
	b.get(blnkHash, tag)
	if subtle.ConstantTimeCompare(tag, ct[n:]) != 1 {
		return nil, false
	}
	return pt, true
}

func sneikenSizes(key, nonce []byte) {
	if len(key) != SNEIKEN128KeySize || len(nonce) != SNEIKEN128NonceSize {
		panic(fmt.Sprintf("kernel: SNEIKEN128: %d-byte key, %d-byte nonce; want 16 and 16", len(key), len(nonce)))
	}
}

// sneikenKAT is one vector of the designers' LWC_AEAD_KAT_128_128.txt (Key = Nonce = 00 01 .. 0f, PT
// and AD the bytes 00 01 02 .. of the given lengths), restated in ../shared/data/vectors-systems.json
// (a test checks each against that file): Count, PT length, AD length and CT (ciphertext || tag).
type sneikenKAT struct {
	count, mlen, adlen int
	ct                 string
}

var sneikenKATs = []sneikenKAT{
	{1, 0, 0, "b05117b703b31efa"},
	{34, 1, 0, "45d119cc05c56a1a47"},
	{545, 16, 16, "6216d1b589169e0de2faa902a7dcd657eeacae04c6c72ec4"},
	{1089, 32, 32, "a71e72314dff2e6b7de00a48ebb5feb50034396ea72dc0a3540b83cc31e2992fbe378919ef6c0159"},
}

// sneikenBoundaries are the (PT, AD) lengths of the edge inputs past the KAT's (which stop at 32
// bytes, inside one block of each rate): the plaintext ending just before, at and after the 48-byte
// rate, the associated data around the 64-byte full state, and both long. Their outputs are checked
// in the tests against the designers' reference C (sneik commit 3558ae4, compiled and run here).
var sneikenBoundaries = [][2]int{{47, 0}, {48, 0}, {49, 0}, {0, 63}, {0, 64}, {0, 65}, {96, 64}, {128, 65}, {128, 128}}

// counting returns the bytes 0, 1, ..., n−1 in a buffer of size bytes.
func counting(n, size int) []byte {
	b := make([]byte, size)
	for i := range n {
		b[i] = byte(i)
	}
	return b
}

// sneikenLengths are the (PT, AD) lengths of the edge inputs: the KAT entries first (Count 1, the
// empty message and data, is the official vector), then the boundaries.
func sneikenLengths() [][2]int {
	var out [][2]int
	for _, v := range sneikenKATs {
		out = append(out, [2]int{v.mlen, v.adlen})
	}
	return append(out, sneikenBoundaries...)
}

func sneikenCheck(mlen, adlen byte) error {
	if mlen > SNEIKEN128MaxLen || adlen > SNEIKEN128MaxLen {
		return fmt.Errorf("mlen %d, adlen %d; want 0..%d", mlen, adlen, SNEIKEN128MaxLen)
	}
	return nil
}

// sneikenEncKernel: sneiken128_encrypt(c, m, mlen, ad, adlen, npub, k).
func sneikenEncReference(k *Kernel) {
	args := func(mlen, adlen int, m, ad, npub, key []byte) [][]byte {
		return [][]byte{make([]byte, SNEIKEN128MaxLen+SNEIKEN128TagSize), m, {byte(mlen)}, ad, {byte(adlen)}, npub, key}
	}
	k.gen = func(r *rand.Rand, a [][]byte) {
		for _, i := range []int{1, 3, 5, 6} {
			fill(r, a[i])
		}
		a[2][0], a[4][0] = SNEIKEN128MaxLen, SNEIKEN128MaxLen
	}
	k.edges = func() [][][]byte {
		var out [][][]byte
		for _, l := range sneikenLengths() {
			out = append(out, args(l[0], l[1], counting(l[0], SNEIKEN128MaxLen), counting(l[1], SNEIKEN128MaxLen),
				counting(16, 16), counting(16, 16)))
		}
		return out
	}
	k.check = func(a [][]byte) error { return sneikenCheck(a[2][0], a[4][0]) }
	k.run = func(a [][]byte) {
		mlen, adlen := int(a[2][0]), int(a[4][0])
		copy(a[0], SNEIKEN128Encrypt(a[6], a[5], a[3][:adlen], a[1][:mlen]))
	}
}

// sneikenDecKernel: sneiken128_decrypt(m, ok, c, mlen, ad, adlen, npub, k).
func sneikenDecReference(k *Kernel) {
	k.gen = func(r *rand.Rand, a [][]byte) {
		fill(r, a[4])
		fill(r, a[6])
		fill(r, a[7])
		m := make([]byte, SNEIKEN128MaxLen)
		fill(r, m)
		a[3][0], a[5][0] = SNEIKEN128MaxLen, SNEIKEN128MaxLen
		copy(a[2], SNEIKEN128Encrypt(a[7], a[6], a[4], m))
		if r.IntN(2) == 0 { // tamper with one bit of the ciphertext, the tag or the associated data
			if i := r.IntN(len(a[2]) + len(a[4])); i < len(a[2]) {
				a[2][i] ^= 1 << r.IntN(8)
			} else {
				a[4][i-len(a[2])] ^= 1 << r.IntN(8)
			}
		}
	}
	k.edges = func() [][][]byte {
		kn := counting(16, 16)
		one := func(mlen, adlen int) [][]byte {
			ad := counting(adlen, SNEIKEN128MaxLen)
			c := make([]byte, SNEIKEN128MaxLen+SNEIKEN128TagSize)
			copy(c, SNEIKEN128Encrypt(kn, kn, ad[:adlen], counting(mlen, mlen)))
			return [][]byte{make([]byte, SNEIKEN128MaxLen), {0}, c, {byte(mlen)}, ad, {byte(adlen)}, counting(16, 16), counting(16, 16)}
		}
		var out [][][]byte
		for _, l := range sneikenLengths() {
			out = append(out, one(l[0], l[1]))
		}
		last := sneikenKATs[len(sneikenKATs)-1]
		for _, flip := range []struct{ arg, byte int }{{2, last.mlen + SNEIKEN128TagSize - 1}, {2, 0}, {4, last.adlen - 1}} {
			a := one(last.mlen, last.adlen)
			a[flip.arg][flip.byte] ^= 0x01
			out = append(out, a)
		}
		return out
	}
	k.check = func(a [][]byte) error { return sneikenCheck(a[3][0], a[5][0]) }
	k.run = func(a [][]byte) {
		mlen, adlen := int(a[3][0]), int(a[5][0])
		pt, ok := SNEIKEN128Decrypt(a[7], a[6], a[4][:adlen], a[2][:mlen+SNEIKEN128TagSize])
		if !ok {
			pt = make([]byte, mlen)
		}
		copy(a[0], pt)
		a[1][0] = 0
		if ok {
			a[1][0] = 1
		}
	}
}
