package lab

import (
	"os"
	"testing"
)

// BenchmarkBenchCHAM64 benches examples/cham64-v2.S (CHAM-64/128, 100 random vectors and the official
// one, 64 constant-time inputs) end to end, assembly included, with the access record that measures
// flash and RAM and, as the baseline in the same run, without it:
//
//	go test ./lab -run XXX -bench BenchCHAM64 -count 5
func BenchmarkBenchCHAM64(b *testing.B) {
	src, err := os.ReadFile("../examples/cham64-v2.S")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name     string
		noAccess bool
	}{{"unmeasured", true}, {"measured", false}} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				rep, _, err := BenchSource("cham64-v2.S", src, nil, Options{noAccess: bc.noAccess})
				if err != nil || !rep.Pass {
					b.Fatalf("%v %+v", err, rep)
				}
			}
		})
	}
}
