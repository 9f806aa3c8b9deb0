package lab_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
)

// TestGoalsGot checks the goal lines of the speck64-round exercise against its unfinished starter and
// against the finished example: no unticked goal may read as if it were met ("constant-time (got
// true)" was printed beside an empty box).
func TestGoalsGot(t *testing.T) {
	readme, err := examples.FS.ReadFile("exercises/speck64-round/README.md")
	if err != nil {
		t.Fatal(err)
	}
	goals, err := lab.ParseGoals(readme)
	if err != nil || len(goals) != 4 {
		t.Fatalf("goals %v, %v", goals, err)
	}
	starter, _, err := lab.BenchFile(examples.FS, "exercises/speck64-round/starter.S", lab.Options{Vectors: 5})
	if err != nil {
		t.Fatal(err)
	}
	if starter.Pass {
		t.Fatal("the starter passes: the exercise has nothing to do")
	}
	for _, r := range lab.CheckGoals(starter, goals) {
		if r.Met {
			t.Errorf("starter meets %q (%s)", r.Goal.Text, r.Got)
		}
		if r.Got == "true" || r.Got == "false" || !strings.Contains(r.Got, "right") {
			t.Errorf("starter, goal %q: got %q; want a reason naming the vectors right", r.Goal.Text, r.Got)
		}
	}
	done, _, err := lab.BenchFile(examples.FS, "speck64.S", lab.Options{Vectors: 5})
	if err != nil {
		t.Fatal(err)
	}
	res := lab.CheckGoals(done, goals)
	rank := fmt.Sprintf("%.2f", done.Rank)
	want := []string{"6/6 vectors right", "constant", rank, rank}
	for i, r := range res {
		if !r.Met {
			t.Errorf("speck64.S does not meet %q: %s", r.Goal.Text, r.Got)
		}
		if i < len(want) && !strings.HasPrefix(r.Got, want[i]) {
			t.Errorf("goal %q: got %q, want %q", r.Goal.Text, r.Got, want[i])
		}
	}
}

// TestExerciseTests reads tests.txt settings and rejects bad lines with their number.
func TestExerciseTests(t *testing.T) {
	tt, err := lab.ParseExerciseTests([]byte("# hidden\nscenario: key-schedule\nvectors: 1000\ndefine: ROUNDS=88\ndevice: atmega328p\ngoal: cycles <= 5000 # tight\ncall: f(block, key, rkout)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tt.Scenario != "key-schedule" || tt.Vectors != 1000 || tt.Defines["ROUNDS"] != "88" || tt.Device != "atmega328p" ||
		len(tt.Goals) != 1 || tt.Goals[0].Metric != "cycles" || tt.Goals[0].Value != 5000 || tt.Call != "f(block, key, rkout)" {
		t.Errorf("tests: %+v", tt)
	}
	for in, want := range map[string]string{
		"scenario: fast\n":   "line 1: unknown scenario",
		"\nvectors: -3\n":    "line 2: vectors",
		"colour: red\n":      `unknown key "colour"`,
		"goal: speed >= 1\n": "line 1: cannot read goal",
		"call: f(x)\n":       "line 1: call",
		"just words\n":       "line 1: want",
	} {
		if _, err := lab.ParseExerciseTests([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseExerciseTests(%q): %v, want %q", in, err, want)
		}
	}
	// Every bundled exercise's tests.txt reads.
	ents, _ := examples.FS.ReadDir("exercises")
	for _, e := range ents {
		if b, err := examples.FS.ReadFile("exercises/" + e.Name() + "/tests.txt"); err == nil {
			if _, err := lab.ParseExerciseTests(b); err != nil {
				t.Errorf("%s: %v", e.Name(), err)
			}
		}
	}
}

// TestGoalsLongLines: a goal: line after a line over 64 KiB (a bufio.Scanner's limit) is read, in a
// README and in a tests.txt, with its line number.
func TestGoalsLongLines(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	goals, err := lab.ParseGoals([]byte("# T\n" + long + "\r\ngoal: pass\n\ngoal: rank >= 20"))
	if err != nil || len(goals) != 2 || goals[0].Metric != "pass" || goals[1].Metric != "rank" || goals[1].Value != 20 {
		t.Errorf("README with a 100 KiB line: %+v, %v; want pass and rank >= 20", goals, err)
	}
	if _, err := lab.ParseGoals([]byte(long + "\ngoal: speed > 1\n")); err == nil || err.Error() != `line 2: cannot read goal "speed > 1" (want e.g. "rank >= 20")` {
		t.Errorf("bad goal after a long line: %v", err)
	}
	tests, err := lab.ParseExerciseTests([]byte("# " + long + "\r\nvectors: 5\r\ngoal: abi\n"))
	if err != nil || tests.Vectors != 5 || len(tests.Goals) != 1 || tests.Goals[0].Metric != "abi" {
		t.Errorf("tests.txt with a 100 KiB comment: %+v, %v; want vectors 5 and goal abi", tests, err)
	}
}

// TestGoalLines: each goal says its line, and a goal that cannot be read is a problem positioned at
// its line (the CLI's words unchanged: "line N: ...").
func TestGoalLines(t *testing.T) {
	goals, err := lab.ParseGoals([]byte("# Ex\n\ngoal: pass\n- goal: rank >= 20\n"))
	if err != nil || len(goals) != 2 || goals[0].Line != 3 || goals[1].Line != 4 {
		t.Fatalf("goals %+v, %v", goals, err)
	}
	_, err = lab.ParseGoals([]byte("# Ex\ngoal: pass\ngoal: speed > 1\n"))
	var p *lab.Problem
	if !errors.As(err, &p) || p.Pos == nil || p.Pos.Line != 3 || err.Error() != `line 3: cannot read goal "speed > 1" (want e.g. "rank >= 20")` {
		t.Errorf("bad goal: %v (%+v)", err, p)
	}
	et, err := lab.ParseExerciseTests([]byte("vectors: 8\ngoal: flash <= 100\n"))
	if err != nil || len(et.Goals) != 1 || et.Goals[0].Line != 0 {
		t.Errorf("tests.txt goals %+v, %v (a tests.txt goal has no README line)", et.Goals, err)
	}
}
