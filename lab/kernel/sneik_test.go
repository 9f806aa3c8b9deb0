//go:build !avrlab_core

package kernel_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab/kernel"
)

// sneikFile is ../shared/data/sneik-vectors.json; only the fields the tests use.
type sneikFile struct {
	Vectors []struct {
		Rounds int    `json:"rounds"`
		Dom    string `json:"dom"`
		In     string `json:"input_state"`
		Out    string `json:"output_state"`
	} `json:"vectors"`
	KAT struct {
		Entries []struct {
			Count int    `json:"Count"`
			Msg   string `json:"Msg"`
			MD    string `json:"MD"`
		} `json:"entries"`
	} `json:"sneikha256_kat"`
}

func loadSneik(t *testing.T) sneikFile {
	t.Helper()
	// The shared folder sits beside the repository root: /work/main/lab/kernel -> /work/shared.
	path := filepath.Join("..", "..", "..", "shared", "data", "sneik-vectors.json")
	data := oracle.RequireFile(t, path, "the shared SNEIK vectors sit in shared/ beside the repository root")
	var f sneikFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// TestSNEIKF512Vectors checks the permutation against all 18 vectors of the designers' C reference.
func TestSNEIKF512Vectors(t *testing.T) {
	f := loadSneik(t)
	if len(f.Vectors) != 18 {
		t.Fatalf("%d permutation vectors, want 18", len(f.Vectors))
	}
	for i, v := range f.Vectors {
		dom := mustHex(t, v.Dom)
		state := mustHex(t, v.In)
		if len(dom) != 1 || len(state) != 64 {
			t.Fatalf("vector %d: dom %q, state of %d bytes", i, v.Dom, len(state))
		}
		kernel.SNEIKF512(state, dom[0], v.Rounds)
		if want := mustHex(t, v.Out); !bytes.Equal(state, want) {
			t.Errorf("vector %d (%d rounds, dom %s): f512 =\n%x, want\n%x", i, v.Rounds, v.Dom, state, want)
		}
	}
}

// sneikha256 is the SNEIKHA256 hash as the vector file describes it: a BLNK2 sponge with a 64-byte
// state and a 32-byte rate; the message and then the pad byte 0x01 are XORed into bytes 0..31, the
// state permuted (dom 0x10, 8 rounds) only when another byte must go into a full block; then
// state[31] ^= 0x80, a last permutation with dom 0x11, and the digest is bytes 0..31.
func sneikha256(msg []byte) []byte {
	state := make([]byte, 64)
	pos := 0
	for _, b := range append(bytes.Clone(msg), 0x01) {
		if pos == 32 {
			kernel.SNEIKF512(state, 0x10, 8)
			pos = 0
		}
		state[pos] ^= b
		pos++
	}
	state[31] ^= 0x80
	kernel.SNEIKF512(state, 0x11, 8)
	return state[:32]
}

// TestSNEIKHA256KAT checks the permutation through the hash's KAT entries (LWC_HASH_KAT_256.txt).
func TestSNEIKHA256KAT(t *testing.T) {
	f := loadSneik(t)
	if len(f.KAT.Entries) != 3 {
		t.Fatalf("%d KAT entries, want 3", len(f.KAT.Entries))
	}
	for _, e := range f.KAT.Entries {
		msg := mustHex(t, e.Msg)
		if len(msg) != e.Count-1 {
			t.Fatalf("Count %d: message of %d bytes", e.Count, len(msg))
		}
		if got := sneikha256(msg); !strings.EqualFold(hex.EncodeToString(got), e.MD) {
			t.Errorf("Count %d: SNEIKHA256 = %X, KAT gives %s", e.Count, got, e.MD)
		}
		if got := kernel.SNEIKHA256(msg); !strings.EqualFold(hex.EncodeToString(got), e.MD) {
			t.Errorf("Count %d: kernel.SNEIKHA256 = %X, KAT gives %s", e.Count, got, e.MD)
		}
		// The kernel's edge inputs hash the KAT messages (bytes 00 01 02 ...).
		k := kernel.Lookup("sneikha256")
		found := false
		for _, args := range k.Edges() {
			if int(args[2][0]) == len(msg) && bytes.Equal(args[1][:len(msg)], msg) {
				out, err := k.Expected(args)
				if err != nil || !strings.EqualFold(hex.EncodeToString(out[0]), e.MD) {
					t.Errorf("Count %d: the kernel's edge input gives %x (%v), KAT %s", e.Count, out[0], err, e.MD)
				}
				found = true
			}
		}
		if !found {
			t.Errorf("Count %d: no edge input of the sneikha256 kernel hashes the KAT message", e.Count)
		}
	}
}

func TestSNEIKF512Panics(t *testing.T) {
	for name, f := range map[string]func(){
		"short state": func() { kernel.SNEIKF512(make([]byte, 63), 0, 8) },
		"17 rounds":   func() { kernel.SNEIKF512(make([]byte, 64), 0, kernel.SNEIKMaxRounds+1) },
		"-1 rounds":   func() { kernel.SNEIKF512(make([]byte, 64), 0, -1) },
	} {
		func() {
			defer func() {
				if msg, _ := recover().(string); !strings.HasPrefix(msg, "kernel: ") {
					t.Errorf("%s: recovered %q, want a panic message starting \"kernel: \"", name, msg)
				}
			}()
			f()
		}()
	}
}
