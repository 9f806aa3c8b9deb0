// Package engine answers the playground's requests: it assembles and benchmarks the files the page
// sends, runs programs without a task, and describes what the page can offer (tasks, devices, published
// rows). The examples are not in the module: serve.go writes them beside the page as static files, which
// keeps about 160 KB (57 KB gzip) out of the WebAssembly. It is the part of the WebAssembly module that does not touch syscall/js, so it is
// tested natively; cmd/wasm routes JavaScript calls to [Handle].
//
// Every request is JSON in and JSON out. A request names the files of the workspace (the main file and
// whatever it includes), the task and the device:
//
//	out := engine.Handle("bench", []byte(`{"files":{"main.S":"…"},"main":"main.S"}`), nil)
//
// Problems in the user's program are values in the response (assembler diagnostics, a report with
// Pass false and Error set); a malformed request gives a response with Error set. Handle never panics on
// user input.
package engine

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

// TaskRun is the task value that asks to run the program from reset instead of benchmarking a routine.
const TaskRun = "run"

// Request is one engine request from the page. The zero values mean: task named in the main source's
// first lines, the default device, the task's random vectors (100 for most), seed 0 (the page sends a fresh one per Run), the
// lab's cycle limit.
type Request struct {
	Files     map[string]string `json:"files"`      // file name → text; names are io/fs paths
	Main      string            `json:"main"`       // the file to assemble
	Task      string            `json:"task"`       // task ID, "" = from the source, "run" = run from reset
	Device    string            `json:"device"`     // "" = isa.DefaultDevice
	Vectors   int               `json:"vectors"`    // random vectors besides the official one; 0 = the task's (lab.VectorsFor), negative = none
	Seed      uint64            `json:"seed"`       // the run's seed (lab.Options.Seed); the page's are below 2^53
	MaxCycles uint64            `json:"max_cycles"` // cycle limit of one call; 0 = lab.DefaultMaxCycles
	// Call is a call spec "NAME(ARG, ...)"; "" = the "; avrlab call:" line of the main source, else the
	// task's default call.
	Call string `json:"call"`
	// Binary is a linked program (an AVR ELF or an Intel HEX file), base64: when set, bench measures
	// it instead of assembling Files (Main names it in messages; Task must be given).
	Binary string `json:"binary"`
	// Defines are the preprocessor's -D options as the page's Defines field holds them: NAME or
	// NAME=VALUE, separated by spaces or commas ("ROUNDS=88").
	Defines string `json:"defines"`
	// Scenario is the measured scenario; "" = fixed-key.
	Scenario string `json:"scenario"`
	// RK names the round-key table symbol; "" = the task's.
	RK string `json:"rk"`
	// Goals is the text holding an exercise's "goal:" lines (its README.md); when set, a bench answer
	// says which goals the report meets (Response.Goals).
	Goals string `json:"goals"`
	// Tests is an exercise's tests.txt (lab.ExerciseTests): its scenario, device, vectors, call, round-key
	// symbol and defines replace the request's, and its goals join those of Goals.
	Tests string `json:"tests"`
	// Budget is how many cycles the random vectors may take together (the page's live runs); when one
	// call of the official vector times the random vectors would pass it, fewer random vectors run
	// (at least [MinVectors]) and Response.Adapted says so. 0 = no limit.
	Budget uint64 `json:"budget"`
	// CallCycles is what one call took when the page last measured this routine (its report's official
	// cycles), 0 when unknown. With Budget the engine plans from it; without it a kernel's call is run
	// once first to learn its cost (a block cipher's is not: that run would cost the first RANK more
	// than the whole bench of a CHAM, see plan).
	CallCycles uint64 `json:"call_cycles"`
	// Exec runs the measured calls and runs (emu.Config.Engine: the page's translator); nil interprets.
	// It is not part of the JSON request: HandleOn sets it.
	Exec emu.Engine `json:"-"`
	// fixed says the settings are an exercise's (Tests): the source's task and call lines may not
	// contradict them (lab.Options.Fixed).
	fixed bool
	// exVectors is the exercise's tests.txt vector count (0: the task's default), which its goals
	// count with whatever Vectors asks (lab.RequireVectors).
	exVectors int
	// Link names the files of a project to assemble and link together (the main file among them);
	// empty or one file: the main file alone, with what it includes.
	Link []string `json:"link"`
	// Interp asks for the interpreter even where HandleOn was given a translator (?interp in the page).
	Interp bool `json:"interp"`
	// includes keeps the include directives of earlier requests' files (HandleCached); nil: none.
	includes *IncludeCache
	// machines keeps the emulators of earlier benches for this one to build its own over
	// (HandleCached, lab.Options.Machines); nil: none.
	machines *lab.Machines
	// Cache keeps the last live bench and answers the same one again from it ([BenchCache]); nil
	// measures every time. It is not part of the JSON request: HandleCached sets it.
	Cache *BenchCache `json:"-"`
	// stop asks whether a newer request has replaced this one (HandleLive); nil: never.
	stop func() bool
}

