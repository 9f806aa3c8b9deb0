package cipher

import "encoding/binary"

// PRESENT-80: Bogdanov, Knudsen, Leander, Paar, Poschmann, Robshaw, Seurin, Vikkelsoe, "PRESENT: An
// Ultra-Lightweight Block Cipher", CHES 2007 (LNCS 4727), section 3.
//
// The state is the 64-bit integer b63..b0 and the key register the 80-bit integer k79..k0. Each of the
// 31 rounds XORs the round key K_i = k79..k16 into the state, replaces every nibble (bits 4j+3..4j) by
// S[nibble] and moves bit j to bit 16j mod 63 (bit 63 stays). The key register then rotates left by 61,
// passes k79..k76 through S and XORs the round counter i (1..31) into k19..k15. K_32 whitens the result.
//
// Byte order: the paper prints integers most significant nibble first. Here, as in a little-endian AVR
// routine, the block is the 64-bit integer little-endian (byte 0 = b7..b0) and the key the 80-bit
// integer little-endian (byte 0 = k7..k0): the printed hex strings byte-reversed. These are the
// *_bytes fields of ../shared/data/vectors-attiny45.json; *_bytes_bigendian are the printed strings.

const (
	presentRounds  = 31
	presentRKBytes = 8 * (presentRounds + 1)
)

var presentSbox = [16]byte{0xc, 0x5, 0x6, 0xb, 0x9, 0x0, 0xa, 0xd, 0x3, 0xe, 0xf, 0x8, 0x4, 0x7, 0x1, 0x2}

// presentInv is the inverse S-box.
var presentInv = func() (inv [16]byte) {
	for i, s := range presentSbox {
		inv[s] = byte(i)
	}
	return inv
}()

// PRESENT80 returns PRESENT-80 (64-bit block, 80-bit key, 31 rounds); block and key are little-endian
// integers (see the byte-order note above: the printed values byte-reversed). RoundKeys gives the 32
// round keys K_1..K_32, each a 64-bit little-endian integer (256 bytes): round i XORs K_i, K_32 is the
// final whitening key.
//
// # Notes
//
// The 256-byte table does not fit beside a stack in the ATtiny45's 256 bytes of SRAM; ATtiny45 code
// schedules the key on the fly (the ECRYPT encryption + key scheduling scenario).
func PRESENT80() Cipher { return present80{} }

type present80 struct{}

func (present80) Name() string   { return "PRESENT-80" }
func (present80) BlockSize() int { return 8 }
func (present80) KeySize() int   { return 10 }
func (present80) Rounds() int    { return presentRounds }

// roundKeys returns K_1..K_32 as integers.
func (c present80) roundKeys(key []byte) (ks [presentRounds + 1]uint64) {
	needLen(c.Name(), "key", key, 10, true)
	lo := binary.LittleEndian.Uint64(key[:8])         // k63..k0
	hi := uint64(binary.LittleEndian.Uint16(key[8:])) // k79..k64
	for i := range ks {
		ks[i] = hi<<48 | lo>>16
		// Rotate the 80-bit register left by 61: k18..k0 move to the top.
		low19 := lo & (1<<19 - 1)
		lo, hi = low19<<61|hi<<45|lo>>19, low19>>3
		hi = hi&0x0fff | uint64(presentSbox[hi>>12])<<12
		lo ^= uint64(i+1) << 15
	}
	return ks
}

func (c present80) RoundKeys(key []byte) []byte {
	ks := c.roundKeys(key)
	rk := make([]byte, presentRKBytes)
	for i, k := range ks {
		binary.LittleEndian.PutUint64(rk[8*i:], k)
	}
	return rk
}

func (c present80) Encrypt(dst, src, key []byte) {
	ks := c.roundKeys(key)
	c.encrypt(dst, src, ks[:])
}

func (c present80) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.Name(), "round-key table", rk, presentRKBytes, true)
	var ks [presentRounds + 1]uint64
	for i := range ks {
		ks[i] = binary.LittleEndian.Uint64(rk[8*i:])
	}
	c.encrypt(dst, src, ks[:])
}

func (c present80) load(dst, src []byte) uint64 {
	needLen(c.Name(), "src", src, 8, false)
	needLen(c.Name(), "dst", dst, 8, false)
	return binary.LittleEndian.Uint64(src)
}

// presentSubst applies the 4-bit S-box table s to all 16 nibbles.
func presentSubst(x uint64, s *[16]byte) uint64 {
	var y uint64
	for j := 0; j < 64; j += 4 {
		y |= uint64(s[x>>j&0xf]) << j
	}
	return y
}

// presentPerm moves bit j to bit 16j mod 63 (bit 63 fixed); inverse undoes it.
func presentPerm(x uint64, inverse bool) uint64 {
	var y uint64
	for j := range 64 {
		to := 16 * j % 63
		if j == 63 {
			to = 63
		}
		if inverse {
			y |= (x >> to & 1) << j
		} else {
			y |= (x >> j & 1) << to
		}
	}
	return y
}

func (c present80) encrypt(dst, src []byte, ks []uint64) {
	x := c.load(dst, src)
	for i := range presentRounds {
		x = presentPerm(presentSubst(x^ks[i], &presentSbox), false)
	}
	binary.LittleEndian.PutUint64(dst, x^ks[presentRounds])
}

func (c present80) Decrypt(dst, src, key []byte) {
	ks := c.roundKeys(key)
	x := c.load(dst, src) ^ ks[presentRounds]
	for i := presentRounds - 1; i >= 0; i-- {
		x = presentSubst(presentPerm(x, true), &presentInv) ^ ks[i]
	}
	binary.LittleEndian.PutUint64(dst, x)
}

// PRESENTSbox returns the PRESENT S-box (Bogdanov et al., CHES 2007, table 1), a copy.
func PRESENTSbox() [16]byte { return presentSbox }
