//go:build unix

package emu_test

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time (user + system) the calling OS thread has used (the whole process
// where the system has no per-thread figure).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// childrenCPU returns the CPU time (user + system) of the process's terminated children.
func childrenCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
