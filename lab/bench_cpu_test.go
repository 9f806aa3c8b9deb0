//go:build !js

package lab

import (
	"os"
	"testing"

	"github.com/avrlab/avrlab/internal/cputime"

	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/internal/testprog"
)

// longKernel is a long kernel's source for the end-to-end benchmarks: name, file name and text.
type longKernel struct {
	name, file string
	src        []byte
}

// longKernels returns the two long kernels the end-to-end benchmarks bench: the NTT example and the
// 1024-bit schoolbook multiplication (testprog.SchoolbookMul(128)).
func longKernels(b *testing.B) []longKernel {
	ntt, err := os.ReadFile("../examples/ntt256-xmega.S")
	if err != nil {
		b.Fatal(err)
	}
	return []longKernel{{"ntt256", "ntt256-xmega.S", ntt}, {"mpmul1024", "mpmul1024.S", []byte(testprog.SchoolbookMul(128))}}
}

// BenchmarkBenchCPU measures the process CPU time of a whole bench (assembly, machines, vectors and
// their references, constant-time inputs, sizes) of the NTT example and of the 1024-bit schoolbook
// multiplication, interpreted and over one NewEager engine warmed before (its modules cached: what
// is left is the translated code and the fixed costs both engines pay). CPU time (cpu-ms, the
// collector's included) moves less with a shared machine's load than BenchmarkBenchKernels' wall
// times:
//
//	go test ./lab -run XXX -bench BenchCPU -benchtime 10x -benchmem
func BenchmarkBenchCPU(b *testing.B) {
	for _, k := range longKernels(b) {
		warm := translate.NewEager()
		if _, _, err := BenchSource(k.file, k.src, nil, Options{Engine: warm}); err != nil {
			b.Fatal(err)
		}
		for _, mode := range []string{"interp", "warm"} {
			b.Run(k.name+"/"+mode, func(b *testing.B) {
				o := Options{}
				if mode == "warm" {
					o.Engine = warm
				}
				c0 := cputime.Process()
				for i := 0; i < b.N; i++ {
					if rep, _, err := BenchSource(k.file, k.src, nil, o); err != nil || !rep.Pass {
						b.Fatalf("%v %+v", err, rep)
					}
				}
				b.ReportMetric(float64((cputime.Process()-c0).Microseconds())/1000/float64(b.N), "cpu-ms")
			})
		}
	}
}
