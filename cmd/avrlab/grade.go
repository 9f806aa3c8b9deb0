package main

import (
	"bytes"
	"cmp"
	"context"
	cryptorand "crypto/rand"
	"encoding/binary"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/avrlab/avrlab/lab"
)

// Limits of the grade flags.
const (
	maxJobs          = 256
	minTimeout       = 100 * time.Millisecond
	maxTimeout       = 24 * time.Hour
	minMem           = 128 << 20
	maxMem           = 64 << 30
	defaultMem       = 512 << 20
	defaultTimeout   = 10 * time.Second
	gradeMaxCycles   = 1_000_000
	childOutputLimit = 1 << 20  // bytes of a child's stdout the parent reads: one JSON row
	childStderrKeep  = 64 << 10 // bytes of a child's stderr kept to tell why it died
	requestLimit     = 16 << 20 // bytes of a grade-one request read from stdin
)

const gradeArgs = "-task ID|-exercise DIR [-csv|-json] [-scenario S] [-call SPEC] [-vectors N] [-seed N] [-max-cycles N] [-device NAME] [-j N] [-timeout D] [-mem SIZE] FILE|DIR..."

const gradeHelp = `Grades each submission: a source file (.S, .s, or .asm in the AVRASM2 dialect) named or found
directly in a named folder, or a subfolder, graded as one program of all its sources (its .S and .s
files assembled and linked in name order, as avr-gcc -nostartfiles -nostdlib links them, or its one
.asm file; .inc and .h files are read where they are included). Rows are sorted passing first, then
by RANK; ties by path.

Each submission is graded in its own child process (this program, re-run) and can read only regular
files inside its own folder, at most 1 MiB each. A child that runs past -timeout is killed with its
process group; one that needs more than -mem is stopped by the kernel; a crash becomes that row's
problem and the other rows are unaffected. Names and messages are escaped in the text table and
the CSV (control characters as \xNN), CSV cells that a spreadsheet would read as a formula start
with ', and JSON is plain encoding/json.

-exercise DIR grades against an exercise folder (README.md with goal: lines, starter.S, optional
tests.txt): the task is the starter's unless -task is given, tests.txt's settings apply unless the
flag is given, and each goal adds a column (yes/no; in JSON a "goals" list with what was measured).
The cycles goal compares the mean rounded to a whole cycle.

The settings are the teacher's: -task, -scenario, -call and -device (and an exercise's tests.txt) fix
what is measured; a source's "; avrlab task:" or "; avrlab call:" line that contradicts them fails its
row with the reason (a call line may only choose a call that fits the scenario). Every row names the
task, scenario, call, device and seed it was measured with.

Each run draws a fresh seed (crypto/rand) for the random vectors, the constant-time inputs and the
values planted in the registers, and prints it (the text table's first line, a seed column in the CSV,
a seed field in JSON); -seed N repeats a run exactly.
`

// memSize is the -mem flag: a byte count written as N (MiB), or N with K, M, G, KiB, MiB or GiB.
type memSize int64

func (m *memSize) String() string { return formatMiB(int64(*m)) }

func (m *memSize) Set(s string) error {
	t := strings.TrimSpace(s)
	mult := int64(1 << 20)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/mult {
		return errors.New("want a size such as 512MiB or 1GiB (a plain number is MiB)")
	}
	*m = memSize(n * mult)
	return nil
}

