package atmel_test

import (
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/asm/obj"
)

// result is what avrlab made of one AVRASM2 program: the linked image and its EEPROM contents.
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
	o := atmel.Parse(name, []byte(src), atmel.Config{Device: device, FS: srcfile.FromFS(fsys), MaxErrors: -1})
	im, err := asm.Link(o.Device, []*obj.Object{o}, -1)
	r := result{im: im, err: err}
	if im != nil {
		r.eep, r.eepPresent = im.EEPROM, im.EEPROMPresent
	}
	return r
}

// present returns, for an image, which flash bytes the HEX file has (the emitted ones).
func present(im *asm.Image) []bool { return im.Emitted }
