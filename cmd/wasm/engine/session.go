package engine

import (
	"encoding/hex"
	"encoding/json"
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

// The debugger: a [Session] keeps one assembled image and one machine across requests, so that the
// page loads a program once and then steps, runs to a line, goes back and profiles on it. Going back is
// restore-a-checkpoint-and-re-execute: the machine is deterministic, so the session takes a snapshot
// (emu.Snapshot) every CheckpointCycles cycles and re-runs from the last one before the wanted instant.

// CheckpointCycles is the spacing of the session's checkpoints; a reverse step re-executes at most about
// this many cycles (twice: once to count the instructions, once to stop before the last).
const CheckpointCycles = 4096

// MaxCheckpoints bounds the checkpoints of a session (about 4.4 KB each on the ATmega128); past it every
// other one is dropped, doubling the spacing.
const MaxCheckpoints = 2048

// Debug modes.
const (
	DebugReset = "reset" // the program from reset, until SLEEP, BREAK, a fault or the cycle limit
	DebugCall  = "call"  // the task's call on its official vector, set up as the harness does
)

// DebugRequest starts a session: the program of Request (files, main, device, defines, task, call,
// cycle limit) and the mode.
type DebugRequest struct {
	Request
	Mode string `json:"mode"` // DebugReset or DebugCall; "" = DebugCall when the source names a task
}

// DebugCommand is a request to a running session.
type DebugCommand struct {
	// Breakpoints are the lines with a breakpoint, file name → line numbers; nil keeps them.
	Breakpoints map[string][]int `json:"breakpoints"`
	File        string           `json:"file"` // "to": the line to run to
	Line        int              `json:"line"`
}

// MemBlock is a stretch of memory the debugger shows: the call's buffers, the round keys, .data/.bss
// and the stack.
type MemBlock struct {
	Name  string `json:"name"`
	Space string `json:"space"` // "data" or "flash"
	Addr  uint32 `json:"addr"`
	Hex   string `json:"hex"`
}

// DebugState is the machine as the debugger shows it after a command.
type DebugState struct {
	Mode   string    `json:"mode"`
	Call   string    `json:"call,omitempty"` // DebugCall: the call, e.g. "speck64_128_encrypt(block)"
	PC     uint32    `json:"pc"`             // byte address
	Cycles uint64    `json:"cycles"`
	SP     uint16    `json:"sp"`
	SREG   uint8     `json:"sreg"`
	R      [32]uint8 `json:"r"`
	File   string    `json:"file,omitempty"` // the source line of PC
	Line   int       `json:"line,omitempty"`
	Inst   string    `json:"inst"` // the instruction at PC
	// Stop says why the last command stopped: "step", "breakpoint", "line", "return", "sleep", "break",
	// "fault", "limit", "start", "back".
	Stop    string     `json:"stop"`
	Done    bool       `json:"done"` // the program or call has ended: only going back moves on
	Message string     `json:"message,omitempty"`
	Memory  []MemBlock `json:"memory"`
	// Breakpoints are the lines that hold a breakpoint, after moving each to the first line with code
	// at or below it.
	Breakpoints map[string][]int `json:"breakpoints"`
	Checkpoints int              `json:"checkpoints"`
	Error       string           `json:"error,omitempty"`
	Errors      []Diagnostic     `json:"errors,omitempty"` // the program did not assemble
}

// Session is one debugging session. It is not safe for concurrent use.
type Session struct {
	im        *asm.Image
	files     map[string]string
	mode      string
	call      string
	m         *emu.Machine
	start     *emu.Snapshot
	cps       []*emu.Snapshot // ascending by cycles; cps[0] == start
	limit     uint64
	stop      string
	done      bool
	msg       string
	bps       map[uint32]bool // word addresses
	bpLines   map[string][]int
	blocks    []MemBlock // addresses and sizes of the shown memory (Hex filled per state)
	output    lab.Role
	expected  string
	lineWords map[string]map[int][]uint32 // file → line → word addresses of instructions
	// newMachine makes a machine with cfg where the session starts (from reset, or set up for the call).
	newMachine func(cfg emu.Config) *emu.Machine
}

// Debugger holds the session of one page (the engine worker): a new Start replaces it.
type Debugger struct {
	s *Session
}

// Handle runs a debugger operation: "debug-start" (a DebugRequest), then "debug-step", "debug-over",
// "debug-out", "debug-continue", "debug-to", "debug-back", "debug-back-continue", "debug-state" and
// "debug-profile" (each a DebugCommand). The answer is a DebugState, or a Profile for debug-profile, as
// JSON; failures are {"error": ...}.
func (d *Debugger) Handle(op string, arg []byte) []byte {
	var v any
	switch op {
	case "debug-start":
		var req DebugRequest
		if err := json.Unmarshal(arg, &req); err != nil {
			return errorJSON(fmt.Errorf("bad %s request: %v", op, err))
		}
		s, st := StartSession(req)
		d.s = s
		v = st
	default:
		if d.s == nil {
			return errorJSON(errors.New("no debugging session: start one (Debug)"))
		}
		var c DebugCommand
		if len(arg) > 0 {
			if err := json.Unmarshal(arg, &c); err != nil {
				return errorJSON(fmt.Errorf("bad %s request: %v", op, err))
			}
		}
		var err error
		v, err = d.s.Do(strings.TrimPrefix(op, "debug-"), c)
		if err != nil {
			return errorJSON(err)
		}
	}
	out, err := json.Marshal(v)
	if err != nil {
		return errorJSON(err)
	}
	return out
}

// StartSession assembles the request's program and loads it: from reset, or set up for the task's call
// on the official vector. The state says what went wrong when it could not (Error, Errors); the
// session is then nil.
func StartSession(req DebugRequest) (*Session, DebugState) {
	resp, im := assemble(req.Request)
	fail := func(msg string) (*Session, DebugState) {
		return nil, DebugState{Error: PageText(msg), Errors: resp.Errors, Memory: []MemBlock{}}
	}
	if resp.Error != "" {
		return fail(resp.Error)
	}
	if im == nil || hasErrors(resp.Errors) {
		return fail(fmt.Sprintf("%s does not assemble: fix the problems first", req.Main))
	}
	if resp.Flash == 0 {
		return fail(noCodeNote(req.Request))
	}
	s := &Session{im: im, files: req.Files, limit: req.MaxCycles, bps: map[uint32]bool{}, bpLines: map[string][]int{}}
	if s.limit == 0 {
		s.limit = lab.DefaultMaxCycles
	}
	if s.limit > lab.MaxCycleLimit {
		return fail(fmt.Sprintf("cycle limit %d: at most %d", s.limit, uint64(lab.MaxCycleLimit)))
	}
	s.lineWords = map[string]map[int][]uint32{}
	for _, l := range im.Lines {
		if l.Addr%2 != 0 {
			continue
		}
		f := s.lineWords[l.Pos.Filename]
		if f == nil {
			f = map[int][]uint32{}
			s.lineWords[l.Pos.Filename] = f
		}
		f[l.Pos.Line] = append(f[l.Pos.Line], l.Addr/2)
	}
	mode := req.Mode
	task := req.Task
	if task == "" {
		task = lab.DetectTask([]byte(req.Files[req.Main]))
	}
	if mode == "" {
		mode = DebugReset
		if task != "" && task != TaskRun {
			mode = DebugCall
		}
	}
	switch mode {
	case DebugReset:
		s.newMachine = func(cfg emu.Config) *emu.Machine {
			cfg.Present = im.Present
			m := emu.New(im.Device, im.Flash, cfg)
			m.Reset()
			if len(im.Data) > 0 {
				m.LoadData(im.DataAddr, im.Data)
			}
			return m
		}
		s.addDataBlocks()
	case DebugCall:
		if task == "" || task == TaskRun {
			return fail("no task to call: pick one (or put \"; avrlab task: ID\" in the first lines), or debug the program from reset")
		}
		if msg := s.prepareCall(req, task); msg != "" {
			return fail(msg)
		}
	default:
		return fail(fmt.Sprintf("unknown debug mode %q (reset or call)", mode))
	}
	s.mode = mode
	s.m = s.newMachine(emu.Config{})
	s.start = s.m.Snapshot()
	s.cps = []*emu.Snapshot{s.start}
	s.stop = "start"
	return s, s.state()
}

// prepareCall sets the session up for the task's call on the official vector with lab.PrepareCall,
// the harness's own set-up: buffers filled, round keys written, registers planted (the callee-saved
// ones and the arguments the call does not pass), the return sentinel pushed, PC at the entry. The
// memory pane shows the call's buffers and the source's round-key table.
func (s *Session) prepareCall(req DebugRequest, task string) string {
	call := req.Call
	if call == "" {
		call = lab.DetectCall([]byte(req.Files[req.Main]))
	}
	r := req.Request
	r.Vectors = -1
	if _, err := applyTests(&r); err != nil {
		return err.Error()
	}
	opts := benchOptions(r, task, call)
	im := s.im
	_, cs, err := lab.PrepareCall(im, opts, 0, emu.Config{})
	if err != nil {
		return err.Error()
	}
	if cs.Report.Error != "" {
		return "the call cannot be set up: " + cs.Report.Error
	}
	s.newMachine = func(cfg emu.Config) *emu.Machine {
		m, _, err := lab.PrepareCall(im, opts, 0, cfg)
		if err != nil || m == nil {
			panic("engine: internal error: a call that was set up once cannot be set up again")
		}
		return m
	}
	// Round keys in the source's own table, where the harness writes them.
	if name, where, ok := rkTable(cs.Report.RKIn); ok {
		t := lab.LookupTask(cs.Report.Task)
		if sym, found := im.Symbol(name); found && t != nil && t.RKBytes > 0 {
			space := "data"
			if where == "flash" {
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
	return ""
}

// rkTable reads the report's "flash (NAME)" or "sram (NAME)" (a table of the source's own).
func rkTable(rkIn string) (name, where string, ok bool) {
	for _, w := range []string{"flash", "sram"} {
		if n, found := strings.CutPrefix(rkIn, w+" ("); found && strings.HasSuffix(n, ")") && !strings.HasPrefix(n, "harness") {
			return strings.TrimSuffix(n, ")"), w, true
		}
	}
	return "", "", false
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

// Do runs one command: step, over, out, continue, to, back, back-continue, state or profile.
func (s *Session) Do(cmd string, c DebugCommand) (any, error) {
	if c.Breakpoints != nil {
		s.setBreakpoints(c.Breakpoints)
	}
	switch cmd {
	case "state":
	case "step":
		s.forward(func() emu.Stop { return s.m.Step() }, "step")
	case "over":
		s.over()
	case "out":
		s.out()
	case "continue":
		s.forward(func() emu.Stop { return s.runTo(s.limit, nil) }, "breakpoint")
	case "to":
		words := s.lineWords[c.File][c.Line]
		if len(words) == 0 {
			s.msg = fmt.Sprintf("%s:%d has no instruction to run to", c.File, c.Line)
			return s.state(), nil
		}
		target := map[uint32]bool{}
		for _, w := range words {
			target[w] = true
		}
		s.forward(func() emu.Stop { return s.runTo(s.limit, target) }, "line")
	case "back":
		s.back()
	case "back-continue":
		s.backContinue()
	case "profile":
		return s.profile(), nil
	default:
		return nil, fmt.Errorf("unknown debugger command %q", cmd)
	}
	return s.state(), nil
}

// forward runs a forward command unless the program has ended, and records why it stopped.
func (s *Session) forward(run func() emu.Stop, okStop string) {
	s.msg = ""
	if s.done {
		s.msg = "the program has ended; go back, or restart"
		return
	}
	st := run()
	s.noteStop(st, okStop)
}

func (s *Session) noteStop(st emu.Stop, okStop string) {
	s.done = false
	switch st.Reason {
	case emu.StopNone:
		s.stop = "step"
	case emu.StopBreakpoint:
		s.stop = okStop
	case emu.StopLimit:
		s.stop = "limit"
		if s.m.Cycles() >= s.limit {
			s.done = true
			s.msg = fmt.Sprintf("cycle limit of %d reached (raise the Cycle limit field)", s.limit)
		}
	case emu.StopReturn:
		s.stop, s.done = "return", true
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
		s.stop, s.done = st.Reason.String(), true
		s.msg = fmt.Sprintf("stopped by %s after %d cycles", st.Reason, s.m.Cycles())
	case emu.StopFault:
		s.stop, s.done = "fault", true
		s.msg = PageText(st.Fault.Describe(s.im))
	default:
		s.stop = st.Reason.String()
	}
	s.checkpoint()
}

// runTo runs to a breakpoint, one of the target words, the end or the cycle limit, taking checkpoints.
func (s *Session) runTo(limit uint64, target map[uint32]bool) emu.Stop {
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

// over steps over a call: a CALL, RCALL, ICALL or EICALL runs until it returns to the next instruction.
func (s *Session) over() {
	pc := s.m.PC()
	inst, ok := s.inst(pc)
	if !ok || !isCall(inst.Form.Op) {
		s.forward(func() emu.Stop { return s.m.Step() }, "step")
		return
	}
	sp := s.m.SP()
	ret := pc + uint32(inst.Words)
	s.forward(func() emu.Stop {
		for {
			st := s.runTo(s.limit, map[uint32]bool{ret: true})
			if st.Reason != emu.StopBreakpoint || s.m.PC() != ret || s.m.SP() >= sp {
				return st
			}
			// Deeper in a recursion: the same address with more on the stack.
			if st2 := s.m.Step(); st2.Reason != emu.StopNone {
				return st2
			}
		}
	}, "step")
}

// out runs until a return leaves the current routine (SP above where it was).
func (s *Session) out() {
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
	}, "breakpoint")
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

// back undoes the last instruction: restore the last checkpoint before now and re-execute to the
// instruction before.
func (s *Session) back() {
	s.msg = ""
	cur := s.m.Cycles()
	if cur <= s.start.Cycles() && s.m.PC() == s.start.PC() {
		s.msg = "at the start"
		s.stop = "start"
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
	s.stop, s.done = "back", false
	if s.m.Cycles() == s.start.Cycles() && s.m.PC() == s.start.PC() {
		s.stop = "start"
	}
}

// backContinue goes back to the last instant before now where PC was at a breakpoint, or to the start.
func (s *Session) backContinue() {
	s.msg = ""
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
			s.stop, s.done = "breakpoint", false
			return
		}
	}
	s.restore(s.start)
	s.stop, s.done = "start", false
}

func (s *Session) restore(cp *emu.Snapshot) {
	if err := s.m.Restore(cp); err != nil {
		panic("engine: internal error: a session's own checkpoint does not restore: " + err.Error())
	}
}

// setBreakpoints replaces the breakpoints; a line without code moves to the next line with code.
func (s *Session) setBreakpoints(lines map[string][]int) {
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

// state describes the machine now.
func (s *Session) state() DebugState {
	m := s.m
	st := DebugState{Mode: s.mode, Call: s.call, PC: m.PC() * 2, Cycles: m.Cycles(), SP: m.SP(), SREG: m.SREG(),
		Stop: s.stop, Done: s.done, Message: s.msg, Breakpoints: s.bpLines, Checkpoints: len(s.cps)}
	for i := range st.R {
		st.R[i] = m.Reg(i)
	}
	if p, ok := s.im.SourceAt(m.PC()); ok {
		if _, in := s.files[p.Filename]; in {
			st.File, st.Line = p.Filename, p.Line
		}
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
			fl := m.Flash()
			lo := min(int(b.Addr), len(fl))
			bytes = fl[lo:min(lo+n, len(fl))]
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