// formatMiB prints a byte count in MiB (or GiB when whole).
func formatMiB(n int64) string {
	if n >= 1<<30 && n%(1<<30) == 0 {
		return fmt.Sprintf("%d GiB", n>>30)
	}
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// formatSeconds prints a duration as "10 s" or "2.5 s".
func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

// childLimits are the limits of one grade-one child.
type childLimits struct {
	Timeout time.Duration
	Mem     int64
	Cache   string // the compilation cache every child shares ("": none)
}

func cmdGrade(args []string, stdout, stderr io.Writer) int {
	fl := newFlags("grade", gradeArgs, stderr)
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: avrlab grade %s\n\n%s\nflags:\n", gradeArgs, gradeHelp)
		fl.PrintDefaults()
	}
	task := fl.String("task", "", "task ID every submission is graded against (default: the exercise's, else each source's \"; avrlab task:\" line)")
	exDir := fl.String("exercise", "", "grade against the exercise in `DIR`: its goals become columns, its tests.txt settings apply")
	asCSV := fl.Bool("csv", false, "print CSV")
	asJSON := fl.Bool("json", false, "print a JSON array")
	format, check := gradeFormatFlags(fl)
	scen := fl.String("scenario", "", "scenario (default: the task's, fixed-key for most): "+strings.Join(lab.Scenarios(), ", "))
	call := fl.String("call", "", "call spec `NAME(ARG, ...)` for every submission (default: the scenario's; a source's \"; avrlab call:\" line may choose one that fits the scenario)")
	seed := fl.Uint64("seed", 0, "seed `N` of the random vectors, constant-time inputs and planted registers (default: a fresh one, printed)")
	vecs := fl.Int("vectors", lab.DefaultVectors, fmt.Sprintf("`N` random test vectors besides the official one (0..%d)", maxVectors))
	maxc := fl.Uint64("max-cycles", gradeMaxCycles, fmt.Sprintf("cycle limit `N` of one call (1..%d)", uint64(maxCycles)))
	dev := taskDeviceFlag(fl)
	jobs := fl.Int("j", runtime.NumCPU(), fmt.Sprintf("grade `N` submissions at once, each in its own process (1..%d; as many as CPUs by default)", maxJobs))
	timeout := fl.Duration("timeout", defaultTimeout, fmt.Sprintf("wall-clock limit `D` per submission, e.g. 10s or 1m (%v..%v)", minTimeout, maxTimeout))
	eng := addEngineFlags(fl)
	mem := memSize(defaultMem)
	fl.Var(&mem, "mem", fmt.Sprintf("memory limit `SIZE` per submission, e.g. 512MiB or 1GiB; a plain number is MiB (%s..%s)", formatMiB(minMem), formatMiB(maxMem)))
	if fl.Parse(args) != nil {
		return 2
	}
	set := map[string]bool{}
	fl.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var ex *lab.Exercise
	var exOpts lab.Options
	if *exDir != "" {
		e, err := lab.ReadExercise(os.DirFS(*exDir), ".")
		if err != nil {
			fmt.Fprintf(stderr, "avrlab: -exercise: %s\n", textSafe(exerciseError(*exDir, err)))
			return 2
		}
		ex = e
		// The exercise's settings (lab.Exercise.Apply), where the flags given explicitly do not say
		// otherwise: the teacher's command line wins over the teacher's tests.txt.
		ex.Apply(&exOpts)
		if *task == "" {
			*task = ex.Task // the starter's: the exercise's task
		}
		if exOpts.Scenario != "" && !set["scenario"] {
			*scen = exOpts.Scenario
		}
		if exOpts.Device != "" && !set["device"] {
			*dev = exOpts.Device
		}
		if exOpts.Call != "" && !set["call"] {
			*call = exOpts.Call
		}
		if ex.Tests.Vectors > 0 && !set["vectors"] {
			*vecs = exOpts.Vectors
		}
	}
	if fl.NArg() == 0 {
		fl.Usage()
		return 2
	}
	if !intFlagIn(stderr, "vectors", *vecs, 0, maxVectors) || !cyclesFlagOK(stderr, *maxc) ||
		!intFlagIn(stderr, "j", *jobs, 1, maxJobs) {
		return 2
	}
	if *timeout < minTimeout || *timeout > maxTimeout {
		fmt.Fprintf(stderr, "avrlab: -timeout must be between %v and %v\n", minTimeout, maxTimeout)
		return 2
	}
	if mem < minMem || mem > maxMem {
		fmt.Fprintf(stderr, "avrlab: -mem must be between %s and %s\n", formatMiB(minMem), formatMiB(maxMem))
		return 2
	}
	if *asCSV && *asJSON {
		fmt.Fprintln(stderr, "avrlab: give one of -csv and -json")
		return 2
	}
	if !gradeFormatOK(stderr, *format, *asCSV || *asJSON) {
		return 2
	}
	if *task != "" && lab.LookupTask(*task) == nil {
		fmt.Fprintf(stderr, "avrlab: unknown task %q (known: %s)\n", *task, strings.Join(lab.TaskIDs(), ", "))
		return 2
	}
	if !knownDevice(*dev, stderr) {
		return 2
	}
	if *scen != "" && lab.LookupScenario(*scen) == nil {
		fmt.Fprintf(stderr, "avrlab: unknown scenario %q (known: %s)\n", *scen, strings.Join(lab.Scenarios(), ", "))
		return 2
	}
	if *call != "" {
		if _, err := lab.ParseCall(*call); err != nil {
			fmt.Fprintf(stderr, "avrlab: -call: %v\n", err)
			return 2
		}
	}
	subs, err := lab.FindSubmissions(fl.Args())
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: %s\n", textSafe(err.Error()))
		return 1
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "avrlab: cannot find this program to grade in child processes: %v\n", err)
		return 1
	}
	var progress io.Writer
	if len(subs) > 5 {
		progress = stderr
	}
	if *vecs == 0 {
		*vecs = -1
	}
	if !set["seed"] {
		*seed = freshSeed()
	}
	opts := lab.Options{Task: *task, Scenario: *scen, Call: *call, Device: *dev, Vectors: *vecs, MaxCycles: *maxc,
		Seed: *seed, Fixed: true} // each child makes its own engine (gradeRequest.Interp, Cache)
	var cache string
	if !*eng.interp {
		opts.Engine = nativeEngine("", stderr)
		cache = cacheDir(*eng.cache)
		if cache != "" && !cacheUsable(cache, stderr) {
			cache = "" // said once here, not by every child
		}
	}
	opts.RK, opts.Defines, opts.Goals, opts.LeakSettings = exOpts.RK, exOpts.Defines, exOpts.Goals, exOpts.LeakSettings
	started := time.Now()
	rows := gradeInChildren(exe, subs, opts, childLimits{Timeout: *timeout, Mem: int64(mem), Cache: cache}, *jobs, progress)
	var goals [][]lab.GoalResult
	if ex != nil {
		for i, r := range rows {
			// The child checked the goals against its whole report; a child that never answered (killed
			// at the timeout or the memory cap) meets none.
			res := lab.CheckGoals(&lab.Report{Error: cmp.Or(r.Problem, "not measured")}, ex.AllGoals())
			if r.Goals != nil && len(*r.Goals) == len(res) {
				res = *r.Goals
			}
			rows[i].Goals = nil // the output shows them once, as "goals"
			goals = append(goals, res)
		}
	}
	switch {
	case *format == formatGradescope:
		if err := writeGradescope(stdout, rows, exGoals(ex), goals, time.Since(started)); err != nil {
			fmt.Fprintf(stderr, "avrlab: %v\n", err)
			return 1
		}
	case *asJSON:
		var v any = rows
		if ex != nil {
			type goalRow struct {
				lab.GradeRow
				Goals []lab.GoalResult `json:"goals"`
			}
			out := make([]goalRow, len(rows))
			for i, r := range rows {
				out[i] = goalRow{r, goals[i]}
			}
			v = out
		}
		if err := json.NewEncoder(stdout).Encode(v); err != nil {
			return 1
		}
	case *asCSV:
		writeGradeCSVGoals(stdout, rows, exGoals(ex), goals)
	default:
		writeGradeTextGoals(stdout, rows, exGoals(ex), goals)
	}
	if *check {
		return checkStatus(stderr, rows, goals)
	}
	return 0
}

