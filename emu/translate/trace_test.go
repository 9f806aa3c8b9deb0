//go:build !js

package translate

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
)

// TestTranslateTraceLog: a module logs the trace hash's steps for the runner (traceFlush,
// runner.traceLog), a small region's (16 bytes of code in the loop) as a large one's; a machine with Config.TraceHash ends each Run with the trace hash,
// state and access record of an interpreted machine with Config.Trace: on a loop with a side exit
// in the middle of a block every 1792 passes (LDS of a mapped register: the runner steps the
// block's part before it), stopped at limits inside it, and over Runs of millions of cycles
// (calls cut at traceSlice).
func TestTranslateTraceLog(t *testing.T) {
	for _, n := range []int{8, 200} {
		var src strings.Builder
		src.WriteString("ldi r26, 0x00\nldi r27, 0x02\nldi r20, 7\nldi r21, 0\nloop:\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&src, "add r%d, r%d\n", i%16, 16+i%4)
		}
		src.WriteString("st X+, r3\nandi r27, 0x03\nori r27, 0x02\ndec r20\nbrne skip\nldi r20, 7\ndec r21\nbrne skip\nadd r1, r2\nlds r5, 0x0003\nadd r5, r1\nskip:\nrjmp loop\n")
		im, err := asm.Assemble("loop.S", []byte(src.String()), asm.Config{})
		if err != nil {
			t.Fatal(err)
		}
		k := &keepRunners{e: NewEager()}
		m := emu.New(im.Device, im.Flash, emu.Config{TraceHash: true, Access: true, Engine: k})
		ref := emu.New(im.Device, im.Flash, emu.Config{Trace: true, Access: true})
		for _, limit := range []uint64{1000, 5003, 100_000, 1_000_003, 3_000_000} {
			m.Run(limit)
			ref.Run(limit)
			if d := stateDiff(m, ref); d != "" {
				t.Fatalf("%d adds, limit %d: %s", n, limit, d)
			}
			if m.TraceHash() != ref.TraceHash() {
				t.Fatalf("%d adds, limit %d: trace hash %#x, interpreted %#x", n, limit, m.TraceHash(), ref.TraceHash())
			}
		}
		st := k.e.Stats()
		if st.Cycles < 2_000_000 || st.SideExits == 0 {
			t.Errorf("%d adds: %d cycles translated, %d side exits: %+v", n, st.Cycles, st.SideExits, st)
		}
		if k.rs[0].reg.segs == nil {
			t.Errorf("%d adds (%d bytes of code): trace hash not logged", n, 2*n)
		}
		if calls := uint64(st.LimitExits + st.SideExits + st.Transfers); calls < st.Cycles/traceSlice {
			t.Errorf("%d adds: %d calls for %d cycles, want one per %d cycles at most", n, calls, st.Cycles, traceSlice)
		}
	}
}

