//go:build !js

package lab

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/avrlab/avrlab/internal/cputime"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/oracle"
)

// TestEngineSameReport benches every example interpreted and translated (emu/translate on wazero,
// from the first Run, and NewBackground, compiling while the machines interpret): the reports,
// measured flash and RAM included, must be identical.
func TestEngineSameReport(t *testing.T) {
	eng, bg := translate.NewEager(), translate.NewBackground()
	for _, e := range examples.List() {
		want, _, err := BenchFile(examples.FS, e.File, Options{Task: e.Task})
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		c0 := eng.Stats().Cycles
		got, _, err := BenchFile(examples.FS, e.File, Options{Task: e.Task, Engine: eng})
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		if ran := eng.Stats().Cycles - c0; ran == 0 {
			t.Errorf("%s: nothing ran translated", e.ID)
		} else {
			t.Logf("%s: %d cycles translated", e.ID, ran)
		}
		wj, _ := json.Marshal(want)
		gj, _ := json.Marshal(got)
		if string(wj) != string(gj) {
			t.Errorf("%s: translated report differs\n got: %s\nwant: %s", e.ID, gj, wj)
		}
		if !want.Pass {
			t.Errorf("%s: does not pass: %s", e.ID, want.Error)
		}
		got, _, err = BenchFile(examples.FS, e.File, Options{Task: e.Task, Engine: bg})
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		if bj, _ := json.Marshal(got); string(bj) != string(wj) {
			t.Errorf("%s: NewBackground's report differs\n got: %s\nwant: %s", e.ID, bj, wj)
		}
	}
	t.Logf("%+v; NewBackground %+v", eng.Stats(), bg.Stats())
}

// TestEngineConstantTime: the constant-time check runs translated (its machine keeps the trace hash,
// emu.Config.TraceHash) and finds the planted data-dependent branch of testdata/speck64.S, whose two
// paths take the same cycles, with the interpreter's words; the branch-free version passes.
func TestEngineConstantTime(t *testing.T) {
	for _, defs := range []map[string]string{{"BUG_BRANCH": "1"}, nil} {
		eng := translate.NewEager()
		opts := Options{Defines: defs, Vectors: 5}
		want, _, err := BenchFile(os.DirFS("testdata"), "speck64.S", opts)
		if err != nil {
			t.Fatal(err)
		}
		opts.Engine = eng
		got, _, err := BenchFile(os.DirFS("testdata"), "speck64.S", opts)
		if err != nil {
			t.Fatal(err)
		}
		if got.ConstantTime != (defs == nil) || got.CTDetail != want.CTDetail || got.ConstantTime != want.ConstantTime {
			t.Errorf("%v: constant time %v %q; interpreted %v %q", defs, got.ConstantTime, got.CTDetail, want.ConstantTime, want.CTDetail)
		}
		if st := eng.Stats(); st.Cycles == 0 {
			t.Errorf("%v: nothing ran translated: %+v", defs, st)
		}
	}
}

// TestEngineSameReportHarness benches the harness's own test programs interpreted and translated
// (the scenarios, the calling conventions, an avr-gcc ELF and, with avr-gcc installed, a kernel task):
// identical reports.
func TestEngineSameReportHarness(t *testing.T) {
	eng := translate.NewEager()
	type bench struct {
		dir, file string
		opts      Options
	}
	benches := []bench{
		{"testdata", "speck64.S", Options{Vectors: 20}},
		{"testdata", "speck64dec.S", Options{Scenario: ScenarioDecrypt, Vectors: 20}},
		{"testdata", "speck64ks.S", Options{Scenario: ScenarioKeySchedule, Vectors: 20}},
		{"testdata/conv", "cham64_dst_src_rk.S", Options{Vectors: 20}},
		{"testdata/conv", "cham64_key_out_in.S", Options{Vectors: 20}},
		{"testdata/conv", "speck64_block_rk.S", Options{Vectors: 20}},
		{"testdata", "speck64c.elf", Options{Task: "speck64-128", Vectors: 20}},
	}
	if oracle.HaveGNU() || oracle.InCI() { // the ELF case needs avr-gcc; under CI its absence fails the test
		oracle.NeedGNU(t)
		dir := t.TempDir()
		elf := filepath.Join(dir, "mpmul160.elf")
		if out, err := exec.Command("avr-gcc", "-Os", "-mmcu=atmega128", "-o", elf, "testdata/kernels/mpmul160.c").CombinedOutput(); err != nil {
			t.Fatalf("avr-gcc: %v\n%s", err, out)
		}
		benches = append(benches, bench{dir, "mpmul160.elf", Options{Task: "mpmul-160", Vectors: 20}})
	}
	for _, b := range benches {
		want, _, err := BenchFile(os.DirFS(b.dir), b.file, b.opts)
		if err != nil {
			t.Fatalf("%s: %v", b.file, err)
		}
		o := b.opts
		o.Engine = eng
		got, _, err := BenchFile(os.DirFS(b.dir), b.file, o)
		if err != nil {
			t.Fatalf("%s: %v", b.file, err)
		}
		wj, _ := json.Marshal(want)
		gj, _ := json.Marshal(got)
		if string(wj) != string(gj) {
			t.Errorf("%s: translated report differs\n got: %s\nwant: %s", b.file, gj, wj)
		}
		if !want.Pass {
			t.Errorf("%s: does not pass: %s", b.file, want.Error)
		}
	}
	t.Logf("%+v", eng.Stats())
}

