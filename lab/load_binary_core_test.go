//go:build avrlab_core

package lab

import (
	"testing"

	"github.com/avrlab/avrlab/asm/loader"
)

// TestCoreLoadBinaryKinds checks (go test -tags avrlab_core ./lab) that the core's LoadBinary tells
// linked programs from sources as asm/loader.Detect does, and loads none.
func TestCoreLoadBinaryKinds(t *testing.T) {
	for _, data := range []string{"", "\x7fELF\x01\x01", "\x7fEL", " \r\n:100000000C945C00", ":", "\v\f:x", "nop\n:", "; :"} {
		im, ok, err := LoadBinary([]byte(data), "")
		if want := loader.Detect([]byte(data)) != loader.KindSource; ok != want || im != nil || ok != (err != nil) {
			t.Errorf("LoadBinary(%q) = %v, %v, %v; want ok %v, no image, an error when ok", data, im, ok, err, want)
		}
	}
}
