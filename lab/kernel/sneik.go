package kernel

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"

	"github.com/avrlab/avrlab/internal/textf"
)

// SNEIKMaxRounds is the largest round count [SNEIKF512] accepts: the round-constant table has 16
// entries. The modes use at most 8 (SNEIKHA256: 8).
const SNEIKMaxRounds = 16

// sneikRC holds rc[0..15] as the designers' C code gives them (the spec's Eq. 3). The spec's Listing 1
// prints other values for rc[8..15]; only rounds beyond 8 would see the difference.
var sneikRC = [SNEIKMaxRounds]uint32{0xef, 0xe0, 0xd9, 0xd6, 0xba, 0xb5, 0x8c, 0x83,
	0x10, 0x1f, 0x26, 0x29, 0x45, 0x4a, 0x73, 0x7c}

// SNEIKF512 applies rounds rounds of the SNEIK v1.1 f512 permutation with domain byte dom to the
// 64-byte state in place (sixteen 32-bit little-endian words, byte 0 first, exactly the buffer the
// designers' sneik_f512(void *state, uint8_t dom, uint8_t rounds) takes). It panics unless len(state)
// == 64 and 0 ≤ rounds ≤ [SNEIKMaxRounds].
//
// The definition is M.-J. O. Saarinen, "SNEIKEN and SNEIKHA v1.1" (sneik_spec.pdf, 2019), Listing 1
// and Equations 2-3, as ../shared/data/sneik-vectors.json restates it. Round r (0..rounds−1) XORs
// rc[r] into s[0] and dom into s[1], then for j = 0..15 in order, indices mod 16 and each s[j]
// replaced at once (so s[j−1], s[j−2] are this round's new values and, for j = 14, 15, s[j+1], s[j+2]
// are s[0], s[1] as updated earlier in the round):
//
//	t = s[j] + s[j−1]
//	t = t ^ ROL(t, 24) ^ ROL(t, 25)
//	t = t ^ ROL(s[j−2], 1)
//	t = t + s[j+2]
//	t = t ^ ROL(t, 9) ^ ROL(t, 17)
//	s[j] = t ^ s[j+1]
//
// with additions mod 2^32 and ROL a 32-bit left rotation. ROL(s[j−2], 1) is v1.1's change from v1.0.
// The round constants are ef e0 d9 d6 ba b5 8c 83 10 1f 26 29 45 4a 73 7c.
func SNEIKF512(state []byte, dom byte, rounds int) {
	if len(state) != 64 || rounds < 0 || rounds > SNEIKMaxRounds {
		panic(textf.Sprintf("kernel: SNEIKF512: %d-byte state, %d rounds; want 64 bytes and 0..%d rounds", len(state), rounds, SNEIKMaxRounds))
	}
	var s [16]uint32
	for j := range s {
		s[j] = binary.LittleEndian.Uint32(state[4*j:])
	}
	for r := range rounds {
		s[0] ^= sneikRC[r]
		s[1] ^= uint32(dom)
		for j := range 16 {
			t := s[j] + s[(j+15)%16]
			t ^= bits.RotateLeft32(t, 24) ^ bits.RotateLeft32(t, 25)
			t ^= bits.RotateLeft32(s[(j+14)%16], 1)
			t += s[(j+2)%16]
			t ^= bits.RotateLeft32(t, 9) ^ bits.RotateLeft32(t, 17)
			s[j] = t ^ s[(j+1)%16]
		}
	}
	for j, w := range s {
		binary.LittleEndian.PutUint32(state[4*j:], w)
	}
}

// sneikRounds is the round count the sneik-f512 kernel's random inputs use: SNEIKHA256's and the spec's
// Table 1 (cycles per round at 8 rounds).
const sneikRounds = 8

func sneikKernel() *Kernel {
	return &Kernel{
		ID: "sneik-f512", Name: "SNEIK f512 permutation (v1.1)", Entry: "sneik_f512", Device: "atmega2560",
		Args: []Arg{
			{"state", Pointer, 64, InOut, "the 512-bit state, sixteen 32-bit little-endian words s[0..15], byte 0 first"},
			{"dom", Byte, 1, In, "domain byte, XORed into s[1] every round; any value"},
			{"rounds", Byte, 1, In, "round count, 1..16; every random and edge input uses 8 (SNEIKHA256, spec Table 1), so cycle counts compare"},
		},
		Public: []string{"rounds"},
		Unit:   "round", Units: sneikRounds,
		Doc: "sneik_f512(state, dom, rounds): the SNEIK v1.1 f512 permutation in place (Saarinen 2019), " +
			"the designers' prototype.",
		gen: func(r *rand.Rand, args [][]byte) {
			fill(r, args[0])
			args[1][0] = byte(r.Uint32())
			args[2][0] = sneikRounds
		},
		edges: func() [][][]byte {
			return [][][]byte{
				{make([]byte, 64), {0x00}, {sneikRounds}},
				{repeat(0xff, 64), {0xff}, {sneikRounds}},
				{repeat(0xff, 64), {0x11}, {sneikRounds}},
			}
		},
		check: func(args [][]byte) error {
			if n := args[2][0]; n < 1 || n > SNEIKMaxRounds {
				return textf.Errorf("rounds is %d, want 1..%d", n, SNEIKMaxRounds)
			}
			return nil
		},
		run: func(args [][]byte) { SNEIKF512(args[0], args[1][0], int(args[2][0])) },
	}
}
