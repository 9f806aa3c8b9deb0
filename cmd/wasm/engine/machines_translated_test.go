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
