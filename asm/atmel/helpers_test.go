package atmel_test

import (
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/obj"
)

// result is what avrlab made of one AVRASM2 program: the linked image and the EEPROM segment.
type result struct {
	im         *asm.Image
	eep        []byte
	eepPresent []bool
	err        error
}

// assemble runs the AVRASM2 front end and the shared linker over one program, with files beside it.
func assemble(t *testing.T, name, src string, files map[string]string, device string) result {
	t.Helper()
	fsys := fstest.MapFS{}
	for n, text := range files {
		fsys[n] = &fstest.MapFile{Data: []byte(text)}
	}
	u := atmel.Parse(name, []byte(src), atmel.Config{Device: device, FS: fsys, MaxErrors: -1})
	dev := u.Object.Device
	im, err := asm.Link(dev, []*obj.Object{u.Object}, -1)
	var r result
	r.im, r.err = im, err
	if err == nil {
		var errs obj.ErrorList
		r.eep, r.eepPresent, errs = atmel.EEPROMImage(u)
		if len(errs) > 0 {
			r.err = errs
		}
	}
	return r
}

// present returns, for an image, which flash bytes the HEX file has (the emitted ones).
func present(im *asm.Image) []bool { return im.Emitted }
