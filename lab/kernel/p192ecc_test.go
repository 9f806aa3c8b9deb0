//go:build !avrlab_core

package kernel_test

import (
	"bytes"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/avrlab/avrlab/lab/kernel"
)

// systemsVector is one P-192 entry of ../shared/data/vectors-systems.json; only the fields the tests use.
type systemsVector struct {
	ID      string `json:"id"`
	Hash    string `json:"hash"`
	Message string `json:"message_ascii"`
	X       string `json:"x"`
	K       string `json:"k"`
	R       string `json:"r"`
	S       string `json:"s"`
	ResultX string `json:"result_x"`
	ResultY string `json:"result_y"`
	QCAVSx  string `json:"QCAVSx"`
	QCAVSy  string `json:"QCAVSy"`
	DIUT    string `json:"dIUT"`
	QIUTx   string `json:"QIUTx"`
	QIUTy   string `json:"QIUTy"`
	ZIUT    string `json:"ZIUT"`
	Derived struct {
		ZY string `json:"Z_y"`
	} `json:"derived_not_published"`
}

func loadP192(t *testing.T) []systemsVector {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "data", "vectors-systems.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("cannot read the shared systems vectors (expected at %s, i.e. shared/ beside the repository root): %v", path, err)
	}
	var f struct {
		Algorithms struct {
			P192 struct {
				Curve struct {
					P, N, Gx, Gy string
				} `json:"curve"`
				Vectors []systemsVector `json:"vectors"`
			} `json:"p192"`
		} `json:"algorithms"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	c := f.Algorithms.P192.Curve
	gx, gy := kernel.P192Base()
	if hexInt(t, c.P).Cmp(kernel.P192Prime()) != 0 || hexInt(t, c.N).Cmp(kernel.P192Order()) != 0 ||
		hexInt(t, c.Gx).Cmp(gx) != 0 || hexInt(t, c.Gy).Cmp(gy) != 0 {
		t.Fatalf("the domain parameters differ from %s's", path)
	}
	if len(f.Algorithms.P192.Vectors) != 8 {
		t.Fatalf("%d P-192 vectors in %s, want 8 (key pair, 4 signatures, 3 CDH)", len(f.Algorithms.P192.Vectors), path)
	}
	return f.Algorithms.P192.Vectors
}

func hexInt(t *testing.T, s string) *big.Int {
	t.Helper()
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		t.Fatalf("bad hex %q", s)
	}
	return v
}

// TestP192RFC6979 reproduces RFC 6979 A.2.3 exactly: the public key U = x·G, and the four signatures
// (SHA-1 and SHA-256 over "sample" and "test") from the k the RFC gives; each verifies, and each with
// s + 1, r + 1 or another message does not.
func TestP192RFC6979(t *testing.T) {
	gx, gy := kernel.P192Base()
	var ux, uy *big.Int
	sigs := 0
	for _, v := range loadP192(t) {
		switch {
		case v.ID == "rfc6979-A.2.3-keypair":
			var ok bool
			ux, uy, ok = kernel.P192ScalarMult(hexInt(t, v.K), gx, gy)
			if !ok || ux.Cmp(hexInt(t, v.ResultX)) != 0 || uy.Cmp(hexInt(t, v.ResultY)) != 0 {
				t.Fatalf("x·G = (%x, %x), want (%s, %s)", ux, uy, v.ResultX, v.ResultY)
			}
		case v.R != "":
			if ux == nil {
				t.Fatal("the key pair must come before the signatures")
			}
			e, err := kernel.P192HashInt(v.Hash, []byte(v.Message))
			if err != nil {
				t.Fatal(err)
			}
			r, s, err := kernel.P192Sign(hexInt(t, v.X), hexInt(t, v.K), e)
			if err != nil || r.Cmp(hexInt(t, v.R)) != 0 || s.Cmp(hexInt(t, v.S)) != 0 {
				t.Fatalf("%s: sign = (%x, %x, %v), want (%s, %s)", v.ID, r, s, err, v.R, v.S)
			}
			if !kernel.P192Verify(ux, uy, e, r, s) {
				t.Errorf("%s: the RFC's signature does not verify", v.ID)
			}
			one := big.NewInt(1)
			other, _ := kernel.P192HashInt(v.Hash, []byte(v.Message+"!"))
			if kernel.P192Verify(ux, uy, e, r, new(big.Int).Add(s, one)) || kernel.P192Verify(ux, uy, e, new(big.Int).Add(r, one), s) ||
				kernel.P192Verify(ux, uy, other, r, s) || kernel.P192Verify(gx, gy, e, r, s) {
				t.Errorf("%s: a tampered signature verifies", v.ID)
			}
			sigs++
		}
	}
	if sigs != 4 {
		t.Errorf("%d RFC 6979 signatures checked, want 4", sigs)
	}
}

// TestP192CAVPCDH checks the NIST CAVP ECC CDH Primitive counts 0..2: dIUT·QCAVS has x = ZIUT, and
// dIUT·G = QIUT.
func TestP192CAVPCDH(t *testing.T) {
	gx, gy := kernel.P192Base()
	n := 0
	for _, v := range loadP192(t) {
		if v.ZIUT == "" {
			continue
		}
		d := hexInt(t, v.DIUT)
		zx, _, ok := kernel.P192ScalarMult(d, hexInt(t, v.QCAVSx), hexInt(t, v.QCAVSy))
		if !ok || zx.Cmp(hexInt(t, v.ZIUT)) != 0 {
			t.Errorf("%s: x of dIUT·QCAVS = %x, want %s", v.ID, zx, v.ZIUT)
		}
		qx, qy, ok := kernel.P192ScalarMult(d, gx, gy)
		if !ok || qx.Cmp(hexInt(t, v.QIUTx)) != 0 || qy.Cmp(hexInt(t, v.QIUTy)) != 0 {
			t.Errorf("%s: dIUT·G = (%x, %x), want (%s, %s)", v.ID, qx, qy, v.QIUTx, v.QIUTy)
		}
		n++
	}
	if n != 3 {
		t.Errorf("%d CDH counts, want 3", n)
	}
}

// TestP192KernelOfficial checks that the P-192 kernels run the shared file's vectors first, in the
// kernels' little-endian byte order: p192-scalarmul the three CDH counts then the RFC key pair,
// p192-ecdsa-sign the four RFC signatures, p192-ecdsa-verify those valid and then with s + 1 invalid.
// The y of each CDH result (CAVP prints x only) is the shared file's independent implementation's.
func TestP192KernelOfficial(t *testing.T) {
	vs := loadP192(t)
	le := func(s string) []byte { return kernel.P192Bytes(hexInt(t, s)) }
	var cdh, sigs []systemsVector
	var key systemsVector
	for _, v := range vs {
		switch {
		case v.ZIUT != "":
			cdh = append(cdh, v)
		case v.R != "":
			sigs = append(sigs, v)
		default:
			key = v
		}
	}
	sm := kernel.Lookup("p192-scalarmul")
	edges := sm.Edges()
	if len(edges) != 4 {
		t.Fatalf("p192-scalarmul: %d fixed vectors, want 4", len(edges))
	}
	for i, args := range edges {
		want, err := sm.Expected(args)
		if err != nil {
			t.Fatal(err)
		}
		if i < 3 {
			v := cdh[i]
			if !bytes.Equal(args[1], le(v.DIUT)) || !bytes.Equal(args[2], append(le(v.QCAVSx), le(v.QCAVSy)...)) ||
				!bytes.Equal(want[0][:24], le(v.ZIUT)) || !bytes.Equal(want[0][24:], le(v.Derived.ZY)) {
				t.Errorf("p192-scalarmul vector %d is not %s", i, v.ID)
			}
		} else if !bytes.Equal(args[1], le(key.K)) || !bytes.Equal(want[0], append(le(key.ResultX), le(key.ResultY)...)) {
			t.Errorf("p192-scalarmul vector 3 is not the RFC 6979 key pair")
		}
	}
	sk := kernel.Lookup("p192-ecdsa-sign")
	vk := kernel.Lookup("p192-ecdsa-verify")
	sEdges, vEdges := sk.Edges(), vk.Edges()
	if len(sEdges) != 4 || len(vEdges) != 8 {
		t.Fatalf("%d signing and %d verifying vectors, want 4 and 8", len(sEdges), len(vEdges))
	}
	for i, v := range sigs {
		want, err := sk.Expected(sEdges[i])
		if err != nil {
			t.Fatal(err)
		}
		sig := append(le(v.R), le(v.S)...)
		if !bytes.Equal(sEdges[i][1], le(v.X)) || !bytes.Equal(sEdges[i][2], le(v.K)) || !bytes.Equal(want[0], sig) {
			t.Errorf("p192-ecdsa-sign vector %d: %x, want %s's %x", i, want[0], v.ID, sig)
		}
		for j, valid := range []byte{1, 0} {
			args := vEdges[i+4*j]
			got, err := vk.Expected(args)
			if err != nil {
				t.Fatal(err)
			}
			if got[0][0] != valid || !bytes.Equal(args[1], append(le(key.ResultX), le(key.ResultY)...)) ||
				!bytes.Equal(args[3][:24], le(v.R)) || (valid == 1) != bytes.Equal(args[3], sig) {
				t.Errorf("p192-ecdsa-verify vector %d: ok = %d, want %d", i+4*j, got[0][0], valid)
			}
		}
	}
}

// TestP192RandomVectors checks the generators: scalars in [1, n−1], points on the curve, results equal
// to an independent ladder (right-to-left double-and-add written here), signatures that verify, and
// verifying inputs both valid and invalid.
func TestP192RandomVectors(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	n := kernel.P192Order()
	sm, sk, vk := kernel.Lookup("p192-scalarmul"), kernel.Lookup("p192-ecdsa-sign"), kernel.Lookup("p192-ecdsa-verify")
	valid := map[byte]int{}
	for range 6 {
		args := sm.Random(r)
		got, err := sm.Expected(args)
		if err != nil {
			t.Fatal(err)
		}
		k := leInt(args[1])
		px, py := leInt(args[2][:24]), leInt(args[2][24:])
		wx, wy := rightToLeft(k, px, py)
		if k.Sign() <= 0 || k.Cmp(n) >= 0 || !kernel.P192OnCurve(px, py) ||
			leInt(got[0][:24]).Cmp(wx) != 0 || leInt(got[0][24:]).Cmp(wy) != 0 {
			t.Fatalf("p192-scalarmul(%x, %x) = %x, want (%x, %x)", args[1], args[2], got[0], wx, wy)
		}
		sa := sk.Random(r)
		sig, err := sk.Expected(sa)
		if err != nil {
			t.Fatal(err)
		}
		gx, gy := kernel.P192Base()
		qx, qy, _ := kernel.P192ScalarMult(leInt(sa[1]), gx, gy)
		if !kernel.P192Verify(qx, qy, leInt(sa[3]), leInt(sig[0][:24]), leInt(sig[0][24:])) {
			t.Fatalf("p192-ecdsa-sign(%x): %x does not verify", sa[1:], sig[0])
		}
	}
	for range 12 {
		got, err := vk.Expected(vk.Random(r))
		if err != nil {
			t.Fatal(err)
		}
		valid[got[0][0]]++
	}
	if valid[0] == 0 || valid[1] == 0 || valid[0]+valid[1] != 12 {
		t.Errorf("p192-ecdsa-verify random outcomes %v, want both 0 and 1", valid)
	}
}

// rightToLeft returns k·(x, y) by right-to-left double-and-add in Jacobian coordinates, an
// independent computation of the reference's affine left-to-right one.
func rightToLeft(k, x, y *big.Int) (*big.Int, *big.Int) {
	p := kernel.P192Prime()
	type jac struct{ x, y, z *big.Int }
	mod := func(v *big.Int) *big.Int { return v.Mod(v, p) }
	mul := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Mul(a, b)) }
	sub := func(a, b *big.Int) *big.Int { return mod(new(big.Int).Sub(a, b)) }
	dbl := func(a jac) jac { // a = −3: 3M + 5S (EFD dbl-2001-b)
		if a.z.Sign() == 0 {
			return a
		}
		d := mul(a.z, a.z)
		g := mul(a.y, a.y)
		b := mul(a.x, g)
		al := mul(big.NewInt(3), mul(sub(a.x, d), mod(new(big.Int).Add(a.x, d))))
		x3 := sub(mul(al, al), mul(big.NewInt(8), b))
		z3 := sub(sub(mul(mod(new(big.Int).Add(a.y, a.z)), mod(new(big.Int).Add(a.y, a.z))), g), d)
		y3 := sub(mul(al, sub(mul(big.NewInt(4), b), x3)), mul(big.NewInt(8), mul(g, g)))
		return jac{x3, y3, z3}
	}
	add := func(a, b jac) jac {
		if a.z.Sign() == 0 {
			return b
		}
		if b.z.Sign() == 0 {
			return a
		}
		z1, z2 := mul(a.z, a.z), mul(b.z, b.z)
		u1, u2 := mul(a.x, z2), mul(b.x, z1)
		s1, s2 := mul(a.y, mul(z2, b.z)), mul(b.y, mul(z1, a.z))
		h, rr := sub(u2, u1), sub(s2, s1)
		if h.Sign() == 0 {
			if rr.Sign() == 0 {
				return dbl(a)
			}
			return jac{big.NewInt(1), big.NewInt(1), big.NewInt(0)}
		}
		h2 := mul(h, h)
		h3 := mul(h2, h)
		x3 := sub(sub(mul(rr, rr), h3), mul(big.NewInt(2), mul(u1, h2)))
		y3 := sub(mul(rr, sub(mul(u1, h2), x3)), mul(s1, h3))
		return jac{x3, y3, mul(h, mul(a.z, b.z))}
	}
	acc := jac{big.NewInt(1), big.NewInt(1), big.NewInt(0)}
	base := jac{x, y, big.NewInt(1)}
	for i := 0; i < k.BitLen(); i++ {
		if k.Bit(i) == 1 {
			acc = add(acc, base)
		}
		base = dbl(base)
	}
	zi := new(big.Int).ModInverse(acc.z, p)
	z2 := mul(zi, zi)
	return mul(acc.x, z2), mul(acc.y, mul(z2, zi))
}
