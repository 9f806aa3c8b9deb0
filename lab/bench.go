package lab

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// Scenarios of a task.
const (
	ScenarioFixedKey    = "fixed-key"    // void ENTRY(uint8_t *block): round keys precomputed by the harness
	ScenarioKeySchedule = "key-schedule" // void ENTRY(uint8_t *block, const uint8_t *key, uint8_t *rk)
	ScenarioDecrypt     = "decrypt"      // void ENTRY(uint8_t *block): fixed-key decryption
)

// Scenarios returns the scenario names in the order the CLI documents them.
func Scenarios() []string { return []string{ScenarioFixedKey, ScenarioKeySchedule, ScenarioDecrypt} }

// Defaults of Options.
const (
	DefaultVectors   = 100
	DefaultMaxCycles = 10_000_000
	// ConstantTimeInputs is how many random inputs the constant-time check compares.
	ConstantTimeInputs = 64
)

// Options says what to measure. The zero value measures the task named in the source's first lines,
// fixed-key, on the ATmega128, with 100 random vectors.
type Options struct {
	Task      string            // task ID; "" = DetectTask of the main source
	Scenario  string            // "" = fixed-key
	Entry, RK string            // symbols; "" = the task's defaults
	Device    string            // "" = atmega128
	Defines   map[string]string // -D NAME[=VALUE] for the preprocessor
	Vectors   int               // random vectors besides the official one; 0 = 100, negative = none
	Seed      uint64            // seed of the random vectors (0 is a fine seed)
	MaxCycles uint64            // cycle limit of one call; 0 = 10,000,000
}

// VectorResult is one test vector's outcome, in memory byte order (hex).
type VectorResult struct {
	Key       string `json:"key"`
	Plaintext string `json:"plaintext"`
	Expected  string `json:"expected"`
	Got       string `json:"got"`
	Cycles    uint64 `json:"cycles"`
	OK        bool   `json:"ok"`
	Official  bool   `json:"official"`
}

// Report is the measurement of one implementation of one task. Sizes are bytes, cycles are CPU cycles
// of one call from the first instruction through the RET.
type Report struct {
	Task       string  `json:"task"`
	TaskName   string  `json:"task_name"`
	Scenario   string  `json:"scenario"`
	Device     string  `json:"device"`
	Entry      string  `json:"entry"`
	Pass       bool    `json:"pass"`
	Vectors    int     `json:"vectors"`
	Failures   int     `json:"failures"`
	CyclesMin  uint64  `json:"cycles_min"`
	CyclesMax  uint64  `json:"cycles_max"`
	CyclesMean float64 `json:"cycles_mean"`
	CPB        float64 `json:"cpb"`
	Flash      int     `json:"flash"`
	RAM        int     `json:"ram"`
	Stack      int     `json:"stack"`        // peak stack depth without the return address
	Reserved   int     `json:"reserved_ram"` // .data + .bss the source reserves
	RKInRAM    int     `json:"rk_ram"`       // round keys the harness keeps in SRAM
	RKIn       string  `json:"rk_in"`        // "flash", "sram (source)", "sram (harness)" or "" (key-schedule)
	Rank       float64 `json:"rank"`

	ConstantTime bool   `json:"constant_time"`
	CTDetail     string `json:"constant_time_detail,omitempty"`
	ABIOK        bool   `json:"abi_ok"`
	ABIDetail    string `json:"abi_detail,omitempty"`

	Official     *VectorResult `json:"official,omitempty"`
	FirstFailure *VectorResult `json:"first_failure,omitempty"`
	// Error is a run-time problem that stopped the measurement: a fault with its source line, the cycle
	// limit, a missing symbol. Pass is false when it is set.
	Error string `json:"error,omitempty"`
}

// ErrNoTask is returned when no task is given and the source names none.
var ErrNoTask = errors.New("no task: give -task or put \"; avrlab task: ID\" in the first lines of the source")

// BenchFile assembles main from fsys (includes are read from fsys too) and measures it. When assembly
// fails it returns the partial image and the asm.ErrorList, and no report.
func BenchFile(fsys fs.FS, main string, opts Options) (*Report, *asm.Image, error) {
	src, err := fs.ReadFile(fsys, main)
	if err != nil {
		return nil, nil, err
	}
	return BenchSource(main, src, fsys, opts)
}

// BenchSource is BenchFile for a source held in memory, with includes read from fsys (may be nil).
func BenchSource(name string, src []byte, fsys fs.FS, opts Options) (*Report, *asm.Image, error) {
	if opts.Task == "" {
		opts.Task = DetectTask(src)
	}
	im, err := asm.Assemble(name, src, asm.Config{Device: opts.Device, FS: fsys, Defines: opts.Defines})
	if err != nil {
		return nil, im, err
	}
	rep, err := Bench(im, opts)
	return rep, im, err
}

