//go:build js && wasm && !avrlab_workspace

package main

import (
	"fmt"
	"strings"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
)

// bridge of engine.wasm: it keeps the debugging session between calls (one per worker; the Stop
// button ends it with the worker).
type bridge struct {
	dbg engine.Debugger
}

// handle runs one engine operation (meta, bench, assemble, hex, devices) or debugger operation
// (debug-*).
func (b *bridge) handle(op string, arg []byte, progress func(phase string)) any {
	switch op {
	case "highlight", "markdown", "open", "readAll", "write", "rename", "remove":
		return errorJSON(fmt.Errorf("%s is an operation of workspace.wasm, not engine.wasm", op))
	}
	if strings.HasPrefix(op, "debug-") {
		return string(b.dbg.Handle(op, arg))
	}
	return string(engine.Handle(op, arg, progress))
}
