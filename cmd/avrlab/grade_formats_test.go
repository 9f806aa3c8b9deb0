package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestGradeTaskFromSources: without -task, each source's task line decides, and the rows are the ones
// -task gives for the same folder.
func TestGradeTaskFromSources(t *testing.T) {
	dir := t.TempDir()
	mkfile(t, dir, "done.S", readFile(t, "../../examples/speck64.S"))
	mkfile(t, dir, "starter.S", readFile(t, "../../examples/exercises/speck64-round/starter.S"))
	mkfile(t, dir, "none.S", []byte("\tldi r16, 1\n\tret\n"))
	without := runBinary(t, dir, 60*time.Second, "grade", "-seed", "1", "-vectors", "3", "-csv", ".")
	with := runBinary(t, dir, 60*time.Second, "grade", "-seed", "1", "-task", "speck64-128", "-vectors", "3", "-csv", ".")
	if without.code != 0 || with.code != 0 {
		t.Fatalf("exit %d / %d: %s %s", without.code, with.code, without.stderr, with.stderr)
	}
	// none.S names no task: with -task it fails on the entry symbol, without it says it names none.
	strip := func(out string) string {
		var keep []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if !strings.HasPrefix(l, "none.S,") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if a, b := strip(without.stdout), strip(with.stdout); a != b || strings.Count(a, "\n") != 2 {
		t.Errorf("rows without -task:\n%s\nwith -task:\n%s", a, b)
	}
	recs, err := csvRecords(without.stdout)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs[1:] {
		if r[0] == "none.S" && (r[1] != "false" || r[2] != "" || !strings.Contains(r[11], "task")) {
			t.Errorf("a source that names no task: %q", r)
		}
		if r[0] == "starter.S" && r[2] != "" {
			t.Errorf("a failing row shows RANK %q", r[2])
		}
		if r[0] == "done.S" && r[2] != "30.89" {
			t.Errorf("done.S: RANK %q, want 30.89", r[2])
		}
	}
}

// checkGradescopeSchema checks results.json against Gradescope's documented autograder format
// (https://gradescope-autograders.readthedocs.io/en/latest/specs/): top-level score, execution_time,
// output, visibility, tests and the other documented keys only; each test a name, score, max_score,
// output, status ("passed" or "failed") and the other documented keys only; numbers are numbers,
// strings strings, and visibility one of its four values.
func checkGradescopeSchema(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	var top map[string]any
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatalf("results.json is not a JSON object: %v\n%s", err, raw)
	}
	topKeys := map[string]string{"score": "number", "execution_time": "number", "output": "string", "output_format": "string",
		"test_output_format": "string", "test_name_format": "string", "visibility": "string", "stdout_visibility": "string",
		"extra_data": "object", "tests": "array", "leaderboard": "array"}
	testKeys := map[string]string{"score": "number", "max_score": "number", "status": "string", "name": "string", "name_format": "string",
		"number": "string", "output": "string", "output_format": "string", "tags": "array", "visibility": "string", "extra_data": "object"}
	kind := func(v any) string {
		switch v.(type) {
		case float64:
			return "number"
		case string:
			return "string"
		case []any:
			return "array"
		case map[string]any:
			return "object"
		}
		return "other"
	}
	visible := map[string]bool{"hidden": true, "after_due_date": true, "after_published": true, "visible": true}
	check := func(where string, obj map[string]any, keys map[string]string) {
		for k, v := range obj {
			want, ok := keys[k]
			if !ok {
				t.Errorf("%s: key %q is not in Gradescope's format", where, k)
			} else if kind(v) != want {
				t.Errorf("%s: %q is a %s, want a %s", where, k, kind(v), want)
			}
		}
		if v, ok := obj["visibility"].(string); ok && !visible[v] {
			t.Errorf("%s: visibility %q", where, v)
		}
	}
	check("results.json", top, topKeys)
	tests, _ := top["tests"].([]any)
	if _, ok := top["score"]; !ok && len(tests) == 0 {
		t.Error("results.json has neither a score nor tests")
	}
	sum := 0.0
	for i, x := range tests {
		obj, ok := x.(map[string]any)
		if !ok {
			t.Fatalf("test %d is not an object", i)
		}
		check("tests["+string(rune('0'+i))+"]", obj, testKeys)
		if s, ok := obj["status"].(string); ok && s != "passed" && s != "failed" {
			t.Errorf("test %d: status %q", i, s)
		}
		sc, _ := obj["score"].(float64)
		mx, _ := obj["max_score"].(float64)
		if sc < 0 || sc > mx {
			t.Errorf("test %d: score %v of %v", i, sc, mx)
		}
		sum += sc
	}
	if s, _ := top["score"].(float64); s != sum {
		t.Errorf("score %v, the tests add up to %v", s, sum)
	}
	return top
}

