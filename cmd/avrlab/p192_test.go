package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestBenchTaskDefaults: without -vectors and -max-cycles, avrlab bench takes the task's defaults: the
// P-192 scalar multiplication (11 M cycles a call, over the harness's 10^7 limit) runs its 4 fixed
// vectors and 3 random ones with 4 constant-time inputs and passes; given flags still win.
func TestBenchTaskDefaults(t *testing.T) {
	src := filepath.Join("..", "..", "examples", "p192-scalarmul.S")
	var rep struct {
		Pass     bool   `json:"pass"`
		Vectors  int    `json:"vectors"`
		CTInputs int    `json:"constant_time_inputs"`
		Cycles   uint64 `json:"cycles_max"`
		Error    string `json:"error"`
	}
	code, out, stderr := runCLI(t, "bench", "-json", src)
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s %s", code, err, out, stderr)
	}
	if !rep.Pass || rep.Vectors != 7 || rep.CTInputs != 4 || rep.Cycles <= 10_000_000 {
		t.Errorf("want a pass of 1 + 6 vectors, 4 constant-time inputs, over 10^7 cycles: %+v", rep)
	}
	code, out, _ = runCLI(t, "bench", "-json", "-vectors", "1", "-max-cycles", "10000000", src)
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code == 0 || rep.Pass || rep.Vectors != 1 || rep.Error == "" {
		t.Errorf("with -max-cycles 10000000 the call cannot return: exit %d, %+v", code, rep)
	}
}