// MinVectors is the fewest random vectors a [Request.Budget] leaves.
const MinVectors = 8

// Adapted says that a request's budget lowered its random vectors.
type Adapted struct {
	Asked      int    `json:"asked"`       // random vectors asked for
	Used       int    `json:"used"`        // random vectors run
	CallCycles uint64 `json:"call_cycles"` // cycles of one call on the official vector
	Budget     uint64 `json:"budget"`      // the request's budget
	// Measured says CallCycles is this program's, run once before the bench; false: the page's last
	// measurement (Request.CallCycles).
	Measured bool `json:"measured"`
}

// Diagnostic is one assembler message, positioned for the editor: lines and columns count from 1; EndCol
// is 0 when the assembler did not say where the problem ends.
type Diagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	EndCol   int    `json:"end_col"`
	Severity string `json:"severity"` // "error", "warning" or "info"
	Msg      string `json:"msg"`
}

// Response is the answer to a request. Mode says which of Report and Run is filled.
type Response struct {
	Mode   string         `json:"mode"`             // "bench", "run" or "assemble"
	Task   string         `json:"task,omitempty"`   // the task measured (after detection)
	Device string         `json:"device,omitempty"` // the device used
	Errors []Diagnostic   `json:"errors"`           // assembler errors and warnings, possibly empty
	Flash  int            `json:"flash"`            // bytes of flash the source emits (0 when assembly failed)
	Report *lab.Report    `json:"report,omitempty"` // Mode "bench" after a clean assembly
	Run    *lab.RunResult `json:"run,omitempty"`    // Mode "run" after a clean assembly
	Hex    string         `json:"hex,omitempty"`    // Intel HEX of the image (request "hex")
	Note   string         `json:"note,omitempty"`   // why the request ran as it did, e.g. no task named
	Error  string         `json:"error,omitempty"`  // the request could not be served
	// FaultAt is the source line where the program faulted or stopped (severity "fault"), when the
	// fault is at an instruction of the sent files; nil otherwise.
	FaultAt *Diagnostic `json:"fault_at,omitempty"`
	// NoCode is set when the main file assembled but emits no program bytes (a file of macros or
	// definitions): there is nothing to run, and Note says so.
	NoCode bool `json:"no_code,omitempty"`
	// Goals are the exercise goals of Request.Goals checked against the report (Mode "bench").
	Goals []lab.GoalResult `json:"goals,omitempty"`
	// GoalsError says why Request.Goals or Request.Tests could not be read (the first of
	// GoalProblems, as text).
	GoalsError string `json:"goals_error,omitempty"`
	// GoalProblems are the problems of reading the exercise's goals and settings, positioned as
	// [ParseGoals] gives them.
	GoalProblems []Diagnostic `json:"goal_problems,omitempty"`
	// Adapted is set when Request.Budget lowered the random vectors.
	Adapted *Adapted `json:"adapted,omitempty"`
	// Superseded says a newer request replaced this one before it finished (HandleLive's stop):
	// nothing was measured, and the other fields say nothing.
	Superseded bool `json:"superseded,omitempty"`
	// Vectors is how many random vectors the request asks for, as the lab resolves its Vectors (the
	// exercise's tests.txt applied): the task's count for 0 (lab.VectorsFor), before a budget lowers
	// it (Adapted). The page shows it in its empty Vectors field. 0 in Mode "run".
	Vectors int `json:"vectors"`
	// NoTask is set when neither the request nor the source names a task: the program ran from reset,
	// and Fixes offers the tasks whose contract fits (field "task").
	NoTask bool `json:"no_task,omitempty"`
	// Fixes are the page fields that would fix what stopped the measurement, best first.
	Fixes []Fix `json:"fixes,omitempty"`
	// Includes is the include graph of the files sent, as the assembler followed it: the directives
	// of the main file's assembly and those each other source file meets (asm.Includes), by file and
	// position. The page takes from it which file includes which (what to measure when an included
	// file is open, what a share link carries). Empty for a binary.
	Includes []Include `json:"includes"`
	// IncludeProblems are the includes of files outside the main file's assembly that name no file
	// sent (a renamed include), as warnings at the directive; the main file's own are among Errors.
	IncludeProblems []Diagnostic `json:"include_problems"`
}

