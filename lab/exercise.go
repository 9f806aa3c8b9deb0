package lab

import (
	"errors"
	"io"
	"io/fs"
	"path"
	"sort"

	"github.com/avrlab/avrlab/internal/textf"
)

// Exercise is a classroom exercise folder, read once (ReadExercise) by every front end: `avrlab grade
// -exercise`, `avrlab bench` of a source inside it, the site builder and the page (which gets the
// same files). The folder holds README.md (the instructions, with "goal:" lines), starter.S (the code
// the student starts from) and optionally tests.txt (the settings it is checked with, see
// [ExerciseTests]).
type Exercise struct {
	// Readme, Starter and TestsText are the files as read; Starter and TestsText are nil when the
	// folder has none.
	Readme, Starter, TestsText []byte
	// Task is the starter's "; avrlab task:" line ("" without a starter or a line).
	Task string
	// Goals are README.md's goal lines; AllGoals adds tests.txt's.
	Goals []Goal
	// Tests are tests.txt's settings (the zero value without one).
	Tests ExerciseTests
}

// Limits of an exercise's files.
const (
	MaxReadmeBytes = 256 << 10
	MaxTestsBytes  = 16 << 10
)

// ErrNoExercise is returned by ReadExercise for a folder without README.md.
var ErrNoExercise = errors.New("no README.md: not an exercise folder")

// ReadExercise reads the exercise folder dir of fsys ("." for its root). Each file must be a regular
// file within its limit (README.md MaxReadmeBytes, starter.S MaxSourceBytes, tests.txt MaxTestsBytes):
// type and size are checked before the file is opened, so a named pipe cannot block the read nor a
// sparse file fill the memory. A folder without README.md is ErrNoExercise; a bad goal or tests.txt line
// is an error naming the file and line, and so is an exercise without any goal. Errors name the file
// relative to dir ("README.md: line 3: ..."): the caller says which folder.
func ReadExercise(fsys fs.FS, dir string) (*Exercise, error) {
	read := func(name string, limit int64) ([]byte, error) {
		b, err := readRegularFS(fsys, path.Join(dir, name), limit)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, textf.Errorf("%s: %v", name, err)
		}
		return b, err
	}
	readme, err := read("README.md", MaxReadmeBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoExercise
	}
	if err != nil {
		return nil, err
	}
	starter, err := read("starter.S", MaxSourceBytes)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	tests, err := read("tests.txt", MaxTestsBytes)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	ex, err := ParseExercise(readme, starter, tests)
	if err != nil {
		return nil, err
	}
	if len(ex.AllGoals()) == 0 {
		return nil, errors.New("README.md has no goal: lines (e.g. goal: pass)")
	}
	return ex, nil
}

// ParseExercise makes the exercise of the files' texts (nil for a file the exercise lacks): README.md's
// goals, the starter's task line, tests.txt's settings and goals. An exercise without goals is no error
// here (ReadExercise refuses one); a bad goal or tests.txt line is, naming the file and line.
func ParseExercise(readme, starter, tests []byte) (*Exercise, error) {
	ex := &Exercise{Readme: readme, Starter: starter, TestsText: tests, Task: DetectTask(starter)}
	var err error
	if ex.Goals, err = ParseGoals(readme); err != nil {
		return nil, textf.Errorf("README.md: %v", err)
	}
	if tests != nil {
		if ex.Tests, err = ParseExerciseTests(tests); err != nil {
			return nil, err
		}
	}
	return ex, nil
}

// FindExercise returns the exercise whose folder is dir, for `avrlab bench` of a source in it: dir is
// an exercise when it holds a README.md and a tests.txt, or a README.md with goal lines (a README.md
// without any is documentation, and the folder no exercise: nil, nil). A folder that is an exercise but cannot be read
// is an error.
func FindExercise(fsys fs.FS, dir string) (*Exercise, error) {
	_, errT := fs.Stat(fsys, path.Join(dir, "tests.txt"))
	b, errR := readRegularFS(fsys, path.Join(dir, "README.md"), MaxReadmeBytes)
	if errT != nil {
		if errR != nil {
			return nil, nil
		}
		if g, err := ParseGoals(b); err == nil && len(g) == 0 {
			return nil, nil
		}
	}
	ex, err := ReadExercise(fsys, dir)
	if errors.Is(err, ErrNoExercise) {
		return nil, nil // a tests.txt without instructions
	}
	return ex, err
}

// HasTests reports whether the exercise has a tests.txt.
func (e *Exercise) HasTests() bool { return e.TestsText != nil }

// AllGoals returns README.md's goals, then tests.txt's.
func (e *Exercise) AllGoals() []Goal {
	return append(append([]Goal(nil), e.Goals...), e.Tests.Goals...)
}

// Apply puts the exercise's settings into opts. With a tests.txt the task, where opts has none, is the
// starter's (a source naming another then fails, as Fixed says; without tests.txt the source's own task
// line decides, and grade -exercise names the starter's task itself); tests.txt's scenario, device, vectors, call and round-key symbol replace opts' (the teacher's
// settings), its defines join opts' (replacing those of the same name), its leakage settings and all its
// goals become opts'. With a tests.txt the settings are fixed (Options.Fixed): the source's
// own lines may not contradict them. A caller that lets its user override a setting (a flag given
// explicitly) sets it after Apply.
func (e *Exercise) Apply(opts *Options) {
	if opts.Task == "" && e.HasTests() {
		opts.Task = e.Task
	}
	t := e.Tests
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&opts.Scenario, t.Scenario)
	set(&opts.Device, t.Device)
	set(&opts.Call, t.Call)
	set(&opts.RK, t.RK)
	if t.Vectors > 0 {
		opts.Vectors = t.Vectors
	}
	if len(t.Defines) > 0 {
		d := make(map[string]string, len(opts.Defines)+len(t.Defines))
		for k, v := range opts.Defines {
			d[k] = v
		}
		for k, v := range t.Defines {
			d[k] = v
		}
		opts.Defines = d
	}
	opts.LeakSettings = t.Leak
	opts.Goals = e.AllGoals()
	if e.HasTests() {
		opts.Fixed = true
	}
}

// DefineNames returns the names of defines in order, for a front end that lists them.
func DefineNames(defines map[string]string) []string {
	names := make([]string, 0, len(defines))
	for k := range defines {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// readRegularFS reads the regular file name of fsys if it holds at most limit bytes, checking the type
// and size before the file is opened and again on the open file.
func readRegularFS(fsys fs.FS, name string, limit int64) ([]byte, error) {
	check := func(st fs.FileInfo) error {
		switch {
		case !st.Mode().IsRegular():
			return textf.Errorf("not a regular file (%v)", st.Mode().Type().String())
		case st.Size() > limit:
			return textf.Errorf("%d bytes, at most %d", st.Size(), limit)
		}
		return nil
	}
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if err := check(st); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := check(st); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(b)) > limit {
		return nil, textf.Errorf("more than %d bytes", limit)
	}
	return b, err
}