// Bench measures an assembled image. It returns an error only for bad options (unknown task, scenario
// or device); problems of the implementation (wrong output, fault, missing symbol, cycle limit) are in
// the report with Pass false.
func Bench(im *asm.Image, opts Options) (*Report, error) {
	t := LookupTask(normalizeID(opts.Task))
	if opts.Task == "" {
		return nil, ErrNoTask
	}
	if t == nil {
		return nil, fmt.Errorf("unknown task %q (known: %s)", opts.Task, strings.Join(TaskIDs(), ", "))
	}
	if opts.Scenario == "" {
		opts.Scenario = ScenarioFixedKey
	}
	switch opts.Scenario {
	case ScenarioFixedKey, ScenarioKeySchedule, ScenarioDecrypt:
	default:
		return nil, fmt.Errorf("unknown scenario %q (known: %s)", opts.Scenario, strings.Join(Scenarios(), ", "))
	}
	if opts.Entry == "" {
		opts.Entry = t.Entry
		if opts.Scenario == ScenarioDecrypt {
			opts.Entry = strings.TrimSuffix(t.Entry, "_encrypt") + "_decrypt"
		}
	}
	if opts.RK == "" {
		opts.RK = t.RK
	}
	if opts.Vectors == 0 {
		opts.Vectors = DefaultVectors
	} else if opts.Vectors < 0 {
		opts.Vectors = 0
	}
	if opts.MaxCycles == 0 {
		opts.MaxCycles = DefaultMaxCycles
	}
	h, rep := newHarness(im, t, opts)
	if rep.Error != "" {
		return rep, nil
	}
	h.measure(rep)
	return rep, nil
}

// harness holds one machine and the layout of one task's call, built once and reset per vector.
type harness struct {
	im   *asm.Image
	dev  *isa.Device
	t    *Task
	opts Options
	m    *emu.Machine // plain machine for the vectors
	mt   *emu.Machine // machine with the address trace on, for the constant-time check

	entry     uint32 // word address
	sentinel  uint32 // word address the return address points at
	blockAddr uint16
	keyAddr   uint16 // key-schedule scenario
	rkAddr    uint32 // flash byte address (rkFlash) or data address
	rkFlash   bool
	rkHarness bool   // round keys placed by the harness in SRAM
	spStart   uint16 // SP before the return address is pushed (RAMEND)
	spCalled  uint16 // SP after the emulator pushed the return address, as after a CALL
}

// Callee-saved registers of the avr-gcc ABI and the values the harness plants in them.
var calleeSaved = []int{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29}

func plant(r int) uint8 { return uint8(0xA5 ^ r*37) }

func newHarness(im *asm.Image, t *Task, opts Options) (*harness, *Report) {
	rep := &Report{Task: t.ID, TaskName: t.Name, Scenario: opts.Scenario, Device: im.Device.Name, Entry: opts.Entry}
	h := &harness{im: im, dev: im.Device, t: t, opts: opts}
	sym, ok := im.Symbol(opts.Entry)
	if !ok {
		rep.Error = fmt.Sprintf("entry symbol %q is not defined (the task's routine must be a label; use -entry NAME to name another)", opts.Entry)
		return h, rep
	}
	if sym.Section != asm.SectionText && sym.Section != asm.SectionProgmem {
		rep.Error = fmt.Sprintf("entry symbol %q is not in .text", opts.Entry)
		return h, rep
	}
	h.entry = uint32(sym.Value) / 2
	dev := h.dev
	// SRAM layout: .data and .bss from the image, then the block (and the key), then round keys at a
	// 256-byte-aligned address when the harness keeps them; the stack grows down from RAMEND.
	free := uint32(im.BSSAddr) + uint32(im.BSSSize)
	if end := uint32(im.DataAddr) + uint32(len(im.Data)); end > free {
		free = end
	}
	if free < uint32(dev.SRAMStart) {
		free = uint32(dev.SRAMStart)
	}
	free = (free + 15) &^ 15
	h.blockAddr = uint16(free)
	free += uint32(t.BlockBytes)
	free = (free + 15) &^ 15
	if opts.Scenario == ScenarioKeySchedule {
		h.keyAddr = uint16(free)
		free += uint32(t.KeyBytes)
	}
	if opts.Scenario != ScenarioKeySchedule {
		if rk, ok := im.Symbol(opts.RK); ok {
			switch rk.Section {
			case asm.SectionText, asm.SectionProgmem:
				h.rkFlash, h.rkAddr = true, uint32(rk.Value)
				if int(h.rkAddr)+t.RKBytes > len(im.Flash) {
					rep.Error = fmt.Sprintf("round-key table %q at flash 0x%x has room for %d of its %d bytes",
						opts.RK, h.rkAddr, len(im.Flash)-int(h.rkAddr), t.RKBytes)
					return h, rep
				}
				rep.RKIn = "flash"
			case asm.SectionData, asm.SectionBSS:
				h.rkAddr = uint32(rk.Value)
				rep.RKIn = "sram (source)"
			default:
				rep.Error = fmt.Sprintf("round-key symbol %q is a constant, not a table", opts.RK)
				return h, rep
			}
		} else {
			h.rkHarness = true
			free = (free + 255) &^ 255
			h.rkAddr = free
			free += uint32(t.RKBytes)
			rep.RKIn = "sram (harness)"
			rep.RKInRAM = t.RKBytes
		}
	} else {
		free = (free + 255) &^ 255
		h.rkAddr = free
		free += uint32(t.RKBytes)
		rep.RKInRAM = t.RKBytes
		rep.RKIn = "sram (buffer in r21:r20)"
	}
	ramEnd := uint32(dev.RAMEND())
	if free+64 > ramEnd {
		rep.Error = fmt.Sprintf("the task's buffers do not fit in %s's SRAM (0x%x..0x%x)", dev.Name, dev.SRAMStart, ramEnd)
		return h, rep
	}
	h.spStart = uint16(ramEnd)
	// The sentinel is the last word of flash: a RET popping it ends the call.
	h.sentinel = uint32(dev.Flash/2 - 1)
	h.m = emu.New(dev, im.Flash, emu.Config{})
	h.mt = emu.New(dev, im.Flash, emu.Config{Trace: true})
	return h, rep
}

