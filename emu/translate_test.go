package emu_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/isa"
)

// fullState is everything translation on and off must agree on: machineState plus the stack
// low-water mark, the output cut and, with Config.Access, the access record.
type fullState struct {
	machineState
	stackLow  uint16
	cut       bool
	fault     string
	exec      []bool
	flashRead []bool
	data      []byte
}

func fullStateOf(m *emu.Machine, s emu.Stop) fullState {
	f := fullState{machineState: stateOf(m, s), stackLow: m.StackLow(), cut: m.OutputCut()}
	if s.Fault != nil {
		f.fault = fmt.Sprintf("%v %d %d %d %q", s.Fault.Kind, s.Fault.PC, s.Fault.Cycle, s.Fault.Addr, s.Fault.Msg)
	}
	a := m.Access()
	f.exec = append([]bool(nil), a.Executed...)
	f.flashRead = append([]bool(nil), a.FlashRead...)
	f.data = append([]byte(nil), a.Data...)
	return f
}

// diff names the first field that differs, or "".
func (a fullState) diff(b fullState) string {
	switch {
	case !a.machineState.equal(b.machineState):
		x, y := a.machineState, b.machineState
		for i := range x.data {
			if i < len(y.data) && x.data[i] != y.data[i] {
				return fmt.Sprintf("data[%#x] = %#x vs %#x (stop %s / %s)", i, x.data[i], y.data[i], x.stop, y.stop)
			}
		}
		x.data, y.data = nil, nil
		return fmt.Sprintf("state %+v vs %+v", x, y)
	case a.stackLow != b.stackLow:
		return fmt.Sprintf("stack low %#x vs %#x", a.stackLow, b.stackLow)
	case a.cut != b.cut:
		return "output cut"
	case a.fault != b.fault:
		return fmt.Sprintf("fault %s vs %s", a.fault, b.fault)
	case !boolsEqual(a.exec, b.exec):
		return "executed words: " + firstBoolDiff(a.exec, b.exec)
	case !boolsEqual(a.flashRead, b.flashRead):
		return "flash read: " + firstBoolDiff(a.flashRead, b.flashRead)
	case !bytes.Equal(a.data, b.data):
		for i := range min(len(a.data), len(b.data)) {
			if a.data[i] != b.data[i] {
				return fmt.Sprintf("data access at %#x: %#x vs %#x", i, a.data[i], b.data[i])
			}
		}
		return fmt.Sprintf("data access: %d vs %d bytes of record", len(a.data), len(b.data))
	}
	return ""
}

