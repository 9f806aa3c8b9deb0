package cipher_test

import (
	"bytes"
	stdaes "crypto/aes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab/cipher"
)

// tinyVector is one entry of ../shared/data/vectors-attiny45.json; only the fields the tests use.
type tinyVector struct {
	Cipher    string `json:"cipher"`
	Variant   string `json:"variant"`
	Mode      string `json:"mode"`
	Rounds    int    `json:"rounds"`
	BlockBits int    `json:"block_bits"`
	KeyBits   int    `json:"key_bits"`

	Key           string   `json:"key_bytes"`
	PlainBytes    string   `json:"plaintext_bytes"`
	CipherBytes   string   `json:"ciphertext_bytes"`
	KeyBE         string   `json:"key_bytes_bigendian"`
	PlainBEBytes  string   `json:"plaintext_bytes_bigendian"`
	CipherBEBytes string   `json:"ciphertext_bytes_bigendian"`
	KeyLE         string   `json:"key_bytes_le_words"`
	PlainLE       string   `json:"plaintext_bytes_le_words"`
	CipherLE      string   `json:"ciphertext_bytes_le_words"`
	RoundKeys     []string `json:"round_keys_spec_display"`
}

func loadTinyVectors(t *testing.T) []tinyVector {
	t.Helper()
	// The shared folder sits beside the repository root: /work/main/lab/cipher -> /work/shared.
	path := filepath.Join("..", "..", "..", "shared", "data", "vectors-attiny45.json")
	data := oracle.RequireFile(t, path, "the shared test vectors sit in shared/ beside the repository root")
	var file struct {
		Vectors []tinyVector `json:"vectors"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(file.Vectors) == 0 {
		t.Fatalf("%s: no vectors", path)
	}
	return file.Vectors
}

// tinyCipherFor returns the implementation a vector describes and the name it must report.
func tinyCipherFor(t *testing.T, v tinyVector) (cipher.Cipher, string) {
	t.Helper()
	switch v.Cipher {
	case "AES":
		return cipher.AES128(), v.Variant
	case "PRESENT":
		return cipher.PRESENT80(), v.Variant
	case "NOEKEON":
		switch v.Mode {
		case "direct-key":
			return cipher.NOEKEONDirect(), v.Variant + "-direct"
		case "indirect-key":
			return cipher.NOEKEONIndirect(), v.Variant + "-indirect"
		}
	case "TEA":
		return cipher.TEA(), v.Variant
	case "KLEIN":
		c, err := cipher.KLEIN(v.KeyBits)
		if err != nil {
			t.Fatal(err)
		}
		return c, v.Variant
	case "KATAN":
		return cipher.KATAN64(), v.Variant
	}
	t.Fatalf("no implementation for %s %s", v.Cipher, v.Variant)
	return nil, ""
}

// reverseWords reverses the bytes of each n-byte group of b (n = len(b) reverses the whole string).
func reverseWords(b []byte, n int) []byte {
	out := bytes.Clone(b)
	for i := 0; i+n <= len(out); i += n {
		slices.Reverse(out[i : i+n])
	}
	return out
}

// TestATtiny45Vectors checks every vector of vectors-attiny45.json: name, sizes, round count,
// encryption under the key and under RoundKeys(key), and decryption, all in memory byte order (the
// *_bytes fields).
func TestATtiny45Vectors(t *testing.T) {
	seen := map[string]int{}
	for i, v := range loadTinyVectors(t) {
		t.Run(fmt.Sprintf("%d_%s_%s", i, strings.ReplaceAll(v.Variant, "/", "_"), v.Mode), func(t *testing.T) {
			c, name := tinyCipherFor(t, v)
			seen[c.Name()]++
			if c.Name() != name {
				t.Errorf("Name() = %q, want %q", c.Name(), name)
			}
			if c.BlockSize()*8 != v.BlockBits || c.KeySize()*8 != v.KeyBits {
				t.Errorf("BlockSize, KeySize = %d, %d bytes; vector has %d, %d bits",
					c.BlockSize(), c.KeySize(), v.BlockBits, v.KeyBits)
			}
			if c.Rounds() != v.Rounds {
				t.Errorf("Rounds() = %d, vector has %d", c.Rounds(), v.Rounds)
			}
			key := unhex(t, "key_bytes", v.Key)
			pt := unhex(t, "plaintext_bytes", v.PlainBytes)
			ct := unhex(t, "ciphertext_bytes", v.CipherBytes)
			got := make([]byte, len(pt))
			c.Encrypt(got, pt, key)
			if !bytes.Equal(got, ct) {
				t.Errorf("Encrypt = %x, want %x", got, ct)
			}
			c.EncryptWithRoundKeys(got, pt, c.RoundKeys(key))
			if !bytes.Equal(got, ct) {
				t.Errorf("EncryptWithRoundKeys(RoundKeys(key)) = %x, want %x", got, ct)
			}
			c.Decrypt(got, ct, key)
			if !bytes.Equal(got, pt) {
				t.Errorf("Decrypt = %x, want %x", got, pt)
			}
		})
	}
	for _, name := range []string{"AES-128", "PRESENT-80", "NOEKEON-128/128-direct", "NOEKEON-128/128-indirect",
		"TEA-64/128", "KLEIN-64", "KATAN-64"} {
		if seen[name] == 0 {
			t.Errorf("no vector checked %s", name)
		}
	}
}

// TestATtiny45ByteOrder checks the byte order the doc comments state against the file's other
// renderings of the same vectors: PRESENT and KATAN hold the printed integers byte-reversed, TEA each
// printed 32-bit word byte-reversed, and NOEKEON the printed words as they stand (a little-endian word
// layout would be each word reversed).
func TestATtiny45ByteOrder(t *testing.T) {
	for i, v := range loadTinyVectors(t) {
		type pair struct{ what, mem, other string }
		var pairs []pair
		group := 0
		switch v.Cipher {
		case "PRESENT", "KATAN":
			group = -1 // whole string
			pairs = []pair{{"key", v.Key, v.KeyBE}, {"plaintext", v.PlainBytes, v.PlainBEBytes}, {"ciphertext", v.CipherBytes, v.CipherBEBytes}}
		case "TEA":
			group = 4
			pairs = []pair{{"key", v.Key, v.KeyBE}, {"plaintext", v.PlainBytes, v.PlainBEBytes}, {"ciphertext", v.CipherBytes, v.CipherBEBytes}}
		case "NOEKEON":
			group = 4
			pairs = []pair{{"key", v.Key, v.KeyLE}, {"plaintext", v.PlainBytes, v.PlainLE}, {"ciphertext", v.CipherBytes, v.CipherLE}}
		}
		for _, p := range pairs {
			mem, other := unhex(t, p.what, p.mem), unhex(t, p.what, p.other)
			n := group
			if n < 0 {
				n = len(mem)
			}
			if want := reverseWords(other, n); !bytes.Equal(mem, want) || len(mem) == 0 {
				t.Errorf("vector %d (%s) %s: *_bytes %x is not the other rendering %x reversed in %d-byte groups",
					i, v.Variant, p.what, mem, other, n)
			}
		}
	}
}

// TestPRESENTRoundKeys checks RoundKeys against the round keys K_1..K_32 the vector file lists for the
// all-zero key (printed most significant nibble first, so each is stored byte-reversed).
func TestPRESENTRoundKeys(t *testing.T) {
	var want []byte
	for _, v := range loadTinyVectors(t) {
		if v.Cipher == "PRESENT" && len(v.RoundKeys) > 0 {
			if v.Key != "00000000000000000000" {
				t.Fatalf("round keys listed for key %s, want the all-zero key", v.Key)
			}
			for _, k := range v.RoundKeys {
				want = append(want, reverseWords(unhex(t, "round key", k), 8)...)
			}
		}
	}
	if len(want) != 32*8 {
		t.Fatalf("vector file lists %d round-key bytes, want 256", len(want))
	}
	if got := cipher.PRESENT80().RoundKeys(make([]byte, 10)); !bytes.Equal(got, want) {
		t.Errorf("RoundKeys(0) =\n%x, want\n%x", got, want)
	}
}

// TestAESAgainstStdlib checks AES-128 against crypto/aes on random keys and blocks, and the key
// expansion against FIPS-197 Appendix A.1 (key 2b7e1516..., w[4] = a0fafe17, w[43] = b6630ca6).
func TestAESAgainstStdlib(t *testing.T) {
	c := cipher.AES128()
	rng := rand.New(rand.NewPCG(3, 4))
	key, pt := make([]byte, 16), make([]byte, 16)
	for range 200 {
		for i := range key {
			key[i], pt[i] = byte(rng.Uint32()), byte(rng.Uint32())
		}
		ref, err := stdaes.NewCipher(key)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]byte, 16)
		ref.Encrypt(want, pt)
		got := make([]byte, 16)
		c.Encrypt(got, pt, key)
		if !bytes.Equal(got, want) {
			t.Fatalf("key %x pt %x: Encrypt = %x, crypto/aes gives %x", key, pt, got, want)
		}
	}
	rk := c.RoundKeys(unhex(t, "key", "2b7e151628aed2a6abf7158809cf4f3c"))
	if w4, w43 := fmt.Sprintf("%x", rk[16:20]), fmt.Sprintf("%x", rk[172:176]); w4 != "a0fafe17" || w43 != "b6630ca6" {
		t.Errorf("expanded key w[4], w[43] = %s, %s; FIPS-197 A.1 gives a0fafe17, b6630ca6", w4, w43)
	}
}

// TestKATANRoundKeyTable checks the packed key-bit table: the first 80 bits are the key and the four
// unused top bits are zero.
func TestKATANRoundKeyTable(t *testing.T) {
	key := unhex(t, "key", "dcfeefcdab8967452301")
	rk := cipher.KATAN64().RoundKeys(key)
	if len(rk) != 64 || !bytes.Equal(rk[:10], key) || rk[63]&0xf0 != 0 {
		t.Errorf("RoundKeys = %x (%d bytes); want 64 bytes starting with the key, top nibble of byte 63 zero", rk, len(rk))
	}
}

func TestKLEINSizes(t *testing.T) {
	for _, tc := range []struct{ bits, rounds, rk int }{{64, 12, 104}, {80, 16, 136}, {96, 20, 168}} {
		c, err := cipher.KLEIN(tc.bits)
		if err != nil {
			t.Fatal(err)
		}
		if c.Rounds() != tc.rounds || len(c.RoundKeys(make([]byte, c.KeySize()))) != tc.rk || c.KeySize() != tc.bits/8 {
			t.Errorf("%s: Rounds %d, KeySize %d, RoundKeys %d bytes; want %d, %d, %d", c.Name(), c.Rounds(),
				c.KeySize(), len(c.RoundKeys(make([]byte, c.KeySize()))), tc.rounds, tc.bits/8, tc.rk)
		}
	}
	for _, bits := range []int{0, 32, 72, 128, -64} {
		if c, err := cipher.KLEIN(bits); err == nil || c != nil {
			t.Errorf("KLEIN(%d) = %v, %v; want an error", bits, c, err)
		}
	}
}

// TestKLEIN80And96 checks KLEIN-80 and KLEIN-96 against testdata/klein.json: KLEIN-80 as the designers'
// C code computes it (four entries being the paper's vectors), KLEIN-96 the paper's vectors.
func TestKLEIN80And96(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "klein.json"))
	if err != nil {
		t.Fatal(err)
	}
	type vec struct {
		Key    string `json:"key_bytes"`
		Plain  string `json:"plaintext_bytes"`
		Cipher string `json:"ciphertext_bytes"`
	}
	var file struct {
		K80 struct{ Vectors []vec } `json:"klein80"`
		K96 struct{ Vectors []vec } `json:"klein96"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	for _, set := range []struct {
		bits int
		vs   []vec
	}{{80, file.K80.Vectors}, {96, file.K96.Vectors}} {
		c, err := cipher.KLEIN(set.bits)
		if err != nil {
			t.Fatal(err)
		}
		if len(set.vs) < 4 {
			t.Fatalf("%s: %d vectors in testdata, want at least 4", c.Name(), len(set.vs))
		}
		for _, v := range set.vs {
			key, pt, ct := unhex(t, "key", v.Key), unhex(t, "plaintext", v.Plain), unhex(t, "ciphertext", v.Cipher)
			got := make([]byte, 8)
			c.Encrypt(got, pt, key)
			if !bytes.Equal(got, ct) {
				t.Errorf("%s key %x pt %x: Encrypt = %x, want %x", c.Name(), key, pt, got, ct)
			}
			c.Decrypt(got, ct, key)
			if !bytes.Equal(got, pt) {
				t.Errorf("%s key %x ct %x: Decrypt = %x, want %x", c.Name(), key, ct, got, pt)
			}
		}
	}
}
