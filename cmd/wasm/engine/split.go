package engine

import (
	"bytes"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/isa/devreg"
	"github.com/avrlab/avrlab/lab"
)

// NeedsTools reports whether the page's core module (engine.wasm: this package with the build tag
// avrlab_core, see core.go) must leave request op (argument arg, JSON) to the tools module
// (tools.wasm, the whole engine): the debugger and the profiler (debug-*), the leakage pane (leak), the
// meta answer (meta, which the page reads from meta.json and asks only of a host without it), a
// linked program (Request.Binary), a request with a file the assembler would read as AVRASM2 (the core
// links no asm/atmel front end: see hasAVRASM2) or that may include <avr/io.h> (the core links no
// avr-libc table: namesIOHeader), a bench (or devices) of a task whose reference the
// core does not link (lab.NeedsTools: the P-192 systems, Ring-LWE and the SNEIK AEAD and hash), and a bench on Run (no live budget) of an exercise whose goals
// include a leakage goal (lab.GoalLeakFirstOrder, lab.GoalCPAResists), which simulates traces. A
// request it cannot read stays where it is, which answers the error.
func NeedsTools(op string, arg []byte) bool {
	if tools, read := opNeedsTools(op); !read {
		return tools
	}
	var req Request
	if decodeRequest(arg, &req) != nil {
		return false
	}
	return req.needsTools(op)
}

// opNeedsTools says what NeedsTools answers for op alone; read says that it depends on the request
// (bench, assemble, hex, devices: see Request.needsTools).
func opNeedsTools(op string) (tools, read bool) {
	if op == "leak" || op == "meta" || strings.HasPrefix(op, "debug-") {
		return true, false
	}
	switch op {
	case "bench", "assemble", "hex", "devices":
		return false, true
	}
	return false, false
}

// needsTools is NeedsTools for request r of op bench, assemble, hex or devices, read.
func (r *Request) needsTools(op string) bool {
	if r.Binary != "" || hasAVRASM2(r.Files) || !devreg.Linked && namesIOHeader(r.Files) {
		return true
	}
	if (op == "bench" || op == "devices") && lab.NeedsTools(r.task()) {
		return true
	}
	if op != "bench" || r.Budget != 0 || r.Goals == "" && r.Tests == "" {
		return false
	}
	goals, _ := lab.ParseGoals([]byte(r.Goals)) // a goal line it cannot read: the bench says so
	if r.Tests != "" {
		if t, err := lab.ParseExerciseTests([]byte(r.Tests)); err == nil {
			goals = append(goals, t.Goals...)
		}
	}
	for _, g := range goals {
		if g.Metric == lab.GoalLeakFirstOrder || g.Metric == lab.GoalCPAResists {
			return true
		}
	}
	return false
}

// task is the task a bench of r measures, as Bench and Devices resolve it (benchSource): the request's
// fields with an exercise's tests.txt applied (on a copy of r), then the main source's lines; "" when
// neither names one.
func (r *Request) task() string {
	c := *r
	if _, err := applyTests(&c); err != nil {
		return ""
	}
	return lab.Resolve(lab.Options{Task: c.Task, Fixed: c.fixed}, []byte(c.Files[c.Main])).Task
}

// namesIOHeader reports whether a source of files may include <avr/io.h>, whose tables the core
// does not link (devreg.Linked): its text names "io.h" (an include of the header names it, by a
// macro too). It errs on the side of tools.wasm, which answers every request the same; a source
// that reaches the header all the same meets devreg.NotLinked (leftToTools).
func namesIOHeader(files map[string]string) bool {
	for n, src := range files {
		if !isDoc(n) && strings.Contains(src, "io.h") {
			return true
		}
	}
	return false
}

// leftToTools reports whether out, the core's answer, met the <avr/io.h> that the core does not
// link (devreg.NotLinked): the request is tools.wasm's. An answer that names the word for another
// reason goes there too, and tools.wasm gives it the same.
func leftToTools(out []byte) bool {
	return !devreg.Linked && bytes.Contains(out, []byte(devreg.NotLinked))
}

// hasAVRASM2 reports whether files holds a source that assembling the request may read in the AVRASM2
// dialect: its own dialect (asm.DialectOf: a .asm or .inc file, or a "; avrlab dialect: atmel" line)
// is atmel. The engine reads the main file in that dialect, each other source for its includes too
// (otherIncludes), so any one of them sends the request to tools.wasm; Markdown and text files are
// never assembled. It errs on the side of tools.wasm, which reads everything: a GNU main file that
// includes keys.inc is read as GNU there too.
func hasAVRASM2(files map[string]string) bool {
	for n, src := range files {
		if isDoc(n) {
			continue
		}
		if d, err := asm.DialectOf(n, []byte(src), ""); err == nil && d == obj.DialectAtmel {
			return true
		}
	}
	return false
}
