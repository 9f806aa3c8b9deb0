package engine

import (
	"encoding/json"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
)

func exerciseFile(t *testing.T, id, name string) string {
	t.Helper()
	b, err := examples.FS.ReadFile("exercises/" + id + "/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestExerciseGoals: a request with an exercise's README gets its goals checked; the finished example
// meets every goal of speck64-round, the starter none.
func TestExerciseGoals(t *testing.T) {
	readme := exerciseFile(t, "speck64-round", "README.md")
	starter := exerciseFile(t, "speck64-round", "starter.S")
	r := Bench(Request{Files: map[string]string{"s.S": starter}, Main: "s.S", Goals: readme, Vectors: 5}, nil)
	if len(r.Goals) != 4 {
		t.Fatalf("starter: goals %+v (%s)", r.Goals, r.GoalsError)
	}
	for _, g := range r.Goals {
		if g.Met {
			t.Errorf("the starter meets %q", g.Goal.Text)
		}
	}
	done, _ := examples.FS.ReadFile("speck64.S")
	r = Bench(Request{Files: map[string]string{"s.S": string(done)}, Main: "s.S", Goals: readme}, nil)
	for _, g := range r.Goals {
		if !g.Met {
			t.Errorf("speck64.S does not meet %q: %s", g.Goal.Text, g.Got)
		}
	}
}

// TestExerciseTestsApplied: tests.txt's scenario reaches the harness (the key-schedule exercise's
// worked solution passes only under it) and its hidden goals are checked after the README's.
func TestExerciseTestsApplied(t *testing.T) {
	sol, err := os.ReadFile("../../../lab/testdata/speck64ks.S")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"ks.S": string(sol)}
	readme := exerciseFile(t, "speck64-key-schedule", "README.md")
	tests := exerciseFile(t, "speck64-key-schedule", "tests.txt")
	r := Bench(Request{Files: files, Main: "ks.S", Goals: readme, Vectors: 3}, nil)
	if r.Report == nil || r.Report.Pass {
		t.Fatalf("without tests.txt the key-schedule routine passed fixed-key: %+v", r.Report)
	}
	r = Bench(Request{Files: files, Main: "ks.S", Goals: readme, Tests: tests + "goal: cycles <= 100\n"}, nil)
	if r.Report == nil || !r.Report.Pass || r.Report.Scenario != "key-schedule" {
		t.Fatalf("with tests.txt: %+v", r.Report)
	}
	if len(r.Goals) != 4 || !r.Goals[0].Met || !r.Goals[1].Met || !r.Goals[2].Met || r.Goals[3].Met ||
		!strings.HasPrefix(r.Goals[3].Got, "2570") {
		t.Errorf("goals %+v: want pass, constant-time, abi met and the hidden cycles <= 100 not (2570 cycles)", r.Goals)
	}
	r = Bench(Request{Files: files, Main: "ks.S", Tests: "colour: red\n"}, nil)
	if !strings.Contains(r.GoalsError, `unknown key "colour"`) {
		t.Errorf("bad tests.txt: %q", r.GoalsError)
	}
}

// TestGoalsRequest: the goals request gives the goals the lab reads (the README's with their lines,
// then tests.txt's), and a goal line that cannot be read as a problem at its line of README.md; the
// page lists these before any result instead of reading goal: lines itself.
func TestGoalsRequest(t *testing.T) {
	readme := "# Shrink\n\ngoal: pass\n- goal: flash <= 220\n"
	out := Handle("goals", []byte(`{"goals":`+strconv.Quote(readme)+`,"tests":"vectors: 8\ngoal: cycles <= 100\n"}`), nil)
	var r GoalsResponse
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	want := []lab.Goal{{Text: "pass", Metric: "pass", Line: 3}, {Text: "flash <= 220", Metric: "flash", Op: "<=", Value: 220, Line: 4},
		{Text: "cycles <= 100", Metric: "cycles", Op: "<=", Value: 100}}
	if !reflect.DeepEqual(r.Goals, want) || len(r.Problems) != 0 {
		t.Errorf("goals %+v, problems %+v; want %+v", r.Goals, r.Problems, want)
	}
	r = ParseGoals(GoalsRequest{Goals: "# T\ngoal: pass\ngoal: speed > 3\n", Tests: "colour: red\n"})
	probs := []Diagnostic{
		{File: "README.md", Line: 3, Col: 1, Severity: "error", Msg: `line 3: cannot read goal "speed > 3" (want e.g. "rank >= 20")`},
		{File: "tests.txt", Severity: "error", Msg: `tests.txt line 1: unknown key "colour" (known: scenario, device, vectors, call, rk, define, goal, leak-model, leak-traces, leak-noise, leak-sum, leak-window)`},
	}
	if !reflect.DeepEqual(r.Problems, probs) || len(r.Goals) != 0 {
		t.Errorf("bad goals: %+v, problems %+v; want %+v", r.Goals, r.Problems, probs)
	}
	// A bench answer carries the same problem, positioned.
	b := Bench(Request{Files: map[string]string{"s.S": "\tsleep\n"}, Main: "s.S", Task: "speck64-128", Goals: "goal: speed > 3\n", Vectors: -1}, nil)
	if len(b.GoalProblems) != 1 || b.GoalProblems[0].Line != 1 || b.GoalProblems[0].File != "README.md" {
		t.Errorf("bench goal problems %+v", b.GoalProblems)
	}
}

// TestExerciseGoalsNeedVectors: a goal counts only with the exercise's vectors (tests.txt's, else the
// task's default): a routine that answers the official vector from constants passes a run of the
// official vector alone (Vectors field 0, sent as -1) but meets no goal there, and the goal line says
// why; with the exercise's own "vectors: 3" a run of 3 random vectors counts.
func TestExerciseGoalsNeedVectors(t *testing.T) {
	readme := exerciseFile(t, "speck64-round", "README.md")
	done, _ := examples.FS.ReadFile("speck64.S")
	files := map[string]string{"s.S": string(done)}
	r := Bench(Request{Files: files, Main: "s.S", Goals: readme, Vectors: -1}, nil)
	if r.Report == nil || !r.Report.Pass || r.Report.Vectors != 1 {
		t.Fatalf("official vector alone: %+v", r.Report)
	}
	for _, g := range r.Goals {
		if g.Met || !strings.Contains(g.Got, "counts only with the exercise's 101 vectors (this run: 1)") {
			t.Errorf("official vector alone: %q met %v: %s", g.Goal.Text, g.Met, g.Got)
		}
	}
	r = Bench(Request{Files: files, Main: "s.S", Goals: readme, Tests: "vectors: 3\n", Vectors: -1}, nil)
	for _, g := range r.Goals {
		if !g.Met {
			t.Errorf("tests.txt vectors: 3: %q not met: %s", g.Goal.Text, g.Got)
		}
	}
}
