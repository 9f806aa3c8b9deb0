package engine

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// TestInitDoesNoWork holds the engine package's start-up to its declarations (the fixes and the
// defines, once read with regular expressions compiled on first use, are now read by hand: scan.go), since in the page every
// function run at start-up is compiled by the browser before the first request (before: 52,800
// bytes in 459 allocations). lab's own test holds lab's, the kernels' and the assemblers'.
func TestInitDoesNoWork(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %v\n%s", cmd, err, stderr.Bytes())
	}
	m := regexp.MustCompile(`(?m)^init github.com/avrlab/avrlab/cmd/wasm/engine @[^,]*, [^,]* clock, (\d+) bytes`).FindSubmatch(stderr.Bytes())
	if m == nil {
		t.Fatalf("no inittrace line for the engine in\n%s", stderr.Bytes())
	}
	if n, _ := strconv.Atoi(string(m[1])); n > 4<<10 {
		t.Errorf("the engine's initialisation allocates %d bytes, want at most %d", n, 4<<10)
	}
}