func boolsEqual(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func firstBoolDiff(a, b []bool) string {
	for i := range a {
		if i < len(b) && a[i] != b[i] {
			return fmt.Sprintf("word %#x: %v vs %v", i, a[i], b[i])
		}
	}
	return "lengths"
}

// bothWays runs flash on d from reset (SP at RAMEND) to limit interpreted and translated, with cfg,
// and reports a difference, and the cycles the translated machine ran in translated code (from
// the engine's Stats, so that a test can tell that translated code ran at all).
func bothWays(t testing.TB, eng *translate.Engine, d *isa.Device, flash []byte, cfg emu.Config, limit uint64) (diff string, ran uint64) {
	diff, ran, _ = bothWaysCycles(t, eng, d, flash, cfg, limit)
	return diff, ran
}

// bothWaysCycles is bothWays that also returns the cycles the machines ran.
func bothWaysCycles(t testing.TB, eng *translate.Engine, d *isa.Device, flash []byte, cfg emu.Config, limit uint64) (diff string, ran, cycles uint64) {
	t.Helper()
	if d == nil {
		d = isa.LookupDevice(isa.DefaultDevice)
	}
	run := func(c emu.Config) (fullState, *emu.Machine) {
		m := emu.New(d, flash, c)
		m.SetSP(d.RAMEND())
		s := m.Run(limit)
		return fullStateOf(m, s), m
	}
	want, _ := run(cfg)
	tc := cfg
	tc.Engine = eng
	c0 := eng.Stats().Cycles
	got, m := run(tc)
	if !m.Translated() {
		t.Fatalf("the engine gave no runner")
	}
	return got.diff(want), eng.Stats().Cycles - c0, m.Cycles()
}

func TestTranslateARX(t *testing.T) {
	eng := translate.NewEager()
	for _, acc := range []bool{false, true} {
		for _, limit := range []uint64{1, 7, 100, 1000, 12345} {
			d, ran := bothWays(t, eng, nil, arxProgram(t, 0), emu.Config{Access: acc}, limit)
			if d != "" {
				t.Errorf("access %v, limit %d: %s", acc, limit, d)
			}
			// The loop runs translated but for the set-up before it, the first pass (the
			// access record's first executions) and the last stretch before the limit.
			if limit >= 1000 && ran < limit*8/10 {
				t.Errorf("access %v, limit %d: %d cycles translated", acc, limit, ran)
			}
		}
		d, ran := bothWays(t, eng, nil, arxProgram(t, 40), emu.Config{Access: acc}, 1e6)
		if d != "" {
			t.Errorf("access %v, 40 iterations: %s", acc, d)
		}
		if ran < 40*arxCyclesPerIter*8/10 {
			t.Errorf("access %v, 40 iterations: %d cycles translated", acc, ran)
		}
	}
	t.Logf("%+v", eng.Stats())
}

// TestTranslateDiffCorpus runs the 750 generated programs of the simavr differential test
// translated and interpreted, with and without the access record.
func TestTranslateDiffCorpus(t *testing.T) {
	eng := translate.NewEager()
	fails := 0
	var translated, total uint64
	for i, gp := range genPrograms(t) {
		d := isa.LookupDevice(gp.dev)
		for _, acc := range []bool{false, true} {
			diff, ran, cycles := bothWaysCycles(t, eng, d, gp.img, emu.Config{Access: acc}, diffMaxCycles)
			translated, total = translated+ran, total+cycles
			if diff != "" {
				fails++
				if fails <= 5 {
					t.Errorf("program %d (access %v): %s\n%s", i, acc, diff, listing(gp.img))
				}
			}
		}
	}
	st := eng.Stats()
	t.Logf("%+v; %.3f ms per KB of code; %d of %d cycles translated", st,
		float64(st.Translate+st.Compile)/1e6/(float64(st.CodeBytes)/1024), translated, total)
	if translated < total*9/10 {
		t.Errorf("%d of %d cycles translated", translated, total)
	}
}

// TestTranslatePageDiffCorpus runs every third program of the corpus on the page's engine
// (translate.NewPage: no bounds hints in its modules, calls cut at BrowserSlice) on wazero,
// translated from the first Run, and interpreted, with and without the access record.
func TestTranslatePageDiffCorpus(t *testing.T) {
	eng := translate.NewPage(translate.NewWazero(), 0)
	var translated, total uint64
	fails := 0
	for i, gp := range genPrograms(t) {
		if i%3 != 0 {
			continue
		}
		d := isa.LookupDevice(gp.dev)
		for _, acc := range []bool{false, true} {
			diff, ran, cycles := bothWaysCycles(t, eng, d, gp.img, emu.Config{Access: acc}, diffMaxCycles)
			translated, total = translated+ran, total+cycles
			if diff != "" {
				if fails++; fails <= 5 {
					t.Errorf("program %d (access %v): %s\n%s", i, acc, diff, listing(gp.img))
				}
			}
		}
	}
	if translated < total*9/10 {
		t.Errorf("%d of %d cycles translated", translated, total)
	}
}

// TestTranslateHot: a machine of an engine with a hot threshold interprets until it has run that
// many cycles, then translates, and ends in the interpreter's state.
func TestTranslateHot(t *testing.T) {
	eng := translate.New(translate.NewWazero(), 1<<20)
	img := memProgram(t, 0)
	m := emu.New(nil, img, emu.Config{Engine: eng, Access: true})
	ref := emu.New(nil, img, emu.Config{Access: true})
	for _, limit := range []uint64{1 << 19, 1 << 20, 3 << 20} {
		s, rs := m.Run(limit), ref.Run(limit)
		if d := fullStateOf(m, s).diff(fullStateOf(ref, rs)); d != "" {
			t.Fatalf("after %d cycles: %s", limit, d)
		}
		if st := eng.Stats(); (st.Modules > 0) != (limit > 1<<20) {
			t.Errorf("after %d cycles of a 2^20 threshold: %d modules", limit, st.Modules)
		}
	}
}

// FuzzTranslate runs random flash images on every device interpreted and translated (on New's
// engine, or NewPage's when devSel's top bit is set, or NewPage's with a threshold of 1024 cycles
// when only bit 6 is: the machine translated after its wait, in the middle of a run), with the
// access record on, in two Runs (the second resuming wherever the first stopped): the states,
// faults and access records must be the same.
func FuzzTranslate(f *testing.F) {
	f.Add(uint8(0), arxProgram(f, 3))
	f.Add(uint8(0), memProgram(f, 2))
	f.Add(uint8(2), []byte{0x0e, 0x94, 0x00, 0x00})
	f.Add(uint8(0), []byte{0xe8, 0x95, 0xfe, 0xcf}) // spm; rjmp .-4
	for i, p := range genPrograms(f)[:20] {
		f.Add(uint8(i), p.img)
		f.Add(uint8(i)|0x80, p.img)
		f.Add(uint8(i)|0x40, p.img)
	}
	devices := isa.DeviceNames()
	lr := rand.New(rand.NewPCG(23, 6))
	for i, name := range devices {
		if name == "atmega128" {
			for k := 0; k < 4; k++ { // loops written three times: one loop function (outline)
				f.Add(uint8(i), loopCopies(f, dev(f, name), lr))
			}
		}
	}
	f.Fuzz(func(t *testing.T, devSel uint8, flash []byte) {
		d := isa.LookupDevice(devices[int(devSel)%len(devices)])
		w := translate.NewWazero()
		defer w.Close()
		eng := translate.New(w, 0)
		if devSel&0x80 != 0 { // the page's engine: no bounds hints, calls cut at BrowserSlice
			eng = translate.NewPage(w, 0)
		} else if devSel&0x40 != 0 { // the same after a wait (128 cycles on the run, 1 per byte)
			eng = translate.NewPage(w, 1024)
		}
		run := func(cfg emu.Config) []fullState {
			m := emu.New(d, flash, cfg)
			m.SetSP(d.RAMEND())
			var out []fullState
			for _, limit := range []uint64{1500, 3000} {
				out = append(out, fullStateOf(m, m.Run(limit)))
			}
			return out
		}
		want := run(emu.Config{Access: true})
		got := run(emu.Config{Access: true, Engine: eng})
		for i := range want {
			if diff := got[i].diff(want[i]); diff != "" {
				t.Fatalf("run %d on %s: %s", i, d.Name, diff)
			}
		}
	})
}

// TestTranslateLimits stops generated programs at cycle limits inside their loops and calls, and
// resumes them in later Runs: translated and interpreted agree at every stop.
func TestTranslateLimits(t *testing.T) {
	eng := translate.NewEager()
	gps := genPrograms(t)
	for i := 0; i < len(gps); i += 5 {
		d := isa.LookupDevice(gps[i].dev)
		ms := [2]*emu.Machine{}
		for k := range ms {
			cfg := emu.Config{Access: true}
			if k == 1 {
				cfg.Engine = eng
			}
			ms[k] = emu.New(d, gps[i].img, cfg)
		}
		for _, limit := range []uint64{137, 1000, 1001, 5003, 20000} {
			a, b := ms[0].Run(limit), ms[1].Run(limit)
			if diff := fullStateOf(ms[1], b).diff(fullStateOf(ms[0], a)); diff != "" {
				t.Fatalf("program %d, limit %d: %s\n%s", i, limit, diff, listing(gps[i].img))
			}
		}
	}
}

// TestTranslatePointers: pointer registers kept as 16-bit values within a block (runs of LD X+,
// LPM Z+) agree with the interpreter wherever the bytes are read or written otherwise, at side
// exits and at every cycle limit.
func TestTranslatePointers(t *testing.T) {
	d := dev(t, "atmega128")
	progs := map[string]*prog{}
	p := newProg(t).setSP(d, d.RAMEND()) // Z through LD, LPM, ST, SBIW, MOVW, MOV
	p.I(isa.LDI, 30, 0x00).I(isa.LDI, 31, 0x02).I(isa.LDZInc, 0, 0).I(isa.LDZInc, 1, 0).I(isa.LPMZ, 2, 0)
	p.I(isa.LPMZInc, 3, 0).I(isa.STZInc, 0, 3).I(isa.SBIW, 30, 1).I(isa.LDZDec, 4, 0).I(isa.MOVW, 24, 30)
	p.I(isa.MOV, 5, 31).I(isa.LDZInc, 6, 0).I(isa.LPM).I(isa.BREAK)
	progs["z"] = p
	p = newProg(t).setSP(d, d.RAMEND()) // a load into its own pointer, stores of the pointer
	p.I(isa.LDI, 26, 0x10).I(isa.LDI, 27, 0x02).I(isa.LDI, 28, 0x20).I(isa.LDI, 29, 0x02)
	p.I(isa.STYInc, 0, 28).I(isa.STYInc, 0, 29).I(isa.STDY, 5, 28).I(isa.LDXInc, 26, 0).I(isa.LDXDec, 27, 0)
	p.I(isa.LDXInc, 0, 0).I(isa.ADIW, 26, 3).I(isa.LDYDec, 1, 0).I(isa.CPSE, 28, 1).I(isa.INC, 2).I(isa.BREAK)
	progs["own"] = p
	p = newProg(t).setSP(d, d.RAMEND()) // X runs off the end of SRAM: a side exit with X changed
	p.I(isa.LDI, 26, 0xFE).I(isa.LDI, 27, 0x10).I(isa.LDXInc, 0, 0).I(isa.LDXInc, 1, 0).I(isa.LDXInc, 2, 0)
	p.I(isa.BREAK)
	progs["edge"] = p
	p = newProg(t).setSP(d, d.RAMEND()) // a loop of LD X+ / ST Y+ stopped at every cycle
	p.I(isa.LDI, 26, 0x00).I(isa.LDI, 27, 0x01).I(isa.LDI, 28, 0x00).I(isa.LDI, 29, 0x03).I(isa.LDI, 16, 9)
	p.L("loop").I(isa.LDXInc, 0, 0).I(isa.ADD, 0, 16).I(isa.STYInc, 0, 0).I(isa.DEC, 16).I(isa.BRNE, "loop")
	p.I(isa.MOVW, 2, 26).I(isa.MOVW, 4, 28).I(isa.BREAK)
	progs["loop"] = p
	// Guarded runs (one range check for a run of accesses through one pointer): runs that leave
	// SRAM below its start and past its end partway, displacements past RAMEND, a run that a store
	// of its own pointer's byte cuts, and one the other pointers' guards interleave with.
	p = newProg(t).setSP(d, d.RAMEND())
	p.I(isa.LDI, 28, int(d.SRAMStart+1)&0xFF).I(isa.LDI, 29, int(d.SRAMStart+1)>>8)
	p.I(isa.LDYDec, 0, 0).I(isa.LDYDec, 1, 0).I(isa.LDYDec, 2, 0).I(isa.STYInc, 0, 2).I(isa.BREAK)
	progs["run-below"] = p
	p = newProg(t).setSP(d, d.RAMEND()) // a run from SRAM down into SP and SREG
	p.I(isa.LDI, 28, int(d.SRAMStart+1)&0xFF).I(isa.LDI, 29, int(d.SRAMStart+1)>>8)
	for a := int(d.SRAMStart); a >= int(d.SPL); a-- {
		p.I(isa.LDYDec, a&7, 0)
	}
	p.I(isa.BREAK)
	progs["run-into-io"] = p
	p = newProg(t).setSP(d, d.RAMEND())
	p.I(isa.LDI, 30, int(d.RAMEND()-40)&0xFF).I(isa.LDI, 31, int(d.RAMEND()-40)>>8)
	p.I(isa.LDDZ, 0, 2).I(isa.LDDZ, 1, 39).I(isa.STDZ, 40, 0).I(isa.LDDZ, 3, 41).I(isa.LDDZ, 4, 63).I(isa.BREAK)
	progs["run-ldd"] = p
	p = newProg(t).setSP(d, d.RAMEND())
	p.I(isa.LDI, 26, int(d.RAMEND()-2)&0xFF).I(isa.LDI, 27, int(d.RAMEND()-2)>>8).I(isa.LDI, 16, 0x5A)
	p.I(isa.STXInc, 0, 16).I(isa.STXInc, 0, 16).I(isa.STXInc, 0, 16).I(isa.STXInc, 0, 16).I(isa.BREAK)
	progs["run-above"] = p
	p = newProg(t).setSP(d, d.RAMEND())
	p.I(isa.LDI, 26, 0x00).I(isa.LDI, 27, 0x02).I(isa.LDI, 28, 0x80).I(isa.LDI, 29, 0x02).I(isa.LDI, 16, 3)
	p.L("cut").I(isa.LDXInc, 0, 0).I(isa.STYInc, 0, 26).I(isa.LDXInc, 1, 0).I(isa.STYDec, 0, 27).I(isa.STYInc, 0, 1)
	p.I(isa.LDXInc, 2, 0).I(isa.INC, 26).I(isa.LDXInc, 3, 0).I(isa.STDY, 7, 3).I(isa.LDXDec, 4, 0).I(isa.DEC, 16)
	p.I(isa.BRNE, "cut").I(isa.BREAK)
	progs["run-cut"] = p
	// Self loops whose first access is checked before the loop and at the back edge (rotated) with
	// X carried across the back edge: X runs off SRAM's end on the 7th pass (a fault), and one
	// starting below SRAM (I/O) that walks into it (the first passes leave before the loop).
	p = newProg(t).setSP(d, d.RAMEND())
	p.I(isa.LDI, 26, int(d.RAMEND()-12)&0xFF).I(isa.LDI, 27, int(d.RAMEND()-12)>>8).I(isa.LDI, 16, 9)
	p.I(isa.LDI, 28, 0x00).I(isa.LDI, 29, 0x03)
	p.L("off").I(isa.LDXInc, 0, 0).I(isa.LDXInc, 1, 0).I(isa.EOR, 0, 1).I(isa.STYInc, 0, 0).I(isa.DEC, 16)
	p.I(isa.BRNE, "off").I(isa.BREAK)
	progs["loop-off-end"] = p
	p = newProg(t).setSP(d, d.RAMEND())
	p.I(isa.LDI, 26, int(d.SRAMStart-7)&0xFF).I(isa.LDI, 27, int(d.SRAMStart-7)>>8).I(isa.LDI, 16, 12)
	p.I(isa.LDI, 28, 0x00).I(isa.LDI, 29, 0x03)
	p.L("into").I(isa.LDXInc, 0, 0).I(isa.ADD, 2, 0).I(isa.STYInc, 0, 2).I(isa.DEC, 16)
	p.I(isa.BRNE, "into").I(isa.MOVW, 4, 26).I(isa.BREAK)
	progs["loop-into-sram"] = p
	p = newProg(t).setSP(d, d.RAMEND()) // the second pointer's run (rotated too) runs off SRAM's end
	p.I(isa.LDI, 26, 0x00).I(isa.LDI, 27, 0x02).I(isa.LDI, 16, 9)
	p.I(isa.LDI, 28, int(d.RAMEND()-8)&0xFF).I(isa.LDI, 29, int(d.RAMEND()-8)>>8)
	p.L("yoff").I(isa.LDXInc, 0, 0).I(isa.INC, 0).I(isa.STYInc, 0, 0).I(isa.STYInc, 0, 16).I(isa.DEC, 16)
	p.I(isa.BRNE, "yoff").I(isa.BREAK)
	progs["loop-y-off-end"] = p
	// Hoisted checks (a block's first runs through X, Y and Z checked at its start, set in an
	// earlier block): a block that leaves SRAM partway after other work, with flags set before it,
	// and a loop of two blocks (breq out, rjmp back) whose X runs off SRAM's end on a later pass.
	p = newProg(t).setSP(d, d.RAMEND())
	p.I(isa.LDI, 26, int(d.RAMEND()-3)&0xFF).I(isa.LDI, 27, int(d.RAMEND()-3)>>8)
	p.I(isa.LDI, 28, 0x00).I(isa.LDI, 29, 0x03).I(isa.LDI, 16, 0x80).I(isa.RJMP, "hoist")
	p.L("hoist").I(isa.ADD, 16, 16).I(isa.LDYInc, 0, 0).I(isa.INC, 0).I(isa.STXInc, 0, 0).I(isa.STXInc, 0, 16)
	p.I(isa.LDYInc, 1, 0).I(isa.STXInc, 0, 1).I(isa.STXInc, 0, 1).I(isa.STXInc, 0, 1).I(isa.BREAK)
	progs["hoist-off-end"] = p
	p = newProg(t).setSP(d, d.RAMEND())
	p.I(isa.LDI, 26, int(d.RAMEND()-13)&0xFF).I(isa.LDI, 27, int(d.RAMEND()-13)>>8).I(isa.LDI, 16, 9)
	p.I(isa.LDI, 28, 0x00).I(isa.LDI, 29, 0x03)
	p.L("two").I(isa.LDXInc, 0, 0).I(isa.LDXInc, 1, 0).I(isa.SUB, 0, 1).I(isa.STYInc, 0, 0).I(isa.DEC, 16)
	p.I(isa.BREQ, "out").I(isa.RJMP, "two")
	p.L("out").I(isa.MOVW, 4, 26).I(isa.BREAK)
	progs["hoist-loop-off-end"] = p
	p = newProg(t).setSP(d, d.RAMEND()) // IJMP through Z moved by LD Z+ (a register read)
	brk := p.PC() + 4
	p.I(isa.LDI, 30, brk-1).I(isa.LDI, 31, 0).I(isa.LDZInc, 0, 0).I(isa.IJMP).I(isa.BREAK)
	progs["ijmp"] = p

	everyLimit(t, d, progs)
}

// everyLimit runs each program interpreted and translated (NewEager) with the access record, to
// every cycle limit (about 300 over a long program), and without a limit with and without the
// record, and fails at the first difference or when nothing ran translated.
func everyLimit(t *testing.T, d *isa.Device, progs map[string]*prog) {
	t.Helper()
	eng := translate.NewEager()
	for name, p := range progs {
		img := p.Bytes()
		ref := emu.New(d, img, emu.Config{Access: true})
		rs := ref.Run(10_000)
		total := ref.Cycles()
		if rs.Reason == emu.StopLimit {
			t.Fatalf("%s does not stop", name)
		}
		step := max(1, total/300) // every cycle, or about 300 stops over a long program
		for limit := uint64(1); limit <= total+1; limit += step {
			if diff, _ := bothWays(t, eng, d, img, emu.Config{Access: true}, limit); diff != "" {
				t.Fatalf("%s, limit %d: %s", name, limit, diff)
			}
		}
		// Without a limit in the way, the code between the exits runs translated.
		for _, acc := range []bool{false, true} {
			diff, ran := bothWays(t, eng, d, img, emu.Config{Access: acc}, 10_000)
			if diff != "" {
				t.Fatalf("%s, access %v: %s", name, acc, diff)
			}
			if ran == 0 {
				t.Errorf("%s, access %v: nothing ran translated", name, acc)
			}
		}
	}
}

// TestTranslateForward: self loops whose store the next pass's load reads back (the generator keeps
// the byte in a local: translate's planForward) end in the interpreter's state and access record,
// stopped at every few cycles: the ARX loop of the browser benchmark (ld X+ ... st X), the same with
// X running off SRAM's end, starting below SRAM, and with Y's store aliasing X's address (the later
// store wins), a displacement store (ld Y+ ... std Y+0), the same byte every pass (ld Z ... st Z),
// and a second load past the forwarded one (ld X+, ld X+, st -X); and a loop of pre-decrements that is
// not forwarded (its last store is not the next pass's load address).
func TestTranslateForward(t *testing.T) {
	d := dev(t, "atmega128")
	arx := func(x, y int) *prog {
		p := newProg(t).setSP(d, d.RAMEND())
		p.I(isa.LDI, 26, x&0xFF).I(isa.LDI, 27, x>>8).I(isa.LDI, 28, y&0xFF).I(isa.LDI, 29, y>>8)
		p.I(isa.LDI, 24, 20).I(isa.LDI, 22, 0x35)
		p.L("inner").I(isa.LDXInc, 16, 0).I(isa.ADD, 16, 22).I(isa.ADC, 17, 16).I(isa.ROL, 18).I(isa.EOR, 18, 17)
		p.I(isa.STYInc, 0, 16).I(isa.STX, 0, 18).I(isa.DEC, 24).I(isa.BRNE, "inner")
		p.I(isa.MOVW, 2, 26).I(isa.MOVW, 4, 28).I(isa.BREAK)
		return p
	}
	progs := map[string]*prog{
		"arx":       arx(0x200, 0x300),
		"arx-end":   arx(int(d.RAMEND())-9, 0x300),
		"arx-alias": arx(0x200, 0x201), // st Y+ writes the address st X then writes
		"arx-below": arx(int(d.SRAMStart)-5, 0x300),
	}
	p := newProg(t).setSP(d, d.RAMEND()) // ld -X ... st -X, st X: the next pass reads X-1, not X
	p.I(isa.LDI, 26, 0x40).I(isa.LDI, 27, 0x02).I(isa.LDI, 16, 11)
	p.L("dec").I(isa.LDXDec, 0, 0).I(isa.INC, 0).I(isa.STX, 0, 0).I(isa.LSL, 0).I(isa.STXDec, 0, 0).I(isa.STX, 0, 16)
	p.I(isa.DEC, 16).I(isa.BRNE, "dec").I(isa.MOVW, 2, 26).I(isa.BREAK)
	progs["pre-dec"] = p
	p = newProg(t).setSP(d, d.RAMEND()) // ld r0, Y+ ... std Y+0: the next pass's load
	p.I(isa.LDI, 28, 0x80).I(isa.LDI, 29, 0x02).I(isa.LDI, 16, 13)
	p.L("disp").I(isa.LDYInc, 0, 0).I(isa.SWAP, 0).I(isa.ADD, 0, 16).I(isa.STDY, 0, 0).I(isa.DEC, 16)
	p.I(isa.BRNE, "disp").I(isa.MOVW, 2, 28).I(isa.BREAK)
	progs["disp"] = p
	p = newProg(t).setSP(d, d.RAMEND()) // ld r0, Z ... st Z: the same byte every pass
	p.I(isa.LDI, 30, 0x10).I(isa.LDI, 31, 0x03).I(isa.LDI, 16, 17)
	p.L("same").I(isa.LDZ, 0, 0).I(isa.ADD, 0, 16).I(isa.STZ, 0, 0).I(isa.DEC, 16).I(isa.BRNE, "same").I(isa.BREAK)
	progs["same"] = p
	p = newProg(t).setSP(d, d.RAMEND()) // ld X+, ld X+, st -X: the second byte is the next pass's first
	p.I(isa.LDI, 26, 0x00).I(isa.LDI, 27, 0x04).I(isa.LDI, 16, 15)
	p.L("two").I(isa.LDXInc, 0, 0).I(isa.LDXInc, 1, 0).I(isa.EOR, 0, 1).I(isa.STXDec, 0, 0).I(isa.DEC, 16)
	p.I(isa.BRNE, "two").I(isa.MOVW, 2, 26).I(isa.BREAK)
	progs["two-loads"] = p
	for _, eng := range []*translate.Engine{translate.NewEager(), translate.NewPage(translate.NewWazero(), 0)} {
		for name, p := range progs {
			img := p.Bytes()
			ref := emu.New(d, img, emu.Config{Access: true})
			if rs := ref.Run(100_000); rs.Reason == emu.StopLimit {
				t.Fatalf("%s does not stop", name)
			}
			total := ref.Cycles()
			for limit := uint64(1); limit <= total+1; limit += 3 {
				if diff, _ := bothWays(t, eng, d, img, emu.Config{Access: limit%2 == 0}, limit); diff != "" {
					t.Fatalf("%s, limit %d: %s", name, limit, diff)
				}
			}
			for _, acc := range []bool{false, true} {
				diff, ran := bothWays(t, eng, d, img, emu.Config{Access: acc}, 100_000)
				if diff != "" {
					t.Fatalf("%s, access %v: %s", name, acc, diff)
				}
				if ran == 0 && name != "arx-below" {
					t.Errorf("%s, access %v: nothing ran translated", name, acc)
				}
			}
		}
	}
}

// TestTranslateStackRuns: a run of PUSHes or POPs is checked at its first (one range check for the
// run): runs that leave SRAM partway, below its start and past its end, stop and fault as interpreted.
func TestTranslateStackRuns(t *testing.T) {
	d := dev(t, "atmega128")
	progs := map[string]*prog{}
	p := newProg(t).setSP(d, d.RAMEND()) // a prologue and its epilogue, all in SRAM
	for r := 2; r < 18; r++ {
		p.I(isa.LDI, 16, r).I(isa.MOV, r, 16)
	}
	for r := 2; r < 18; r++ {
		p.I(isa.PUSH, r)
	}
	p.I(isa.CLR, 2).I(isa.CLR, 17)
	for r := 17; r >= 2; r-- {
		p.I(isa.POP, r)
	}
	p.I(isa.BREAK)
	progs["frame"] = p
	p = newProg(t).setSP(d, d.SRAMStart+2) // pushes from SRAM down into the I/O registers
	p.I(isa.LDI, 16, 0x5A)
	for i := 0; i < 6; i++ {
		p.I(isa.PUSH, 16)
	}
	p.I(isa.BREAK)
	progs["push-below"] = p
	p = newProg(t).setSP(d, d.RAMEND()-2) // pops past RAMEND
	for r := 2; r < 8; r++ {
		p.I(isa.POP, r)
	}
	p.I(isa.BREAK)
	progs["pop-above"] = p
	p = newProg(t).setSP(d, d.SRAMStart-2) // pops from the I/O registers up into SRAM
	for r := 2; r < 8; r++ {
		p.I(isa.POP, r)
	}
	p.I(isa.BREAK)
	progs["pop-into-sram"] = p
	everyLimit(t, d, progs)
}

// TestTranslateSideExitTrace: at a side exit the runner steps the trace hash over the instructions
// of the block that ran before it (the module does not): programs that leave mid-block (guards that
// fail partway, I/O, BREAK) keep the interpreter's trace hash at every cycle limit.
func TestTranslateSideExitTrace(t *testing.T) {
	d := dev(t, "atmega128")
	p := newProg(t).setSP(d, d.SRAMStart+3) // pushes that leave SRAM partway, then I/O
	p.I(isa.LDI, 16, 0x5A).I(isa.INC, 16).I(isa.MOV, 2, 16)
	for i := 0; i < 6; i++ {
		p.I(isa.PUSH, 16)
	}
	p.I(isa.LDI, 26, int(d.RAMEND()-2)&0xFF).I(isa.LDI, 27, int(d.RAMEND()-2)>>8)
	p.I(isa.STXInc, 0, 16).I(isa.STXInc, 0, 16).I(isa.STXInc, 0, 16).I(isa.STXInc, 0, 16)
	p.I(isa.IN, 3, int(d.SPL-d.IOBase)).I(isa.DEC, 3).I(isa.BREAK)
	img := p.Bytes()
	eng := translate.NewEager()
	ref := emu.New(d, img, emu.Config{TraceHash: true})
	total := uint64(0)
	for ref.Run(total+1).Reason == emu.StopLimit {
		total++
	}
	for limit := uint64(1); limit <= total+2; limit++ {
		if limit == total+2 {
			limit = 100_000 // no limit in the way: translated code runs up to its exits
		}
		ref := emu.New(d, img, emu.Config{TraceHash: true})
		m := emu.New(d, img, emu.Config{TraceHash: true, Engine: eng})
		a, b := ref.Run(limit), m.Run(limit)
		if diff := fullStateOf(m, b).diff(fullStateOf(ref, a)); diff != "" {
			t.Fatalf("limit %d: %s", limit, diff)
		}
		if m.TraceHash() != ref.TraceHash() {
			t.Fatalf("limit %d: trace hash %#x, interpreted %#x", limit, m.TraceHash(), ref.TraceHash())
		}
	}
	if eng.Stats().SideExits == 0 || eng.Stats().Cycles == 0 {
		t.Errorf("no side exit from translated code: %+v", eng.Stats())
	}
}

// TestTranslateSPM: a program that rewrites an instruction it has run (SPM into translated code)
// runs the new instruction, as interpreted.
func TestTranslateSPM(t *testing.T) {
	d := dev(t, "atmega128")
	p := newProg(t).setSP(d, d.RAMEND())
	w := p.PC() + 8 // word address of "loop"
	p.I(isa.LDI, 30, (2*w)&0xFF).I(isa.LDI, 31, (2*w)>>8)
	p.I(isa.LDI, 18, 0x02).I(isa.MOV, 0, 18).I(isa.LDI, 18, 0xE0).I(isa.MOV, 1, 18) // r1:r0 = ldi r16, 2
	p.I(isa.CLR, 17).I(isa.NOP)
	p.L("loop").I(isa.LDI, 16, 1).I(isa.INC, 17).I(isa.CPI, 17, 3).I(isa.BREQ, "done").I(isa.SPM).I(isa.RJMP, "loop")
	p.L("done").I(isa.BREAK)
	if p.labels["loop"] != w {
		t.Fatalf("loop at %d, want %d", p.labels["loop"], w)
	}
	img := p.Bytes()
	eng := translate.NewEager()
	m := emu.New(d, img, emu.Config{Access: true, Engine: eng})
	s := m.Run(10_000)
	if s.Reason != emu.StopBreak || m.Reg(16) != 2 || m.SPMWrites() != 2 {
		t.Fatalf("stop %v, r16 = %d, %d SPM writes: want break, 2, 2", s, m.Reg(16), m.SPMWrites())
	}
	if diff, _ := bothWays(t, eng, d, img, emu.Config{Access: true}, 10_000); diff != "" {
		t.Error(diff)
	}
	if st := eng.Stats(); st.Rebuilds == 0 {
		t.Errorf("the rewrite did not retranslate: %+v", st)
	}
}

// TestTranslateResetAccess: after ResetAccess and Reset the translated machine records its second
// run afresh, as the interpreter does.
func TestTranslateResetAccess(t *testing.T) {
	img := memProgram(t, 3)
	eng := translate.NewEager()
	var st [2]fullState
	for k, cfg := range []emu.Config{{Access: true}, {Access: true, Engine: eng}} {
		m := emu.New(nil, img, cfg)
		m.Run(100_000)
		m.ResetAccess()
		m.Reset()
		m.SetPC(4) // into the code after the SP setup: only part of it runs again
		st[k] = fullStateOf(m, m.Run(100_000))
	}
	if diff := st[1].diff(st[0]); diff != "" {
		t.Error(diff)
	}
}

// TestTranslateHooksInterpret: with trace on, or a breakpoint set, a machine with an engine
// interprets (the hooks see every instruction); cleared, it translates, and ends where the
// interpreter ends.
func TestTranslateHooksInterpret(t *testing.T) {
	img := memProgram(t, 50)
	eng := translate.NewEager()
	m := emu.New(nil, img, emu.Config{Trace: true, TraceLimit: -1, Engine: eng})
	ref := emu.New(nil, img, emu.Config{Trace: true, TraceLimit: -1})
	if d := fullStateOf(m, m.Run(1e6)).diff(fullStateOf(ref, ref.Run(1e6))); d != "" || len(m.TraceAddrs()) != len(ref.TraceAddrs()) {
		t.Errorf("trace: %s, %d vs %d traced", d, len(m.TraceAddrs()), len(ref.TraceAddrs()))
	}
	if st := eng.Stats(); st.Modules != 0 {
		t.Errorf("a traced machine translated: %+v", st)
	}
	m = emu.New(nil, img, emu.Config{Engine: eng})
	ref = emu.New(nil, img, emu.Config{})
	const bp = 30 // in the setup, before the loops
	m.SetBreakpoint(bp)
	if s := m.Run(1e6); s.Reason != emu.StopBreakpoint || m.PC() != bp {
		t.Fatalf("breakpoint: %v at %d", s, m.PC())
	}
	m.ClearBreakpoint(bp)
	if d := fullStateOf(m, m.Run(1e6)).diff(fullStateOf(ref, ref.Run(1e6))); d != "" {
		t.Error(d)
	}
	if st := eng.Stats(); st.Modules == 0 {
		t.Errorf("no translation after the breakpoint was cleared: %+v", st)
	}
}

// TestTranslateLoadIntoOwnPointer: LDD into a byte of its own pointer changes the pointer for the
// instructions after it (found by FuzzTranslate: the translated code kept the old Z for the next
// store). ldi r30/r31 (Z = 0x100); std Z+3 of 0x42; ldd r30, Z+3 (Z = 0x142); st Z of 0x99; break.
func TestTranslateLoadIntoOwnPointer(t *testing.T) {
	words := []uint16{0xE0E0, 0xE0F1, 0xE402, 0x8303, 0x81E3, 0xE919, 0x8310, 0x9598}
	flash := make([]byte, 0, 2*len(words))
	for _, w := range words {
		flash = append(flash, byte(w), byte(w>>8))
	}
	eng := translate.NewEager()
	for _, acc := range []bool{false, true} {
		if diff, _ := bothWays(t, eng, nil, flash, emu.Config{Access: acc}, 1000); diff != "" {
			t.Errorf("access %v: %s", acc, diff)
		}
	}
	m := emu.New(nil, flash, emu.Config{Engine: eng})
	if st := m.Run(1000); st.Reason != emu.StopBreak || m.Data(0x142, 1)[0] != 0x99 || m.Data(0x100, 1)[0] != 0 {
		t.Errorf("translated: stop %v, [0x142] = %#x, [0x100] = %#x; want break, 0x99, 0", st.Reason, m.Data(0x142, 1)[0], m.Data(0x100, 1)[0])
	}
}

// TestTranslateLPMIntoOwnPointer: LPM into a byte of Z changes Z for the instructions after it, as
// LDD does (TestTranslateLoadIntoOwnPointer). ldi r30/r31 (Z = 0x0010, the byte 0x42 of the table
// at the end); lpm r30, Z (Z = 0x0042); lpm r16, Z (the byte at 0x42: 0); break.
func TestTranslateLPMIntoOwnPointer(t *testing.T) {
	words := []uint16{0xE1E0, 0xE0F0, 0x91E4, 0x9104, 0x9598, 0, 0, 0, 0x0042}
	flash := make([]byte, 0, 0x44)
	for _, w := range words {
		flash = append(flash, byte(w), byte(w>>8))
	}
	flash = append(flash, make([]byte, 0x44-len(flash))...)
	flash[0x42] = 0x77
	eng := translate.NewEager()
	for _, acc := range []bool{false, true} {
		if diff, _ := bothWays(t, eng, nil, flash, emu.Config{Access: acc}, 1000); diff != "" {
			t.Errorf("access %v: %s", acc, diff)
		}
	}
	m := emu.New(nil, flash, emu.Config{Engine: eng})
	if st := m.Run(1000); st.Reason != emu.StopBreak || m.Reg(16) != 0x77 || m.Reg(30) != 0x42 {
		t.Errorf("translated: stop %v, r16 = %#x, r30 = %#x; want break, 0x77 (the byte at 0x42), 0x42", st.Reason, m.Reg(16), m.Reg(30))
	}
}

// TestTranslateSliced: an engine whose calls into translated code last at most a slice of cycles
// (NewSliced, the page's engine) returns to Go every slice within one Run and ends in the state of
// the interpreter, the loop still translated.
func TestTranslateSliced(t *testing.T) {
	for _, acc := range []bool{false, true} {
		eng := translate.NewSliced(translate.NewWazero(), 0, 1000)
		const limit = 1_000_000
		diff, ran := bothWays(t, eng, nil, memProgram(t, 0), emu.Config{Access: acc}, limit)
		if diff != "" {
			t.Fatalf("access %v: %s", acc, diff)
		}
		st := eng.Stats()
		if ran < limit*9/10 || st.LimitExits < limit/1000*9/10 {
			t.Errorf("access %v: %d cycles translated, %d returns at a slice's end: %+v", acc, ran, st.LimitExits, st)
		}
	}
}

// TestTranslateTraceHash: a machine with Config.TraceHash runs translated and ends with the trace
// hash, state and access record of an interpreted machine with Config.Trace, on the loops and on
// every tenth program of the corpus, stopped at limits inside them and resumed.
func TestTranslateTraceHash(t *testing.T) {
	eng := translate.NewEager()
	type prog struct {
		d   *isa.Device
		img []byte
	}
	progs := []prog{{nil, arxProgram(t, 40)}, {nil, memProgram(t, 3)}}
	for i, gp := range genPrograms(t) {
		if i%10 == 0 {
			progs = append(progs, prog{isa.LookupDevice(gp.dev), gp.img})
		}
	}
	var ran uint64
	for i, p := range progs {
		d := p.d
		if d == nil {
			d = isa.LookupDevice(isa.DefaultDevice)
		}
		ref := emu.New(d, p.img, emu.Config{Trace: true, Access: true})
		m := emu.New(d, p.img, emu.Config{TraceHash: true, Access: true, Engine: eng})
		ref.SetSP(d.RAMEND())
		m.SetSP(d.RAMEND())
		c0 := eng.Stats().Cycles
		for _, limit := range []uint64{1000, 5003, 100_000} {
			a, b := ref.Run(limit), m.Run(limit)
			if diff := fullStateOf(m, b).diff(fullStateOf(ref, a)); diff != "" {
				t.Fatalf("program %d, limit %d: %s", i, limit, diff)
			}
			if m.TraceHash() != ref.TraceHash() {
				t.Fatalf("program %d, limit %d: trace hash %#x, interpreted %#x", i, limit, m.TraceHash(), ref.TraceHash())
			}
		}
		if i < 2 && eng.Stats().Cycles-c0 < m.Cycles()/2 {
			t.Errorf("loop %d: %d of %d cycles translated", i, eng.Stats().Cycles-c0, m.Cycles())
		}
		ran += eng.Stats().Cycles - c0
	}
	if ran == 0 {
		t.Errorf("nothing ran translated")
	}
}

// TestTranslateHotLargeRegion: NewNative waits HotPerByte interpreted cycles per byte of the code a
// region translates (compiling is what costs): a loop of 1500 one-word instructions (3 KB) is still
// interpreted after 8M cycles (MinHot is 1M) and translated by 14M, in the interpreter's state.
func TestTranslateHotLargeRegion(t *testing.T) {
	p := newProg(t)
	p.L("loop")
	for i := 0; i < 1500; i++ {
		p.I(isa.ADD, i%16, 16+i%8)
	}
	p.I(isa.RJMP, "loop")
	img := p.Bytes()
	eng := translate.NewNative()
	m := emu.New(nil, img, emu.Config{Engine: eng})
	ref := emu.New(nil, img, emu.Config{})
	for _, c := range []struct {
		limit      uint64
		translated bool
	}{{8_000_000, false}, {14_000_000, true}} {
		s, rs := m.Run(c.limit), ref.Run(c.limit)
		if d := fullStateOf(m, s).diff(fullStateOf(ref, rs)); d != "" {
			t.Fatalf("after %d cycles: %s", c.limit, d)
		}
		if st := eng.Stats(); (st.Modules > 0) != c.translated {
			t.Errorf("after %d cycles: %d modules (%+v)", c.limit, st.Modules, st)
		}
	}
}

// TestTranslateWarmImage: once a machine of an engine got hot on a program, a new machine of the same
// program (the harness's constant-time machine after its measuring one) translates from its first
// Run, short as it is; a machine of another program does not.
func TestTranslateWarmImage(t *testing.T) {
	eng := translate.New(translate.NewWazero(), 1<<20)
	img := memProgram(t, 0)
	a := emu.New(nil, img, emu.Config{Engine: eng, Access: true})
	a.Run(3 << 20)
	if eng.Stats().Modules == 0 {
		t.Fatal("the first machine did not get hot")
	}
	for _, c := range []struct {
		img  []byte
		warm bool
	}{{img, true}, {arxProgram(t, 0), false}} {
		c0 := eng.Stats().Cycles
		m := emu.New(nil, c.img, emu.Config{Engine: eng, Access: true})
		ref := emu.New(nil, c.img, emu.Config{Access: true})
		s, rs := m.Run(100_000), ref.Run(100_000)
		if d := fullStateOf(m, s).diff(fullStateOf(ref, rs)); d != "" {
			t.Fatal(d)
		}
		if ran := eng.Stats().Cycles - c0; (ran > 50_000) != c.warm {
			t.Errorf("warm %v: %d of 100000 cycles translated", c.warm, ran)
		}
	}
}

// TestTranslateWarmImageOneByte: a program that differs from a hot one in one byte anywhere in
// flash (any byte of its code, the bytes after it, the erased tail every 4 KB, the last byte) is
// not that program to the engine's memory of hot programs (imageKey): each machine of one, built
// over the last (its state memory reused), waits to get hot as a new program does, and ends as the
// interpreter's; every 16th code byte changed is also run to get hot and translated, and ends as
// interpreted. The hot program itself, after them all, is still translated from its first Run.
func TestTranslateWarmImageOneByte(t *testing.T) {
	eng := translate.New(translate.NewWazero(), 1<<20)
	img := memProgram(t, 0)
	cfg := emu.Config{Engine: eng, Access: true}
	old := emu.New(nil, img, cfg)
	old.Run(3 << 20)
	if eng.Stats().Modules == 0 {
		t.Fatal("the first machine did not get hot")
	}
	var at []int
	for a := range len(img) + 64 {
		at = append(at, a)
	}
	flash := int(old.Device().Flash)
	for a := len(img) + 4096; a < flash; a += 4096 {
		at = append(at, a)
	}
	at = append(at, flash-1)
	run := func(what string, p []byte, limit uint64) uint64 {
		t.Helper()
		c0 := eng.Stats().Cycles
		m := emu.NewFrom(old, nil, p, cfg)
		ref := emu.New(nil, p, emu.Config{Access: true})
		s, rs := m.Run(limit), ref.Run(limit)
		if d := fullStateOf(m, s).diff(fullStateOf(ref, rs)); d != "" {
			t.Fatalf("%s: %s", what, d)
		}
		old = m
		return eng.Stats().Cycles - c0
	}
	for _, a := range at {
		p := make([]byte, max(len(img), a+1))
		copy(p, img)
		for i := len(img); i < a; i++ {
			p[i] = 0xFF
		}
		if a >= len(img) {
			p[a] = 0xFF
		}
		p[a] ^= 0x01
		what := fmt.Sprintf("byte %#x changed", a)
		if ran := run(what, p, 100_000); ran != 0 {
			t.Errorf("%s: %d of 100000 cycles translated, as the hot program's", what, ran)
		}
		if a < len(img) && a%16 == 0 {
			run(what+", hot", p, 3<<20)
		}
	}
	if ran := run("the hot program", img, 100_000); ran < 50_000 {
		t.Errorf("the hot program again: %d of 100000 cycles translated", ran)
	}
}

// TestTranslateSharedModule: the harness's two machines of one program, the measuring one (Access)
// and the constant-time one (TraceHash and Access), share one module: the second translates the
// first's roots, served from the cache (one module generated and compiled, one cache hit), and
// still ends with the interpreter's state and trace hash; the first, run again after, keeps its
// trace hash untouched by the shared code.
func TestTranslateSharedModule(t *testing.T) {
	eng := translate.New(translate.NewWazero(), 1<<20)
	img := memProgram(t, 0)
	a := emu.New(nil, img, emu.Config{Engine: eng, Access: true})
	aref := emu.New(nil, img, emu.Config{Access: true})
	for _, limit := range []uint64{3 << 20, 4 << 20} {
		s, rs := a.Run(limit), aref.Run(limit)
		if d := fullStateOf(a, s).diff(fullStateOf(aref, rs)); d != "" {
			t.Fatal(d)
		}
	}
	if st := eng.Stats(); st.Modules != 1 || st.CacheHits != 0 {
		t.Fatalf("after the first machine: %+v", st)
	}
	m := emu.New(nil, img, emu.Config{Engine: eng, TraceHash: true, Access: true})
	ref := emu.New(nil, img, emu.Config{Trace: true, Access: true})
	c0 := eng.Stats().Cycles
	for _, limit := range []uint64{1000, 100_000, 300_001} {
		s, rs := m.Run(limit), ref.Run(limit)
		if d := fullStateOf(m, s).diff(fullStateOf(ref, rs)); d != "" {
			t.Fatalf("limit %d: %s", limit, d)
		}
		if m.TraceHash() != ref.TraceHash() {
			t.Fatalf("limit %d: trace hash %#x, interpreted %#x", limit, m.TraceHash(), ref.TraceHash())
		}
	}
	st := eng.Stats()
	if st.Modules != 1 || st.CacheHits != 1 || st.Rebuilds != 0 {
		t.Errorf("the constant-time machine did not reuse the module: %+v", st)
	}
	if ran := st.Cycles - c0; ran < 250_000 {
		t.Errorf("%d of 300001 cycles translated", ran)
	}
	s, rs := a.Run(5<<20), aref.Run(5<<20)
	if d := fullStateOf(a, s).diff(fullStateOf(aref, rs)); d != "" || a.TraceHash() != aref.TraceHash() {
		t.Errorf("the first machine after: %s, trace hash %#x against %#x", d, a.TraceHash(), aref.TraceHash())
	}
}

// TestTranslateExpect: a machine told that many cycles are to come (Machine.Expect, what the
// harness says after its first call) translates without waiting to get hot: the 3 KB loop of
// TestTranslateHotLargeRegion, which NewNative leaves interpreted for 12M cycles, is translated
// within its first 2M when 20M are expected, and not when 1M are (less than compiling it costs); the
// state is the interpreter's either way.
func TestTranslateExpect(t *testing.T) {
	p := newProg(t)
	p.L("loop")
	for i := 0; i < 1500; i++ {
		p.I(isa.ADD, i%16, 16+i%8)
	}
	p.I(isa.RJMP, "loop")
	img := p.Bytes()
	for _, c := range []struct {
		expect     uint64
		translated bool
	}{{20_000_000, true}, {1_000_000, false}} {
		eng := translate.NewNative()
		m := emu.New(nil, img, emu.Config{Engine: eng})
		ref := emu.New(nil, img, emu.Config{})
		m.Expect(c.expect)
		s, rs := m.Run(2_000_000), ref.Run(2_000_000)
		if d := fullStateOf(m, s).diff(fullStateOf(ref, rs)); d != "" {
			t.Fatalf("expect %d: %s", c.expect, d)
		}
		if st := eng.Stats(); (st.Modules > 0 && st.Cycles > 1_000_000) != c.translated {
			t.Errorf("expect %d: %+v", c.expect, st)
		}
	}
}

// TestTranslateBackgroundSPM: a hot loop rewrites one of its own instructions (SPM) about 30,000
// cycles after the machine got hot, most likely while NewBackground compiles its module: the module
// is for the old code, so the machine retranslates before running it, and ends as interpreted.
// (It ends as interpreted whenever the compile ends; then 5M cycles more run translated.)
func TestTranslateBackgroundSPM(t *testing.T) {
	d := dev(t, "atmega128")
	p := newProg(t).setSP(d, d.RAMEND())
	w := p.PC() + 11 // word address of "patch"
	p.I(isa.LDI, 30, (2*w)&0xFF).I(isa.LDI, 31, (2*w)>>8)
	p.I(isa.LDI, 18, 0x02).I(isa.MOV, 0, 18).I(isa.LDI, 18, 0xE0).I(isa.MOV, 1, 18) // r1:r0 = ldi r16, 2
	p.I(isa.CLR, 20).I(isa.CLR, 21).I(isa.CLR, 23)
	p.L("again").I(isa.CLR, 24).I(isa.CLR, 25)
	p.L("patch").I(isa.LDI, 16, 1)
	for i := 0; i < 6; i++ {
		p.I(isa.ADD, 20, 16).I(isa.ADC, 21, 17)
	}
	p.I(isa.ADIW, 24, 1).I(isa.CPI, 25, 0xE0).I(isa.BRNE, "skip").I(isa.CPI, 24, 0x00).I(isa.BRNE, "skip")
	p.I(isa.SPM)
	p.L("skip").I(isa.CPI, 25, 0xF0).I(isa.BRNE, "patch")
	p.I(isa.INC, 23).I(isa.CPI, 23, 5).I(isa.BRNE, "again").I(isa.BREAK)
	if p.labels["patch"] != w {
		t.Fatalf("patch at %d, want %d", p.labels["patch"], w)
	}
	img := p.Bytes()
	for round := 0; round < 3; round++ {
		eng := translate.NewBackground()
		m := emu.New(d, img, emu.Config{Access: true, Engine: eng})
		ref := emu.New(d, img, emu.Config{Access: true})
		var s, rs emu.Stop
		for limit := uint64(100_000); ; limit += 100_000 {
			s, rs = m.Run(limit), ref.Run(limit)
			if d := fullStateOf(m, s).diff(fullStateOf(ref, rs)); d != "" {
				t.Fatalf("round %d, limit %d: %s", round, limit, d)
			}
			if rs.Reason != emu.StopLimit || limit > 10_000_000 {
				break
			}
		}
		if rs.Reason != emu.StopBreak || m.SPMWrites() != 5 || m.Reg(16) != 2 || eng.Stats().Cycles == 0 {
			t.Fatalf("stop %v, %d SPM writes, r16 = %d, %+v: want break, 5, 2, translated cycles", rs, m.SPMWrites(), m.Reg(16), eng.Stats())
		}
	}
}

// loopCopies returns a program for the ATmega128 of more than 256 bytes whose loop of random
// blocks is written three times, each copy with its own count and different code after it, in an
// outer loop (TestTranslateLoopCopies, FuzzTranslate's seeds).
func loopCopies(t testing.TB, d *isa.Device, r *rand.Rand) []byte {
	used := map[isa.Op]bool{}
	g := &gen{d: d, ports: plainIO["atmega128"], p: newProg(t), r: r, nsub: 1, protect: map[int]bool{}, used: used}
	p := g.p
	p.setSP(d, d.RAMEND())
	for i := 16; i < 32; i++ {
		g.I(isa.LDI, i, g.imm())
	}
	g.straight(100) // the region over 256 bytes (a module logging the trace hash's steps)
	seed, nb := r.Uint64(), 6+r.IntN(10)
	g.I(isa.LDI, 22, 2+r.IntN(3))
	p.L("outer")
	for c := 0; c < 3; c++ {
		g.I(isa.LDI, 23, 1+r.IntN(20))
		l := g.newLabel()
		p.L(l)
		g.protect[23], g.protect[22] = true, true
		main := g.r
		g.r = rand.New(rand.NewPCG(seed, 7)) // the same blocks in every copy
		for i := 0; i < nb; i++ {
			// The generator's blocks but those that leave a loop no WebAssembly loop (a write
			// of SREG, a call, a computed jump: an entry inside) or no loop function's.
			kinds := []func(){g.aluRR, g.aluImm, g.alu1, g.word, g.edge, g.branch, g.skip, g.mem, g.direct, g.stack, g.lpm, g.io, g.jump}
			kinds[g.n(len(kinds))]()
		}
		g.r = main
		g.I(isa.DEC, 23)
		g.I(isa.BRNE, l)
		g.block(false) // what follows each copy differs
	}
	g.I(isa.DEC, 22)
	g.I(isa.BREQ, "done")
	g.I(isa.JMP, "outer")
	p.L("done")
	g.I(isa.BREAK)
	p.L("sub0")
	g.straight(2)
	g.I(isa.RET)
	p.L(tableAt)
	for i := 0; i < 16; i++ {
		p.W(uint16(r.IntN(1 << 16)))
	}
	return p.Bytes()
}

// TestTranslateLoopCopies: random loops (the generator's blocks: ALU, branches, skips, loads and
// stores through X, Y and Z, LDS/STS, PUSH/POP, I/O, LPM, JMP) written three times each at
// different addresses, each copy with its own count and different code after it, in programs of
// more than 256 bytes: identical copies become one loop function (translate's outline). Run with
// the access record and the trace hash, stopped at limits inside the loops, the translated machine
// ends every Run with the interpreter's state, access record and trace hash.
func TestTranslateLoopCopies(t *testing.T) {
	d := dev(t, "atmega128")
	eng := translate.NewEager()
	r := rand.New(rand.NewPCG(23, 5))
	for n := 0; n < 60; n++ {
		img := loopCopies(t, d, r)
		ms := [2]*emu.Machine{
			emu.New(d, img, emu.Config{Access: true, Trace: true}),
			emu.New(d, img, emu.Config{Access: true, TraceHash: true, Engine: eng}),
		}
		for _, limit := range []uint64{200, 1001, 3007, 10_000, 100_000} {
			a, b := ms[0].Run(limit), ms[1].Run(limit)
			if diff := fullStateOf(ms[1], b).diff(fullStateOf(ms[0], a)); diff != "" {
				t.Fatalf("program %d, limit %d: %s\n%s", n, limit, diff, listing(img))
			}
			if ms[0].TraceHash() != ms[1].TraceHash() {
				t.Fatalf("program %d, limit %d: trace hash %#x, interpreted %#x\n%s", n, limit, ms[1].TraceHash(), ms[0].TraceHash(), listing(img))
			}
		}
	}
	st := eng.Stats()
	t.Logf("%+v", st)
	if st.Shared < 60 {
		t.Errorf("%d loops called a shared loop function in 60 programs of three copies each", st.Shared)
	}
}
