//go:build !avrlab_core

package engine

import "encoding/json"

// marshalTools writes the answers only tools.wasm gives (Meta, LeakResponse) with encoding/json.
func marshalTools(v any) ([]byte, error) { return json.Marshal(v) }
