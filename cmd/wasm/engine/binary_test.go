package engine

import (
	"encoding/base64"
	"os"
	"strings"
	"testing"
)

// TestCallLineAndBinary checks that the page measures a routine in another convention from the
// "; avrlab call:" line of its source, and a dropped ELF as a linked program.
func TestCallLineAndBinary(t *testing.T) {
	src, err := os.ReadFile("../../../lab/testdata/conv/cham64_dst_src_rk.S")
	if err != nil {
		t.Fatal(err)
	}
	r := Bench(Request{Files: map[string]string{"c.S": string(src)}, Main: "c.S", Vectors: 5}, nil)
	if r.Report == nil || !r.Report.Pass || r.Report.Call != "cham64_encrypt(out, in, rk)" {
		t.Fatalf("call line: %+v %+v", r, r.Report)
	}
	elf, err := os.ReadFile("../../../lab/testdata/speck64c.elf")
	if err != nil {
		t.Fatal(err)
	}
	b64 := base64.StdEncoding.EncodeToString(elf)
	r = Bench(Request{Main: "speck64c.elf", Binary: b64, Task: "speck64-128", Vectors: 5}, nil)
	if r.Report == nil || !r.Report.Pass || r.Report.Flash != 166 || r.Flash != 1000 {
		t.Fatalf("ELF: %+v %+v", r, r.Report)
	}
	for _, c := range []struct {
		req  Request
		want string
	}{
		{Request{Main: "x.elf", Binary: b64}, "pick its task"},
		{Request{Main: "x.elf", Binary: "!!", Task: "speck64-128"}, "bad binary"},
		{Request{Main: "x.bin", Binary: base64.StdEncoding.EncodeToString([]byte("nop")), Task: "speck64-128"}, "neither an AVR ELF nor an Intel HEX"},
		{Request{Main: "x.hex", Binary: base64.StdEncoding.EncodeToString([]byte(":02000000089561\n:00000001FF\n")), Task: "speck64-128"}, "no symbols"},
	} {
		if r := Bench(c.req, nil); !strings.Contains(r.Error+reportError(r), c.want) {
			t.Errorf("%s: want %q, got %+v", c.req.Main, c.want, r)
		}
	}
}

func reportError(r Response) string {
	if r.Report == nil {
		return ""
	}
	return r.Report.Error
}
