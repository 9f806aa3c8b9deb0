// Package cipher holds the Go reference implementations of the block ciphers that avrlab benchmarks on
// AVR, each with its key schedule, encryption and decryption: CHAM, SPECK, SIMON, LEA and HIGHT (the
// ATmega128 set) and AES-128, PRESENT-80, NOEKEON (direct- and indirect-key), TEA, KLEIN and KATAN-64
// (the ATtiny45 collection of Eisenbarth et al., Africacrypt 2012). The lab harness uses them as the
// oracle: it expands a key with [Cipher.RoundKeys] into the table an AVR routine reads, encrypts a block
// here and compares the result with what the emulated routine left in SRAM.
//
// Every byte string in this package is in memory byte order: byte 0 sits at the lowest address, as an
// AVR routine reading the block with LD r, X+ sees it. CHAM, SPECK, SIMON and LEA store each word
// little-endian; SPECK and SIMON store a block as y then x and a key as k[0], l[0], l[1], ...; HIGHT
// stores bytes in index order (P0..P7, MK0..MK15). This is the order of the *_bytes fields of the
// project's shared test vectors (../shared/data/vectors.json), all of which the tests check.
//
// The ATtiny45 ciphers follow ../shared/data/vectors-attiny45.json's *_bytes fields the same way: AES
// and KLEIN are byte strings in the printed order; PRESENT-80 and KATAN-64 hold block and key as
// little-endian integers (the printed hex byte-reversed); TEA holds little-endian 32-bit words v0, v1 and
// k0..k3; NOEKEON holds its words big-endian (the designers' byte interface, the printed words
// concatenated). IDEA and KASUMI hold block and key as their designers print them, big-endian 16-bit
// words (../shared/data/vectors-systems.json). Ciphers without a natural round-key table define RoundKeys as the key schedule's output
// in the layout an AVR routine would keep: the working key (NOEKEON), the key itself (TEA), the packed
// key-bit stream (KATAN). Each constructor documents its layout.
//
// Simple use:
//
//	c, err := cipher.Speck(64, 128)
//	if err != nil { ... }
//	c.Encrypt(ct, pt, key)
//
// For many blocks under one key, expand the key once with RoundKeys and call EncryptWithRoundKeys.
//
// Every Cipher is an immutable value and safe for concurrent use.
//
// # Notes
//
// Like [crypto/cipher.Block], the methods panic when a slice is too short (or, for keys and round-key
// tables, not exactly the right length): that is a bug in the caller, which validates lengths against
// BlockSize and KeySize first. Constructors return errors for sizes the cipher does not define.
package cipher

import (
	"errors"

	"github.com/avrlab/avrlab/internal/textf"
)

// Cipher is one block cipher variant with a fixed round count.
type Cipher interface {
	// Name returns the variant's name, e.g. "CHAM-64/128", "SPECK-64/128", "LEA-128". It does not
	// include the round count, which only CHAM lets the caller choose; see Rounds.
	Name() string
	// BlockSize returns the block length in bytes.
	BlockSize() int
	// KeySize returns the key length in bytes.
	KeySize() int
	// Rounds returns the number of rounds Encrypt and Decrypt run.
	Rounds() int
	// RoundKeys expands key (memory byte order, exactly KeySize bytes) into the round-key table in
	// memory byte order, as an AVR routine keeps it: round 0 first, each round key a little-endian word
	// of the cipher's word size. The layout of each cipher is given at its constructor. The result is a
	// new slice.
	RoundKeys(key []byte) []byte
	// Encrypt encrypts the first block of src into dst under key. dst may equal src.
	Encrypt(dst, src, key []byte)
	// Decrypt decrypts the first block of src into dst under key. dst may equal src.
	Decrypt(dst, src, key []byte)
	// EncryptWithRoundKeys encrypts the first block of src into dst with a table made by RoundKeys
	// (or by an AVR key schedule under test). dst may equal src.
	EncryptWithRoundKeys(dst, src, rk []byte)
}

// ErrUnsupportedSize is returned (wrapped) by [Speck], [Simon] and [KLEIN] for a block and key size the
// cipher's specification does not define.
var ErrUnsupportedSize = errors.New("unsupported block/key size")

// needLen panics with a message naming the cipher when b is shorter than n bytes or, if exact is set,
// not exactly n bytes long. Wrong lengths are a caller bug (see the package notes).
func needLen(name, what string, b []byte, n int, exact bool) {
	if len(b) < n || exact && len(b) != n {
		want := textf.Sprintf("at least %d", n)
		if exact {
			want = textf.Sprint(n)
		}
		panic(textf.Sprintf("cipher: %s: %s is %d bytes, want %s", name, what, len(b), want))
	}
}

// word is the arithmetic on one cipher's w-bit words (w = 16, 24, 32, 48 or 64), each held in the low
// bits of a uint64. Additions are reduced by the caller or by rol/ror, which mask their input.
type word struct {
	bits uint
	mask uint64
}

func newWord(bits int) word {
	return word{uint(bits), ^uint64(0) >> (64 - uint(bits))}
}

// size returns the word length in bytes.
func (w word) size() int { return int(w.bits / 8) }

// rol rotates the w-bit word x left by r bits.
func (w word) rol(x uint64, r uint) uint64 {
	x &= w.mask
	r %= w.bits
	if r == 0 {
		return x
	}
	return (x<<r | x>>(w.bits-r)) & w.mask
}

// ror rotates the w-bit word x right by r bits.
func (w word) ror(x uint64, r uint) uint64 {
	return w.rol(x, w.bits-r%w.bits)
}

// load reads one little-endian word from the start of b.
func (w word) load(b []byte) uint64 {
	var x uint64
	for i := w.size() - 1; i >= 0; i-- {
		x = x<<8 | uint64(b[i])
	}
	return x
}

// store writes x as one little-endian word at the start of b.
func (w word) store(b []byte, x uint64) {
	for i := range w.size() {
		b[i] = byte(x >> (8 * i))
	}
}

// loadAll reads len(b)/size little-endian words.
func (w word) loadAll(b []byte) []uint64 {
	n := w.size()
	out := make([]uint64, len(b)/n)
	for i := range out {
		out[i] = w.load(b[i*n:])
	}
	return out
}

// storeAll writes xs as consecutive little-endian words into a new slice.
func (w word) storeAll(xs []uint64) []byte {
	n := w.size()
	out := make([]byte, len(xs)*n)
	for i, x := range xs {
		w.store(out[i*n:], x)
	}
	return out
}
