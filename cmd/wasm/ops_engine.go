//go:build js && wasm && !avrlab_workspace

package main

import (
	"fmt"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
)

// bridge of engine.wasm: it keeps no state between calls.
type bridge struct{}

// handle runs one engine operation (meta, bench, assemble, hex).
func (b *bridge) handle(op string, arg []byte, progress func(phase string)) any {
	switch op {
	case "highlight", "markdown", "open", "readAll", "write", "rename", "remove":
		return errorJSON(fmt.Errorf("%s is an operation of workspace.wasm, not engine.wasm", op))
	}
	return string(engine.Handle(op, arg, progress))
}