// exerciseError names the exercise folder in an error of lab.ReadExercise.
func exerciseError(dir string, err error) string {
	return fmt.Sprintf("%s: %v", dir, err)
}

func exGoals(ex *lab.Exercise) []lab.Goal {
	if ex == nil {
		return nil
	}
	return ex.AllGoals()
}

// goalHeader is a goal's column name: its text without spaces ("rank>=25").
func goalHeader(g lab.Goal) string { return strings.ReplaceAll(g.Text, " ", "") }

// gradeInChildren grades every submission in a child process, jobs at a time, and returns the rows in
// lab.SortRows order. Progress lines name each submission as it finishes.
func gradeInChildren(exe string, subs []lab.Submission, opts lab.Options, lim childLimits, jobs int, progress io.Writer) []lab.GradeRow {
	rows := make([]lab.GradeRow, len(subs))
	next := make(chan int)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range min(jobs, len(subs)) {
		wg.Go(func() {
			for i := range next {
				rows[i] = gradeInChild(exe, subs[i], opts, lim)
				if progress != nil {
					mu.Lock()
					done++
					fmt.Fprintf(progress, "[%d/%d] %s\n", done, len(subs), textSafe(subs[i].Label))
					mu.Unlock()
				}
			}
		})
	}
	for i := range subs {
		next <- i
	}
	close(next)
	wg.Wait()
	lab.SortRows(rows)
	return rows
}

