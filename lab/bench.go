package lab

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab/kernel"
)

// Scenario names.
const (
	ScenarioFixedKey    = "fixed-key"    // void ENTRY(uint8_t *block): round keys precomputed by the harness
	ScenarioKeySchedule = "key-schedule" // void ENTRY(uint8_t *block, const uint8_t *key, uint8_t *rk)
	ScenarioDecrypt     = "decrypt"      // void ENTRY(uint8_t *block): fixed-key decryption
	ScenarioEncryptKS   = "encrypt-ks"   // void ENTRY(uint8_t *block, const uint8_t *key): key schedule in the call
	ScenarioDecryptKS   = "decrypt-ks"   // void ENTRY(uint8_t *block, const uint8_t *key): decryption, key schedule in the call
	ScenarioKernel      = "kernel"       // a kernel task's call
)

// Scenarios returns the scenario names in the order the CLI documents them.
func Scenarios() []string {
	var s []string
	for _, r := range ScenarioTable() {
		s = append(s, r.Name)
	}
	return s
}

// Defaults and bounds of Options.
const (
	DefaultVectors   = 100
	MaxVectors       = 100_000
	DefaultMaxCycles = 10_000_000
	// ConstantTimeInputs is how many calls the traced machine of the constant-time check runs: the
	// official vector, then random keys and blocks from the run's seed.
	ConstantTimeInputs = 64
)

// Options says what to measure. The zero value measures the task named in the source's first lines,
// fixed-key, on the ATmega128, with 100 random vectors.
type Options struct {
	Task     string `json:"task,omitempty"`     // task ID; "" = DetectTask of the main source
	Scenario string `json:"scenario,omitempty"` // "" = fixed-key
	// Call is a call spec "NAME(ARG, ...)" (see ParseCall); "" = the "; avrlab call:" line of the
	// source, else the scenario's default call of Entry.
	Call    string            `json:"call,omitempty"`
	Entry   string            `json:"entry,omitempty"` // entry symbol or byte address; "" = the task's
	RK      string            `json:"rk,omitempty"`    // round-key symbol; "" = the task's
	Device  string            `json:"device,omitempty"`
	Defines map[string]string `json:"defines,omitempty"` // -D NAME[=VALUE] for the preprocessor
	Vectors int               `json:"vectors,omitempty"` // random vectors besides the official one; 0 = the task's DefaultVectors (100 for most), negative = none
	// Seed is the run's seed: the random vectors, the constant-time inputs and the values planted in
	// the registers are all drawn from it (0 is a fine seed). The front ends draw a fresh one per run
	// unless told one (see the README's "Seeds"); the same seed gives the same run.
	Seed      uint64 `json:"seed,omitempty"`
	MaxCycles uint64 `json:"max_cycles,omitempty"` // cycle limit of one call; 0 = the task's DefaultMaxCycles
	// Linked says the image is a linked program (ELF, HEX) rather than one source's output: flash
	// and RAM then count only what the call uses (see the README). BenchFile sets it for ELF and HEX.
	Linked bool `json:"linked,omitempty"`
	// Engine runs the measured calls as translated code (emu.Config.Engine); nil interprets. The
	// constant-time machine, which traces, always interprets. Results are the same either way.
	Engine emu.Engine `json:"-"`
	// Progress, when set, is called after each call the bench runs, with the calls done and the calls
	// in all: the vectors (1 + Vectors), then the task's CTInputs constant-time inputs. A bench that
	// stops early (a call that faults) calls it no more. It runs on the bench's goroutine.
	Progress func(done, total int) `json:"-"`

	// Fixed says the task, scenario, call and device are the teacher's (grading): a source's "; avrlab
	// task:" or "; avrlab call:" line that contradicts them fails the report with the reason rather
	// than changing what is measured (see the README's "Whose settings win").
	Fixed bool `json:"fixed,omitempty"`
	// SourceTask and SourceCall are the task and call lines of the main source ("" for none), for Fixed:
	// BenchFile, BenchSource and BenchProgram read them; a caller of Bench with Fixed sets them. With
	// Fixed and no Call, SourceCall is the call, if it fits the scenario.
	SourceTask string `json:"-"`
	SourceCall string `json:"-"`
	// SourceDevice is the main source's "; avrlab device:" line, for Fixed: a device other than the
	// teacher's (or, without one, the task's) fails the report, as a task or call line does.
	SourceDevice string `json:"-"`

	// callFromSource says Call is the source's line, not the caller's.
	callFromSource bool

	// LeakGoals, for grading an exercise, are its leakage goals (leak-first-order, cpa-resists),
	// measured with LeakSettings into GradeRow.LeakGoals; Bench itself ignores them.
	LeakGoals    []Goal       `json:"leak_goals,omitempty"`
	LeakSettings LeakSettings `json:"leak_settings,omitempty"`

	// noAccess turns the access record off, for the benchmark that measures what recording costs
	// (the figures are then not measured).
	noAccess bool
}

// BufferBytes is the content of one buffer, as lower-case hex in memory byte order.
type BufferBytes struct {
	Role Role   `json:"role"`
	Hex  string `json:"hex"`
}

// VectorResult is one test vector's outcome: the buffers the harness filled, the buffer it checked,
// and what it expected and found there (hex, memory byte order).
type VectorResult struct {
	Inputs   []BufferBytes `json:"inputs"`
	Output   Role          `json:"output"`
	Expected string        `json:"expected"`
	Got      string        `json:"got"`
	Cycles   uint64        `json:"cycles"`
	OK       bool          `json:"ok"`
	Official bool          `json:"official"`
	// Problem says what else went wrong in this call (a read-only input written), or "".
	Problem string `json:"problem,omitempty"`
}

// Input returns the hex of the input buffer of role r, or "".
func (v *VectorResult) Input(r Role) string {
	for _, b := range v.Inputs {
		if b.Role == r {
			return b.Hex
		}
	}
	return ""
}

// BufferUse describes one buffer of the call: where the harness put it and how much of it the routine
// touched.
type BufferUse struct {
	Role     Role   `json:"role"`
	Register string `json:"register"` // "r25:r24"
	Addr     uint16 `json:"addr"`
	Size     int    `json:"size"`
	Dir      string `json:"dir"`             // in, out, in/out
	Counted  bool   `json:"counted"`         // counts as RAM
	Touched  int    `json:"touched"`         // bytes the routine read or wrote
	Value    bool   `json:"value,omitempty"` // a uint8_t argument in Register, not a buffer
	// Writable is an input the call lets the routine overwrite (NAME! in the call spec).
	Writable bool `json:"writable,omitempty"`
}

// FunctionUse is one function of the image (a symbol with a type and a size) and whether the measured
// call entered it.
type FunctionUse struct {
	Name    string `json:"name"`
	Addr    uint32 `json:"addr"` // flash byte address
	Size    int    `json:"size"`
	Entered bool   `json:"entered"`
}

