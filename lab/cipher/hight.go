package cipher

import "math/bits"

// HIGHT: Hong, Sung, Hong, Lim, Lee, Koo, Lee, Chang, Kim, Lee, Chee, "HIGHT: A New Block Cipher
// Suitable for Low-Resource Device", CHES 2006 (LNCS 4249), section 2; Korean standard TTAS.KO-12.0040.
//
// The block is eight bytes P0..P7 and the key sixteen bytes MK0..MK15, both stored in index order.
// Whitening keys: WK[i] = MK[i+12] for i = 0..3, WK[i] = MK[i-4] for i = 4..7. The 128 subkeys are
// SK[16i+j] = MK[(j-i) mod 8] + δ[16i+j] and SK[16i+j+8] = MK[(j-i) mod 8 + 8] + δ[16i+j+8]
// (i, j = 0..7), where δ[k] is the 7-bit window s[k+6..k] of the LFSR s[k+7] = s[k+3] ^ s[k] started
// at δ[0] = 0x5a. With F0(x) = ROL1(x) ^ ROL2(x) ^ ROL7(x) and F1(x) = ROL3(x) ^ ROL4(x) ^ ROL6(x),
// round i (0..31) updates the odd bytes from their even neighbours
//
//	X1 += F1(X0) ^ SK[4i]     X3 ^= F0(X2) + SK[4i+1]
//	X5 += F1(X4) ^ SK[4i+2]   X7 ^= F0(X6) + SK[4i+3]
//
// and, except in the last round, rotates the eight bytes one place up (X7 becomes X0). Before the
// rounds X0 += WK0, X2 ^= WK1, X4 += WK2, X6 ^= WK3; after them X0 += WK4, X2 ^= WK5, X4 += WK6,
// X6 ^= WK7.

const (
	hightRounds  = 32
	hightRKBytes = 8 + 4*hightRounds
)

// hightDelta holds the constants δ[0..127].
var hightDelta = func() (d [128]byte) {
	s := uint8(0x5a) // s[k+6..k], s[k] in bit 0
	for k := range d {
		d[k] = s
		next := (s>>3 ^ s) & 1 // s[k+7] = s[k+3] ^ s[k]
		s = s>>1 | next<<6
	}
	return d
}()

// HIGHT returns HIGHT-64/128 (64-bit block, 128-bit key, 32 rounds). RoundKeys gives 136 bytes: the
// whitening keys WK0..WK7, then the subkeys SK0..SK127 (round i uses SK[4i..4i+3]).
func HIGHT() Cipher { return hight{} }

type hight struct{}

func (hight) Name() string   { return "HIGHT-64/128" }
func (hight) BlockSize() int { return 8 }
func (hight) KeySize() int   { return 16 }
func (hight) Rounds() int    { return hightRounds }

func (c hight) RoundKeys(key []byte) []byte {
	needLen(c.Name(), "key", key, 16, true)
	rk := make([]byte, hightRKBytes)
	copy(rk[0:4], key[12:16])
	copy(rk[4:8], key[0:4])
	sk := rk[8:]
	for i := range 8 {
		for j := range 8 {
			m := (j - i + 8) % 8
			sk[16*i+j] = key[m] + hightDelta[16*i+j]
			sk[16*i+j+8] = key[m+8] + hightDelta[16*i+j+8]
		}
	}
	return rk
}

func hightF0(x byte) byte {
	return bits.RotateLeft8(x, 1) ^ bits.RotateLeft8(x, 2) ^ bits.RotateLeft8(x, 7)
}

func hightF1(x byte) byte {
	return bits.RotateLeft8(x, 3) ^ bits.RotateLeft8(x, 4) ^ bits.RotateLeft8(x, 6)
}

func (c hight) Encrypt(dst, src, key []byte) {
	c.encrypt(dst, src, c.RoundKeys(key))
}

func (c hight) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.Name(), "round-key table", rk, hightRKBytes, true)
	c.encrypt(dst, src, rk)
}

func (c hight) load(dst, src []byte) (x [8]byte) {
	needLen(c.Name(), "src", src, 8, false)
	needLen(c.Name(), "dst", dst, 8, false)
	copy(x[:], src)
	return x
}

func (c hight) encrypt(dst, src, rk []byte) {
	wk, sk := rk[:8], rk[8:]
	x := c.load(dst, src)
	x[0] += wk[0]
	x[2] ^= wk[1]
	x[4] += wk[2]
	x[6] ^= wk[3]
	for i := range hightRounds {
		k := sk[4*i : 4*i+4]
		x[1] += hightF1(x[0]) ^ k[0]
		x[3] ^= hightF0(x[2]) + k[1]
		x[5] += hightF1(x[4]) ^ k[2]
		x[7] ^= hightF0(x[6]) + k[3]
		if i != hightRounds-1 {
			x = [8]byte{x[7], x[0], x[1], x[2], x[3], x[4], x[5], x[6]}
		}
	}
	x[0] += wk[4]
	x[2] ^= wk[5]
	x[4] += wk[6]
	x[6] ^= wk[7]
	copy(dst, x[:])
}

func (c hight) Decrypt(dst, src, key []byte) {
	rk := c.RoundKeys(key)
	wk, sk := rk[:8], rk[8:]
	x := c.load(dst, src)
	x[0] -= wk[4]
	x[2] ^= wk[5]
	x[4] -= wk[6]
	x[6] ^= wk[7]
	for i := hightRounds - 1; i >= 0; i-- {
		if i != hightRounds-1 {
			x = [8]byte{x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[0]}
		}
		k := sk[4*i : 4*i+4]
		x[1] -= hightF1(x[0]) ^ k[0]
		x[3] ^= hightF0(x[2]) + k[1]
		x[5] -= hightF1(x[4]) ^ k[2]
		x[7] ^= hightF0(x[6]) + k[3]
	}
	x[0] -= wk[0]
	x[2] ^= wk[1]
	x[4] -= wk[2]
	x[6] ^= wk[3]
	copy(dst, x[:])
}
