//go:build js && wasm && avrlab_core && !avrlab_workspace

package main

import (
	"fmt"
	"syscall/js"
	"time"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
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
	// wake and turns give the worker's event loop a turn (yield): wake, called by a task posted
	// with sched.postTask(wake, task) (or a timeout), sends on turns once the event loop has taken
	// what was queued before it.
	wake        js.Func
	turns       chan struct{}
	sched, task js.Value
	// jobs takes the live benches to the goroutine that runs them (live).
	jobs chan func()
}

func (b *bridge) handle(op string, arg []byte, progress func(phase string)) any {
	switch op {
	case "highlight", "markdown", "open", "readAll", "write", "rename", "remove":
		return errorJSON(fmt.Errorf("%s is an operation of workspace.wasm, not engine.wasm", op))
	}
	if op == "warm" {
		return warm() // the worker is idle: compile the translator's Go code before a run needs it
	}
	if !b.started {
		b.exec, b.started = translate.NewBrowserEngine(), true
	}
	return b.serve(op, arg, progress, nil)
}

// serve runs one engine request with the worker's caches (engine.HandleCore: what tools.wasm serves
// is answered {"redirect":"tools"}); stop, when not nil, may end a bench early.
func (b *bridge) serve(op string, arg []byte, progress func(phase string), stop func() bool) string {
	hits := b.cache.Hits
	out := engine.HandleCore(b.exec, engine.Caches{Includes: &b.includes, Bench: &b.cache, Machines: &b.machines}, op, arg, progress, stop)
	if b.cache.Hits != hits && progress != nil {
		progress("reused") // the page's timings count these
	}
	return string(out)
}

// turnEvery is how long a live bench runs at least between two turns of the worker's event loop
// (yield): it bounds what the turns cost a bench, while a stale one ends at most this long (and the
// call under way) after the newer request came.
const turnEvery = 4 * time.Millisecond

// live serves a live bench (the page's runs while the user types), which a newer request may
// replace: in a goroutine, answered as a Promise, so that the bench can give the worker's event loop
// a turn between its calls, at most every turnEvery (yield), in which the worker takes the newer
// request, and then ask stale (the worker's) whether one came. A stale bench ends there
// ({"superseded": true}), and the newer one starts after the calls already under way, not after the
// whole bench. Other requests are served as by handle.
func (b *bridge) live(op string, arg []byte, progress func(phase string), stale js.Value) (any, bool) {
	if op != "bench" {
		return nil, false
	}
	if !b.started {
		b.exec, b.started = translate.NewBrowserEngine(), true
	}
	// The event loop takes messages only in a turn: between two turns the answer stays what it was
	// (no), so a question that comes less than turnEvery after the last turn (or the call's start)
	// is answered at once.
	last := time.Now()
	stop := func() bool {
		if time.Since(last) < turnEvery {
			return false
		}
		b.yield()
		last = time.Now()
		return stale.Invoke().Truthy()
	}
	if b.jobs == nil {
		// One goroutine runs the live benches, one after another (the worker sends one at a time):
		// its stack, grown by the first, serves the next (a new goroutine starts small each time).
		b.jobs = make(chan func(), 1)
		go func() {
			for job := range b.jobs {
				job()
			}
		}()
	}
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, a []js.Value) any {
		resolve := a[0]
		b.jobs <- func() {
			out := func() (out string) {
				defer func() {
					if r := recover(); r != nil {
						out = errorJSON(fmt.Errorf("internal error: %v", r))
					}
				}()
				return b.serve(op, arg, progress, stop)
			}()
			resolve.Invoke(out)
		}
		executor.Release()
		return nil
	})
	return js.Global().Get("Promise").New(executor), true
}

// yield blocks the calling goroutine until the worker's event loop has had a turn, in which it
// takes the messages that came meanwhile: a task of this thread, posted with scheduler.postTask
// (at the priority of the page's messages), else setTimeout 0. Not a MessageChannel message, which
// crosses threads in Chromium and cost more under load; a timeout alone would be held to 4 ms from
// the fifth nested one (the bench starts in the worker's hold timeout).
func (b *bridge) yield() {
	if b.turns == nil {
		b.turns = make(chan struct{}, 1)
		b.wake = js.FuncOf(func(js.Value, []js.Value) any {
			select {
			case b.turns <- struct{}{}:
			default:
			}
			return nil
		})
		if s := js.Global().Get("scheduler"); s.Type() == js.TypeObject && s.Get("postTask").Type() == js.TypeFunction {
			b.sched = s
			b.task = js.Global().Get("Object").New()
			b.task.Set("priority", "user-visible")
		}
	}
	if b.sched.Truthy() {
		b.sched.Call("postTask", b.wake, b.task)
	} else {
		js.Global().Call("setTimeout", b.wake, 0)
	}
	<-b.turns
}
