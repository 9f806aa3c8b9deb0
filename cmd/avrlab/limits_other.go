//go:build !linux

package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"syscall"
)

// hardMemoryLimit says whether applyChildLimits enforces -mem in the kernel on this system: not here,
// where the Go runtime's soft limit is all there is (the wall-clock timeout still holds).
const hardMemoryLimit = false

// applyChildLimits is the first thing a grade-one child does. Outside Linux it sets only the Go
// runtime's soft memory limit and stack cap; see limits_linux.go for the kernel limits.
func applyChildLimits(memBytes, cpuSeconds int64) error {
	runtime.GOMAXPROCS(1)
	debug.SetMemoryLimit(memBytes / 4 * 3)
	debug.SetMaxStack(int(min(memBytes/4, 1<<30)))
	return nil
}

// childSysProcAttr is nil outside Linux.
func childSysProcAttr() *syscall.SysProcAttr { return nil }

// killChild kills a child process.
func killChild(p *os.Process) error { return p.Kill() }
