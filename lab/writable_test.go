package lab_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestWritableBuffer benches an AES-128 that expands its key in place (testdata/aes128-inplace.S):
// with key! in the call it passes, the key buffer shown writable and counted; without, every output
// is right and the report says the read-only key was written instead of only "0/N vectors right".
func TestWritableBuffer(t *testing.T) {
	fsys := os.DirFS("testdata")
	rep, _, err := lab.BenchFile(fsys, "aes128-inplace.S", lab.Options{Device: "attiny45", Call: "aes128_encrypt_ip(in, out, key!)", Vectors: 20})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Pass || rep.Failures != 0 || rep.Call != "aes128_encrypt_ip(in, out, key!)" {
		t.Fatalf("key!: pass %v, %d failures, call %s, error %q", rep.Pass, rep.Failures, rep.Call, rep.Error)
	}
	key := rep.Buffers[2]
	if key.Role != lab.RoleKey || !key.Writable || !key.Counted || key.Dir != "in, writable" || key.Touched != 16 {
		t.Errorf("key buffer %+v", key)
	}
	// The key bytes are the routine's working memory: 16 bytes of RAM beside its stack.
	if rep.RAMOther != 16 || rep.RAM != rep.Stack+16 {
		t.Errorf("RAM %d = stack %d + other %d, want the 16 key bytes counted", rep.RAM, rep.Stack, rep.RAMOther)
	}

	rep, _, err = lab.BenchFile(fsys, "aes128-inplace.S", lab.Options{Device: "attiny45", Call: "aes128_encrypt_ip(in, out, key)", Vectors: 20})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pass || rep.Failures != 21 || rep.BufferFaults != 21 {
		t.Fatalf("key without !: pass %v, %d failures, %d buffer faults", rep.Pass, rep.Failures, rep.BufferFaults)
	}
	want := "0/21 vectors right: 21 outputs right, but the routine wrote its read-only input buffer key (r21:r20); write key! in the call if it may overwrite it"
	if got := rep.Verdict(); got != want {
		t.Errorf("verdict %q\nwant    %q", got, want)
	}
	var b bytes.Buffer
	rep.WriteText(&b, "aes128-inplace.S")
	for _, s := range []string{"  why         21 of the failing vectors had the right output, but the routine wrote its read-only input buffer key",
		"  official    right output, but the routine wrote"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("report lacks %q:\n%s", s, b.String())
		}
	}
}

// TestParseCallWritable checks the NAME! syntax: only a read-only input buffer can be writable.
func TestParseCallWritable(t *testing.T) {
	c, err := lab.ParseCall("f(in, out, key!)")
	if err != nil || c.String() != "f(in, out, key!)" || len(c.Writable) != 1 || c.Writable[0] != lab.RoleKey {
		t.Errorf("f(in, out, key!): %+v %v", c, err)
	}
	if c, err := lab.ParseCall("f( block , rk ! )"); err != nil || c.String() != "f(block, rk!)" {
		t.Errorf("f(block, rk!): %+v %v", c, err)
	}
	for _, s := range []string{"f(in, out!, key)", "f(block!, key)", "f(block, key, rkout!)"} {
		if _, err := lab.ParseCall(s); err == nil || !strings.Contains(err.Error(), "only a read-only input buffer can be marked writable") {
			t.Errorf("%s: %v", s, err)
		}
	}
}
