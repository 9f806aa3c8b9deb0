package emu

import (
	"encoding/binary"
	"unsafe"

	"github.com/avrlab/avrlab/isa"
)

// Engine runs machines' programs as translated code beside the interpreter, which stays the
// reference (Config.Engine). An engine hands each new machine a [Runner] whose memory holds the
// machine's whole state (see [Layout]), so translated code works on the machine's own arrays in
// place; the interpreter and the runner read one lowered program ([Program], one [Op] per flash
// word). Package emu/translate implements it (WebAssembly, run by wazero natively and by the
// browser's WebAssembly API in the page). An Engine is safe for concurrent use by several machines.
type Engine interface {
	// NewRunner returns the runner of one new machine, with a memory of at least size bytes, all
	// zero; nil when the engine cannot serve the machine (it then only interprets).
	NewRunner(size int) Runner
}

// RunnerReuser is an Engine that can hand a new machine the runner of a machine its user is done
// with (NewFrom's old one), in that runner's memory, instead of a new runner and memory: the state
// memory (flash, the access record, a translator's trace log: 600 KB on an ATmega128) is most of
// what building a machine allocates.
type RunnerReuser interface {
	Engine
	// ReuseRunner returns a runner for a new machine of state memory size: old's memory with a
	// runner in the state NewRunner's is in, but for the memory's first size bytes, which the
	// machine sets as a fresh machine's (it clears them and loads its program); past size the
	// memory is all zero again. nil when old is not one of the engine's runners or cannot serve
	// (another size, work in flight): the machine then asks NewRunner. old is not used again.
	ReuseRunner(old Runner, size int) Runner
}

// Runner runs translated code for one machine (one goroutine at a time, as the machine).
//
// The machine writes its scalar state into the control block at the start of Memory (the Ctl
// offsets: PC, SREG, SP, the stack low-water mark, the return sentinel, the cycle counter, the cycle
// limit of the Run, the access epoch) and calls Run; Run executes translated code from that PC,
// leaves the state in Memory exactly as the interpreter would have left it after the same
// instructions, and says why it returned. It never executes an instruction that starts at or past
// the limit, never faults and never stops the machine: every instruction it does not run itself
// (faults included) it leaves to the interpreter with ExitStep.
type Runner interface {
	// Memory returns the machine's state memory (Layout.Size bytes at least).
	Memory() []byte
	// Run runs translated code as described above.
	Run(p *Program) Exit
	// Invalidate says that flash words lo..hi-1 changed (SPM, WriteFlash, ResetFlash): translated
	// code that covers them must not run again.
	Invalidate(lo, hi uint32)
}

// Exit says why Runner.Run returned.
type Exit uint8

const (
	// ExitStep: the instruction at PC is the interpreter's (an I/O register with side effects, a
	// fault, SLEEP, BREAK, the return to the sentinel, SPM, code not translated): the machine
	// interprets that one instruction and calls Run again.
	ExitStep Exit = iota
	// ExitLimit: the code ahead might reach the cycle limit (or the runner has no code yet): the
	// machine interprets to the limit, in slices of at most interpSlice cycles, after each of which
	// it calls Run again.
	ExitLimit
)

// interpSlice is the most cycles the machine interprets after ExitLimit before calling the runner
// again: 64K, so that a runner waiting for a long run to get hot (translate.NewPage's threshold on
// the current run) is asked in time; a runner that is not hot yet answers in a few comparisons.
// A runner can ask for less (Program.AskIn).
const interpSlice = 1 << 16

// interpTo returns where the machine interprets to after ExitLimit, from cycle c0 towards limit:
// at most interpSlice cycles on, or the runner's Program.AskIn when that is less.
func (m *Machine) interpTo(c0, limit uint64) uint64 {
	n := uint64(interpSlice)
	if a := m.prog.AskIn; a > 0 && a < n {
		n = a
	}
	if limit-c0 > n {
		return c0 + n
	}
	return limit
}

