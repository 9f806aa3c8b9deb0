//go:build !avrlab_core

package kernel_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab/kernel"
)

// TestTable checks the kernel table: the kernels the issue names, unique IDs and entries, sizes and
// directions, and the prototypes the harness prints.
func TestTable(t *testing.T) {
	want := map[string][]int{ // ID -> argument sizes
		"mpmul-160": {40, 20, 20}, "mpmul-192": {48, 24, 24}, "mpmul-256": {64, 32, 32}, "mpmul-1024": {256, 128, 128},
		"mpsqr-160": {40, 20}, "mpsqr-192": {48, 24}, "mpsqr-256": {64, 32}, "mpsqr-1024": {256, 128},
		"p192-mul": {24, 24, 24}, "ntt-256": {512}, "intt-256": {512}, "sneik-f512": {64, 1, 1},
		"sneikha256":     {32, 128, 1},
		"p192-scalarmul": {48, 24, 48}, "p192-ecdsa-sign": {48, 24, 24, 24}, "p192-ecdsa-verify": {1, 48, 24, 48},
		"rlwe256-enc": {512, 512, 512, 512, 32, 512, 512, 512}, "rlwe256-dec": {32, 512, 512, 512},
		"rlwe256-keygen": {512, 512, 512, 512, 512},
		"sneiken128-enc": {136, 128, 1, 128, 1, 16, 16}, "sneiken128-dec": {128, 1, 136, 1, 128, 1, 16, 16},
	}
	ks := kernel.Kernels()
	if len(ks) != len(want) {
		t.Errorf("%d kernels, want %d", len(ks), len(want))
	}
	ids, entries := map[string]bool{}, map[string]bool{}
	for _, k := range ks {
		if ids[k.ID] || entries[k.Entry] {
			t.Errorf("%s: duplicate ID or entry %q", k.ID, k.Entry)
		}
		ids[k.ID], entries[k.Entry] = true, true
		if kernel.Lookup(k.ID) != k {
			t.Errorf("Lookup(%q) does not return the kernel", k.ID)
		}
		var sizes []int
		for _, a := range k.Args {
			sizes = append(sizes, a.Size)
			if a.Name == "" || a.Doc == "" || a.Kind == kernel.Byte && (a.Size != 1 || a.Dir != kernel.In) {
				t.Errorf("%s: argument %+v", k.ID, a)
			}
		}
		if !slices.Equal(sizes, want[k.ID]) {
			t.Errorf("%s: argument sizes %v, want %v", k.ID, sizes, want[k.ID])
		}
		if k.Name == "" || k.Doc == "" || k.Device == "" {
			t.Errorf("%s: missing Name, Doc or Device", k.ID)
		}
	}
	if kernel.Lookup("nope") != nil {
		t.Error("Lookup of an unknown ID is not nil")
	}
	for id, proto := range map[string]string{
		"mpmul-160":  "void mpmul160(uint8_t *r, const uint8_t *a, const uint8_t *b)",
		"mpsqr-1024": "void mpsqr1024(uint8_t *r, const uint8_t *a)",
		"ntt-256":    "void ntt256(uint8_t *a)",
		"sneik-f512": "void sneik_f512(uint8_t *state, uint8_t dom, uint8_t rounds)",
		"sneikha256": "void sneikha256(uint8_t *md, const uint8_t *msg, uint8_t len)",
		"rlwe256-enc": "void rlwe256_enc(uint8_t *c1, uint8_t *c2, const uint8_t *a, const uint8_t *p, const uint8_t *m, " +
			"const uint8_t *e1, const uint8_t *e2, const uint8_t *e3)",
		"rlwe256-dec": "void rlwe256_dec(uint8_t *m, const uint8_t *c1, const uint8_t *c2, const uint8_t *r2)",
		"sneiken128-enc": "void sneiken128_encrypt(uint8_t *c, const uint8_t *m, uint8_t mlen, const uint8_t *ad, uint8_t adlen, " +
			"const uint8_t *npub, const uint8_t *k)",
		"sneiken128-dec": "void sneiken128_decrypt(uint8_t *m, uint8_t *ok, const uint8_t *c, uint8_t mlen, const uint8_t *ad, " +
			"uint8_t adlen, const uint8_t *npub, const uint8_t *k)",
	} {
		if got := kernel.Lookup(id).Prototype(); got != proto {
			t.Errorf("%s: Prototype() = %q, want %q", id, got, proto)
		}
	}
	if k := kernel.Lookup("sneik-f512"); k.Unit != "round" || k.Units != 8 {
		t.Errorf("sneik-f512: Unit, Units = %q, %d; want round, 8", k.Unit, k.Units)
	}
}

