//go:build !js

package translate

import (
	"context"
	"slices"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
	"github.com/tetratelabs/wazero"
)

// TestLEB128 checks the encoders against the examples of the LEB128 definition (DWARF 5 §7.6) and
// the edges of the sign bit.
func TestLEB128(t *testing.T) {
	for _, c := range []struct {
		u    uint32
		want []byte
	}{{0, []byte{0}}, {127, []byte{0x7F}}, {128, []byte{0x80, 0x01}}, {624485, []byte{0xE5, 0x8E, 0x26}},
		{0xFFFFFFFF, []byte{0xFF, 0xFF, 0xFF, 0xFF, 0x0F}}} {
		var b buf
		b.u32(c.u)
		if string(b) != string(c.want) {
			t.Errorf("u32(%d) = % x, want % x", c.u, []byte(b), c.want)
		}
	}
	for _, c := range []struct {
		s    int64
		want []byte
	}{{0, []byte{0}}, {2, []byte{2}}, {-2, []byte{0x7E}}, {63, []byte{0x3F}}, {64, []byte{0xC0, 0x00}},
		{-64, []byte{0x40}}, {-65, []byte{0xBF, 0x7F}}, {-123456, []byte{0xC0, 0xBB, 0x78}}} {
		var b buf
		b.s64(c.s)
		if string(b) != string(c.want) {
			t.Errorf("s64(%d) = % x, want % x", c.s, []byte(b), c.want)
		}
	}
}

