//go:build !js

// Command meta prints the page engine's answer to "meta" (the tasks, the devices and the published
// rows, cmd/wasm/engine.GetMeta as JSON): serve.go runs it to write meta.json beside the page, so the
// page reads it as a file instead of waiting for the engine's first call. It is the engine's own
// answer, built from the same packages as engine.wasm, so the two cannot differ.
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
)

func main() {
	out := engine.Handle("meta", nil, nil)
	if bytes.HasPrefix(out, []byte(`{"error"`)) {
		fmt.Fprintf(os.Stderr, "meta: %s\n", out)
		os.Exit(1)
	}
	os.Stdout.Write(out)
}
