package emu

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/isa"
)

// notState lists the fields of Machine that a Snapshot does not copy, and why. Every other field must
// be copied by SnapshotAfter and put back by Restore; TestSnapshotCoversMachine fails when a field is
// added to Machine without being sorted into one or the other.
var notState = map[string]string{
	"dev": "structure: fixed at New", "cfg": "configuration: fixed at New",
	"ops": "derived from flash (Restore re-decodes) and the access record", "code": "derived from flash", "words": "structure: the flash's size", "erased": "structure: decoded at New",
	"ldst": "structure: a view of data", "regs": "a view of mem (copied: r0..r31)", "data": "a view of mem (copied)",
	"sram": "structure: a view of data", "sramStart": "structure", "limit": "transient: set by each Run",
	"deadline": "transient: set by each Run", "retBytes": "structure", "retiSetsI": "structure",
	"flash": "a view of mem (copied)", "outMax": "configuration", "execSeen": "a view of mem (copied)",
	"flashSeen": "a view of mem (copied)", "dataSeen": "a view of mem (copied)",
	"hooked": "derived from the configuration and the breakpoints", "interpOnly": "derived as hooked", "resumed": "transient: set by each Run and Step",
	"bp": "breakpoints are the debugger's, not the machine's state", "nbp": "breakpoints",
	"traceMax": "configuration", "runner": "the engine, not state: it reads the machine's state",
	"prog": "the lowered program (derived), the runner's hotness counter and FlashEnd (Restore sets it with the flash)",
	"mem":  "the memory the views above live in", "epoch": "changed by Restore so the runner forgets its marks",
	"loaded": "the image given to New or ResetFlash (which flash is erased, for fault messages)", "present": "the image given to New or ResetFlash",
	"writes": "an instrument (Config.Writes): the stores since ResetWrites, which the leakage model reads per step",
}

// stateFields are the fields Snapshot copies.
var stateFields = []string{"pc", "cycles", "sreg", "sp", "sentinel", "stackLow", "out", "outCut", "spmWrites",
	"ioWrote", "spWritten", "trace", "traceHash", "execCount", "cycleCount", "profPC", "profStart", "profOn",
	"desEnd", "desValid", "desKey", "desSub", "desKeyOK"}

func TestSnapshotCoversMachine(t *testing.T) {
	known := map[string]bool{}
	for _, f := range stateFields {
		known[f] = true
	}
	st := reflect.TypeOf(Machine{})
	for i := 0; i < st.NumField(); i++ {
		name := st.Field(i).Name
		if _, ok := notState[name]; !ok && !known[name] {
			t.Errorf("Machine.%s is neither copied by Snapshot nor listed as not state: add it to emu/snapshot.go (or to notState in its test, with the reason)", name)
		}
	}
	for f := range notState {
		if _, ok := st.FieldByName(f); !ok {
			t.Errorf("notState lists %s, which Machine no longer has", f)
		}
	}
}

// state is everything observable of a machine, for comparisons.
type state struct {
	Regs                            [32]byte
	Data, Flash, Out                []byte
	PC                              uint32
	Cycles                          uint64
	SREG                            uint8
	SP, StackLow                    uint16
	SPM                             int
	Trace                           []uint32
	Hash                            uint64
	Exec, Cyc                       []uint64
	Executed, FlashRead             []bool
	DataAccess                      []byte
	DESValid, DESKeyOK              bool
	DESKey                          uint64
	OutCut                          bool
	ProfPC                          uint32
	ProfOn                          bool
	ProfStart, DESEnd, TraceHash2   uint64
	InstructionWordsAt100, Sentinel uint32
}

