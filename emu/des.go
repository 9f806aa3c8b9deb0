package emu

// The XMEGA DES instruction (manual §5 "DES – Data Encryption Standard"): the 64-bit data block is in
// r7:r0 (least significant bit in bit 0 of r0), the 64-bit key with parity bits in r15:r8, and
// "DES K" runs round K (0–15), encrypting when H is clear and decrypting when it is set. Sixteen DES
// instructions K = 0, 1, …, 15 in that order turn the block into the FIPS 46-3 result.
//
// The manual does not say what r7:r0 hold between rounds. avrlab applies the initial permutation in
// round 0 and keeps L (high 32 bits) and R (low 32 bits) between rounds; round 15 applies the final
// permutation. The key registers are left unchanged. Only the value after round 15 is specified.

// Permutation and selection tables of FIPS 46-3, 1-based bit numbers with bit 1 the most significant.
var (
	desIP = [64]uint8{
		58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
		62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
		57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3,
		61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
	}
	desE = [48]uint8{
		32, 1, 2, 3, 4, 5, 4, 5, 6, 7, 8, 9, 8, 9, 10, 11, 12, 13, 12, 13, 14, 15, 16, 17,
		16, 17, 18, 19, 20, 21, 20, 21, 22, 23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1,
	}
	desP = [32]uint8{
		16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10,
		2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
	}
	desPC1 = [56]uint8{
		57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
		10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
		63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
		14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
	}
	desPC2 = [48]uint8{
		14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
		41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
	}
	desShifts = [16]uint8{1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1}
	desS      = [8][64]uint8{
		{14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7,
			0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8,
			4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0,
			15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13},
		{15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10,
			3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5,
			0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15,
			13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9},
		{10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8,
			13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1,
			13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7,
			1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12},
		{7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15,
			13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9,
			10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4,
			3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14},
		{2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9,
			14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6,
			4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14,
			11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3},
		{12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11,
			10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8,
			9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6,
			4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13},
		{4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1,
			13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6,
			1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2,
			6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12},
		{13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7,
			1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2,
			7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8,
			2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11},
	}
	// desFP is the inverse of desIP.
	desFP = func() [64]uint8 {
		var fp [64]uint8
		for i, src := range desIP {
			fp[src-1] = uint8(i + 1)
		}
		return fp
	}()
)

// permute returns the bits of in (inBits wide) selected by table, first entry as the most significant
// output bit.
func permute(in uint64, inBits int, table []uint8) uint64 {
	var out uint64
	for _, b := range table {
		out = out<<1 | in>>(inBits-int(b))&1
	}
	return out
}

// desSubkeys returns the 16 48-bit round keys of a 64-bit key.
func desSubkeys(key uint64) [16]uint64 {
	var sub [16]uint64
	cd := permute(key, 64, desPC1[:])
	c, d := uint32(cd>>28), uint32(cd&0xFFFFFFF)
	for i, s := range desShifts {
		c = (c<<s | c>>(28-s)) & 0xFFFFFFF
		d = (d<<s | d>>(28-s)) & 0xFFFFFFF
		sub[i] = permute(uint64(c)<<28|uint64(d), 56, desPC2[:])
	}
	return sub
}

// desF is the cipher function f(R, K).
func desF(r uint32, k uint64) uint32 {
	x := permute(uint64(r), 32, desE[:]) ^ k
	var s uint64
	for i := 0; i < 8; i++ {
		six := x >> (42 - 6*i) & 0x3F
		row := six>>4&2 | six&1
		col := six >> 1 & 0xF
		s = s<<4 | uint64(desS[i][row*16+col])
	}
	return uint32(permute(s, 32, desP[:]))
}

// des executes DES round k on r7:r0 with the key in r15:r8.
func (m *Machine) des(k int, decrypt bool) {
	r := m.regs
	var data, key uint64
	for i := 7; i >= 0; i-- {
		data = data<<8 | uint64(r[i])
		key = key<<8 | uint64(r[8+i])
	}
	if !m.desKeyOK || key != m.desKey {
		m.desSub, m.desKey, m.desKeyOK = desSubkeys(key), key, true
	}
	k &= 15
	if k == 0 {
		data = permute(data, 64, desIP[:])
	}
	sub := m.desSub[k]
	if decrypt {
		sub = m.desSub[15-k]
	}
	left, right := uint32(data>>32), uint32(data)
	left, right = right, left^desF(right, sub)
	if k == 15 {
		data = permute(uint64(right)<<32|uint64(left), 64, desFP[:])
	} else {
		data = uint64(left)<<32 | uint64(right)
	}
	for i := 0; i < 8; i++ {
		r[i] = uint8(data >> (8 * i))
	}
}
