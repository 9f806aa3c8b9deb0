package cipher_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab/cipher"
)

// vector is one entry of ../shared/data/vectors.json; only the fields the tests use.
type vector struct {
	Cipher         string `json:"cipher"`
	Variant        string `json:"variant"`
	Revision       string `json:"revision"`
	Rounds         int    `json:"rounds"`
	BlockBits      int    `json:"block_bits"`
	KeyBits        int    `json:"key_bits"`
	KeyBytes       string `json:"key_bytes"`
	PlaintextBytes string `json:"plaintext_bytes"`
	CipherBytes    string `json:"ciphertext_bytes"`
	RoundKeysBytes string `json:"round_keys_bytes"`
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	// The shared folder sits beside the repository root: /work/main/lab/cipher -> /work/shared.
	path := filepath.Join("..", "..", "..", "shared", "data", "vectors.json")
	data := oracle.RequireFile(t, path, "the shared test vectors sit in shared/ beside the repository root")
	var file struct {
		Vectors []vector `json:"vectors"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(file.Vectors) == 0 {
		t.Fatalf("%s: no vectors", path)
	}
	return file.Vectors
}

// cipherFor returns the implementation a vector describes.
func cipherFor(v vector) (cipher.Cipher, error) {
	size := fmt.Sprintf("%d/%d", v.BlockBits, v.KeyBits)
	switch v.Cipher {
	case "CHAM":
		switch size {
		case "64/128":
			return cipher.CHAM64_128(v.Rounds), nil
		case "128/128":
			return cipher.CHAM128_128(v.Rounds), nil
		case "128/256":
			return cipher.CHAM128_256(v.Rounds), nil
		}
	case "SPECK":
		return cipher.Speck(v.BlockBits, v.KeyBits)
	case "SIMON":
		return cipher.Simon(v.BlockBits, v.KeyBits)
	case "LEA":
		if size == "128/128" {
			return cipher.LEA128(), nil
		}
	case "HIGHT":
		if size == "64/128" {
			return cipher.HIGHT(), nil
		}
	}
	return nil, fmt.Errorf("no implementation for %s %s", v.Cipher, size)
}

func unhex(t *testing.T, what, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("%s: bad hex %q: %v", what, s, err)
	}
	return b
}

// TestVectors checks every vector of the shared file: name, sizes, round count, encryption,
// decryption, and the round-key table where the vector gives one.
func TestVectors(t *testing.T) {
	for i, v := range loadVectors(t) {
		name := fmt.Sprintf("%d_%s", i, strings.NewReplacer(" ", "-", "/", "_").Replace(v.Variant))
		if v.Revision != "" {
			name += "_" + v.Revision
		}
		t.Run(name, func(t *testing.T) {
			c, err := cipherFor(v)
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.ReplaceAll(v.Variant, " ", "-"); c.Name() != want {
				t.Errorf("Name() = %q, want %q", c.Name(), want)
			}
			if c.BlockSize()*8 != v.BlockBits || c.KeySize()*8 != v.KeyBits {
				t.Errorf("BlockSize, KeySize = %d, %d bytes; vector has %d, %d bits",
					c.BlockSize(), c.KeySize(), v.BlockBits, v.KeyBits)
			}
			if c.Rounds() != v.Rounds {
				t.Errorf("Rounds() = %d, vector has %d", c.Rounds(), v.Rounds)
			}
			key := unhex(t, "key_bytes", v.KeyBytes)
			pt := unhex(t, "plaintext_bytes", v.PlaintextBytes)
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
			if v.RoundKeysBytes != "" {
				want := unhex(t, "round_keys_bytes", v.RoundKeysBytes)
				if rk := c.RoundKeys(key); !bytes.Equal(rk, want) {
					t.Errorf("RoundKeys =\n%x, want\n%x", rk, want)
				}
				// The vector's own table, as an AVR routine would hold it in flash.
				c.EncryptWithRoundKeys(got, pt, want)
				if !bytes.Equal(got, ct) {
					t.Errorf("EncryptWithRoundKeys(vector table) = %x, want %x", got, ct)
				}
			}
		})
	}
}

// allCiphers lists every variant the package provides, CHAM with both published round counts and a
// few others.
func allCiphers(t *testing.T) []cipher.Cipher {
	t.Helper()
	cs := []cipher.Cipher{
		cipher.CHAM64_128(80), cipher.CHAM64_128(88), cipher.CHAM64_128(1), cipher.CHAM64_128(7),
		cipher.CHAM128_128(80), cipher.CHAM128_128(112), cipher.CHAM128_128(3),
		cipher.CHAM128_256(96), cipher.CHAM128_256(120), cipher.CHAM128_256(2),
		cipher.LEA128(), cipher.HIGHT(),
		cipher.AES128(), cipher.PRESENT80(), cipher.NOEKEONDirect(), cipher.NOEKEONIndirect(), cipher.TEA(),
		cipher.KATAN64(),
	}
	for _, bits := range []int{64, 80, 96} {
		k, err := cipher.KLEIN(bits)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, k)
	}
	sizes := [][2]int{{32, 64}, {48, 72}, {48, 96}, {64, 96}, {64, 128}, {96, 96}, {96, 144},
		{128, 128}, {128, 192}, {128, 256}}
	for _, s := range sizes {
		sp, err := cipher.Speck(s[0], s[1])
		if err != nil {
			t.Fatal(err)
		}
		si, err := cipher.Simon(s[0], s[1])
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, sp, si)
	}
	return cs
}

// TestRoundTrip decrypts random blocks encrypted under random keys, in place and not, and checks that
// EncryptWithRoundKeys agrees with Encrypt.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	fill := func(b []byte) {
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
	}
	for _, c := range allCiphers(t) {
		t.Run(fmt.Sprintf("%s_%d", c.Name(), c.Rounds()), func(t *testing.T) {
			key := make([]byte, c.KeySize())
			pt := make([]byte, c.BlockSize())
			for range 50 {
				fill(key)
				fill(pt)
				ct := make([]byte, len(pt))
				c.Encrypt(ct, pt, key)
				if bytes.Equal(ct, pt) {
					t.Fatalf("key %x: Encrypt left %x unchanged", key, pt)
				}
				back := make([]byte, len(pt))
				c.Decrypt(back, ct, key)
				if !bytes.Equal(back, pt) {
					t.Fatalf("key %x pt %x: Decrypt(Encrypt) = %x", key, pt, back)
				}
				viaRK := bytes.Clone(pt)
				c.EncryptWithRoundKeys(viaRK, viaRK, c.RoundKeys(key)) // in place
				if !bytes.Equal(viaRK, ct) {
					t.Fatalf("key %x pt %x: EncryptWithRoundKeys = %x, Encrypt = %x", key, pt, viaRK, ct)
				}
				c.Decrypt(viaRK, viaRK, key) // in place
				if !bytes.Equal(viaRK, pt) {
					t.Fatalf("key %x pt %x: in-place Decrypt = %x", key, pt, viaRK)
				}
			}
		})
	}
}

// TestRoundKeyLayout checks the table lengths the Cipher doc promises and the entries the
// specifications fix directly.
func TestRoundKeyLayout(t *testing.T) {
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(0x10 + i)
	}
	speck64, _ := cipher.Speck(64, 128)
	simon64, _ := cipher.Simon(64, 128)
	speck128, _ := cipher.Speck(128, 256)
	klein64, _ := cipher.KLEIN(64)
	tests := []struct {
		c      cipher.Cipher
		length int
		prefix []byte // bytes the specification puts first
	}{
		{cipher.CHAM64_128(88), 32, nil},
		{cipher.CHAM128_128(112), 32, nil},
		{cipher.CHAM128_256(120), 64, nil},
		{speck64, 27 * 4, key[:4]},  // k[0] is the first key word
		{speck128, 34 * 8, key[:8]}, // k[0] is the first key word
		{simon64, 44 * 4, key[:16]}, // the first m round keys are the key words
		{cipher.LEA128(), 24 * 6 * 4, nil},
		// HIGHT: WK0..3 = MK12..15, WK4..7 = MK0..3.
		{cipher.HIGHT(), 136, append(bytes.Clone(key[12:16]), key[0:4]...)},
		{cipher.AES128(), 176, key[:16]},       // w[0..3] are the key
		{cipher.PRESENT80(), 256, nil},         // K_1 = k79..k16, checked in TestPRESENTRoundKeys
		{cipher.NOEKEONDirect(), 16, key[:16]}, // the working key is the key
		{cipher.NOEKEONIndirect(), 16, nil},    // the key encrypted under zero
		{cipher.TEA(), 16, key[:16]},           // no key schedule
		{klein64, 104, key[:8]},                // sk_1 is the key
		{cipher.KATAN64(), 64, key[:10]},       // k_0..k_79 are the key bits
	}
	for _, tc := range tests {
		rk := tc.c.RoundKeys(key[:tc.c.KeySize()])
		if len(rk) != tc.length {
			t.Errorf("%s: RoundKeys gives %d bytes, want %d", tc.c.Name(), len(rk), tc.length)
			continue
		}
		if !bytes.HasPrefix(rk, tc.prefix) {
			t.Errorf("%s: RoundKeys starts %x, want %x", tc.c.Name(), rk[:len(tc.prefix)], tc.prefix)
		}
	}
}

func TestUnsupportedSizes(t *testing.T) {
	for _, s := range [][2]int{{64, 64}, {128, 96}, {0, 0}, {-32, 64}, {256, 256}, {32, 128}} {
		if c, err := cipher.Speck(s[0], s[1]); !errors.Is(err, cipher.ErrUnsupportedSize) || c != nil {
			t.Errorf("Speck(%d, %d) = %v, %v; want nil, ErrUnsupportedSize", s[0], s[1], c, err)
		}
		if c, err := cipher.Simon(s[0], s[1]); !errors.Is(err, cipher.ErrUnsupportedSize) || c != nil {
			t.Errorf("Simon(%d, %d) = %v, %v; want nil, ErrUnsupportedSize", s[0], s[1], c, err)
		}
	}
	_, err := cipher.Speck(64, 64)
	if want := "cipher: speck-64/64: unsupported block/key size"; err == nil || err.Error() != want {
		t.Errorf("Speck(64, 64) error = %v, want %q", err, want)
	}
}

// TestCHAMDefaultRounds checks that a non-positive round count selects the 2019 revision.
func TestCHAMDefaultRounds(t *testing.T) {
	for _, tc := range []struct {
		c    cipher.Cipher
		want int
	}{
		{cipher.CHAM64_128(0), 88}, {cipher.CHAM128_128(-1), 112}, {cipher.CHAM128_256(0), 120},
	} {
		if tc.c.Rounds() != tc.want {
			t.Errorf("%s: Rounds() = %d, want %d", tc.c.Name(), tc.c.Rounds(), tc.want)
		}
	}
}

// TestBadLengthsPanic checks that wrong slice lengths stop with a message naming the cipher rather
// than reading out of range or silently truncating.
func TestBadLengthsPanic(t *testing.T) {
	c := cipher.CHAM64_128(88)
	block := make([]byte, 8)
	for name, f := range map[string]func(){
		"short key":     func() { c.Encrypt(block, block, make([]byte, 15)) },
		"long key":      func() { c.RoundKeys(make([]byte, 17)) },
		"short src":     func() { c.Encrypt(block, block[:7], make([]byte, 16)) },
		"short dst":     func() { c.Decrypt(block[:4], block, make([]byte, 16)) },
		"short rk":      func() { c.EncryptWithRoundKeys(block, block, make([]byte, 31)) },
		"hight rk":      func() { cipher.HIGHT().EncryptWithRoundKeys(block, block, make([]byte, 135)) },
		"lea short src": func() { cipher.LEA128().Encrypt(make([]byte, 16), block, make([]byte, 16)) },
		"aes short key": func() { cipher.AES128().Encrypt(make([]byte, 16), make([]byte, 16), make([]byte, 15)) },
		"present rk":    func() { cipher.PRESENT80().EncryptWithRoundKeys(block, block, make([]byte, 255)) },
		"present key":   func() { cipher.PRESENT80().Decrypt(block, block, make([]byte, 16)) },
		"noekeon src":   func() { cipher.NOEKEONIndirect().Decrypt(make([]byte, 16), block, make([]byte, 16)) },
		"tea key":       func() { cipher.TEA().Decrypt(block, block, make([]byte, 10)) },
		"tea rk":        func() { cipher.TEA().EncryptWithRoundKeys(block, block, make([]byte, 17)) },
		"katan dst":     func() { cipher.KATAN64().Encrypt(block[:7], block, make([]byte, 10)) },
		"katan rk":      func() { cipher.KATAN64().EncryptWithRoundKeys(block, block, make([]byte, 63)) },
	} {
		func() {
			defer func() {
				r := recover()
				msg, _ := r.(string)
				if !strings.HasPrefix(msg, "cipher: ") {
					t.Errorf("%s: recovered %v, want a panic message starting \"cipher: \"", name, r)
				}
			}()
			f()
		}()
	}
}

// BenchmarkCHAM64_128 measures the Go oracle's encryption with a pre-expanded key.
func BenchmarkCHAM64_128(b *testing.B) {
	c := cipher.CHAM64_128(cipher.CHAM64_128Rounds2019)
	rk := c.RoundKeys(make([]byte, 16))
	block := make([]byte, 8)
	b.SetBytes(8)
	for b.Loop() {
		c.EncryptWithRoundKeys(block, block, rk)
	}
}
