//go:build !avrlab_core

package engine

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/avrlab/avrlab/lab"
	"github.com/avrlab/avrlab/lab/debug"
)

// The debugger's messages: the session itself (stepping, going back through checkpoints, the
// per-line profile) is lab/debug's; the engine assembles the page's files, starts a session on them
// and answers the page's debugger operations with its states, in the page's words (PageText).

// Debug modes of a DebugRequest.
const (
	DebugReset = debug.ModeReset // the program from reset, until SLEEP, BREAK, a fault or the cycle limit
	DebugCall  = debug.ModeCall  // the task's call on its official vector, set up as the harness does
)

// DebugRequest starts a session: the program of Request (files, main, device, defines, task, call,
// cycle limit) and the mode.
type DebugRequest struct {
	Request
	Mode string `json:"mode"` // DebugReset or DebugCall; "" = DebugCall when the source names a task
}

// DebugCommand is a request to a running session.
type DebugCommand struct {
	// Breakpoints are the lines with a breakpoint, file name → line numbers; nil keeps them.
	Breakpoints map[string][]int `json:"breakpoints"`
	File        string           `json:"file"` // "to": the line to run to
	Line        int              `json:"line"`
}

// DebugState is the machine as the debugger shows it after a command (debug.State), or why the
// session could not start.
type DebugState struct {
	debug.State
	Error  string       `json:"error,omitempty"`
	Errors []Diagnostic `json:"errors,omitempty"` // the program did not assemble
}

// Debugger holds the session of one page (the engine worker): a new Start replaces it.
type Debugger struct {
	s *debug.Session
}

// Handle runs a debugger operation: "debug-start" (a DebugRequest), then "debug-step", "debug-over",
// "debug-out", "debug-continue", "debug-to", "debug-back", "debug-back-continue", "debug-state" and
// "debug-profile" (each a DebugCommand). The answer is a DebugState, or a debug.Profile for
// debug-profile, as JSON; failures are {"error": ...}.
func (d *Debugger) Handle(op string, arg []byte) []byte {
	var v any
	switch op {
	case "debug-start":
		var req DebugRequest
		if err := json.Unmarshal(arg, &req); err != nil {
			return errorJSON(fmt.Errorf("bad %s request: %v", op, err))
		}
		s, st := StartSession(req)
		d.s = s
		v = st
	default:
		if d.s == nil {
			return errorJSON(errors.New("no debugging session: start one (Debug)"))
		}
		var c DebugCommand
		if len(arg) > 0 {
			if err := json.Unmarshal(arg, &c); err != nil {
				return errorJSON(fmt.Errorf("bad %s request: %v", op, err))
			}
		}
		var err error
		v, err = runCommand(d.s, op, c)
		if err != nil {
			return errorJSON(err)
		}
	}
	out, err := json.Marshal(v)
	if err != nil {
		return errorJSON(err)
	}
	return out
}

// runCommand runs one command on the session and returns its answer.
func runCommand(s *debug.Session, op string, c DebugCommand) (any, error) {
	if c.Breakpoints != nil {
		s.SetBreakpoints(c.Breakpoints)
	}
	switch op {
	case "debug-state":
	case "debug-step":
		s.Step()
	case "debug-over":
		s.Over()
	case "debug-out":
		s.Out()
	case "debug-continue":
		s.Continue()
	case "debug-to":
		s.To(c.File, c.Line)
	case "debug-back":
		s.Back()
	case "debug-back-continue":
		s.BackContinue()
	case "debug-profile":
		p := s.Profile()
		if p.Problem != nil {
			p.Message = PageText(p.Problem)
		}
		return p, nil
	default:
		return nil, fmt.Errorf("unknown debugger command %q", op)
	}
	return pageState(s), nil
}

// pageState is the session's state in the page's words.
func pageState(s *debug.Session) DebugState {
	st := DebugState{State: s.State()}
	if st.Problem != nil {
		st.Message = PageText(st.Problem)
	}
	return st
}

// StartSession assembles the request's program and loads it: from reset, or set up for the task's call
// on the official vector. The state says what went wrong when it could not (Error, Errors); the
// session is then nil.
func StartSession(req DebugRequest) (*debug.Session, DebugState) {
	resp, im := assemble(req.Request)
	fail := func(msg string) (*debug.Session, DebugState) {
		return nil, DebugState{State: debug.State{Memory: []debug.MemBlock{}}, Error: msg, Errors: resp.Errors}
	}
	if resp.Error != "" {
		return fail(resp.Error)
	}
	if im == nil || hasErrors(resp.Errors) {
		return fail(fmt.Sprintf("%s does not assemble: fix the problems first", req.Main))
	}
	if resp.Flash == 0 {
		return fail(noCodeNote(req.Request, resp.Includes))
	}
	task := lab.Resolve(lab.Options{Task: req.Task}, []byte(req.Files[req.Main])).Task
	if task == TaskRun {
		task = ""
	}
	cfg := debug.Config{Image: im, Mode: req.Mode, Sources: map[string]bool{}}
	for name := range req.Files {
		cfg.Sources[name] = true
	}
	cfg.Options = lab.Options{MaxCycles: req.MaxCycles}
	if task != "" && req.Mode != DebugReset {
		// The call the bench measures: the request's fields with the exercise's tests.txt applied, then
		// the source's lines and the task's defaults (lab.Resolve), on the official vector alone.
		r := req.Request
		r.Vectors = -1
		if _, err := applyTests(&r); err != nil {
			return fail(pageError(err))
		}
		cfg.Options = lab.Resolve(benchOptions(r), []byte(req.Files[req.Main]))
	}
	s, err := debug.Start(cfg)
	if err != nil {
		return fail(pageError(err))
	}
	return s, pageState(s)
}
