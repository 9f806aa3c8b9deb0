package lab

import (
	"math/rand/v2"
	"testing"
)

// TestScanHelpers: nextTrue, lastTrue and countTrue agree with a plain walk on sparse and dense
// records of every length up to 80 and every alignment of their start.
func TestScanHelpers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 80; n++ {
		for off := 0; off < 9; off++ {
			for _, density := range []float64{0, 0.02, 0.3, 1} {
				buf := make([]bool, n+off)
				b := buf[off:]
				for i := range b {
					b[i] = rng.Float64() < density
				}
				last, count := -1, 0
				for i, x := range b {
					if x {
						last, count = i, count+1
					}
				}
				if got := lastTrue(b); got != last {
					t.Fatalf("n %d off %d: lastTrue %d, want %d", n, off, got, last)
				}
				if got := countTrue(b); got != count {
					t.Fatalf("n %d off %d: countTrue %d, want %d", n, off, got, count)
				}
				for i := 0; i <= n; i++ {
					want := n
					for j := i; j < n; j++ {
						if b[j] {
							want = j
							break
						}
					}
					if got := nextTrue(b, i); got != want {
						t.Fatalf("n %d off %d: nextTrue(%d) %d, want %d", n, off, i, got, want)
					}
				}
			}
		}
	}
}
