//go:build !js

package translate

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/internal/cputime"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/experimental"
)

// nttRegion returns the NTT example's program (with the access record, as avrlab bench measures)
// and its region from ntt256, the harness's call entry.
func nttRegion(tb testing.TB) (*emu.Program, *region) {
	tb.Helper()
	src, err := os.ReadFile("../../examples/ntt256-xmega.S")
	if err != nil {
		tb.Fatal(err)
	}
	im, err := asm.Assemble("ntt256-xmega.S", src, asm.Config{})
	if err != nil {
		tb.Fatal(err)
	}
	i := slices.IndexFunc(im.Symbols, func(s asm.Symbol) bool { return s.Name == "ntt256" })
	if i < 0 {
		tb.Fatal("no ntt256")
	}
	c := &capture{}
	m := emu.New(im.Device, im.Flash, emu.Config{Engine: c, Access: true})
	m.Run(1)
	if c.p == nil {
		tb.Fatal("no program")
	}
	return c.p, buildRegion(c.p, []uint32{uint32(im.Symbols[i].Value / 2)})
}

// TestTranslateSharedLoops: the NTT example's stages 2..7 run one inner loop (two butterflies,
// 91 instructions) at six addresses; its module holds it once, as a loop function the region's
// function calls six times, and is smaller than the module holding every copy. (That the results
// are the interpreter's is TestEngineSameReport's, in package lab, and TestTranslateLoopFunction's.)
func TestTranslateSharedLoops(t *testing.T) {
	p, whole := nttRegion(t)
	_, r := nttRegion(t)
	r.outline(p)
	if len(r.fns) != 1 {
		t.Fatalf("%d loop functions, want 1", len(r.fns))
	}
	if n := r.fns[0].sub.insts; n != 91 {
		t.Errorf("the loop function holds %d instructions, want 91", n)
	}
	deltas := map[uint32]bool{}
	for _, b := range r.blocks {
		if c := b.call; c != nil {
			deltas[c.delta] = true
			if len(c.exits) != 1 {
				t.Errorf("the copy at +%d leaves to %v, want one address (after its loop)", c.delta, c.exits)
			}
			if !r.isEntry(b.start) || b.entry {
				t.Errorf("the copy at %d: an entry %v, of the code around it %v; want true, false", b.start, r.isEntry(b.start), b.entry)
			}
		}
	}
	if len(deltas) != 6 || !deltas[0] {
		t.Errorf("copies at %v from the canonical one, want six", deltas)
	}
	// Each stage's loop over its groups (TWIDDLE, the copy, the group's end) is a WebAssembly
	// loop now that the copy is one block.
	loops := 0
	for i, b := range r.blocks {
		if b.loop == i+1 {
			loops++
		}
	}
	if loops != 8 {
		t.Errorf("%d multi-block loops, want 8 (stage 1, six group loops, stage 8)", loops)
	}
	shared, all := generate(p, r, true, true), generate(p, whole, true, true)
	if len(shared.mod) >= len(all.mod)*3/4 {
		t.Errorf("module %d bytes with the loop function, %d without", len(shared.mod), len(all.mod))
	}
	t.Logf("module %d bytes with the loop function, %d without; %d and %d trace segments", len(shared.mod), len(all.mod), len(shared.segs), len(all.segs))
}

