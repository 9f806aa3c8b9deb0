//go:build unix

package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/lab"
)

// TestGradeExerciseLeakGoals grades the remove-the-leak exercise: each submission's child process
// measures the leakage goals; the starter leaks at first order, the starter with the masked
// example's subshift does not, and both resist the CPA.
func TestGradeExerciseLeakGoals(t *testing.T) {
	dir := t.TempDir()
	starter := string(readFile(t, "../../examples/exercises/aes128-remove-leak/starter.S"))
	masked := string(readFile(t, "../../examples/aes128-masked.S"))
	cut := func(s string) (int, int) {
		return strings.Index(s, "subshift:"), strings.Index(s, "; MixColumns of the column")
	}
	a, b := cut(masked)
	c, d := cut(starter)
	mkfile(t, dir, "a.S", []byte(starter))
	mkfile(t, dir, "b.S", []byte(starter[:c]+masked[a:b]+starter[d:]))
	ex, err := filepath.Abs("../../examples/exercises/aes128-remove-leak")
	if err != nil {
		t.Fatal(err)
	}
	run := runBinary(t, dir, 180*time.Second, "grade", "-exercise", ex, "-vectors", "3", "-timeout", "2m", "-json", ".")
	var rows []struct {
		lab.GradeRow
		Goals []lab.GoalResult `json:"goals"`
	}
	if err := json.Unmarshal([]byte(run.stdout), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("exit %d, JSON %v:\n%s%s", run.code, err, run.stdout, run.stderr)
	}
	met := map[string]string{}
	for _, r := range rows {
		var s []string
		for _, g := range r.Goals {
			s = append(s, g.Goal.Metric+"="+map[bool]string{true: "yes", false: "no"}[g.Met])
		}
		met[filepath.Base(r.Submission)] = strings.Join(s, " ")
	}
	if met["a.S"] != "pass=yes leak-first-order=no cpa-resists=yes" || met["b.S"] != "pass=yes leak-first-order=yes cpa-resists=yes" {
		t.Errorf("goals %v", met)
	}
}
