package lab

import (
	"bytes"

	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/lab/kernel"
)

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
	CyclesMean    float64 `json:"cycles_mean"` // over the random vectors (all the vectors when there are none: see harness.timed)
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

	// Official is the first vector's result: a published vector for every cipher task and for the
	// kernels that have one (OfficialFrom names it); otherwise a kernel's first edge input.
	Official     *VectorResult `json:"official,omitempty"`
	OfficialFrom string        `json:"official_from,omitempty"` // the published vector Official is, "" for an edge input
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

// result builds the VectorResult of one call: the first output that differs (else the first output)
// with what it should hold.
func (h *harness) result(v *testVector, i int, got map[Role][]byte, cycles uint64) *VectorResult {
	vr := &VectorResult{Cycles: cycles, OK: true, Official: i == 0}
	for _, b := range h.bufs {
		want, checked := v.want[b.Role]
		if b.Dir != kernel.Out {
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

// Verdict says how many vectors were right and, when some had the right output but broke the call's
// contract, what failed: "0/101 vectors right: 101 outputs right, but the routine wrote its read-only
// input buffer key (r23:r22); write key! in the call if it may overwrite it".
func (r *Report) Verdict() string {
	s := textf.Sprintf("%d/%d vectors right", r.Vectors-r.Failures, r.Vectors)
	if r.BufferFaults > 0 {
		s += textf.Sprintf(": %d output%s right, but %s", r.Vectors-r.Failures+r.BufferFaults, plural(r.Vectors-r.Failures+r.BufferFaults), r.BufferProblem)
	}
	return s
}

// Clone returns a deep copy of the report: nothing the copy holds (its slices, the values its pointers
// point to) is shared with r, so either can be changed without the other changing. Nil and empty
// slices stay as they are, so the copy encodes to the same JSON as r. A Problem's cause (the error
// it wraps) is the same error value in both. Clone of nil is nil.
func (r *Report) Clone() *Report {
	if r == nil {
		return nil
	}
	cp := *r
	cp.EnergyUJ = clonePtr(r.EnergyUJ)
	cp.Buffers = cloneSlice(r.Buffers)
	cp.Functions = cloneSlice(r.Functions)
	cp.Measurement = cloneSlice(r.Measurement)
	cp.Notes = cloneSlice(r.Notes)
	cp.Official = r.Official.clone()
	cp.FirstFailure = r.FirstFailure.clone()
	cp.Problem = r.Problem.clone()
	if r.NoteProblems != nil {
		cp.NoteProblems = make([]*Problem, len(r.NoteProblems))
		for i, p := range r.NoteProblems {
			cp.NoteProblems[i] = p.clone()
		}
	}
	cp.RKTable = clonePtr(r.RKTable)
	return &cp
}

// clone returns a deep copy of v, nil for nil.
func (v *VectorResult) clone() *VectorResult {
	if v == nil {
		return nil
	}
	cp := *v
	cp.Inputs = cloneSlice(v.Inputs)
	return &cp
}

// clone returns a deep copy of p (its cause shared), nil for nil.
func (p *Problem) clone() *Problem {
	if p == nil {
		return nil
	}
	cp := *p
	cp.Pos = clonePtr(p.Pos)
	cp.Text = cloneSegments(p.Text)
	return &cp
}

// cloneSegments returns a deep copy of segs, nil for nil.
func cloneSegments(segs []Segment) []Segment {
	out := cloneSlice(segs)
	for i := range out {
		out[i].Either = cloneSegments(out[i].Either)
	}
	return out
}

// cloneSlice returns a new slice of s's elements, nil for nil and empty for empty.
func cloneSlice[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// clonePtr returns a pointer to a copy of *p, nil for nil.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	cp := *p
	return &cp
}
