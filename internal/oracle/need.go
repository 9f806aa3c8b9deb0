package oracle

import (
	"os"
	"os/exec"
	"testing"
)

// InCI reports whether the environment variable CI is set: CI runs every oracle test, so a missing
// tool there is a failure, not a skip.
func InCI() bool { return os.Getenv("CI") != "" }

// Require is the one helper of the tests that depend on something outside the module (a tool such
// as avr-gcc, avra, simavr, avr-gdb or chromium, a file such as ../shared's data): when err is nil it
// returns; otherwise, with CI set, it fails the test, and elsewhere skips it, saying what is missing
// (what, err) and how to get it (hint, e.g. "apt-get install avra").
func Require(tb testing.TB, what string, err error, hint string) {
	tb.Helper()
	if err == nil {
		return
	}
	if InCI() {
		tb.Fatalf("%s unavailable (CI is set): %v; %s", what, err, hint)
		return
	}
	tb.Skipf("%s unavailable (%v); %s", what, err, hint)
}

// RequireTool is Require for a program on PATH; it returns the program's path.
func RequireTool(tb testing.TB, name, hint string) string {
	tb.Helper()
	p, err := exec.LookPath(name)
	Require(tb, name, err, hint)
	return p
}

// RequireFile is Require for a file the test reads (the shared data beside the repository); it
// returns the file's bytes.
func RequireFile(tb testing.TB, name, hint string) []byte {
	tb.Helper()
	b, err := os.ReadFile(name)
	Require(tb, name, err, hint)
	return b
}

// NeedGNU makes a test depend on the GNU AVR toolchain (avr-gcc and avr-objcopy), through Require.
func NeedGNU(tb testing.TB) {
	tb.Helper()
	for _, tool := range []string{"avr-gcc", "avr-objcopy", "sh"} {
		RequireTool(tb, tool, "install with: apt-get install gcc-avr binutils-avr avr-libc")
	}
}

// NeedSimavr makes a test depend on the simavr runner (built with cc against libsimavr-dev), through
// Require.
func NeedSimavr(tb testing.TB) {
	tb.Helper()
	_, err := runnerBinary()
	Require(tb, "simavr runner", err, "install with: apt-get install gcc libsimavr-dev")
}
