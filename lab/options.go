package lab

import (
	"github.com/avrlab/avrlab/emu"
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
	// Machines, when set, keeps Bench's machines for the next Bench to build its own over (see
	// [Machines]); results are the same either way.
	Machines *Machines `json:"-"`
	// Stop, when set, is asked before every call but the first whether to give up (a newer request
	// has replaced this one): when it says so, Bench ends there with [ErrStopped] and no report. It
	// is asked often, so it should answer at once (the playground's asks the page at most every few
	// ms).
	Stop func() bool `json:"-"`

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

	// Goals, for grading an exercise, are its goals (README's and tests.txt's), checked in each
	// submission's process into GradeRow.Goals (the leakage ones measured with LeakSettings); Bench
	// itself ignores them.
	Goals        []Goal       `json:"goals,omitempty"`
	LeakSettings LeakSettings `json:"leak_settings,omitempty"`

	// noAccess turns the access record off, for the benchmark that measures what recording costs
	// (the figures are then not measured).
	noAccess bool
}

// MaxSourceBytes is the largest source file BenchFile assembles (asm's per-file limit).
const MaxSourceBytes = 1 << 20

// DefaultVectors returns the random vectors a bench of the task runs when Options.Vectors is 0:
// DefaultVectors, or fewer for a kernel whose calls are millions of cycles (the P-192 tasks).
func (t *Task) DefaultVectors() int {
	if t.Kernel != nil && t.Kernel.Vectors > 0 {
		return t.Kernel.Vectors
	}
	return DefaultVectors
}

// VectorsFor returns the random vectors a bench of the task named id runs for Options.Vectors n: the
// task's DefaultVectors for 0 (DefaultVectors when no task has that ID), none for a negative n, n
// itself otherwise (Bench refuses more than MaxVectors). It is the one place of the rule "0 means the
// task's default": Bench applies it, and a front end shows what it gives rather than working it out.
func VectorsFor(id string, n int) int {
	switch {
	case n < 0:
		return 0
	case n > 0:
		return n
	}
	if t := LookupTask(normalizeID(id)); t != nil {
		return t.DefaultVectors()
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

// MaxCycleLimit is the largest cycle limit of one call Bench accepts.
const MaxCycleLimit = 10_000_000_000

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
