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
