package emu

import (
	"slices"
	"testing"

	"github.com/avrlab/avrlab/isa"
)

// TestPastTheProgram: a machine decodes its program and one erased word past it, not the whole
// flash, and more when a runner asks (Program.Reach); a jump far into the erased flash past them faults as erased flash there (the trace, the
// profile and the access record count the word), SPM and WriteFlash past them write code that
// runs, and a machine built over one that grew so (NewFrom) or restored to a state before it is
// cut back to its program.
func TestPastTheProgram(t *testing.T) {
	d := isa.LookupDevice("atxmega128a1")
	const far = 60000                      // a word address past the program, below the flash's 69,632 words
	words := []uint16{0x940c, far, 0x9598} // jmp far; break
	prog := make([]byte, 2*len(words))
	for i, w := range words {
		prog[2*i], prog[2*i+1] = byte(w), byte(w>>8)
	}
	for _, cfg := range []Config{{}, {Access: true, Trace: true, Profile: true}} {
		m := New(d, prog, cfg)
		if len(m.code) != 4 || len(m.ops) != 4 || len(m.prog.Code) != 4 || m.opAt(far).Kind != opIllegal {
			t.Fatalf("%+v: %d ops decoded (%d traps), want 4 (3 words and one erased); At(far) %+v", cfg, len(m.code), len(m.ops), m.opAt(far))
		}
		if m.prog.Reach(9); len(m.prog.Code) != 10 || len(m.ops) != 10 || m.opAt(9).Kind != opIllegal {
			t.Fatalf("%+v: a runner's Reach(9): %d ops decoded (%d traps)", cfg, len(m.prog.Code), len(m.ops))
		}
		if cfg.Access && m.ops[9] != (Op{Kind: opCover}) {
			t.Fatalf("%+v: word 9 reached, not armed: %+v", cfg, m.ops[9])
		}
		snap := m.Snapshot()
		s := m.Run(100)
		if s.Reason != StopFault || s.Fault.PC != far || s.Fault.Cycle != 3 || s.Fault.Msg != "executing erased flash (0xffff, not written by the program)" {
			t.Fatalf("%+v: jump past the program: %+v %v", cfg, s, s.Fault)
		}
		if len(m.code) <= far || len(m.ops) != len(m.code) {
			t.Fatalf("%+v: %d ops decoded after the run reached word %d", cfg, len(m.code), far)
		}
		if cfg.Access && (!m.Executed(far) || m.ExecCount(far) != 1 || !slices.Equal(m.TraceAddrs(), []uint32{0, far})) {
			t.Fatalf("%+v: executed %v, count %d, trace %v", cfg, m.Executed(far), m.ExecCount(far), m.TraceAddrs())
		}
		// ldi r16,0x5a; break at far+2, the fault's word left erased: SPM writes one word, WriteFlash the other.
		if err := m.WriteFlash(2*(far+3), []byte{0x98, 0x95}); err != nil {
			t.Fatal(err)
		}
		m.SetReg(0, 0x0a)
		m.SetReg(1, 0xe5)
		a := uint32(2 * (far + 2))
		m.SetReg(30, byte(a))
		m.SetReg(31, byte(a>>8))
		m.WriteData(d.RAMPZ, byte(a>>16))
		if f, _ := m.slowOp(Op{Kind: isa.SPM}); f != faultNone {
			t.Fatalf("%+v: spm: %v", cfg, f)
		}
		m.SetPC(far + 2)
		if s := m.Run(200); s.Reason != StopBreak || m.Reg(16) != 0x5a || m.PC() != far+4 {
			t.Fatalf("%+v: the code written past the program: %+v, r16 %#x, pc %d", cfg, s, m.Reg(16), m.PC())
		}
		if err := m.Restore(snap); err != nil || len(m.code) != 4 || m.opAt(far+2).Kind != opIllegal {
			t.Fatalf("%+v: restored to before the writes: %v, %d ops decoded", cfg, err, len(m.code))
		}
		n := NewFrom(m, d, prog, cfg)
		if len(n.code) != 4 || len(n.ops) != 4 {
			t.Fatalf("%+v: NewFrom over the grown machine: %d ops decoded (%d traps)", cfg, len(n.code), len(n.ops))
		}
		if s := n.Run(100); s.Reason != StopFault || s.Fault.PC != far || s.Fault.Cycle != 3 {
			t.Fatalf("%+v: NewFrom's machine: %+v", cfg, s)
		}
	}
}

// opAt returns the op of flash word w as a runner sees it: the decoded one, or past the decoded
// words the erased word's.
func (m *Machine) opAt(w uint32) Op {
	if w < uint32(len(m.code)) {
		return m.code[w]
	}
	return m.erased
}
