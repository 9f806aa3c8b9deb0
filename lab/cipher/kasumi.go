package cipher

import (
	"encoding/binary"
	"math/bits"
)

// KASUMI: 3GPP TS 35.202, "Specification of the 3GPP Confidentiality and Integrity Algorithms;
// Document 2: KASUMI specification". An 8-round Feistel cipher on two 32-bit halves L, R:
//
//	L_i = R_{i-1} ^ f_i(L_{i-1}),  R_i = L_{i-1}
//	f_i = FO_i(FL_i(.)) in the odd rounds, FL_i(FO_i(.)) in the even ones
//
// FL mixes the halves of a 32-bit word with AND/OR and 1-bit rotations under KL_i = KL_i1||KL_i2; FO
// is a 3-round Feistel network on 16-bit halves whose round function FI (itself four rounds over a
// 9-bit and a 7-bit half with the S-boxes S9 and S7) takes KO_ij and KI_ij. The key is eight 16-bit
// words K1..K8, K'_j = K_j ^ C_j (C = 0123 4567 89AB CDEF FEDC BA98 7654 3210), and round i uses
//
//	KL_i1 = K_i <<< 1,  KL_i2 = K'_{i+2},  KO_i1 = K_{i+1} <<< 5,  KO_i2 = K_{i+5} <<< 8,
//	KO_i3 = K_{i+6} <<< 13,  KI_i1 = K'_{i+4},  KI_i2 = K'_{i+3},  KI_i3 = K'_{i+7}   (indices mod 8)
//
// Byte order as 3GPP prints it (big-endian; the byte order of ../shared/data/vectors-systems.json):
// block = L0||R0, each 32-bit half most significant byte first; K1 = key bytes 0..1.

var kasumiC = [8]uint16{0x0123, 0x4567, 0x89ab, 0xcdef, 0xfedc, 0xba98, 0x7654, 0x3210}

// KASUMI returns KASUMI (64-bit block, 128-bit key, 8 rounds). Block and key are big-endian as 3GPP
// prints them. RoundKeys gives, for rounds 1..8 in turn, KL_i1, KL_i2, KO_i1, KO_i2, KO_i3, KI_i1,
// KI_i2, KI_i3, each a big-endian 16-bit word (128 bytes).
func KASUMI() Cipher { return kasumi{} }

type kasumi struct{}

func (kasumi) Name() string   { return "KASUMI" }
func (kasumi) BlockSize() int { return 8 }
func (kasumi) KeySize() int   { return 16 }
func (kasumi) Rounds() int    { return 8 }

// kasumiSubkeys returns the eight subkeys of each round, in the RoundKeys order.
func kasumiSubkeys(key []byte) [8][8]uint16 {
	var k, kp [8]uint16
	for j := range k {
		k[j] = binary.BigEndian.Uint16(key[2*j:])
		kp[j] = k[j] ^ kasumiC[j]
	}
	var rk [8][8]uint16
	for i := range rk {
		at := func(d int) int { return (i + d) % 8 }
		rk[i] = [8]uint16{
			bits.RotateLeft16(k[i], 1), kp[at(2)],
			bits.RotateLeft16(k[at(1)], 5), bits.RotateLeft16(k[at(5)], 8), bits.RotateLeft16(k[at(6)], 13),
			kp[at(4)], kp[at(3)], kp[at(7)],
		}
	}
	return rk
}

func (c kasumi) RoundKeys(key []byte) []byte {
	needLen(c.Name(), "key", key, 16, true)
	rk := kasumiSubkeys(key)
	out := make([]byte, 0, 128)
	for _, r := range rk {
		for _, w := range r {
			out = binary.BigEndian.AppendUint16(out, w)
		}
	}
	return out
}

func (c kasumi) Encrypt(dst, src, key []byte) {
	needLen(c.Name(), "key", key, 16, true)
	rk := kasumiSubkeys(key)
	c.encrypt(dst, src, &rk)
}

func (c kasumi) EncryptWithRoundKeys(dst, src, table []byte) {
	needLen(c.Name(), "round-key table", table, 128, true)
	var rk [8][8]uint16
	for i := range rk {
		for j := range rk[i] {
			rk[i][j] = binary.BigEndian.Uint16(table[16*i+2*j:])
		}
	}
	c.encrypt(dst, src, &rk)
}

func (c kasumi) encrypt(dst, src []byte, rk *[8][8]uint16) {
	needLen(c.Name(), "src", src, 8, false)
	needLen(c.Name(), "dst", dst, 8, false)
	l, r := binary.BigEndian.Uint32(src), binary.BigEndian.Uint32(src[4:])
	for i := range 8 {
		l, r = r^kasumiF(i, l, &rk[i]), l
	}
	binary.BigEndian.PutUint32(dst, l)
	binary.BigEndian.PutUint32(dst[4:], r)
}

// Decrypt undoes the Feistel rounds from the last: R_{i-1} = L_i ^ f_i(R_i), L_{i-1} = R_i.
func (c kasumi) Decrypt(dst, src, key []byte) {
	needLen(c.Name(), "key", key, 16, true)
	needLen(c.Name(), "src", src, 8, false)
	needLen(c.Name(), "dst", dst, 8, false)
	rk := kasumiSubkeys(key)
	l, r := binary.BigEndian.Uint32(src), binary.BigEndian.Uint32(src[4:])
	for i := 7; i >= 0; i-- {
		l, r = r, l^kasumiF(i, r, &rk[i])
	}
	binary.BigEndian.PutUint32(dst, l)
	binary.BigEndian.PutUint32(dst[4:], r)
}

// kasumiF is f_i (i counted from 0: rounds 0, 2, 4, 6 are the spec's odd rounds).
func kasumiF(i int, x uint32, k *[8]uint16) uint32 {
	if i%2 == 0 {
		return kasumiFO(kasumiFL(x, k), k)
	}
	return kasumiFL(kasumiFO(x, k), k)
}

func kasumiFL(x uint32, k *[8]uint16) uint32 {
	l, r := uint16(x>>16), uint16(x)
	r ^= bits.RotateLeft16(l&k[0], 1)
	l ^= bits.RotateLeft16(r|k[1], 1)
	return uint32(l)<<16 | uint32(r)
}

func kasumiFO(x uint32, k *[8]uint16) uint32 {
	l, r := uint16(x>>16), uint16(x)
	for j := range 3 {
		l, r = r, kasumiFI(l^k[2+j], k[5+j])^r
	}
	return uint32(l)<<16 | uint32(r)
}

// kasumiFI splits its input into a 9-bit half (top) and a 7-bit half; ZE and TR of the spec are the
// zero extension of the 7-bit half and the truncation of the 9-bit one.
func kasumiFI(in, ki uint16) uint16 {
	nine, seven := in>>7, in&0x7f
	nine = kasumiS9[nine] ^ seven
	seven = uint16(kasumiS7[seven]) ^ nine&0x7f
	seven ^= ki >> 9
	nine ^= ki & 0x1ff
	nine = kasumiS9[nine] ^ seven
	seven = uint16(kasumiS7[seven]) ^ nine&0x7f
	return seven<<9 | nine
}
