package oracle

import (
	"os"
	"testing"
)

// NeedGNU makes a test depend on the GNU AVR toolchain: without avr-gcc
// and avr-objcopy it skips the test with an install hint, or fails it when
// the environment variable CI is set.
func NeedGNU(tb testing.TB) {
	tb.Helper()
	if HaveGNU() {
		return
	}
	if os.Getenv("CI") != "" {
		tb.Fatal("avr-gcc/avr-objcopy not found on PATH (CI is set)")
	}
	tb.Skip("avr-gcc/avr-objcopy not found; install with: apt-get install gcc-avr binutils-avr avr-libc")
}

// NeedSimavr makes a test depend on the simavr runner: when it cannot be
// built (no cc, no libsimavr-dev) it skips the test with an install hint,
// or fails it when the environment variable CI is set.
func NeedSimavr(tb testing.TB) {
	tb.Helper()
	_, err := runnerBinary()
	if err == nil {
		return
	}
	if os.Getenv("CI") != "" {
		tb.Fatalf("simavr runner unavailable (CI is set): %v", err)
	}
	tb.Skipf("simavr runner unavailable (%v); install with: apt-get install gcc libsimavr-dev", err)
}
