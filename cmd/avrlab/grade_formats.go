package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/avrlab/avrlab/lab"
)

// The formats course graders run in: Gradescope's autograder results.json (one submission, a test per
// goal) and a GitHub Classroom test (the exit status: 0 when every submission passes and meets every
// goal).

const formatGradescope = "gradescope"

// gradeFormatFlags adds grade's -format and -check.
func gradeFormatFlags(fl *flag.FlagSet) (format *string, check *bool) {
	format = fl.String("format", "", "output `FORMAT`: text (default), csv, json, or gradescope: Gradescope's results.json for one\nsubmission, a test per goal (see README, \"grade in an autograder\")")
	check = fl.Bool("check", false, "exit status 1 unless every submission passes and meets every goal, 0 otherwise\n(a GitHub Classroom test; each failing submission is named on stderr)")
	return format, check
}

// gradeFormatOK checks -format against the other output flags.
func gradeFormatOK(stderr io.Writer, format string, other bool) bool {
	switch format {
	case "", "text":
		return true
	case "csv", "json":
		fmt.Fprintf(stderr, "avrlab: use -%s for that format\n", format)
		return false
	case formatGradescope:
		if other {
			fmt.Fprintln(stderr, "avrlab: -format gradescope goes without -csv and -json")
			return false
		}
		return true
	}
	fmt.Fprintf(stderr, "avrlab: unknown -format %q (text, gradescope; or -csv, -json)\n", format)
	return false
}

// rankText is a row's RANK as the tables show it: empty when the row failed (a failing routine has no
// RANK; 0.0 read as a score).
func rankText(r lab.GradeRow, layout string) string {
	if !r.Pass {
		return ""
	}
	return fmt.Sprintf(layout, r.Rank)
}

// goalCellRunes is how much of why a goal is missed the text table shows.
const goalCellRunes = 40

// goalCellText is a goal's text-table cell: "yes", or "no: " and why ("no: RAM 12 > 8").
func goalCellText(g lab.GoalResult) string {
	if g.Met {
		return "yes"
	}
	return cutRunes("no: "+g.Got, goalCellRunes)
}

// goalCell is a goal's CSV cell: met, or missed followed by the measured value.
func goalCell(g lab.GoalResult, met, missed string) string {
	if g.Met {
		return met
	}
	return missed + g.Got
}

// gradescopeResults is Gradescope's autograder results.json (the fields avrlab fills).
type gradescopeResults struct {
	Score         float64          `json:"score"`
	ExecutionTime float64          `json:"execution_time"`
	Output        string           `json:"output"`
	Visibility    string           `json:"visibility"`
	Tests         []gradescopeTest `json:"tests"`
}

// gradescopeTest is one test of results.json: a goal.
type gradescopeTest struct {
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	MaxScore float64 `json:"max_score"`
	Output   string  `json:"output"`
	Status   string  `json:"status"` // "passed" or "failed"
}

// rowFigures is a row's figures in one line, as the tests' output shows them (a failing row has no
// RANK, and says why).
func rowFigures(r lab.GradeRow) string {
	figs := fmt.Sprintf("%d cycles, %.1f cycles/byte, flash %d B, RAM %d B, %d of %d vectors right, constant time %s, avr-gcc ABI %s",
		r.Cycles, r.CPB, r.Flash, r.RAM, r.Vectors-r.Failures, r.Vectors, yesNo(r.ConstTime, "yes", "no"), yesNo(r.ABIOK, "ok", "broken"))
	if !r.Pass {
		return "FAIL (" + r.Problem + "): no RANK; " + figs
	}
	return fmt.Sprintf("PASS: RANK %.2f; %s", r.Rank, figs)
}

// writeGradescope writes the results.json of one submission: a test per goal worth one point each
// (without an exercise, one test: pass), each test's output the goal's measured value and the row's
// figures. Gradescope grades one submission at a time: more rows are an error.
func writeGradescope(w io.Writer, rows []lab.GradeRow, goals []lab.Goal, met [][]lab.GoalResult, took time.Duration) error {
	if len(rows) != 1 {
		return fmt.Errorf("-format gradescope grades one submission (a file or a folder); got %d", len(rows))
	}
	r := rows[0]
	res := gradescopeResults{ExecutionTime: float64(took.Round(time.Millisecond)) / float64(time.Second), Visibility: "visible",
		Output: r.Submission + ": " + rowFigures(r), Tests: []gradescopeTest{}}
	add := func(name string, ok bool, why string) {
		t := gradescopeTest{Name: name, MaxScore: 1, Output: why + "\n" + rowFigures(r), Status: "failed"}
		if ok {
			t.Score, t.Status = 1, "passed"
		}
		res.Score += t.Score
		res.Tests = append(res.Tests, t)
	}
	if len(goals) == 0 {
		why := "every vector right"
		if !r.Pass {
			why = r.Problem
		}
		add("pass", r.Pass, why)
	}
	for j, g := range goals {
		add("goal: "+g.Text, met[0][j].Met, "measured: "+met[0][j].Got)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(res)
}

// checkStatus is -check's exit status: 1 when a submission fails or misses a goal (each named on
// stderr), else 0.
func checkStatus(stderr io.Writer, rows []lab.GradeRow, met [][]lab.GoalResult) int {
	code := 0
	for i, r := range rows {
		var missed []string
		if !r.Pass {
			missed = append(missed, "fails ("+cutRunes(r.Problem, 120)+")")
		}
		if met != nil {
			for _, g := range met[i] {
				if !g.Met {
					missed = append(missed, "misses goal "+g.Goal.Text+" ("+g.Got+")")
				}
			}
		}
		if len(missed) > 0 {
			code = 1
			fmt.Fprintf(stderr, "avrlab: %s %s\n", textSafe(r.Submission), textSafe(strings.Join(missed, "; ")))
		}
	}
	return code
}
