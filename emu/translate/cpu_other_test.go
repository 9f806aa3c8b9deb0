//go:build !unix

package translate

import "time"

// processCPU is not measured here; BenchmarkCompileNTT's CPU metrics are then 0.
func processCPU() time.Duration { return 0 }
