//go:build js

package translate

// boundsHints reports whether this build writes the bounds hints of a module for wazero (see
// gen.hints): the browser's build never does (its engine is NewPage's, and V8 checks accesses
// with guard pages), so Go's compiler leaves the hints' emitters out of engine.wasm.
const boundsHints = false
