//go:build !avrlab_core

package lab

import (
	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/loader"
)

// LoadBinary loads data as a linked program when it is an AVR ELF or an Intel HEX file (ok true), for
// device ("" = the default). For anything else it returns ok false: the caller assembles it.
func LoadBinary(data []byte, device string) (im *asm.Image, ok bool, err error) {
	switch loader.Detect(data) {
	case loader.KindELF:
		im, err = loader.ELF(data, device)
	case loader.KindHEX:
		im, err = loader.HEX(data, device)
	default:
		return nil, false, nil
	}
	return im, true, err
}
