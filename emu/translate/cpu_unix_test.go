//go:build unix

package translate

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) of the process so far: all its threads', the
// compilation workers' and the garbage collector's included.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
