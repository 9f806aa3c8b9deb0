//go:build !avrlab_core

package kernel_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab/kernel"
)

// sneikenVector is one SNEIKEN128 entry of ../shared/data/vectors-systems.json.
type sneikenVector struct {
	ID    string `json:"id"`
	Count int    `json:"Count"`
	Key   string `json:"Key"`
	Nonce string `json:"Nonce"`
	PT    string `json:"PT"`
	AD    string `json:"AD"`
	CT    string `json:"CT"`
	Split struct {
		Ciphertext string `json:"ciphertext"`
		Tag        string `json:"tag"`
	} `json:"CT_split"`
}

func loadSneiken(t *testing.T) []sneikenVector {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "data", "vectors-systems.json")
	data := oracle.RequireFile(t, path, "the shared systems vectors sit in shared/ beside the repository root")
	var f struct {
		Algorithms struct {
			SNEIKEN struct {
				Vectors []sneikenVector `json:"vectors"`
			} `json:"sneiken128"`
		} `json:"algorithms"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if n := len(f.Algorithms.SNEIKEN.Vectors); n != 4 {
		t.Fatalf("%d SNEIKEN128 vectors in %s, want 4 (KAT Count 1, 34, 545, 1089)", n, path)
	}
	return f.Algorithms.SNEIKEN.Vectors
}

// sneikenSponge is SNEIKEN128 written out again for the tests, element by element: each element's
// bytes and its pad byte are absorbed (or en/decrypted) at its rate, the permutation running before
// a byte that finds the block full, then the element's closing permutation.
func sneikenSponge(key, nonce, ad, in []byte, decrypt bool) (out, tag []byte) {
	st := make([]byte, 64)
	absorb := func(data []byte, rate int, dom byte) {
		pos := 0
		for _, v := range append(bytes.Clone(data), 0x01) {
			if pos == rate {
				kernel.SNEIKF512(st, dom, 6)
				pos = 0
			}
			st[pos] ^= v
			pos++
		}
		if rate != 64 {
			st[rate-1] ^= 0x80
		}
		kernel.SNEIKF512(st, dom|1, 6)
	}
	id := []byte{'a', 'e', 48, 16, 16, 8}
	absorb(append(append(id, key...), nonce...), 64, 0x22)
	absorb(ad, 64, 0x12)
	// The message element, its output taken on the way.
	out = make([]byte, len(in))
	pos := 0
	for i, v := range in {
		if pos == 48 {
			kernel.SNEIKF512(st, 0x70, 6)
			pos = 0
		}
		if decrypt {
			out[i] = st[pos] ^ v
			st[pos] = v
		} else {
			st[pos] ^= v
			out[i] = st[pos]
		}
		pos++
	}
	if pos == 48 {
		kernel.SNEIKF512(st, 0x70, 6)
		pos = 0
	}
	st[pos] ^= 0x01
	st[47] ^= 0x80
	kernel.SNEIKF512(st, 0x71, 6)
	return out, bytes.Clone(st[:8])
}

// TestSNEIKEN128KAT reproduces the four KAT entries of vectors-systems.json (LWC_AEAD_KAT_128_128.txt
// Count 1, 34, 545, 1089) by encryption, decrypts each back, and rejects each with one bit of the
// ciphertext, the tag, the associated data, the nonce or the key flipped, or the tag cut short.
func TestSNEIKEN128KAT(t *testing.T) {
	for _, v := range loadSneiken(t) {
		key, nonce, pt, ad, ct := mustHex(t, v.Key), mustHex(t, v.Nonce), mustHex(t, v.PT), mustHex(t, v.AD), mustHex(t, v.CT)
		if v.Split.Ciphertext+v.Split.Tag != v.CT || len(ct) != len(pt)+kernel.SNEIKEN128TagSize {
			t.Fatalf("%s: CT %s is not ciphertext %s || an 8-byte tag %s", v.ID, v.CT, v.Split.Ciphertext, v.Split.Tag)
		}
		if got := kernel.SNEIKEN128Encrypt(key, nonce, ad, pt); !bytes.Equal(got, ct) {
			t.Errorf("%s: SNEIKEN128Encrypt = %x, KAT CT %x", v.ID, got, ct)
		}
		if got, tag := sneikenSponge(key, nonce, ad, pt, false); !bytes.Equal(append(got, tag...), ct) {
			t.Errorf("%s: the test's sponge gives %x %x, KAT CT %x", v.ID, got, tag, ct)
		}
		got, ok := kernel.SNEIKEN128Decrypt(key, nonce, ad, ct)
		if !ok || !bytes.Equal(got, pt) {
			t.Errorf("%s: SNEIKEN128Decrypt = %x, %v; want %x, true", v.ID, got, ok, pt)
		}
		reject := func(what string, key, nonce, ad, ct []byte) {
			t.Helper()
			if got, ok := kernel.SNEIKEN128Decrypt(key, nonce, ad, ct); ok || got != nil {
				t.Errorf("%s: decryption with %s accepted (%x, %v)", v.ID, what, got, ok)
			}
		}
		for i := range ct {
			bad := bytes.Clone(ct)
			bad[i] ^= 0x80 >> (i % 8)
			reject(fmt.Sprintf("byte %d of CT flipped", i), key, nonce, ad, bad)
		}
		for i := range ad {
			bad := bytes.Clone(ad)
			bad[i] ^= 0x01
			reject("an AD byte flipped", key, nonce, bad, ct)
		}
		reject("AD one byte longer", key, nonce, append(bytes.Clone(ad), 0), ct)
		for i := range 16 {
			badK, badN := bytes.Clone(key), bytes.Clone(nonce)
			badK[i] ^= 0x04
			badN[i] ^= 0x10
			reject("a key byte flipped", badK, nonce, ad, ct)
			reject("a nonce byte flipped", key, badN, ad, ct)
		}
		reject("the tag cut", key, nonce, ad, ct[:len(ct)-1])
		reject("no tag", key, nonce, ad, ct[:kernel.SNEIKEN128TagSize-1])
	}
}

// sneikenDesigners are SNEIKEN128 outputs of the designers' reference C (github:mjosaarinen/sneik commit
// 3558ae4, crypto_aead/sneiken128/ref: encrypt.c, blnk.c, sneik_f512_c99.c, compiled with gcc -O2 and
// run once with a small driver of ours; its outputs for the KAT's Count 1 and 545 matched the KAT
// file): Key = Nonce = 00 01 .. 0f, PT and AD the bytes 00 01 02 .. of the given lengths, CT =
// ciphertext || tag. The KAT stops at 32 bytes, inside the first block of each rate; these cross the
// 48-byte message rate and the 64-byte full-state rate of the associated data.
var sneikenDesigners = []struct {
	mlen, adlen int
	ct          string
}{
	{47, 0, "451ce7fcba6cfd942d6e5145e0cef19aff6a6b7c264b6d319ebbc6ba2286a12dc9e96b35b6d69af27e099cf9e73f813ecf2b4f2234fb41"},
	{48, 0, "451ce7fcba6cfd942d6e5145e0cef19aff6a6b7c264b6d319ebbc6ba2286a12dc9e96b35b6d69af27e099cf9e73f8147b52a6c8bd293010e"},
	{49, 0, "451ce7fcba6cfd942d6e5145e0cef19aff6a6b7c264b6d319ebbc6ba2286a12dc9e96b35b6d69af27e099cf9e73f8147063d8d96787d57284a"},
	{0, 63, "8f0678e82ab4516d"},
	{0, 64, "a9c8a2ba604ff546"},
	{0, 65, "5affda8335d5381c"},
	{96, 64, "2f9864eb12ebb902ce89b49796b4c753d06b7ea380ca9a96c6375db31f19efef431ecf3534edb5803f2c055a6b2083abf2bcf09f74c2bf5b1b189efee5dc32366619780ce2702952623e162c1e8ce8dad3c35d9ea407d805e14d68abc6bfa3fd6c50c5b0e9847718"},
	{128, 128, "f0f06f66204670522eb04a222e242b834feb3f4d032d3548c7b068113466dee0d44d47accc9bf244f8aa4f0dc97527b50539fd34fe3d1139c67deb4b038068690782d1cccc2ae98a2c3ba3cc22fc21725fc9b281559826ca9465229a35f3bbc2b0c152c27018e92e2dd63214e90a828cf9115e1a1fea3a07ee6ade74febdfd04140693f008ec572e"},
	{128, 65, "09b6ba98cb10f2732b45f6555d8dd284d74932b4ec152f3a9c3a18a57d4b6d5b22d49216ab1ba600908ae266cd1d6b65138cc4d2f1f1226bcbc8fd9e792ccd8c8f740a12e97c26a6fb12a32ea6fb336872dc837eecaa64cd95eb27b71009275d936f2e08470a66ec267482bad36f1b2bba81daf9952043898ad40a99e1d89c9492a59131cffde9ae"},
	{100, 200, "5beffaccf952cd26ea854d6fe693cd3fd23c2dff298b0bb599b190556410f19cc5f9018ca95f616f22be2a843da50015ace5cf14879525c4acdff07dca1e94150bd622cc35695a273f0ee898b36163e4d17fdc2e7e8f84980162591ae3a4adbcd56f56773e0d8e4f483fac66"},
}

func countingBytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// TestSNEIKEN128Designers checks the reference against the designers' C past the KAT's lengths, both
// ways, and the test's own sponge against both.
func TestSNEIKEN128Designers(t *testing.T) {
	kn := countingBytes(16)
	for _, v := range sneikenDesigners {
		pt, ad, ct := countingBytes(v.mlen), countingBytes(v.adlen), mustHex(t, v.ct)
		if got := kernel.SNEIKEN128Encrypt(kn, kn, ad, pt); !bytes.Equal(got, ct) {
			t.Errorf("mlen %d, adlen %d: SNEIKEN128Encrypt =\n%x, the designers' C\n%x", v.mlen, v.adlen, got, ct)
		}
		if got, tag := sneikenSponge(kn, kn, ad, pt, false); !bytes.Equal(append(got, tag...), ct) {
			t.Errorf("mlen %d, adlen %d: the test's sponge =\n%x%x, the designers' C\n%x", v.mlen, v.adlen, got, tag, ct)
		}
		if got, ok := kernel.SNEIKEN128Decrypt(kn, kn, ad, ct); !ok || !bytes.Equal(got, pt) {
			t.Errorf("mlen %d, adlen %d: SNEIKEN128Decrypt = %x, %v", v.mlen, v.adlen, got, ok)
		}
	}
}

// TestSNEIKEN128Edges checks the kernels' edge inputs: the encryption kernel's first four are the KAT
// entries in order (Count 1, the empty message, first: the official vector) and give the KAT's CT;
// the decryption kernel's are the same ciphertexts (accepted, the KAT's plaintext out) and then three
// tampered ones (rejected, m all zero).
func TestSNEIKEN128Edges(t *testing.T) {
	kat := loadSneiken(t)
	enc, dec := kernel.Lookup("sneiken128-enc"), kernel.Lookup("sneiken128-dec")
	ee, de := enc.Edges(), dec.Edges()
	if len(de) != len(ee)+3 {
		t.Fatalf("%d encryption and %d decryption edges, want the decryption's 3 more", len(ee), len(de))
	}
	for i, v := range kat {
		pt, ad, ct := mustHex(t, v.PT), mustHex(t, v.AD), mustHex(t, v.CT)
		a := ee[i]
		if int(a[2][0]) != len(pt) || int(a[4][0]) != len(ad) || !bytes.Equal(a[1][:len(pt)], pt) ||
			!bytes.Equal(a[3][:len(ad)], ad) || !bytes.Equal(a[5], mustHex(t, v.Nonce)) || !bytes.Equal(a[6], mustHex(t, v.Key)) {
			t.Fatalf("encryption edge %d is not KAT Count %d", i, v.Count)
		}
		out, err := enc.Expected(a)
		if err != nil || !bytes.Equal(out[0][:len(ct)], ct) || !bytes.Equal(out[0][len(ct):], make([]byte, len(out[0])-len(ct))) {
			t.Errorf("encryption edge %d (Count %d): c = %x (%v), want %x then zeros", i, v.Count, out[0], err, ct)
		}
		d := de[i]
		if int(d[3][0]) != len(pt) || !bytes.Equal(d[2][:len(ct)], ct) {
			t.Fatalf("decryption edge %d is not KAT Count %d's CT", i, v.Count)
		}
		out, err = dec.Expected(d)
		if err != nil || out[1][0] != 1 || !bytes.Equal(out[0][:len(pt)], pt) {
			t.Errorf("decryption edge %d (Count %d): ok %d, m %x (%v), want 1, %x", i, v.Count, out[1][0], out[0], err, pt)
		}
	}
	for i, d := range de {
		out, err := dec.Expected(d)
		if err != nil {
			t.Fatal(err)
		}
		if want := byte(1); i >= len(ee) {
			want = 0
			if out[1][0] != want || !bytes.Equal(out[0], make([]byte, len(out[0]))) {
				t.Errorf("tampered decryption edge %d: ok %d, m %x; want 0 and zeros", i, out[1][0], out[0])
			}
		} else if out[1][0] != want {
			t.Errorf("decryption edge %d: ok %d, want 1", i, out[1][0])
		}
	}
	// The lengths past the KAT's are the designers' C's.
	kn := countingBytes(16)
	for _, a := range ee[len(kat):] {
		mlen, adlen := int(a[2][0]), int(a[4][0])
		found := false
		for _, v := range sneikenDesigners {
			if v.mlen == mlen && v.adlen == adlen {
				found = true
				out, _ := enc.Expected(a)
				if got := hex.EncodeToString(out[0][:mlen+8]); got != v.ct || !bytes.Equal(a[5], kn) || !bytes.Equal(a[6], kn) {
					t.Errorf("edge mlen %d, adlen %d: c = %s, the designers' C %s", mlen, adlen, got, v.ct)
				}
			}
		}
		if !found {
			t.Errorf("edge mlen %d, adlen %d has no output of the designers' C", mlen, adlen)
		}
	}
}

// TestSNEIKEN128Checks: lengths past the buffers are errors, not panics.
func TestSNEIKEN128Checks(t *testing.T) {
	for _, id := range []string{"sneiken128-enc", "sneiken128-dec"} {
		k := kernel.Lookup(id)
		for _, bad := range []int{kernel.SNEIKEN128MaxLen + 1, 255} {
			for _, arg := range []string{"mlen", "adlen"} {
				a := k.Edges()[0]
				for i, ka := range k.Args {
					if ka.Name == arg {
						a[i][0] = byte(bad)
					}
				}
				if _, err := k.Expected(a); err == nil {
					t.Errorf("%s: %s = %d accepted", id, arg, bad)
				}
			}
		}
	}
}

// TestSNEIKEN128Random: random inputs use the longest lengths (so cycle counts compare), and the
// decryption's are valid and tampered both (over 64 draws).
func TestSNEIKEN128Random(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	enc, dec := kernel.Lookup("sneiken128-enc"), kernel.Lookup("sneiken128-dec")
	seen := map[byte]int{}
	for range 64 {
		if a := enc.Random(r); a[2][0] != kernel.SNEIKEN128MaxLen || a[4][0] != kernel.SNEIKEN128MaxLen {
			t.Fatalf("encryption input with mlen %d, adlen %d", a[2][0], a[4][0])
		}
		a := dec.Random(r)
		if a[3][0] != kernel.SNEIKEN128MaxLen || a[5][0] != kernel.SNEIKEN128MaxLen {
			t.Fatalf("decryption input with mlen %d, adlen %d", a[3][0], a[5][0])
		}
		out, err := dec.Expected(a)
		if err != nil {
			t.Fatal(err)
		}
		seen[out[1][0]]++
	}
	if seen[0] < 16 || seen[1] < 16 || seen[0]+seen[1] != 64 {
		t.Errorf("decryption verdicts over 64 random inputs: %v, want both 0 and 1, about half each", seen)
	}
}