// Report is the measurement of one implementation of one task. Sizes are bytes, cycles are CPU cycles
// of one call from the first instruction through the RET.
type Report struct {
	Task     string `json:"task"`
	TaskName string `json:"task_name"`
	Scenario string `json:"scenario"`
	Device   string `json:"device"`
	Entry    string `json:"entry"`
	Call     string `json:"call"` // the call measured, e.g. "speck64_128_encrypt(block, rk)"
	Seed     uint64 `json:"seed"` // the run's seed (Options.Seed): the same seed gives the same report
	Pass     bool   `json:"pass"`
	Vectors  int    `json:"vectors"`
	Failures int    `json:"failures"`
	// BufferFaults counts the failing vectors whose output was right but that wrote a read-only input
	// (BufferProblem says which, for the first): the routine computes right and breaks the call's
	// contract, as an in-place key expansion does without NAME! in the call.
	BufferFaults  int     `json:"buffer_faults,omitempty"`
	BufferProblem string  `json:"buffer_problem,omitempty"`
	CyclesMin     uint64  `json:"cycles_min"`
	CyclesMax     uint64  `json:"cycles_max"`
	CyclesMean    float64 `json:"cycles_mean"` // over the random vectors (the official one alone when there are none)
	CPB           float64 `json:"cpb"`
	// Flash and RAM are measured (see Measurement); the declared figures are what the source states.
	Flash         int     `json:"flash"`
	RAM           int     `json:"ram"`
	FlashDeclared int     `json:"flash_declared"` // every program-memory byte the source emits
	RAMDeclared   int     `json:"ram_declared"`   // .data + .bss + the counted buffers' sizes
	Stack         int     `json:"stack"`          // stack bytes the call touched below its return address (see sizes)
	Reserved      int     `json:"reserved_ram"`   // .data + .bss counted
	RAMOther      int     `json:"ram_other"`      // other SRAM bytes the routine touched, counted buffers included
	RKIn          string  `json:"rk_in"`          // where the round keys are: flash table, SRAM, built by the routine
	Rank          float64 `json:"rank"`           // block ciphers only
	Kind          string  `json:"kind"`           // KindCipher or KindKernel
	// Unit and CyclesPerUnit give a kernel's per-unit figure (SNEIK: cycles per round).
	Unit          string  `json:"unit,omitempty"`
	CyclesPerUnit float64 `json:"cycles_per_unit,omitempty"`
	// EnergyUJ estimates the energy of one call on the ATtiny45 from the ECRYPT board's per-cycle model.
	EnergyUJ *Energy `json:"energy,omitempty"`

	Buffers   []BufferUse   `json:"buffers"`
	Functions []FunctionUse `json:"functions,omitempty"`
	// Measurement names every difference between declared and measured flash and RAM.
	Measurement []string `json:"measurement,omitempty"`
	// Notes are hints that do not change the figures (a round-key table under another name, SPM).
	Notes []string `json:"notes,omitempty"`

	ConstantTime bool   `json:"constant_time"`
	CTDetail     string `json:"constant_time_detail,omitempty"`
	CTInputs     int    `json:"constant_time_inputs,omitempty"` // inputs the constant-time check compared
	ABIOK        bool   `json:"abi_ok"`
	ABIDetail    string `json:"abi_detail,omitempty"`

	Official     *VectorResult `json:"official,omitempty"`
	FirstFailure *VectorResult `json:"first_failure,omitempty"`
	// Error is a problem that stopped the measurement: a fault with its source line, the cycle
	// limit, a missing symbol, a round-key table too short. Pass is false when it is set. It is the
	// CLI's rendering of Problem where the harness made one.
	Error string `json:"error,omitempty"`
	// Problem is Error as data (kind, position, option; see Problem), nil where Error is plain text.
	Problem *Problem `json:"problem,omitempty"`
	// NoteProblems are the notes that name an option, as data; each one's CLI rendering is in Notes.
	NoteProblems []*Problem `json:"note_problems,omitempty"`
	// RKTable is the source's own round-key table the harness writes the round keys into (RKIn says
	// "flash (NAME)" or "sram (NAME)"), nil when the round keys are elsewhere.
	RKTable *RKTable `json:"rk_table,omitempty"`
}

// RKTable is a round-key table of the source's that the harness fills.
type RKTable struct {
	Symbol string `json:"symbol"`
	Memory string `json:"memory"` // "flash" or "sram"
}

// Energy is an energy estimate of one call, µJ: from the model's median per-cycle energy, with the
// spread of the model.
type Energy struct {
	UJ    float64 `json:"uj"`
	MinUJ float64 `json:"min_uj"`
	MaxUJ float64 `json:"max_uj"`
	Model string  `json:"model"`
}

// ErrNoTask is returned when no task is given and the source names none.
var ErrNoTask error = &Problem{Kind: ProblemNoTask, Option: OptTask,
	Text: text("no task: give ", ref(OptTask, ""), " or put \"; avrlab task: ID\" in the first lines of the source")}

// BenchFile reads main from fsys and measures it: an AVR ELF or Intel HEX file is loaded as a linked
// program (see LoadBinary), anything else is assembled in its dialect (a .asm file or one with a
// "; avrlab dialect: atmel" line as AVRASM2, see asm.Config.Dialect; includes are read from fsys too).
// When assembly fails it returns the partial image and the asm.ErrorList, and no report.
func BenchFile(fsys fs.FS, main string, opts Options) (*Report, *asm.Image, error) {
	src, err := readProgram(fsys, main)
	if err != nil {
		return nil, nil, err
	}
	if im, ok, err := LoadBinary(src, Resolve(opts).Device); ok {
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", main, err)
		}
		opts.Linked = true
		rep, err := Bench(im, opts)
		return rep, im, err
	}
	if len(src) > MaxSourceBytes {
		return nil, nil, fmt.Errorf("%q is %d bytes; the limit is %d bytes per source file", main, len(src), MaxSourceBytes)
	}
	return BenchSource(main, src, fsys, opts)
}

// MaxSourceBytes is the largest source file BenchFile assembles (asm's per-file limit).
const MaxSourceBytes = 1 << 20

// BenchSource is BenchFile for a source held in memory, with includes read from fsys (may be nil). The
// device is opts.Device, else the task's: an AVRASM2 source's .device must name that part.
func BenchSource(name string, src []byte, fsys fs.FS, opts Options) (*Report, *asm.Image, error) {
	opts = Resolve(opts, src)
	im, err := asm.Assemble(name, src, asm.Config{Device: opts.Device, FS: fsys, Defines: opts.Defines})
	if err != nil {
		return nil, im, err
	}
	rep, err := Bench(im, opts)
	return rep, im, err
}

// Bench measures an image. It returns an error only for bad options (unknown task, scenario, device,
// a malformed call spec, out-of-range numbers); problems of the implementation (wrong output, fault,
// missing symbol, cycle limit) are in the report with Pass false.
func Bench(im *asm.Image, opts Options) (*Report, error) {
	h, rep, err := prepare(im, opts)
	if err != nil || rep.Error != "" {
		return rep, err
	}
	h.measure(rep)
	return rep, nil
}

// prepare checks the options and builds the harness of one bench; a problem of the implementation is
// the report's Error.
func prepare(im *asm.Image, opts Options) (*harness, *Report, error) {
	opts, t, sc, call, err := resolveTask(opts)
	if err != nil {
		return nil, nil, err
	}
	h, rep := newHarness(im, t, sc, call, opts)
	if rep.Error == "" && opts.Fixed {
		if msg, o := h.contradiction(); msg != "" {
			rep.setProblem(&Problem{Kind: ProblemContradiction, Option: o, Text: text(msg)})
		}
	}
	return h, rep, nil
}

