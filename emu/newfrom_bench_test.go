package emu_test

import (
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// BenchmarkNewFromKept builds the two machines of a bench on an ATmega128 (the access record on
// both, the trace hash on one, as lab's harness does) over the last bench's (lab.Machines), for two
// programs that take turns, one with a NOP more at its start (a live edit: every byte after it
// moves); each machine runs its program once, so that every bench leaves a record behind.
func BenchmarkNewFromKept(b *testing.B) {
	d := isa.LookupDevice("atmega128")
	imgs := [2][]byte{arxProgram(b, 3), append([]byte{0, 0}, arxProgram(b, 3)...)}
	cfgs := [2]emu.Config{{Access: true}, {Access: true, TraceHash: true}}
	var kept [2]*emu.Machine
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for k, cfg := range cfgs {
			m := emu.NewFrom(kept[k], d, imgs[i%2], cfg)
			if s := m.Run(100_000); s.Reason != emu.StopBreak {
				b.Fatalf("stopped with %v", s)
			}
			kept[k] = m
		}
	}
}
