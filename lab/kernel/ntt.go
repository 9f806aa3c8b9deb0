package kernel

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"

	"github.com/avrlab/avrlab/internal/textf"
)

// NTT parameters: n = 256, q = 7681, the parameter set (n, q, s) = (256, 7681, 11.31) of Göttert et al.
// (CHES 2012) that Pöppelmann–Güneysu and Roy et al. ("Compact Ring-LWE Cryptoprocessor", CHES 2014)
// use and that Liu et al. (CHES 2015, ePrint 2015/410) run on the ATxmega128 as their medium-term
// security level. The roots are those of that line of work's software, github.com/ruandc/
// Ring-LWE-Encryption (de Clercq, Roy, Vercauteren, Verbauwhede, "Efficient Software Implementation of
// Ring-LWE Encryption", DATE 2015, ePrint 2014/725: README "n=256, q=7681"; x86/global.h for q = 7681:
// FWD_CONST2 = 1065 = ψ, a primitive 512th root of unity (ψ^256 = −1), FWD_CONST1 = 5118 = ψ² = ω, the
// primitive 256th root, INVCONST3 = 2481 = ψ⁻¹, INVCONST1 = 2880 = ω⁻¹, SCALING = 7651 = n⁻¹ mod q),
// all checked in the tests.
const (
	NTTN     = 256  // polynomial length n
	NTTQ     = 7681 // modulus q
	NTTPsi   = 1065 // ψ, a primitive 2n-th root of unity mod q
	NTTOmega = 5118 // ω = ψ², a primitive n-th root of unity
	NTTNInv  = 7651 // n⁻¹ mod q
)

// nttTables holds ψ^brv(k) and ψ^−brv(k) for k = 0..255.
type nttTables struct{ fwd, inv [NTTN]uint16 }

var nttTab = func() (t nttTables) {
	psiInv := powMod(NTTPsi, NTTQ-2)
	for k := range NTTN {
		e := uint32(bits.Reverse8(uint8(k)))
		t.fwd[k] = uint16(powMod(NTTPsi, e))
		t.inv[k] = uint16(powMod(psiInv, e))
	}
	return t
}()

// powMod returns b^e mod q.
func powMod(b, e uint32) uint32 {
	r := uint32(1)
	b %= NTTQ
	for ; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = r * b % NTTQ
		}
		b = b * b % NTTQ
	}
	return r
}

// TwiddleTable returns the forward NTT's table: entry k is ψ^brv(k) mod q (brv reversing 8 bits), k =
// 0..255, as an AVR routine keeps it in flash. The slice is new on each call.
func TwiddleTable() []uint16 { return append([]uint16(nil), nttTab.fwd[:]...) }

// InverseTwiddleTable returns the inverse NTT's table: entry k is ψ^−brv(k) mod q, k = 0..255. The
// slice is new on each call.
func InverseTwiddleTable() []uint16 { return append([]uint16(nil), nttTab.inv[:]...) }

// Words16 returns the 16-bit values as little-endian bytes (2·len(w) bytes), the flash or SRAM image
// of a table or a polynomial.
func Words16(w []uint16) []byte {
	b := make([]byte, 2*len(w))
	for i, x := range w {
		binary.LittleEndian.PutUint16(b[2*i:], x)
	}
	return b
}

