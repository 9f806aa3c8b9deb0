package engine

import (
	"os"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/examples"
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
	r = Bench(Request{Files: map[string]string{"s.S": string(done)}, Main: "s.S", Goals: readme, Vectors: 5}, nil)
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
	r = Bench(Request{Files: files, Main: "ks.S", Goals: readme, Tests: tests + "goal: cycles <= 100\n", Vectors: 3}, nil)
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