// call runs one call of the routine with the given inputs and returns the block afterwards.
func (h *harness) call(block, key, rk []byte, trace bool) (out []byte, cycles uint64, stop emu.Stop) {
	m := h.m
	if trace {
		m = h.mt
	}
	resetWithImage(m, h.im)
	m.LoadData(h.blockAddr, block)
	if h.opts.Scenario == ScenarioKeySchedule {
		m.LoadData(h.keyAddr, key)
	} else if h.rkFlash {
		m.WriteFlash(h.rkAddr, rk)
	} else {
		m.LoadData(uint16(h.rkAddr), rk)
	}
	for r := 0; r < 32; r++ {
		m.SetReg(r, plant(r))
	}
	m.SetReg(1, 0)
	m.SetReg(24, uint8(h.blockAddr))
	m.SetReg(25, uint8(h.blockAddr>>8))
	switch {
	case h.opts.Scenario == ScenarioKeySchedule:
		m.SetReg(22, uint8(h.keyAddr))
		m.SetReg(23, uint8(h.keyAddr>>8))
		m.SetReg(20, uint8(h.rkAddr))
		m.SetReg(21, uint8(h.rkAddr>>8))
	case h.rkHarness:
		m.SetReg(22, uint8(h.rkAddr))
		m.SetReg(23, uint8(h.rkAddr>>8))
	}
	m.SetSP(h.spStart)
	m.PushReturn(h.sentinel)
	h.spCalled = m.SP()
	m.SetReturnSentinel(h.sentinel)
	m.ResetStackLow()
	m.SetPC(h.entry)
	m.SetCycles(0)
	stop = m.Run(h.opts.MaxCycles)
	return m.Data(h.blockAddr, len(block)), m.Cycles(), stop
}

// stopProblem describes a stop other than the sentinel return, or "" for a normal return.
func (h *harness) stopProblem(stop emu.Stop) string {
	switch stop.Reason {
	case emu.StopReturn:
		return ""
	case emu.StopFault:
		return stop.Fault.Describe(h.im)
	case emu.StopLimit:
		return fmt.Sprintf("the call did not return within %d cycles (infinite loop? raise -max-cycles)", h.opts.MaxCycles)
	}
	return fmt.Sprintf("the call stopped with %s before returning", stop)
}

func (h *harness) where(pc uint32) string {
	if p, ok := h.im.SourceAt(pc); ok {
		return fmt.Sprintf(" (%s)", p)
	}
	return ""
}

// inputs returns the key and the input block of vector i (0 = official) and the expected output.
func (h *harness) inputs(rng *rand.Rand, i int) (key, in, want []byte) {
	t := h.t
	if i == 0 {
		key = append([]byte(nil), t.OfficialKey...)
		in = append([]byte(nil), t.OfficialPlain...)
	} else {
		key = make([]byte, t.KeyBytes)
		in = make([]byte, t.BlockBytes)
		fill(rng, key)
		fill(rng, in)
	}
	want = make([]byte, t.BlockBytes)
	if h.opts.Scenario == ScenarioDecrypt {
		// Decrypting: the input is the ciphertext of the plaintext drawn above.
		pt := in
		in = make([]byte, t.BlockBytes)
		t.ref.Encrypt(in, pt, key)
		copy(want, pt)
	} else {
		t.ref.Encrypt(want, in, key)
	}
	return key, in, want
}

