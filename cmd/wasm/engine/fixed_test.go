package engine

import (
	"os"
	"strings"
	"testing"
)

// TestExerciseSettingsWin: with an exercise's tests.txt the page measures what the exercise says: the
// key-schedule starter (no key schedule) with a "; avrlab call:" line asking for the round keys fails
// with the reason; without the exercise the line chooses the call, as in avrlab bench.
func TestExerciseSettingsWin(t *testing.T) {
	starter, err := os.ReadFile("../../../examples/exercises/speck64-key-schedule/starter.S")
	if err != nil {
		t.Fatal(err)
	}
	src := "; avrlab call: speck64_128_encrypt(block, key, rk)\n" + string(starter)
	req := Request{Files: map[string]string{"starter.S": src}, Main: "starter.S", Vectors: 2, Seed: 5}
	ex := req
	ex.Tests = "scenario: key-schedule\n"
	if r := Bench(ex, nil).Report; r == nil || r.Pass || !strings.Contains(r.Error, "does not fit the graded scenario key-schedule") {
		t.Errorf("under the exercise: %+v", r)
	}
	req.Scenario = "key-schedule"
	if r := Bench(req, nil).Report; r == nil || !r.Pass || r.Seed != 5 {
		t.Errorf("without the exercise: %+v", r)
	}
}
