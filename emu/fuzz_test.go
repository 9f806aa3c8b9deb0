package emu_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// machineState is everything FuzzRun compares between runs of one program.
type machineState struct {
	stop   string
	pc     uint32
	cycles uint64
	sreg   uint8
	sp     uint16
	regs   [32]byte
	data   []byte
	out    string
}

func stateOf(m *emu.Machine, s emu.Stop) machineState {
	st := machineState{stop: s.String(), pc: m.PC(), cycles: m.Cycles(), sreg: m.SREG(), sp: m.SP(),
		data: m.Data(0, int(m.Device().RAMEND())+1), out: string(m.Output())}
	for i := range st.regs {
		st.regs[i] = m.Reg(i)
	}
	return st
}

func (a machineState) equal(b machineState) bool {
	return a.stop == b.stop && a.pc == b.pc && a.cycles == b.cycles && a.sreg == b.sreg && a.sp == b.sp &&
		a.regs == b.regs && bytes.Equal(a.data, b.data) && a.out == b.out
}

// FuzzRun runs random flash images on every device: nothing panics, every run ends with a reason
// (a fault carries its sentinel), and the same program gives the same state with hooks off, with
// trace and profile on, and stepped one instruction at a time (with the store record, whose last
// store of each step reads back); the profile accounts for every cycle.
func FuzzRun(f *testing.F) {
	f.Add(uint8(0), arxProgram(f, 3))
	f.Add(uint8(0), []byte{0xff, 0xff})
	f.Add(uint8(2), []byte{0x0e, 0x94, 0x00, 0x00}) // call 0 (recursion until the stack faults)
	for i, p := range genPrograms(f)[:20] {
		f.Add(uint8(i), p.img)
	}
	devices := isa.DeviceNames()
	const limit = 3000
	f.Fuzz(func(t *testing.T, devSel uint8, flash []byte) {
		d := isa.LookupDevice(devices[int(devSel)%len(devices)])
		m := emu.New(d, flash, emu.Config{})
		m.SetSP(d.RAMEND())
		s := m.Run(limit)
		switch s.Reason {
		case emu.StopSleep, emu.StopBreak, emu.StopLimit:
		case emu.StopFault:
			if s.Fault == nil || !errors.Is(s.Fault, s.Fault.Unwrap()) || s.Fault.Unwrap() == nil || s.Fault.Error() == "" {
				t.Fatalf("fault stop without a proper fault: %#v", s.Fault)
			}
		default:
			t.Fatalf("run ended with %v", s)
		}
		if s.Reason == emu.StopLimit && m.Cycles() < limit {
			t.Fatalf("limit stop at %d cycles", m.Cycles())
		}
		plain := stateOf(m, s)

		h := emu.New(d, flash, emu.Config{Trace: true, Profile: true, TraceLimit: -1, Access: true})
		h.SetSP(d.RAMEND())
		hs := h.Run(limit)
		if got := stateOf(h, hs); !got.equal(plain) {
			t.Fatalf("hooks on: %+v\nhooks off: %+v", got, plain)
		}
		var execs, cycles uint64
		for pc := uint32(0); pc < uint32(d.Flash/2); pc++ {
			execs += h.ExecCount(pc)
			cycles += h.CycleCount(pc)
		}
		if cycles != h.Cycles() || execs != uint64(len(h.TraceAddrs())) {
			t.Fatalf("profile: %d cycles of %d, %d executions, %d traced", cycles, h.Cycles(), execs, len(h.TraceAddrs()))
		}

		ac := emu.New(d, flash, emu.Config{Access: true})
		ac.SetSP(d.RAMEND())
		as := ac.Run(limit)
		if got := stateOf(ac, as); !got.equal(plain) {
			t.Fatalf("access recording on: %+v\noff: %+v", got, plain)
		}

		// The program written by WriteFlash over zeros instead of loaded: every word is decoded at its
		// first execution (OpDeferred), with and without the hooks and the access record.
		for _, c := range []emu.Config{{}, {Trace: true, Profile: true, TraceLimit: -1, Access: true}} {
			n := min(len(flash), d.Flash)
			w := emu.New(d, make([]byte, n), c)
			if err := w.WriteFlash(0, flash[:n]); err != nil {
				t.Fatal(err)
			}
			w.SetSP(d.RAMEND())
			ws := w.Run(limit)
			if got := stateOf(w, ws); !got.equal(plain) {
				t.Fatalf("written by WriteFlash (%+v): %+v\nloaded: %+v", c, got, plain)
			}
		}

		st := emu.New(d, flash, emu.Config{Writes: true}) // stepped with the store record, as lab/leak runs
		st.SetSP(d.RAMEND())
		var ss emu.Stop
		for st.Cycles() < limit {
			ss = st.Step()
			if w := st.Writes(); len(w) > 0 {
				if last := w[len(w)-1]; st.ReadData(last.Addr) != last.New {
					t.Fatalf("store record: %+v, the byte reads %#x after the step", last, st.ReadData(last.Addr))
				}
			}
			st.ResetWrites()
			if ss.Reason != emu.StopNone {
				break
			}
		}
		if ss.Reason == emu.StopNone {
			ss.Reason = emu.StopLimit
		}
		if got := stateOf(st, ss); !got.equal(plain) {
			t.Fatalf("stepped: %+v\nrun: %+v", got, plain)
		}
	})
}
