// Package kernel is the Go reference of avrlab's non-cipher tasks: multi-precision multiplication and
// squaring (160 to 1024 bits, ECC and RSA arithmetic on the ATmega128), P-192 field multiplication, the
// NTT of Ring-LWE (n = 256, q = 7681, ATxmega128A1), the SNEIK f512 permutation and the SNEIKHA256 hash
// over it and SNEIKEN128 authenticated encryption and decryption (ATmega2560), the P-192 systems:
// variable-base scalar multiplication and ECDSA signing and verification, and Ring-LWE encryption,
// decryption and key generation (n = 256, q = 7681, over that NTT). It
// plays for those tasks the part package cipher plays for block ciphers: the lab harness fills a
// routine's buffers with valid random inputs, runs the emulated routine, and compares its output
// buffers with what this package computes.
//
// Each routine is described by a [Kernel]: its buffers and byte arguments in avr-gcc argument order
// (the first in r25:r24, then r23:r22, ...), their sizes, directions and byte order, a generator of
// valid random inputs and the reference that computes the expected outputs. The harness needs only
// that description, so a new kernel is a new table row, not a new branch in the harness:
//
//	k := kernel.Lookup("mpmul-256")
//	args := k.Random(rng)          // one []byte per argument, valid inputs, outputs filled with noise
//	// ... copy args into SRAM, call k.Entry with pointers to them, read the buffers back ...
//	want, err := k.Expected(args)  // the same shape, outputs computed
//
// The arithmetic is also exported directly: [Mul], [Square], [P192Mul], [NTT], [InverseNTT],
// [SNEIKF512], [SNEIKHA256], [SNEIKEN128Encrypt], [SNEIKEN128Decrypt], with the NTT's flash tables from
// [TwiddleTable] and [InverseTwiddleTable], the P-192 point arithmetic: [P192ScalarMult], [P192Sign],
// [P192Verify], [P192HashInt], and Ring-LWE: [RLWEKeyGen], [RLWEEncrypt], [RLWEDecrypt], with
// [RLWEGaussian] drawing the error polynomials.
//
// Byte order of every buffer (each [Arg] repeats it in its Doc):
//
//   - mpmul-160/192/256/1024, mpsqr-*, p192-mul: integers little-endian, byte 0 least significant; the
//     product buffer r has 2n bytes (p192-mul: 24, fully reduced below p = 2^192 − 2^64 − 1).
//   - ntt-256, intt-256: 256 coefficients, each a 16-bit little-endian word below q = 7681; the forward
//     transform takes natural order and leaves bit-reversed order, the inverse the reverse (see [NTT]).
//   - sneik-f512: sixteen 32-bit little-endian words; dom and rounds are uint8_t register arguments.
//   - sneikha256: the digest md (32 bytes), the message buffer msg and its length len (uint8_t).
//   - sneiken128-enc, sneiken128-dec: bytes in the KAT file's order; the ciphertext buffer c holds the
//     mlen ciphertext bytes then the 8-byte tag; mlen and adlen are uint8_t (public); decryption's ok is
//     one byte, 1 or 0, and m is all zero when the tag is invalid. The KAT's Count 1 runs first.
//   - p192-scalarmul, p192-ecdsa-sign, p192-ecdsa-verify: every integer (scalar, coordinate, r, s, the
//     hash integer e) 24 bytes little-endian, the printed big-endian hex reversed; a point is affine
//     x || y (48 bytes), a signature r || s; verify's ok is one byte, 1 or 0. Their official vectors
//     (NIST CAVP ECC CDH, RFC 6979 A.2.3) run first; see [P192ScalarMult], [P192Sign], [P192Verify].
//   - rlwe256-enc, rlwe256-dec, rlwe256-keygen: Ring-LWE (n = 256, q = 7681) polynomials as ntt-256's, 256 16-bit
//     little-endian words below q, NTT-domain ones in its bit-reversed order; a message is 32 bytes,
//     bit i = bit i%8 of byte i/8. See [RLWEEncrypt], [RLWEDecrypt], [RLWEKeyGen].
//
// Everything here is immutable or works on the caller's slices, and is safe for concurrent use.
//
// # Notes
//
// As in package cipher, the plain functions panic on slices of the wrong length (a caller bug), while
// [Kernel.Check] and [Kernel.Expected] return errors for any argument list, so that input from a user
// or a page never panics.
package kernel

import (
	"errors"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/avrlab/avrlab/internal/textf"
)

