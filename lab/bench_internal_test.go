package lab

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/internal/cputime"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/examples"
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

// TestOfficialFrom checks that a report says "official" only of a published vector: every cipher
// task's and the kernels' that have one (P-192 from NIST CAVP and RFC 6979, the SNEIK KATs); the
// multiplications, the NTT and Ring-LWE have none, and their first vector is an edge input.
func TestOfficialFrom(t *testing.T) {
	published := map[string]bool{"p192-scalarmul": true, "p192-ecdsa-sign": true, "p192-ecdsa-verify": true,
		"sneikha256": true, "sneiken128-enc": true, "sneiken128-dec": true}
	for _, task := range Tasks() {
		got := task.officialFrom()
		if want := task.Kind == KindCipher || published[task.ID]; (got != "") != want {
			t.Errorf("%s: officialFrom %q", task.ID, got)
		}
	}
	for _, c := range []struct{ file, line string }{
		{"mpmul160.S", "  first edge  ok ("},
		{"speck64.S", "  official    ok ("},
	} {
		rep, _, err := BenchFile(examples.FS, c.file, Options{Vectors: 2})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		rep.WriteText(&b, c.file)
		if !strings.Contains(b.String(), c.line) {
			t.Errorf("%s: no %q in\n%s", c.file, c.line, b.String())
		}
	}
}

// BenchmarkSRAMNoise benches examples/speck64.S (a cipher: 100 random vectors and the official one, 64
// constant-time inputs) and examples/sneik-f512.S (a longer kernel) on the ATmega2560 with the SRAM
// noise every call starts with (fillSRAM) and, as the baseline, with the zeros of a reset (zeroSRAM),
// the two alternating in every iteration so that both see the same load:
//
//	go test ./lab -run XXX -bench SRAMNoise -count 5
func BenchmarkSRAMNoise(b *testing.B) {
	benchAB(b, func(h *harness) { h.zeroSRAM = true })
}

// benchAB benches two examples on the ATmega2560 as the harness is (B) and with base applied to it
// after prepare (A, the baseline), alternating, and reports their ms per bench and the ratio B/A, in
// wall time and in the process's CPU time.
func benchAB(b *testing.B, base func(*harness)) {
	for _, file := range []string{"speck64.S", "sneik-f512.S"} {
		src, err := os.ReadFile("../examples/" + file)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(file, func(b *testing.B) {
			var spent, cpu [2]time.Duration
			for i := 0; i < b.N; i++ {
				for k, f := range []func(*harness){base, nil} {
					start, c0 := time.Now(), cputime.Process()
					rep := benchWith(b, file, src, Options{Device: "atmega2560"}, f)
					spent[k] += time.Since(start)
					cpu[k] += cputime.Process() - c0
					if !rep.Pass || !rep.ConstantTime {
						b.Fatalf("%+v", rep)
					}
				}
			}
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(b.N) }
			b.ReportMetric(ms(spent[0]), "ms-base/bench")
			b.ReportMetric(ms(spent[1]), "ms/bench")
			b.ReportMetric(float64(spent[1])/float64(spent[0]), "ratio")
			if cpu[0] > 0 { // CPU time, steadier than wall time on a loaded machine
				b.ReportMetric(ms(cpu[0]), "cpu-ms-base/bench")
				b.ReportMetric(ms(cpu[1]), "cpu-ms/bench")
				b.ReportMetric(float64(cpu[1])/float64(cpu[0]), "cpu-ratio")
			}
		})
	}
}

// benchWith is BenchSource of src with opts, with f (when not nil) applied to the harness before it
// measures.
func benchWith(b *testing.B, name string, src []byte, opts Options, f func(*harness)) *Report {
	opts = Resolve(opts, src)
	im, err := asm.Assemble(name, src, asm.Config{Device: opts.Device})
	if err != nil {
		b.Fatal(err)
	}
	h, rep, err := prepare(im, opts)
	if err != nil || rep.Error != "" {
		b.Fatalf("%v %+v", err, rep)
	}
	if f != nil {
		f(h)
	}
	h.measure(rep)
	h.opts.Machines.release(h.m, h.mt)
	return rep
}
