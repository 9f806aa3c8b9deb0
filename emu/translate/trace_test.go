//go:build !js

package translate

import (
	"fmt"
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
