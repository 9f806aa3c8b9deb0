package lab

import (
	"testing"
	"testing/fstest"
)

// TestResolvePrecedence: the caller's settings above the source's lines above the task's defaults;
// with Fixed the source's task, call and device lines are kept for the contradiction check and do not
// choose what is measured.
func TestResolvePrecedence(t *testing.T) {
	src := []byte("; avrlab task: speck64-128\n; avrlab call: f(block, rk)\n; avrlab rk: my_rk\n; avrlab device: atmega328p\n")
	got := Resolve(Options{}, src)
	if got.Task != "speck64-128" || got.Call != "f(block, rk)" || got.RK != "my_rk" || got.Device != "atmega328p" {
		t.Errorf("source lines: %+v", got)
	}
	got = Resolve(Options{Task: "cham64-128", Call: "g(block)", RK: "rk2", Device: "atmega2560"}, src)
	if got.Task != "cham64-128" || got.Call != "g(block)" || got.RK != "rk2" || got.Device != "atmega2560" {
		t.Errorf("the caller's settings: %+v", got)
	}
	got = Resolve(Options{Task: "present80"})
	if got.Device != "attiny45" {
		t.Errorf("the task's device: %q", got.Device)
	}
	got = Resolve(Options{Fixed: true}, src)
	if got.Task != "speck64-128" || got.Call != "" || got.Device != LookupTask("speck64-128").Device ||
		got.SourceTask != "speck64-128" || got.SourceCall != "f(block, rk)" || got.SourceDevice != "atmega328p" {
		t.Errorf("fixed: %+v", got)
	}
	// Two files: the first that names a setting gives it.
	got = Resolve(Options{}, []byte("; avrlab call: a(block)\n"), []byte("; avrlab task: cham64-128\n; avrlab call: b(block)\n"))
	if got.Task != "cham64-128" || got.Call != "a(block)" {
		t.Errorf("two files: %+v", got)
	}
}

// TestFindExercise: a folder is an exercise when it holds a tests.txt or a README.md with goal lines;
// Apply puts tests.txt's settings in and fixes them.
func TestFindExercise(t *testing.T) {
	fsys := fstest.MapFS{
		"docs/README.md":      {Data: []byte("# Notes\n\nno goals here\n")},
		"ex/README.md":        {Data: []byte("# Ex\n\ngoal: pass\n")},
		"ex/starter.S":        {Data: []byte("; avrlab task: speck64-128\n")},
		"ex/tests.txt":        {Data: []byte("scenario: key-schedule\nvectors: 7\ndefine: ROUNDS=27\ngoal: cycles <= 9\n")},
		"goals/README.md":     {Data: []byte("goal: abi\n")},
		"bad/tests.txt":       {Data: []byte("colour: red\n")},
		"bad/README.md":       {Data: []byte("goal: pass\n")},
		"nothing/keep.S":      {Data: []byte("nop\n")},
		"testsonly/tests.txt": {Data: []byte("scenario: decrypt\n")},
	}
	for _, dir := range []string{"docs", "nothing"} {
		if ex, err := FindExercise(fsys, dir); ex != nil || err != nil {
			t.Errorf("%s: %+v, %v; want no exercise", dir, ex, err)
		}
	}
	if ex, err := FindExercise(fsys, "goals"); ex == nil || err != nil || ex.HasTests() || len(ex.Goals) != 1 {
		t.Errorf("goals: %+v, %v", ex, err)
	}
	if _, err := FindExercise(fsys, "bad"); err == nil {
		t.Error("bad tests.txt: no error")
	}
	if ex, err := FindExercise(fsys, "testsonly"); ex != nil || err != nil {
		t.Errorf("tests.txt without README.md: %+v, %v; want no exercise", ex, err)
	}
	ex, err := FindExercise(fsys, "ex")
	if err != nil || ex == nil {
		t.Fatal(err)
	}
	o := Options{Scenario: "fixed-key", Defines: map[string]string{"X": "1"}}
	ex.Apply(&o)
	if o.Task != "speck64-128" || o.Scenario != ScenarioKeySchedule || o.Vectors != 7 || !o.Fixed ||
		o.Defines["ROUNDS"] != "27" || o.Defines["X"] != "1" || len(ex.AllGoals()) != 2 {
		t.Errorf("applied: %+v, goals %+v", o, ex.AllGoals())
	}
}
