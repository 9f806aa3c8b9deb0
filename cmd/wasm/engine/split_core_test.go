//go:build avrlab_core

package engine

import (
	"encoding/json"
	"testing"
)

// TestCoreSendsSystems checks (go test -tags avrlab_core ./cmd/wasm/engine) that the page's engine sends
// a bench or devices of a task whose reference it does not link (the P-192 systems, Ring-LWE, SNEIKHA256,
// SNEIKEN128: lab.NeedsTools) to tools.wasm, named by the request or by the source's task line, and
// keeps the tasks it checks itself, and assembling any of them.
func TestCoreSendsSystems(t *testing.T) {
	req := func(task, src string) []byte {
		b, err := json.Marshal(map[string]any{"files": map[string]string{"main.S": src}, "main": "main.S", "task": task})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, c := range []struct {
		op   string
		arg  []byte
		want bool
	}{
		{"bench", req("p192-scalarmul", "nop\n"), true},
		{"bench", req("", "; avrlab task: rlwe256-enc\nnop\n"), true},
		{"bench", req("", "; avrlab task: sneiken128-dec\nnop\n"), true},
		{"devices", req("sneikha256", "nop\n"), true},
		{"bench", req("p192-ecdsa-verify", "; avrlab task: p192-ecdsa-verify\n"), true},
		{"assemble", req("p192-scalarmul", "nop\n"), false},
		{"hex", req("", "; avrlab task: rlwe256-keygen\nnop\n"), false},
		{"bench", req("", "; avrlab task: p192-mul\nnop\n"), false},
		{"bench", req("ntt-256", "nop\n"), false},
		{"bench", req("", "; avrlab task: sneik-f512\nnop\n"), false},
		{"bench", req("cham64-128", "nop\n"), false},
		{"bench", req("no-such-task", "nop\n"), false},
	} {
		if got := string(HandleCore(nil, Caches{}, c.op, c.arg, nil, nil)) == RedirectJSON; got != c.want {
			t.Errorf("HandleCore(%s, %s) redirects: %v, want %v", c.op, c.arg, got, c.want)
		}
	}
}

// TestCoreSendsIOHeader checks that the page's engine, which links no avr-libc table
// (devreg.Linked), sends a request whose source includes <avr/io.h> to tools.wasm: named (any op),
// and reached through a macro that does not name it (the assembler meets devreg.NotLinked's #error
// and the answer is a redirect), and keeps a source that includes neither; in the whole engine
// (split_test.go's TestIOHeaderInTools) the same sources assemble.
func TestCoreSendsIOHeader(t *testing.T) {
	req := func(src string) []byte {
		b, err := json.Marshal(map[string]any{"files": map[string]string{"main.S": src}, "main": "main.S", "device": "atmega328p"})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, c := range []struct {
		op, src string
		want    bool
	}{
		{"bench", ioHeaderNamed, true},
		{"assemble", ioHeaderNamed, true},
		{"hex", ioHeaderNamed, true},
		{"devices", ioHeaderNamed, true},
		{"assemble", ioHeaderByMacro, true},
		{"hex", ioHeaderByMacro, true},
		{"assemble", "#include <avr/sfr_defs.h>\nldi r16, _BV(3)\n", false},
		{"assemble", "nop\n", false},
	} {
		out := HandleCore(nil, Caches{}, c.op, req(c.src), nil, nil)
		if got := string(out) == RedirectJSON; got != c.want {
			t.Errorf("HandleCore(%s, %q) = %.200s; redirect %v, want %v", c.op, c.src, out, got, c.want)
		}
	}
}
