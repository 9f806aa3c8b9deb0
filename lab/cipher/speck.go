package cipher

import "github.com/avrlab/avrlab/internal/textf"

// SPECK: Beaulieu, Shors, Smith, Treatman-Clark, Weeks, Wingers, "The SIMON and SPECK Families of
// Lightweight Block Ciphers", IACR ePrint 2013/404, section 4 (round counts in Table 4.1).
//
// The block is two n-bit words (x, y); the memory layout is y then x, each little-endian. One round with
// round key k is
//
//	x = (ROR(x, α) + y) ^ k
//	y = ROL(y, β) ^ x
//
// with (α, β) = (7, 2) for n = 16 and (8, 3) otherwise. The key is m words (l[m-2], ..., l[0], k[0]),
// stored k[0], l[0], l[1], ... at increasing addresses. The key schedule reuses the round function with
// the round number as key:
//
//	l[i+m-1] = (k[i] + ROR(l[i], α)) ^ i
//	k[i+1]   = ROL(k[i], β) ^ l[i+m-1]

// speckSizes lists the (block, key, rounds) triples SPECK defines, in bits.
var speckSizes = [...]struct{ block, key, rounds int }{
	{32, 64, 22}, {48, 72, 22}, {48, 96, 23}, {64, 96, 26}, {64, 128, 27},
	{96, 96, 28}, {96, 144, 29}, {128, 128, 32}, {128, 192, 33}, {128, 256, 34},
}

// Speck returns SPECK with the given block and key sizes in bits, one of the ten the designers define:
// 32/64, 48/72, 48/96, 64/96, 64/128, 96/96, 96/144, 128/128, 128/192, 128/256. Other sizes give an
// error wrapping [ErrUnsupportedSize]. RoundKeys gives the key k[i] of every round, i = 0..T-1, each a
// little-endian word of blockBits/2 bits (SPECK-64/128: 27 x 4 = 108 bytes).
func Speck(blockBits, keyBits int) (Cipher, error) {
	for _, s := range speckSizes {
		if s.block == blockBits && s.key == keyBits {
			c := &speck{
				name:   textf.Sprintf("SPECK-%d/%d", blockBits, keyBits),
				w:      newWord(blockBits / 2),
				m:      keyBits * 2 / blockBits,
				rounds: s.rounds,
				alpha:  8,
				beta:   3,
			}
			if blockBits == 32 {
				c.alpha, c.beta = 7, 2
			}
			return c, nil
		}
	}
	return nil, textf.Errorf("cipher: speck-%d/%d: %w", blockBits, keyBits, ErrUnsupportedSize)
}

type speck struct {
	name        string
	w           word
	m           int // key words
	rounds      int
	alpha, beta uint
}

func (c *speck) Name() string   { return c.name }
func (c *speck) BlockSize() int { return 2 * c.w.size() }
func (c *speck) KeySize() int   { return c.m * c.w.size() }
func (c *speck) Rounds() int    { return c.rounds }

// expand runs the key schedule and returns the round keys k[0..T-1].
func (c *speck) expand(key []byte) []uint64 {
	needLen(c.name, "key", key, c.KeySize(), true)
	w := c.w
	kw := w.loadAll(key)
	rk := make([]uint64, c.rounds)
	rk[0] = kw[0]
	l := kw[1:] // l[i], ..., l[i+m-2]: a sliding window
	for i := 0; i < c.rounds-1; i++ {
		next := ((rk[i] + w.ror(l[0], c.alpha)) ^ uint64(i)) & w.mask
		rk[i+1] = w.rol(rk[i], c.beta) ^ next
		l = append(l[1:], next)
	}
	return rk
}

func (c *speck) RoundKeys(key []byte) []byte {
	return c.w.storeAll(c.expand(key))
}

func (c *speck) Encrypt(dst, src, key []byte) {
	c.encrypt(dst, src, c.expand(key))
}

func (c *speck) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.name, "round-key table", rk, c.rounds*c.w.size(), true)
	c.encrypt(dst, src, c.w.loadAll(rk))
}

func (c *speck) encrypt(dst, src []byte, rk []uint64) {
	needLen(c.name, "src", src, c.BlockSize(), false)
	needLen(c.name, "dst", dst, c.BlockSize(), false)
	w := c.w
	n := w.size()
	y, x := w.load(src), w.load(src[n:])
	for _, k := range rk {
		x = ((w.ror(x, c.alpha) + y) & w.mask) ^ k
		y = w.rol(y, c.beta) ^ x
	}
	w.store(dst, y)
	w.store(dst[n:], x)
}

func (c *speck) Decrypt(dst, src, key []byte) {
	rk := c.expand(key)
	needLen(c.name, "src", src, c.BlockSize(), false)
	needLen(c.name, "dst", dst, c.BlockSize(), false)
	w := c.w
	n := w.size()
	y, x := w.load(src), w.load(src[n:])
	for i := len(rk) - 1; i >= 0; i-- {
		y = w.ror(y^x, c.beta)
		x = w.rol((x^rk[i])-y, c.alpha)
	}
	w.store(dst, y)
	w.store(dst[n:], x)
}
