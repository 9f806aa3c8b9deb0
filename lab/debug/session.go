// Package debug is avrlab's debugger and per-line profiler: a [Session] keeps one assembled image and
// one machine, from reset or set up for a task's call on its official vector exactly as the bench sets
// it up (lab.PrepareCall), and steps, runs to a breakpoint or a line, steps over and out, goes back
// one instruction or back to the previous breakpoint, and profiles the run per source line and per
// label. The page's Debug and Cycles panes, `avrlab profile` and `avrlab debug -gdb` are its front
// ends.
//
// Going back is restore-a-checkpoint-and-re-execute: the machine is deterministic, so the session takes
// a snapshot (emu.Snapshot) every CheckpointCycles cycles and re-runs from the last one before the
// wanted instant.
package debug

import (
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/disasm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

// CheckpointCycles is the spacing of the session's checkpoints; a reverse step re-executes at most about
// this many cycles (twice: once to count the instructions, once to stop before the last).
const CheckpointCycles = 4096

// MaxCheckpoints bounds the checkpoints of a session (about 4.4 KB each on the ATmega128); past it every
// other one is dropped, doubling the spacing.
const MaxCheckpoints = 2048

// Modes of a session.
const (
	ModeReset = "reset" // the program from reset, until SLEEP, BREAK, a fault or the cycle limit
	ModeCall  = "call"  // the task's call on its official vector, set up as the harness does
)

// Stop says why the last command of a session stopped.
type Stop string

// Stop reasons.
const (
	StopStart      Stop = "start"      // at the start: nothing run yet, or gone back to it
	StopStep       Stop = "step"       // one step (or step over, step out) done
	StopBreakpoint Stop = "breakpoint" // at a breakpoint
	StopLine       Stop = "line"       // at the line run to
	StopReturn     Stop = "return"     // the call returned (ModeCall): the end
	StopSleep      Stop = "sleep"      // SLEEP ran: the end
	StopBreak      Stop = "break"      // BREAK ran: the end
	StopFault      Stop = "fault"      // the program faulted: the end
	StopLimit      Stop = "limit"      // the cycle limit: the end
	StopBack       Stop = "back"       // gone back one instruction
	StopInterrupt  Stop = "interrupt"  // a run was interrupted (ContinueUntil)
)

// Config says what a session debugs.
type Config struct {
	// Image is the assembled or loaded program.
	Image *asm.Image
	// Sources are the files whose lines the session reports and profiles (the user's own, not a
	// library's); nil means every file of the image.
	Sources map[string]bool
	// Mode is ModeReset or ModeCall; "" is ModeCall when Options.Task names a task, else ModeReset.
	Mode string
	// Options are the bench's options of the call (task, scenario, call, entry, round-key symbol,
	// device, seed); Vectors is ignored (the official vector is debugged). MaxCycles bounds the
	// session in both modes (0 = the task's DefaultMaxCycles for its call, lab.DefaultMaxCycles from reset).
	Options lab.Options
}

// MemBlock is a stretch of memory the debugger shows: the call's buffers, the round keys, .data/.bss
// and the stack.
type MemBlock struct {
	Name  string `json:"name"`
	Space string `json:"space"` // "data" or "flash"
	Addr  uint32 `json:"addr"`
	Hex   string `json:"hex"`
}

// State is the machine as the debugger shows it after a command.
type State struct {
	Mode   string    `json:"mode"`
	Call   string    `json:"call,omitempty"` // ModeCall: the call, e.g. "speck64_128_encrypt(block)"
	PC     uint32    `json:"pc"`             // byte address
	Cycles uint64    `json:"cycles"`
	SP     uint16    `json:"sp"`
	SREG   uint8     `json:"sreg"`
	R      [32]uint8 `json:"r"`
	File   string    `json:"file,omitempty"` // the source line of PC
	Line   int       `json:"line,omitempty"`
	Inst   string    `json:"inst"` // the instruction at PC
	// Stop says why the last command stopped.
	Stop    Stop   `json:"stop"`
	Done    bool   `json:"done"` // the program or call has ended: only going back moves on
	Message string `json:"message,omitempty"`
	// Problem is Message as data when it names an option (the cycle limit), for a front end with
	// other words than the CLI's; nil otherwise.
	Problem *lab.Problem `json:"problem,omitempty"`
	Memory  []MemBlock   `json:"memory"`
	// Breakpoints are the lines that hold a breakpoint, after moving each to the first line with code
	// at or below it.
	Breakpoints map[string][]int `json:"breakpoints"`
	Checkpoints int              `json:"checkpoints"`
}

// Session is one debugging session. It is not safe for concurrent use.
type Session struct {
	im        *asm.Image
	sources   map[string]bool // nil: every file
	mode      string
	call      string
	m         *emu.Machine
	start     *emu.Snapshot   // where going back stops: the start, or the last write (fork)
	origin    uint64          // the cycles at the start
	cps       []*emu.Snapshot // ascending by cycles; cps[0] == start
	limit     uint64
	stop      Stop
	done      bool
	fault     *emu.Fault // the fault that ended the run (StopFault)
	msg       string
	problem   *lab.Problem    // msg as data, when it names an option
	bps       map[uint32]bool // word addresses
	bpLines   map[string][]int
	blocks    []MemBlock // addresses and sizes of the shown memory (Hex filled per state)
	output    lab.Role
	expected  string
	lineWords map[string]map[int][]uint32 // file → line → word addresses of instructions
	// newMachine makes a machine with cfg where the session starts (from reset, or set up for the call).
	newMachine func(cfg emu.Config) *emu.Machine
}

// ErrNoTask is returned for ModeCall without a task.
var ErrNoTask = errors.New("no task to call: pick one (or put \"; avrlab task: ID\" in the first lines), or debug the program from reset")

// Start loads the configured program: from reset, or set up for the task's call on the official
// vector. The error says why it cannot (no code, no task, a call that cannot be set up).
func Start(cfg Config) (*Session, error) {
	im := cfg.Image
	if im == nil || im.EmittedBytes(0, uint32(len(im.Flash))) == 0 {
		return nil, errors.New("the program emits no code: there is nothing to debug")
	}
	s := &Session{im: im, sources: cfg.Sources, limit: cfg.Options.MaxCycles, bps: map[uint32]bool{}, bpLines: map[string][]int{}}
	if s.limit == 0 {
		s.limit = lab.DefaultMaxCycles
		if t := lab.LookupTask(cfg.Options.Task); t != nil && cfg.Mode != ModeReset {
			s.limit = t.DefaultMaxCycles() // a P-192 call is over 10^7 cycles
		}
	}
	if s.limit > lab.MaxCycleLimit {
		return nil, fmt.Errorf("cycle limit %d: at most %d", s.limit, uint64(lab.MaxCycleLimit))
	}
	s.lineWords = map[string]map[int][]uint32{}
	for _, l := range im.Lines {
		if l.Addr%2 != 0 || !s.isSource(l.Pos.Filename) {
			continue
		}
		f := s.lineWords[l.Pos.Filename]
		if f == nil {
			f = map[int][]uint32{}
			s.lineWords[l.Pos.Filename] = f
		}
		f[l.Pos.Line] = append(f[l.Pos.Line], l.Addr/2)
	}
	mode := cfg.Mode
	if mode == "" {
		mode = ModeReset
		if cfg.Options.Task != "" {
			mode = ModeCall
		}
	}
	switch mode {
	case ModeReset:
		s.newMachine = func(c emu.Config) *emu.Machine {
			c.Present = im.Present
			m := emu.New(im.Device, im.Flash, c)
			m.Reset()
			if len(im.Data) > 0 {
				m.LoadData(im.DataAddr, im.Data)
			}
			return m
		}
		s.addDataBlocks()
	case ModeCall:
		if cfg.Options.Task == "" {
			return nil, ErrNoTask
		}
		if err := s.prepareCall(cfg.Options); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown debug mode %q (reset or call)", mode)
	}
	s.mode = mode
	s.m = s.newMachine(emu.Config{})
	s.start = s.m.Snapshot()
	s.origin = s.start.Cycles()
	s.cps = []*emu.Snapshot{s.start}
	s.stop = StopStart
	return s, nil
}

// isSource reports whether file is one of the session's sources.
func (s *Session) isSource(file string) bool { return s.sources == nil || s.sources[file] }

// prepareCall sets the session up for the task's call on the official vector with lab.PrepareCall,
// the harness's own set-up: buffers filled, round keys written, registers planted (the callee-saved
// ones and the arguments the call does not pass), the return sentinel pushed, PC at the entry. The
// memory pane shows the call's buffers and the source's round-key table.
func (s *Session) prepareCall(opts lab.Options) error {
	opts.Vectors = -1
	opts.Progress = nil
	im := s.im
	_, cs, err := lab.PrepareCall(im, opts, 0, emu.Config{})
	if err != nil {
		return err
	}
	if p := cs.Report.Problem; p != nil {
		return lab.Prefixed(p, "the call cannot be set up: ")
	}
	if cs.Report.Error != "" {
		return errors.New("the call cannot be set up: " + cs.Report.Error)
	}
	s.newMachine = func(cfg emu.Config) *emu.Machine {
		m, _, err := lab.PrepareCall(im, opts, 0, cfg)
		if err != nil || m == nil {
			panic("debug: internal error: a call that was set up once cannot be set up again")
		}
		return m
	}
	// Round keys in the source's own table, where the harness writes them.
	if rt := cs.Report.RKTable; rt != nil {
		name := rt.Symbol
		t := lab.LookupTask(cs.Report.Task)
		if sym, found := im.Symbol(name); found && t != nil && t.RKBytes > 0 {
			space := "data"
			if rt.Memory == "flash" {
				space = "flash"
			}
			s.blocks = append(s.blocks, MemBlock{Name: "round keys (" + name + ")", Space: space, Addr: uint32(sym.Value), Hex: strings.Repeat("00", t.RKBytes)})
		}
	}
	for _, b := range cs.Buffers {
		if b.Value {
			continue // a uint8_t argument: it is in its register
		}
		s.blocks = append(s.blocks, MemBlock{Name: fmt.Sprintf("%s (%s)", b.Role, b.Register), Space: "data", Addr: uint32(b.Addr), Hex: strings.Repeat("00", b.Size)})
	}
	s.addDataBlocks()
	s.call = cs.Call
	s.output, s.expected = cs.Output, hex.EncodeToString(cs.Expected)
	return nil
}

// addDataBlocks shows .data and .bss.
func (s *Session) addDataBlocks() {
	im := s.im
	end := uint32(im.BSSAddr) + uint32(im.BSSSize)
	if d := uint32(im.DataAddr) + uint32(len(im.Data)); d > end {
		end = d
	}
	if n := int(end) - int(im.DataAddr); n > 0 && len(im.Data)+im.BSSSize > 0 {
		s.blocks = append(s.blocks, MemBlock{Name: ".data/.bss", Space: "data", Addr: uint32(im.DataAddr), Hex: strings.Repeat("00", min(n, 256))})
	}
}

// Step runs one instruction.
func (s *Session) Step() { s.forward(func() emu.Stop { return s.m.Step() }, StopStep) }

// Continue runs to a breakpoint or the end.
func (s *Session) Continue() { s.ContinueUntil(nil) }

// ContinueUntil runs to a breakpoint or the end, asking interrupted between slices of CheckpointCycles
// cycles (nil: never) whether to stop there (Stop StopInterrupt).
func (s *Session) ContinueUntil(interrupted func() bool) {
	s.forward(func() emu.Stop { return s.runTo(s.limit, nil, interrupted) }, StopBreakpoint)
}

// To runs to the first instruction of file:line, a breakpoint or the end.
func (s *Session) To(file string, line int) {
	words := s.lineWords[file][line]
	if len(words) == 0 {
		s.msg = fmt.Sprintf("%s:%d has no instruction to run to", file, line)
		return
	}
	target := map[uint32]bool{}
	for _, w := range words {
		target[w] = true
	}
	s.forward(func() emu.Stop { return s.runTo(s.limit, target, nil) }, StopLine)
}

// forward runs a forward command unless the program has ended, and records why it stopped.
func (s *Session) forward(run func() emu.Stop, okStop Stop) {
	s.msg, s.problem = "", nil
	if s.done {
		s.msg = "the program has ended; go back, or restart"
		return
	}
	st := run()
	s.noteStop(st, okStop)
}

// stopInterrupt is the emu stop runTo returns when interrupted (a reason emu never gives).
var stopInterrupt = emu.Stop{Reason: 255}

func (s *Session) noteStop(st emu.Stop, okStop Stop) {
	s.done, s.fault = false, nil
	switch st.Reason {
	case emu.StopNone:
		s.stop = StopStep
	case emu.StopBreakpoint:
		s.stop = okStop
	case emu.StopLimit:
		s.stop = StopLimit
		if s.m.Cycles() >= s.limit {
			s.done = true
			s.problem = lab.CycleLimitReached(s.limit)
			s.msg = s.problem.Error()
		}
	case emu.StopReturn:
		s.stop, s.done = StopReturn, true
		s.msg = fmt.Sprintf("the call returned after %d cycles", s.m.Cycles())
		if s.output != "" {
			for _, b := range s.blocks {
				if strings.HasPrefix(b.Name, string(s.output)+" (") {
					got := hex.EncodeToString(s.m.Data(uint16(b.Addr), len(b.Hex)/2))
					verdict := "right"
					if got != s.expected {
						verdict = "WRONG, expected " + s.expected
					}
					s.msg += fmt.Sprintf("; %s = %s (%s)", s.output, got, verdict)
				}
			}
		}
	case emu.StopSleep, emu.StopBreak:
		s.stop, s.done = Stop(st.Reason.String()), true
		s.msg = fmt.Sprintf("stopped by %s after %d cycles", st.Reason, s.m.Cycles())
	case emu.StopFault:
		s.stop, s.done, s.fault = StopFault, true, st.Fault
		s.msg = st.Fault.Describe(s.im)
	case stopInterrupt.Reason:
		s.stop = StopInterrupt
	default:
		s.stop = Stop(st.Reason.String())
	}
	s.checkpoint()
}

// runTo runs to a breakpoint, one of the target words, the end or the cycle limit, taking checkpoints
// and asking interrupted (when not nil) between slices.
func (s *Session) runTo(limit uint64, target map[uint32]bool, interrupted func() bool) emu.Stop {
	for w := range target {
		if !s.bps[w] {
			s.m.SetBreakpoint(w)
			defer s.m.ClearBreakpoint(w)
		}
	}
	for {
		next := (s.m.Cycles()/CheckpointCycles + 1) * CheckpointCycles
		if next > limit {
			next = limit
		}
		st := s.m.Run(next)
		if st.Reason == emu.StopLimit && s.m.Cycles() < limit {
			s.checkpoint()
			if interrupted != nil && interrupted() {
				return stopInterrupt
			}
			continue
		}
		return st
	}
}

// checkpoint takes a snapshot when the machine is past the spacing since the last one.
func (s *Session) checkpoint() {
	last := s.cps[len(s.cps)-1]
	if s.m.Cycles() < last.Cycles()+CheckpointCycles {
		return
	}
	s.cps = append(s.cps, s.m.SnapshotAfter(last))
	if len(s.cps) > MaxCheckpoints {
		kept := s.cps[:1]
		for i := 2; i < len(s.cps); i += 2 {
			kept = append(kept, s.cps[i])
		}
		s.cps = kept
	}
}

// Over steps over a call: a CALL, RCALL, ICALL or EICALL runs until it returns to the next instruction.
func (s *Session) Over() {
	pc := s.m.PC()
	inst, ok := s.inst(pc)
	if !ok || !isCall(inst.Form.Op) {
		s.Step()
		return
	}
	sp := s.m.SP()
	ret := pc + uint32(inst.Words)
	s.forward(func() emu.Stop {
		for {
			st := s.runTo(s.limit, map[uint32]bool{ret: true}, nil)
			if st.Reason != emu.StopBreakpoint || s.m.PC() != ret || s.m.SP() >= sp {
				return st
			}
			// Deeper in a recursion: the same address with more on the stack.
			if st2 := s.m.Step(); st2.Reason != emu.StopNone {
				return st2
			}
		}
	}, StopStep)
}

// Out runs until a return leaves the current routine (SP above where it was).
func (s *Session) Out() {
	sp := s.m.SP()
	s.forward(func() emu.Stop {
		for s.m.Cycles() < s.limit {
			inst, ok := s.inst(s.m.PC())
			st := s.m.Step()
			if st.Reason != emu.StopNone {
				return st
			}
			if ok && isReturn(inst.Form.Op) && s.m.SP() > sp {
				return emu.Stop{Reason: emu.StopNone}
			}
			if s.bps[s.m.PC()] {
				return emu.Stop{Reason: emu.StopBreakpoint}
			}
			s.checkpoint()
		}
		return emu.Stop{Reason: emu.StopLimit}
	}, StopBreakpoint)
}

func isCall(op isa.Op) bool {
	return op == isa.CALL || op == isa.RCALL || op == isa.ICALL || op == isa.EICALL
}

func isReturn(op isa.Op) bool { return op == isa.RET || op == isa.RETI }

func (s *Session) inst(pc uint32) (isa.Inst, bool) {
	f := s.im.Device.Flash
	if int(pc)*2+1 >= f {
		return isa.Inst{}, false
	}
	fl := s.m.Flash()
	w0 := uint16(fl[2*pc]) | uint16(fl[2*pc+1])<<8
	var w1 uint16
	if int(pc)*2+3 < f {
		w1 = uint16(fl[2*pc+2]) | uint16(fl[2*pc+3])<<8
	}
	return isa.Decode(s.im.Device.Core, w0, w1)
}

// AtStart reports whether the session is where it started.
func (s *Session) AtStart() bool {
	return s.m.Cycles() <= s.start.Cycles() && s.m.PC() == s.start.PC()
}

// Back undoes the last instruction: restore the last checkpoint before now and re-execute to the
// instruction before. At the start it stays there (Stop StopStart).
func (s *Session) Back() {
	s.msg, s.problem = "", nil
	cur := s.m.Cycles()
	if s.AtStart() {
		s.msg = "at the start"
		s.stop = StopStart
		return
	}
	i := sort.Search(len(s.cps), func(i int) bool { return s.cps[i].Cycles() >= cur }) - 1
	if i < 0 {
		i = 0
	}
	cp := s.cps[i]
	s.restore(cp)
	n := 0
	for s.m.Cycles() < cur {
		if st := s.m.Step(); st.Reason != emu.StopNone && s.m.Cycles() < cur {
			break
		}
		n++
	}
	s.restore(cp)
	for j := 0; j < n-1; j++ {
		s.m.Step()
	}
	s.stop, s.done, s.fault = StopBack, false, nil
	if s.m.Cycles() == s.start.Cycles() && s.m.PC() == s.start.PC() {
		s.stop = StopStart
	}
}

// BackContinue goes back to the last instant before now where PC was at a breakpoint (Stop
// StopBreakpoint), or to the start (StopStart).
func (s *Session) BackContinue() {
	s.msg, s.problem = "", nil
	s.fault = nil
	cur := s.m.Cycles()
	i := sort.Search(len(s.cps), func(i int) bool { return s.cps[i].Cycles() >= cur }) - 1
	for ; i >= 0; i-- {
		cp := s.cps[i]
		s.restore(cp)
		end := cur
		if i+1 < len(s.cps) && s.cps[i+1].Cycles() < end {
			end = s.cps[i+1].Cycles()
		}
		hit := -1
		n := 0
		for s.m.Cycles() < end {
			if s.bps[s.m.PC()] && s.m.Cycles() < cur {
				hit = n
			}
			if st := s.m.Step(); st.Reason != emu.StopNone {
				break
			}
			n++
		}
		if hit >= 0 {
			s.restore(cp)
			for j := 0; j < hit; j++ {
				s.m.Step()
			}
			s.stop, s.done = StopBreakpoint, false
			return
		}
	}
	s.restore(s.start)
	s.stop, s.done = StopStart, false
}

func (s *Session) restore(cp *emu.Snapshot) {
	if err := s.m.Restore(cp); err != nil {
		panic("debug: internal error: a session's own checkpoint does not restore: " + err.Error())
	}
}

// SetBreakpoints replaces the breakpoints by lines (file → line numbers); a line without code moves to
// the next line with code.
func (s *Session) SetBreakpoints(lines map[string][]int) {
	for w := range s.bps {
		s.m.ClearBreakpoint(w)
	}
	s.bps = map[uint32]bool{}
	s.bpLines = map[string][]int{}
	for file, ls := range lines {
		f := s.lineWords[file]
		if f == nil {
			continue
		}
		var have []int
		for l := range f {
			have = append(have, l)
		}
		sort.Ints(have)
		for _, l := range ls {
			k := sort.SearchInts(have, l)
			if k == len(have) {
				continue
			}
			line := have[k]
			s.bpLines[file] = append(s.bpLines[file], line)
			w := f[line][0]
			s.bps[w] = true
			s.m.SetBreakpoint(w)
		}
		sort.Ints(s.bpLines[file])
	}
}

// SetBreakpointAt sets a breakpoint at flash word address w (a debugger's software breakpoint, by
// address); it reports false when w is outside flash.
func (s *Session) SetBreakpointAt(w uint32) bool {
	if int(w)*2 >= len(s.im.Flash) {
		return false
	}
	s.bps[w] = true
	s.m.SetBreakpoint(w)
	return true
}

// ClearBreakpointAt removes the breakpoint at flash word address w, if there is one.
func (s *Session) ClearBreakpointAt(w uint32) {
	if s.bps[w] {
		delete(s.bps, w)
		s.m.ClearBreakpoint(w)
	}
}

// State describes the machine now.
func (s *Session) State() State {
	m := s.m
	st := State{Mode: s.mode, Call: s.call, PC: m.PC() * 2, Cycles: m.Cycles(), SP: m.SP(), SREG: m.SREG(),
		Stop: s.stop, Done: s.done, Message: s.msg, Problem: s.problem, Breakpoints: s.bpLines, Checkpoints: len(s.cps)}
	for i := range st.R {
		st.R[i] = m.Reg(i)
	}
	if p, ok := s.im.SourceAt(m.PC()); ok && s.isSource(p.Filename) {
		st.File, st.Line = p.Filename, p.Line
	}
	if inst, ok := s.inst(m.PC()); ok {
		st.Inst = disasm.Format(inst)
	} else {
		st.Inst = "(no instruction)"
	}
	for _, b := range s.blocks {
		n := len(b.Hex) / 2
		var bytes []byte
		if b.Space == "flash" {
			bytes = s.ReadFlash(b.Addr, n)
		} else {
			bytes = m.Data(uint16(b.Addr), n)
		}
		st.Memory = append(st.Memory, MemBlock{Name: b.Name, Space: b.Space, Addr: b.Addr, Hex: hex.EncodeToString(bytes)})
	}
	// The stack: from SP+1 to the top of SRAM, at most 64 bytes.
	end := uint32(s.im.Device.RAMEND())
	if sp := uint32(m.SP()); sp >= uint32(s.im.Device.SRAMStart) && sp < end {
		n := min(int(end-sp), 64)
		st.Memory = append(st.Memory, MemBlock{Name: "stack (SP+1…)", Space: "data", Addr: sp + 1, Hex: hex.EncodeToString(m.Data(uint16(sp+1), n))})
	}
	if st.Memory == nil {
		st.Memory = []MemBlock{}
	}
	return st
}
