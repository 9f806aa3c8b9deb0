//go:build js && wasm && avrlab_core && !avrlab_workspace

package main

import (
	"syscall/js"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab"
)

// bridge of engine.wasm (build tag avrlab_core), the module on the path to the first result: bench,
// assemble, hex and devices. What engine.NeedsTools names (meta, which the page reads from meta.json,
// the debugger, the profiler, the leakage pane, linked programs, an exercise's leakage goals on Run, a
// bench of a task whose reference the core does not link: the P-192 systems, Ring-LWE, SNEIKHA256 and
// SNEIKEN128) it answers with
// {"redirect":"tools"}, and the page sends the same request to tools.wasm: the core links none of it.
type bridge struct {
	// exec runs translated code in the browser's WebAssembly engine (made at the first call).
	exec    emu.Engine
	started bool
	// cache answers a live bench of an unchanged program (a comment edited) with the last report.
	cache engine.BenchCache
	// includes keeps what the workspace's other files include between requests (the page sends
	// them all every time; only a changed one is read again).
	includes engine.IncludeCache
	// machines keeps the last bench's emulators for the next bench to build its own over.
	machines lab.Machines
	// runner runs the live benches (live.go).
	runner liveRunner
}

func (b *bridge) handle(op string, arg []byte, progress func(phase string)) any {
	switch op {
	case "highlight", "markdown", "open", "readAll", "write", "rename", "remove":
		return errorJSON(textf.Errorf("%s is an operation of workspace.wasm, not engine.wasm", op))
	}
	if op == "warm" {
		return warmEngine(b.translator()) // the worker is idle: compile the translator's Go code before a run needs it
	}
	return b.serve(op, arg, progress, nil)
}

// serve runs one engine request with the worker's caches (engine.HandleCore: what tools.wasm serves
// is answered {"redirect":"tools"}); stop, when not nil, may end a bench early.
func (b *bridge) serve(op string, arg []byte, progress func(phase string), stop func() bool) string {
	hits := b.cache.Hits
	out := engine.HandleCore(b.translator(), engine.Caches{Includes: &b.includes, Bench: &b.cache, Machines: &b.machines}, op, arg, progress, stop)
	if b.cache.Hits != hits && progress != nil {
		progress("reused") // the page's timings count these
	}
	return string(out)
}

// live serves a live bench (the page's runs while the user types) through the bridge's liveRunner,
// which a newer request may stop; other requests are served as by handle.
func (b *bridge) live(op string, arg []byte, progress func(phase string), stale js.Value) (any, bool) {
	if op != "bench" {
		return nil, false
	}
	return b.runner.run(func(stop func() bool) string { return b.serve(op, arg, progress, stop) }, stale), true
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