// gradeRequest is what the grading process sends a grade-one child on stdin. Paths are bytes because
// file names need not be UTF-8, which JSON strings must be.
type gradeRequest struct {
	Dir        []byte      `json:"dir"`  // absolute folder of the submission
	Main       []byte      `json:"main"` // source file relative to Dir; empty: the folder's program
	Label      []byte      `json:"label"`
	Options    lab.Options `json:"options"`
	MemBytes   int64       `json:"mem_bytes"`
	CPUSeconds int64       `json:"cpu_seconds"`
	Interp     bool        `json:"interp,omitempty"` // -interp: no translated code
	Cache      []byte      `json:"cache,omitempty"`  // the compilation cache's directory (empty: none)
}

// capWriter keeps the first max bytes written to it and drops the rest; the first byte too many calls
// onOver (if set). exec.Cmd writes to it from one goroutine; over is read after Wait.
type capWriter struct {
	buf    bytes.Buffer
	max    int
	over   bool
	onOver func()
}

func (w *capWriter) Write(p []byte) (int, error) {
	room := w.max - w.buf.Len()
	w.buf.Write(p[:min(max(room, 0), len(p))])
	if len(p) > room && !w.over {
		w.over = true
		if w.onOver != nil {
			w.onOver()
		}
	}
	return len(p), nil
}

// gradeInChild runs `exe grade-one` for one submission under lim and turns what happens into a row:
// the child's row, or why there is none (timed out, over the memory limit, crashed).
func gradeInChild(exe string, s lab.Submission, opts lab.Options, lim childLimits) lab.GradeRow {
	fail := func(format string, args ...any) lab.GradeRow {
		row := lab.SettingsRow(s.Label, opts)
		row.Problem = lab.CutProblem(fmt.Sprintf(format, args...))
		return row
	}
	dir, err := filepath.Abs(s.Dir)
	if err != nil {
		return fail("%v", err)
	}
	req, err := json.Marshal(gradeRequest{Dir: []byte(dir), Main: []byte(s.Main), Label: []byte(s.Label), Options: opts,
		MemBytes: lim.Mem, CPUSeconds: int64(2*lim.Timeout/time.Second) + 2, Interp: opts.Engine == nil, Cache: []byte(lim.Cache)})
	if err != nil {
		return fail("internal error: cannot pass the options to the grading process: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), lim.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "grade-one")
	cmd.Stdin = bytes.NewReader(req)
	out := &capWriter{max: childOutputLimit, onOver: cancel} // a flood ends the child at once
	errOut := &capWriter{max: childStderrKeep}
	cmd.Stdout, cmd.Stderr = out, errOut
	// The child's own limits decide; a GOGC=off or GOTRACEBACK=crash of the teacher's shell must not.
	cmd.Env = append(os.Environ(), "GOTRACEBACK=single", "GOGC=100")
	cmd.SysProcAttr = childSysProcAttr()
	cmd.Cancel = func() error { return killChild(cmd.Process) }
	cmd.WaitDelay = 2 * time.Second
	waitErr := cmd.Run()
	var jsonErr error
	if waitErr == nil && !out.over {
		var row lab.GradeRow
		if jsonErr = json.Unmarshal(out.buf.Bytes(), &row); jsonErr == nil {
			row.Submission = s.Label
			row.Problem = lab.CutProblem(row.Problem)
			return row
		}
	}
	if ctx.Err() == context.DeadlineExceeded {
		return fail("timed out after %s", formatSeconds(lim.Timeout))
	}
	if out.over {
		return fail("crashed: the grading process wrote over %d bytes", childOutputLimit)
	}
	if cmd.ProcessState == nil {
		return fail("cannot start the grading process: %v", waitErr)
	}
	if waitErr == nil {
		return fail("crashed: the grading process gave no result (%v)", jsonErr)
	}
	return fail("%s", childDeath(errOut.buf.String(), cmd.ProcessState.String(), lim.Mem))
}

// childDeath says why a grade-one child ended without a row, from its stderr and exit status.
func childDeath(stderr, status string, mem int64) string {
	firstLine := func(prefix string) string {
		for _, l := range strings.Split(stderr, "\n") {
			if strings.HasPrefix(l, prefix) {
				return strings.TrimSpace(l)
			}
		}
		return ""
	}
	fatal := firstLine("fatal error:")
	switch {
	case strings.Contains(fatal, "stack overflow") || strings.Contains(stderr, "goroutine stack exceeds"):
		return "crashed: fatal error: stack overflow"
	case strings.Contains(fatal, "out of memory") || strings.Contains(fatal, "cannot allocate memory") ||
		strings.Contains(stderr, "failed to create new OS thread"):
		return fmt.Sprintf("killed: over %s while grading", formatMiB(mem))
	case fatal != "":
		return "crashed: " + fatal
	case firstLine("panic:") != "":
		return "crashed: " + firstLine("panic:")
	case strings.Contains(status, "signal: killed"):
		return "killed: " + status + " (CPU time limit, or the system ran out of memory)"
	}
	msg := "crashed: " + status
	if l := strings.TrimSpace(strings.SplitN(stderr, "\n", 2)[0]); l != "" {
		msg += ": " + l
	}
	return msg
}

// cmdGradeOne is the hidden `avrlab grade-one`: the child side of `avrlab grade`. It reads one
// gradeRequest from stdin, limits itself, grades the submission and writes one lab.GradeRow as JSON.
func cmdGradeOne(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "avrlab grade-one: reads a request on stdin; it is run by 'avrlab grade'")
		return 2
	}
	b, err := io.ReadAll(io.LimitReader(stdin, requestLimit))
	var req gradeRequest
	if err == nil {
		err = json.Unmarshal(b, &req)
	}
	if err != nil {
		fmt.Fprintf(stderr, "avrlab grade-one: bad request: %v\n", err)
		return 2
	}
	if req.MemBytes > 0 {
		if err := applyChildLimits(req.MemBytes, req.CPUSeconds); err != nil {
			fmt.Fprintf(stderr, "avrlab grade-one: %v\n", err)
			return 1
		}
	}
	if !req.Interp {
		req.Options.Engine = nativeEngine(string(req.Cache), stderr)
	}
	row := lab.GradeSubmission(lab.Submission{Label: string(req.Label), Dir: string(req.Dir), Main: string(req.Main)}, req.Options)
	row.Problem = escapeInvalidUTF8(row.Problem) // a file name of any bytes survives the JSON to the parent
	for _, f := range []*float64{&row.Rank, &row.CPB} {
		if math.IsNaN(*f) || math.IsInf(*f, 0) {
			*f, row.Pass = 0, false
			if row.Problem == "" {
				row.Problem = "no finite RANK (empty flash?)"
			}
		}
	}
	if err := json.NewEncoder(stdout).Encode(row); err != nil {
		fmt.Fprintf(stderr, "avrlab grade-one: %v\n", err)
		return 1
	}
	return 0
}

