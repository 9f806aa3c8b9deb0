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

// TestGradeExercise grades a class against the speck64-round exercise: the task comes from the starter,
// each goal is a column, and the finished example meets all four goals while the starter meets none.
func TestGradeExercise(t *testing.T) {
	dir := t.TempDir()
	mkfile(t, dir, "done.S", readFile(t, "../../examples/speck64.S"))
	mkfile(t, dir, "starter.S", readFile(t, "../../examples/exercises/speck64-round/starter.S"))
	ex := "../../examples/exercises/speck64-round"
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	run := runBinary(t, dir, 60*time.Second, "grade", "-exercise", abs(ex), "-vectors", "3", ".")
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	lines := strings.Split(strings.TrimSpace(run.stdout), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "# task speck64-128 · scenario fixed-key · device atmega128 · seed ") {
		t.Fatalf("table:\n%s", run.stdout)
	}
	lines = lines[1:] // the settings line
	if len(lines) != 3 {
		t.Fatalf("table:\n%s", run.stdout)
	}
	head := strings.Fields(lines[0])
	if strings.Join(head[8:12], " ") != "pass constant-time rank>=25 rank>=29.8" {
		t.Errorf("goal columns %q", head)
	}
	if f := strings.Fields(lines[1]); f[1] != "done.S" || strings.Join(f[8:12], " ") != "yes yes yes yes" {
		t.Errorf("finished example row: %q", lines[1])
	}
	// A missed goal's column says why ("no: 0/4 vectors right"), and a failing row has no RANK.
	if f := strings.Fields(lines[2]); f[1] != "starter.S" {
		t.Errorf("starter row: %q", lines[2])
	}
	if strings.Count(lines[2], " no: ") != 4 || !strings.Contains(lines[2], "no: 0/4 vectors right") {
		t.Errorf("starter row's goal columns do not say why: %q", lines[2])
	}
	if rank := strings.TrimSpace(lines[2][len("#    ")+41+5 : len("#    ")+41+5+6]); rank != "" {
		t.Errorf("the failing starter's RANK column reads %q, want it empty", rank)
	}

	run = runBinary(t, dir, 60*time.Second, "grade", "-exercise", abs(ex), "-vectors", "3", "-csv", ".")
	recs, err := csvRecords(run.stdout)
	if err != nil || len(recs) != 3 {
		t.Fatalf("CSV %v:\n%s", err, run.stdout)
	}
	if got := strings.Join(recs[0][11:15], "|"); got != "goal pass|goal constant-time|goal rank >= 25|goal rank >= 29.8" || recs[0][15] != "problem" {
		t.Errorf("CSV header %q", recs[0])
	}
	if got := strings.Join(recs[1][11:15], " "); got != "true true true true" {
		t.Errorf("CSV row %q", recs[1])
	}

	run = runBinary(t, dir, 60*time.Second, "grade", "-exercise", abs(ex), "-vectors", "3", "-json", ".")
	var rows []struct {
		lab.GradeRow
		Goals []lab.GoalResult `json:"goals"`
	}
	if err := json.Unmarshal([]byte(run.stdout), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("JSON %v:\n%s", err, run.stdout)
	}
	if g := rows[1].Goals; len(g) != 4 || g[1].Met || !strings.Contains(g[1].Got, "counts only once every vector passes") {
		t.Errorf("starter's goals in JSON: %+v", g)
	}

	// tests.txt applies: the key-schedule exercise's worked solution passes only under its scenario.
	ks := t.TempDir()
	mkfile(t, ks, "ks.S", readFile(t, "../../lab/testdata/speck64ks.S"))
	run = runBinary(t, ks, 60*time.Second, "grade", "-exercise", abs("../../examples/exercises/speck64-key-schedule"), "-vectors", "3", "ks.S")
	if f := strings.Fields(strings.Split(run.stdout, "\n")[2]); run.code != 0 || f[2] != "yes" || strings.Join(f[8:11], " ") != "yes yes yes" {
		t.Errorf("key-schedule exercise (exit %d):\n%s%s", run.code, run.stdout, run.stderr)
	}

	// A bad exercise folder is refused with the reason.
	bad := t.TempDir()
	mkfile(t, bad, "README.md", []byte("# x\n\ngoal: speed >= 3\n"))
	if run := runBinary(t, dir, 60*time.Second, "grade", "-exercise", bad, "."); run.code != 2 || !strings.Contains(run.stderr, "cannot read goal") {
		t.Errorf("bad goal: exit %d, %q", run.code, run.stderr)
	}
}
