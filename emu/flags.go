package emu

// Flag masks of the instruction groups (manual §5, "Status Register (SREG) and Boolean Formula" of
// each instruction).
const (
	arithFlags = flagH | flagS | flagV | flagN | flagZ | flagC // ADD ADC SUB SUBI SBC SBCI CP CPC CPI NEG
	logicFlags = flagS | flagV | flagN | flagZ                 // AND ANDI OR ORI EOR (V cleared), INC DEC
	shiftFlags = flagS | flagV | flagN | flagZ | flagC         // ASR LSR ROR COM ADIW SBIW
)

// arithTab holds H, S, V, N, Z and C of an 8-bit addition or subtraction, indexed by arithIndex.
// With r = a ± b ± carry computed in 32 bits, bit 8 of r is the carry (borrow) out and a ^ b ^ r
// holds the carry (borrow) into each bit, so the manual's formulas become: C = r8, H = carry into
// bit 4, V = carry into bit 7 differs from C, N = r7, Z = (r & 0xFF == 0), S = N ^ V. The index
// packs r & 0x1FF with bits 4 and 7 of a ^ b (at index bits 9 and 12), the rest of the carries
// being in r. The table has 1<<16 entries (only the first 0x2000 are used) so that a uint16 index
// needs neither a mask nor a bounds check.
var arithTab = func() (t [1 << 16]uint8) {
	for i := range 0x2000 {
		r := uint8(i)
		x4 := uint8(i>>9&1) ^ r>>4&1
		x7 := uint8(i>>12&1) ^ r>>7
		c := uint8(i >> 8 & 1)
		n, v := r>>7, x7^c
		f := c | x4<<5 | v<<3 | n<<2 | (n^v)<<4
		if r == 0 {
			f |= flagZ
		}
		t[i] = f
	}
	return t
}()

// flagsArith returns H, S, V, N, Z and C of r = a ± b (± carry), with a and b 8-bit values and r
// computed in 32 bits.
func flagsArith(a, b, r uint32) uint8 {
	return arithTab[uint16(r&0x1FF|(a^b)&0x90<<5)]
}

// flagsAdd is flagsArith for an addition, where r < 0x200.
func flagsAdd(a, b, r uint32) uint8 {
	return arithTab[uint16(r|(a^b)&0x90<<5)]
}

// logicTab holds S, V (0), N and Z of a logical result.
var logicTab = func() (t [256]uint8) {
	for r := range t {
		n := uint8(r >> 7)
		t[r] = n<<2 | n<<4
		if r == 0 {
			t[r] |= flagZ
		}
	}
	return t
}()

// incTab and decTab hold S, V, N and Z of INC and DEC by result (V: the result is 0x80 after INC,
// 0x7F after DEC).
var incTab, decTab = func() (inc, dec [256]uint8) {
	for r := range inc {
		inc[r], dec[r] = logicTab[r], logicTab[r]
		if r == 0x80 {
			inc[r] ^= flagV | flagS
		}
		if r == 0x7F {
			dec[r] ^= flagV | flagS
		}
	}
	return inc, dec
}()

// flagsShift returns S, V, N, Z and C of ASR, LSR or ROR with result r and carry out c (0 or 1):
// V = N ^ C, so S = N ^ V = C.
func flagsShift(r, c uint8) uint8 {
	n := r >> 7
	return c | logicTab[r]&(flagN|flagZ) | (n^c)<<3 | c<<4
}

// flagsWord returns S, V, N, Z and C of ADIW/SBIW with 16-bit result r; bit 7 of v and c are V and C.
func flagsWord(r uint16, v, c uint8) uint8 {
	n := uint8(r >> 15)
	v >>= 7
	f := c>>7 | n<<2 | v<<3 | (n^v)<<4
	if r == 0 {
		f |= flagZ
	}
	return f
}

// flagsMul returns Z and C of a multiplication: C is bit 15 of c, Z says whether r is zero.
func flagsMul(r, c uint16) uint8 {
	f := uint8(c >> 15)
	if r == 0 {
		f |= flagZ
	}
	return f
}
