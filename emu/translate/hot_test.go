//go:build !js

package translate

import (
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/benchprog"
)

// hotLoopSrc is a run from reset of a few million cycles (a load/store loop, BREAK at the end), and,
// from "short", a routine of 16,386 cycles that ends with BREAK, which a harness would call.
const hotLoopSrc = `
	ldi r20, 0x00
	ldi r21, 0x10
	ldi r22, 0x01
outer:
	ldi r26, 0x00
	ldi r27, 0x02
	ldi r24, 64
inner:
	ld r16, X+
	add r16, r22
	eor r17, r16
	st X, r17
	dec r24
	brne inner
	subi r20, 1
	sbci r21, 0
	brne outer
	break
short:
	ldi r20, 0x00
	ldi r21, 0x10
1:	subi r20, 1
	sbci r21, 0
	brne 1b
	break
`

// TestPageRunHot: the page's engine (NewPage with BrowserHot) translates a long run from reset at
// the machine's first call of the runner past BrowserRunHot cycles of that run, in one Run (the
// machine asks every 64K interpreted cycles) and in Runs of 64K, 128K, ... cycles as bench.html's
// runner makes them, and the final state is the interpreter's; a machine of many short runs (each
// from its reset, as a harness's calls are) stays interpreted until their total reaches BrowserHot.
func TestPageRunHot(t *testing.T) {
	im, err := asm.Assemble("hot.S", []byte(hotLoopSrc), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ref := emu.New(im.Device, im.Flash, emu.Config{})
	want := ref.Run(1 << 30)
	if want.Reason != emu.StopBreak {
		t.Fatalf("interpreted: %v", want)
	}
	for _, chunked := range []bool{false, true} {
		e := NewPage(NewWazero(), BrowserHot)
		m := emu.New(im.Device, im.Flash, emu.Config{Engine: e})
		s := runToEnd(m, chunked)
		st := e.Stats()
		if s != want || m.Cycles() != ref.Cycles() || m.Reg(16) != ref.Reg(16) || m.Reg(17) != ref.Reg(17) {
			t.Fatalf("chunked %v: stop %v after %d cycles, r16 r17 %02X %02X; interpreted %v after %d, %02X %02X",
				chunked, s, m.Cycles(), m.Reg(16), m.Reg(17), want, ref.Cycles(), ref.Reg(16), ref.Reg(17))
		}
		interp := m.Cycles() - st.Cycles
		t.Logf("chunked %v: %d of %d cycles interpreted; %+v", chunked, interp, m.Cycles(), st)
		if st.Modules != 1 || interp < BrowserRunHot || interp > BrowserRunHot+1000 {
			t.Errorf("chunked %v: %d cycles interpreted, %d modules; want one module after %d..%d",
				chunked, interp, st.Modules, BrowserRunHot, BrowserRunHot+1000)
		}
	}
	// Short runs: 31 of 16,386 cycles (508K, past BrowserRunHot in total but not in any one run)
	// stay interpreted; the 33rd starts past BrowserHot's total and runs translated.
	short, ok := im.Symbol("short")
	if !ok {
		t.Fatal("no symbol short")
	}
	e := NewPage(NewWazero(), BrowserHot)
	m := emu.New(im.Device, im.Flash, emu.Config{Engine: e})
	for i := 1; i <= 40; i++ {
		m.Reset()
		m.SetPC(uint32(short.Value) / 2)
		if s := m.Run(1 << 20); s.Reason != emu.StopBreak || m.Reg(20) != 0 || m.Reg(21) != 0 {
			t.Fatalf("short run %d: %v, r20 r21 %02X %02X", i, s, m.Reg(20), m.Reg(21))
		}
		st := e.Stats()
		if i <= 31 && st.Modules != 0 || i >= 33 && st.Cycles == 0 {
			t.Errorf("short run %d (%d cycles each): %d modules, %d cycles translated; want translated only once the total passes %d",
				i, m.Cycles(), st.Modules, st.Cycles, BrowserHot)
		}
	}
}

// TestPageWarmedHot: once the page's engine is Warmed (the playground's worker after its idle
// warm-up), a machine made from then on is hot after BrowserRunHot cycles in all, over short runs
// from its reset as a harness's calls are: the 16,386-cycle routine's fifth run (past 65,536 cycles
// from the fourth) runs translated, with every run's registers and cycles the interpreter's. A
// machine made before Warmed keeps BrowserHot's wait: five runs stay interpreted.
func TestPageWarmedHot(t *testing.T) {
	im, err := asm.Assemble("hot.S", []byte(hotLoopSrc), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	short, ok := im.Symbol("short")
	if !ok {
		t.Fatal("no symbol short")
	}
	ref := emu.New(im.Device, im.Flash, emu.Config{})
	e := NewPage(NewWazero(), BrowserHot)
	before := emu.New(im.Device, im.Flash, emu.Config{Engine: e})
	e.Warmed()
	run := func(m *emu.Machine, i int) {
		t.Helper()
		for _, x := range []*emu.Machine{m, ref} {
			x.Reset()
			x.SetPC(uint32(short.Value) / 2)
		}
		s, want := m.Run(1<<20), ref.Run(1<<20)
		if s != want || s.Reason != emu.StopBreak || m.Cycles() != ref.Cycles() || regsOf(m) != regsOf(ref) {
			t.Fatalf("run %d: %v after %d cycles, registers %v; interpreted %v after %d, %v", i, s, m.Cycles(), regsOf(m), want, ref.Cycles(), regsOf(ref))
		}
	}
	for i := 1; i <= 5; i++ {
		run(before, i)
	}
	if st := e.Stats(); st.Modules != 0 || st.Cycles != 0 {
		t.Fatalf("a machine made before Warmed: %d modules, %d cycles translated after 5 short runs; want BrowserHot's wait", st.Modules, st.Cycles)
	}
	after := emu.New(im.Device, im.Flash, emu.Config{Engine: e})
	var last uint64
	for i := 1; i <= 8; i++ {
		run(after, i)
		st := e.Stats()
		// From the fifth run, all of it but the BREAK (the interpreter's) runs translated.
		if i <= 3 && st.Modules != 0 || i >= 5 && st.Cycles-last < ref.Cycles()-1 {
			t.Errorf("run %d of a machine made after Warmed (%d cycles each): %d modules, %d cycles translated (%d before); want translated from where %d in all are run",
				i, ref.Cycles(), st.Modules, st.Cycles, last, BrowserRunHot)
		}
		last = st.Cycles
	}
}

// mixSrc is the load/store ARX mix (bench.html's AVRLAB_BENCH_PROG=mix, 140 bytes of code)
// run 2 × 2000 outer passes from reset, 2.2M cycles: a region whose wait per byte (512 × 140 =
// 71,680 cycles) is past BrowserRunHot, and ends between two of the interpreter's 64K slices.
var mixSrc = benchprog.Mix(2)

// TestPageRunWaitPerByte: a long run from reset whose region's wait per byte (BrowserRunPerByte)
// is more than BrowserRunHot is translated where that wait ends (the runner's emu.Program.AskIn),
// in one Run and in bench.html's Runs of 64K, 128K, ... cycles, not at the interpreter's next
// 64K slice (131,552 cycles interpreted for this program before AskIn); the final state is the
// interpreter's.
func TestPageRunWaitPerByte(t *testing.T) {
	im, err := asm.Assemble("mix.S", []byte(mixSrc), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	inner, ok := im.Symbol("inner")
	if !ok {
		t.Fatal("no symbol inner")
	}
	p := captureProgram(im.Device, im.Flash, false)
	wait := uint64(BrowserRunPerByte * codeBytes(p, buildRegion(p, []uint32{uint32(inner.Value) / 2, 0})))
	if wait <= BrowserRunHot {
		t.Fatalf("wait per byte %d cycles: want more than BrowserRunHot", wait)
	}
	ref := emu.New(im.Device, im.Flash, emu.Config{})
	want := ref.Run(1 << 30)
	if want.Reason != emu.StopBreak {
		t.Fatalf("interpreted: %v", want)
	}
	for _, chunked := range []bool{false, true} {
		e := NewPage(NewWazero(), BrowserHot)
		m := emu.New(im.Device, im.Flash, emu.Config{Engine: e})
		s := runToEnd(m, chunked)
		st := e.Stats()
		if s != want || m.Cycles() != ref.Cycles() || regsOf(m) != regsOf(ref) {
			t.Fatalf("chunked %v: stop %v after %d cycles, registers %v; interpreted %v after %d, %v",
				chunked, s, m.Cycles(), regsOf(m), want, ref.Cycles(), regsOf(ref))
		}
		interp := m.Cycles() - st.Cycles
		t.Logf("chunked %v: %d of %d cycles interpreted (wait %d); %+v", chunked, interp, m.Cycles(), wait, st)
		if st.Modules != 1 || interp < wait || interp > wait+1000 {
			t.Errorf("chunked %v: %d cycles interpreted, %d modules; want one module after %d..%d",
				chunked, interp, st.Modules, wait, wait+1000)
		}
	}
}

// regsOf returns r0..r31 of m.
func regsOf(m *emu.Machine) (r [32]uint8) {
	for i := range r {
		r[i] = m.Reg(i)
	}
	return r
}

// runToEnd runs m until it stops for a reason other than its cycle limit: in one Run, or (chunked)
// in Runs to 64K, 128K, ... cycles as bench.html's runner makes them.
func runToEnd(m *emu.Machine, chunked bool) emu.Stop {
	if !chunked {
		return m.Run(1 << 30)
	}
	for to := uint64(1 << 16); ; to *= 2 {
		if s := m.Run(to); s.Reason != emu.StopLimit {
			return s
		}
	}
}
