package emu

import (
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// SREG flag bits (manual §2, "SREG – Status Register").
const (
	flagC = 1 << iota
	flagZ
	flagN
	flagV
	flagS
	flagH
	flagT
	flagI
)

// DefaultTraceLimit is the number of addresses TraceAddrs keeps when Config.TraceLimit is 0.
const DefaultTraceLimit = 1 << 20

// Config selects the optional instrumentation of a [Machine]. The zero value runs without hooks.
type Config struct {
	// Trace records the word address of every executed instruction (TraceAddrs, up to TraceLimit of
	// them) and a running hash of the whole address sequence (TraceHash).
	Trace bool
	// TraceLimit caps the addresses kept for TraceAddrs: 0 means DefaultTraceLimit, a negative value
	// means no cap. The hash always covers every instruction.
	TraceLimit int
	// TraceHash keeps only the running hash of Trace (TraceHash; no addresses). Unlike Trace it lets
	// an Engine run the machine: translated code keeps the hash too.
	TraceHash bool
	// Profile counts executions and cycles per word address (ExecCount, CycleCount).
	Profile bool
	// Access records which flash words are executed, which program-memory bytes are read (LPM,
	// ELPM, flash mapped into data space) and which data-space bytes instructions read or write
	// (Executed, FlashRead, DataAccess; I/O instructions included; pushes, pops, calls and returns
	// too, as they read and write SRAM through SP). The record accumulates over Runs and Resets until
	// ResetAccess; the read-back record of SP, RAMPZ and EIND (AccessReadBack) is per call, since Reset.
	// It costs little: each word traps once on its first execution, and loads and stores take the
	// slow path.
	Access bool
	// OutputLimit caps the UART output kept (Output); 0 means DefaultOutputLimit, negative no cap.
	// OutputCut reports when bytes were dropped.
	OutputLimit int
	// Present, when not nil, says which bytes of the flash given to New (and ResetFlash) the program's
	// file writes (asm.Image.Present: a HEX file's records, an ELF file's segments): only those are
	// loaded, the others are erased (0xFF), and executing an erased word faults as erased flash. nil
	// loads every byte given. Bytes past the flash given are erased either way.
	Present []bool
	// Writes records every store an instruction makes to the data space through the load/store
	// path: ST, STD, STS, OUT, SBI, CBI, XCH, LAS, LAC, LAT (address, old and new value) in a buffer
	// reused across Runs (Writes, ResetWrites). Register writes on parts that map r0..r31 into the
	// data space are not in it, nor are pushes and calls (they move SP). A machine with Writes only
	// interprets (Config.Engine is ignored), and its loads and stores take the slow path, as with
	// Access. It is the leakage model's hook (package lab/leak); off, it costs nothing.
	Writes bool
	// Engine, when set, runs the program as translated code wherever it can (see [Engine]); the
	// interpreter runs the rest, and every Run with trace, profile or breakpoints on, and every Step.
	// The machine's state is the same either way. nil: interpret only.
	Engine Engine
}

// DefaultOutputLimit is the number of output bytes a machine keeps when Config.OutputLimit is 0.
const DefaultOutputLimit = 1 << 20

// Machine is one AVR device executing one program: registers, data space, program memory (predecoded)
// and the cycle counter. Build it with [New]; it is not safe for concurrent use (one goroutine at a
// time), but separate machines share nothing.
type Machine struct {
	dev *isa.Device
	cfg Config
	// ops and code hold one op per flash word from 0 on, up to one erased word past the program's
	// last programmed word (cover, predecode): every word past them is erased flash, not written
	// since it was loaded, which decodes to the same illegal op anywhere; the run loop decodes such
	// a word when it reaches it (cover). A device whose erased word decodes otherwise has them
	// over the whole flash. words is the flash's size in words.
	ops       []Op // as the run loop reads them (opCover traps with Config.Access)
	code      []Op // the decoded program (the same slice as ops without Config.Access)
	words     uint32
	erased    Op         // the op of an erased word (0xFFFF), which needs no position when it is illegal
	ldst      []byte     // the SRAM the loop's loads and stores reach directly: sram, or nil with Config.Access
	regs      *[256]byte // r0..r31 (256 bytes so that a uint8 index needs no bounds check)
	data      []byte     // data space 0..RAMEND (on classic parts r0..r31 live in regs, not data[0:32])
	sram      []byte     // data[SRAMStart : RAMEND+1]
	sramStart uint32     // dev.SRAMStart
	limit     uint64     // the cycle limit of the current Run
	deadline  uint64     // the run loop's deadline: limit, or the next cycle when hooks are on
	retBytes  uint32     // bytes of a return address: 2, or 3 with a 22-bit PC
	retiSetsI bool       // RETI sets I (not on AVRxm and AVRxt: manual, RETI)

	flash []byte // program memory, dev.Flash bytes (erased bytes are 0xFF)
	// loaded is how many bytes of flash New or ResetFlash was given; present (Config.Present) which of
	// them it loaded. The rest is erased flash.
	loaded  int
	present []bool

	pc     uint32 // word address
	cycles uint64
	sreg   uint8
	sp     uint16

	sentinel uint32 // return address that stops Run; noSentinel when unset
	stackLow uint16 // lowest SP seen; noLow when none was seen

	out    []byte // bytes written to dev.UDR
	outMax int    // cap of out; negative: none
	outCut bool   // bytes were dropped

	execSeen  []bool // Config.Access: per flash word, executed
	flashSeen []bool // Config.Access: per flash byte, read by LPM/ELPM/mapped flash
	dataSeen  []byte // Config.Access: per data address, accessRead|accessWrite
	ioWrote   []bool // Config.Access: per I/O data address, written since Reset (noteIO)
	spWritten uint16 // Config.Access: SP after its last write by an instruction (noteIO)
	spmWrites int    // SPM instructions executed since New or ResetFlash

	hooked bool // any of trace, trace hash, profile, breakpoints: the run loop calls hook
	// interpOnly: a hook translated code does not keep (all but the trace hash): Run interprets.
	interpOnly bool
	resumed    bool     // the first instruction of a Run/Step ignores its breakpoint
	bp         []uint64 // breakpoint bitmap, one bit per flash word; nil when none was ever set
	nbp        int

	trace     []uint32
	traceHash uint64
	traceMax  int

	execCount  []uint64
	cycleCount []uint64
	profPC     uint32
	profStart  uint64
	profOn     bool // profPC holds an instruction whose cycles are not yet attributed

	writes []Write // Config.Writes: the stores since ResetWrites

	desEnd   uint64 // cycle count right after the last DES, for its 1-or-2-cycle rule
	desValid bool
	desKey   uint64
	desSub   [16]uint64
	desKeyOK bool

	runner Runner  // Config.Engine's runner, nil when the machine only interprets
	prog   Program // what the runner reads
	mem    []byte  // the machine's state memory (the runner's, or its own): see Layout
	epoch  uint32  // access epoch, changed by ResetAccess (for the runner's own records)
}

const noSentinel = ^uint32(0)

// New returns a machine for dev (the default device, ATmega128, when dev is nil) with flash holding the
// program-memory image from byte address 0, in reset state. Bytes past the device's flash size are
// ignored; the rest of program memory is erased (0xFF). flash is copied.
func New(dev *isa.Device, flash []byte, cfg Config) *Machine { return NewFrom(nil, dev, flash, cfg) }

// NewFrom is New for a caller that is done with old (nil: none). When old models the same device
// with the same Config.Access, the new machine decodes its program into old's arrays of ops
// instead of allocating its own (a bench after a bench, the playground's live runs). It takes over
// old's state memory too, when old's runner is one the new machine's engine reuses (RunnerReuser)
// or neither machine has a runner: the memory is cleared and the program loaded in place, writing
// only the bytes that differ. The machine returned is in every way the one New(dev, flash, cfg) returns. old
// must not be used again: it keeps no program (any later run of it panics).
func NewFrom(old *Machine, dev *isa.Device, flash []byte, cfg Config) *Machine {
	if dev == nil {
		dev = isa.LookupDevice(isa.DefaultDevice)
	}
	words := dev.Flash / 2
	m := &Machine{dev: dev, cfg: cfg, sentinel: noSentinel, epoch: 1, words: uint32(words)}
	lay := layoutFor(dev, cfg.Access)
	same := old != nil && old.dev == dev && old.cfg.Access == cfg.Access && old.code != nil && len(old.flash) == dev.Flash
	mem, inPlace := m.stateMemory(old, same, lay)
	m.prog = Program{Device: dev, Access: cfg.Access, TraceHash: cfg.TraceHash, Layout: lay}
	m.prog.m = m
	m.erased = m.decodeWords(0, 0xFFFF, 0xFFFF)
	m.mem = mem
	m.regs = (*[256]byte)(mem[lay.Regs : lay.Regs+256])
	m.flash = mem[lay.Flash : lay.Flash+uint32(dev.Flash)]
	m.present = cfg.Present
	if same {
		end := len(m.flash)
		if inPlace {
			end = int(old.prog.FlashEnd)
		}
		m.loadFlash(flash, end)
		m.ops, m.code = old.ops[:0], old.code[:0] // predecode decodes into them
		m.ioWrote = old.ioWrote                   // Reset clears it
		old.ops, old.code, old.prog.Code, old.ioWrote = nil, nil, nil, nil
		if inPlace {
			old.mem = nil
		}
	} else {
		m.loadFlash(flash, len(m.flash))
	}
	if cfg.Access {
		m.execSeen = boolSlice(mem[lay.Executed : lay.Executed+uint32(words)])
		m.flashSeen = boolSlice(mem[lay.FlashRead : lay.FlashRead+uint32(dev.Flash)])
	}
	m.outMax = cfg.OutputLimit
	if m.outMax == 0 {
		m.outMax = DefaultOutputLimit
	}
	nd := uint32(dev.RAMEND()) + 1
	m.data = mem[lay.Data : lay.Data+nd]
	m.sram = m.data[dev.SRAMStart:]
	m.sramStart = uint32(dev.SRAMStart)
	m.ldst = m.sram
	if cfg.Writes {
		m.ldst = nil
	}
	if cfg.Access {
		m.ldst = nil
		m.dataSeen = mem[lay.DataAccess : lay.DataAccess+nd]
		if len(m.ioWrote) != int(dev.SRAMStart) {
			m.ioWrote = make([]bool, dev.SRAMStart)
		}
	}
	m.retBytes = 2
	if dev.PC22 {
		m.retBytes = 3
	}
	m.retiSetsI = dev.Core != isa.CoreAVRxm && dev.Core != isa.CoreAVRxt
	m.traceMax = cfg.TraceLimit
	if m.traceMax == 0 {
		m.traceMax = DefaultTraceLimit
	}
	if cfg.Profile {
		m.execCount = make([]uint64, words)
		m.cycleCount = make([]uint64, words)
	}
	m.predecode()
	if inPlace {
		m.clearState()
	}
	m.updateHooked()
	m.Reset()
	return m
}

// Device returns the device the machine models.
func (m *Machine) Device() *isa.Device { return m.dev }

// Reset puts the machine in its deterministic reset state: registers, I/O and SRAM zero, SREG zero,
// SP = Device.SPReset (0 on the ATmega128, whose programs set SP themselves), PC 0, cycle counter 0;
// it also clears the output, the trace, the profile and the stack low-water mark. Program memory
// (including SPM writes), breakpoints and the return sentinel are kept.
func (m *Machine) Reset() {
	clear(m.data)
	clear(m.regs[:])
	m.pc, m.cycles, m.sreg, m.sp = 0, 0, 0, m.dev.SPReset
	m.stackLow = noLow
	m.out, m.outCut = m.out[:0], false
	m.trace = m.trace[:0]
	m.traceHash = traceSeed
	clear(m.execCount)
	clear(m.cycleCount)
	m.profOn = false
	m.desValid = false
	clear(m.ioWrote)
	m.writes = m.writes[:0]
}

// Write is one store of an instruction to the data space (Config.Writes).
type Write struct {
	Addr     uint16 // data-space address
	Old, New uint8  // the byte before and after (SREG and SP as they were)
}

// Writes returns the stores recorded since Reset or ResetWrites (Config.Writes), oldest first. The
// slice is the machine's own: valid until the next Run, Step, Reset or ResetWrites.
func (m *Machine) Writes() []Write { return m.writes }

// ResetWrites empties the store record; its buffer is reused.
func (m *Machine) ResetWrites() { m.writes = m.writes[:0] }

// PC returns the program counter as a word address.
func (m *Machine) PC() uint32 { return m.pc }

// SetPC sets the program counter (word address). An address outside flash faults at the next fetch.
func (m *Machine) SetPC(wordAddr uint32) { m.pc = wordAddr }

// SP returns the stack pointer.
func (m *Machine) SP() uint16 { return m.sp }

// SetSP sets the stack pointer; it counts for StackLow.
func (m *Machine) SetSP(sp uint16) {
	m.sp = sp
	m.noteSP()
}

// SREG returns the status register.
func (m *Machine) SREG() uint8 { return m.sreg }

// SetSREG sets the status register.
func (m *Machine) SetSREG(v uint8) { m.sreg = v }

// Reg returns register r<i>; i is taken modulo 32.
func (m *Machine) Reg(i int) uint8 { return m.regs[i&31] }

// SetReg sets register r<i>; i is taken modulo 32.
func (m *Machine) SetReg(i int, v uint8) { m.regs[i&31] = v }

// Cycles returns the number of clock cycles executed since reset.
func (m *Machine) Cycles() uint64 { return m.cycles }

// SetCycles sets the cycle counter.
func (m *Machine) SetCycles(c uint64) { m.cycles = c }

// StackLow returns the lowest stack pointer seen since Reset or ResetStackLow: after every push and
// call, every write of SPL or SPH and SetSP. Before any of those it returns SP.
func (m *Machine) StackLow() uint16 {
	if m.stackLow == noLow {
		return m.sp
	}
	return m.stackLow
}

// ResetStackLow makes the current SP the stack low-water mark.
func (m *Machine) ResetStackLow() { m.stackLow = m.sp }

// noLow marks "no SP seen yet"; no device has SRAM at 0xFFFF, so a real SP never equals it.
const noLow = 0xFFFF

func (m *Machine) noteSP() {
	if m.sp < m.stackLow {
		m.stackLow = m.sp
	}
}

// Output returns the bytes the program wrote to the device's UDR (the debug port) since Reset or
// ResetOutput. The slice is the machine's own: valid until the next Run, Step or reset.
func (m *Machine) Output() []byte { return m.out }

// ResetOutput discards the output collected so far.
func (m *Machine) ResetOutput() { m.out, m.outCut = m.out[:0], false }

// OutputCut reports whether output bytes were dropped because Config.OutputLimit was reached since
// Reset or ResetOutput.
func (m *Machine) OutputCut() bool { return m.outCut }

// Access bits of DataAccess.
const (
	AccessRead  = 1 << iota // an instruction read the byte (pops and returns included)
	AccessWrite             // an instruction wrote the byte (pushes and calls included)
	// AccessReadBack marks SPL, SPH, RAMPZ or EIND read by an instruction after an instruction of the
	// same call (since Reset) wrote it: a register used to keep a byte. For SPL and SPH, only when no
	// push, pop, call or return used SP in between (a stack frame's SP is not a kept byte).
	AccessReadBack
	// AccessStack marks a byte a push, pop, call or return touched through SP since the last write of
	// SP next to it (within 3 bytes): the read-back record of SPL and SPH uses it.
	AccessStack
)

// Executed reports whether the instruction at flash word address w was executed since New or
// ResetAccess (false without Config.Access).
func (m *Machine) Executed(w uint32) bool { return w < uint32(len(m.execSeen)) && m.execSeen[w] }

// InstructionWords returns the size in words (1 or 2) of the instruction decoded at word address w.
func (m *Machine) InstructionWords(w uint32) int {
	return int(m.wordsAt(w))
}

// FlashRead reports whether program-memory byte addr was read as data (LPM, ELPM, or through the
// data-space window of mapped flash) since New or ResetAccess (false without Config.Access).
func (m *Machine) FlashRead(addr uint32) bool {
	return addr < uint32(len(m.flashSeen)) && m.flashSeen[addr]
}

// DataAccess returns how instructions accessed data-space address addr since New or ResetAccess: a
// combination of AccessRead, AccessWrite and AccessReadBack (0 without Config.Access). Pushes, pops,
// calls and returns count: they read and write SRAM through SP (a return address pushed by PushReturn,
// which is the caller's and not an instruction's, does not).
func (m *Machine) DataAccess(addr uint16) uint8 {
	if int(addr) >= len(m.dataSeen) {
		return 0
	}
	return m.dataSeen[addr]
}

// AccessRecord is the whole access record of a machine (Config.Access), for reading in bulk: the
// slices are the machine's own, valid until its next Run, Step or ResetAccess; do not modify them.
type AccessRecord struct {
	Executed  []bool // per flash word: the instruction starting there was executed
	FlashRead []bool // per flash byte: read as data
	Data      []byte // per data address: AccessRead|AccessWrite
}

// Access returns the access record (all nil without Config.Access).
func (m *Machine) Access() AccessRecord {
	return AccessRecord{Executed: m.execSeen, FlashRead: m.flashSeen, Data: m.dataSeen}
}

// ResetAccess clears the access record and re-arms the first-execution traps.
func (m *Machine) ResetAccess() {
	if !m.cfg.Access {
		return
	}
	clear(m.execSeen)
	clear(m.flashSeen)
	clear(m.dataSeen)
	m.epoch++
	m.arm(0, uint32(len(m.ops)))
}

// arm makes words lo..hi-1 trap on their next execution (Config.Access).
func (m *Machine) arm(lo, hi uint32) {
	if !m.cfg.Access {
		return
	}
	hi = min(hi, uint32(len(m.ops)))
	if lo >= hi {
		return
	}
	fillOps(m.ops[lo:hi], Op{Kind: opCover}) // the whole program is armed at every New
}

// SPMWrites returns how many SPM instructions wrote program memory since New or ResetFlash.
func (m *Machine) SPMWrites() int { return m.spmWrites }

// ResetFlash reloads program memory with flash from byte address 0 (the rest erased), as New does,
// and re-decodes it; breakpoints and the access record are kept. Use it to undo SPM writes.
func (m *Machine) ResetFlash(flash []byte) {
	m.loadFlash(flash, int(m.prog.FlashEnd))
	m.predecode()
	m.spmWrites = 0
}

// SetReturnSentinel makes a RET or RETI that pops wordAddr stop Run with StopReturn (the return's
// cycles counted, PC = wordAddr). Push the address first with PushReturn.
func (m *Machine) SetReturnSentinel(wordAddr uint32) { m.sentinel = wordAddr & (1<<22 - 1) }

// ClearReturnSentinel removes the return sentinel.
func (m *Machine) ClearReturnSentinel() { m.sentinel = noSentinel }

// PushReturn pushes wordAddr as a CALL pushes its return address: 2 bytes, or 3 on parts with a
// 22-bit PC, high byte at the lowest address. It returns a *Fault (ErrStackOverflow,
// ErrDataOutOfRange) and changes nothing when the bytes would fall outside SRAM.
func (m *Machine) PushReturn(wordAddr uint32) error {
	if f := m.pushRet(wordAddr); f != faultNone {
		return &Fault{Kind: f, PC: m.pc, Cycle: m.cycles, Addr: uint32(m.sp),
			Msg: textf.Sprintf("push of return address with sp %#04x", m.sp)}
	}
	return nil
}

const faultNone FaultKind = 0

// pushRet pushes a return address: low byte at SP, then higher bytes below.
func (m *Machine) pushRet(ret uint32) FaultKind {
	n := uint32(2)
	if m.dev.PC22 {
		n = 3
	}
	sp := uint32(m.sp)
	start := uint32(m.dev.SRAMStart)
	if sp < start+n-1 {
		return FaultStackOverflow
	}
	if sp-start >= uint32(len(m.sram)) {
		return FaultDataOutOfRange
	}
	for i := uint32(0); i < n; i++ {
		m.sram[sp-i-start] = byte(ret >> (8 * i))
	}
	m.sp = uint16(sp - n)
	m.noteSP()
	return faultNone
}

// SetBreakpoint makes Run stop with StopBreakpoint before executing the instruction at wordAddr. A
// Run or Step that starts at a breakpoint executes that instruction. Addresses outside flash are
// ignored.
func (m *Machine) SetBreakpoint(wordAddr uint32) {
	if wordAddr >= m.words {
		return
	}
	if m.bp == nil {
		m.bp = make([]uint64, (m.words+63)/64)
	}
	bit := uint64(1) << (wordAddr & 63)
	if m.bp[wordAddr/64]&bit == 0 {
		m.bp[wordAddr/64] |= bit
		m.nbp++
	}
	m.updateHooked()
}

// ClearBreakpoint removes the breakpoint at wordAddr, if any.
func (m *Machine) ClearBreakpoint(wordAddr uint32) {
	if m.bp == nil || wordAddr >= m.words {
		return
	}
	bit := uint64(1) << (wordAddr & 63)
	if m.bp[wordAddr/64]&bit != 0 {
		m.bp[wordAddr/64] &^= bit
		m.nbp--
	}
	m.updateHooked()
}

func (m *Machine) updateHooked() {
	m.interpOnly = m.cfg.Trace || m.cfg.Profile || m.nbp > 0
	m.hooked = m.interpOnly || m.cfg.TraceHash
}

// TraceAddrs returns the word addresses of the executed instructions, in order, since Reset (at most
// Config.TraceLimit of them; nil without Config.Trace). The slice is the machine's own: do not modify
// it; it is valid until the next Run, Step or Reset.
func (m *Machine) TraceAddrs() []uint32 { return m.trace }

// TraceHash returns a hash of the whole sequence of executed word addresses since Reset (FNV-1a over
// the addresses), for comparing control flow between runs in constant space. Without Config.Trace or
// Config.TraceHash it stays at its initial value.
func (m *Machine) TraceHash() uint64 { return m.traceHash }

const (
	traceSeed  = 14695981039346656037
	tracePrime = 1099511628211
)

// ExecCount returns how many times the instruction at wordAddr ran since Reset (0 without
// Config.Profile).
func (m *Machine) ExecCount(wordAddr uint32) uint64 {
	if wordAddr >= uint32(len(m.execCount)) {
		return 0
	}
	return m.execCount[wordAddr]
}

// CycleCount returns the cycles spent in the instruction at wordAddr since Reset, extras (taken
// branches, skips) included (0 without Config.Profile).
func (m *Machine) CycleCount(wordAddr uint32) uint64 {
	if wordAddr >= uint32(len(m.cycleCount)) {
		return 0
	}
	return m.cycleCount[wordAddr]
}

// hook runs before each instruction when hooks are on. It reports true to stop at a breakpoint
// before the instruction runs.
func (m *Machine) hook(pc uint32, cycles uint64) bool {
	if m.nbp > 0 && !m.resumed && m.bp[pc/64]&(1<<(pc&63)) != 0 {
		return true
	}
	m.resumed = false
	if m.cfg.Profile {
		if m.profOn {
			m.cycleCount[m.profPC] += cycles - m.profStart
		}
		m.profPC, m.profStart, m.profOn = pc, cycles, true
		m.execCount[pc]++
	}
	if m.cfg.Trace || m.cfg.TraceHash {
		m.traceHash = (m.traceHash ^ uint64(pc)) * tracePrime
		if m.cfg.Trace && (m.traceMax < 0 || len(m.trace) < m.traceMax) {
			m.trace = append(m.trace, pc)
		}
	}
	return false
}

// flushProfile attributes the cycles of the last instruction run.
func (m *Machine) flushProfile() {
	if m.profOn {
		m.cycleCount[m.profPC] += m.cycles - m.profStart
		m.profOn = false
	}
}

// loadFlash copies flash into program memory from address 0: the bytes Config.Present marks (all when it
// is nil); the others and the rest of program memory are erased, 0xFF. Program memory from byte end on
// is erased already (a machine's past its Program.FlashEnd), or zero (fresh memory: end is its size).
func (m *Machine) loadFlash(flash []byte, end int) {
	n := copy(m.flash, flash)
	m.loaded = n
	m.prog.FlashEnd = uint32(n)
	if m.present != nil {
		for i := range n {
			if i >= len(m.present) || !m.present[i] {
				m.flash[i] = 0xFF
			}
		}
	}
	if rest := m.flash[n:max(n, min(end, len(m.flash)))]; len(rest) > 0 { // erased, by doubling copies
		rest[0] = 0xFF
		for k := 1; k < len(rest); k *= 2 {
			copy(rest[k:], rest[:k])
		}
	}
}

// erasedWord reports whether both bytes of flash word w are erased: past the flash the program was
// loaded with, or not Present in it.
func (m *Machine) erasedWord(w uint32) bool {
	for _, a := range []int{2 * int(w), 2*int(w) + 1} {
		if a < m.loaded && (m.present == nil || a < len(m.present) && m.present[a]) {
			return false
		}
	}
	return true
}
