//go:build !js

package translate

import (
	"context"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
)

func medians(t *testing.T, names []string, mods [][]byte, n int) {
	ctx := context.Background()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	ds := make([][]time.Duration, len(mods))
	for i := 0; i < n; i++ {
		for k, mod := range mods {
			rt := wazero.NewRuntime(ctx)
			c0 := time.Now()
			if _, err := rt.CompileModule(ctx, mod); err != nil {
				t.Fatal(err)
			}
			ds[k] = append(ds[k], time.Since(c0))
			rt.Close(ctx)
			runtime.GC()
		}
	}
	for k := range mods {
		slices.Sort(ds[k])
		t.Logf("%s: %d bytes, wall median %v", names[k], len(mods[k]), ds[k][len(ds[k])/2])
	}
}

func TestScratchParts(t *testing.T) {
	p, r := nttRegion(t)
	_, w := nttRegion(t)
	r.outline(p)
	g := &gen{p: p, r: r, d: p.Device, lay: p.Layout, hint: true, logTrace: true, fns: r.fns}
	f := r.fns[0]
	lg := &gen{p: p, r: f.sub, d: p.Device, lay: p.Layout, hint: true, logTrace: true, lf: f}
	lb := lg.function()
	f.used, f.written, f.segs = lg.used, lg.written, lg.segs
	g.copySegs()
	mb := g.function()
	nglob := len(r.blocks)
	trivial := []byte{0, opI32Const, 0, opEnd}
	mods := [][]byte{generate(p, w, true, true).mod, module(20, nglob, nI32, nI64, mb, lb), module(20, nglob, nI32, nI64, mb, trivial), module(20, nglob, nI32, nI64, lb)}
	medians(t, []string{"whole", "outlined", "main only", "loop only"}, mods, 41)
}