// Program is a machine's lowered program as a Runner reads it. Code is the machine's own slice:
// read it only during Run.
type Program struct {
	Device *isa.Device
	// Code holds one op per flash word, each decoded on its own (skip sizes filled in), except the
	// words WriteFlash rewrote that have not executed since (OpDeferred): a runner leaves those to
	// the interpreter, which decodes them and then calls Invalidate for them. It ends one word past
	// the program, or further: every word past it (up to Words) is erased flash, decoded when
	// the machine reaches, writes or reloads it, or a runner asks (Reach): a runner leaves a word
	// past Code to the interpreter, as it leaves a word past the end of flash. Code shrinks only
	// with Invalidate.
	Code []Op
	m    *Machine // the machine whose program this is (Reach)
	// Access is Config.Access: translated code must keep the access record as the interpreter does
	// (executed words, flash bytes read, data bytes read or written) in the Layout's arrays. An
	// executed word is marked by the first execution of the instruction starting there.
	Access bool
	// TraceHash is Config.TraceHash: translated code must update the trace hash in the control
	// block (CtlTraceHash) as the interpreter does, h = (h ^ pc) * FNV prime per executed instruction.
	TraceHash bool
	Layout    Layout
	// FlashEnd bounds the programmed part of program memory: every byte from FlashEnd on is erased
	// (0xFF). The machine keeps it at or past the end of the image it loaded and of every byte
	// written since (SPM, WriteFlash, Restore), so that a scan for the erased tail (ProgramEnd)
	// reads the program, not the 128 KB of an ATmega128's flash.
	FlashEnd uint32
	// Epoch changes whenever the access record is cleared (ResetAccess): a runner that remembers
	// which words it marked forgets it then. It is also in the control block (CtlEpoch).
	Epoch uint32
	// Interpreted counts the cycles the machine interpreted since New after its runner returned
	// ExitLimit or ExitStep: a runner can wait until a machine is hot before translating.
	Interpreted uint64
	// Expected is what the machine's user expects Interpreted to reach without translation
	// (Machine.Expect), 0 when it said nothing: a runner may count it as cycles already run
	// (translate before the machine proves hot). A hint only: no result depends on it.
	Expected uint64
	// AskIn is the runner's answer beside ExitLimit: the machine interprets at most this many
	// cycles before calling Run again (0: interpSlice; more than interpSlice counts as interpSlice).
	// A runner waiting for the machine to get hot sets it to the cycles its wait has left, so
	// that the machine is translated where the wait ends, not at the next slice. The machine
	// clears it before each Run. A hint only: no result depends on it.
	AskIn uint64
}

// Words returns the size of the device's flash in words.
func (p *Program) Words() uint32 { return uint32(p.Device.Flash / 2) }

// Reach makes Code cover flash word w (below Words), decoding the erased words up to it, on
// a machine's Program; a runner calls it before reading an op past Code.
func (p *Program) Reach(w uint32) {
	if w >= uint32(len(p.Code)) && p.m != nil {
		p.Code = p.m.cover(w)
	}
}

// Layout gives the byte offsets of a machine's arrays in its state memory. The control block is at
// offset 0 (the Ctl constants); the access arrays are 0 without Config.Access.
type Layout struct {
	Regs       uint32 // r0..r31 (256 bytes reserved)
	Data       uint32 // data space 0..RAMEND (registers not included: on classic parts they are at Regs)
	Flash      uint32 // program memory, Device.Flash bytes
	Executed   uint32 // one byte (0 or 1) per flash word: the instruction starting there was executed
	FlashRead  uint32 // one byte (0 or 1) per flash byte: read as data
	DataAccess uint32 // one byte per data address: AccessRead | AccessWrite | AccessStack (| AccessReadBack)
	Size       uint32 // total bytes
}

