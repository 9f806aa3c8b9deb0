package lab

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
)

// MaxSubmissionBytes is the largest main source file grading accepts.
const MaxSubmissionBytes = 1 << 20

// GradeRow is one submission's grade.
type GradeRow struct {
	Submission string  `json:"submission"` // the path as given (file, or folder holding one source)
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
}

// Submission is one thing to grade: a main source file and the folder its includes may read.
type Submission struct {
	Label string // as shown in the table
	Dir   string // the folder the submission is confined to
	Main  string // the main file, relative to Dir
}

// FindSubmissions expands command-line arguments into submissions: a file is one submission confined
// to its folder; a folder holding sources is one submission per .S/.s/.asm file directly in it, and one
// per subfolder (whose main file is the only source in it, or main.S). Submissions are in path order.
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
			switch {
			case e.IsDir():
				subs = append(subs, Submission{Label: p, Dir: p, Main: mainIn(p)})
			case isSource(e.Name()):
				subs = append(subs, Submission{Label: p, Dir: a, Main: e.Name()})
			}
		}
	}
	return subs, nil
}

func isSource(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".s", ".asm":
		return true
	}
	return false
}

// mainIn picks the main source of a submission folder: main.S if present, else the only source file;
// "" when it cannot tell.
func mainIn(dir string) string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var srcs []string
	for _, e := range ents {
		if !e.IsDir() && isSource(e.Name()) {
			if strings.EqualFold(e.Name(), "main.s") {
				return e.Name()
			}
			srcs = append(srcs, e.Name())
		}
	}
	if len(srcs) == 1 {
		return srcs[0]
	}
	return ""
}

// Grade measures each submission with opts, confined to its own folder, and returns one row per
// submission sorted by RANK (passing submissions first). One bad submission never stops the others:
// errors, faults and panics become that row's problem. Progress goes to progress (may be nil).
func Grade(subs []Submission, opts Options, progress io.Writer) []GradeRow {
	rows := make([]GradeRow, 0, len(subs))
	for i, s := range subs {
		if progress != nil {
			fmt.Fprintf(progress, "[%d/%d] %s\n", i+1, len(subs), s.Label)
		}
		rows = append(rows, gradeOne(s, opts))
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].Pass != rows[j].Pass {
			return rows[i].Pass
		}
		return rows[i].Rank > rows[j].Rank
	})
	return rows
}

func gradeOne(s Submission, opts Options) (row GradeRow) {
	row.Submission = s.Label
	defer func() {
		if r := recover(); r != nil {
			row.Pass = false
			row.Problem = fmt.Sprintf("internal error while grading (please report): %v\n%s", r, debug.Stack())
		}
	}()
	if s.Main == "" {
		row.Problem = "no main source: the folder needs main.S or exactly one .S file"
		return row
	}
	root, err := os.OpenRoot(s.Dir)
	if err != nil {
		row.Problem = err.Error()
		return row
	}
	defer root.Close()
	fsys := root.FS()
	st, err := fs.Stat(fsys, s.Main)
	if err != nil {
		row.Problem = err.Error()
		return row
	}
	if st.Size() > MaxSubmissionBytes {
		row.Problem = fmt.Sprintf("%s is %d bytes; submissions are limited to %d bytes", s.Main, st.Size(), MaxSubmissionBytes)
		return row
	}
	rep, _, err := BenchFile(fsys, s.Main, opts)
	if err != nil {
		var el asm.ErrorList
		if errors.As(err, &el) && len(el) > 0 {
			row.Problem = fmt.Sprintf("%s (%d errors)", el[0].Error(), len(el))
			if len(el) == 1 {
				row.Problem = el[0].Error()
			}
		} else {
			row.Problem = err.Error()
		}
		return row
	}
	row.Pass, row.Rank, row.Cycles, row.CPB = rep.Pass, rep.Rank, uint64(rep.CyclesMean+0.5), rep.CPB
	row.Flash, row.RAM, row.Failures, row.Vectors = rep.Flash, rep.RAM, rep.Failures, rep.Vectors
	row.ConstTime, row.ABIOK = rep.ConstantTime, rep.ABIOK
	switch {
	case rep.Error != "":
		row.Problem = rep.Error
	case rep.Failures > 0:
		row.Problem = fmt.Sprintf("%d of %d vectors wrong", rep.Failures, rep.Vectors)
	case !rep.ABIOK:
		row.Problem = "ABI: " + rep.ABIDetail
	}
	if !row.Pass {
		row.Rank = 0
	}
	return row
}
