//go:build !js

package engine

import (
	"testing"

	"github.com/avrlab/avrlab/emu/translate"
)

// TestMachinesSameAnswersTranslated is TestMachinesSameAnswers with the kept machines on the page's
// engine translating from their first Run (on wazero): each machine takes over the last one's
// runner and its memory (emu.RunnerReuser), translated code run in it, and still answers byte for
// byte what a fresh interpreted bench answers.
func TestMachinesSameAnswersTranslated(t *testing.T) {
	eng := translate.NewPage(translate.NewWazero(), 0)
	machinesSameAnswers(t, eng)
	if st := eng.Stats(); st.Modules == 0 || st.Cycles < 1_000_000 {
		t.Errorf("the kept machines hardly ran translated: %+v", st)
	}
}

// TestMachinesSameAnswersWarmed is TestMachinesSameAnswers on the page's engine as the playground's
// worker has it after its idle warm-up (translate.NewPage with BrowserHot, Warmed; on wazero): each
// machine interprets its first cycles and runs the rest translated, and the answers are still a
// fresh interpreted bench's, byte for byte.
func TestMachinesSameAnswersWarmed(t *testing.T) {
	eng := translate.NewPage(translate.NewWazero(), translate.BrowserHot)
	eng.Warmed()
	machinesSameAnswers(t, eng)
	if st := eng.Stats(); st.Modules == 0 || st.Cold == 0 || st.Cycles < 1_000_000 {
		t.Errorf("the warmed engine's machines hardly ran translated, or none interpreted first: %+v", st)
	}
}