// Progress receives the phase an answer is in, as a short text for the status line ("assembling",
// "benchmarking 101 vectors of 264,988 cycles (about 1.2 s)", "running"); may be nil.
type Progress func(phase string)

// Handle serves one request: op is "meta", "bench", "assemble", "hex", "devices", "leak" or "goals";
// arg is its JSON argument (a [Request], a [LeakRequest] for leak, a [GoalsRequest] for goals, ignored
// for meta). The result is JSON: [Meta], [Response], [LeakResponse], [GoalsResponse] or, for devices, a
// list of [DeviceResult]; every failure is a JSON object with an "error" field.
func Handle(op string, arg []byte, progress Progress) []byte { return HandleOn(nil, op, arg, progress) }

// HandleOn is Handle with the measured calls and runs on eng (translated code, emu.Config.Engine; nil
// interprets): the page hands in the browser's translator.
func HandleOn(eng emu.Engine, op string, arg []byte, progress Progress) []byte {
	return HandleCached(eng, Caches{}, op, arg, progress)
}

// Caches are what a worker keeps between requests; either may be nil.
type Caches struct {
	// Includes keeps the include directives of the files that did not change since an earlier
	// request (see [IncludeCache]).
	Includes *IncludeCache
	// Bench keeps the last live bench and answers the same one again from it (see [BenchCache]).
	Bench *BenchCache
	// Machines keeps the emulators of the last bench for the next one to build its own over (see
	// [lab.Machines]: the same results, less work per bench).
	Machines *lab.Machines
}

// HandleCached is HandleOn with what a worker keeps between requests (the page's workers keep both).
func HandleCached(eng emu.Engine, c Caches, op string, arg []byte, progress Progress) []byte {
	return HandleLive(eng, c, op, arg, progress, nil)
}

// HandleLive is HandleCached for a request that a newer one may replace (a live run while the user
// types): a bench that is not the kept one (BenchCache) asks stop before each of its calls whether
// a newer request came, and when stop says so it ends there with {"superseded": true, ...} (Response.Superseded),
// measuring nothing and leaving the caches as they were. A nil stop never stops.
func HandleLive(eng emu.Engine, c Caches, op string, arg []byte, progress Progress, stop func() bool) []byte {
	return handle(eng, c, op, arg, progress, stop, false)
}

// RedirectJSON is HandleCore's answer to a request the core module leaves to tools.wasm.
const RedirectJSON = `{"redirect":"tools"}`

// HandleCore is HandleLive as the core module (engine.wasm) serves requests: one that NeedsTools
// names is answered [RedirectJSON], and the page sends it to tools.wasm. The request is read once,
// for both.
func HandleCore(eng emu.Engine, c Caches, op string, arg []byte, progress Progress, stop func() bool) []byte {
	return handle(eng, c, op, arg, progress, stop, true)
}

