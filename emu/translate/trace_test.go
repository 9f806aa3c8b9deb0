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

// TestTranslateTraceLog: a module of more than inlineTrace bytes of code logs the trace hash's
// steps for the runner (traceFlush, runner.traceLog), one of fewer keeps them itself
// (traceInline); either way a machine with Config.TraceHash ends each Run with the trace hash,
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
		if logged := k.rs[0].reg.segs != nil; logged != (2*n > inlineTrace) {
			t.Errorf("%d adds (%d bytes of code): trace hash logged %v", n, 2*n, logged)
		}
		if calls := uint64(st.LimitExits + st.SideExits + st.Transfers); 2*n > inlineTrace && calls < st.Cycles/traceSlice {
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
		steps, memo := st.TraceSteps-last.TraceSteps, st.TraceMemo-last.TraceMemo
		last = st
		switch {
		case i >= 5: // the rest: the trace hash only
		case i == 0 || i == 2: // a path not run before: stepped address by address (but for
			// input 0xA5's first segment, from the reset's hash: input 0's)
			if steps < 39*150 || memo > 1 {
				t.Errorf("run %d (input %#x, new): %d addresses stepped, %d segments from the memo", i, in, steps, memo)
			}
		default: // run before: the long segments from the memo
			if steps > 40*20 || memo < 40 {
				t.Errorf("run %d (input %#x, run before): %d addresses stepped, %d segments from the memo", i, in, steps, memo)
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
