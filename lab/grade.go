package lab

import (
	"cmp"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/textf"
)

// MaxSubmissionBytes is the largest source file grading accepts, the main file or any file it includes.
const MaxSubmissionBytes = 1 << 20

// MaxSubmissionReadBytes bounds the source bytes one submission may read in all, counting every
// include each time it is read.
const MaxSubmissionReadBytes = 16 << 20

// MaxProblemBytes bounds a row's Problem text; longer messages are cut and end in "…".
const MaxProblemBytes = 4096

// GradeRow is one submission's grade.
type GradeRow struct {
	Submission string  `json:"submission"` // the path as given (a source file, or a folder of sources)
	Pass       bool    `json:"pass"`
	Rank       float64 `json:"rank"`
	Cycles     uint64  `json:"cycles"` // mean cycles of one call
	CPB        float64 `json:"cpb"`
	Flash      int     `json:"flash"`
	RAM        int     `json:"ram"`
	Failures   int     `json:"failures"`
	Vectors    int     `json:"vectors"`
	ConstTime  bool    `json:"constant_time"`
	ABIOK      bool    `json:"abi_ok"`
	Problem    string  `json:"problem,omitempty"` // why it failed: first error, fault, wrong output
	// Why says what Problem is, as data: WhyError (the measurement stopped, or never started),
	// WhyVectors (vectors wrong) or WhyABI (the calling convention broken); "" when it passed or the
	// row comes from elsewhere (a child process that died).
	Why GradeWhy `json:"why,omitempty"`
	// What was measured: the task, scenario, call and device (the teacher's settings, see Options.Fixed;
	// the call as the harness made it) and the run's seed. A row that failed before the harness set up
	// a call names the settings it was given.
	Task     string `json:"task"`
	Scenario string `json:"scenario"`
	Call     string `json:"call"`
	Device   string `json:"device"`
	Seed     uint64 `json:"seed"`
	// Goals are the results of Options.Goals (an exercise's goals, the leakage ones included), checked
	// in the submission's own process against its whole report; nil without goals (a pointer keeps
	// GradeRow comparable).
	Goals *[]GoalResult `json:"goal_results,omitempty"`
}

// GradeWhy is the kind of a grade row's problem.
type GradeWhy string

// The kinds of a row's problem.
const (
	WhyError   GradeWhy = "error"
	WhyVectors GradeWhy = "vectors"
	WhyABI     GradeWhy = "abi"
)

// Submission is one thing to grade: a source file, or a folder of sources linked as one program, and
// the folder its reads are confined to.
type Submission struct {
	Label string // as shown in the table
	Dir   string // the folder the submission is confined to
	// Main is the source file, relative to Dir; "" makes the submission the program of all the
	// sources of Dir (ProgramFolder): its GNU files linked in name order, or its one AVRASM2 file.
	Main string
}

// FindSubmissions expands command-line arguments into submissions: a file is one submission confined
// to its folder; a folder holding sources is one submission per .S/.s/.asm file directly in it, and one
// per subfolder: the program of all the subfolder's sources (see ProgramFolder). A symbolic link in a
// named folder counts as what it points to. Nothing is opened for reading: a named pipe or device among
// the sources becomes a submission that grading refuses with the reason. Submissions are in path order.
func FindSubmissions(args []string) ([]Submission, error) {
	var subs []Submission
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			subs = append(subs, Submission{Label: a, Dir: filepath.Dir(a), Main: filepath.Base(a)})
			continue
		}
		ents, err := os.ReadDir(a)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			p := filepath.Join(a, e.Name())
			isDir := e.IsDir()
			if e.Type()&fs.ModeSymlink != 0 {
				if st, err := os.Stat(p); err == nil {
					isDir = st.IsDir()
				}
			}
			switch {
			case isDir:
				subs = append(subs, Submission{Label: p, Dir: p})
			case IsSourceName(e.Name()), isBinaryName(e.Name()):
				subs = append(subs, Submission{Label: p, Dir: a, Main: e.Name()})
			}
		}
	}
	return subs, nil
}

// Grade measures each submission with opts in this process, one after the other, confined to its own
// folder, and returns one row per submission in the order of SortRows. One bad submission never stops
// the others: errors, faults and panics become that row's problem. Grade has no time or memory limit
// per submission; `avrlab grade` runs each submission in a child process for that. Progress goes to
// progress (may be nil). Each submission's bench builds its machines over the last one's (a
// [Machines], unless opts has its own): the rows are the same, with less allocated.
func Grade(subs []Submission, opts Options, progress io.Writer) []GradeRow {
	if opts.Machines == nil {
		opts.Machines = &Machines{}
	}
	rows := make([]GradeRow, 0, len(subs))
	for i, s := range subs {
		if progress != nil {
			textf.Fprintf(progress, "[%d/%d] %s\n", i+1, len(subs), s.Label)
		}
		rows = append(rows, GradeSubmission(s, opts))
	}
	SortRows(rows)
	return rows
}

