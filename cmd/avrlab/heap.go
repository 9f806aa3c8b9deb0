package main

import (
	"os"
	"runtime"
	"runtime/debug"
)

// startHeap is about how far the heap of an avrlab process grows before its first garbage
// collection (unless GOGC is set). One bench allocates about 10 MB interpreted and 19 MB with
// translated code (the NTT example: wazero compiling its module about 6 MB, the harness's two
// machines 4.3 MB), almost all of it garbage by the end; at the runtime's usual first goal of
// 4 MiB the collector ran four or five times within such a run, with its write barriers on during
// wazero's compile. The Go compiler raises its own starting heap for the same reason.
const startHeap = 64 << 20

// defaultHeapMinimum is the Go runtime's first heap goal at GOGC=100 (4 MiB): it scales with GOGC.
const defaultHeapMinimum = 4 << 20

// raiseStartingHeap lets the heap reach startHeap before the first collection, then restores
// GOGC=100 (the goal after that is twice the live heap, as usual): a short command (a bench, a
// run) collects rarely or never, a long one (grade, leak) as before after its first collection.
// A GOGC set in the environment is left as it is, and grade's children (each under its -mem, the
// runtime's pace measured there) do not call it.
func raiseStartingHeap() {
	if os.Getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(100 * startHeap / defaultHeapMinimum)
	sentinel := new([64]byte) // unreachable at once: the first collection frees it
	runtime.AddCleanup(sentinel, func(int) { debug.SetGCPercent(100) }, 0)
}
