//go:build !unix

package cputime

import "time"

// Process is not measured here: it returns 0, and the benchmarks then report wall time only.
func Process() time.Duration { return 0 }