var csvHeader = []string{"submission", "pass", "rank", "cycles", "cpb", "flash", "ram", "failures", "vectors", "constant_time", "abi_ok", "problem"}

// csvMeasured are the CSV's last columns, after the problem: what each row was measured with.
var csvMeasured = []string{"task", "scenario", "call", "device", "seed"}

func writeGradeCSV(w io.Writer, rows []lab.GradeRow) { writeGradeCSVGoals(w, rows, nil, nil) }

// writeGradeCSVGoals writes the CSV with a column per goal before the problem (met[i] are row i's).
func writeGradeCSVGoals(w io.Writer, rows []lab.GradeRow, goals []lab.Goal, met [][]lab.GoalResult) {
	cw := csv.NewWriter(w)
	head := append([]string(nil), csvHeader[:len(csvHeader)-1]...)
	for _, g := range goals {
		head = append(head, "goal "+g.Text)
	}
	cw.Write(append(append(head, csvHeader[len(csvHeader)-1]), csvMeasured...))
	for i, r := range rows {
		rec := []string{r.Submission, strconv.FormatBool(r.Pass), rankText(r, "%.2f"), strconv.FormatUint(r.Cycles, 10),
			fmt.Sprintf("%.1f", r.CPB), strconv.Itoa(r.Flash), strconv.Itoa(r.RAM), strconv.Itoa(r.Failures), strconv.Itoa(r.Vectors),
			strconv.FormatBool(r.ConstTime), strconv.FormatBool(r.ABIOK)}
		if met != nil {
			for _, g := range met[i] {
				rec = append(rec, goalCell(g, "true", "false: "))
			}
		}
		rec = append(rec, r.Problem, r.Task, r.Scenario, r.Call, r.Device, strconv.FormatUint(r.Seed, 10))
		for i := range rec {
			// Escaped as in the text table too, so that `cat grades.csv` is as safe as the table.
			rec[i] = csvSafe(textSafe(rec[i]))
		}
		cw.Write(rec)
	}
	cw.Flush()
}

