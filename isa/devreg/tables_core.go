//go:build avrlab_core

package devreg

// Linked says whether this build holds the devices' tables. The page's core module (engine.wasm,
// build tag avrlab_core) does not: a source that includes <avr/io.h> is assembled by tools.wasm, the
// whole engine, which the core sends it to (the assembler's <avr/io.h> is then NotLinked's #error,
// and the engine answers a request that meets it with a redirect), so that every answer is the
// whole engine's. The tables are a fifth of the core's string data.
const Linked = false

// table returns no table: this build leaves them to tools.wasm (Linked).
func table(string) (t rawTable, ok bool) { return rawTable{}, false }

// devices lists no device: this build has no table (Linked).
func devices() []string { return nil }