// Dir says which way an argument's bytes flow across a call.
type Dir uint8

// Directions of an argument.
const (
	In    Dir = iota + 1 // the harness fills it; the routine reads it and must leave it unchanged
	Out                  // the routine writes all of it; the harness's initial bytes are noise
	InOut                // the harness fills it; the routine replaces it with its result
)

// String returns "in", "out" or "in/out".
func (d Dir) String() string {
	switch d {
	case In:
		return "in"
	case Out:
		return "out"
	case InOut:
		return "in/out"
	}
	return "?"
}

// Kind says how an argument is passed.
type Kind uint8

// Kinds of argument.
const (
	// Pointer: the argument is the 16-bit data address of a buffer of Size bytes in SRAM.
	Pointer Kind = iota + 1
	// Byte: the argument is an 8-bit value (uint8_t) in the low register of its pair (r24, r22, ...);
	// its "buffer" is the one value, Size 1.
	Byte
)

// String returns "pointer" or "uint8_t".
func (k Kind) String() string {
	switch k {
	case Pointer:
		return "pointer"
	case Byte:
		return "uint8_t"
	}
	return "?"
}

// Arg is one argument of a kernel's call, in avr-gcc order.
type Arg struct {
	Name string // e.g. "r", "a", "state", "dom"
	Kind Kind
	Size int // bytes: the buffer's length, 1 for a Byte argument
	Dir  Dir // Byte arguments are In
	// Doc says what the argument holds, its byte order and its valid values.
	Doc string
}

// Kernel describes one routine: its call, its arguments and their contents, and the reference that
// checks it. The zero value is not useful; kernels come from [Kernels] and [Lookup].
type Kernel struct {
	ID     string // e.g. "mpmul-160"; the kernel name of ../shared/data/kernel-rows.json where it has rows
	Name   string // e.g. "160-bit multi-precision multiplication"
	Entry  string // default entry symbol, e.g. "mpmul160"
	Device string // the device of the published figures, e.g. "atmega128"
	Args   []Arg  // in avr-gcc argument order
	// Public names the Byte arguments that are public parameters (a message length, a round count):
	// a constant-time routine's cycles may depend on them, and on nothing else. The constant-time check
	// compares calls with the same values of these.
	Public []string
	// Unit and Units, when Units > 0, name a per-unit figure the published tables give: cycles per
	// call / Units cycles per Unit (SNEIK f512: 8 rounds, cycles per round).
	Unit  string
	Units int
	// Doc is a paragraph on what the routine computes.
	Doc string
	// Official names the published vector its first edge input is (e.g. "NIST CAVP ECC CDH P-192,
	// COUNT 0"), "" when the kernel has none and its first edge input is one chosen here (all-zero
	// operands): a report says "official" only of a published vector.
	Official string
	// Vectors, CTInputs and MaxCycles, when not 0, are the defaults of a bench of this kernel in place
	// of the harness's (100 random vectors, 64 constant-time inputs, 10^7 cycles a call): the P-192
	// scalar multiplication and ECDSA run millions of cycles a call, so a bench runs fewer of them
	// and allows more cycles each.
	Vectors   int
	CTInputs  int
	MaxCycles uint64

	gen   func(r *rand.Rand, args [][]byte) // fills the inputs with valid random values
	edges func() [][][]byte                 // fixed edge-case inputs
	check func(args [][]byte) error         // value checks beyond sizes (sizes are checked first)
	run   func(args [][]byte)               // computes the outputs in place
}

// Prototype returns the routine's C prototype, e.g.
// "void mpmul160(uint8_t *r, const uint8_t *a, const uint8_t *b)".
func (k *Kernel) Prototype() string {
	var ps []string
	for _, a := range k.Args {
		switch {
		case a.Kind == Byte:
			ps = append(ps, "uint8_t "+a.Name)
		case a.Dir == In:
			ps = append(ps, "const uint8_t *"+a.Name)
		default:
			ps = append(ps, "uint8_t *"+a.Name)
		}
	}
	return "void " + k.Entry + "(" + strings.Join(ps, ", ") + ")"
}

// NewArgs returns zeroed arguments of the right sizes, one slice per argument.
func (k *Kernel) NewArgs() [][]byte {
	args := make([][]byte, len(k.Args))
	for i, a := range k.Args {
		args[i] = make([]byte, a.Size)
	}
	return args
}

