package sha

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// TestVectors checks FIPS 180-4's examples (the NIST example values for "abc" and the two-block
// message) and the empty message.
func TestVectors(t *testing.T) {
	two := "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
	for _, c := range []struct{ msg, s1, s256 string }{
		{"abc", "a9993e364706816aba3e25717850c26c9cd0d89d", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{two, "84983e441c3bd26ebaae4aa1f95129e5e54670f1", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
		{"", "da39a3ee5e6b4b0d3255bfef95601890afd80709", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
	} {
		if got := Sum1([]byte(c.msg)); hex.EncodeToString(got[:]) != c.s1 {
			t.Errorf("Sum1(%q) = %x, want %s", c.msg, got, c.s1)
		}
		if got := Sum256([]byte(c.msg)); hex.EncodeToString(got[:]) != c.s256 {
			t.Errorf("Sum256(%q) = %x, want %s", c.msg, got, c.s256)
		}
	}
}

// checkAsCrypto compares both digests of msg with the standard library's, whole and written in
// pieces of the given length, with Sum called between the writes.
func checkAsCrypto(t *testing.T, msg []byte, piece int) {
	t.Helper()
	if got, want := Sum1(msg), sha1.Sum(msg); got != want {
		t.Fatalf("Sum1 of %d bytes = %x, crypto/sha1 %x", len(msg), got, want)
	}
	if got, want := Sum256(msg), sha256.Sum256(msg); got != want {
		t.Fatalf("Sum256 of %d bytes = %x, crypto/sha256 %x", len(msg), got, want)
	}
	if piece <= 0 {
		piece = 1
	}
	d1, d256 := New1(), New256()
	r1, r256 := sha1.New(), sha256.New()
	for i := 0; i < len(msg); i += piece {
		p := msg[i:min(i+piece, len(msg))]
		d1.Write(p)
		d256.Write(p)
		r1.Write(p)
		r256.Write(p)
		if !bytes.Equal(d1.Sum(nil), r1.Sum(nil)) || !bytes.Equal(d256.Sum([]byte{7}), r256.Sum([]byte{7})) {
			t.Fatalf("after %d of %d bytes in pieces of %d: the digests differ from the standard library's", i+len(p), len(msg), piece)
		}
	}
}

// TestAsCrypto compares the digests with crypto/sha1 and crypto/sha256 on every length around the
// padding's edges and on longer random messages.
func TestAsCrypto(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	msg := make([]byte, 5000)
	for i := range msg {
		msg[i] = byte(r.Uint32())
	}
	for n := 0; n <= 200; n++ {
		checkAsCrypto(t, msg[:n], 1+n%70)
	}
	for _, n := range []int{511, 512, 1000, 4095, 4096, 5000} {
		checkAsCrypto(t, msg[:n], 63)
	}
}

// FuzzAsCrypto compares the digests with the standard library's on any message.
func FuzzAsCrypto(f *testing.F) {
	f.Add([]byte("abc"), 1)
	f.Add(bytes.Repeat([]byte{0xff}, 119), 64)
	f.Fuzz(func(t *testing.T, msg []byte, piece int) {
		checkAsCrypto(t, msg, piece%200)
	})
}