// FromWords16 reads len(b)/2 little-endian 16-bit values.
func FromWords16(b []byte) []uint16 {
	w := make([]uint16, len(b)/2)
	for i := range w {
		w[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return w
}

func checkNTTLen(name string, a []uint16) {
	if len(a) != NTTN {
		panic(textf.Sprintf("kernel: %s: %d coefficients, want %d", name, len(a), NTTN))
	}
}

// NTT computes the negacyclic number-theoretic transform of the 256 coefficients of a in place, in
// the "merged" form without a bit-reversal pass: a_0..a_255 of a(x) in natural order in, and out
//
//	â[k] = a(ψ^(2·brv(k)+1)) = Σ_j a_j·ψ^((2·brv(k)+1)·j) mod q,   k = 0..255,
//
// the evaluations at the odd powers of ψ in bit-reversed order (brv reverses 8 bits). [InverseNTT]
// takes â in that order back to a in natural order, the factor n⁻¹ included, so a product in
// Z_q[x]/(x^256 + 1) is InverseNTT(NTT(a) ∘ NTT(b)), ∘ the coefficient-wise product mod q, and no
// routine ever permutes. Coefficients are reduced modulo q first, so any 16-bit values are accepted;
// the outputs are below q. It panics unless len(a) == 256.
//
// The loop is Cooley–Tukey: for m = 1, 2, 4, ..., 128 with t = 128/m, for i < m, S = TwiddleTable()[m+i]
// and for j = 2·i·t .. 2·i·t+t−1, (a[j], a[j+t]) = (a[j] + S·a[j+t], a[j] − S·a[j+t]) mod q. An AVR
// routine keeps the table in flash as 256 16-bit little-endian words ([Words16]; entry 0 = 1 unused)
// and may reduce lazily inside the loops as long as what it stores at the end is below q.
func NTT(a []uint16) {
	checkNTTLen("NTT", a)
	for j := range a {
		a[j] %= NTTQ
	}
	t := NTTN
	for m := 1; m < NTTN; m *= 2 {
		t /= 2
		for i := range m {
			s := uint32(nttTab.fwd[m+i])
			for j := 2 * i * t; j < 2*i*t+t; j++ {
				u, v := uint32(a[j]), uint32(a[j+t])*s%NTTQ
				x, y := u+v, u+NTTQ-v
				if x >= NTTQ {
					x -= NTTQ
				}
				if y >= NTTQ {
					y -= NTTQ
				}
				a[j], a[j+t] = uint16(x), uint16(y)
			}
		}
	}
}

// InverseNTT undoes [NTT] in place: bit-reversed order in, natural order out, including the factor
// n⁻¹. Coefficients are reduced modulo q first; the outputs are below q. It panics unless len(a) == 256.
//
// The loop is Gentleman–Sande: for m = 256, 128, ..., 2 with h = m/2 and t = 128/h, for i < h,
// S = InverseTwiddleTable()[h+i] and for j = 2·i·t .. 2·i·t+t−1, (a[j], a[j+t]) = (a[j] + a[j+t],
// (a[j] − a[j+t])·S) mod q; then every a[j] is multiplied by n⁻¹ = 7651. An AVR routine keeps that
// table in flash like the forward one.
func InverseNTT(a []uint16) {
	checkNTTLen("InverseNTT", a)
	for j := range a {
		a[j] %= NTTQ
	}
	t := 1
	for m := NTTN; m > 1; m /= 2 {
		h := m / 2
		for i := range h {
			s := uint32(nttTab.inv[h+i])
			for j := 2 * i * t; j < 2*i*t+t; j++ {
				u, v := uint32(a[j]), uint32(a[j+t])
				x := u + v
				if x >= NTTQ {
					x -= NTTQ
				}
				a[j], a[j+t] = uint16(x), uint16((u+NTTQ-v)*s%NTTQ)
			}
		}
		t *= 2
	}
	for j := range a {
		a[j] = uint16(uint32(a[j]) * NTTNInv % NTTQ)
	}
}

// nttBytes transforms the 256 little-endian words of b (512 bytes) in place: [InverseNTT] if inverse,
// else [NTT], on an array of the stack (the reference allocates nothing).
func nttBytes(b []byte, inverse bool) {
	p := (*[2 * NTTN]byte)(b)
	var a [NTTN]uint16
	for j := range a {
		a[j] = uint16(p[2*j]) | uint16(p[2*j+1])<<8
	}
	if inverse {
		InverseNTT(a[:])
	} else {
		NTT(a[:])
	}
	for j, x := range a {
		p[2*j], p[2*j+1] = byte(x), byte(x>>8)
	}
}

func nttKernel(inverse bool) *Kernel {
	k := &Kernel{
		ID: "ntt-256", Name: "NTT, n = 256, q = 7681 (forward)", Entry: "ntt256", Device: "atxmega128a1",
		Args: []Arg{{"a", Pointer, 2 * NTTN, InOut, "256 coefficients, each a 16-bit little-endian word " +
			"below q = 7681; in: a_0..a_255 in natural order; out: the transform in bit-reversed order " +
			"(â[k] = a(ψ^(2·brv(k)+1)), ψ = 1065), below q"}},
		Doc: "In-place forward negacyclic NTT of Ring-LWE (Liu et al., CHES 2015), twiddle factors " +
			"ψ^brv(k) (kernel.TwiddleTable) in flash.",
		run: func(args [][]byte) { nttBytes(args[0], false) },
	}
	if inverse {
		k.ID, k.Name, k.Entry = "intt-256", "NTT, n = 256, q = 7681 (inverse)", "intt256"
		k.Args = []Arg{{"a", Pointer, 2 * NTTN, InOut, "256 coefficients, each a 16-bit little-endian word " +
			"below q = 7681; in: a transform in bit-reversed order (as ntt256 leaves it); out: the " +
			"polynomial a_0..a_255 in natural order, n⁻¹ applied, below q"}}
		k.Doc = "In-place inverse negacyclic NTT (the inverse of ntt-256, factor n⁻¹ = 7651 included), " +
			"twiddle factors ψ^−brv(k) (kernel.InverseTwiddleTable) in flash."
		k.run = func(args [][]byte) { nttBytes(args[0], true) }
	}
	k.gen = func(r *rand.Rand, args [][]byte) {
		for j := range NTTN {
			binary.LittleEndian.PutUint16(args[0][2*j:], uint16(r.IntN(NTTQ)))
		}
	}
	k.edges = func() [][][]byte { // all zero, all q − 1, the delta a_0 = 1
		zero, top, delta := make([]byte, 2*NTTN), make([]byte, 2*NTTN), make([]byte, 2*NTTN)
		for j := 0; j < len(top); j += 2 {
			top[j], top[j+1] = (NTTQ-1)&0xff, (NTTQ-1)>>8
		}
		delta[0] = 1
		return [][][]byte{{zero}, {top}, {delta}}
	}
	k.check = func(args [][]byte) error {
		p := (*[2 * NTTN]byte)(args[0])
		for j := range NTTN {
			if c := uint16(p[2*j]) | uint16(p[2*j+1])<<8; c >= NTTQ {
				return textf.Errorf("coefficient %d is %d, not below q = %d", j, c, NTTQ)
			}
		}
		return nil
	}
	return k
}