// textProblemRunes is how much of a problem the text table shows; -csv and -json show all of it.
const textProblemRunes = 300

func writeGradeText(w io.Writer, rows []lab.GradeRow) { writeGradeTextGoals(w, rows, nil, nil) }

// writeGradeTextGoals writes the text table with a column per goal before the problem.
func writeGradeTextGoals(w io.Writer, rows []lab.GradeRow, goals []lab.Goal, met [][]lab.GoalResult) {
	var gh strings.Builder
	width := make([]int, len(goals))
	for j, g := range goals {
		width[j] = max(len(goalHeader(g)), 3)
		for i := range rows {
			width[j] = max(width[j], utf8.RuneCountInString(textSafe(goalCellText(met[i][j]))))
		}
		fmt.Fprintf(&gh, " %-*s", width[j], textSafe(goalHeader(g)))
	}
	head := settingsLine(rows)
	fmt.Fprintln(w, textSafe(head.text))
	fmt.Fprintf(w, "%-4s %-40s %-4s %6s %8s %7s %6s %5s%s  %s\n", "#", "submission", "ok", "RANK", "cycles", "cpb", "flash", "RAM", gh.String(), "call, problem")
	for i, r := range rows {
		p := cutRunes(r.Problem, textProblemRunes)
		var gc strings.Builder
		for j := range goals {
			cell := textSafe(goalCellText(met[i][j]))
			fmt.Fprintf(&gc, " %s%s", cell, strings.Repeat(" ", max(0, width[j]-utf8.RuneCountInString(cell))))
		}
		measured := r.Call
		if d := head.differs(r); d != "" {
			measured = d + " " + measured
		}
		if p != "" {
			measured += "; "
		}
		fmt.Fprintf(w, "%-4d %-40s %-4s %6s %8d %7.1f %6d %5d%s  %s\n", i+1, textSafe(r.Submission), yesNo(r.Pass, "yes", "no"),
			rankText(r, "%.1f"), r.Cycles, r.CPB, r.Flash, r.RAM, gc.String(), textSafe(measured+p))
	}
}

// freshSeed draws a run's seed from crypto/rand (a failure of the system's random source is fatal to
// crypto/rand itself, so it never returns a predictable seed).
func freshSeed() uint64 {
	var b [8]byte
	cryptorand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// gradeSettings is the text table's first line: the settings the rows share and the seed.
type gradeSettings struct {
	text                   string
	task, scenario, device string
}

// settingsLine describes the settings of the first row (every row of one run has the same seed).
func settingsLine(rows []lab.GradeRow) gradeSettings {
	if len(rows) == 0 {
		return gradeSettings{text: "# no submissions"}
	}
	r := rows[0]
	return gradeSettings{task: r.Task, scenario: r.Scenario, device: r.Device,
		text: fmt.Sprintf("# task %s · scenario %s · device %s · seed %d (-seed %d repeats this run)", r.Task, r.Scenario, r.Device, r.Seed, r.Seed)}
}

// differs names the settings of row r that are not the header's, as "[task X, device Y]", or "".
func (g gradeSettings) differs(r lab.GradeRow) string {
	var d []string
	for _, f := range []struct{ name, head, row string }{{"task", g.task, r.Task}, {"scenario", g.scenario, r.Scenario}, {"device", g.device, r.Device}} {
		if f.head != f.row {
			d = append(d, f.name+" "+f.row)
		}
	}
	if len(d) == 0 {
		return ""
	}
	return "[" + strings.Join(d, ", ") + "]"
}

// intFlagIn reports an int flag outside lo..hi on stderr.
func intFlagIn(stderr io.Writer, name string, v, lo, hi int) bool {
	if v < lo || v > hi {
		fmt.Fprintf(stderr, "avrlab: -%s must be between %d and %d\n", name, lo, hi)
		return false
	}
	return true
}

// cyclesFlagOK reports a -max-cycles outside 1..maxCycles on stderr.
func cyclesFlagOK(stderr io.Writer, v uint64) bool {
	if v < 1 || v > maxCycles {
		fmt.Fprintf(stderr, "avrlab: -max-cycles must be between 1 and %d\n", uint64(maxCycles))
		return false
	}
	return true
}