// Random returns a valid random input drawn from r: In and InOut arguments hold valid values
// (operands below p for P-192, coefficients below q for the NTT), Out buffers random noise the routine
// must overwrite.
func (k *Kernel) Random(r *rand.Rand) [][]byte {
	args := k.NewArgs()
	for i, a := range k.Args {
		if a.Dir == Out {
			fill(r, args[i])
		}
	}
	if k.gen != nil {
		k.gen(r, args)
	}
	return args
}

// Edges returns the kernel's fixed edge-case inputs (all-zero operands, all-0xFF operands, p−1,
// coefficients q−1, ...), each a full argument list with zeroed Out buffers. The slices are new on
// each call. A kernel without its reference in this build ([Kernel.HasReference]) has none.
func (k *Kernel) Edges() [][][]byte {
	if k.edges == nil {
		return nil
	}
	return k.edges()
}

// HasReference reports whether this build links the kernel's Go reference, without which its inputs
// cannot be drawn or its outputs checked: true in every build but the page's engine (build tag
// avrlab_core), which leaves the P-192 systems, Ring-LWE, SNEIKHA256 and SNEIKEN128 (systems.go) to
// tools.wasm and sends their benches there.
func (k *Kernel) HasReference() bool { return k.run != nil }

// ErrNoReference is the error of [Kernel.Expected] for a kernel whose reference this build does not
// link ([Kernel.HasReference]).
var ErrNoReference = errors.New("the kernel's reference is in the page's tools module (tools.wasm), not this build")

// ErrArgs is wrapped by the errors of [Kernel.Check] and [Kernel.Expected].
var ErrArgs = errors.New("invalid kernel arguments")

// Check reports whether args is a valid input: one slice per argument of exactly its size, and values
// the kernel defines (operands below p, coefficients below q, a round count the permutation has).
func (k *Kernel) Check(args [][]byte) error {
	if len(args) != len(k.Args) {
		return textf.Errorf("kernel %s: %d arguments, want %d: %w", k.ID, len(args), len(k.Args), ErrArgs)
	}
	for i, a := range k.Args {
		if len(args[i]) != a.Size {
			return textf.Errorf("kernel %s: argument %d (%s) is %d bytes, want %d: %w", k.ID, i, a.Name, len(args[i]), a.Size, ErrArgs)
		}
	}
	if k.check != nil {
		if err := k.check(args); err != nil {
			return textf.Errorf("kernel %s: %v: %w", k.ID, err, ErrArgs)
		}
	}
	return nil
}

// Expected returns what the routine must leave in its arguments when called with args: a new argument
// list, In arguments copied, Out and InOut ones holding the reference result. args is not changed.
func (k *Kernel) Expected(args [][]byte) ([][]byte, error) {
	if err := k.Check(args); err != nil {
		return nil, err
	}
	if !k.HasReference() {
		return nil, textf.Errorf("kernel %s: %w", k.ID, ErrNoReference)
	}
	out := make([][]byte, len(args))
	for i := range args {
		out[i] = append([]byte(nil), args[i]...)
	}
	k.run(out)
	return out, nil
}

// Kernels returns every kernel in a fixed order. The slice is new on each call; the kernels are shared
// and must not be modified.
func Kernels() []*Kernel { return append([]*Kernel(nil), table()...) }

// Lookup returns the kernel with the given ID, or nil.
func Lookup(id string) *Kernel {
	for _, k := range table() {
		if k.ID == id {
			return k
		}
	}
	return nil
}

// fill writes random bytes from r into b.
func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// repeat returns n copies of the byte v.
func repeat(v byte, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = v
	}
	return b
}

// table is every kernel, built on first use (none at start-up).
var table = sync.OnceValue(buildTable)

func buildTable() []*Kernel {
	var ks []*Kernel
	for _, n := range []int{20, 24, 32, 128} {
		ks = append(ks, mpmulKernel(n))
	}
	for _, n := range []int{20, 24, 32, 128} {
		ks = append(ks, mpsqrKernel(n))
	}
	ks = append(ks, p192Kernel(), nttKernel(false), nttKernel(true), sneikKernel(), sneikhaKernel())
	ks = append(ks, p192ScalarMulKernel(), p192SignKernel(), p192VerifyKernel())
	ks = append(ks, rlweEncKernel(), rlweDecKernel(), rlweKeyGenKernel())
	ks = append(ks, sneikenEncKernel(), sneikenDecKernel())
	return ks
}
