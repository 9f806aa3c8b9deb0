package translate

import (
	"os"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
)

// programOf is a runner that keeps the Program its machine hands it and interprets.
type programOf struct {
	p   *emu.Program
	mem []byte
}

func (c *programOf) NewRunner(size int) emu.Runner { c.mem = make([]byte, size); return c }
func (c *programOf) Memory() []byte                { return c.mem }
func (c *programOf) Invalidate(lo, hi uint32)      {}
func (c *programOf) Run(p *emu.Program) emu.Exit {
	c.p = p
	return emu.ExitLimit
}

// BenchmarkBuildRegionSmall discovers the region of the default example's encryption routine
// (CHAM-64, 128 words programmed of an ATmega128's 64K), as a live bench does once per machine:
// its time and allocation are what a small program's region costs on a large flash (under Node:
// GOOS=js GOARCH=wasm go test -c, then testdata/node_browser.js with -test.bench BuildRegionSmall).
func BenchmarkBuildRegionSmall(b *testing.B) {
	src, err := os.ReadFile("../../examples/cham64-v2.S")
	if err != nil {
		b.Fatal(err)
	}
	im, err := asm.Assemble("cham64-v2.S", src, asm.Config{})
	if err != nil {
		b.Fatal(err)
	}
	sym, ok := im.Symbol("cham64_128_encrypt")
	if !ok {
		b.Fatal("no symbol cham64_128_encrypt")
	}
	c := &programOf{}
	emu.New(im.Device, im.Flash, emu.Config{Engine: c, Access: true}).Run(1)
	roots := []uint32{uint32(sym.Value) / 2}
	b.ReportAllocs()
	for b.Loop() {
		if r := buildRegion(c.p, roots); r.insts == 0 {
			b.Fatal("an empty region")
		}
	}
}