// SortRows puts passing rows first, then orders by RANK, highest first (kernel tasks, which have no RANK, by
// cycles, fewest first); ties go by submission path.
func SortRows(rows []GradeRow) {
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Pass != b.Pass {
			return a.Pass
		}
		if a.Rank != b.Rank {
			return a.Rank > b.Rank
		}
		if a.Pass && a.Cycles != b.Cycles { // kernels have no RANK: fewer cycles first
			return a.Cycles < b.Cycles
		}
		return a.Submission < b.Submission
	})
}

// GradeSubmission measures one submission with opts, confined to its folder: its files are read through
// an os.Root of s.Dir, only regular files are read (a named pipe or device is refused before it is
// opened, so nothing blocks), each file is limited to MaxSubmissionBytes and all reads together to
// MaxSubmissionReadBytes. A folder submission is assembled and linked as one program of its sources
// (at most asm.MaxFiles); only sources are measured, never an ELF or HEX file. A panic while grading
// becomes the row's problem. The problem is at most MaxProblemBytes long. The settings of opts are the
// teacher's (Options.Fixed is set): a source line that contradicts them fails the row.
func GradeSubmission(s Submission, opts Options) GradeRow {
	row := gradeOne(s, opts)
	row.Problem = CutProblem(row.Problem)
	return row
}

// CutProblem shortens a problem message to at most MaxProblemBytes, cutting at a UTF-8 boundary and
// marking the cut with "…".
func CutProblem(p string) string {
	if len(p) <= MaxProblemBytes {
		return p
	}
	n := MaxProblemBytes - len("…")
	for n > 0 && !utf8.RuneStart(p[n]) {
		n--
	}
	return p[:n] + "…"
}

func gradeOne(s Submission, opts Options) (row GradeRow) {
	opts.Fixed = true
	row = SettingsRow(s.Label, opts)
	defer func() {
		if r := recover(); r != nil {
			row = SettingsRow(s.Label, opts)
			row.Problem = textf.Sprintf("internal error while grading (please report): %v\n%s", r, debug.Stack())
		}
	}()
	root, err := os.OpenRoot(s.Dir)
	if err != nil {
		row.Problem = err.Error()
		return row
	}
	defer root.Close()
	fsys := &gradeFS{root: root}
	var rep *Report
	var im *asm.Image
	if s.Main == "" {
		rep, im, err = gradeFolder(fsys, opts)
	} else {
		var src []byte
		if src, err = fsys.ReadFile(s.Main); err == nil {
			var ok bool
			var lerr error
			if im, ok, lerr = LoadBinary(src, Resolve(opts).Device); ok { // an avr-gcc ELF or a HEX file
				err = lerr
				if err == nil {
					o := opts
					o.Linked = true
					rep, err = Bench(im, o)
				}
			} else {
				rep, im, err = BenchSource(s.Main, src, fsys, opts)
			}
		}
	}
	defer func() {
		// An exercise's goals are checked here, in the submission's own process, against the whole
		// report (its leakage goals measured on the image); a submission that did not assemble or
		// complete meets none ("not measured").
		if len(opts.Goals) == 0 {
			return
		}
		r := rep
		if r == nil || err != nil {
			r = &Report{Error: cmp.Or(row.Problem, "not measured")}
		}
		res := CheckGoals(r, opts.Goals)
		if HasLeakGoals(res) && rep != nil && im != nil && err == nil {
			CheckLeakGoals(im, opts, opts.LeakSettings, rep, res)
		}
		row.Goals = &res
	}()
	if err != nil {
		if el, ok := errors.AsType[asm.ErrorList](err); ok && len(el) > 0 {
			row.Problem = textf.Sprintf("%s (%d errors)", el[0].Error(), len(el))
			if len(el) == 1 {
				row.Problem = el[0].Error()
			}
		} else {
			row.Problem = err.Error()
		}
		row.Why = WhyError
		return row
	}
	row.Task, row.Scenario, row.Call, row.Device = rep.Task, rep.Scenario, rep.Call, rep.Device
	row.Pass, row.Rank, row.Cycles, row.CPB = rep.Pass, rep.Rank, uint64(rep.CyclesMean+0.5), rep.CPB
	row.Flash, row.RAM, row.Failures, row.Vectors = rep.Flash, rep.RAM, rep.Failures, rep.Vectors
	row.ConstTime, row.ABIOK = rep.ConstantTime, rep.ABIOK
	switch {
	case rep.Error != "":
		row.Problem, row.Why = rep.Error, WhyError
	case rep.Failures > 0:
		row.Problem, row.Why = textf.Sprintf("%d of %d vectors wrong", rep.Failures, rep.Vectors), WhyVectors
		if rep.BufferFaults > 0 {
			row.Problem += textf.Sprintf(" (%d with the right output, but %s)", rep.BufferFaults, rep.BufferProblem)
		}
	case !rep.ABIOK:
		row.Problem, row.Why = "ABI: "+rep.ABIDetail, WhyABI
	}
	if !row.Pass {
		row.Rank = 0
	}
	return row
}

