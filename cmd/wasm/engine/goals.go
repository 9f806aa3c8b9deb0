package engine

import (
	"errors"

	"github.com/avrlab/avrlab/lab"
)

// GoalsRequest holds the texts of an exercise whose goals the page lists: its README.md (the goal:
// lines) and its tests.txt (hidden goals), as Request.Goals and Request.Tests hold them.
type GoalsRequest struct {
	Goals string `json:"goals"`
	Tests string `json:"tests"`
}

// GoalsResponse is what the lab reads in an exercise's texts: its goals (lab.ParseGoals of the
// README, then the goal lines of tests.txt, lab.ParseExerciseTests) and the problems of reading them,
// positioned (File "README.md" or "tests.txt"; Line 0 where the lab names no line). The page lists the
// goals before any result from these, and tells a teacher's README without goals from them.
type GoalsResponse struct {
	Goals    []lab.Goal   `json:"goals"`
	Problems []Diagnostic `json:"problems"`
}

// ParseGoals reads the goals of an exercise (the "goals" request).
func ParseGoals(req GoalsRequest) GoalsResponse {
	resp := GoalsResponse{Goals: []lab.Goal{}, Problems: []Diagnostic{}}
	goals, err := lab.ParseGoals([]byte(req.Goals))
	resp.Goals = append(resp.Goals, goals...)
	if err != nil {
		resp.Problems = append(resp.Problems, goalProblem("README.md", err))
	}
	if req.Tests != "" {
		t, err := lab.ParseExerciseTests([]byte(req.Tests))
		if err != nil {
			resp.Problems = append(resp.Problems, goalProblem("tests.txt", err))
		}
		resp.Goals = append(resp.Goals, t.Goals...)
	}
	return resp
}

// goalProblem is an error reading file as a problem at the line the lab names (lab.Problem.Pos), else
// at no line.
func goalProblem(file string, err error) Diagnostic {
	d := Diagnostic{File: file, Severity: "error", Msg: err.Error()}
	if p, ok := errors.AsType[*lab.Problem](err); ok && p.Pos != nil {
		d.Line, d.Col = p.Pos.Line, max(p.Pos.Column, 1)
		d.Msg = PageText(p)
	}
	return d
}