// Offsets of the control block (little-endian).
const (
	CtlPC       = 0  // uint32: word address of the next instruction
	CtlSREG     = 4  // uint8
	CtlSP       = 6  // uint16
	CtlStackLow = 8  // uint16: lowest SP seen, 0xFFFF when none yet
	CtlSentinel = 12 // uint32: the return sentinel (word address), 0xFFFFFFFF when none
	CtlCycles   = 16 // uint64
	CtlLimit    = 24 // uint64: the cycle limit of the Run
	CtlEpoch    = 32 // uint32: Program.Epoch
	// CtlTraceHash is the trace hash (uint64, Program.TraceHash).
	CtlTraceHash = 40
	ctlSize      = 64
)

func layoutFor(dev *isa.Device, access bool) Layout {
	var l Layout
	at := uint32(ctlSize)
	take := func(n uint32) uint32 {
		o := at
		at = (at + n + 7) &^ 7
		return o
	}
	nd := uint32(dev.RAMEND()) + 1
	l.Regs = take(256)
	l.Data = take(nd)
	l.Flash = take(uint32(dev.Flash))
	if access {
		l.Executed = take(uint32(dev.Flash / 2))
		l.FlashRead = take(uint32(dev.Flash))
		l.DataAccess = take(nd)
	}
	l.Size = at
	return l
}

// boolSlice views bytes that hold only 0 and 1 as bools.
func boolSlice(b []byte) []bool {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*bool)(unsafe.Pointer(&b[0])), len(b))
}

// invalidate tells the runner that flash words lo..hi-1 changed.
func (m *Machine) invalidate(lo, hi uint32) {
	if m.runner != nil {
		m.runner.Invalidate(lo, hi)
	}
}

// Translated reports whether the machine has a runner for translated code (Config.Engine served it).
func (m *Machine) Translated() bool { return m.runner != nil }

// Expect tells the machine's engine that about cycles more cycles of the same code are to run
// (the harness after its first call: the calls left times that call's cycles), so that it may
// translate before the machine gets hot on its own (Program.Expected). It changes no result.
func (m *Machine) Expect(cycles uint64) { m.prog.Expected = m.prog.Interpreted + cycles }

// runTranslated is Run with a runner and no hooks: translated code as far as it goes, the interpreter
// for single instructions it leaves (ExitStep) and for the last stretch before the limit.
func (m *Machine) runTranslated(limit uint64) Stop {
	ctl := m.mem[:ctlSize]
	le := binary.LittleEndian
	m.prog.Epoch = m.epoch
	for {
		if m.cycles >= limit {
			return Stop{Reason: StopLimit}
		}
		le.PutUint32(ctl[CtlPC:], m.pc)
		ctl[CtlSREG] = m.sreg
		le.PutUint16(ctl[CtlSP:], m.sp)
		le.PutUint16(ctl[CtlStackLow:], m.stackLow)
		le.PutUint32(ctl[CtlSentinel:], m.sentinel)
		le.PutUint64(ctl[CtlCycles:], m.cycles)
		le.PutUint64(ctl[CtlLimit:], limit)
		le.PutUint32(ctl[CtlEpoch:], m.epoch)
		le.PutUint64(ctl[CtlTraceHash:], m.traceHash)
		m.prog.AskIn = 0
		x := m.runner.Run(&m.prog)
		m.traceHash = le.Uint64(ctl[CtlTraceHash:])
		m.pc = le.Uint32(ctl[CtlPC:])
		m.sreg = ctl[CtlSREG]
		m.sp = le.Uint16(ctl[CtlSP:])
		m.stackLow = le.Uint16(ctl[CtlStackLow:])
		m.cycles = le.Uint64(ctl[CtlCycles:])
		c0 := m.cycles
		if x == ExitLimit {
			// Interpret to the limit, in slices, so that a runner waiting for the machine to get
			// hot (or one that gave up) is asked again.
			s := m.run(m.interpTo(c0, limit))
			m.prog.Interpreted += m.cycles - c0
			if s.Reason != StopLimit || m.cycles >= limit {
				return s
			}
			continue
		}
		if m.cycles >= limit {
			return Stop{Reason: StopLimit}
		}
		s := m.run(m.cycles + 1)
		m.prog.Interpreted += m.cycles - c0
		if s.Reason != StopLimit {
			return s
		}
	}
}
