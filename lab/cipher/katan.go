package cipher

import "encoding/binary"

// KATAN-64: De Cannière, Dunkelman, Knežević, "KATAN and KTANTAN — A Family of Small and Efficient
// Hardware-Oriented Block Ciphers", CHES 2009 (LNCS 5747), section 3.
//
// The plaintext bits p0..p63 load two registers, L2[i] = p_i (i = 0..38) and L1[i] = p_{39+i}
// (i = 0..24). Round r (0..253) uses the key bits ka = k_{2r}, kb = k_{2r+1} and the irregular-update
// bit IR_r, and applies three times in sequence
//
//	fa = L1[24] ^ L1[15] ^ L1[20]·L1[11] ^ L1[9]·IR_r ^ ka
//	fb = L2[38] ^ L2[25] ^ L2[33]·L2[21] ^ L2[14]·L2[9] ^ kb
//	shift L1 and L2 up one bit; L1[0] = fb, L2[0] = fa
//
// The ciphertext is read back the same way. The 80 key bits k0..k79 extend by
// k_{i+80} = k_i ^ k_{i+19} ^ k_{i+30} ^ k_{i+67}. IR_r is s_r of the sequence s_0..s_6 = 1, s_7 = 0,
// s_{t+8} = s_t ^ s_{t+1} ^ s_{t+3} ^ s_{t+5} (the paper's 8-bit LFSR, x^8+x^7+x^5+x^3+1, started at
// all ones).
//
// Byte order: a little-endian AVR routine keeps block and key as little-endian integers, bit i in byte
// i>>3 at position i&7 (the *_bytes fields of ../shared/data/vectors-attiny45.json; the paper and the
// designers' code print the integers most significant bit first, *_bytes_bigendian).

const (
	katanRounds  = 254
	katanKeyBits = 2 * katanRounds
	katanRKBytes = (katanKeyBits + 7) / 8
	katanL1Mask  = 1<<25 - 1
	katanL2Mask  = 1<<39 - 1
)

// katanIR holds IR_0..IR_253.
var katanIR = func() (ir [katanRounds]byte) {
	s := make([]byte, 0, katanRounds+8)
	s = append(s, 1, 1, 1, 1, 1, 1, 1, 0)
	for t := 0; len(s) < katanRounds; t++ {
		s = append(s, s[t]^s[t+1]^s[t+3]^s[t+5])
	}
	copy(ir[:], s)
	return ir
}()

// KATAN64 returns KATAN-64 (64-bit block, 80-bit key, 254 rounds); block and key are little-endian
// integers (see above: the printed values byte-reversed). RoundKeys gives the 508 round-key bits
// k_0..k_507 packed little-endian, bit j in byte j>>3 at position j&7, the top four bits of byte 63
// zero (64 bytes; round r uses bits 2r and 2r+1, the first 80 bits are the key itself).
func KATAN64() Cipher { return katan64{} }

type katan64 struct{}

func (katan64) Name() string   { return "KATAN-64" }
func (katan64) BlockSize() int { return 8 }
func (katan64) KeySize() int   { return 10 }
func (katan64) Rounds() int    { return katanRounds }

func (c katan64) RoundKeys(key []byte) []byte {
	needLen(c.Name(), "key", key, 10, true)
	k := make([]byte, katanKeyBits) // one bit per byte
	for i := range 80 {
		k[i] = key[i>>3] >> (i & 7) & 1
	}
	for i := 80; i < katanKeyBits; i++ {
		k[i] = k[i-80] ^ k[i-61] ^ k[i-50] ^ k[i-13]
	}
	rk := make([]byte, katanRKBytes)
	for i, b := range k {
		rk[i>>3] |= b << (i & 7)
	}
	return rk
}

func (c katan64) Encrypt(dst, src, key []byte) { c.encrypt(dst, src, c.RoundKeys(key)) }

func (c katan64) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.Name(), "round-key table", rk, katanRKBytes, true)
	c.encrypt(dst, src, rk)
}

func (c katan64) load(dst, src []byte) (l1 uint32, l2 uint64) {
	needLen(c.Name(), "src", src, 8, false)
	needLen(c.Name(), "dst", dst, 8, false)
	p := binary.LittleEndian.Uint64(src)
	return uint32(p >> 39), p & katanL2Mask
}

func katanStore(dst []byte, l1 uint32, l2 uint64) {
	binary.LittleEndian.PutUint64(dst, uint64(l1)<<39|l2)
}

// katanBit returns round-key bit j of the packed table rk.
func katanBit(rk []byte, j int) uint32 { return uint32(rk[j>>3] >> (j & 7) & 1) }

func bit32(x uint32, i uint) uint32 { return x >> i & 1 }
func bit64(x uint64, i uint) uint64 { return x >> i & 1 }

func (c katan64) encrypt(dst, src, rk []byte) {
	l1, l2 := c.load(dst, src)
	for r := range katanRounds {
		ka, kb, ir := katanBit(rk, 2*r), uint64(katanBit(rk, 2*r+1)), uint32(katanIR[r])
		for range 3 {
			fa := bit32(l1, 24) ^ bit32(l1, 15) ^ bit32(l1, 20)&bit32(l1, 11) ^ bit32(l1, 9)&ir ^ ka
			fb := bit64(l2, 38) ^ bit64(l2, 25) ^ bit64(l2, 33)&bit64(l2, 21) ^ bit64(l2, 14)&bit64(l2, 9) ^ kb
			l1 = (l1<<1 | uint32(fb)) & katanL1Mask
			l2 = (l2<<1 | uint64(fa)) & katanL2Mask
		}
	}
	katanStore(dst, l1, l2)
}

func (c katan64) Decrypt(dst, src, key []byte) {
	rk := c.RoundKeys(key)
	l1, l2 := c.load(dst, src)
	for r := katanRounds - 1; r >= 0; r-- {
		ka, kb, ir := katanBit(rk, 2*r), uint64(katanBit(rk, 2*r+1)), uint32(katanIR[r])
		for range 3 {
			fb, fa := uint64(l1&1), l2&1
			l1, l2 = l1>>1, l2>>1
			// The bits shifted out, L1[24] and L2[38], follow from fa and fb: every other term uses
			// lower bits, which the shift restored.
			top1 := uint32(fa) ^ bit32(l1, 15) ^ bit32(l1, 20)&bit32(l1, 11) ^ bit32(l1, 9)&ir ^ ka
			top2 := fb ^ bit64(l2, 25) ^ bit64(l2, 33)&bit64(l2, 21) ^ bit64(l2, 14)&bit64(l2, 9) ^ kb
			l1 |= top1 << 24
			l2 |= top2 << 38
		}
	}
	katanStore(dst, l1, l2)
}
