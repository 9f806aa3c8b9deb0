//go:build !unix

package lab

import "time"

// processCPU is not measured here; BenchmarkBenchKernels then reports wall time only.
func processCPU() time.Duration { return 0 }
