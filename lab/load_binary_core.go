//go:build avrlab_core

package lab

import (
	"bytes"
	"errors"

	"github.com/avrlab/avrlab/asm"
)

// LoadBinary, in the page's engine (build tag avrlab_core), reads no linked program: tools.wasm does
// (the core answers such requests with a redirect before they reach the lab, and TestCoreLinks checks
// that the core links no LoadBinary at all). This keeps asm/loader, and with it debug/elf, debug/dwarf
// and the decompressors they initialise, out of the core. It tells an ELF or an Intel HEX file (ok
// true, with an error) from a source (ok false) as the full LoadBinary does.
func LoadBinary(data []byte, device string) (im *asm.Image, ok bool, err error) {
	if bytes.HasPrefix(data, []byte("\x7fELF")) {
		return nil, true, errors.New("lab: an ELF file is read by the tools module, not the page's engine")
	}
	if t := bytes.TrimLeft(data, " \t\r\n\v\f"); len(t) > 0 && t[0] == ':' {
		return nil, true, errors.New("lab: an Intel HEX file is read by the tools module, not the page's engine")
	}
	return nil, false, nil
}
