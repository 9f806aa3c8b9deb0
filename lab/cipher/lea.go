package cipher

import (
	"encoding/binary"
	"math/bits"
)

// LEA: Hong, Lee, Lee, Koo, Lee, Kwon, "LEA: A 128-Bit Block Cipher for Fast Encryption on Common
// Processors", WISA 2013 (LNCS 8267), sections 2.2-2.4; Korean standard TTAK.KO-12.0223 (KISA).
//
// The block is four 32-bit little-endian words X[0..3]. Round i with the six-word round key RK[i] is
//
//	X'[0] = ROL9((X[0] ^ RK[i][0]) + (X[1] ^ RK[i][1]))
//	X'[1] = ROR5((X[1] ^ RK[i][2]) + (X[2] ^ RK[i][3]))
//	X'[2] = ROR3((X[2] ^ RK[i][4]) + (X[3] ^ RK[i][5]))
//	X'[3] = X[0]
//
// LEA-128 runs 24 rounds. Its key schedule updates the four key words T[0..3] each round with the
// constant δ[i mod 4]:
//
//	T[j] = ROL_{1,3,6,11}(T[j] + ROL_{i+j}(δ[i mod 4]))   for j = 0..3
//	RK[i] = (T[0], T[1], T[2], T[1], T[3], T[1])

// leaDelta holds the key-schedule constants δ[0..3] of LEA-128 (δ[4..7] serve only the longer keys).
var leaDelta = [4]uint32{0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec}

const leaRounds = 24

// LEA128 returns LEA with a 128-bit block and a 128-bit key (24 rounds). RoundKeys gives the 24 round
// keys RK[i][0..5] in order, each a little-endian 32-bit word (24 x 6 x 4 = 576 bytes), repeats of T[1]
// included.
func LEA128() Cipher { return lea128{} }

type lea128 struct{}

func (lea128) Name() string   { return "LEA-128" }
func (lea128) BlockSize() int { return 16 }
func (lea128) KeySize() int   { return 16 }
func (lea128) Rounds() int    { return leaRounds }

// expand runs the LEA-128 key schedule.
func (c lea128) expand(key []byte) *[leaRounds][6]uint32 {
	needLen(c.Name(), "key", key, 16, true)
	var t [4]uint32
	for j := range t {
		t[j] = binary.LittleEndian.Uint32(key[4*j:])
	}
	shifts := [4]int{1, 3, 6, 11}
	var rk [leaRounds][6]uint32
	for i := range rk {
		d := leaDelta[i%4]
		for j := range t {
			t[j] = bits.RotateLeft32(t[j]+bits.RotateLeft32(d, i+j), shifts[j])
		}
		rk[i] = [6]uint32{t[0], t[1], t[2], t[1], t[3], t[1]}
	}
	return &rk
}

func (c lea128) RoundKeys(key []byte) []byte {
	rk := c.expand(key)
	out := make([]byte, 0, leaRounds*6*4)
	for i := range rk {
		for _, k := range rk[i] {
			out = binary.LittleEndian.AppendUint32(out, k)
		}
	}
	return out
}

func (c lea128) Encrypt(dst, src, key []byte) {
	c.encrypt(dst, src, c.expand(key))
}

func (c lea128) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.Name(), "round-key table", rk, leaRounds*6*4, true)
	var t [leaRounds][6]uint32
	for i := range t {
		for j := range t[i] {
			t[i][j] = binary.LittleEndian.Uint32(rk[4*(6*i+j):])
		}
	}
	c.encrypt(dst, src, &t)
}

// load reads the four block words after checking both lengths.
func (c lea128) load(dst, src []byte) (x [4]uint32) {
	needLen(c.Name(), "src", src, 16, false)
	needLen(c.Name(), "dst", dst, 16, false)
	for j := range x {
		x[j] = binary.LittleEndian.Uint32(src[4*j:])
	}
	return x
}

func leaStore(dst []byte, x [4]uint32) {
	for j, v := range x {
		binary.LittleEndian.PutUint32(dst[4*j:], v)
	}
}

func (c lea128) encrypt(dst, src []byte, rk *[leaRounds][6]uint32) {
	x := c.load(dst, src)
	for i := range rk {
		k := &rk[i]
		x = [4]uint32{
			bits.RotateLeft32((x[0]^k[0])+(x[1]^k[1]), 9),
			bits.RotateLeft32((x[1]^k[2])+(x[2]^k[3]), -5),
			bits.RotateLeft32((x[2]^k[4])+(x[3]^k[5]), -3),
			x[0],
		}
	}
	leaStore(dst, x)
}

func (c lea128) Decrypt(dst, src, key []byte) {
	rk := c.expand(key)
	x := c.load(dst, src)
	for i := leaRounds - 1; i >= 0; i-- {
		k := &rk[i]
		var p [4]uint32
		p[0] = x[3]
		p[1] = (bits.RotateLeft32(x[0], -9) - (p[0] ^ k[0])) ^ k[1]
		p[2] = (bits.RotateLeft32(x[1], 5) - (p[1] ^ k[2])) ^ k[3]
		p[3] = (bits.RotateLeft32(x[2], 3) - (p[2] ^ k[4])) ^ k[5]
		x = p
	}
	leaStore(dst, x)
}
