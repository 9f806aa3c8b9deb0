package cipher

import "encoding/binary"

// IDEA: X. Lai, J. L. Massey, "Markov Ciphers and Differential Cryptanalysis", EUROCRYPT '91 (PES
// improved, renamed IDEA); structure as in the Handbook of Applied Cryptography, Algorithms 7.101 and
// 7.102. The block is four 16-bit words X1..X4 and the key eight words; each of the 8 rounds mixes
// three group operations on 16-bit words (XOR, addition mod 2^16, multiplication mod 2^16+1 with the
// word 0 standing for 2^16), and an output transformation follows:
//
//	X1 = X1 ⊙ Z1, X2 += Z2, X3 += Z3, X4 = X4 ⊙ Z4
//	t0 = (X1 ^ X3) ⊙ Z5, t1 = ((X2 ^ X4) + t0) ⊙ Z6, t0 += t1
//	X1 ^= t1, X4 ^= t0, (X2, X3) = (X3 ^ t1, X2 ^ t0)
//
// The 52 subkeys Z1..Z52 are the key's words in order, the 128-bit key rotated left by 25 bits
// after every eight. Words are big-endian as the designers print them (X1 = block bytes 0..1, Z1 =
// key bytes 0..1): the byte order of ../shared/data/vectors-systems.json.

const ideaRounds = 8

// IDEA returns IDEA (64-bit block, 128-bit key, 8 rounds and the output transformation; Rounds
// reports 8). Block and key are big-endian 16-bit words in printed order. RoundKeys gives the 52
// encryption subkeys Z1..Z52, each a big-endian 16-bit word (104 bytes), the table an AVR routine
// that schedules the key once would keep.
func IDEA() Cipher { return idea{} }

type idea struct{}

func (idea) Name() string   { return "IDEA" }
func (idea) BlockSize() int { return 8 }
func (idea) KeySize() int   { return 16 }
func (idea) Rounds() int    { return ideaRounds }

// ideaSubkeys expands the 16-byte key into Z1..Z52.
func ideaSubkeys(key []byte) [52]uint16 {
	var z [52]uint16
	var hi, lo uint64 = binary.BigEndian.Uint64(key), binary.BigEndian.Uint64(key[8:])
	for i := 0; i < 52; i += 8 {
		for j := 0; j < 8 && i+j < 52; j++ {
			w := hi
			if j >= 4 {
				w = lo
			}
			z[i+j] = uint16(w >> (48 - 16*uint(j%4)))
		}
		hi, lo = hi<<25|lo>>39, lo<<25|hi>>39
	}
	return z
}

func (c idea) RoundKeys(key []byte) []byte {
	needLen(c.Name(), "key", key, 16, true)
	z := ideaSubkeys(key)
	out := make([]byte, 2*len(z))
	for i, w := range z {
		binary.BigEndian.PutUint16(out[2*i:], w)
	}
	return out
}

func (c idea) Encrypt(dst, src, key []byte) {
	needLen(c.Name(), "key", key, 16, true)
	z := ideaSubkeys(key)
	c.crypt(dst, src, &z)
}

func (c idea) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.Name(), "round-key table", rk, 104, true)
	var z [52]uint16
	for i := range z {
		z[i] = binary.BigEndian.Uint16(rk[2*i:])
	}
	c.crypt(dst, src, &z)
}

// Decrypt runs the same rounds with the decryption subkeys: the multiplicative and additive inverses
// of the encryption subkeys in reverse order (HAC Algorithm 7.101, step 2).
func (c idea) Decrypt(dst, src, key []byte) {
	needLen(c.Name(), "key", key, 16, true)
	z := ideaSubkeys(key)
	var d [52]uint16
	for i := 0; i <= ideaRounds; i++ {
		j := 6 * (ideaRounds - i)
		d[6*i] = ideaInv(z[j])
		d[6*i+3] = ideaInv(z[j+3])
		if i == 0 || i == ideaRounds {
			d[6*i+1], d[6*i+2] = -z[j+1], -z[j+2]
		} else {
			d[6*i+1], d[6*i+2] = -z[j+2], -z[j+1]
		}
		if i < ideaRounds {
			d[6*i+4], d[6*i+5] = z[j-2], z[j-1]
		}
	}
	c.crypt(dst, src, &d)
}

func (c idea) crypt(dst, src []byte, z *[52]uint16) {
	needLen(c.Name(), "src", src, 8, false)
	needLen(c.Name(), "dst", dst, 8, false)
	x1, x2 := binary.BigEndian.Uint16(src), binary.BigEndian.Uint16(src[2:])
	x3, x4 := binary.BigEndian.Uint16(src[4:]), binary.BigEndian.Uint16(src[6:])
	for r := range ideaRounds {
		k := z[6*r:]
		x1, x2, x3, x4 = ideaMul(x1, k[0]), x2+k[1], x3+k[2], ideaMul(x4, k[3])
		t0 := ideaMul(x1^x3, k[4])
		t1 := ideaMul((x2^x4)+t0, k[5])
		t0 += t1
		x1, x2, x3, x4 = x1^t1, x3^t1, x2^t0, x4^t0
	}
	k := z[48:]
	binary.BigEndian.PutUint16(dst, ideaMul(x1, k[0]))
	binary.BigEndian.PutUint16(dst[2:], x3+k[1])
	binary.BigEndian.PutUint16(dst[4:], x2+k[2])
	binary.BigEndian.PutUint16(dst[6:], ideaMul(x4, k[3]))
}

// ideaMul multiplies modulo 2^16+1, the word 0 standing for 2^16.
func ideaMul(a, b uint16) uint16 {
	x, y := uint32(a), uint32(b)
	if x == 0 {
		x = 1 << 16
	}
	if y == 0 {
		y = 1 << 16
	}
	return uint16(uint64(x) * uint64(y) % 65537) // 2^16 becomes 0 again
}

// ideaInv is the inverse modulo 2^16+1 (0, i.e. 2^16 = -1, is its own inverse): x^(2^16-1).
func ideaInv(a uint16) uint16 {
	r, x := uint16(1), a
	for e := 65535; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = ideaMul(r, x)
		}
		x = ideaMul(x, x)
	}
	return r
}
