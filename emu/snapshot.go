package emu

import (
	"bytes"
	"errors"

	"github.com/avrlab/avrlab/internal/textf"
)

// Snapshot is a copy of a machine's whole state at one instant: registers, the data space (SRAM and
// I/O), SREG, SP, PC, the cycle counter, program memory (SPM and WriteFlash change it), the return
// sentinel, the stack low-water mark, the output, the DES key schedule and, where the machine's
// Config records them, the access record, the trace and the profile counts. Restoring it and running
// on gives exactly what running on from that instant gave, since the machine is deterministic: a
// debugger steps backwards by restoring an earlier snapshot and re-executing up to the instruction
// before. Breakpoints are not state: a restore keeps the machine's current ones.
//
// A Snapshot is immutable once taken and safe to share between goroutines; it restores only into the
// machine it was taken from or one built with the same device and Config. Its size is about the
// data space plus, when not shared, program memory (4.3 KB + 128 KB on the ATmega128); SnapshotAfter
// shares unchanged program memory with an earlier snapshot, so periodic checkpoints cost the data
// space each. With Config.Profile the counts add 16 bytes per flash word. Config.Engine does not
// matter: a snapshot of a translated machine restores into an interpreted one and back.
type Snapshot struct {
	dev   string
	kind  stateKind
	regs  [32]byte
	data  []byte
	flash []byte // shared between snapshots while equal: never written

	pc     uint32
	cycles uint64
	sreg   uint8
	sp     uint16

	sentinel uint32
	stackLow uint16

	out    []byte
	outCut bool

	execSeen  []bool
	flashSeen []bool
	dataSeen  []byte
	ioWrote   []bool
	spWritten uint16
	spmWrites int

	trace     []uint32
	traceHash uint64

	execCount  []uint64
	cycleCount []uint64
	profPC     uint32
	profStart  uint64
	profOn     bool

	desEnd   uint64
	desValid bool
	desKey   uint64
	desSub   [16]uint64
	desKeyOK bool
}

// Cycles returns the cycle counter at the snapshot.
func (s *Snapshot) Cycles() uint64 { return s.cycles }

// PC returns the program counter (word address) at the snapshot.
func (s *Snapshot) PC() uint32 { return s.pc }

// Snapshot returns a copy of the machine's whole state (see [Snapshot]).
func (m *Machine) Snapshot() *Snapshot { return m.SnapshotAfter(nil) }

// SnapshotAfter is Snapshot that shares the copy of program memory with prev (an earlier snapshot of
// the same machine, or nil) when program memory has not changed since prev was taken: periodic
// checkpoints then cost one copy of the data space each.
func (m *Machine) SnapshotAfter(prev *Snapshot) *Snapshot {
	s := &Snapshot{
		dev: m.dev.Name, kind: kindOf(m.cfg), data: bytes.Clone(m.data),
		pc: m.pc, cycles: m.cycles, sreg: m.sreg, sp: m.sp,
		sentinel: m.sentinel, stackLow: m.stackLow,
		out: bytes.Clone(m.out), outCut: m.outCut,
		spmWrites: m.spmWrites,
		traceHash: m.traceHash,
		profPC:    m.profPC, profStart: m.profStart, profOn: m.profOn,
		desEnd: m.desEnd, desValid: m.desValid, desKey: m.desKey, desSub: m.desSub, desKeyOK: m.desKeyOK,
	}
	copy(s.regs[:], m.regs[:32])
	if prev != nil && prev.dev == m.dev.Name && bytes.Equal(prev.flash, m.flash) {
		s.flash = prev.flash
	} else {
		s.flash = bytes.Clone(m.flash)
	}
	if m.cfg.Access {
		s.execSeen = append([]bool(nil), m.execSeen...)
		s.flashSeen = append([]bool(nil), m.flashSeen...)
		s.dataSeen = bytes.Clone(m.dataSeen)
		s.ioWrote = append([]bool(nil), m.ioWrote...)
	}
	s.spWritten = m.spWritten
	if m.cfg.Trace {
		s.trace = append([]uint32(nil), m.trace...)
	}
	if m.cfg.Profile {
		s.execCount = append([]uint64(nil), m.execCount...)
		s.cycleCount = append([]uint64(nil), m.cycleCount...)
	}
	return s
}

// stateKind is the part of a Config that decides what state a machine keeps; the engine does not
// (a translated and an interpreted machine hold the same state).
type stateKind struct {
	trace, traceHash, profile, access bool
	traceLimit, outputLimit           int
}

func kindOf(c Config) stateKind {
	return stateKind{c.Trace, c.TraceHash, c.Profile, c.Access, c.TraceLimit, c.OutputLimit}
}

// ErrSnapshotMismatch is returned by Restore for a snapshot of another device or Config.
var ErrSnapshotMismatch = errors.New("snapshot of another kind of machine")

// Restore puts the machine back into the state of s (see [Snapshot]); the machine's breakpoints stay
// as they are. It fails, changing nothing, with ErrSnapshotMismatch when s was taken from a machine
// of another device or Config. When program memory differs from the snapshot's it is copied back and
// re-decoded (about as long as New takes); otherwise Restore copies the data space and registers only.
func (m *Machine) Restore(s *Snapshot) error {
	if s == nil || s.dev != m.dev.Name || s.kind != kindOf(m.cfg) || len(s.data) != len(m.data) || len(s.flash) != len(m.flash) {
		return textf.Errorf("emu: restore: %w", ErrSnapshotMismatch)
	}
	copy(m.regs[:32], s.regs[:])
	copy(m.data, s.data)
	m.pc, m.cycles, m.sreg, m.sp = s.pc, s.cycles, s.sreg, s.sp
	m.sentinel, m.stackLow = s.sentinel, s.stackLow
	m.out = append(m.out[:0], s.out...)
	m.outCut = s.outCut
	m.spmWrites = s.spmWrites
	m.spWritten = s.spWritten
	m.traceHash = s.traceHash
	m.profPC, m.profStart, m.profOn = s.profPC, s.profStart, s.profOn
	m.desEnd, m.desValid, m.desKey, m.desSub, m.desKeyOK = s.desEnd, s.desValid, s.desKey, s.desSub, s.desKeyOK
	if !bytes.Equal(m.flash, s.flash) {
		copy(m.flash, s.flash)
		m.prog.FlashEnd = uint32(ProgramEnd(m.flash))
		m.predecode() // re-decodes, re-arms the access traps and tells the runner
	}
	if m.cfg.Access {
		copy(m.execSeen, s.execSeen)
		copy(m.flashSeen, s.flashSeen)
		copy(m.dataSeen, s.dataSeen)
		copy(m.ioWrote, s.ioWrote)
		// A word not executed at the snapshot traps again on its next execution; an executed one
		// runs its decoded op. The runner forgets the words it marked.
		for w := range m.ops {
			if m.execSeen[w] {
				m.ops[w] = m.code[w]
			} else {
				m.ops[w] = Op{Kind: opCover}
			}
		}
		m.epoch++
	}
	if m.cfg.Trace {
		m.trace = append(m.trace[:0], s.trace...)
	}
	if m.cfg.Profile {
		copy(m.execCount, s.execCount)
		copy(m.cycleCount, s.cycleCount)
	}
	return nil
}