func stateOf(m *Machine) state {
	s := state{Data: append([]byte(nil), m.data...), Flash: append([]byte(nil), m.flash...), Out: append([]byte(nil), m.out...), PC: m.pc, Cycles: m.cycles,
		SREG: m.sreg, SP: m.sp, StackLow: m.stackLow, SPM: m.spmWrites, Trace: append([]uint32(nil), m.trace...),
		Hash: m.traceHash, Exec: append([]uint64(nil), m.execCount...), Cyc: append([]uint64(nil), m.cycleCount...),
		Executed: append([]bool(nil), m.execSeen...), FlashRead: append([]bool(nil), m.flashSeen...),
		DataAccess: append([]byte(nil), m.dataSeen...), DESValid: m.desValid, DESKeyOK: m.desKeyOK, DESKey: m.desKey,
		OutCut: m.outCut, ProfPC: m.profPC, ProfOn: m.profOn, ProfStart: m.profStart, DESEnd: m.desEnd, Sentinel: m.sentinel,
		InstructionWordsAt100: uint32(m.InstructionWords(0x100))}
	copy(s.Regs[:], m.regs[:32])
	return s
}

// snapProgram loops over SRAM sums, pushes and pops, prints to the UART and rewrites a flash word with
// SPM (so program memory is state too), then sleeps.
const snapProgram = `
	ldi r16, 0x10
	out 0x3e, r16          ; SPH
	ldi r16, 0xff
	out 0x3d, r16          ; SPL: SP = 0x10ff
	ldi r26, 0x00
	ldi r27, 0x01          ; X = 0x100
	ldi r18, 40
	clr r20
loop:
	add r20, r18
	st X+, r20
	push r20
	pop r21
	sts 0x2c, r21          ; UDR0: output
	dec r18
	brne loop
	ldi r30, 0x00
	ldi r31, 0x02          ; Z = 0x200 (word 0x100)
	ldi r16, 0x08
	mov r0, r16
	ldi r16, 0x95
	mov r1, r16            ; r1:r0 = 0x9508 (ret)
	spm
	clr r1
	ldi r18, 30
loop2:
	lds r22, 0x105
	inc r22
	sts 0x105, r22
	dec r18
	brne loop2
	sleep
`

func snapMachine(t *testing.T, cfg Config) (*Machine, []byte) {
	t.Helper()
	im, err := asm.Assemble("snap.S", []byte(snapProgram), asm.Config{Device: "atmega128"})
	if err != nil {
		t.Fatal(err)
	}
	return New(im.Device, im.Flash, cfg), im.Flash
}

// TestSnapshotRestore: restoring a snapshot taken part way gives back that state exactly, and running
// on from it gives the same end as running on the first time; with every recording Config.
func TestSnapshotRestore(t *testing.T) {
	for _, cfg := range []Config{{}, {Access: true}, {Trace: true, Profile: true}, {Access: true, Trace: true, Profile: true}} {
		t.Run(fmt.Sprintf("%+v", cfg), func(t *testing.T) {
			for _, at := range []uint64{0, 7, 300, 620, 700} { // before, in and after the SPM
				m, _ := snapMachine(t, cfg)
				m.Run(at)
				snap := m.Snapshot()
				mid := stateOf(m)
				stop := m.Run(100_000)
				if stop.Reason != StopSleep {
					t.Fatalf("stop %v", stop)
				}
				end := stateOf(m)
				if err := m.Restore(snap); err != nil {
					t.Fatal(err)
				}
				if got := stateOf(m); !reflect.DeepEqual(got, mid) {
					t.Fatalf("at %d: restored state differs from the snapshot's: %s", at, diffState(got, mid))
				}
				if stop := m.Run(100_000); stop.Reason != StopSleep {
					t.Fatalf("after restore: stop %v", stop)
				}
				if got := stateOf(m); !reflect.DeepEqual(got, end) {
					t.Fatalf("at %d: running on after the restore ends elsewhere: %s", at, diffState(got, end))
				}
			}
		})
	}
}

func diffState(a, b state) string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := 0; i < va.NumField(); i++ {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			return fmt.Sprintf("%s: %v vs %v", va.Type().Field(i).Name, va.Field(i).Interface(), vb.Field(i).Interface())
		}
	}
	return "equal"
}

