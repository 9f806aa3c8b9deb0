package lab

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/examples"
)

// TestEngineSameReport benches every example interpreted and translated (emu/translate on wazero):
// the reports, measured flash and RAM included, must be identical.
func TestEngineSameReport(t *testing.T) {
	eng := translate.NewEager()
	for _, e := range examples.List() {
		want, _, err := BenchFile(examples.FS, e.File, Options{Task: e.Task})
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		got, _, err := BenchFile(examples.FS, e.File, Options{Task: e.Task, Engine: eng})
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		wj, _ := json.Marshal(want)
		gj, _ := json.Marshal(got)
		if string(wj) != string(gj) {
			t.Errorf("%s: translated report differs\n got: %s\nwant: %s", e.ID, gj, wj)
		}
		if !want.Pass {
			t.Errorf("%s: does not pass: %s", e.ID, want.Error)
		}
	}
	st := eng.Stats()
	if st.Modules == 0 || st.Transfers+st.SideExits+st.LimitExits == 0 {
		t.Errorf("nothing ran translated: %+v", st)
	}
	t.Logf("%+v", st)
}

// BenchmarkBenchCHAM64Engine benches examples/cham64-v2.S end to end (assembly, 101 vectors, 64
// constant-time inputs, flash and RAM measured), interpreted and translated in one run: "native" is
// what one `avrlab bench` does (a new engine with the DefaultHot threshold, which this short bench
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
	}{{"interp", nil}, {"translated", translate.NewNative}, {"warm", func() *translate.Engine { return warm }}} {
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
