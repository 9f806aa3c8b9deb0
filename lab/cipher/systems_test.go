package cipher_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab/cipher"
)

// systemsVector is one block-cipher entry of ../shared/data/vectors-systems.json.
type systemsVector struct {
	ID         string `json:"id"`
	Key        string `json:"key"`
	Plaintext  string `json:"plaintext"`
	Ciphertext string `json:"ciphertext"`
	Iterations int    `json:"iterations"`
	Derived    struct {
		Z1Z8   []string `json:"Z1_Z8"`
		Z9Z16  []string `json:"Z9_Z16"`
		Z49Z52 []string `json:"Z49_Z52"`
	} `json:"derived_not_published"`
}

func loadSystemsVectors(t *testing.T, algorithm string) []systemsVector {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "data", "vectors-systems.json")
	data := oracle.RequireFile(t, path, "the shared systems vectors sit beside the repository (../shared)")
	var file struct {
		Algorithms map[string]struct {
			Vectors []systemsVector `json:"vectors"`
		} `json:"algorithms"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	vs := file.Algorithms[algorithm].Vectors
	if len(vs) == 0 {
		t.Fatalf("%s: no vectors for %s", path, algorithm)
	}
	return vs
}

func sysHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkSystemsVectors encrypts (iterated where the vector says so) and decrypts every vector.
func checkSystemsVectors(t *testing.T, c cipher.Cipher, vs []systemsVector) {
	t.Helper()
	for _, v := range vs {
		key, pt, want := sysHex(t, v.Key), sysHex(t, v.Plaintext), sysHex(t, v.Ciphertext)
		n := max(v.Iterations, 1)
		got := slices.Clone(pt)
		for range n {
			c.Encrypt(got, got, key)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s %s: encrypt = %x, want %x", c.Name(), v.ID, got, want)
		}
		rk := make([]byte, 8)
		c.EncryptWithRoundKeys(rk, pt, c.RoundKeys(key))
		if n == 1 && !bytes.Equal(rk, want) {
			t.Errorf("%s %s: with round keys = %x, want %x", c.Name(), v.ID, rk, want)
		}
		for range n {
			c.Decrypt(got, got, key)
		}
		if !bytes.Equal(got, pt) {
			t.Errorf("%s %s: decrypt = %x, want %x", c.Name(), v.ID, got, pt)
		}
	}
}

// TestIDEAVectors checks IDEA against the ten vectors of vectors-systems.json (the classic Lai
// triplet, the ETH list, NESSIE sets 4 and 8) and the derived subkeys recorded there.
func TestIDEAVectors(t *testing.T) {
	vs := loadSystemsVectors(t, "idea")
	if len(vs) < 10 {
		t.Fatalf("%d IDEA vectors, want 10", len(vs))
	}
	checkSystemsVectors(t, cipher.IDEA(), vs)
	v := vs[0]
	rk := cipher.IDEA().RoundKeys(sysHex(t, v.Key))
	words := func(from int, n int) []string {
		var out []string
		for i := range n {
			out = append(out, hex.EncodeToString(rk[2*(from+i):2*(from+i)+2]))
		}
		return out
	}
	if len(v.Derived.Z9Z16) != 8 || len(v.Derived.Z49Z52) != 4 {
		t.Fatalf("vector %s: no derived subkeys", v.ID)
	}
	for _, c := range []struct {
		from int
		want []string
	}{{0, v.Derived.Z1Z8}, {8, v.Derived.Z9Z16}, {48, v.Derived.Z49Z52}} {
		if got := words(c.from, len(c.want)); !slices.Equal(got, c.want) {
			t.Errorf("subkeys Z%d..: %v, want %v", c.from+1, got, c.want)
		}
	}
}

// TestKASUMIVectors checks KASUMI against 3GPP TS 35.203's four test sets (set 4 iterated 50 times).
func TestKASUMIVectors(t *testing.T) {
	vs := loadSystemsVectors(t, "kasumi64")
	if len(vs) != 4 || vs[3].Iterations != 50 {
		t.Fatalf("want the 4 TS 35.203 test sets, set 4 with 50 iterations: %+v", vs)
	}
	checkSystemsVectors(t, cipher.KASUMI(), vs)
}

// TestSystemsRoundTrip decrypts random encryptions and checks the round-key tables' sizes.
func TestSystemsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 21))
	for _, c := range []struct {
		c  cipher.Cipher
		rk int
	}{{cipher.IDEA(), 104}, {cipher.KASUMI(), 128}} {
		for range 200 {
			key, pt := make([]byte, 16), make([]byte, 8)
			for i := range key {
				key[i] = byte(r.Uint32())
			}
			for i := range pt {
				pt[i] = byte(r.Uint32())
			}
			if r.IntN(8) == 0 { // zero words exercise IDEA's 0 = 2^16
				binary.BigEndian.PutUint16(pt, 0)
				binary.BigEndian.PutUint16(key[6:], 0)
			}
			ct, back := make([]byte, 8), make([]byte, 8)
			c.c.Encrypt(ct, pt, key)
			c.c.Decrypt(back, ct, key)
			if !bytes.Equal(back, pt) {
				t.Fatalf("%s: key %x pt %x: decrypt(encrypt) = %x", c.c.Name(), key, pt, back)
			}
			if n := len(c.c.RoundKeys(key)); n != c.rk {
				t.Fatalf("%s: %d round-key bytes, want %d", c.c.Name(), n, c.rk)
			}
		}
	}
}