// contradiction says how the source's task or call line contradicts the teacher's settings (Fixed), or
// "". The teacher's task and call win; a call line the teacher left open must still fit the scenario:
// key material that the scenario does not pass is the teacher's to give, not the source's to ask for.
func (h *harness) contradiction() (string, Option) {
	o := h.opts
	if o.SourceTask != "" && normalizeID(o.SourceTask) != h.t.ID {
		return fmt.Sprintf("the source's \"; avrlab task: %s\" line contradicts the graded task %s (the teacher's settings win)", o.SourceTask, h.t.ID), OptTask
	}
	if o.SourceDevice != "" && !strings.EqualFold(o.SourceDevice, h.dev.Name) {
		return fmt.Sprintf("the source's \"; avrlab device: %s\" line contradicts the graded device %s (the teacher's settings win)", o.SourceDevice, h.dev.Name), OptDevice
	}
	if o.SourceCall == "" {
		return "", ""
	}
	if !o.callFromSource {
		c, err := ParseCallFor(o.SourceCall, h.t)
		if err != nil || c.String() != h.call.String() {
			return fmt.Sprintf("the source's \"; avrlab call: %s\" line contradicts the graded call %s (the teacher's settings win)", o.SourceCall, h.call), OptCall
		}
		return "", ""
	}
	if h.t.Kind == KindKernel {
		return "", ""
	}
	var want string
	ok := true
	switch h.sc.Name {
	case ScenarioKeySchedule:
		want, ok = "key and rkout, no rk", h.call.has(RoleKey) && h.call.has(RoleRKOut) && !h.call.has(RoleRK)
	case ScenarioEncryptKS:
		want, ok = "key, no rk", h.call.has(RoleKey) && !h.call.has(RoleRK)
	default:
		want, ok = "round keys (rk or the source's table), no key or rkout", !h.call.has(RoleKey) && !h.call.has(RoleRKOut)
	}
	if !ok {
		return fmt.Sprintf("the source's \"; avrlab call: %s\" line does not fit the graded scenario %s, whose call passes %s "+
			"(the teacher's settings win)", o.SourceCall, h.sc.Name, want), OptCall
	}
	return "", ""
}

// DefaultVectors returns the random vectors a bench of the task runs when Options.Vectors is 0:
// DefaultVectors, or fewer for a kernel whose calls are millions of cycles (the P-192 tasks).
func (t *Task) DefaultVectors() int {
	if t.Kernel != nil && t.Kernel.Vectors > 0 {
		return t.Kernel.Vectors
	}
	return DefaultVectors
}

// DefaultMaxCycles returns the cycle limit of one call when Options.MaxCycles is 0: DefaultMaxCycles,
// or more for a kernel that needs it (a P-192 scalar multiplication is over 10^7 cycles).
func (t *Task) DefaultMaxCycles() uint64 {
	if t.Kernel != nil && t.Kernel.MaxCycles > 0 {
		return t.Kernel.MaxCycles
	}
	return DefaultMaxCycles
}

// CTInputs returns how many random inputs the task's constant-time check compares:
// ConstantTimeInputs, or fewer for a kernel whose calls are millions of cycles.
func (t *Task) CTInputs() int {
	if t.Kernel != nil && t.Kernel.CTInputs > 0 {
		return t.Kernel.CTInputs
	}
	return ConstantTimeInputs
}

// MaxCycleLimit is the largest cycle limit of one call Bench accepts.
const MaxCycleLimit = 10_000_000_000

// buffer is one buffer the harness placed in SRAM for a call.
type buffer struct {
	BufferKind
	arg      int // argument index
	addr     uint16
	size     int
	writable bool // an input the routine may overwrite (Call.Writable): not checked after the call
}

// harness holds the machines and the layout of one task's call, built once and reset per vector.
type harness struct {
	im   *asm.Image
	dev  *isa.Device
	t    *Task
	sc   *Scenario
	call Call
	opts Options
	m    *emu.Machine // machine for the vectors
	mt   *emu.Machine // machine with the trace hash on, for the constant-time check (translated too)

	entry    uint32 // word address
	sentinel uint32 // word address the return address points at
	bufs     []buffer
	rkAddr   uint32       // round keys the harness writes into the source's table: flash byte or data address
	rkTable  int          // 0: none; rkFlash or rkSRAM
	spStart  uint16       // SP before the return address is pushed (RAMEND)
	spCalled uint16       // SP after the emulator pushed the return address, as after a CALL
	spm      int          // SPM writes seen (undone after each call)
	cur      *testVector  // the vector of the call set up last (its planted registers)
	spmBytes map[int]bool // flash bytes an SPM changed in some call: storage, counted as RAM
}

const (
	rkFlash = 1 + iota // the source's round-key table in flash
	rkSRAM             // the source's round-key table in .data/.bss
)

// Callee-saved registers of the avr-gcc ABI.
var calleeSaved = []int{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29}

// plantStream is the PCG stream of the planted register values (the vectors use their own).
const plantStream = 0x706c616e74 // "plant"

// plants returns the register values the harness plants before call idx of the run (the vectors in
// order, then the constant-time inputs): random from the run's seed, so that a routine cannot restore a
// callee-saved register by loading a constant, r1 = 0, and in the pairs of the arguments r25:r24 ..
// r19:r18 a pointer outside the data space of every classic device (see unpassedHigh), so that a routine
// using an argument the call does not pass faults.
func (h *harness) plants(idx int) [32]byte {
	rng := rand.New(rand.NewPCG(h.opts.Seed^plantStream, uint64(idx)))
	var p [32]byte
	for r := range p {
		p[r] = byte(rng.Uint32())
	}
	p[1] = 0
	for i := 0; i < 4; i++ {
		p[argReg(i)+1] = unpassedHigh(i)
	}
	return p
}

// unpassedHigh is the high byte planted in the register pair of argument i when the call does not pass
// it: outside the data space of every classic device, and recognisable in a fault's address.
func unpassedHigh(i int) uint8 { return uint8(0xA8 + 2*(i%4)) }

