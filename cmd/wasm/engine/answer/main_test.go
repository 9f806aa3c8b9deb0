//go:build !js

package main

import (
	"strings"
	"testing"
)

// TestAnswer: a request the core serves gives its answer; one it leaves to tools.wasm (meta) and a
// malformed one are errors, which serve.go reports instead of writing them into the site.
func TestAnswer(t *testing.T) {
	out, err := answer("bench", []byte(`{"files":{"m.S":"\tldi r16, 3\n\tsleep\n"},"main":"m.S","task":"run"}`))
	if err != nil || !strings.Contains(string(out), `"mode":"run"`) || !strings.Contains(string(out), `"r":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3,`) {
		t.Errorf("a run from reset: %s, %v; want its answer (mode run, r16 = 3)", out, err)
	}
	if out, err := answer("meta", nil); err == nil || !strings.Contains(err.Error(), "tools.wasm") {
		t.Errorf("meta: %s, %v; want the error that the core leaves it to tools.wasm", out, err)
	}
	if out, err := answer("bench", []byte(`{"files":`)); err == nil || !strings.Contains(err.Error(), "bad bench request") {
		t.Errorf("a malformed request: %s, %v; want its error", out, err)
	}
}