// TestRandomAndExpected checks, for every kernel, that random and edge inputs are valid, that
// Expected leaves In arguments and the caller's slices alone, and that its outputs are the reference
// computed independently here (math/big for the integers, the schoolbook product for the NTT through
// its inverse, the permutation for SNEIK).
func TestRandomAndExpected(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	p := p192()
	for _, k := range kernel.Kernels() {
		inputs := k.Edges()
		if len(inputs) < 2 {
			t.Errorf("%s: %d edge inputs, want at least 2", k.ID, len(inputs))
		}
		for range 8 {
			inputs = append(inputs, k.Random(r))
		}
		for n, args := range inputs {
			if err := k.Check(args); err != nil {
				t.Fatalf("%s input %d: %v", k.ID, n, err)
			}
			orig := cloneArgs(args)
			got, err := k.Expected(args)
			if err != nil {
				t.Fatalf("%s input %d: %v", k.ID, n, err)
			}
			if !equalArgs(args, orig) {
				t.Fatalf("%s: Expected changed its argument", k.ID)
			}
			for i, a := range k.Args {
				if a.Dir == kernel.In && !bytes.Equal(got[i], args[i]) {
					t.Fatalf("%s: Expected changed input %s", k.ID, a.Name)
				}
			}
			checkOutput(t, k, args, got, p)
		}
	}
}

// checkOutput compares Expected's result with an independent computation.
func checkOutput(t *testing.T, k *kernel.Kernel, in, got [][]byte, p *big.Int) {
	t.Helper()
	var want []byte
	if k.ID == "sneikha256" { // the sponge written out again over the permutation
		want = sneikha256(in[1][:in[2][0]])
		if got := k.Random(rand.New(rand.NewPCG(1, 2))); got[2][0] != kernel.SNEIKHA256MaxLen {
			t.Errorf("sneikha256: random input of %d bytes, want %d", got[2][0], kernel.SNEIKHA256MaxLen)
		}
		if !bytes.Equal(got[0], want) {
			t.Fatalf("sneikha256(%x): Expected gives %x, want %x", in[1][:in[2][0]], got[0], want)
		}
		return
	}
	switch k.ID { // the mode written out again over the permutation (sneikenSponge)
	case "sneiken128-enc":
		mlen, adlen := int(in[2][0]), int(in[4][0])
		c, tag := sneikenSponge(in[6], in[5], in[3][:adlen], in[1][:mlen], false)
		want = append(append(c, tag...), in[0][mlen+8:]...)
		if !bytes.Equal(got[0], want) {
			t.Fatalf("sneiken128-enc(%x): Expected gives %x, want %x", in[1:], got[0], want)
		}
		return
	case "sneiken128-dec":
		mlen, adlen := int(in[3][0]), int(in[5][0])
		m, tag := sneikenSponge(in[7], in[6], in[4][:adlen], in[2][:mlen], true)
		ok := byte(0)
		if bytes.Equal(tag, in[2][mlen:mlen+8]) {
			ok = 1
		} else {
			m = make([]byte, mlen)
		}
		want = append(m, in[0][mlen:]...)
		if !bytes.Equal(got[0], want) || got[1][0] != ok {
			t.Fatalf("sneiken128-dec(%x): Expected gives %x, %x; want %x, %d", in[2:], got[0], got[1], want, ok)
		}
		return
	}
	id := k.ID[:5]
	if strings.HasPrefix(k.ID, "p192-") && k.ID != "p192-mul" || strings.HasPrefix(k.ID, "rlwe") {
		id = k.ID
	}
	switch id {
	case "mpmul":
		want = leBytes(new(big.Int).Mul(leInt(in[1]), leInt(in[2])), len(in[0]))
	case "mpsqr":
		want = leBytes(new(big.Int).Mul(leInt(in[1]), leInt(in[1])), len(in[0]))
	case "p192-":
		x := new(big.Int).Mul(leInt(in[1]), leInt(in[2]))
		want = leBytes(x.Mod(x, p), 24)
	case "p192-scalarmul":
		wx, wy := rightToLeft(leInt(in[1]), leInt(in[2][:24]), leInt(in[2][24:]))
		want = append(leBytes(wx, 24), leBytes(wy, 24)...)
	case "p192-ecdsa-sign":
		gx, gy := kernel.P192Base()
		qx, qy, _ := kernel.P192ScalarMult(leInt(in[1]), gx, gy)
		if !kernel.P192Verify(qx, qy, leInt(in[3]), leInt(got[0][:24]), leInt(got[0][24:])) {
			t.Fatalf("p192-ecdsa-sign(%x): the signature %x does not verify", in[1:], got[0])
		}
		want = got[0]
	case "p192-ecdsa-verify":
		want = []byte{0}
		if kernel.P192Verify(leInt(in[1][:24]), leInt(in[1][24:]), leInt(in[2]), leInt(in[3][:24]), leInt(in[3][24:])) {
			want[0] = 1
		}
	case "rlwe256-enc": // schoolbook products in the coefficient domain, transformed once
		a, p, e1 := intt(kernel.FromWords16(in[2])), intt(kernel.FromWords16(in[3])), kernel.FromWords16(in[5])
		c1 := ntt(addq(negacyclic(a, e1), kernel.FromWords16(in[6])))
		c2 := ntt(addq(negacyclic(p, e1), kernel.FromWords16(in[7]), encode(in[4])))
		want, got = kernel.Words16(append(c1, c2...)), [][]byte{append(bytes.Clone(got[0]), got[1]...)}
	case "rlwe256-dec": // decode(c1·r2 + c2) by the schoolbook product
		c1, c2, r2 := intt(kernel.FromWords16(in[1])), intt(kernel.FromWords16(in[2])), intt(kernel.FromWords16(in[3]))
		want = decodeCoeffs(addq(negacyclic(c1, r2), c2))
	case "rlwe256-keygen": // p = r1 − a·r2 by the schoolbook product, then both transformed
		a, r1, r2 := intt(kernel.FromWords16(in[2])), kernel.FromWords16(in[3]), kernel.FromWords16(in[4])
		want = kernel.Words16(append(ntt(subq(r1, negacyclic(a, r2))), ntt(r2)...))
		got = [][]byte{append(bytes.Clone(got[0]), got[1]...)}
	case "ntt-2":
		back := kernel.FromWords16(got[0])
		kernel.InverseNTT(back)
		want, got = in[0], [][]byte{kernel.Words16(back)}
	case "intt-":
		fwd := kernel.FromWords16(got[0])
		kernel.NTT(fwd)
		want, got = in[0], [][]byte{kernel.Words16(fwd)}
	case "sneik":
		want = bytes.Clone(in[0])
		kernel.SNEIKF512(want, in[1][0], int(in[2][0]))
		if in[2][0] != 8 {
			t.Errorf("sneik-f512: input with %d rounds, want 8", in[2][0])
		}
	default:
		t.Fatalf("%s: no independent check", k.ID)
	}
	if !bytes.Equal(got[0], want) {
		t.Fatalf("%s(%x): Expected gives\n%x, want\n%x", k.ID, in[1:], got[0], want)
	}
}