// handle is HandleLive, and HandleCore when core is set.
func handle(eng emu.Engine, c Caches, op string, arg []byte, progress Progress, stop func() bool, core bool) []byte {
	if tools, _ := opNeedsTools(op); core && tools {
		return []byte(RedirectJSON)
	}
	if progress == nil {
		progress = func(string) {}
	}
	var v any
	switch op {
	case "meta":
		v = handleMeta()
	case "leak":
		v = handleLeak(arg, progress)
	case "goals":
		var req GoalsRequest
		if err := decodeGoalsRequest(arg, &req); err != nil {
			return errorJSON(textf.Errorf("bad goals request: %v", err))
		}
		v = ParseGoals(req)
	case "bench", "assemble", "hex", "devices":
		var req Request
		if err := decodeRequest(arg, &req); err != nil {
			return errorJSON(textf.Errorf("bad %s request: %v", op, err))
		}
		if core && req.needsTools(op) {
			return []byte(RedirectJSON)
		}
		if !req.Interp {
			req.Exec = eng
		}
		req.includes, req.machines = c.Includes, c.Machines
		if op == "bench" {
			req.Cache, req.stop = c.Bench, stop
		}
		switch op {
		case "bench":
			v = Bench(req, progress)
		case "devices":
			v = Devices(req, progress)
		case "assemble":
			v = Assemble(req, false)
		default:
			v = Assemble(req, true)
		}
	default:
		return errorJSON(textf.Errorf("unknown request %q", op))
	}
	out, err := encodeAnswer(v)
	if err != nil {
		return errorJSON(err)
	}
	if core && leftToTools(out) {
		return []byte(RedirectJSON)
	}
	return out
}

// TaskInfo describes a task for the task picker, the published table and the chart.
type TaskInfo struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Cipher string `json:"cipher"` // the published-rows name, e.g. "CHAM-64/128" ("" for kernels)
	// Kind is lab.KindCipher (cycles per byte and RANK) or lab.KindKernel (cycles per call, no RANK).
	Kind string `json:"kind"`
	// Device is the task's device: the page measures on it unless the user picks another.
	Device string `json:"device"`
	// Vectors is the task's random vectors, what an empty Vectors field asks for (lab.VectorsFor:
	// 100 for most, fewer for the P-192 tasks, whose calls are millions of cycles).
	Vectors int `json:"vectors"`
	// Scenario is the task's default scenario (lab.ScenarioFixedKey, lab.ScenarioEncryptKS for the
	// ATtiny45 ciphers, lab.ScenarioKernel).
	Scenario string `json:"scenario"`
	// Unit names a kernel's per-unit figure ("round" for SNEIK), "" when it has none.
	Unit string `json:"unit,omitempty"`
	// Table is the published table the task compares with: [TableFixedKey] (Meta.Published),
	// [TableATtiny45] (Meta.ATtiny45) or [TableKernel] (Meta.KernelRows).
	Table string `json:"table"`
	// Rows are the task's own rows in that table (indices): the rows of its cipher, its ECRYPT rows,
	// or its kernel rows (context rows included, marked in the row).
	Rows []int `json:"rows"`
	// Extra are further figures of the task in Meta.KernelRows beside an ATtiny45 table (PRESENT-80's
	// encryption-only rows); the ECRYPT row that the table already holds is left out.
	Extra []int `json:"extra,omitempty"`
	// Notes are the rows of another variant of the cipher (Task.VariantNote), by index in the
	// table: what differs ("its key is 80 bits, this task's 64").
	Notes map[int]string `json:"notes,omitempty"`
}

// The published tables a task compares with (TaskInfo.Table).
const (
	TableFixedKey = "fixed-key" // ATmega128, fixed key: cycles per byte and RANK
	TableATtiny45 = "attiny45"  // ATtiny45, encryption + key schedule: code, RAM, cycles, energy
	TableKernel   = "kernel"    // kernel figures: cycles per call (and per unit), context rows
)

// Meta is what the page needs to draw its task and device pickers and the published tables.
type Meta struct {
	Tasks         []TaskInfo `json:"tasks"`
	Devices       []string   `json:"devices"`
	DefaultDevice string     `json:"default_device"` // the device of a request that names none and no task
	// Published are the fixed-key ATmega128 rows (RANK), ATtiny45 the ECRYPT table's rows, KernelRows
	// the kernels' figures; TaskInfo.Rows index them.
	Published  []lab.PublishedRow `json:"published"`
	ATtiny45   []lab.ATtiny45Row  `json:"attiny45"`
	KernelRows []lab.KernelRow    `json:"kernel_rows"`
	// Energy is the ATtiny45 model behind a report's energy estimate (nJ per cycle).
	Energy  lab.EnergyModel   `json:"energy_model"`
	Sources map[string]string `json:"sources"` // citation key → reference, of every table
	Vectors int               `json:"vectors"` // random vectors of a request naming no task (lab.VectorsFor("", 0)); a task's are TaskInfo.Vectors
}

