package examples_test

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
)

// secondTasks are examples that hold a second task's entry besides the one their task line names,
// benched with that task (sneiken128.S: the decryption).
var secondTasks = map[string]string{"sneiken128": "sneiken128-dec"}

// TestSecondTasks benches each example's second task and pins its metrics in
// testdata/metrics-second.json (rewritten by -update, like metrics.json): the run must pass, keep the
// ABI and run in constant time, and count only the function it enters.
func TestSecondTasks(t *testing.T) {
	got := map[string]metrics{}
	for id, task := range secondTasks {
		e, ok := examples.Lookup(id)
		if !ok {
			t.Fatalf("no example %s", id)
		}
		rep, _, err := lab.BenchFile(examples.FS, e.File, lab.Options{Task: task, Vectors: 50})
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !rep.Pass || !rep.ConstantTime || !rep.ABIOK || rep.Task != task {
			t.Errorf("%s as %s: pass %v, constant time %v (%s), ABI %v (%s), task %s: %s", id, task, rep.Pass,
				rep.ConstantTime, rep.CTDetail, rep.ABIOK, rep.ABIDetail, rep.Task, rep.Error)
		}
		got[id] = metrics{Task: rep.Task, Flash: rep.Flash, RAM: rep.RAM, Stack: rep.Stack, CyclesMin: rep.CyclesMin, CyclesMax: rep.CyclesMax}
	}
	const golden = "testdata/metrics-second.json"
	if *update {
		b, _ := json.MarshalIndent(got, "", "  ")
		if err := os.WriteFile(golden, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./examples -update)", err)
	}
	var want map[string]metrics
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("second-task metrics changed:\n got  %+v\n want %+v\n(if intended: go test ./examples -update, and say why in the commit)", got, want)
	}
}
