//go:build unix

package main

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
	"github.com/avrlab/avrlab/lab"
)

// TestExerciseSameFigures drives the three front ends on one file in one exercise folder at one seed:
// the page's engine (Request.Goals and Tests, as the page sends an exercise), `avrlab grade -exercise`
// and `avrlab bench` of the file in the folder with no flag but the seed and vectors. All three must
// measure the key-schedule scenario of the exercise's tests.txt and give the same figures.
func TestExerciseSameFigures(t *testing.T) {
	const ex = "../../examples/exercises/speck64-key-schedule"
	dir := t.TempDir()
	readme, tests, src := readFile(t, ex+"/README.md"), readFile(t, ex+"/tests.txt"), readFile(t, "../../lab/testdata/speck64ks.S")
	mkfile(t, dir, "README.md", readme)
	mkfile(t, dir, "tests.txt", tests)
	mkfile(t, dir, "ks.S", src)

	page := engine.Bench(engine.Request{Files: map[string]string{"ks.S": string(src)}, Main: "ks.S", Goals: string(readme),
		Tests: string(tests), Vectors: 3, Seed: 7}, nil)
	if page.Report == nil || page.Error != "" {
		t.Fatalf("page: %+v", page)
	}

	run := runBinary(t, dir, 60*time.Second, "bench", "-json", "-vectors", "3", "-seed", "7", "ks.S")
	var bench lab.Report
	if err := json.Unmarshal([]byte(run.stdout), &bench); err != nil || run.code != 0 {
		t.Fatalf("bench (exit %d): %v\n%s%s", run.code, err, run.stdout, run.stderr)
	}

	run = runBinary(t, dir, 60*time.Second, "grade", "-exercise", dir, "-json", "-vectors", "3", "-seed", "7", "ks.S")
	var rows []lab.GradeRow
	if err := json.Unmarshal([]byte(run.stdout), &rows); err != nil || run.code != 0 || len(rows) != 1 {
		t.Fatalf("grade (exit %d): %v\n%s%s", run.code, err, run.stdout, run.stderr)
	}
	g := rows[0]

	p := page.Report
	for _, r := range []*lab.Report{p, &bench} {
		if r.Scenario != lab.ScenarioKeySchedule || !r.Pass {
			t.Errorf("scenario %s pass %v: want key-schedule, passing (%s)", r.Scenario, r.Pass, r.Error)
		}
	}
	if p.Call != bench.Call || p.Call != g.Call || g.Scenario != lab.ScenarioKeySchedule || !g.Pass {
		t.Errorf("calls: page %s, bench %s, grade %s (%s, pass %v)", p.Call, bench.Call, g.Call, g.Scenario, g.Pass)
	}
	if p.CyclesMean != bench.CyclesMean || uint64(math.Round(p.CyclesMean)) != g.Cycles ||
		p.Flash != bench.Flash || p.Flash != g.Flash || p.RAM != bench.RAM || p.RAM != g.RAM ||
		p.Rank != bench.Rank || math.Abs(p.Rank-g.Rank) > 0.05 || p.ConstantTime != bench.ConstantTime || p.ConstantTime != g.ConstTime {
		t.Errorf("figures differ:\npage  cycles %.1f flash %d RAM %d RANK %.2f ct %v\nbench cycles %.1f flash %d RAM %d RANK %.2f ct %v\ngrade cycles %d flash %d RAM %d RANK %.2f ct %v",
			p.CyclesMean, p.Flash, p.RAM, p.Rank, p.ConstantTime, bench.CyclesMean, bench.Flash, bench.RAM, bench.Rank, bench.ConstantTime,
			g.Cycles, g.Flash, g.RAM, g.Rank, g.ConstTime)
	}
	if p.Vectors != 4 || bench.Vectors != 4 || g.Vectors != 4 {
		t.Errorf("vectors: page %d, bench %d, grade %d; want 4", p.Vectors, bench.Vectors, g.Vectors)
	}
}