func fill(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

func (h *harness) measure(rep *Report) {
	t := h.t
	rng := rand.New(rand.NewPCG(h.opts.Seed, 0x61767266))
	n := 1 + h.opts.Vectors
	var sum uint64
	rep.ABIOK = true
	low := h.spStart
	for i := 0; i < n; i++ {
		key, in, want := h.inputs(rng, i)
		rk := t.ref.RoundKeys(key)
		got, cycles, stop := h.call(in, key, rk, false)
		if p := h.stopProblem(stop); p != "" {
			rep.Error = p
			rep.Pass = false
			rep.Failures++
			rep.Vectors = i + 1
			vr := &VectorResult{Key: describeHex(key), Plaintext: describeHex(in), Expected: describeHex(want),
				Got: describeHex(got), Cycles: cycles, Official: i == 0}
			if i == 0 {
				rep.Official = vr
			}
			rep.FirstFailure = vr
			h.sizes(rep, low)
			return
		}
		if l := h.m.StackLow(); l < low {
			low = l
		}
		ok := bytes.Equal(got, want)
		vr := &VectorResult{Key: describeHex(key), Plaintext: describeHex(in), Expected: describeHex(want),
			Got: describeHex(got), Cycles: cycles, OK: ok, Official: i == 0}
		if i == 0 {
			rep.Official = vr
		}
		if !ok {
			rep.Failures++
			if rep.FirstFailure == nil {
				rep.FirstFailure = vr
			}
		}
		if rep.ABIOK {
			if d := h.checkABI(); d != "" {
				rep.ABIOK, rep.ABIDetail = false, d
			}
		}
		if i == 0 || cycles < rep.CyclesMin {
			rep.CyclesMin = cycles
		}
		if cycles > rep.CyclesMax {
			rep.CyclesMax = cycles
		}
		sum += cycles
	}
	rep.Vectors = n
	rep.CyclesMean = float64(sum) / float64(n)
	rep.CPB = rep.CyclesMean / float64(t.BlockBytes)
	h.sizes(rep, low)
	rep.ConstantTime, rep.CTDetail = h.constantTime(rng)
	rep.Pass = rep.Failures == 0 && rep.ABIOK && rep.Error == ""
	rep.Rank = Rank(rep.CPB, rep.Flash, rep.RAM)
}

// sizes fills flash, stack, reserved and RAM. low is the lowest SP seen.
func (h *harness) sizes(rep *Report, low uint16) {
	im := h.im
	rep.Flash = im.EmittedBytes(0, uint32(len(im.Flash)))
	top := h.spCalled
	if low < top {
		rep.Stack = int(top - low)
	}
	rep.Reserved = len(im.Data) + im.BSSSize
	rep.RAM = rep.Stack + rep.Reserved + rep.RKInRAM
}

// checkABI compares the registers the avr-gcc ABI makes callee-saved, r1 and SP with their values before
// the call. It returns "" when the convention holds.
func (h *harness) checkABI() string {
	m := h.m
	var bad []string
	for _, r := range calleeSaved {
		if m.Reg(r) != plant(r) {
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

// constantTime runs ConstantTimeInputs random inputs under one random key and compares cycle counts and
// executed-address traces. It returns whether they all agree and, if not, where the first two differ.
func (h *harness) constantTime(rng *rand.Rand) (bool, string) {
	t := h.t
	key := make([]byte, t.KeyBytes)
	fill(rng, key)
	rk := t.ref.RoundKeys(key)
	var first []uint32
	var firstIn []byte
	var firstCycles uint64
	for i := 0; i < ConstantTimeInputs; i++ {
		in := make([]byte, t.BlockBytes)
		fill(rng, in)
		_, cycles, stop := h.call(in, key, rk, true)
		if stop.Reason != emu.StopReturn {
			return false, "a constant-time input did not return: " + h.stopProblem(stop)
		}
		tr := h.mt.TraceAddrs()
		if i == 0 {
			first = append([]uint32(nil), tr...)
			firstIn, firstCycles = in, cycles
			continue
		}
		if cycles == firstCycles && slices.Equal(first, tr) {
			continue
		}
		j := 0
		for j < len(first) && j < len(tr) && first[j] == tr[j] {
			j++
		}
		at := "the end of one trace"
		if j < len(first) && j < len(tr) {
			at = fmt.Sprintf("step %d: pc 0x%x%s vs pc 0x%x", j, first[j]*2, h.where(first[j]), tr[j]*2)
		} else if j > 0 {
			at = fmt.Sprintf("step %d, after pc 0x%x%s", j, first[j-1]*2, h.where(first[j-1]))
		}
		return false, fmt.Sprintf("inputs %x (%d cycles) and %x (%d cycles) part at %s",
			firstIn, firstCycles, in, cycles, at)
	}
	return true, ""
}
