//go:build avrlab_core

package kernel_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/avrlab/avrlab/lab/kernel"
)

// inTools returns the kernels the page's engine lists without their references (systems.go).
func inTools() map[string]bool {
	return map[string]bool{"p192-scalarmul": true, "p192-ecdsa-sign": true, "p192-ecdsa-verify": true,
		"rlwe256-enc": true, "rlwe256-dec": true, "rlwe256-keygen": true, "sneikha256": true, "sneiken128-enc": true,
		"sneiken128-dec": true}
}

// TestCoreReferences checks (go test -tags avrlab_core ./lab/kernel) that the page's engine knows every
// kernel, with its call, and links the references of all but those of systems.go; that a kernel without
// one never panics and says so: no edge inputs, Random's noise, Expected's ErrNoReference.
func TestCoreReferences(t *testing.T) {
	inTools := inTools()
	ks := kernel.Kernels()
	if len(ks) != 21 {
		t.Errorf("%d kernels, want the 21 of every build", len(ks))
	}
	seen := 0
	for _, k := range ks {
		if k.HasReference() == inTools[k.ID] {
			t.Errorf("%s: HasReference %v in the core", k.ID, k.HasReference())
		}
		if len(k.Args) == 0 || k.Entry == "" || k.Doc == "" {
			t.Errorf("%s: the core lacks its description (%d args, entry %q)", k.ID, len(k.Args), k.Entry)
		}
		if !inTools[k.ID] {
			continue
		}
		seen++
		if e := k.Edges(); e != nil {
			t.Errorf("%s: %d edge inputs without a reference", k.ID, len(e))
		}
		args := k.Random(rand.New(rand.NewPCG(1, 2)))
		if _, err := k.Expected(args); !errors.Is(err, kernel.ErrNoReference) {
			t.Errorf("%s: Expected = %v, want ErrNoReference", k.ID, err)
		}
	}
	if seen != len(inTools) {
		t.Errorf("%d of the %d kernels left to tools.wasm are listed", seen, len(inTools))
	}
}