// TestGradeGradescope: -format gradescope writes a results.json that Gradescope's documented format
// accepts: a test per goal of the exercise with score and max_score, the row's figures in the output.
func TestGradeGradescope(t *testing.T) {
	dir := t.TempDir()
	mkfile(t, dir, "done.S", readFile(t, "../../examples/speck64.S"))
	mkfile(t, dir, "starter.S", readFile(t, "../../examples/exercises/speck64-round/starter.S"))
	ex, err := filepath.Abs("../../examples/exercises/speck64-round")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file   string
		score  float64
		status string
		output string
	}{{"done.S", 4, "passed", "PASS: RANK 30.89; 1199 cycles, 149.9 cycles/byte, flash 216 B, RAM 0 B"}, {"starter.S", 0, "failed", "no RANK"}} {
		run := runBinary(t, dir, 60*time.Second, "grade", "-exercise", ex, "-vectors", "3", "-format", "gradescope", c.file)
		if run.code != 0 {
			t.Fatalf("%s: exit %d: %s", c.file, run.code, run.stderr)
		}
		top := checkGradescopeSchema(t, []byte(run.stdout))
		tests, _ := top["tests"].([]any)
		if top["score"] != c.score || len(tests) != 4 {
			t.Errorf("%s: score %v, %d tests; want %v of 4:\n%s", c.file, top["score"], len(tests), c.score, run.stdout)
			continue
		}
		names := []string{}
		for _, x := range tests {
			tt := x.(map[string]any)
			names = append(names, tt["name"].(string))
			if tt["status"] != c.status || tt["max_score"] != 1.0 || !strings.Contains(tt["output"].(string), c.output) {
				t.Errorf("%s: test %v", c.file, tt)
			}
		}
		if got := strings.Join(names, "|"); got != "goal: pass|goal: constant-time|goal: rank >= 25|goal: rank >= 29.8" {
			t.Errorf("tests %q", got)
		}
	}
	// One submission at a time.
	if run := runBinary(t, dir, 60*time.Second, "grade", "-exercise", ex, "-vectors", "3", "-format", "gradescope", "."); run.code == 0 || !strings.Contains(run.stderr, "one submission") {
		t.Errorf("two submissions: exit %d, %s", run.code, run.stderr)
	}
}

// TestGradeCheck: -check's exit status is 0 when every submission passes and meets every goal, 1 (with
// the submission named) otherwise: a GitHub Classroom test.
func TestGradeCheck(t *testing.T) {
	dir := t.TempDir()
	mkfile(t, dir, "done.S", readFile(t, "../../examples/speck64.S"))
	mkfile(t, dir, "starter.S", readFile(t, "../../examples/exercises/speck64-round/starter.S"))
	ex, err := filepath.Abs("../../examples/exercises/speck64-round")
	if err != nil {
		t.Fatal(err)
	}
	if run := runBinary(t, dir, 60*time.Second, "grade", "-exercise", ex, "-vectors", "3", "-check", "done.S"); run.code != 0 {
		t.Errorf("a solution meeting every goal: exit %d: %s", run.code, run.stderr)
	}
	run := runBinary(t, dir, 60*time.Second, "grade", "-exercise", ex, "-vectors", "3", "-check", ".")
	if run.code != 1 || !strings.Contains(run.stderr, "starter.S fails") || strings.Contains(run.stderr, "done.S") {
		t.Errorf("with the starter: exit %d, stderr %q", run.code, run.stderr)
	}
	// Without an exercise, -check asks for every vector right.
	if run := runBinary(t, dir, 60*time.Second, "grade", "-vectors", "3", "-check", "done.S"); run.code != 0 {
		t.Errorf("a passing source: exit %d: %s", run.code, run.stderr)
	}
}

// TestGradescopeAutograderScript runs docs/autograder/gradescope/run_autograder as Gradescope does (the
// upload in submission/, the exercise in source/exercise) and checks the results.json it leaves: the
// finished example meets the four goals; an upload of two sources gets a valid zero with the reason.
func TestGradescopeAutograderScript(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	script, err := filepath.Abs("../../docs/autograder/gradescope/run_autograder")
	if err != nil {
		t.Fatal(err)
	}
	bin := avrlabBinary(t)
	for _, c := range []struct {
		files map[string]string
		score float64
		tests int
	}{
		{map[string]string{"speck64.S": "../../examples/speck64.S"}, 4, 4},
		{map[string]string{"a.S": "../../examples/speck64.S", "b.S": "../../examples/exercises/speck64-round/starter.S"}, 0, 0},
	} {
		root := t.TempDir()
		for name, from := range c.files {
			mkfile(t, root, filepath.Join("submission", name), readFile(t, from))
		}
		for _, name := range []string{"README.md", "starter.S"} {
			mkfile(t, root, filepath.Join("source", "exercise", name), readFile(t, "../../examples/exercises/speck64-round/"+name))
		}
		cmd := exec.Command(sh, script)
		cmd.Env = append(os.Environ(), "AUTOGRADER_ROOT="+root, "AVRLAB="+bin)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("run_autograder: %v\n%s", err, out)
		}
		raw, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
		if err != nil {
			t.Fatal(err)
		}
		top := checkGradescopeSchema(t, raw)
		tests, _ := top["tests"].([]any)
		if top["score"] != c.score || len(tests) != c.tests {
			t.Errorf("%v: score %v, %d tests:\n%s", c.files, top["score"], len(tests), raw)
		}
		if c.tests == 0 && !strings.Contains(top["output"].(string), "one submission") {
			t.Errorf("the zero does not say why: %s", raw)
		}
	}
}