// GetMeta describes the tasks, devices and published rows.
func GetMeta() Meta {
	m := Meta{
		Devices:       isa.DeviceNames(),
		DefaultDevice: isa.DefaultDevice,
		Published:     lab.PublishedRows(),
		ATtiny45:      lab.ATtiny45Rows(),
		KernelRows:    lab.KernelRows(),
		Energy:        lab.ATtiny45Energy(),
		Sources:       lab.PublishedSources(),
		Vectors:       lab.VectorsFor("", 0),
	}
	for k, v := range lab.KernelSources() {
		if _, ok := m.Sources[k]; !ok {
			m.Sources[k] = v
		}
	}
	for _, t := range lab.Tasks() {
		ti := TaskInfo{ID: t.ID, Name: t.Name, Cipher: t.Cipher, Kind: t.Kind, Device: t.Device, Scenario: t.Scenario, Rows: []int{},
			Vectors: lab.VectorsFor(t.ID, 0)}
		if ti.Scenario == "" {
			ti.Scenario = lab.ScenarioFixedKey
		}
		switch {
		case t.Kind == lab.KindKernel:
			ti.Table = TableKernel
			if t.Kernel != nil && t.Kernel.Units > 0 {
				ti.Unit = t.Kernel.Unit
			}
			ti.Rows = indices(m.KernelRows, t.PublishedKernel())
		case t.ECRYPT != "" && t.Device == "attiny45": // HIGHT, an ATmega128 task with an ECRYPT row, stays fixed-key
			ti.Table = TableATtiny45
			ti.Rows = indices(m.ATtiny45, t.PublishedATtiny45())
			for _, i := range ti.Rows {
				if note := t.VariantNote(m.ATtiny45[i]); note != "" {
					if ti.Notes == nil {
						ti.Notes = map[int]string{}
					}
					ti.Notes[i] = note
				}
			}
			for _, i := range indices(m.KernelRows, t.PublishedKernel()) {
				if !sameAsECRYPT(m.KernelRows[i], t.PublishedATtiny45()) {
					ti.Extra = append(ti.Extra, i)
				}
			}
		default:
			ti.Table = TableFixedKey
			for i, r := range m.Published {
				if r.Cipher == t.Cipher {
					ti.Rows = append(ti.Rows, i)
				}
			}
		}
		m.Tasks = append(m.Tasks, ti)
	}
	return m
}

