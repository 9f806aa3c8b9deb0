//go:build unix && !linux

package emu_test

import "syscall"

// rusageThread falls back to the whole process where RUSAGE_THREAD does not exist.
const rusageThread = syscall.RUSAGE_SELF