func cloneArgs(args [][]byte) [][]byte {
	out := make([][]byte, len(args))
	for i := range args {
		out[i] = bytes.Clone(args[i])
	}
	return out
}

func equalArgs(a, b [][]byte) bool {
	return slices.EqualFunc(a, b, bytes.Equal)
}

// TestRandomValidity checks the generators' ranges over many draws: P-192 operands below p, NTT
// coefficients below q (and reaching near q), SNEIK domain bytes varying.
func TestRandomValidity(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	p := p192()
	var maxCoef uint16
	doms := map[byte]bool{}
	for range 200 {
		args := kernel.Lookup("p192-mul").Random(r)
		if leInt(args[1]).Cmp(p) >= 0 || leInt(args[2]).Cmp(p) >= 0 {
			t.Fatalf("p192-mul: operand not below p: %x %x", args[1], args[2])
		}
		for _, c := range kernel.FromWords16(kernel.Lookup("ntt-256").Random(r)[0]) {
			if c >= kernel.NTTQ {
				t.Fatalf("ntt-256: coefficient %d", c)
			}
			maxCoef = max(maxCoef, c)
		}
		doms[kernel.Lookup("sneik-f512").Random(r)[1][0]] = true
	}
	if maxCoef < kernel.NTTQ-20 || len(doms) < 50 {
		t.Errorf("generators look narrow: largest coefficient %d, %d distinct domain bytes", maxCoef, len(doms))
	}
}

