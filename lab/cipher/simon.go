package cipher

import "github.com/avrlab/avrlab/internal/textf"

// SIMON: Beaulieu, Shors, Smith, Treatman-Clark, Weeks, Wingers, "The SIMON and SPECK Families of
// Lightweight Block Ciphers", IACR ePrint 2013/404, section 3 (round counts and z sequences in Table
// 3.1 and section 3's key expansion).
//
// The block is two n-bit words (x, y); the memory layout is y then x, each little-endian. One round with
// round key k is the Feistel step
//
//	(x, y) = (y ^ f(x) ^ k, x)    where f(x) = (ROL1(x) & ROL8(x)) ^ ROL2(x)
//
// The key is m words (k[m-1], ..., k[0]), stored k[0], k[1], ... at increasing addresses; they are the
// first m round keys. The rest follow from
//
//	t    = ROR3(k[i-1]) (^ k[i-3] when m = 4)
//	k[i] = ~k[i-m] ^ t ^ ROR1(t) ^ z[(i-m) mod 62] ^ 3
//
// where z is one of five fixed 62-bit sequences z0..z4 chosen by the variant.

// simonZ holds the sequences z0..z4 as printed in the paper, first bit (z[0]) on the left.
var simonZ = [5]string{
	"11111010001001010110000111001101111101000100101011000011100110",
	"10001110111110010011000010110101000111011111001001100001011010",
	"10101111011100000011010010011000101000010001111110010110110011",
	"11011011101011000110010111100000010010001010011100110100001111",
	"11010001111001101011011000100000010111000011001010010011101111",
}

// simonSizes lists the (block, key, rounds, z index) SIMON defines, sizes in bits.
var simonSizes = [...]struct{ block, key, rounds, z int }{
	{32, 64, 32, 0}, {48, 72, 36, 0}, {48, 96, 36, 1}, {64, 96, 42, 2}, {64, 128, 44, 3},
	{96, 96, 52, 2}, {96, 144, 54, 3}, {128, 128, 68, 2}, {128, 192, 69, 3}, {128, 256, 72, 4},
}

// Simon returns SIMON with the given block and key sizes in bits, one of the ten the designers define:
// 32/64, 48/72, 48/96, 64/96, 64/128, 96/96, 96/144, 128/128, 128/192, 128/256. Other sizes give an
// error wrapping [ErrUnsupportedSize]. RoundKeys gives the key k[i] of every round, i = 0..T-1, each a
// little-endian word of blockBits/2 bits (SIMON-64/128: 44 x 4 = 176 bytes); the first m are the key.
func Simon(blockBits, keyBits int) (Cipher, error) {
	for _, s := range simonSizes {
		if s.block == blockBits && s.key == keyBits {
			return &simon{
				name:   textf.Sprintf("SIMON-%d/%d", blockBits, keyBits),
				w:      newWord(blockBits / 2),
				m:      keyBits * 2 / blockBits,
				rounds: s.rounds,
				z:      simonZ[s.z],
			}, nil
		}
	}
	return nil, textf.Errorf("cipher: simon-%d/%d: %w", blockBits, keyBits, ErrUnsupportedSize)
}

type simon struct {
	name   string
	w      word
	m      int // key words
	rounds int
	z      string
}

func (c *simon) Name() string   { return c.name }
func (c *simon) BlockSize() int { return 2 * c.w.size() }
func (c *simon) KeySize() int   { return c.m * c.w.size() }
func (c *simon) Rounds() int    { return c.rounds }

// expand runs the key schedule and returns the round keys k[0..T-1].
func (c *simon) expand(key []byte) []uint64 {
	needLen(c.name, "key", key, c.KeySize(), true)
	w := c.w
	rk := make([]uint64, c.rounds)
	copy(rk, w.loadAll(key))
	for i := c.m; i < c.rounds; i++ {
		t := w.ror(rk[i-1], 3)
		if c.m == 4 {
			t ^= rk[i-3]
		}
		t ^= w.ror(t, 1)
		z := uint64(c.z[(i-c.m)%62] - '0')
		rk[i] = (^rk[i-c.m] ^ t ^ z ^ 3) & w.mask
	}
	return rk
}

// f is SIMON's round function.
func (c *simon) f(x uint64) uint64 {
	return (c.w.rol(x, 1) & c.w.rol(x, 8)) ^ c.w.rol(x, 2)
}

func (c *simon) RoundKeys(key []byte) []byte {
	return c.w.storeAll(c.expand(key))
}

func (c *simon) Encrypt(dst, src, key []byte) {
	c.encrypt(dst, src, c.expand(key))
}

func (c *simon) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.name, "round-key table", rk, c.rounds*c.w.size(), true)
	c.encrypt(dst, src, c.w.loadAll(rk))
}

func (c *simon) encrypt(dst, src []byte, rk []uint64) {
	needLen(c.name, "src", src, c.BlockSize(), false)
	needLen(c.name, "dst", dst, c.BlockSize(), false)
	w := c.w
	n := w.size()
	y, x := w.load(src), w.load(src[n:])
	for _, k := range rk {
		x, y = y^c.f(x)^k, x
	}
	w.store(dst, y)
	w.store(dst[n:], x)
}

func (c *simon) Decrypt(dst, src, key []byte) {
	rk := c.expand(key)
	needLen(c.name, "src", src, c.BlockSize(), false)
	needLen(c.name, "dst", dst, c.BlockSize(), false)
	w := c.w
	n := w.size()
	y, x := w.load(src), w.load(src[n:])
	for i := len(rk) - 1; i >= 0; i-- {
		x, y = y, x^c.f(y)^rk[i]
	}
	w.store(dst, y)
	w.store(dst[n:], x)
}
