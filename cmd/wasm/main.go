//go:build js && wasm

// Command wasm is the playground's WebAssembly bridge. It builds into three modules, chosen by build
// tags, so that the page compiles only what it needs first:
//
//	engine.wasm     (-tags avrlab_core)      bench, assemble, hex, devices: the lab, assembler and
//	                                         emulator without what the first result never needs
//	tools.wasm      (no tag)                 the same and meta (meta.json's answer), leak, the debugger and
//	                                         profiler (debug-*), linked programs (ELF, HEX) and an
//	                                         exercise's leakage goals on Run
//	workspace.wasm  (-tags avrlab_workspace) highlight, markdown, open, readAll, write, rename, remove:
//	                                         chroma, goldmark and hackpadfs on IndexedDB
//
// main.go is shared; ops_core.go, ops_engine.go and ops_workspace.go hold each module's operations.
// engine.wasm answers what engine.NeedsTools names with {"redirect":"tools"}; the page (site/js/engine.js)
// sends those requests to tools.wasm, which it loads when the Debug, Profile or Leakage pane opens or
// such a request first comes. The page starts each module in its own Web Worker (site/worker.js): the
// engine and tools workers are terminated and restarted by the Stop button, the workspace worker keeps
// the files and highlights the editor's text.
//
// Each module defines one JavaScript function on the worker's global object and then calls
// avrlabReady():
//
//	avrlabCall(op, argJSON, onProgress[, stale]) → string | Promise<string>
//
// Engine operations, highlight and markdown answer synchronously, but for a live bench (stale given:
// a function telling whether a newer request replaced it), which engine.wasm runs in a goroutine and
// answers as a Promise, giving the worker's event loop a turn between its phases (see ops_core.go); workspace operations touch IndexedDB, which
// answers through JavaScript callbacks, so they run in a goroutine and return a Promise (blocking the
// event loop would deadlock; ../shared/docs/stack-notes.md §4). Every answer is JSON; failures are
// {"error": "..."}, and an operation of the other module is an error too.
package main

import (
	"errors"
	"syscall/js"

	"github.com/avrlab/avrlab/internal/jsonw"
	"github.com/avrlab/avrlab/internal/textf"
)

func main() {
	b := &bridge{}
	js.Global().Set("avrlabCall", js.FuncOf(func(_ js.Value, args []js.Value) any { return call(b, args) }))
	if ready := js.Global().Get("avrlabReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // keep the module alive for later calls
}

// call decodes avrlabCall's arguments and hands the operation to this module's bridge.
func call(b *bridge, args []js.Value) (result any) {
	if len(args) < 2 {
		return errorJSON(errors.New("avrlabCall(op, argJSON, onProgress)"))
	}
	op, arg := args[0].String(), []byte(args[1].String())
	var progress func(phase string)
	if len(args) > 2 && args[2].Type() == js.TypeFunction {
		fn := args[2]
		progress = func(phase string) { fn.Invoke(phase) }
	}
	defer func() {
		if r := recover(); r != nil {
			result = errorJSON(textf.Errorf("internal error: %v", r))
		}
	}()
	if l, ok := any(b).(liveBridge); ok && len(args) > 3 && args[3].Type() == js.TypeFunction {
		if out, ok := l.live(op, arg, progress, args[3]); ok {
			return out
		}
	}
	return b.handle(op, arg, progress)
}

// liveBridge is a bridge that serves a live request (avrlabCall's fourth argument, stale: a function
// that says whether a newer request has replaced this one) in a way a newer one can stop; ok is false
// when it serves op as any other request.
type liveBridge interface {
	live(op string, arg []byte, progress func(phase string), stale js.Value) (out any, ok bool)
}

// promise runs fn in a goroutine and returns a JavaScript Promise of its result.
func promise(fn func() string) js.Value {
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, a []js.Value) any {
		resolve := a[0]
		go func() {
			resolve.Invoke(fn())
		}()
		executor.Release()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

// errorJSON is {"error": err's message}, as json.Marshal writes it (without encoding/json, which
// engine.wasm does not link).
func errorJSON(err error) string {
	return string(jsonw.ErrorObject(err.Error()))
}