// TestCheckRejects checks that malformed argument lists give errors wrapping ErrArgs rather than panics.
func TestCheckRejects(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	bad := func(id string, edit func([][]byte) [][]byte) {
		t.Helper()
		k := kernel.Lookup(id)
		args := edit(k.Random(r))
		if err := k.Check(args); !errors.Is(err, kernel.ErrArgs) {
			t.Errorf("%s: Check = %v, want ErrArgs", id, err)
		}
		if got, err := k.Expected(args); got != nil || !errors.Is(err, kernel.ErrArgs) {
			t.Errorf("%s: Expected = %v, %v; want nil, ErrArgs", id, got, err)
		}
	}
	bad("mpmul-160", func(a [][]byte) [][]byte { return a[:2] })
	bad("mpmul-160", func(a [][]byte) [][]byte { return append(a, nil) })
	bad("mpmul-256", func(a [][]byte) [][]byte { a[1] = a[1][:31]; return a })
	bad("mpsqr-1024", func(a [][]byte) [][]byte { a[0] = append(a[0], 0); return a })
	bad("p192-mul", func(a [][]byte) [][]byte { a[1] = leBytes(p192(), 24); return a })
	bad("p192-mul", func(a [][]byte) [][]byte { a[2] = bytes.Repeat([]byte{0xff}, 24); return a })
	bad("ntt-256", func(a [][]byte) [][]byte { binary.LittleEndian.PutUint16(a[0][200:], kernel.NTTQ); return a })
	bad("intt-256", func(a [][]byte) [][]byte { binary.LittleEndian.PutUint16(a[0][510:], 0xffff); return a })
	bad("sneik-f512", func(a [][]byte) [][]byte { a[2][0] = 0; return a })
	bad("sneik-f512", func(a [][]byte) [][]byte { a[2][0] = kernel.SNEIKMaxRounds + 1; return a })
	bad("sneik-f512", func(a [][]byte) [][]byte { a[1] = nil; return a })
	bad("sneikha256", func(a [][]byte) [][]byte { a[2][0] = kernel.SNEIKHA256MaxLen + 1; return a })
	bad("rlwe256-enc", func(a [][]byte) [][]byte { binary.LittleEndian.PutUint16(a[7][510:], kernel.NTTQ); return a })
	bad("rlwe256-enc", func(a [][]byte) [][]byte { binary.LittleEndian.PutUint16(a[2][0:], 0xffff); return a })
	bad("rlwe256-keygen", func(a [][]byte) [][]byte { binary.LittleEndian.PutUint16(a[4][2:], kernel.NTTQ+1); return a })
	bad("rlwe256-dec", func(a [][]byte) [][]byte { binary.LittleEndian.PutUint16(a[3][100:], kernel.NTTQ); return a })
	if err := kernel.Lookup("ntt-256").Check(nil); !errors.Is(err, kernel.ErrArgs) {
		t.Errorf("Check(nil) = %v, want ErrArgs", err)
	}
}

// BenchmarkMul1024 measures the Go reference of the largest multiplication, the harness's costliest
// expected-output computation besides the NTT.
func BenchmarkMul1024(b *testing.B) {
	x, y, z := make([]byte, 128), make([]byte, 128), make([]byte, 256)
	for b.Loop() {
		kernel.Mul(z, x, y)
	}
}

// BenchmarkNTT measures one forward transform.
func BenchmarkNTT(b *testing.B) {
	a := make([]uint16, 256)
	for b.Loop() {
		kernel.NTT(a)
	}
}

// TestArbitraryArgsNeverPanic feeds every kernel argument lists of random counts, sizes and contents:
// Check and Expected must answer with an error or a result, never a panic, and agree with each other.
func TestArbitraryArgsNeverPanic(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, k := range kernel.Kernels() {
		for n := range 300 {
			var args [][]byte
			count := r.IntN(5)
			if n%2 == 0 {
				count = len(k.Args) // mostly the right count, so the size and value checks run
			}
			for i := range count {
				size := r.IntN(600)
				if i < len(k.Args) && r.IntN(2) == 0 {
					size = k.Args[i].Size
				}
				args = append(args, randBytes(r, size))
			}
			err := k.Check(args)
			got, err2 := k.Expected(args)
			if (err == nil) != (err2 == nil) || (err2 == nil) != (got != nil) {
				t.Fatalf("%s: Check = %v but Expected = %v, %v", k.ID, err, got != nil, err2)
			}
		}
	}
}

// TestEveryReference checks that every build but the page's engine links the reference of every kernel
// (systems_ref.go attaches those of systems.go by ID).
func TestEveryReference(t *testing.T) {
	for _, k := range kernel.Kernels() {
		if !k.HasReference() {
			t.Errorf("%s has no reference", k.ID)
		}
	}
}
