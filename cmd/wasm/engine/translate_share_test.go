//go:build !js

package engine

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/testprog"
)

// shareEngine wraps the page's engine and keeps every machine's lowered program, whose Interpreted
// counts the cycles the machine interpreted (the rest of its cycles ran as translated code: the
// engine's Stats().Cycles).
type shareEngine struct {
	eng   *translate.Engine
	progs map[*emu.Program]bool
}

func (s *shareEngine) NewRunner(size int) emu.Runner {
	r := s.eng.NewRunner(size)
	if r == nil {
		return nil
	}
	return &shareRunner{Runner: r, s: s}
}

type shareRunner struct {
	emu.Runner
	s *shareEngine
}

func (r *shareRunner) Run(p *emu.Program) emu.Exit {
	r.s.progs[p] = true
	return r.Runner.Run(p)
}

// share returns the cycles run as translated code and all the cycles of the engine's machines.
func (s *shareEngine) share() (translated, total uint64) {
	translated = s.eng.Stats().Cycles
	total = translated
	for p := range s.progs {
		total += p.Interpreted
	}
	return translated, total
}

// TestLiveRunTranslatedShare measures how much of the page's live runs (a bench request with the
// page's budget of 10M cycles for the random vectors, as site/js/engine.js sends it) runs as
// translated code on the page's engine (translate.NewPage with the page's threshold, here on
// wazero: the same decisions as in the browser), and checks that the answer is the interpreter's,
// byte for byte. The default example (CHAM-64, 1,611 cycles a call) never gets hot on a fresh
// worker's engine (its first answer), and runs translated from its second call once the engine is
// Warmed (the worker's live benches after its idle warm-up); a 1024-bit
// multiplication (264,988 cycles a call) runs mostly translated; a full bench of it (100 random
// vectors, no budget) more so. The leak lab runs none of its machines on the engine: every cycle of
// every trace goes through the per-write hook of its power model (emu.Config.Writes, which only the
// interpreter serves), so its share is 0 by construction.
func TestLiveRunTranslatedShare(t *testing.T) {
	cham, err := examples.FS.ReadFile("cham64-v2.S")
	if err != nil {
		t.Fatal(err)
	}
	ntt, err := examples.FS.ReadFile("ntt256-xmega.S")
	if err != nil {
		t.Fatal(err)
	}
	mul := testprog.SchoolbookMul(128)
	for _, c := range []struct {
		name     string
		req      Request
		min, max float64 // the translated share's bounds
		warmed   bool    // the engine Warmed, as the playground's worker's is after its idle warm-up
	}{
		{"cham64-v2 live", Request{Files: map[string]string{"cham64-v2.S": string(cham)}, Main: "cham64-v2.S", Seed: 1, Budget: 10_000_000}, 0, 0, false},
		{"cham64-v2 live, warmed", Request{Files: map[string]string{"cham64-v2.S": string(cham)}, Main: "cham64-v2.S", Seed: 1, Budget: 10_000_000}, 0.9, 1, true},
		{"mpmul-1024 live", Request{Files: map[string]string{"mpmul1024.S": mul}, Main: "mpmul1024.S", Seed: 1, Budget: 10_000_000}, 0.5, 1, false},
		{"mpmul-1024 full", Request{Files: map[string]string{"mpmul1024.S": mul}, Main: "mpmul1024.S", Seed: 1}, 0.8, 1, false},
		{"ntt256-xmega live", Request{Files: map[string]string{"ntt256-xmega.S": string(ntt)}, Main: "ntt256-xmega.S", Seed: 1, Budget: 10_000_000}, 0, 1, false},
	} {
		want := HandleOn(nil, "bench", mustJSON(t, c.req), nil)
		s := &shareEngine{eng: translate.NewPage(translate.NewWazero(), translate.BrowserHot), progs: map[*emu.Program]bool{}}
		if c.warmed {
			s.eng.Warmed()
		}
		got := HandleOn(s, "bench", mustJSON(t, c.req), nil)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: translated answer differs from the interpreter's:\n%s\n%s", c.name, got, want)
		}
		tr, total := s.share()
		share := float64(tr) / float64(max(total, 1))
		t.Logf("%s: %d of %d cycles translated (%.1f%%); %+v", c.name, tr, total, 100*share, s.eng.Stats())
		if total == 0 || share < c.min || share > c.max {
			t.Errorf("%s: translated share %.3f, want %.2f..%.2f", c.name, share, c.min, c.max)
		}
	}
}

func mustJSON(t *testing.T, r Request) []byte {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