// TestTranslateLoopFunction: three copies of a loop (a 130-instruction block and a multi-block
// loop around it, more than shareMin bytes so that they are outlined) share a loop function;
// each has a side exit inside (a load through Z of a mapped register every 16 passes), and the copies
// leave their loops to different code. Run with the access record and the trace hash, stopped at
// limits inside the loops, the machine ends each Run with the interpreter's state, access record
// and trace hash.
func TestTranslateLoopFunction(t *testing.T) {
	var src strings.Builder
	src.WriteString("ldi r26, 0x00\nldi r27, 0x02\nldi r28, 0x40\nldi r29, 0x02\nldi r22, 50\nouter:\n")
	for c := 0; c < 3; c++ {
		fmt.Fprintf(&src, "ldi r20, %d\nloop%d:\n", 10+7*c, c)
		for i := 0; i < 130; i++ {
			fmt.Fprintf(&src, "add r%d, r%d\n", i%8, 8+i%8)
		}
		src.WriteString("ld r16, X+\nst Y+, r16\nandi r27, 0x03\nori r27, 0x02\nandi r29, 0x03\nori r29, 0x02\n")
		src.WriteString("mov r31, r20\nandi r31, 15\nbreq 1f\nldi r31, 0x02\n1:\nldi r30, 0x05\nld r17, Z\nadd r0, r17\n")
		fmt.Fprintf(&src, "dec r20\nbreq 2f\nrjmp loop%d\n2:\n", c)
		fmt.Fprintf(&src, "subi r%d, %d\n", 18+c%2, c+1) // what follows each copy differs
	}
	src.WriteString("dec r22\nbreq 3f\nrjmp outer\n3:\nsleep\n")
	im, err := asm.Assemble("loops.S", []byte(src.String()), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	k := &keepRunners{e: NewEager()}
	m := emu.New(im.Device, im.Flash, emu.Config{TraceHash: true, Access: true, Engine: k})
	ref := emu.New(im.Device, im.Flash, emu.Config{Trace: true, Access: true})
	for _, limit := range []uint64{1000, 5003, 20_011, 100_000, 300_007, 1_000_000} {
		sm, sr := m.Run(limit), ref.Run(limit)
		if sm != sr {
			t.Fatalf("limit %d: stop %v, interpreted %v", limit, sm, sr)
		}
		if d := stateDiff(m, ref); d != "" {
			t.Fatalf("limit %d: %s", limit, d)
		}
		if m.TraceHash() != ref.TraceHash() {
			t.Fatalf("limit %d: trace hash %#x, interpreted %#x", limit, m.TraceHash(), ref.TraceHash())
		}
	}
	st := k.e.Stats()
	if st.Cycles < 100_000 || st.SideExits == 0 {
		t.Errorf("%d cycles translated, %d side exits: %+v", st.Cycles, st.SideExits, st)
	}
	reg, calls := k.rs[0].reg, 0
	for _, b := range reg.blocks {
		if b.call != nil {
			calls++
		}
	}
	if len(reg.fns) != 1 || calls != 3 {
		t.Errorf("%d loop functions, %d calls; want 1 and 3", len(reg.fns), calls)
	}
}

// BenchmarkCompileNTT compiles the NTT example's module (as avrlab bench's machines translate it)
// with wazero's compiler in a new runtime each time (no cache), alternating: "shared" (the module
// with its loop function) and "whole" (every copy of the loop) on one goroutine, as
// Wazero.compiled does, and "workers" (the shared module on GOMAXPROCS of wazero's compilation
// workers: "run" on one, the loop function on another). Reported: medians of the compile times
// (wall: -ms; the process's CPU time, the collector's included: -cpu), the module sizes and the
// bytes each compile allocates.
//
//	go test ./emu/translate -run XXX -bench CompileNTT -benchtime 25x
func BenchmarkCompileNTT(b *testing.B) {
	p, r := nttRegion(b)
	_, whole := nttRegion(b)
	r.outline(p)
	shared := generate(p, r, true, true).mod
	names := []string{"shared", "whole", "workers"}
	mods := [][]byte{shared, generate(p, whole, true, true).mod, shared}
	bg := context.Background()
	ctxs := []context.Context{bg, bg, experimental.WithCompilationWorkers(bg, runtime.GOMAXPROCS(0))}
	var ds, cs [3][]time.Duration
	var alloc [3]uint64
	var ms0, ms1 runtime.MemStats
	for i := 0; i < b.N; i++ {
		for k, mod := range mods {
			rt := wazero.NewRuntime(bg)
			runtime.ReadMemStats(&ms0)
			t0, c0 := time.Now(), cputime.Process()
			if _, err := rt.CompileModule(ctxs[k], mod); err != nil {
				b.Fatal(err)
			}
			ds[k] = append(ds[k], time.Since(t0))
			cs[k] = append(cs[k], cputime.Process()-c0)
			runtime.ReadMemStats(&ms1)
			alloc[k] += ms1.TotalAlloc - ms0.TotalAlloc
			rt.Close(bg)
		}
	}
	med := func(d []time.Duration) float64 {
		slices.Sort(d)
		return float64(d[len(d)/2].Microseconds()) / 1000
	}
	for k, name := range names {
		b.ReportMetric(float64(alloc[k])/float64(b.N)/1e6, name+"-MB")
		b.ReportMetric(med(ds[k]), name+"-ms")
		b.ReportMetric(med(cs[k]), name+"-cpu")
	}
	b.ReportMetric(float64(len(mods[0])), "shared-B")
	b.ReportMetric(float64(len(mods[1])), "whole-B")
	b.ReportMetric(med(ds[0])/med(ds[1]), "shared/whole")
	b.ReportMetric(med(ds[2])/med(ds[0]), "workers/shared")
}

// BenchmarkRunNTT runs the NTT example's transform (from a driver that calls ntt256 on the same
// buffer again and again) translated, with the access record, on engines whose modules have
// the loop function and on ones whose modules hold every copy, alternating, the modules compiled
// before: what the calls of the loop function cost the translated code (ns per transform each way).
//
//	go test ./emu/translate -run XXX -bench RunNTT -benchtime 20x
func BenchmarkRunNTT(b *testing.B) {
	src, err := os.ReadFile("../../examples/ntt256-xmega.S")
	if err != nil {
		b.Fatal(err)
	}
	src = append(src, "\ndriver:\n        ldi r24, 0x00\n        ldi r25, 0x02\n        call ntt256\n        rjmp driver\n"...)
	im, err := asm.Assemble("ntt256-xmega.S", src, asm.Config{})
	if err != nil {
		b.Fatal(err)
	}
	i := slices.IndexFunc(im.Symbols, func(s asm.Symbol) bool { return s.Name == "driver" })
	if i < 0 {
		b.Fatal("no driver")
	}
	const perNTT = 67638 + 8 // the transform, the driver's LDIs, CALL and RJMP
	ms := [2]*emu.Machine{}
	for k := range ms {
		e := NewEager()
		e.noShare = k == 1
		ms[k] = emu.New(im.Device, im.Flash, emu.Config{Engine: e, Access: true})
		ms[k].SetSP(im.Device.RAMEND())
		ms[k].SetPC(uint32(im.Symbols[i].Value / 2))
		if stop := ms[k].Run(4 * perNTT); stop.Reason != emu.StopLimit { // translated, compiled
			b.Fatalf("engine %d: stopped %+v at %d", k, stop, ms[k].Cycles())
		}
		if st := e.Stats(); st.Shared != 6*(1-k) || st.Cycles == 0 {
			b.Fatalf("engine %d: %+v", k, st)
		}
	}
	var ds [2]time.Duration
	const n = 50
	for it := 0; it < b.N; it++ {
		for k, m := range ms {
			t0 := time.Now()
			if stop := m.Run(m.Cycles() + n*perNTT); stop.Reason != emu.StopLimit {
				b.Fatalf("engine %d: stopped %+v at %d", k, stop, m.Cycles())
			}
			ds[k] += time.Since(t0)
		}
	}
	if ms[0].PC() != ms[1].PC() || ms[0].Cycles() != ms[1].Cycles() {
		b.Fatalf("the machines part: PC %d and %d, cycles %d and %d", ms[0].PC(), ms[1].PC(), ms[0].Cycles(), ms[1].Cycles())
	}
	b.ReportMetric(float64(ds[0].Nanoseconds())/float64(b.N*n), "shared-ns/ntt")
	b.ReportMetric(float64(ds[1].Nanoseconds())/float64(b.N*n), "whole-ns/ntt")
	b.ReportMetric(float64(ds[0])/float64(ds[1]), "shared/whole")
}

// BenchmarkOutlineNTT finds the NTT example's region and its loop functions (buildRegion, then
// region.outline), as each machine of a bench of it does even when the module is cached.
//
//	go test ./emu/translate -run XXX -bench OutlineNTT
func BenchmarkOutlineNTT(b *testing.B) {
	p, r := nttRegion(b)
	b.ReportAllocs()
	for b.Loop() {
		reg := buildRegion(p, r.roots)
		reg.outline(p)
		if len(reg.fns) != 1 {
			b.Fatalf("%d loop functions", len(reg.fns))
		}
	}
}
