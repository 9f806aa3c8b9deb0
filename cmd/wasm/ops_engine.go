//go:build js && wasm && !avrlab_workspace && !avrlab_core

package main

import (
	"fmt"
	"strings"
	"syscall/js"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/lab"
)

// bridge of tools.wasm (no build tag: the whole engine, which the page loads when the debugger,
// the profiler, the leakage pane or a linked program first needs it; engine.wasm is ops_core.go's):
// it keeps the debugging session between calls (one per worker; the Stop button ends it with the
// worker).
type bridge struct {
	dbg engine.Debugger
	// exec runs translated code in the browser's WebAssembly engine (nil until the page has handed
	// over the Go module's memory, then the interpreter).
	exec    emu.Engine
	started bool
	// includes keeps what the workspace's other files include between requests (the page sends
	// them all every time; only a changed one is read again).
	includes engine.IncludeCache
	// machines keeps the last bench's emulators for the next bench to build its own over.
	machines lab.Machines
	// runner runs the live benches the core leaves to this module (the P-192, Ring-LWE and SNEIK AEAD
	// and hash tasks, AVRASM2 sources), stoppable as the core's are (live.go).
	runner liveRunner
}

// handle runs one engine operation (meta, bench, assemble, hex, devices) or debugger operation
// (debug-*).
func (b *bridge) handle(op string, arg []byte, progress func(phase string)) any {
	switch op {
	case "highlight", "markdown", "open", "readAll", "write", "rename", "remove":
		return errorJSON(fmt.Errorf("%s is an operation of workspace.wasm, not tools.wasm", op))
	}
	if op == "warm" {
		return warmEngine(b.translator()) // the worker is idle: compile the translator's Go code before a run needs it
	}
	if strings.HasPrefix(op, "debug-") {
		return string(b.dbg.Handle(op, arg))
	}
	return string(engine.HandleCached(b.translator(), engine.Caches{Includes: &b.includes, Machines: &b.machines}, op, arg, progress))
}

// live serves a live bench as the core's bridge does (liveRunner: a newer request stops it between
// two calls), for the benches the core sends here.
func (b *bridge) live(op string, arg []byte, progress func(phase string), stale js.Value) (any, bool) {
	if op != "bench" {
		return nil, false
	}
	return b.runner.run(func(stop func() bool) string {
		return string(engine.HandleLive(b.translator(), engine.Caches{Includes: &b.includes, Machines: &b.machines}, op, arg, progress, stop))
	}, stale), true
}

// translator returns the engine the bridge runs its benches on (b.exec), made at the first call
// that needs it: translate.NewBrowserEngine's, or nil (the interpreter) before the page hands over
// the memory.
func (b *bridge) translator() emu.Engine {
	if !b.started {
		b.exec, b.started = translate.NewBrowserEngine(), true
	}
	return b.exec
}
