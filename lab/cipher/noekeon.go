package cipher

import (
	"encoding/binary"
	"math/bits"
)

// NOEKEON: Daemen, Peeters, Van Assche, Rijmen, "Nessie Proposal: NOEKEON" (2000), sections 2-3.
//
// The state is four 32-bit words a0..a3, the working key four words k0..k3. Each of the 16 rounds is
//
//	a0 ^= RC[i]; Theta(k, a); Pi1(a); Gamma(a); Pi2(a)
//
// and a final a0 ^= RC[16]; Theta(k, a) follows, with RC[0] = 0x80, RC[i+1] = RC[i]·x in GF(2^8)
// (0x80, 0x1b, 0x36, ..., 0xd4). Theta is t = a0^a2, t ^= ROR8(t)^ROL8(t), a1 ^= t, a3 ^= t; a ^= k;
// t = a1^a3, t ^= ROR8(t)^ROL8(t), a0 ^= t, a2 ^= t. Pi1 rotates a1, a2, a3 left by 1, 5, 2; Pi2 right by
// the same. Gamma is a1 ^= ~a3&~a2; a0 ^= a2&a1; swap a0, a3; a2 ^= a0^a1^a3; a1 ^= ~a3&~a2;
// a0 ^= a2&a1. Decryption runs the rounds backwards with Theta's key part replaced by Theta(0, k)
// (Theta is an involution and Gamma too). In direct-key mode the working key is the cipher key; in
// indirect-key mode it is the direct-mode encryption of the cipher key under the all-zero key.
//
// Byte order: the designers' byte interface maps 16 bytes to words big-endian (byte 0 is the most
// significant byte of a0), so block and key are the printed words concatenated — the *_bytes fields of
// ../shared/data/vectors-attiny45.json. An AVR routine keeping the words natively little-endian must
// byte-swap at its interface (the *_bytes_le_words fields show what it would hold inside).

const noekeonRounds = 16

// noekeonRC holds the round constants RC[0..16].
var noekeonRC = func() (rc [noekeonRounds + 1]byte) {
	rc[0] = 0x80
	for i := 1; i < len(rc); i++ {
		rc[i] = xtime(rc[i-1])
	}
	return rc
}()

// NOEKEONDirect returns NOEKEON-128/128 in direct-key mode (the key is the working key; for uses
// without related-key attacks). RoundKeys gives the 16-byte working key (here the key itself) in the
// block's byte order: NOEKEON has no round keys, every round uses the same working key.
func NOEKEONDirect() Cipher { return noekeon{indirect: false} }

// NOEKEONIndirect returns NOEKEON-128/128 in indirect-key mode. RoundKeys gives the 16-byte working key,
// the direct-mode encryption of the key under the all-zero key, in the block's byte order.
func NOEKEONIndirect() Cipher { return noekeon{indirect: true} }

type noekeon struct{ indirect bool }

func (c noekeon) Name() string {
	if c.indirect {
		return "NOEKEON-128/128-indirect"
	}
	return "NOEKEON-128/128-direct"
}
func (noekeon) BlockSize() int { return 16 }
func (noekeon) KeySize() int   { return 16 }
func (noekeon) Rounds() int    { return noekeonRounds }

type noekeonState [4]uint32

func noekeonLoad(b []byte) (s noekeonState) {
	for i := range s {
		s[i] = binary.BigEndian.Uint32(b[4*i:])
	}
	return s
}

func (s *noekeonState) store(b []byte) {
	for i, w := range s {
		binary.BigEndian.PutUint32(b[4*i:], w)
	}
}

func (s *noekeonState) theta(k *noekeonState) {
	t := s[0] ^ s[2]
	t ^= bits.RotateLeft32(t, -8) ^ bits.RotateLeft32(t, 8)
	s[1] ^= t
	s[3] ^= t
	for i := range s {
		s[i] ^= k[i]
	}
	t = s[1] ^ s[3]
	t ^= bits.RotateLeft32(t, -8) ^ bits.RotateLeft32(t, 8)
	s[0] ^= t
	s[2] ^= t
}

func (s *noekeonState) pi(dir int) {
	s[1] = bits.RotateLeft32(s[1], dir*1)
	s[2] = bits.RotateLeft32(s[2], dir*5)
	s[3] = bits.RotateLeft32(s[3], dir*2)
}

func (s *noekeonState) gamma() {
	s[1] ^= ^s[3] & ^s[2]
	s[0] ^= s[2] & s[1]
	s[0], s[3] = s[3], s[0]
	s[2] ^= s[0] ^ s[1] ^ s[3]
	s[1] ^= ^s[3] & ^s[2]
	s[0] ^= s[2] & s[1]
}

// noekeonEncrypt encrypts s under the working key k.
func noekeonEncrypt(s, k *noekeonState) {
	for i := range noekeonRounds {
		s[0] ^= uint32(noekeonRC[i])
		s.theta(k)
		s.pi(1)
		s.gamma()
		s.pi(-1)
	}
	s[0] ^= uint32(noekeonRC[noekeonRounds])
	s.theta(k)
}

// workingKey returns the working key of the cipher key.
func (c noekeon) workingKey(key []byte) noekeonState {
	needLen(c.Name(), "key", key, 16, true)
	k := noekeonLoad(key)
	if c.indirect {
		var zero noekeonState
		noekeonEncrypt(&k, &zero)
	}
	return k
}

func (c noekeon) RoundKeys(key []byte) []byte {
	k := c.workingKey(key)
	rk := make([]byte, 16)
	k.store(rk)
	return rk
}

func (c noekeon) load(dst, src []byte) noekeonState {
	needLen(c.Name(), "src", src, 16, false)
	needLen(c.Name(), "dst", dst, 16, false)
	return noekeonLoad(src)
}

func (c noekeon) Encrypt(dst, src, key []byte) {
	k := c.workingKey(key)
	s := c.load(dst, src)
	noekeonEncrypt(&s, &k)
	s.store(dst)
}

func (c noekeon) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.Name(), "round-key table", rk, 16, true)
	k := noekeonLoad(rk)
	s := c.load(dst, src)
	noekeonEncrypt(&s, &k)
	s.store(dst)
}

func (c noekeon) Decrypt(dst, src, key []byte) {
	k := c.workingKey(key)
	var zero noekeonState
	k.theta(&zero)
	s := c.load(dst, src)
	for i := noekeonRounds; i >= 1; i-- {
		s.theta(&k)
		s[0] ^= uint32(noekeonRC[i])
		s.pi(1)
		s.gamma()
		s.pi(-1)
	}
	s.theta(&k)
	s[0] ^= uint32(noekeonRC[0])
	s.store(dst)
}
