package cipher

// AES-128: NIST FIPS PUB 197 (2001). The 16-byte block in0..in15 fills the state column by column
// (section 3.4: s[r][c] = in[r+4c]) and the 16-byte key fills w[0..3] the same way; both are stored in
// that byte order, so the memory order is the order FIPS-197 prints. Ten rounds of SubBytes, ShiftRows,
// MixColumns (not in the last round) and AddRoundKey follow an initial AddRoundKey; the key expansion
// (section 5.2) gives w[0..43], and round r (0..10) adds w[4r..4r+3].

import "sync"

const (
	aesRounds  = 10
	aesRKBytes = 16 * (aesRounds + 1)
)

// aesTables holds the S-box and its inverse, computed from the definition (FIPS-197 section 5.1.1:
// the multiplicative inverse in GF(2^8) followed by the affine map with constant 0x63).
type aesTables struct{ sbox, inv [256]byte }

// aesTab returns the tables, computed on first use (65,000 multiplications in GF(2^8): not at start-up).
var aesTab = sync.OnceValue(func() *aesTables {
	t := new(aesTables)
	for x := range 256 {
		// Inverse by exponentiation: x^254 = x^-1 in GF(2^8) (and 0 for 0).
		inv := byte(1)
		for range 254 {
			inv = gfMul(inv, byte(x))
		}
		if x == 0 {
			inv = 0
		}
		s := inv
		for i := 1; i <= 4; i++ {
			s ^= inv<<i | inv>>(8-i)
		}
		s ^= 0x63
		t.sbox[x] = s
		t.inv[s] = byte(x)
	}
	return t
})

// xtime multiplies by x (0x02) in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
func xtime(b byte) byte {
	return b<<1 ^ 0x1b*(b>>7)
}

// gfMul multiplies in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
func gfMul(a, b byte) byte {
	var p byte
	for b != 0 {
		if b&1 != 0 {
			p ^= a
		}
		a = xtime(a)
		b >>= 1
	}
	return p
}

// AES128 returns AES-128 (128-bit block and key, 10 rounds). Block and key are the FIPS-197 byte
// strings in the order printed there. RoundKeys gives the 176-byte expanded key w[0..43], each word
// as its four bytes in order (w[0] = key bytes 0..3): round r adds bytes 16r..16r+15 to the state,
// byte i to in_i's position, so the table is exactly what an AVR routine XORs onto the block.
func AES128() Cipher { return aes128{} }

type aes128 struct{}

func (aes128) Name() string   { return "AES-128" }
func (aes128) BlockSize() int { return 16 }
func (aes128) KeySize() int   { return 16 }
func (aes128) Rounds() int    { return aesRounds }

func (c aes128) RoundKeys(key []byte) []byte {
	needLen(c.Name(), "key", key, 16, true)
	w := make([]byte, aesRKBytes)
	copy(w, key)
	rcon := byte(1)
	for i := 4; i < 4*(aesRounds+1); i++ {
		t := [4]byte(w[4*i-4 : 4*i])
		if i%4 == 0 {
			// RotWord, SubWord, Rcon.
			sb := &aesTab().sbox
			t = [4]byte{sb[t[1]] ^ rcon, sb[t[2]], sb[t[3]], sb[t[0]]}
			rcon = xtime(rcon)
		}
		for j := range 4 {
			w[4*i+j] = w[4*i-16+j] ^ t[j]
		}
	}
	return w
}

func (c aes128) Encrypt(dst, src, key []byte) { c.encrypt(dst, src, c.RoundKeys(key)) }

func (c aes128) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.Name(), "round-key table", rk, aesRKBytes, true)
	c.encrypt(dst, src, rk)
}

func (c aes128) load(dst, src []byte) (s [16]byte) {
	needLen(c.Name(), "src", src, 16, false)
	needLen(c.Name(), "dst", dst, 16, false)
	return [16]byte(src[:16])
}

func addRoundKey(s *[16]byte, k []byte) {
	for i := range s {
		s[i] ^= k[i]
	}
}

// shiftRows rotates row r (bytes r, r+4, r+8, r+12) left by r; unshift rotates right.
func shiftRows(s *[16]byte, unshift bool) {
	t := *s
	for r := 1; r < 4; r++ {
		for c := range 4 {
			if unshift {
				s[r+4*((c+r)%4)] = t[r+4*c]
			} else {
				s[r+4*c] = t[r+4*((c+r)%4)]
			}
		}
	}
}

func mixColumns(s *[16]byte) {
	for c := 0; c < 16; c += 4 {
		mixColumn(s[c : c+4])
	}
}

func invMixColumns(s *[16]byte) {
	for c := 0; c < 16; c += 4 {
		invMixColumn(s[c : c+4])
	}
}

// mixColumn applies the MixColumns matrix (2 3 1 1 circulant) to one 4-byte column.
func mixColumn(s []byte) {
	a0, a1, a2, a3 := s[0], s[1], s[2], s[3]
	all := a0 ^ a1 ^ a2 ^ a3
	s[0] ^= all ^ xtime(a0^a1)
	s[1] ^= all ^ xtime(a1^a2)
	s[2] ^= all ^ xtime(a2^a3)
	s[3] ^= all ^ xtime(a3^a0)
}

// invMixColumn applies the inverse matrix (14 11 13 9 circulant) to one 4-byte column.
func invMixColumn(s []byte) {
	a0, a1, a2, a3 := s[0], s[1], s[2], s[3]
	s[0] = gfMul(a0, 14) ^ gfMul(a1, 11) ^ gfMul(a2, 13) ^ gfMul(a3, 9)
	s[1] = gfMul(a0, 9) ^ gfMul(a1, 14) ^ gfMul(a2, 11) ^ gfMul(a3, 13)
	s[2] = gfMul(a0, 13) ^ gfMul(a1, 9) ^ gfMul(a2, 14) ^ gfMul(a3, 11)
	s[3] = gfMul(a0, 11) ^ gfMul(a1, 13) ^ gfMul(a2, 9) ^ gfMul(a3, 14)
}

func (c aes128) encrypt(dst, src, rk []byte) {
	s := c.load(dst, src)
	sbox := &aesTab().sbox
	addRoundKey(&s, rk[:16])
	for r := 1; r <= aesRounds; r++ {
		for i := range s {
			s[i] = sbox[s[i]]
		}
		shiftRows(&s, false)
		if r != aesRounds {
			mixColumns(&s)
		}
		addRoundKey(&s, rk[16*r:16*r+16])
	}
	copy(dst, s[:])
}

func (c aes128) Decrypt(dst, src, key []byte) {
	rk := c.RoundKeys(key)
	s := c.load(dst, src)
	inv := &aesTab().inv
	for r := aesRounds; r >= 1; r-- {
		addRoundKey(&s, rk[16*r:16*r+16])
		if r != aesRounds {
			invMixColumns(&s)
		}
		shiftRows(&s, true)
		for i := range s {
			s[i] = inv[s[i]]
		}
	}
	addRoundKey(&s, rk[:16])
	copy(dst, s[:])
}

// AESSbox returns the AES S-box (FIPS-197 section 5.1.1), a copy.
func AESSbox() [256]byte { return aesTab().sbox }
