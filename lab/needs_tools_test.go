package lab

import "testing"

// TestNeedsTools checks which tasks the page's engine sends to tools.wasm: in this build (every build
// but avrlab_core, the CLI's and tools.wasm's) none; in the core exactly the nine kernels of
// lab/kernel/systems.go (coreToolsTasks). An unknown ID is never sent.
func TestNeedsTools(t *testing.T) {
	coreToolsTasks := coreToolsTasks()
	n := 0
	for _, task := range Tasks() {
		if got, want := NeedsTools(task.ID), coreToolsTasks[task.ID] && coreBuild; got != want {
			t.Errorf("NeedsTools(%s) = %v, want %v", task.ID, got, want)
		}
		if coreToolsTasks[task.ID] {
			n++
		}
	}
	if n != len(coreToolsTasks) {
		t.Errorf("%d of the %d tasks left to tools.wasm are tasks", n, len(coreToolsTasks))
	}
	if NeedsTools("no-such-task") || NeedsTools("") {
		t.Error("an unknown task sent to tools.wasm")
	}
}

// coreToolsTasks returns the tasks whose references the core does not link.
func coreToolsTasks() map[string]bool {
	return map[string]bool{"p192-scalarmul": true, "p192-ecdsa-sign": true, "p192-ecdsa-verify": true,
		"rlwe256-enc": true, "rlwe256-dec": true, "rlwe256-keygen": true, "sneikha256": true, "sneiken128-enc": true,
		"sneiken128-dec": true}
}
