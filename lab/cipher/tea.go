package cipher

import "encoding/binary"

// TEA: Wheeler, Needham, "TEA, a Tiny Encryption Algorithm", FSE 1994 (LNCS 1008). The block is two
// 32-bit words v0, v1 and the key four words k0..k3. Each of the 32 cycles (64 Feistel rounds) is
//
//	sum += 0x9e3779b9
//	v0 += ((v1<<4) + k0) ^ (v1 + sum) ^ ((v1>>5) + k1)
//	v1 += ((v0<<4) + k2) ^ (v0 + sum) ^ ((v0>>5) + k3)
//
// with sum starting at 0, all arithmetic modulo 2^32. The paper fixes no byte order; here, as avr-gcc
// stores uint32_t, each word is little-endian, v0 then v1 and k0..k3 (the *_bytes fields of
// ../shared/data/vectors-attiny45.json; *_bytes_bigendian are the published words).

const (
	teaCycles = 32
	teaDelta  = 0x9e3779b9
)

// TEA returns TEA-64/128 (64-bit block, 128-bit key, 32 cycles = 64 Feistel rounds; Rounds reports 64).
// Block and key are little-endian 32-bit words (see above). TEA has no key schedule: RoundKeys gives the
// 16-byte key k0..k3 unchanged, the table an AVR routine reads every cycle.
func TEA() Cipher { return tea{} }

type tea struct{}

func (tea) Name() string   { return "TEA-64/128" }
func (tea) BlockSize() int { return 8 }
func (tea) KeySize() int   { return 16 }
func (tea) Rounds() int    { return 2 * teaCycles }

func (c tea) RoundKeys(key []byte) []byte {
	needLen(c.Name(), "key", key, 16, true)
	return append([]byte(nil), key...)
}

func (c tea) words(dst, src, key []byte) (v0, v1 uint32, k [4]uint32) {
	needLen(c.Name(), "src", src, 8, false)
	needLen(c.Name(), "dst", dst, 8, false)
	for i := range k {
		k[i] = binary.LittleEndian.Uint32(key[4*i:])
	}
	return binary.LittleEndian.Uint32(src), binary.LittleEndian.Uint32(src[4:]), k
}

func (c tea) Encrypt(dst, src, key []byte) {
	needLen(c.Name(), "key", key, 16, true)
	c.encrypt(dst, src, key)
}

func (c tea) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.Name(), "round-key table", rk, 16, true)
	c.encrypt(dst, src, rk)
}

func (c tea) encrypt(dst, src, key []byte) {
	v0, v1, k := c.words(dst, src, key)
	var sum uint32
	for range teaCycles {
		sum += teaDelta
		v0 += (v1<<4 + k[0]) ^ (v1 + sum) ^ (v1>>5 + k[1])
		v1 += (v0<<4 + k[2]) ^ (v0 + sum) ^ (v0>>5 + k[3])
	}
	binary.LittleEndian.PutUint32(dst, v0)
	binary.LittleEndian.PutUint32(dst[4:], v1)
}

func (c tea) Decrypt(dst, src, key []byte) {
	needLen(c.Name(), "key", key, 16, true)
	v0, v1, k := c.words(dst, src, key)
	delta := uint32(teaDelta)
	sum := delta * teaCycles // wraps modulo 2^32
	for range teaCycles {
		v1 -= (v0<<4 + k[2]) ^ (v0 + sum) ^ (v0>>5 + k[3])
		v0 -= (v1<<4 + k[0]) ^ (v1 + sum) ^ (v1>>5 + k[1])
		sum -= delta
	}
	binary.LittleEndian.PutUint32(dst, v0)
	binary.LittleEndian.PutUint32(dst[4:], v1)
}
