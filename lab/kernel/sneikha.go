//go:build !avrlab_core

package kernel

import (
	"fmt"
	"math/rand/v2"
)

// SNEIKHA256 parameters: a BLNK2 sponge over f512 with a 32-byte rate, 8 rounds, the domain bytes of
// the designers' crypto_hash/sneikha256 (0x10 while absorbing, 0x11 for the last permutation).
const (
	sneikhaRate    = 32
	sneikhaRounds  = 8
	sneikhaDomAD   = 0x10
	sneikhaDomHash = 0x11
)

// SNEIKHA256 returns the 32-byte SNEIKHA256 digest of msg (SNEIK v1.1, Saarinen 2019), as
// ../shared/data/sneik-vectors.json describes the designers' hash: clear the 64-byte state; XOR the
// message and then the pad byte 0x01 into bytes 0..31 one after another, permuting (f512, dom 0x10,
// 8 rounds) only when another byte must go into a full block; state[31] ^= 0x80; permute with dom
// 0x11; the digest is bytes 0..31.
func SNEIKHA256(msg []byte) []byte {
	state := make([]byte, 64)
	pos := 0
	absorb := func(b byte) {
		if pos == sneikhaRate {
			SNEIKF512(state, sneikhaDomAD, sneikhaRounds)
			pos = 0
		}
		state[pos] ^= b
		pos++
	}
	for _, b := range msg {
		absorb(b)
	}
	absorb(0x01)
	state[sneikhaRate-1] ^= 0x80
	SNEIKF512(state, sneikhaDomHash, sneikhaRounds)
	return state[:32]
}

func sneikhaReference(k *Kernel) {
	counting := func(n byte) [][]byte {
		msg := make([]byte, SNEIKHA256MaxLen)
		for i := range msg {
			msg[i] = byte(i)
		}
		return [][]byte{make([]byte, 32), msg, {n}}
	}
	k.gen = func(r *rand.Rand, args [][]byte) {
		fill(r, args[1])
		args[2][0] = SNEIKHA256MaxLen
	}
	k.edges = func() [][][]byte {
		// The KAT messages are bytes 00 01 02 ... (LWC_HASH_KAT_256.txt, Count = len + 1); 31, 32,
		// 64 and 127 put the pad byte at the end of a block, at the start of one, and in between.
		var out [][][]byte
		for _, n := range []byte{0, 1, 33, 31, 32, 64, 127} {
			out = append(out, counting(n))
		}
		return out
	}
	k.check = func(args [][]byte) error {
		if n := args[2][0]; n > SNEIKHA256MaxLen {
			return fmt.Errorf("len is %d, want 0..%d", n, SNEIKHA256MaxLen)
		}
		return nil
	}
	k.run = func(args [][]byte) { copy(args[0], SNEIKHA256(args[1][:args[2][0]])) }
}