func newHarness(im *asm.Image, t *Task, sc *Scenario, call Call, opts Options) (*harness, *Report) {
	rep := &Report{Task: t.ID, TaskName: t.Name, Kind: t.Kind, Scenario: sc.Name, Device: im.Device.Name, Entry: call.Entry, Seed: opts.Seed}
	h := &harness{im: im, dev: im.Device, t: t, sc: sc, call: call, opts: opts}
	fail := func(format string, a ...any) (*harness, *Report) {
		rep.setProblem(&Problem{Kind: ProblemCall, Option: OptCall, Text: text(fmt.Sprintf(format, a...))})
		rep.Call = h.call.String()
		return h, rep
	}
	failWith := func(p *Problem) (*harness, *Report) {
		rep.setProblem(p)
		rep.Call = h.call.String()
		return h, rep
	}
	// The default call: the source's round-key table when it defines one, else round keys in SRAM.
	if call.Args == nil && t.Kind == KindCipher {
		h.call.Args = []Role{RoleBlock}
		if _, ok := im.Symbol(opts.RK); !ok {
			h.call.Args = append(h.call.Args, RoleRK)
			if n := roundKeyLike(im, opts.RK); n != "" {
				p := &Problem{Kind: ProblemNote, Option: OptRK, Text: text(fmt.Sprintf("the source defines %q, which looks like a round-key table, "+
					"but the task's round-key symbol is %q, so the harness passes round keys in SRAM (%s); "+
					"if the routine reads %s, name it with ", n, opts.RK, ArgRegisters(1), n), ref(OptRK, n))}
				rep.Notes, rep.NoteProblems = append(rep.Notes, p.Error()), append(rep.NoteProblems, p)
			}
		}
	}
	rep.Call = h.call.String()
	if a, ok := entryAddress(call.Entry); ok {
		if a%2 != 0 || a >= uint32(len(im.Flash)) {
			return failWith(&Problem{Kind: ProblemNoEntry, Option: OptCall,
				Text: text(fmt.Sprintf("entry address 0x%x is not an instruction address of the program (0..0x%x, even)", a, len(im.Flash)))})
		}
		h.entry = a / 2
	} else {
		sym, ok := im.Symbol(call.Entry)
		if !ok {
			hint := text("the task's routine must be a label; name another with ",
				Segment{Either: []Segment{ref(OptEntry, "NAME"), ref(OptCall, "NAME(ARG, ...)")}})
			if len(im.Symbols) == 0 {
				hint = text("the image has no symbols: give the entry as a byte address, e.g. ", ref(OptCall, "0x1a0(block)"))
			}
			return failWith(&Problem{Kind: ProblemNoEntry, Option: OptCall,
				Text: text(fmt.Sprintf("entry symbol %q is not defined (", call.Entry), hint, ")")})
		}
		if sym.Section != asm.SectionText && sym.Section != asm.SectionProgmem {
			return failWith(&Problem{Kind: ProblemNoEntry, Option: OptCall, Text: text(fmt.Sprintf("entry symbol %q is not in .text", call.Entry))})
		}
		h.entry = uint32(sym.Value) / 2
	}
	rep.Call = h.call.String()
	kinds := t.BufferKinds()
	outputs := 0
	for _, k := range kinds {
		if k.Dir != DirIn && h.call.has(k.Role) {
			outputs++
		}
	}
	if t.Kind == KindKernel && len(h.call.Args) != len(kinds) {
		return fail("the call %s passes %d of the task's %d arguments (%s)", rep.Call, len(h.call.Args), len(kinds),
			Call{Entry: call.Entry, Args: t.defaultArgs()})
	}
	if outputs == 0 {
		if t.Kind == KindKernel {
			return fail("the call %s has no output", rep.Call)
		}
		return fail("the call %s has no output: pass block, in and out, or rkout", rep.Call)
	}
	if t.Kind == KindKernel {
		// no key material
	} else if !h.call.has(RoleRK) && !h.call.has(RoleKey) && !h.call.has(RoleRKOut) {
		if p := h.useTable(rep); p != nil {
			return failWith(p)
		}
	} else {
		switch {
		case h.call.has(RoleRK):
			rep.RKIn = "sram (harness, rk)"
		case h.call.has(RoleRKOut):
			rep.RKIn = "built by the routine (rkout)"
		default:
			rep.RKIn = "scheduled by the routine from the key"
		}
	}
	dev := h.dev
	// SRAM layout: .data and .bss from the image, then the buffers in table order (16-byte aligned;
	// round keys 256-byte aligned); the stack grows down from RAMEND.
	free := uint32(im.BSSAddr) + uint32(im.BSSSize)
	if end := uint32(im.DataAddr) + uint32(len(im.Data)); end > free {
		free = end
	}
	if free < uint32(dev.SRAMStart) {
		free = uint32(dev.SRAMStart)
	}
	for _, k := range kinds {
		for i, a := range h.call.Args {
			if a != k.Role {
				continue
			}
			if i >= maxArgs {
				return fail("the call %s passes more than %d arguments in registers", rep.Call, maxArgs)
			}
			b := buffer{BufferKind: k, arg: i, size: k.Size}
			if h.call.writable(k.Role) {
				// An input the routine may overwrite is its working memory too: counted, not checked.
				b.writable, b.Counted = true, true
			}
			if !k.Value {
				free = (free + uint32(k.Align) - 1) &^ uint32(k.Align-1)
				b.addr = uint16(free)
				free += uint32(b.size)
			}
			h.bufs = append(h.bufs, b)
		}
	}
	ramEnd := uint32(dev.RAMEND())
	if free+64 > ramEnd {
		return fail("the call's buffers do not fit in %s's SRAM (0x%x..0x%x)", dev.Name, dev.SRAMStart, ramEnd)
	}
	for _, b := range h.bufs {
		u := BufferUse{Role: b.Role, Register: ArgRegisters(b.arg), Addr: b.addr, Size: b.size, Dir: b.Dir.String(),
			Counted: b.Counted, Value: b.Value, Writable: b.writable}
		if b.writable {
			u.Dir = "in, writable"
		}
		if b.Value {
			u.Register, u.Size = fmt.Sprintf("r%d", argReg(b.arg)), 0
		}
		rep.Buffers = append(rep.Buffers, u)
	}
	h.spStart = uint16(ramEnd)
	// The sentinel is the last word of flash: a RET popping it ends the call.
	h.sentinel = uint32(dev.Flash/2 - 1)
	h.m = emu.New(dev, im.Flash, emu.Config{Access: !opts.noAccess, Engine: opts.Engine, Present: im.Present})
	h.mt = emu.New(dev, im.Flash, emu.Config{TraceHash: true, Access: !opts.noAccess, Engine: opts.Engine, Present: im.Present})
	return h, rep
}

// useTable sets up round keys written into the source's own table, for a call that passes no key
// material. It returns a problem when there is no table, or when it is too short.
func (h *harness) useTable(rep *Report) *Problem {
	im, t := h.im, h.t
	rk, ok := im.Symbol(h.opts.RK)
	if !ok {
		p := &Problem{Kind: ProblemNoRoundKeys, Option: OptRK,
			Text: text(fmt.Sprintf("the call %s passes no round keys and the source defines no round-key table %q", rep.Call, h.opts.RK))}
		if n := roundKeyLike(im, h.opts.RK); n != "" {
			p.Text = text(p.Text, fmt.Sprintf("; the source defines %q: name it with ", n), ref(OptRK, n), "; pass")
		} else {
			p.Text = text(p.Text, "; name the source's table with ", ref(OptRK, ""), " or pass")
		}
		p.Text = text(p.Text, " rk (round keys in SRAM), key, or rkout in ", ref(OptCall, ""))
		return p
	}
	switch rk.Section {
	case asm.SectionText, asm.SectionProgmem:
		h.rkTable, h.rkAddr = rkFlash, uint32(rk.Value)
		size, until := h.tableSize(rk, true)
		if size < t.RKBytes {
			return plainProblem(ProblemNoRoundKeys, fmt.Sprintf("round-key table %q at flash 0x%x holds %d bytes (%s); the task's round keys need %d",
				h.opts.RK, rk.Value, size, until, t.RKBytes))
		}
		rep.RKIn, rep.RKTable = "flash ("+h.opts.RK+")", &RKTable{Symbol: h.opts.RK, Memory: "flash"}
	case asm.SectionData, asm.SectionBSS:
		h.rkTable, h.rkAddr = rkSRAM, uint32(rk.Value)
		size, until := h.tableSize(rk, false)
		if size < t.RKBytes {
			return plainProblem(ProblemNoRoundKeys, fmt.Sprintf("round-key table %q at data address 0x%x holds %d bytes (%s); the task's round keys need %d",
				h.opts.RK, rk.Value, size, until, t.RKBytes))
		}
		rep.RKIn, rep.RKTable = "sram ("+h.opts.RK+")", &RKTable{Symbol: h.opts.RK, Memory: "sram"}
	default:
		return plainProblem(ProblemNoRoundKeys, fmt.Sprintf("round-key symbol %q is a constant, not a table", h.opts.RK))
	}
	return nil
}