// BenchmarkBenchCHAM64Engine benches examples/cham64-v2.S end to end (assembly, 101 vectors, 64
// constant-time inputs, flash and RAM measured), interpreted and translated in one run: "native" is
// what one `avrlab bench` does (a new engine with NewNative's threshold, which this short bench
// does not reach: it interprets), "eager" a new engine translating at once (translation paid each
// time), "warm" one eager engine shared (translation cached):
//
//	go test ./lab -run XXX -bench BenchCHAM64Engine -count 5
func BenchmarkBenchCHAM64Engine(b *testing.B) {
	src, err := os.ReadFile("../examples/cham64-v2.S")
	if err != nil {
		b.Fatal(err)
	}
	warm := translate.NewEager()
	for _, bc := range []struct {
		name string
		eng  func() *translate.Engine
	}{{"interp", nil}, {"native", translate.NewNative}, {"eager", translate.NewEager},
		{"warm", func() *translate.Engine { return warm }}} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				opts := Options{}
				if bc.eng != nil {
					opts.Engine = bc.eng()
				}
				rep, _, err := BenchSource("cham64-v2.S", src, nil, opts)
				if err != nil || !rep.Pass {
					b.Fatalf("%v %+v", err, rep)
				}
			}
		})
	}
}

// BenchmarkBenchKernels benches the long kernels end to end as `avrlab bench` does (assembly,
// vectors, constant-time inputs, flash and RAM measured), interpreted, with a new NewNative engine
// per bench (translation paid every time), with a new NewBackground engine (compiling on another
// goroutine) and with one NewEager engine (warm-ms: its modules compiled before, the translated
// code's own cost), alternating in one run: the NTT example and a 1024-bit schoolbook multiplication
// (testprog.SchoolbookMul(128), 264,988 cycles a call). Reported: ms per bench each way, from wall
// time, and the translated benches' speed over the interpreted one, from wall time and from the
// process's CPU time (steadier on a shared machine; NewBackground's gain is in wall time only):
//
//	go test ./lab -run XXX -bench BenchKernels -benchtime 3x
func BenchmarkBenchKernels(b *testing.B) {
	for _, k := range longKernels(b) {
		b.Run(k.name, func(b *testing.B) {
			bench := func(eng emu.Engine) (wall, cpu time.Duration, report string) {
				o := Options{Engine: eng}
				t0, c0 := time.Now(), cputime.Process()
				rep, _, err := BenchSource(k.file, k.src, nil, o)
				wall, cpu = time.Since(t0), cputime.Process()-c0
				if err != nil || !rep.Pass {
					b.Fatalf("%v %+v", err, rep)
				}
				j, _ := json.Marshal(rep)
				return wall, cpu, string(j)
			}
			warm := translate.NewEager()
			bench(warm) // its modules compiled once, then cached
			var wi, wt, wb, ww, ci, ct, cb time.Duration
			for i := 0; i < b.N; i++ {
				w1, c1, ri := bench(nil)
				w2, c2, rt := bench(translate.NewNative())
				w3, c3, rb := bench(translate.NewBackground())
				w4, _, rw := bench(warm)
				if ri != rt || ri != rb || ri != rw {
					b.Fatalf("translated report differs\n got: %s\n     %s\n     %s\nwant: %s", rt, rb, rw, ri)
				}
				wi, wt, wb, ww, ci, ct, cb = wi+w1, wt+w2, wb+w3, ww+w4, ci+c1, ct+c2, cb+c3
			}
			n := float64(b.N)
			b.ReportMetric(float64(ww.Microseconds())/1000/n, "warm-ms")
			b.ReportMetric(float64(wi.Milliseconds())/n, "interp-ms")
			b.ReportMetric(float64(wt.Milliseconds())/n, "native-ms")
			b.ReportMetric(float64(wb.Milliseconds())/n, "bg-ms")
			b.ReportMetric(wi.Seconds()/wt.Seconds(), "x-interp")
			b.ReportMetric(wi.Seconds()/wb.Seconds(), "x-interp-bg")
			if ci > 0 && ct > 0 && cb > 0 {
				b.ReportMetric(ci.Seconds()/ct.Seconds(), "x-interp-cpu")
				b.ReportMetric(ci.Seconds()/cb.Seconds(), "x-interp-bg-cpu")
			}
		})
	}
}
