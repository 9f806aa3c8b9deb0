//go:build linux

package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"syscall"
)

// hardMemoryLimit says whether applyChildLimits enforces -mem in the kernel on this system.
const hardMemoryLimit = true

// applyChildLimits is the first thing a grade-one child does: it caps its own memory, Go stack, CPU
// time and core dumps so that a hostile submission can exhaust only this process.
//
// Memory is capped with RLIMIT_DATA, not RLIMIT_AS. Measured on linux/amd64 with Go 1.26: a Go
// program has about 1.2 GiB of address space (VmSize) before main runs, almost all of it PROT_NONE
// reservations for the heap's metadata and arena hints, so RLIMIT_AS = 512 MiB makes the very first
// heap growth fail ("fatal error: runtime: out of memory" with 15 MiB resident). RLIMIT_DATA counts
// only private writable mappings (Linux >= 4.7), which is what the Go heap and goroutine stacks commit
// in 4 MiB steps: a child starts at about 40 MiB of VmData and, with the limit at 512 MiB, holds
// about 460 MiB of live heap before the runtime dies with "fatal error: runtime: out of memory" (or
// "cannot allocate memory" from its own allocators), which the parent reports as over the limit.
// RSS never exceeds VmData here, so the limit bounds the child's real memory too.
//
// debug.SetMemoryLimit at 3/4 of the cap makes the collector work harder before the cap is reached,
// so garbage alone does not kill a child; the Go stack is capped at 1/4 (a runaway recursion dies
// with "fatal error: stack overflow" rather than growing a 256 MiB stack into the 512 MiB cap, which
// would read as out of memory). RLIMIT_CPU is a backstop for a parent that died without its
// Pdeathsig reaching the child; the parent's wall-clock timeout normally ends a slow child first.
func applyChildLimits(memBytes, cpuSeconds int64) error {
	runtime.GOMAXPROCS(1) // grading is one goroutine; -j children share the machine's cores
	debug.SetMemoryLimit(memBytes / 4 * 3)
	debug.SetMaxStack(int(min(memBytes/4, 1<<30)))
	if err := syscall.Setrlimit(syscall.RLIMIT_CORE, &syscall.Rlimit{}); err != nil {
		return os.NewSyscallError("setrlimit RLIMIT_CORE", err)
	}
	if cpuSeconds > 0 {
		lim := &syscall.Rlimit{Cur: uint64(cpuSeconds), Max: uint64(cpuSeconds)}
		if err := syscall.Setrlimit(syscall.RLIMIT_CPU, lim); err != nil {
			return os.NewSyscallError("setrlimit RLIMIT_CPU", err)
		}
	}
	lim := &syscall.Rlimit{Cur: uint64(memBytes), Max: uint64(memBytes)}
	if err := syscall.Setrlimit(syscall.RLIMIT_DATA, lim); err != nil {
		return os.NewSyscallError("setrlimit RLIMIT_DATA", err)
	}
	return nil
}

// childSysProcAttr puts a child in its own process group (so a timeout kills all of it) and has the
// kernel kill it if the grading process dies.
func childSysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killChild kills a child's whole process group.
func killChild(p *os.Process) error {
	if err := syscall.Kill(-p.Pid, syscall.SIGKILL); err != nil {
		return p.Kill()
	}
	return nil
}