// tableSize measures a table from its symbol to the next symbol of its memory, to the end of what the
// source emits (flash) or reserves (SRAM), or to its .size, whichever is least, and says which.
func (h *harness) tableSize(sym asm.Symbol, flash bool) (int, string) {
	im := h.im
	start := sym.Value
	var end int64
	until := ""
	if flash {
		a := start
		for a < int64(len(im.Emitted)) && im.Emitted[a] {
			a++
		}
		end, until = a, "to the end of the bytes the source emits there"
	} else {
		end = int64(im.BSSAddr) + int64(im.BSSSize)
		if d := int64(im.DataAddr) + int64(len(im.Data)); start < d {
			end = d
		}
		until = "to the end of its section"
	}
	for _, s := range im.Symbols {
		same := (s.Section == asm.SectionText || s.Section == asm.SectionProgmem) == flash &&
			(s.Section != asm.SectionAbs)
		if same && s.Value > start && s.Value < end {
			end, until = s.Value, fmt.Sprintf("to the next symbol %q", s.Name)
		}
	}
	if sym.Size > 0 && start+sym.Size < end {
		end, until = start+sym.Size, "by its .size"
	}
	return int(end - start), until
}

// roundKeyLike returns a symbol of the image whose name suggests a round-key table, other than want.
func roundKeyLike(im *asm.Image, want string) string {
	for _, s := range im.Symbols {
		if s.Section == asm.SectionAbs || s.Name == want {
			continue
		}
		n := strings.ToLower(s.Name)
		for _, w := range []string{"rk", "rks", "round_key", "roundkey", "subkey", "key_table", "keys"} {
			if n == w || strings.HasSuffix(n, "_"+w) || strings.HasPrefix(n, w+"_") || strings.Contains(n, "roundkey") ||
				strings.Contains(n, "round_key") {
				return s.Name
			}
		}
	}
	return ""
}

// testVector is one test case: what goes into each buffer (argument values included) and what the
// output buffers must hold afterwards.
type testVector struct {
	in   map[Role][]byte
	want map[Role][]byte
	key  []byte   // cipher tasks: the master key (shown with the inputs)
	rk   []byte   // cipher tasks: the round keys written into the source's table
	regs [32]byte // the values planted in r0..r31 before the arguments are set (harness.plants)
}

// vector returns test vector i (0 = official) of the call.
func (h *harness) vector(rng *rand.Rand, i int) *testVector {
	if h.t.Kind == KindKernel {
		return h.kernelVector(rng, i)
	}
	t := h.t
	v := &testVector{in: map[Role][]byte{}, want: map[Role][]byte{}}
	var pt []byte
	if i == 0 {
		v.key = append([]byte(nil), t.OfficialKey...)
		pt = append([]byte(nil), t.OfficialPlain...)
	} else {
		v.key = make([]byte, t.KeyBytes)
		pt = make([]byte, t.BlockBytes)
		fill(rng, v.key)
		fill(rng, pt)
	}
	v.rk = t.ref.RoundKeys(v.key)
	ct := make([]byte, t.BlockBytes)
	t.ref.Encrypt(ct, pt, v.key)
	in, want := pt, ct
	if h.sc.Decrypt {
		in, want = ct, pt
	}
	v.in[RoleBlock], v.in[RoleIn], v.in[RoleKey], v.in[RoleRK] = in, in, v.key, v.rk
	if h.call.has(RoleRand) { // drawn only for calls that take it: other benches' vectors stay as they were
		v.in[RoleRand] = make([]byte, RandBytes)
		fill(rng, v.in[RoleRand])
	}
	switch {
	case h.call.has(RoleBlock):
		v.want[RoleBlock] = want
	case h.call.has(RoleOut):
		v.want[RoleOut] = want
	default: // a key schedule alone: the round keys it writes are the result
		v.want[RoleRKOut] = v.rk
	}
	return v
}

// kernelVector returns test vector i of a kernel task: its edge cases first (the first is the
// "official" one), then random valid inputs.
func (h *harness) kernelVector(rng *rand.Rand, i int) *testVector {
	k := h.t.Kernel
	var args [][]byte
	if edges := k.Edges(); i < len(edges) {
		args = edges[i]
	} else {
		args = k.Random(rng)
	}
	want, err := k.Expected(args)
	if err != nil {
		panic("lab: internal error: kernel " + k.ID + ": " + err.Error())
	}
	v := &testVector{in: map[Role][]byte{}, want: map[Role][]byte{}}
	for j, a := range k.Args {
		v.in[Role(a.Name)] = args[j]
		if a.Dir != kernel.In {
			v.want[Role(a.Name)] = want[j]
		}
	}
	return v
}

// input returns what the harness puts in buffer b for vector v: its input, or for an output buffer
// the noise a kernel's reference chose, else zeros.
func (v *testVector) input(b *buffer) []byte {
	if d, ok := v.in[b.Role]; ok && (b.Dir != DirOut || len(d) == b.size) {
		return d
	}
	return make([]byte, b.size)
}

// run runs one call of the routine on vector v and returns the output buffers afterwards.
func (h *harness) run(m *emu.Machine, v *testVector) (out map[Role][]byte, cycles uint64, stop emu.Stop, problem string) {
	h.setup(m, v)
	stop = m.Run(h.opts.MaxCycles)
	if n := m.SPMWrites(); n > 0 {
		// Isolation: every call starts from the program as loaded. The bytes SPM changed were
		// writable storage: they count as RAM (sizes).
		h.spm += n
		for a, v := range m.Flash() {
			was := byte(0xFF)
			if a < len(h.im.Flash) {
				was = h.im.Flash[a]
			}
			if v != was {
				if h.spmBytes == nil {
					h.spmBytes = map[int]bool{}
				}
				h.spmBytes[a] = true
			}
		}
		m.ResetFlash(h.im.Flash)
	}
	out = map[Role][]byte{}
	for _, b := range h.bufs {
		if b.Value {
			continue
		}
		if b.Dir == DirIn && !b.writable {
			if got := m.Data(b.addr, b.size); !bytes.Equal(got, v.input(&b)) && problem == "" {
				problem = fmt.Sprintf("the routine wrote its read-only input buffer %s (%s); write %s! in the call if it may overwrite it",
					b.Role, ArgRegisters(b.arg), b.Role)
			}
		}
		if _, ok := v.want[b.Role]; ok {
			out[b.Role] = m.Data(b.addr, b.size)
		}
	}
	return out, m.Cycles(), stop, problem
}

