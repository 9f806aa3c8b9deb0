package oracle

import (
	"os/exec"
	"testing"
)

// HaveAvrGDB reports whether avr-gdb (Debian's gdb-avr), the GDB remote protocol's reference client
// for `avrlab debug -gdb`, is on PATH.
func HaveAvrGDB() bool {
	_, err := exec.LookPath("avr-gdb")
	return err == nil
}

// NeedAvrGDB makes a test depend on avr-gdb: without it the test skips with an install hint, or
// fails when the environment variable CI is set.
func NeedAvrGDB(tb testing.TB) {
	tb.Helper()
	RequireTool(tb, "avr-gdb", "install with: apt-get install gdb-avr")
}
