//go:build avrlab_core

package kernel

// withReference, in the page's engine (build tag avrlab_core), leaves k, a kernel of systems.go, without
// its reference: the engine sends a bench of it to tools.wasm ([Kernel.HasReference]), and links
// neither math/big, crypto's SHA-1 and SHA-256 nor the Ring-LWE and SNEIK references.
func withReference(k *Kernel) *Kernel { return k }
