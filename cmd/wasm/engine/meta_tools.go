//go:build !avrlab_core

package engine

// handleMeta answers meta (the page's core module leaves it to tools.wasm: see core.go).
func handleMeta() any { return GetMeta() }