// TestSnapshotReverseStep: stepping back by restoring an earlier checkpoint and re-executing gives the
// state of every earlier instruction, as a debugger's reverse step does.
func TestSnapshotReverseStep(t *testing.T) {
	m, _ := snapMachine(t, Config{})
	var states []state
	var checkpoints []*Snapshot
	for i := 0; ; i++ {
		if i%16 == 0 {
			var prev *Snapshot
			if len(checkpoints) > 0 {
				prev = checkpoints[len(checkpoints)-1]
			}
			checkpoints = append(checkpoints, m.SnapshotAfter(prev))
		}
		states = append(states, stateOf(m))
		if s := m.Step(); s.Reason != StopNone {
			break
		}
	}
	// Going back from the end, one instruction at a time.
	for k := len(states) - 1; k >= 0; k-- {
		if err := m.Restore(checkpoints[k/16]); err != nil {
			t.Fatal(err)
		}
		for j := k / 16 * 16; j < k; j++ {
			m.Step()
		}
		if got := stateOf(m); !reflect.DeepEqual(got, states[k]) {
			t.Fatalf("back to instruction %d: %s", k, diffState(got, states[k]))
		}
	}
	// The checkpoints share program memory until the SPM rewrites it.
	shared := 0
	for i := 1; i < len(checkpoints); i++ {
		if &checkpoints[i].flash[0] == &checkpoints[i-1].flash[0] {
			shared++
		} else if bytes.Equal(checkpoints[i].flash, checkpoints[i-1].flash) {
			t.Errorf("checkpoint %d copies an unchanged flash", i)
		}
	}
	if shared != len(checkpoints)-2 {
		t.Errorf("%d of %d checkpoints share flash with the one before, want all but the one after the SPM", shared, len(checkpoints)-1)
	}
}

// TestSnapshotBreakpointsKept: a restore keeps the current breakpoints, so reverse continue stops at
// breakpoints set after the snapshot.
func TestSnapshotBreakpointsKept(t *testing.T) {
	m, _ := snapMachine(t, Config{})
	snap := m.Snapshot()
	m.SetBreakpoint(9) // "add r20, r18"
	if err := m.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if s := m.Run(100_000); s.Reason != StopBreakpoint || m.PC() != 9 {
		t.Errorf("stop %v at %#x, want the breakpoint at word 9", s, m.PC())
	}
}

func TestSnapshotMismatch(t *testing.T) {
	m, flash := snapMachine(t, Config{})
	for _, other := range []*Machine{
		New(isa.LookupDevice("atmega328p"), flash, Config{}),
		New(m.dev, flash, Config{Access: true}),
	} {
		before := stateOf(other)
		if err := other.Restore(m.Snapshot()); !errors.Is(err, ErrSnapshotMismatch) {
			t.Errorf("restore into another kind of machine: %v", err)
		}
		if !reflect.DeepEqual(stateOf(other), before) {
			t.Error("a refused restore changed the machine")
		}
	}
	if err := m.Restore(nil); !errors.Is(err, ErrSnapshotMismatch) {
		t.Errorf("restore of nil: %v", err)
	}
}

// BenchmarkSnapshot measures a checkpoint (sharing flash) and a restore on the ATmega128.
func BenchmarkSnapshot(b *testing.B) {
	im, err := asm.Assemble("snap.S", []byte(snapProgram), asm.Config{Device: "atmega128"})
	if err != nil {
		b.Fatal(err)
	}
	m := New(im.Device, im.Flash, Config{})
	m.Run(300)
	prev := m.Snapshot()
	b.Run("snapshot", func(b *testing.B) {
		for b.Loop() {
			m.SnapshotAfter(prev)
		}
	})
	b.Run("restore", func(b *testing.B) {
		for b.Loop() {
			m.Restore(prev)
		}
	})
}
