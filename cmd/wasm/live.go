//go:build js && wasm && !avrlab_workspace

package main

import (
	"syscall/js"
	"time"

	"github.com/avrlab/avrlab/internal/textf"
)

// turnEvery is how long a live bench runs at least between two turns of the worker's event loop
// (yield): it bounds what the turns cost a bench, while a stale one ends at most this long (and the
// call under way) after the newer request came.
const turnEvery = 4 * time.Millisecond

// liveRunner runs the live benches of a bridge, engine.wasm's and tools.wasm's (which gets the
// benches of the tasks the core leaves to it): each in one goroutine, answered as a Promise, so that
// the bench can give the worker's event loop a turn between its calls. The zero value is ready.
type liveRunner struct {
	// wake and turns give the worker's event loop a turn (yield): wake, called by a task posted
	// with sched.postTask(wake, task) (or a timeout), sends on turns once the event loop has taken
	// what was queued before it.
	wake        js.Func
	turns       chan struct{}
	sched, task js.Value
	// jobs takes the live benches to the goroutine that runs them (run).
	jobs chan func()
}

// run serves a live bench (the page's runs while the user types), which a newer request may
// replace: serve runs it with stop, which gives the worker's event loop a turn at most every
// turnEvery (yield), in which the worker takes the newer request, and then asks stale (the
// worker's) whether one came. A stale bench ends there ({"superseded": true}), and the newer one
// starts after the calls already under way, not after the whole bench. It returns the Promise of
// serve's answer.
func (l *liveRunner) run(serve func(stop func() bool) string, stale js.Value) any {
	// The event loop takes messages only in a turn: between two turns the answer stays what it was
	// (no), so a question that comes less than turnEvery after the last turn (or the call's start)
	// is answered at once.
	last := time.Now()
	stop := func() bool {
		if time.Since(last) < turnEvery {
			return false
		}
		l.yield()
		last = time.Now()
		return stale.Invoke().Truthy()
	}
	if l.jobs == nil {
		// One goroutine runs the live benches, one after another (the worker sends one at a time):
		// its stack, grown by the first, serves the next (a new goroutine starts small each time).
		l.jobs = make(chan func(), 1)
		go func() {
			for job := range l.jobs {
				job()
			}
		}()
	}
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, a []js.Value) any {
		resolve := a[0]
		l.jobs <- func() {
			out := func() (out string) {
				defer func() {
					if r := recover(); r != nil {
						out = errorJSON(textf.Errorf("internal error: %v", r))
					}
				}()
				return serve(stop)
			}()
			resolve.Invoke(out)
		}
		executor.Release()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

// yield blocks the calling goroutine until the worker's event loop has had a turn, in which it
// takes the messages that came meanwhile: a task of this thread, posted with scheduler.postTask
// (at the priority of the page's messages), else setTimeout 0. Not a MessageChannel message, which
// crosses threads in Chromium and cost more under load; a timeout alone would be held to 4 ms from
// the fifth nested one (the bench starts in the worker's hold timeout).
func (l *liveRunner) yield() {
	if l.turns == nil {
		l.turns = make(chan struct{}, 1)
		l.wake = js.FuncOf(func(js.Value, []js.Value) any {
			select {
			case l.turns <- struct{}{}:
			default:
			}
			return nil
		})
		if s := js.Global().Get("scheduler"); s.Type() == js.TypeObject && s.Get("postTask").Type() == js.TypeFunction {
			l.sched = s
			l.task = js.Global().Get("Object").New()
			l.task.Set("priority", "user-visible")
		}
	}
	if l.sched.Truthy() {
		l.sched.Call("postTask", l.wake, l.task)
	} else {
		js.Global().Call("setTimeout", l.wake, 0)
	}
	<-l.turns
}
