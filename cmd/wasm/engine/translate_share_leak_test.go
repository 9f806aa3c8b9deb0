//go:build !avrlab_core && !js

package engine

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/examples"
)

// TestLeakStaysInterpreted: the leak lab's traces (a TVLA of CHAM-64 over 20 traces) need the write
// hook, so none of its machines runs on the page's translated engine, and its answer is the same
// with and without that engine (tools.wasm only: the core has no leak lab).
func TestLeakStaysInterpreted(t *testing.T) {
	cham, err := examples.FS.ReadFile("cham64-v2.S")
	if err != nil {
		t.Fatal(err)
	}
	s := &shareEngine{eng: translate.NewPage(translate.NewWazero(), translate.BrowserHot), progs: map[*emu.Program]bool{}}
	lreq, err := json.Marshal(LeakRequest{Request: Request{Files: map[string]string{"cham64-v2.S": string(cham)}, Main: "cham64-v2.S", Seed: 1}, Traces: 20})
	if err != nil {
		t.Fatal(err)
	}
	got, want := HandleOn(s, "leak", lreq, nil), HandleOn(nil, "leak", lreq, nil)
	if !bytes.Equal(got, want) || bytes.Contains(got, []byte(`"error"`)) {
		t.Errorf("leak: %.300s\n%.300s", got, want)
	}
	if tr, total := s.share(); total != 0 {
		t.Errorf("leak: %d of %d cycles on the engine's machines; the traces need the write hook", tr, total)
	}
}
