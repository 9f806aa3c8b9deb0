//go:build !js

package main

import (
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"
)

// maxTranslatorFunc bounds the WebAssembly body of every function of the translator and the HEX
// reader in engine.wasm. Go compiles a function to one loop over a br_table of its blocks, V8's
// TurboFan compiles a big one for long, and the translator's compiled on the page's compile
// threads inside bench.html's timed run: gen.inst (34.4 KB) took 110-510 ms of thread time,
// gen.function (15.0 KB) and ihex.Read (13.2 KB) 20-80 ms each (README, bench.html's section).
const maxTranslatorFunc = 10_000

// TestTranslatorFunctionSizes builds a named engine.wasm and checks that no function of
// emu/translate or asm/ihex is over maxTranslatorFunc bytes.
func TestTranslatorFunctionSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WASM module")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	b := namedEngineModule(t, root)
	sizes, err := wasmFuncSizes(b)
	if err != nil {
		t.Fatal(err)
	}
	type fn struct {
		name string
		size int
	}
	var fns []fn
	for idx, name := range wasmFuncIndex(b) {
		if sizes[idx] > 0 && (strings.HasPrefix(name, "github.com_avrlab_avrlab_emu_translate.") ||
			strings.HasPrefix(name, "github.com_avrlab_avrlab_asm_ihex.")) {
			fns = append(fns, fn{name, sizes[idx]})
		}
	}
	// The check reads the right module: the two entry points are there, with bodies.
	for _, want := range []string{"github.com_avrlab_avrlab_emu_translate.__gen_.inst", "github.com_avrlab_avrlab_asm_ihex.Read"} {
		if !slices.ContainsFunc(fns, func(f fn) bool { return f.name == want }) {
			t.Fatalf("engine.wasm has no function %s (of %d of emu/translate and asm/ihex)", want, len(fns))
		}
	}
	slices.SortFunc(fns, func(a, b fn) int { return b.size - a.size })
	t.Logf("%d functions of emu/translate and asm/ihex; the largest %s, %d bytes", len(fns), fns[0].name, fns[0].size)
	for _, f := range fns {
		if f.size > maxTranslatorFunc {
			t.Errorf("%s is %d bytes of WebAssembly, over %d", f.name, f.size, maxTranslatorFunc)
		}
	}
}

// wasmFuncSizes returns the body size of each function a WebAssembly module defines, by function
// index (after its imported functions).
func wasmFuncSizes(b []byte) (map[int]int, error) {
	bad := errors.New("malformed module")
	p := 8
	uleb := func() (int, error) {
		v, n := binary.Uvarint(b[min(p, len(b)):])
		if n <= 0 || v > uint64(len(b)) {
			return 0, bad
		}
		p += n
		return int(v), nil
	}
	imports, out := 0, map[int]int{}
	for p < len(b) {
		id := b[p]
		p++
		size, err := uleb()
		if err != nil || p+size > len(b) {
			return nil, bad
		}
		end := p + size
		switch id {
		case 2:
			if imports, err = countFuncImports(b[p:end]); err != nil {
				return nil, err
			}
		case 10:
			n, err := uleb()
			for i := 0; i < n && err == nil; i++ {
				var l int
				if l, err = uleb(); err == nil {
					out[imports+i] = l
					p += l
				}
			}
			if err != nil {
				return nil, err
			}
		}
		p = end
	}
	return out, nil
}

// countFuncImports counts the function imports of an import section's body.
func countFuncImports(sec []byte) (int, error) {
	bad := errors.New("malformed import section")
	p := 0
	uleb := func() (int, error) {
		v, n := binary.Uvarint(sec[min(p, len(sec)):])
		if n <= 0 || v > uint64(len(sec)) {
			return 0, bad
		}
		p += n
		return int(v), nil
	}
	n, err := uleb()
	funcs := 0
	for i := 0; i < n && err == nil; i++ {
		for range 2 { // module and field names
			var l int
			if l, err = uleb(); err == nil {
				p += l
			}
		}
		if err != nil || p >= len(sec) {
			return 0, bad
		}
		kind := sec[p]
		p++
		switch kind {
		case 0: // function: its type
			funcs++
			_, err = uleb()
		case 1: // table: element type, limits
			p++
			err = skipLimits(uleb)
		case 2: // memory: limits
			err = skipLimits(uleb)
		case 3: // global: type, mutability
			p += 2
		default:
			return 0, bad
		}
	}
	return funcs, err
}

// skipLimits reads a limits entry (flags, minimum, maximum when flags say so) with uleb.
func skipLimits(uleb func() (int, error)) error {
	flags, err := uleb()
	if err == nil {
		_, err = uleb()
	}
	if err == nil && flags&1 != 0 {
		_, err = uleb()
	}
	return err
}
