//go:build !avrlab_core

package engine

import (
	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
)

// loadBinary reads a linked program (an AVR ELF or an Intel HEX file) for bench: ok is false when it
// is neither. The page's core module (build tag avrlab_core) leaves this to tools.wasm: see core.go.
func loadBinary(data []byte, device string) (im *asm.Image, ok bool, err error) {
	return lab.LoadBinary(data, device)
}
