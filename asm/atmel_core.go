//go:build avrlab_core

package asm

import (
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/srcpos"
)

// compileAtmel, in the page's engine (build tag avrlab_core: engine.wasm), reads no AVRASM2 source:
// the page's tools module (tools.wasm) does, so that the core links none of package asm/atmel's front
// end (its parser, directives and the devices' .inc definitions). The core's bridge sends a request
// with such a file to tools.wasm before it gets here (cmd/wasm/engine.NeedsTools); this keeps one that
// gets here anyway from a wrong answer.
func compileAtmel(name string, _ []byte, _ Config) (*obj.Object, error) {
	return nil, ErrorList{{Pos: srcpos.Position{Filename: name},
		Msg: "an AVRASM2 source is assembled by the page's tools module (tools.wasm), not its engine (engine.wasm)"}}
}
