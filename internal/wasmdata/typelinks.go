package wasmdata

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The words of moduledata after those funcTable reads (runtime/symtab.go): typelinks []int32 is the
// type descriptors' offsets that package reflect searches (reflect.typelinks, linked to
// runtime.reflect_typelinks) for a type it makes, PointerTo, SliceOf, MapOf and the others; the
// runtime reads it only to match the types of several modules (typelinksinit: plugins), and a
// js/wasm program is one module.
const (
	mdTypelinks = 45 // typelinks []int32: pointer, length, capacity
	mdWordsAll  = 48
)

// reflectTypelinks is the name of the function that hands typelinks to reflect.
const reflectTypelinks = "reflect.typelinks"

// DropTypelinks returns module, a Go program built for GOOS=js GOARCH=wasm, with its type links (the
// list of its types' offsets that reflect searches when it makes a type) empty and their bytes
// zeroed, and how many bytes it zeroed. It refuses a program that links reflect's reader of them
// (a function named reflect.typelinks: read the names before RenameFuncs), which would then make a
// second copy of a type the program has; nothing else in one module reads them. It fails, never
// panicking, on a module it cannot read.
func DropTypelinks(module []byte) (out []byte, zeroed int, err error) {
	out, _, zeroed, err = rewriteFuncTable(module, func(t *funcTable) (int, int, error) {
		return t.dropTypelinks()
	})
	return out, zeroed, err
}

// dropTypelinks is DropTypelinks on the image's function table.
func (t *funcTable) dropTypelinks() (funcs, zeroed int, err error) {
	if t.md == nil || len(t.md) < 8*mdWordsAll {
		return 0, 0, errors.New("wasmdata: Go's moduledata runs past the memory")
	}
	for i := range t.nfunc {
		off := binary.LittleEndian.Uint32(t.ftab[i*functabStride+4:])
		if uint64(off)+funcPcdata > uint64(len(t.pclntable)) {
			return 0, 0, fmt.Errorf("wasmdata: Go's function table: function %d at %d, outside pclntable", i, off)
		}
		name, err := nameAt(t.funcnametab, binary.LittleEndian.Uint32(t.pclntable[off+funcNameOff:]))
		if err != nil {
			return 0, 0, err
		}
		if name == reflectTypelinks {
			return 0, 0, errors.New("wasmdata: the program links reflect.typelinks, which reads the type links")
		}
	}
	word := func(i int) uint64 { return binary.LittleEndian.Uint64(t.md[8*i:]) }
	p, n := word(mdTypelinks), word(mdTypelinks+1)
	if n > uint64(len(t.img))/4 || p > uint64(len(t.img))-4*n || word(mdTypelinks+2) < n {
		return 0, 0, fmt.Errorf("wasmdata: Go's moduledata: type links at %d, %d of them, outside the memory", p, n)
	}
	links := t.img[p : p+4*n]
	for i := range links {
		if links[i] != 0 {
			links[i] = 0
			zeroed++
		}
	}
	binary.LittleEndian.PutUint64(t.md[8*(mdTypelinks+1):], 0)
	binary.LittleEndian.PutUint64(t.md[8*(mdTypelinks+2):], 0)
	return 0, zeroed, nil
}
