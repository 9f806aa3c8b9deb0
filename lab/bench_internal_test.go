package lab

import (
	"os"
	"strings"
	"testing"
	"time"

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

// BenchmarkRetrace benches examples/speck64.S on the ATmega2560 (100 random vectors and the official
// one, 64 constant-time inputs) with the constant-time check's run of the first timed vector at the
// vectors' addresses (harness.retrace) and, as the baseline, without it, the two alternating in every
// iteration so that both see the same load, each with new machines (the CLI) and with a Machines of
// its own (the page's worker); it reports each one's ms per bench and their ratio:
//
//	go test ./lab -run XXX -bench Retrace -count 5
func BenchmarkRetrace(b *testing.B) {
	src, err := os.ReadFile("../examples/speck64.S")
	if err != nil {
		b.Fatal(err)
	}
	for _, pooled := range []bool{false, true} {
		name := "new-machines"
		if pooled {
			name = "Options.Machines"
		}
		b.Run(name, func(b *testing.B) {
			var spent [2]time.Duration
			var pools [2]*Machines
			if pooled {
				pools = [2]*Machines{{}, {}}
			}
			for i := 0; i < b.N; i++ {
				for k, noRetrace := range []bool{true, false} {
					start := time.Now()
					rep := benchRetrace(b, src, Options{Device: "atmega2560", Machines: pools[k]}, noRetrace)
					spent[k] += time.Since(start)
					if !rep.Pass || !rep.ConstantTime {
						b.Fatalf("%+v", rep)
					}
				}
			}
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(b.N) }
			b.ReportMetric(ms(spent[0]), "ms-without/bench")
			b.ReportMetric(ms(spent[1]), "ms-retraced/bench")
			b.ReportMetric(float64(spent[1])/float64(spent[0]), "ratio")
		})
	}
}

// benchRetrace is BenchSource of src with opts, without the retrace when noRetrace is set.
func benchRetrace(b *testing.B, src []byte, opts Options, noRetrace bool) *Report {
	opts = Resolve(opts, src)
	im, err := asm.Assemble("speck64.S", src, asm.Config{Device: opts.Device})
	if err != nil {
		b.Fatal(err)
	}
	h, rep, err := prepare(im, opts)
	if err != nil || rep.Error != "" {
		b.Fatalf("%v %+v", err, rep)
	}
	h.noRetrace = noRetrace
	h.measure(rep)
	h.opts.Machines.release(h.m, h.mt)
	return rep
}
