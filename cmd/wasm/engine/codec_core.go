//go:build avrlab_core

package engine

import "github.com/avrlab/avrlab/internal/textf"

// marshalTools is the core's answer for an answer only tools.wasm writes, which the core never
// gives (its handleMeta and handleLeak answer errorAnswer). It names the answer's type as %T did for
// Meta, the one such answer the core has (any other as "?": naming a type takes reflect).
func marshalTools(v any) ([]byte, error) {
	name := "?"
	switch v.(type) {
	case Meta:
		name = "engine.Meta"
	case *Meta:
		name = "*engine.Meta"
	}
	return nil, textf.Errorf("engine.wasm writes no %s: that is tools.wasm's answer", name)
}
