//go:build !js

// Command answer prints the page engine's answer to one request read from standard input:
//
//	go run -tags avrlab_core ./cmd/wasm/engine/answer bench < request.json
//
// It serves the request as engine.wasm's worker serves the page's first one (engine.HandleCore, with
// fresh caches and no translator: the interpreter, whose figures are the translator's), so that with the
// build tag avrlab_core it is the core module's own code and codecs, built natively. serve.go runs it
// while the modules build to write first.json: the answer to the request boot.js sends on a first visit,
// which the page shows before its engine is up. An answer the core leaves to tools.wasm, or an error,
// exits with status 1.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
	"github.com/avrlab/avrlab/lab"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: answer OP < request.json")
		os.Exit(2)
	}
	req, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "answer:", err)
		os.Exit(1)
	}
	out, err := answer(os.Args[1], req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "answer:", err)
		os.Exit(1)
	}
	os.Stdout.Write(out)
}

// answer is the core engine's answer to op with the request req, as a fresh engine worker gives it;
// an error when it is not an answer the page could show (an error object, or a redirect to tools.wasm).
func answer(op string, req []byte) ([]byte, error) {
	c := engine.Caches{Includes: new(engine.IncludeCache), Bench: new(engine.BenchCache), Machines: new(lab.Machines)}
	out := engine.HandleCore(nil, c, op, req, nil, nil)
	switch {
	case bytes.Equal(out, []byte(engine.RedirectJSON)):
		return nil, fmt.Errorf("the core leaves %s of this request to tools.wasm", op)
	case bytes.HasPrefix(out, []byte(`{"error"`)):
		return nil, fmt.Errorf("%s", out)
	}
	return out, nil
}