func TestClusters(t *testing.T) {
	got := clusters([]uint32{1, 2, 60, 200, 201, 0x1FBF7})
	want := [][]uint32{{1, 2, 60}, {200, 201}, {0x1FBF7}}
	if len(got) != len(want) {
		t.Fatalf("%v", got)
	}
	for i := range want {
		if len(got[i]) != len(want[i]) || got[i][0] != want[i][0] {
			t.Errorf("cluster %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// program lowers words on the ATmega128 through a machine, whose runner hands its Program over.
func program(t *testing.T, words ...uint16) *emu.Program {
	t.Helper()
	flash := make([]byte, 2*len(words))
	for i, w := range words {
		flash[2*i], flash[2*i+1] = byte(w), byte(w>>8)
	}
	c := &capture{}
	m := emu.New(isa.LookupDevice("atmega128"), flash, emu.Config{Engine: c})
	m.Run(1)
	if c.p == nil {
		t.Fatal("no program")
	}
	return c.p
}

// capture is an emu.Engine whose runner keeps the Program and leaves everything to the interpreter.
type capture struct{ p *emu.Program }

func (c *capture) NewRunner(size int) emu.Runner {
	return &captureRunner{c: c, mem: make([]byte, size)}
}

type captureRunner struct {
	c   *capture
	mem []byte
}

func (r *captureRunner) Memory() []byte           { return r.mem }
func (r *captureRunner) Invalidate(lo, hi uint32) {}
func (r *captureRunner) Run(p *emu.Program) emu.Exit {
	r.c.p = p
	return emu.ExitLimit
}

// TestRegion: blocks, entries and loops of a small program, and a module wazero accepts.
//
//	0: ldi r30, 8        (Z = 8, the ICALL target)
//	1: ldi r31, 0
//	2: icall             -> 8; returns to 3
//	3: dec r16
//	4: brne 3            (a loop on itself)
//	5: rcall 7           -> 7; returns to 6
//	6: break
//	7: ret
//	8: ret
func TestRegion(t *testing.T) {
	p := program(t, 0xE0E8, 0xE0F0, 0x9509, 0x950A, 0xF7F1, 0xD001, 0x9598, 0x9508, 0x9508)
	r := buildRegion(p, []uint32{0})
	var starts []uint32
	for _, b := range r.blocks {
		starts = append(starts, b.start)
	}
	if want := []uint32{0, 3, 5, 6, 7, 8}; len(starts) != len(want) {
		t.Fatalf("blocks at %v, want %v", starts, want)
	} else {
		for i := range want {
			if starts[i] != want[i] {
				t.Fatalf("blocks at %v, want %v", starts, want)
			}
		}
	}
	loop := r.blocks[r.index[3]]
	if !loop.self || !loop.entry || loop.cycles != 1+2 {
		t.Errorf("loop block: %+v", loop)
	}
	for _, e := range []uint32{0, 3, 6, 7, 8} { // root, return points, call and ICALL targets
		if !r.isEntry(e) {
			t.Errorf("%d is not an entry (entries %v)", e, r.entries)
		}
	}
	if r.isEntry(5) || r.isEntry(4) {
		t.Errorf("entries %v", r.entries)
	}
	if !r.has(2) || r.has(9) {
		t.Errorf("coverage")
	}
	mod := generate(p, r, true, true).mod
	ctx := context.Background()
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	if _, err := rt.CompileModule(ctx, mod); err != nil {
		t.Fatalf("wazero refuses the module: %v", err)
	}
}

// TestLoops: a loop with a skip inside becomes one WebAssembly loop; so does one with a call inside,
// whose return point is an entry of the dispatch inside the loop (its head's code branches on to
// it: gen.innerEntries). Before session 14 an entry inside kept such a loop on the dispatch.
//
//	0: dec r16           loop head
//	1: sbrc r16, 0
//	2: inc r17           (skipped or not)
//	3: brne 0            back edge
//	4: dec r18           second loop head
//	5: rcall 8
//	6: brne 4            back edge over a call
//	7: break
//	8: ret
func TestLoops(t *testing.T) {
	p := program(t, 0x950A, 0xFD00, 0x9513, 0xF7E1, 0x952A, 0xD002, 0xF7E9, 0x9598, 0x9508)
	r := buildRegion(p, []uint32{0})
	head := r.blocks[r.index[0]]
	if head.loop != 1 || head.end != r.index[3] || !r.blocks[r.index[3]].back || !r.interior(r.index[2]) {
		t.Errorf("the skip loop is not one loop: head %+v", head)
	}
	h := r.index[4]
	if b := r.blocks[h]; b.loop != h+1 || b.end != r.index[6] || !r.blocks[r.index[6]].back {
		t.Errorf("the loop over a call is not one loop: head %+v", b)
	}
	g := &gen{p: p, r: r}
	if in := g.innerEntries(h); !slices.Equal(in, []int{r.index[6]}) || g.entryLabel(r.index[6]) != h {
		t.Errorf("inner entries %v (want the return point's block %d), entered at label %d", in, r.index[6], g.entryLabel(r.index[6]))
	}
	mod := generate(p, r, true, true).mod
	ctx := context.Background()
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	if _, err := rt.CompileModule(ctx, mod); err != nil {
		t.Fatalf("wazero refuses the module: %v", err)
	}
}

// TestTranslatePendingFlags: flags only a side exit needs (a later CP sets them again) are
// computed on the exit path from the defining instruction's operands; a flag the instruction also
// defines but a later one set again is the later one's there, and one computed from it (S from N
// and V, a shift's V from N and C) is the defining instruction's. Each program faults at the exit
// (a load from 0xFFFF, outside the data space): the stop and SREG are the interpreter's.
func TestTranslatePendingFlags(t *testing.T) {
	for _, src := range []string{
		"ldi r16, 0x80\nldi r17, 1\ncp r16, r17\nclv\n",     // S = 1 from CP's V = 1, V = 0
		"ldi r16, 0x80\nand r16, r16\nsev\n",                // S = 1 from AND's N = 1 and V = 0, V = 1
		"ldi r16, 0x01\nlsr r16\nclc\n",                     // V = S = 1 from LSR's C = 1, C = 0
		"ldi r16, 0x80\nasr r16\ncln\n",                     // V = S = 1 from ASR's N = 1, N = 0
		"ldi r16, 0x7F\ninc r16\nclv\ncln\n",                // S = 0 from INC's N = V = 1
		"ldi r16, 0x40\nldi r17, 0x40\nadd r16, r17\ncln\n", // S = 0 from ADD's N = V = 1, N = 0
	} {
		prog := "ldi r26, 0xFF\nldi r27, 0xFF\n" + src + "ld r5, X\ncp r16, r16\nsleep\n"
		im, err := asm.Assemble("flags.S", []byte(prog), asm.Config{})
		if err != nil {
			t.Fatal(err)
		}
		m := emu.New(im.Device, im.Flash, emu.Config{Engine: NewEager()})
		ref := emu.New(im.Device, im.Flash, emu.Config{})
		if sm, sr := m.Run(1000), ref.Run(1000); sm.String() != sr.String() || sr.Reason != emu.StopFault {
			t.Fatalf("%q: stop %+v, interpreted %+v", src, sm, sr)
		}
		if m.SREG() != ref.SREG() {
			t.Errorf("%q: SREG %08b, interpreted %08b", src, m.SREG(), ref.SREG())
		}
	}
}
