//go:build !unix

package emu_test

import "time"

// threadCPU and childrenCPU are not measured here; the benchmarks then report wall-clock MHz only.
func threadCPU() time.Duration   { return 0 }
func childrenCPU() time.Duration { return 0 }
