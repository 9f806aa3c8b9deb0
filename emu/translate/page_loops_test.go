//go:build !js

package translate

import (
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
)

// TestPageMixLoops: the mix (a self loop inside an outer loop of two back edges, 140 bytes) on the
// page's engine from reset, with and without the trace hash (a page's module writes the self
// loop twice, one copy logging the trace hash's steps and one not: splitSelfLoop), in Runs cut
// inside the inner loop (each limit exit resumes at the inner loop's head, an entry inside the
// outer loop: innerEntries), and in one Run: the interpreter's state, trace hash and access
// record every time, almost all of it translated; and the outer loop is a WebAssembly loop with the
// inner one's head as its inner entry.
func TestPageMixLoops(t *testing.T) {
	im, err := asm.Assemble("mix.S", []byte(mixSrc), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	inner, _ := im.Symbol("inner")
	outer, _ := im.Symbol("outer")
	p := captureProgram(im.Device, im.Flash, false)
	reg := buildRegion(p, []uint32{uint32(inner.Value) / 2, 0})
	o, in := reg.index[uint32(outer.Value)/2], reg.index[uint32(inner.Value)/2]
	g := &gen{p: p, r: reg}
	if b := reg.blocks[o]; b.loop != o+1 || !reg.blocks[in].self || !reg.blocks[in].entry || len(g.innerEntries(o)) != 1 || g.entryLabel(in) != o {
		t.Errorf("outer loop %+v, inner entries %v: want a WebAssembly loop entered at the inner self loop", b, g.innerEntries(o))
	}
	for _, trace := range []bool{false, true} {
		for _, limits := range [][]uint64{{1 << 30}, {70_001, 200_003, 200_037, 400_000, 1_000_001, 1 << 30}} {
			e := NewPage(NewWazero(), 0)
			m := emu.New(im.Device, im.Flash, emu.Config{TraceHash: trace, Access: true, Engine: e})
			ref := emu.New(im.Device, im.Flash, emu.Config{Trace: trace, Access: true})
			for _, limit := range limits {
				s, want := m.Run(limit), ref.Run(limit)
				if s != want {
					t.Fatalf("trace %v, limit %d: stop %v, interpreted %v", trace, limit, s, want)
				}
				if d := stateDiff(m, ref); d != "" {
					t.Fatalf("trace %v, limit %d: %s", trace, limit, d)
				}
				if m.TraceHash() != ref.TraceHash() {
					t.Fatalf("trace %v, limit %d: trace hash %#x, interpreted %#x", trace, limit, m.TraceHash(), ref.TraceHash())
				}
			}
			if st := e.Stats(); st.Cycles < ref.Cycles()*9/10 {
				t.Errorf("trace %v, Runs to %v: %d of %d cycles translated", trace, limits, st.Cycles, ref.Cycles())
			}
		}
	}
}

// TestBranchHintSection: every module has the branch hints section before its code, and each hint
// names an if of its function (offsets from the function's locals declaration) that leaves for
// the runner: on the mix's page module and the examples' native ones.
func TestBranchHintSection(t *testing.T) {
	im, err := asm.Assemble("mix.S", []byte(mixSrc), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	p := captureProgram(im.Device, im.Flash, true)
	mods := [][]byte{generate(p, buildRegion(p, []uint32{0}), false, true).mod}
	for _, set := range exampleSets(t) {
		for _, rs := range set {
			q := captureProgram(rs.dev, rs.flash, false)
			mods = append(mods, generate(q, buildRegion(q, rs.roots[len(rs.roots)-1]), true, true).mod)
		}
	}
	for n, mod := range mods {
		hints, code := hintsAndCode(t, mod)
		if len(hints) == 0 || len(hints[0]) == 0 {
			t.Fatalf("module %d: no hints for its first function", n)
		}
		for f, offs := range hints {
			for _, off := range offs {
				if off >= uint32(len(code[f])) || code[f][off] != opIf {
					t.Fatalf("module %d function %d: hint at %d is not an if", n, f, off)
				}
			}
		}
	}
}

// hintsAndCode returns a module's branch hints (offsets, per function index) and its functions'
// code (from the locals declaration), failing when the hints section is not before the code.
func hintsAndCode(t *testing.T, mod []byte) (map[int][]uint32, [][]byte) {
	t.Helper()
	hints := map[int][]uint32{}
	var code [][]byte
	i := 8
	for i < len(mod) {
		id := mod[i]
		i++
		size := int(uleb(mod, &i))
		end := i + size
		switch id {
		case 0:
			j := i
			n := int(uleb(mod, &j))
			if string(mod[j:j+n]) == branchHints {
				if code != nil {
					t.Fatal("the branch hints section is after the code")
				}
				j += n
				for range uleb(mod, &j) {
					f := int(uleb(mod, &j))
					for range uleb(mod, &j) {
						off := uint32(uleb(mod, &j))
						if uleb(mod, &j) != 1 || mod[j] != 0 {
							t.Fatalf("hint at %d: want size 1, unlikely", off)
						}
						j++
						hints[f] = append(hints[f], off)
					}
				}
			}
		case 10:
			j := i
			for range uleb(mod, &j) {
				n := int(uleb(mod, &j))
				code = append(code, mod[j:j+n])
				j += n
			}
		}
		i = end
	}
	return hints, code
}

// uleb reads an unsigned LEB128 number at b[*i], advancing *i.
func uleb(b []byte, i *int) uint64 {
	var v uint64
	for s := uint(0); ; s += 7 {
		c := b[*i]
		*i++
		v |= uint64(c&0x7f) << s
		if c&0x80 == 0 {
			return v
		}
	}
}