// setup puts machine m in the state of the call's first instruction for vector v: the image loaded,
// the buffers filled, the round keys written, registers planted and set to the arguments, the return
// sentinel pushed, PC at the entry and the cycle counter at 0.
func (h *harness) setup(m *emu.Machine, v *testVector) {
	resetWithImage(m, h.im)
	for i := range h.bufs {
		if !h.bufs[i].Value {
			m.LoadData(h.bufs[i].addr, v.input(&h.bufs[i]))
		}
	}
	switch h.rkTable {
	case rkFlash:
		m.WriteFlash(h.rkAddr, v.rk)
	case rkSRAM:
		m.LoadData(uint16(h.rkAddr), v.rk)
	}
	for r := 0; r < 32; r++ {
		m.SetReg(r, v.regs[r])
	}
	h.cur = v
	for _, b := range h.bufs {
		if b.Value {
			m.SetReg(argReg(b.arg), v.input(&b)[0])
			m.SetReg(argReg(b.arg)+1, 0)
			continue
		}
		m.SetReg(argReg(b.arg), uint8(b.addr))
		m.SetReg(argReg(b.arg)+1, uint8(b.addr>>8))
	}
	m.SetSP(h.spStart)
	m.PushReturn(h.sentinel)
	h.spCalled = m.SP()
	m.SetReturnSentinel(h.sentinel)
	m.ResetStackLow()
	m.SetPC(h.entry)
	m.SetCycles(0)
}

// stopProblem describes a stop other than a return within the cycle limit, or nil for a good return.
func (h *harness) stopProblem(m *emu.Machine, stop emu.Stop) *Problem {
	switch stop.Reason {
	case emu.StopReturn:
		if c := m.Cycles(); c > h.opts.MaxCycles {
			return &Problem{Kind: ProblemCycleLimit, Option: OptMaxCycles,
				Text: text(fmt.Sprintf("the call took %d cycles, over the limit of %d", c, h.opts.MaxCycles))}
		}
		return nil
	case emu.StopFault:
		p := &Problem{Kind: ProblemFault, Text: text(stop.Fault.Describe(h.im))}
		if pos, ok := h.im.SourceAt(stop.Fault.PC); ok && pos.IsValid() {
			p.Pos = &pos
		}
		if hint := h.argHint(stop.Fault); hint != nil {
			p.Option, p.Text = OptCall, text(p.Text, hint)
		}
		return p
	case emu.StopLimit:
		return &Problem{Kind: ProblemCycleLimit, Option: OptMaxCycles,
			Text: text(fmt.Sprintf("the call did not return within %d cycles (an infinite loop? raise ", h.opts.MaxCycles), ref(OptMaxCycles, ""), ")")}
	}
	return plainProblem(ProblemOther, fmt.Sprintf("the call stopped with %s before returning", stop))
}

// argHint explains a data-space fault at an address planted in an argument register the call does
// not pass, and suggests a call spec with more arguments.
func (h *harness) argHint(f *emu.Fault) Text {
	if f == nil || !errors.Is(f, emu.ErrDataOutOfRange) {
		return nil
	}
	n := len(h.call.Args)
	for i := n; i < 4 && h.cur != nil; i++ {
		p := uint32(unpassedHigh(i))<<8 | uint32(h.cur.regs[argReg(i)])
		if f.Addr+256 < p || f.Addr > p+256 {
			continue
		}
		var try []Segment
		for _, c := range suggestCalls(i + 1) {
			try = append(try, ref(OptCall, h.call.Entry+c))
		}
		return text(fmt.Sprintf("; the routine used %s (0x%04x) as a pointer but the call %s passes %d argument%s; "+
			"does it take more? try ", ArgRegisters(i), p, h.call, n, plural(n)), Segment{Either: try})
	}
	return nil
}