// SettingsRow is the row of a submission before it is measured: the settings it is graded with (the
// task's default scenario and device where opts leaves them open) and the seed.
func SettingsRow(label string, opts Options) GradeRow {
	row := GradeRow{Submission: label, Task: opts.Task, Scenario: opts.Scenario, Call: opts.Call, Device: opts.Device, Seed: opts.Seed}
	if t := LookupTask(normalizeID(opts.Task)); t != nil {
		row.Task = t.ID
		if row.Scenario == "" {
			row.Scenario = t.Scenario
		}
		if row.Device == "" {
			row.Device = t.Device
		}
	}
	if row.Scenario == "" {
		row.Scenario = ScenarioFixedKey
	}
	return row
}

// gradeFolder measures the program of the sources of a submission folder. Each source is checked as
// gradeFS opens files (a regular file within the size limit) before anything is read, so that a named
// pipe or a huge file is refused with the same reason as a file submission's.
func gradeFolder(fsys *gradeFS, opts Options) (*Report, *asm.Image, error) {
	p, err := ProgramFolder(fsys, ".")
	if errors.Is(err, ErrNoSources) {
		return nil, nil, errors.New("no source files in the folder: it needs .S, .s or .asm files")
	}
	if err != nil {
		return nil, nil, err
	}
	for _, f := range p.Files {
		st, err := fsys.Stat(f)
		if err == nil {
			err = fsys.check(f, st)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return benchProgram(p, opts, false)
}

// gradeFS is a submission's folder as the assembler reads it while grading: confined to the folder by
// an os.Root, regular files only (checked before a file is opened, so a named pipe never blocks the
// reader; checked again on the open file), at most MaxSubmissionBytes per file and
// MaxSubmissionReadBytes in all.
type gradeFS struct {
	root *os.Root
	read atomic.Int64 // bytes handed out so far
}

// check refuses, as the assembler does (asm.CheckSource), a file that is not regular or is larger than
// MaxSubmissionBytes.
// The error names the file: `"p.inc" is not a regular file (named pipe)`.
func (g *gradeFS) check(name string, st fs.FileInfo) error {
	return asm.CheckSource(name, st, MaxSubmissionBytes)
}

// validPath is fs.ValidPath for names of any bytes (a student's file name need not be UTF-8; the
// os.Root confines it all the same): the elements must not be empty, "." or "..".
func validPath(name string) bool { return fs.ValidPath(strings.ToValidUTF8(name, "_")) }

// Open opens a regular file of the folder for reading (or a folder, for listing).
func (g *gradeFS) Open(name string) (fs.File, error) {
	if !validPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	st, err := g.root.Stat(name)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return g.root.Open(name)
	}
	if err := g.check(name, st); err != nil {
		return nil, err
	}
	f, err := g.root.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err = f.Stat(); err == nil {
		err = g.check(name, st)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &limitedFile{File: f, g: g, name: name, left: MaxSubmissionBytes}, nil
}

// Stat describes a file of the folder without opening it.
func (g *gradeFS) Stat(name string) (fs.FileInfo, error) {
	if !validPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	return g.root.Stat(name)
}

// ReadFile reads a whole regular file of the folder within the limits.
func (g *gradeFS) ReadFile(name string) ([]byte, error) {
	f, err := g.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if _, ok := f.(*limitedFile); !ok {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a folder")}
	}
	return io.ReadAll(f)
}

// limitedFile is an open regular file of a gradeFS that stops after the per-file and total limits.
type limitedFile struct {
	*os.File
	g    *gradeFS
	name string
	left int64
}

func (f *limitedFile) Read(p []byte) (int, error) {
	if f.left <= 0 {
		if n, _ := f.File.Read(make([]byte, 1)); n > 0 {
			// The assembler's wording for a file that grows past the limit while it is read.
			return 0, textf.Errorf("%q has more than %d bytes; the limit is %d bytes per file", f.name, MaxSubmissionBytes, MaxSubmissionBytes)
		}
		return 0, io.EOF
	}
	if int64(len(p)) > f.left {
		p = p[:f.left]
	}
	n, err := f.File.Read(p)
	f.left -= int64(n)
	if f.g.read.Add(int64(n)) > MaxSubmissionReadBytes {
		return n, &fs.PathError{Op: "read", Path: f.name, Err: textf.Errorf("the submission reads over %d bytes of source in all (an include in a loop?)", MaxSubmissionReadBytes)}
	}
	return n, err
}

// isBinaryName reports whether a file name is a linked program's (an ELF or Intel HEX file).
func isBinaryName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".elf", ".hex":
		return true
	}
	return false
}
