package cipher

// CHAM: Koo, Roh, Kim, Jung, Lee, Kwon, "CHAM: A Family of Lightweight Block Ciphers for
// Resource-Constrained Devices", ICISC 2017 (LNCS 10779), section 2. The 2019 revision (Roh et al.,
// "Revised Version of Block Cipher CHAM", ICISC 2019) keeps every function and raises only the round
// counts.
//
// The block is four w-bit words X[0..3]. Round i (counting from 0) computes
//
//	even i: X' = ROL8((X[0] ^ i) + (ROL1(X[1]) ^ RK[i mod 2k/w]))
//	odd  i: X' = ROL1((X[0] ^ i) + (ROL8(X[1]) ^ RK[i mod 2k/w]))
//
// and moves the words left: (X[1], X[2], X[3], X'). The key schedule makes 2k/w round keys from the k/w
// key words K[i]:
//
//	RK[i]           = K[i] ^ ROL1(K[i]) ^ ROL8(K[i])
//	RK[(i+k/w) ^ 1] = K[i] ^ ROL1(K[i]) ^ ROL11(K[i])

// Round counts of the CHAM variants: the ICISC 2017 paper and its ICISC 2019 revision.
const (
	CHAM64_128Rounds2017  = 80
	CHAM64_128Rounds2019  = 88
	CHAM128_128Rounds2017 = 80
	CHAM128_128Rounds2019 = 112
	CHAM128_256Rounds2017 = 96
	CHAM128_256Rounds2019 = 120
)

// CHAM64_128 returns CHAM-64/128 (16-bit words, 64-bit block, 128-bit key) running the given number of
// rounds: [CHAM64_128Rounds2017] (80) or [CHAM64_128Rounds2019] (88) for the published versions; a
// rounds value of 0 or less selects the 2019 count. RoundKeys gives the 16 round keys RK[0..15], 2 bytes
// each (32 bytes).
func CHAM64_128(rounds int) Cipher {
	return newCHAM("CHAM-64/128", 16, 128, rounds, CHAM64_128Rounds2019)
}

// CHAM128_128 returns CHAM-128/128 (32-bit words, 128-bit block, 128-bit key) running the given number
// of rounds: [CHAM128_128Rounds2017] (80) or [CHAM128_128Rounds2019] (112) for the published versions;
// a rounds value of 0 or less selects the 2019 count. RoundKeys gives the 8 round keys RK[0..7], 4
// bytes each (32 bytes).
func CHAM128_128(rounds int) Cipher {
	return newCHAM("CHAM-128/128", 32, 128, rounds, CHAM128_128Rounds2019)
}

// CHAM128_256 returns CHAM-128/256 (32-bit words, 128-bit block, 256-bit key) running the given number
// of rounds: [CHAM128_256Rounds2017] (96) or [CHAM128_256Rounds2019] (120) for the published versions;
// a rounds value of 0 or less selects the 2019 count. RoundKeys gives the 16 round keys RK[0..15], 4
// bytes each (64 bytes).
func CHAM128_256(rounds int) Cipher {
	return newCHAM("CHAM-128/256", 32, 256, rounds, CHAM128_256Rounds2019)
}

type cham struct {
	name     string
	w        word
	keyWords int // k/w
	rounds   int
}

func newCHAM(name string, wordBits, keyBits, rounds, def int) *cham {
	if rounds <= 0 {
		rounds = def
	}
	return &cham{name: name, w: newWord(wordBits), keyWords: keyBits / wordBits, rounds: rounds}
}

func (c *cham) Name() string   { return c.name }
func (c *cham) BlockSize() int { return 4 * c.w.size() }
func (c *cham) KeySize() int   { return c.keyWords * c.w.size() }
func (c *cham) Rounds() int    { return c.rounds }

// expand runs the key schedule and returns the 2k/w round-key words.
func (c *cham) expand(key []byte) []uint64 {
	needLen(c.name, "key", key, c.KeySize(), true)
	w := c.w
	rk := make([]uint64, 2*c.keyWords)
	for i, k := range w.loadAll(key) {
		rk[i] = k ^ w.rol(k, 1) ^ w.rol(k, 8)
		rk[(i+c.keyWords)^1] = k ^ w.rol(k, 1) ^ w.rol(k, 11)
	}
	return rk
}

func (c *cham) RoundKeys(key []byte) []byte {
	return c.w.storeAll(c.expand(key))
}

func (c *cham) Encrypt(dst, src, key []byte) {
	c.encrypt(dst, src, c.expand(key))
}

func (c *cham) EncryptWithRoundKeys(dst, src, rk []byte) {
	needLen(c.name, "round-key table", rk, 2*c.keyWords*c.w.size(), true)
	c.encrypt(dst, src, c.w.loadAll(rk))
}

// chamShifts returns the rotation of X[1] and of the sum in round i: (1, 8) in even rounds, (8, 1) in odd.
func chamShifts(i int) (r1, r2 uint) {
	if i%2 == 0 {
		return 1, 8
	}
	return 8, 1
}

// load reads the four block words X[0..3] from src.
func (c *cham) load(src []byte) (x [4]uint64) {
	for j := range x {
		x[j] = c.w.load(src[j*c.w.size():])
	}
	return x
}

// store writes the four block words to dst.
func (c *cham) store(dst []byte, x [4]uint64) {
	for j, v := range x {
		c.w.store(dst[j*c.w.size():], v)
	}
}

func (c *cham) encrypt(dst, src []byte, rk []uint64) {
	needLen(c.name, "src", src, c.BlockSize(), false)
	needLen(c.name, "dst", dst, c.BlockSize(), false)
	w := c.w
	x := c.load(src)
	for i := range c.rounds {
		r1, r2 := chamShifts(i)
		t := w.rol((x[0]^uint64(i))+(w.rol(x[1], r1)^rk[i%len(rk)]), r2)
		x[0], x[1], x[2], x[3] = x[1], x[2], x[3], t
	}
	c.store(dst, x)
}

func (c *cham) Decrypt(dst, src, key []byte) {
	rk := c.expand(key)
	needLen(c.name, "src", src, c.BlockSize(), false)
	needLen(c.name, "dst", dst, c.BlockSize(), false)
	w := c.w
	x := c.load(src)
	for i := c.rounds - 1; i >= 0; i-- {
		r1, r2 := chamShifts(i)
		x0 := ((w.ror(x[3], r2) - (w.rol(x[0], r1) ^ rk[i%len(rk)])) ^ uint64(i)) & w.mask
		x[0], x[1], x[2], x[3] = x0, x[0], x[1], x[2]
	}
	c.store(dst, x)
}