// indices returns the positions in all of the rows of some.
func indices[R comparable](all, some []R) []int {
	out := []int{}
	for _, r := range some {
		for i, a := range all {
			if a == r {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// sameAsECRYPT reports whether a kernel row repeats one of the ECRYPT rows (the same code size and
// cycles from the same source).
func sameAsECRYPT(k lab.KernelRow, rows []lab.ATtiny45Row) bool {
	for _, r := range rows {
		if k.Source == "eisenbarth2012" && k.Cycles == r.EncCycles && k.Code == r.Code {
			return true
		}
	}
	return false
}

// Bench assembles the main file and benchmarks it against the task, or runs it from reset when the task
// is [TaskRun] or none is given or named in the source. Messages name the page's fields where the
// lab's name command-line flags (see [PageText]).
func Bench(req Request, progress Progress) Response {
	if progress == nil {
		progress = func(string) {}
	}
	tests, testsErr := applyTests(&req)
	var resp Response
	if req.Binary != "" {
		resp = benchBinary(req, progress)
	} else {
		resp = benchSource(req, progress)
	}
	if resp.Report != nil && (req.Goals != "" || req.Tests != "") {
		checkGoals(&resp, req, tests)
		leakGoals(&resp, req, progress)
		lab.RequireVectors(resp.Goals, resp.Report, lab.ExerciseVectors(resp.Report.Task, req.exVectors))
	}
	if testsErr != nil {
		resp.GoalsError = testsErr.Error()
		resp.GoalProblems = append(resp.GoalProblems, goalProblem("tests.txt", testsErr))
	}
	pageResponse(&resp)
	return resp
}

// applyTests puts an exercise's settings (tests.txt, through lab.Exercise.Apply: the exercise's
// settings replace the page's fields) into the request and returns its hidden goals.
func applyTests(req *Request) ([]lab.Goal, error) {
	if req.Tests == "" {
		return nil, nil
	}
	ex, err := lab.ParseExercise(nil, nil, []byte(req.Tests))
	if err != nil {
		return nil, err
	}
	o := lab.Options{Scenario: req.Scenario, Device: req.Device, Call: req.Call, RK: req.RK, Vectors: req.Vectors}
	ex.Apply(&o)
	req.fixed, req.exVectors = o.Fixed, ex.Tests.Vectors
	req.Scenario, req.Device, req.Call, req.RK, req.Vectors = o.Scenario, o.Device, o.Call, o.RK, o.Vectors
	for _, k := range lab.DefineNames(ex.Tests.Defines) {
		d := k
		if v := ex.Tests.Defines[k]; v != "" {
			d += "=" + v
		}
		req.Defines += " " + d
	}
	return ex.Tests.Goals, nil
}

func benchSource(req Request, progress Progress) Response {
	progress("assembling")
	resp, im := assemble(req)
	if im == nil || resp.Error != "" || hasErrors(resp.Errors) {
		return resp
	}
	if resp.Flash == 0 {
		resp.NoCode = true
		resp.Note = noCodeNote(req, resp.Includes)
		return resp
	}
	// What is measured: the request's fields (an exercise's tests.txt applied), then the source's lines,
	// then the task's defaults (lab.Resolve).
	opts := lab.Resolve(benchOptions(req), []byte(req.Files[req.Main]))
	task := opts.Task
	if task == "" {
		resp.Note = "no task named (put \"; avrlab task: ID\" in the first lines or pick one): ran the program from reset"
		resp.NoTask = true
		resp.Fixes = suggestTasks(im, req.Main, req.Files[req.Main])
		task = TaskRun
	}
	if task == TaskRun {
		progress("running")
		resp.Mode = "run"
		resp.Run = lab.RunOn(req.Exec, im, req.MaxCycles, 0, 0)
		// A routine offered tasks is not a program: where its run from reset faulted is no line to mark.
		if (resp.Run.Stop == lab.RunFault || resp.Run.Stop == lab.RunLimit) && len(resp.Fixes) == 0 {
			resp.FaultAt = faultAt(im, req.Files, resp.Run.PC, resp.Run.Fault)
			if resp.Run.Stop == lab.RunFault && ranOffTheEnd(im, resp.Run.PC) {
				resp.Run.Fault += "; the program ran past its last instruction into erased flash: end it with sleep (or break)"
			}
		}
		return resp
	}
	resp.Mode, resp.Task, resp.Vectors = "bench", task, lab.VectorsFor(task, opts.Vectors)
	resp.Adapted = plan(im, &opts, req, progress)
	opts.Stop = req.stop
	rep, err := req.Cache.bench(im, opts, req)
	if errors.Is(err, lab.ErrStopped) {
		return Response{Mode: "bench", Errors: []Diagnostic{}, Superseded: true}
	}
	if err != nil {
		resp.Error = pageError(err)
		return resp
	}
	resp.Report = rep
	if rep.Error != "" {
		resp.FaultAt = problemAt(rep, req.Files)
	}
	resp.Fixes = benchFixes(im, req, task, opts.RK, rep)
	return resp
}

// benchOptions are the lab options a request's fields give (an exercise's tests.txt applied, see
// applyTests), before the source's lines and the task's defaults (lab.Resolve).
func benchOptions(req Request) lab.Options {
	return lab.Options{Task: req.Task, Scenario: req.Scenario, RK: req.RK, Device: req.Device, Vectors: req.Vectors,
		Seed: req.Seed, MaxCycles: req.MaxCycles, Call: req.Call, Engine: req.Exec, Fixed: req.fixed, Machines: req.machines}
}

// checkGoals fills the goal results of an exercise request: the goal lines of Goals, then the hidden
// ones of Tests.
func checkGoals(resp *Response, req Request, hidden []lab.Goal) {
	goals, err := lab.ParseGoals([]byte(req.Goals))
	if err != nil {
		resp.GoalsError = err.Error()
		resp.GoalProblems = append(resp.GoalProblems, goalProblem("README.md", err))
	}
	resp.Goals = lab.CheckGoals(resp.Report, append(goals, hidden...))
}

// benchBinary measures a linked program (ELF or HEX) sent in req.Binary.
func benchBinary(req Request, progress Progress) Response {
	resp := Response{Mode: "bench", Errors: []Diagnostic{}, Device: req.Device, Task: req.Task}
	if resp.Device == "" {
		resp.Device = taskDevice(req.Task)
	}
	data, err := base64.StdEncoding.DecodeString(req.Binary)
	if err != nil {
		resp.Error = "bad binary: " + err.Error()
		return resp
	}
	progress("loading")
	im, ok, err := loadBinary(data, resp.Device)
	switch {
	case !ok:
		resp.Error = textf.Sprintf("%s is neither an AVR ELF nor an Intel HEX file", req.Main)
		return resp
	case err != nil:
		resp.Error = textf.Sprintf("%s: %v", req.Main, err)
		return resp
	case req.Task == "" || req.Task == TaskRun:
		resp.Error = textf.Sprintf("%s is a linked program: pick its task", req.Main)
		return resp
	}
	resp.Flash = im.EmittedBytes(0, uint32(len(im.Flash)))
	opts := benchOptions(req)
	opts.Device, opts.Linked = resp.Device, true
	resp.Vectors = lab.VectorsFor(opts.Task, opts.Vectors)
	resp.Adapted = plan(im, &opts, req, progress)
	rep, err := lab.Bench(im, opts)
	if err != nil {
		resp.Error = pageError(err)
		return resp
	}
	resp.Report = rep
	return resp
}

// taskDevice is the device of a request that names none: the task's (attiny45 for the ATtiny45
// ciphers, atxmega128a1 for the NTT, ...), else isa.DefaultDevice.
func taskDevice(task string) string {
	if t := lab.LookupTask(task); t != nil && t.Device != "" {
		return t.Device
	}
	return isa.DefaultDevice
}

// Assemble assembles the main file and reports its diagnostics and size, with its Intel HEX when withHex
// is set and assembly succeeded.
func Assemble(req Request, withHex bool) Response {
	resp, im := assemble(req)
	if !withHex || im == nil || resp.Error != "" || hasErrors(resp.Errors) {
		return resp
	}
	var b bytes.Buffer
	if err := im.WriteHex(&b); err != nil { // as avr-objcopy -O ihex -j .text -j .data writes it, fills included
		resp.Error = err.Error()
		return resp
	}
	resp.Hex = b.String()
	return resp
}

func hasErrors(ds []Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == "error" {
			return true
		}
	}
	return false
}

// assemble builds the workspace FS and assembles req.Main from it.
func assemble(req Request) (Response, *asm.Image) {
	resp := Response{Mode: "assemble", Errors: []Diagnostic{}, Device: req.Device}
	if resp.Device == "" {
		// The source's "; avrlab device:" line (unless an exercise fixes the settings), else the task's,
		// as lab.Resolve orders them for every front end.
		resp.Device = lab.Resolve(lab.Options{Task: req.Task, Fixed: req.fixed}, []byte(req.Files[req.Main])).Device
		if resp.Device == "" {
			resp.Device = isa.DefaultDevice
		}
	}
	if isa.LookupDevice(resp.Device) == nil {
		resp.Error = textf.Sprintf("unknown device %q (known: [%s])", req.Device, strings.Join(isa.DeviceNames(), " "))
		return resp, nil
	}
	src, ok := req.Files[req.Main]
	if !ok {
		resp.Error = textf.Sprintf("no file %q among the files sent", req.Main)
		return resp, nil
	}
	fsys, err := mapFiles(req.Files)
	if err != nil {
		resp.Error = err.Error()
		return resp, nil
	}
	defines, err := ParseDefines(req.Defines)
	if err != nil {
		resp.Error = err.Error()
		return resp, nil
	}
	cfg := asm.Config{Device: resp.Device, FS: fsys, Defines: defines}
	// The include graph: what the other files include (each assembled as far as its includes), then
	// what the main file's assembly followed.
	graph := includeGraph{files: req.Files}
	otherIncludes(&graph, req.Files, req.Main, cfg, req.includes)
	cfg.Dialect = includerDialect(req, graph.list)
	var im *asm.Image
	if len(req.Link) > 1 {
		// The workspace as a project: the files named, linked as avr-gcc -nostartfiles -nostdlib does,
		// each file another one includes left to its includer.
		cfg.Dialect, cfg.OmitIncluded = "", true
		im, err = asm.AssembleFiles(req.Link, cfg)
	} else {
		im, err = asm.Assemble(req.Main, []byte(src), cfg)
	}
	resp.Errors = diagnostics(err)
	if im != nil {
		// .warning, .message, #warning, #message and the assembler's warnings: in the problems list
		// with their severity ("warning", "info").
		for _, w := range im.Warnings {
			resp.Errors = append(resp.Errors, diagnostic(w))
		}
	}
	if err != nil && !hasErrors(resp.Errors) {
		// An error that is not a positioned list (a read failure): report it against the main file.
		resp.Errors = append(resp.Errors, Diagnostic{File: req.Main, Line: 1, Col: 1, Severity: "error", Msg: err.Error()})
	}
	if im != nil && !hasErrors(resp.Errors) {
		resp.Flash = im.EmittedBytes(0, uint32(len(im.Flash)))
	}
	read := map[string]bool{req.Main: true}
	for _, n := range req.Link {
		read[n] = true
	}
	if im != nil {
		graph.add(im.Includes)
		for _, in := range im.Includes {
			read[in.At.Filename], read[in.File] = true, true
		}
	}
	resp.Includes = graph.sorted()
	resp.IncludeProblems = includeProblems(resp.Includes, read)
	return resp, im
}

// includerDialect is the dialect to read the main file in when another file of the request includes it
// and it names none itself ("; avrlab dialect: NAME"): the includer's, so that a keys.inc included by
// a GNU main.S is GNU although a lone .inc is AVRASM2 (asm.DialectOf). "" leaves it to the file.
func includerDialect(req Request, graph []Include) string {
	includers := map[string]bool{}
	for _, e := range graph {
		if e.File == req.Main && e.From != req.Main {
			includers[e.From] = true
		}
	}
	if len(includers) == 0 {
		return "" // no file includes it (the main file's own marker is not read)
	}
	if _, ok := atmel.Marker([]byte(req.Files[req.Main])); ok {
		return ""
	}
	for _, n := range sortedNames(req.Files) {
		if includers[n] {
			if d, err := asm.DialectOf(n, []byte(req.Files[n]), ""); err == nil {
				return d
			}
		}
	}
	return ""
}

// diagnostics turns an assembler error into editor diagnostics.
func diagnostics(err error) []Diagnostic {
	out := []Diagnostic{}
	if list, ok := errors.AsType[asm.ErrorList](err); ok {
		for _, e := range list {
			out = append(out, diagnostic(e))
		}
		return out
	}
	if one, ok := errors.AsType[*asm.Error](err); ok {
		out = append(out, diagnostic(one))
	}
	return out
}

func diagnostic(e *asm.Error) Diagnostic {
	return Diagnostic{File: e.Pos.Filename, Line: e.Pos.Line, Col: e.Pos.Column, EndCol: e.End,
		Severity: e.Severity.String(), Msg: e.Msg}
}

// MapFS returns an in-memory, read-only io/fs.FS holding files (name → text). Names must be valid
// io/fs paths; folders exist implicitly. It is a map file system of the engine's own (memFS), so engine.wasm
// links no file-system package (hackpadfs is in workspace.wasm only, testing/fstest nowhere).
func MapFS(files map[string]string) (fs.FS, error) {
	m, err := mapFiles(files)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// mapFiles is MapFS's file system as the memFS it is: the assembler reads it as an asm.Files, with
// none of io/fs's interfaces (the core's requests go through it).
func mapFiles(files map[string]string) (memFS, error) {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	fsys := make(memFS, len(files))
	for _, name := range names {
		if !fs.ValidPath(name) || name == "." {
			return nil, textf.Errorf("bad file name %q", name)
		}
		fsys[name] = []byte(files[name])
	}
	for _, name := range names {
		// A file that is also a folder of another ("a" and "a/b") cannot exist.
		for dir := path.Dir(name); dir != "."; dir = path.Dir(dir) {
			if _, ok := fsys[dir]; ok {
				return nil, textf.Errorf("file %q: %q is a file, not a folder", name, dir)
			}
		}
	}
	return fsys, nil
}
