//go:build !avrlab_core

package kernel

// withReference attaches to k, a kernel of systems.go, its Go reference (the kernel's gen, edges, check
// and run). Every build but the page's engine links them (systems_core.go).
func withReference(k *Kernel) *Kernel {
	if set := systemReference(k.ID); set != nil {
		set(k)
	}
	return k
}

// systemReference returns the function that sets the reference of the kernel of systems.go with the
// given ID, nil for any other ID.
func systemReference(id string) func(*Kernel) {
	switch id {
	case "p192-scalarmul":
		return p192ScalarMulReference
	case "p192-ecdsa-sign":
		return p192SignReference
	case "p192-ecdsa-verify":
		return p192VerifyReference
	case "rlwe256-enc":
		return rlweEncReference
	case "rlwe256-dec":
		return rlweDecReference
	case "rlwe256-keygen":
		return rlweKeyGenReference
	case "sneikha256":
		return sneikhaReference
	case "sneiken128-enc":
		return sneikenEncReference
	case "sneiken128-dec":
		return sneikenDecReference
	}
	return nil
}
