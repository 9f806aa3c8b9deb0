package cipher

import "github.com/avrlab/avrlab/internal/textf"

// KLEIN: Gong, Nikova, Law, "KLEIN: A New Family of Lightweight Block Ciphers", RFIDSec 2011 (LNCS 7055),
// section 3.
//
// The state is eight bytes s0..s7 (16 nibbles, byte i holding nibbles 2i high and 2i+1 low); KLEIN-64,
// -80 and -96 take a key of 8, 10 or 12 bytes and run 12, 16 or 20 rounds. Round i (1..R) XORs the
// round key sk_i (the first eight bytes of the key register) into the state, replaces each nibble
// through the involutive S-box 7 4 a 9 1 f b 0 c 3 2 6 8 e d 5, rotates the state left by two bytes and
// applies the AES MixColumns map to s0..s3 and to s4..s7. sk_{R+1} whitens the result. The key register
// splits into halves a and b of L/2 bytes; from sk_i to sk_{i+1} both rotate left one byte, the new
// first half is b (its third byte XORed with i) and the new second half a ^ b with its second and third
// bytes through the S-box on both nibbles.
//
// Byte order: the designers' C code takes block and key as byte arrays in the printed order, so memory
// order is the printed order (the *_bytes fields of ../shared/data/vectors-attiny45.json).

var kleinSbox = [16]byte{0x7, 0x4, 0xa, 0x9, 0x1, 0xf, 0xb, 0x0, 0xc, 0x3, 0x2, 0x6, 0x8, 0xe, 0xd, 0x5}

// kleinSub applies the nibble S-box to both halves of b.
func kleinSub(b byte) byte { return kleinSbox[b>>4]<<4 | kleinSbox[b&0xf] }

// KLEIN returns KLEIN-64, KLEIN-80 or KLEIN-96 for keyBits 64, 80 or 96 (64-bit block; 12, 16 or 20
// rounds); other sizes give an error wrapping [ErrUnsupportedSize]. Block and key are byte strings in the
// printed order. RoundKeys gives sk_1..sk_{R+1}, eight bytes each ((R+1)·8 bytes; KLEIN-64: 104,
// KLEIN-80: 136).
//
// # Notes
//
// The official vectors of ../shared/data/vectors-attiny45.json are KLEIN-64; the ECRYPT ATtiny45 table's
// KLEIN row has an 80-bit key. KLEIN-80 and -96 are checked against testdata/klein.json (the designers'
// C code and the paper's vectors).
func KLEIN(keyBits int) (Cipher, error) {
	switch keyBits {
	case 64, 80, 96:
		return klein{keyBytes: keyBits / 8, rounds: 12 + (keyBits-64)/4}, nil
	}
	return nil, textf.Errorf("cipher: klein-%d: %w", keyBits, ErrUnsupportedSize)
}

type klein struct{ keyBytes, rounds int }

func (c klein) Name() string { return textf.Sprintf("KLEIN-%d", 8*c.keyBytes) }
func (klein) BlockSize() int { return 8 }
func (c klein) KeySize() int { return c.keyBytes }
func (c klein) Rounds() int  { return c.rounds }
func (c klein) rkBytes() int { return 8 * (c.rounds + 1) }

func (c klein) RoundKeys(key []byte) []byte {
	needLen(c.Name(), "key", key, c.keyBytes, true)
	h := c.keyBytes / 2
	reg := append([]byte(nil), key...)
	next := make([]byte, len(reg))
	rk := make([]byte, 0, c.rkBytes())
	for i := 1; ; i++ {
		rk = append(rk, reg[:8]...)
		if i == c.rounds+1 {
			return rk
		}
		a, b := reg[:h], reg[h:]
		for j := range h {
			next[j] = b[(j+1)%h]
			next[h+j] = a[(j+1)%h] ^ b[(j+1)%h]
		}
		next[2] ^= byte(i)
		next[h+1] = kleinSub(next[h+1])
		next[h+2] = kleinSub(next[h+2])
		reg, next = next, reg
	}
}

func (c klein) Encrypt(dst, src, key []byte) { c.encrypt(dst, src, c.RoundKeys(key)) }

func (c klein) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.Name(), "round-key table", rk, c.rkBytes(), true)
	c.encrypt(dst, src, rk)
}

func (c klein) load(dst, src []byte) [8]byte {
	needLen(c.Name(), "src", src, 8, false)
	needLen(c.Name(), "dst", dst, 8, false)
	return [8]byte(src[:8])
}

func (c klein) encrypt(dst, src, rk []byte) {
	s := c.load(dst, src)
	for i := range c.rounds {
		var t [8]byte
		for j := range 8 {
			t[j] = kleinSub(s[j] ^ rk[8*i+j])
		}
		for j := range 8 {
			s[j] = t[(j+2)%8]
		}
		mixColumn(s[0:4])
		mixColumn(s[4:8])
	}
	for j := range 8 {
		dst[j] = s[j] ^ rk[8*c.rounds+j]
	}
}

func (c klein) Decrypt(dst, src, key []byte) {
	rk := c.RoundKeys(key)
	s := c.load(dst, src)
	for j := range 8 {
		s[j] ^= rk[8*c.rounds+j]
	}
	for i := c.rounds - 1; i >= 0; i-- {
		invMixColumn(s[0:4])
		invMixColumn(s[4:8])
		var t [8]byte
		for j := range 8 {
			t[(j+2)%8] = s[j]
		}
		for j := range 8 {
			s[j] = kleinSub(t[j]) ^ rk[8*i+j]
		}
	}
	copy(dst, s[:])
}
