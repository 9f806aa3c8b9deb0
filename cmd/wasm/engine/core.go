//go:build avrlab_core

package engine

import (
	"errors"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
)

// The build tag avrlab_core makes the engine of the page's first module (engine.wasm, cmd/wasm): it
// assembles, benchmarks, runs, writes HEX and answers devices, and leaves to tools.wasm (the same
// package without the tag) what the first result does not need and that links much: the meta answer
// (the page has it from meta.json), the leakage simulation (op "leak" and an exercise's leakage goals
// on Run: lab/leak and its traces) and linked programs (ELF and HEX files: debug/elf with its
// decompressors). cmd/wasm's core bridge sends those requests to tools.wasm before they reach these
// functions (NeedsTools); the functions below only keep a request that gets here anyway from a wrong
// answer.

// errTools is the answer of what only tools.wasm does.
var errTools = errors.New("this needs the page's tools module (tools.wasm): engine.wasm does not link it")

func loadBinary([]byte, string) (*asm.Image, bool, error) { return nil, true, errTools }

// handleMeta answers meta in tools.wasm only: the page reads the same answer from meta.json, written
// natively (cmd/wasm/engine/meta), so the core links neither GetMeta nor the published rows.
func handleMeta() any { return errorAnswer{Error: errTools.Error()} }

func handleLeak([]byte, Progress) any { return errorAnswer{Error: errTools.Error()} }

// leakGoals leaves an exercise's leakage goals unmeasured with the reason (a live run's, as
// tools.wasm gives it, or that tools.wasm measures them).
func leakGoals(resp *Response, req Request, _ Progress) {
	if !lab.HasLeakGoals(resp.Goals) || resp.Report == nil || req.Binary != "" {
		return
	}
	for i := range resp.Goals {
		if g := resp.Goals[i].Goal.Metric; g == lab.GoalLeakFirstOrder || g == lab.GoalCPAResists {
			if req.Budget != 0 {
				resp.Goals[i].Got = "not measured while editing: press Run to run the leakage test"
			} else {
				resp.Goals[i].Got = errTools.Error()
			}
		}
	}
}