// suggestCalls lists common conventions with n arguments.
func suggestCalls(n int) []string {
	switch n {
	case 1:
		return []string{"(block)"}
	case 2:
		return []string{"(block, rk)", "(block, key)"}
	case 3:
		return []string{"(out, in, rk)", "(key, out, in)", "(block, key, rkout)"}
	}
	return []string{"(out, in, key, rkout)"}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (h *harness) where(pc uint32) string {
	if p, ok := h.im.SourceAt(pc); ok {
		return fmt.Sprintf(" (%s)", p)
	}
	return ""
}

func fill(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

// result builds the VectorResult of one call: the first output that differs (else the first output)
// with what it should hold.
func (h *harness) result(v *testVector, i int, got map[Role][]byte, cycles uint64) *VectorResult {
	vr := &VectorResult{Cycles: cycles, OK: true, Official: i == 0}
	for _, b := range h.bufs {
		want, checked := v.want[b.Role]
		if b.Dir != DirOut {
			vr.Inputs = append(vr.Inputs, BufferBytes{b.Role, describeHex(v.input(&b))})
		}
		if !checked {
			continue
		}
		same := bytes.Equal(got[b.Role], want)
		if vr.Output == "" || (!same && vr.OK) {
			vr.Output, vr.Expected, vr.Got = b.Role, describeHex(want), describeHex(got[b.Role])
		}
		vr.OK = vr.OK && same
	}
	if h.t.Kind == KindCipher && (h.rkTable != 0 || !h.call.has(RoleKey)) {
		vr.Inputs = append(vr.Inputs, BufferBytes{RoleKey, describeHex(v.key)})
	}
	return vr
}

// measure runs the vectors and the constant-time inputs, then measures flash and RAM.
func (h *harness) measure(rep *Report) {
	t := h.t
	rng := rand.New(rand.NewPCG(h.opts.Seed, 0x61767266))
	n := 1 + h.opts.Vectors
	var sum uint64
	rep.ABIOK = true
	low := h.spStart
	defer func() {
		h.sizes(rep, low)
		if h.spm > 0 {
			rep.Notes = append(rep.Notes, fmt.Sprintf("the routine writes flash with SPM (%d writes); every call started from the program as loaded", h.spm))
		}
		if rep.Pass && t.Kind == KindCipher {
			rep.Rank = Rank(rep.CPB, rep.Flash, rep.RAM)
		}
	}()
	ct := ctState{ok: true}
	for i := 0; i < n; i++ {
		v := h.vector(rng, i)
		v.regs = h.plants(i)
		got, cycles, stop, problem := h.run(h.m, v)
		h.progress(i+1, n)
		vr := h.result(v, i, got, cycles)
		if i == 0 {
			rep.Official = vr
		}
		if l := h.m.StackLow(); l < low {
			low = l
		}
		if p := h.stopProblem(h.m, stop); p != nil {
			vr.OK = false
			rep.setProblem(p)
			rep.Failures++
			rep.Vectors = i + 1
			rep.FirstFailure = vr
			return
		}
		if problem != "" {
			if vr.OK {
				rep.BufferFaults++
				if rep.BufferProblem == "" {
					rep.BufferProblem = problem
				}
			}
			vr.OK, vr.Problem = false, problem
		}
		if !vr.OK {
			rep.Failures++
			if rep.FirstFailure == nil {
				rep.FirstFailure = vr
			}
		}
		if rep.ABIOK {
			if d := h.checkABI(h.m, v); d != "" {
				rep.ABIOK, rep.ABIDetail = false, d
			}
		}
		ct.cycles(h, v, fmt.Sprintf("vector %d", i), cycles)
		if i == 0 || cycles < rep.CyclesMin {
			rep.CyclesMin = cycles
		}
		rep.CyclesMax = max(rep.CyclesMax, cycles)
		if i > 0 || n == 1 {
			sum += cycles
		}
	}
	rep.Vectors = n
	// The mean is over the random vectors: the official vector, which a routine could recognise and
	// answer from a table, is checked and counts for constant time, but is not timed (unless it is
	// the only vector).
	rep.CyclesMean = float64(sum) / float64(max(n-1, 1))
	if t.Kind == KindCipher {
		rep.CPB = rep.CyclesMean / float64(t.BlockBytes)
	} else if t.Kernel.Units > 0 {
		rep.Unit, rep.CyclesPerUnit = t.Kernel.Unit, rep.CyclesMean/float64(t.Kernel.Units)
	}
	if h.dev.Name == "attiny45" || h.dev.Name == "attiny85" {
		e := ATtiny45Energy()
		rep.EnergyUJ = &Energy{UJ: rep.CyclesMean * e.Median / 1000, MinUJ: rep.CyclesMean * e.Min / 1000,
			MaxUJ: rep.CyclesMean * e.Max / 1000, Model: fmt.Sprintf("%.2f nJ per cycle (%.2f..%.2f), the ECRYPT board's", e.Median, e.Min, e.Max)}
	}
	rep.CTInputs = t.CTInputs()
	low = min(low, h.constantTime(n, rep, &ct))
	rep.ConstantTime, rep.CTDetail = ct.ok, ct.detail
	rep.Pass = rep.Failures == 0 && rep.ABIOK && rep.Error == ""
}

// EveryTenth returns an Options.Progress that passes on to f only the calls that complete a tenth
// of the total (10% of the calls, 20%, ... 100%): at most ten reports a bench, for a display.
func EveryTenth(f func(done, total int)) func(done, total int) {
	last := 0
	return func(done, total int) {
		if step := done * 10 / max(total, 1); step > last {
			last = step
			f(done, total)
		}
	}
}

// progress tells Options.Progress that done calls of the vectors calls and the constant-time inputs
// have run.
func (h *harness) progress(done, vectors int) {
	if h.opts.Progress != nil {
		h.opts.Progress(done, vectors+h.t.CTInputs())
	}
}

// checkABI compares the registers the avr-gcc ABI makes callee-saved, r1 and SP with their values before
// the call. It returns "" when the convention holds.
func (h *harness) checkABI(m *emu.Machine, v *testVector) string {
	var bad []string
	for _, r := range calleeSaved {
		if m.Reg(r) != v.regs[r] {
			bad = append(bad, fmt.Sprintf("r%d", r))
		}
	}
	var parts []string
	if len(bad) > 0 {
		parts = append(parts, fmt.Sprintf("callee-saved %s not restored", strings.Join(bad, ", ")))
	}
	if m.Reg(1) != 0 {
		parts = append(parts, fmt.Sprintf("r1 is 0x%02x on return (avr-gcc needs r1 = 0)", m.Reg(1)))
	}
	if m.SP() != h.spStart {
		parts = append(parts, fmt.Sprintf("SP is 0x%04x on return, 0x%04x expected", m.SP(), h.spStart))
	}
	return strings.Join(parts, "; ")
}

// ctState is the constant-time verdict of a run as it goes: one property over every call of the run
// (the official vector, the random vectors, the constant-time inputs), each with its own key: the
// same cycle count for all of them, and the same executed-address sequence for all those traced.
// Calls are compared within their public class (harness.publicClass): a kernel's public parameters,
// such as a hash's message length, may set its cycles; nothing else may.
type ctState struct {
	ok     bool
	detail string
	// first holds, per public class, the first call and the first traced call the others are compared with.
	first map[string]*ctFirst
}

// ctFirst is the first call of one public class, and its first traced call.
type ctFirst struct {
	name  string
	in    string
	cycle uint64
	// the first traced call: its vector (traced again, interpreted, when another call's hash differs)
	traced    bool
	traceV    testVector
	traceHash uint64
	traceName string
	traceIn   string
}

// class returns the first calls of v's public class, making the class at its first call (ok false).
func (c *ctState) class(h *harness, v *testVector) (f *ctFirst, ok bool) {
	if c.first == nil {
		c.first = map[string]*ctFirst{}
	}
	k := h.publicClass(v)
	if f, ok = c.first[k]; !ok {
		f = &ctFirst{}
		c.first[k] = f
	}
	return f, ok
}

// cycles compares the cycle count of the call named name (on vector v) with the first call's of its class.
func (c *ctState) cycles(h *harness, v *testVector, name string, cycles uint64) {
	f, seen := c.class(h, v)
	if !seen {
		f.name, f.in, f.cycle = name, h.describeInput(v), cycles
		return
	}
	if c.ok && cycles != f.cycle {
		c.ok = false
		c.detail = fmt.Sprintf("%s (%s: %d cycles) and %s (%s: %d cycles) differ in cycles",
			f.name, f.in, f.cycle, name, h.describeInput(v), cycles)
	}
}

// publicClass names the values of a kernel's public arguments in v (Kernel.Public: lengths, round
// counts), which a constant-time routine's cycles may depend on; "" for a cipher or a kernel with none.
func (h *harness) publicClass(v *testVector) string {
	if h.t.Kind != KindKernel || h.t.Kernel == nil {
		return ""
	}
	var b strings.Builder
	for _, name := range h.t.Kernel.Public {
		fmt.Fprintf(&b, "%s=%x;", name, v.in[Role(name)])
	}
	return b.String()
}

// describeInput names a call's inputs for a constant-time message: a cipher's key and block, or a
// kernel's first input.
func (h *harness) describeInput(v *testVector) string {
	if h.t.Kind == KindCipher {
		return fmt.Sprintf("key %x, block %x", v.key, v.in[RoleBlock])
	}
	if pc := h.publicClass(v); pc != "" {
		return fmt.Sprintf("%x, %s", h.primaryInput(v), strings.TrimSuffix(strings.ReplaceAll(pc, ";", ", "), ", "))
	}
	return fmt.Sprintf("%x", h.primaryInput(v))
}

// ctStream is the PCG stream of the constant-time inputs.
const ctStream = 0x6374696e // "ctin"

// constantTime runs the task's CTInputs calls of the traced machine: the official vector, then
// random keys and blocks drawn from the run's seed (a stream of their own). Their outputs and the ABI are
// checked as the vectors' are (a wrong output or a call that does not return is the report's Error),
// their cycles go to ct with every other call's, and their executed-address sequences (a running hash;
// the kept trace locates a difference) must all agree. It returns the lowest SP seen.
func (h *harness) constantTime(vectors int, rep *Report, ct *ctState) uint16 {
	t := h.t
	rng := rand.New(rand.NewPCG(h.opts.Seed^ctStream, 0x61767266))
	low := h.spStart
	for i := 0; i < t.CTInputs(); i++ {
		var v *testVector
		switch {
		case i == 0:
			v = h.vector(rng, 0)
		case t.Kind == KindKernel:
			v = h.kernelVector(rng, len(t.Kernel.Edges()))
		default:
			v = h.vector(rng, 1)
		}
		v.regs = h.plants(vectors + i)
		got, cycles, stop, problem := h.run(h.mt, v)
		h.progress(vectors+i+1, vectors)
		low = min(low, h.mt.StackLow())
		name := fmt.Sprintf("constant-time input %d", i)
		if p := h.stopProblem(h.mt, stop); p != nil {
			ct.ok, ct.detail = false, name+" did not return: "+p.Error()
			if rep.Error == "" {
				rep.setProblem(p.prefixed(name + " (" + h.describeInput(v) + "): "))
			}
			return low
		}
		vr := h.result(v, vectors+i, got, cycles)
		if problem != "" {
			vr.OK, vr.Problem = false, problem
		}
		if !vr.OK && rep.Error == "" && rep.Failures == 0 {
			rep.FirstFailure = vr
			msg := fmt.Sprintf("wrong output on %s (%s): %s expected %s, got %s", name, h.describeInput(v),
				vr.Output, vr.Expected, vr.Got)
			if vr.Problem != "" {
				msg = fmt.Sprintf("%s (%s): %s", name, h.describeInput(v), vr.Problem)
			}
			rep.setProblem(plainProblem(ProblemWrongOutput, msg))
		}
		if rep.ABIOK {
			if d := h.checkABI(h.mt, v); d != "" {
				rep.ABIOK, rep.ABIDetail = false, d
			}
		}
		ct.cycles(h, v, name, cycles)
		hash := h.mt.TraceHash()
		f, _ := ct.class(h, v)
		if !f.traced {
			f.traced, f.traceV, f.traceHash = true, *v, hash
			f.traceName, f.traceIn = name, h.describeInput(v)
			continue
		}
		if !ct.ok || hash == f.traceHash {
			continue
		}
		// The two calls part: their address traces (interpreted) say where.
		first, tr := h.traceAddrs(&f.traceV), h.traceAddrs(v)
		j := 0
		for j < len(first) && j < len(tr) && first[j] == tr[j] {
			j++
		}
		var at string
		switch {
		case j < len(first) && j < len(tr):
			at = fmt.Sprintf("step %d: pc 0x%x%s vs pc 0x%x", j, first[j]*2, h.where(first[j]), tr[j]*2)
		case len(first) == len(tr):
			at = fmt.Sprintf("a step after the first %d (beyond the trace kept; the hashes of the whole traces differ)", len(tr))
		case j > 0:
			at = fmt.Sprintf("step %d, after pc 0x%x%s (one trace ends)", j, first[j-1]*2, h.where(first[j-1]))
		default:
			at = "the first step"
		}
		ct.ok = false
		ct.detail = fmt.Sprintf("%s (%s) and %s (%s) part at %s", f.traceName, f.traceIn, name, h.describeInput(v), at)
	}
	return low
}

// traceAddrs runs vector v on a new machine with the address trace on (interpreted) and returns the
// addresses: the constant-time check's machine keeps only the trace's hash.
func (h *harness) traceAddrs(v *testVector) []uint32 {
	m := emu.New(h.dev, h.im.Flash, emu.Config{Trace: true, Present: h.im.Present})
	spm := h.spm
	h.run(m, v)
	h.spm = spm // counted by the check's own run
	return m.TraceAddrs()
}

// primaryInput is the input a constant-time message names: the block, or a kernel's first input.
func (h *harness) primaryInput(v *testVector) []byte {
	if h.t.Kind == KindCipher {
		return v.in[RoleBlock]
	}
	for _, b := range h.bufs {
		if b.Dir != DirOut && !b.Value {
			return v.in[b.Role]
		}
	}
	return nil
}

// CallSetup describes a call PrepareCall set up: where it enters and returns, its buffers and the
// vector's inputs and expected output.
type CallSetup struct {
	Entry    uint32 // word address of the first instruction
	Sentinel uint32 // word address the pushed return address points at: a RET to it ends the call
	Call     string // e.g. "cham64_128_encrypt(block)"
	Buffers  []BufferUse
	Inputs   []BufferBytes
	Output   Role   // the buffer checked
	Expected []byte // what it must hold after the call
	// Report holds the harness's notes on the call (its RKIn, Notes, Error when it cannot be set up).
	Report *Report
}

// PrepareCall sets up test vector i (0 = the official vector, then the seeded random ones in the
// order Bench runs them) of the call Bench would measure, on a new machine with cfg (for a debugger:
// breakpoints, trace, profile), exactly as the harness does: image loaded, buffers filled, round keys
// written, registers planted, the return sentinel pushed and set, PC at the entry, cycles 0. It
// returns an error for bad options; a call that cannot be set up (a missing entry) has Report.Error
// set and no machine.
func PrepareCall(im *asm.Image, opts Options, i int, cfg emu.Config) (*emu.Machine, *CallSetup, error) {
	h, rep, err := prepare(im, opts)
	if err != nil {
		return nil, nil, err
	}
	cs := &CallSetup{Call: rep.Call, Buffers: rep.Buffers, Report: rep, Entry: h.entry, Sentinel: h.sentinel}
	if rep.Error != "" {
		return nil, cs, nil
	}
	if i < 0 || i > h.opts.Vectors {
		return nil, nil, fmt.Errorf("vector %d: the bench runs vectors 0..%d", i, h.opts.Vectors)
	}
	rng := rand.New(rand.NewPCG(h.opts.Seed, 0x61767266))
	var v *testVector
	for j := 0; j <= i; j++ {
		v = h.vector(rng, j)
	}
	v.regs = h.plants(i)
	if cfg.Present == nil {
		cfg.Present = h.im.Present
	}
	m := emu.New(h.dev, h.im.Flash, cfg)
	h.setup(m, v)
	vr := h.result(v, i, map[Role][]byte{}, 0)
	cs.Inputs, cs.Output = vr.Inputs, vr.Output
	cs.Expected = v.want[vr.Output]
	return m, cs, nil
}

// Verdict says how many vectors were right and, when some had the right output but broke the call's
// contract, what failed: "0/101 vectors right: 101 outputs right, but the routine wrote its read-only
// input buffer key (r23:r22); write key! in the call if it may overwrite it".
func (r *Report) Verdict() string {
	s := fmt.Sprintf("%d/%d vectors right", r.Vectors-r.Failures, r.Vectors)
	if r.BufferFaults > 0 {
		s += fmt.Sprintf(": %d output%s right, but %s", r.Vectors-r.Failures+r.BufferFaults, plural(r.Vectors-r.Failures+r.BufferFaults), r.BufferProblem)
	}
	return s
}
