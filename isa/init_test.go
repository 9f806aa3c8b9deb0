package isa

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// TestInitBuildsNoTable runs this test binary again with GODEBUG=inittrace=1 and holds the package's
// initialisation to what the devices' register maps cost: the instruction table is data
// (forms_gen.go), not built at start-up. In WebAssembly a table built by the initialiser was a 70 KB
// function run once and then optimised at every page load. Before: 73,384 bytes, 868 allocations.
func TestInitBuildsNoTable(t *testing.T) {
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
	m := regexp.MustCompile(`(?m)^init github.com/avrlab/avrlab/isa @[^,]*, [^,]* clock, (\d+) bytes, (\d+) allocs$`).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("no inittrace line for isa in\n%s", stderr.Bytes())
	}
	n, _ := strconv.Atoi(m[1])
	allocs, _ := strconv.Atoi(m[2])
	if n > 16<<10 || allocs > 100 {
		t.Errorf("isa's initialisation allocates %d bytes in %d allocations, want at most 16 KiB in 100", n, allocs)
	}
	t.Logf("isa's initialisation: %d bytes, %d allocations", n, allocs)
}
