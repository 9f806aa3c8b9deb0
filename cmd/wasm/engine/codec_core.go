//go:build avrlab_core

package engine

import "fmt"

// marshalTools is the core's answer for an answer only tools.wasm writes, which the core never
// gives (its handleMeta and handleLeak answer errorAnswer).
func marshalTools(v any) ([]byte, error) {
	return nil, fmt.Errorf("engine.wasm writes no %T: that is tools.wasm's answer", v)
}
