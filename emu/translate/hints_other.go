//go:build !js

package translate

// boundsHints reports whether this build writes the bounds hints of a module for wazero (see
// gen.hints): every native build does, when the engine asks for them (all but NewPage's).
const boundsHints = true