// TestTranslateTraceMemo: a machine with Config.TraceHash run again from reset on the same input
// (the constant-time check's calls) steps the logged segments' hashes with the trace memo, not
// address by address, and every run's trace hash is the interpreter's, also on an input that
// takes another path (other hashes into the same segments), on the first input after it, on
// random inputs, and after new code is written (a new module: the memo starts again).
func TestTranslateTraceMemo(t *testing.T) {
	var src strings.Builder
	src.WriteString("ldi r20, 40\nloop:\n")
	for i := 0; i < 150; i++ {
		fmt.Fprintf(&src, "add r%d, r%d\n", i%16, 16+i%4)
	}
	src.WriteString("sbrc r24, 0\nrjmp odd\n")
	for i := 0; i < 12; i++ {
		fmt.Fprintf(&src, "eor r%d, r%d\n", i%8, 8+i%8)
	}
	src.WriteString("odd:\nlsr r24\ndec r20\nbreq done\nrjmp loop\ndone:\nsleep\n")
	im, err := asm.Assemble("memo.S", []byte(src.String()), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	k := &keepRunners{e: NewEager()}
	m := emu.New(im.Device, im.Flash, emu.Config{TraceHash: true, Engine: k})
	ref := emu.New(im.Device, im.Flash, emu.Config{Trace: true})
	var last Stats
	inputs := []byte{0x00, 0x00, 0xA5, 0x00, 0xA5}
	lr := rand.New(rand.NewPCG(9, 1))
	for range 24 { // then inputs of 0..7: paths that share a start, some run before
		inputs = append(inputs, byte(lr.IntN(8)))
	}
	for i, in := range inputs {
		for _, x := range []*emu.Machine{m, ref} {
			x.Reset()
			x.SetReg(24, in)
			if stop := x.Run(1_000_000); stop.Reason != emu.StopSleep {
				t.Fatalf("run %d: stopped %+v", i, stop)
			}
		}
		if d := stateDiff(m, ref); d != "" {
			t.Fatalf("run %d (input %#x): %s", i, in, d)
		}
		if m.TraceHash() != ref.TraceHash() {
			t.Fatalf("run %d (input %#x): trace hash %#x, interpreted %#x", i, in, m.TraceHash(), ref.TraceHash())
		}
		st := k.e.Stats()
		steps, memo, calls := st.TraceSteps-last.TraceSteps, st.TraceMemo-last.TraceMemo, st.TraceCalls-last.TraceCalls
		last = st
		switch {
		case i >= 5: // the rest: the trace hash only
		case i == 0 || i == 2: // a path not run before: stepped address by address (but for
			// input 0xA5's first segment, from the reset's hash: input 0's)
			if steps < 39*150 || memo > 1 || calls > 0 {
				t.Errorf("run %d (input %#x, new): %d addresses stepped, %d segments from the memo", i, in, steps, memo)
			}
		default: // run before: the long segments from the memo, or the whole call (stepLog)
			if steps > 40*20 || memo < 40 && calls == 0 {
				t.Errorf("run %d (input %#x, run before): %d addresses stepped, %d segments from the memo, %d calls from the call memo", i, in, steps, memo, calls)
			}
		}
	}
	if k.rs[0].reg.segs == nil {
		t.Fatal("the module keeps the trace hash itself; want it logged")
	}
	// New code at words 1 and 2 (LDS r5, 0x0300 for two ADDs): the next Run retranslates, whose
	// segments have the old ones' indices and other addresses; the memo is the old module's.
	for _, x := range []*emu.Machine{m, ref} {
		x.WriteFlash(2, []byte{0x50, 0x90, 0x00, 0x03})
		x.Reset()
		x.Run(1_000_000)
	}
	if m.TraceHash() != ref.TraceHash() {
		t.Errorf("after new code: trace hash %#x, interpreted %#x", m.TraceHash(), ref.TraceHash())
	}
	if st := k.e.Stats(); st.Rebuilds == 0 {
		t.Errorf("not retranslated after new code: %+v", st)
	}
}

// TestTranslateTraceCallMemo: the call memo (stepLog) gives a call's trace hash from a kept call's
// only when both started at the same hash and logged the same entries. A small loop (a region of a
// few instructions, as a 1024-bit multiplication's) that takes one of two blocks of the same length
// per pass on a bit of r25:r24 (two inputs with as many bits set log as many entries, in other
// orders) is run from reset with each input, again and again: every run's trace hash is the
// interpreter's, runs of such inputs end at different hashes, and a run that repeats an
// earlier one is stepped by the call memo, no address stepped. Then an endless loop with one path,
// Run in stretches of whole passes without a reset: every stretch logs the same entries from
// another hash, and its hash must be the interpreter's too.
func TestTranslateTraceCallMemo(t *testing.T) {
	src := `ldi r20, 64
loop:
	add r0, r1
	sbrc r24, 0
	rjmp odd
	eor r2, r3
	inc r4
	rjmp join
odd:
	eor r5, r6
	inc r7
	rjmp join
join:
	ror r25
	ror r24
	dec r20
	brne loop
	sleep
`
	im, err := asm.Assemble("callmemo.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	k := &keepRunners{e: NewEager()}
	m := emu.New(im.Device, im.Flash, emu.Config{TraceHash: true, Engine: k})
	ref := emu.New(im.Device, im.Flash, emu.Config{Trace: true})
	// 0x5555 and 0x9555 part in the 15th pass, 0x0001 and 0x0002 in the first: the same number of
	// each block, so the same number of entries; each input twice.
	inputs := []uint16{0x5555, 0x9555, 0x5555, 0x9555, 0x0001, 0x0002, 0x0002, 0x0001}
	hashes := map[uint16]uint64{}
	var last Stats
	for i, in := range inputs {
		for _, x := range []*emu.Machine{m, ref} {
			x.Reset()
			x.SetReg(24, byte(in))
			x.SetReg(25, byte(in>>8))
			if stop := x.Run(1_000_000); stop.Reason != emu.StopSleep {
				t.Fatalf("run %d: stopped %+v", i, stop)
			}
		}
		if d := stateDiff(m, ref); d != "" {
			t.Fatalf("run %d (input %#x): %s", i, in, d)
		}
		if m.TraceHash() != ref.TraceHash() {
			t.Fatalf("run %d (input %#x): trace hash %#x, interpreted %#x", i, in, m.TraceHash(), ref.TraceHash())
		}
		st := k.e.Stats()
		steps, calls := st.TraceSteps-last.TraceSteps, st.TraceCalls-last.TraceCalls
		last = st
		if h, again := hashes[in]; again {
			if h != m.TraceHash() || calls == 0 || steps > 0 {
				t.Errorf("run %d (input %#x, run before): hash %#x (before %#x), %d calls from the call memo, %d addresses stepped", i, in, m.TraceHash(), h, calls, steps)
			}
		} else if calls > 0 {
			t.Errorf("run %d (input %#x, new): %d calls from the call memo", i, in, calls)
		}
		hashes[in] = m.TraceHash()
	}
	if hashes[0x5555] == hashes[0x9555] || hashes[0x0001] == hashes[0x0002] {
		t.Errorf("paths that part in their last pass gave one hash: %#x", hashes)
	}
	if k.rs[0].reg.segs == nil {
		t.Fatal("the module keeps the trace hash itself; want it logged")
	}

	im, err = asm.Assemble("endless.S", []byte("loop:\nadd r0, r1\neor r2, r0\ninc r3\nrjmp loop\n"), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	k = &keepRunners{e: NewEager()}
	m = emu.New(im.Device, im.Flash, emu.Config{TraceHash: true, Engine: k})
	ref = emu.New(im.Device, im.Flash, emu.Config{Trace: true})
	for i := 1; i <= 20; i++ {
		limit := uint64(i) * 5 * 400 // 400 passes of 5 cycles a stretch
		m.Run(limit)
		ref.Run(limit)
		if d := stateDiff(m, ref); d != "" {
			t.Fatalf("stretch %d: %s", i, d)
		}
		if m.TraceHash() != ref.TraceHash() {
			t.Fatalf("stretch %d: trace hash %#x, interpreted %#x", i, m.TraceHash(), ref.TraceHash())
		}
	}
}
