//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/internal/cputime"

	"github.com/avrlab/avrlab/internal/testprog"
)

// BenchmarkBenchCache measures one `avrlab bench` (in this process: no start-up) of the NTT
// example and of the 1024-bit schoolbook multiplication, interpreted, translated with the cache
// off, with an empty cache directory (compiled and written), and with the directory the run before
// wrote (read back, not compiled): wall time and process CPU time (cpu-ms) per bench.
//
//	go test ./cmd/avrlab -run XXX -bench BenchCache -benchtime 10x
func BenchmarkBenchCache(b *testing.B) {
	tmp := b.TempDir()
	mul := filepath.Join(tmp, "mpmul1024.S")
	if err := os.WriteFile(mul, []byte(testprog.SchoolbookMul(128)), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, k := range []struct{ name, file string }{{"ntt256", nttExample}, {"mpmul1024", mul}} {
		warm := filepath.Join(tmp, k.name+"-warm")
		for _, mode := range []string{"interp", "off", "cold", "warm"} {
			b.Run(k.name+"/"+mode, func(b *testing.B) {
				var cpu time.Duration
				for i := range b.N {
					args := []string{"bench", "-seed", "1"}
					switch mode {
					case "interp":
						args = append(args, "-interp")
					case "off":
						args = append(args, "-cache", "off")
					case "cold":
						b.StopTimer()
						dir, err := os.MkdirTemp(tmp, "cold-")
						if err != nil {
							b.Fatal(err)
						}
						b.StartTimer()
						args = append(args, "-cache", dir)
					case "warm":
						args = append(args, "-cache", warm)
					}
					if mode == "warm" && i == 0 {
						b.StopTimer()
						benchOnce(b, append(args, k.file))
						b.StartTimer()
					}
					c0 := cputime.Process()
					benchOnce(b, append(args, k.file))
					cpu += cputime.Process() - c0
				}
				b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms")
			})
		}
	}
}

// benchOnce runs avrlab with args and fails the benchmark unless the bench passes.
func benchOnce(b *testing.B, args []string) {
	var out, errb bytes.Buffer
	if code := run(args, strings.NewReader(""), &out, &errb); code != 0 || errb.Len() != 0 {
		b.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
}
