//go:build js && wasm && !avrlab_workspace

package main

import (
	"encoding/json"

	"github.com/avrlab/avrlab/cmd/wasm/benchrun"
	"github.com/avrlab/avrlab/emu/translate"
)

// warm runs benchrun.Warm on a fresh engine of the page's kind that translates from its first Run
// (nothing of it stays in the engine the worker answers on), so that the translator's and the
// emulator's Go code is compiled by V8 before a real run needs it; it answers the result as JSON,
// or {"warm": false} where the page handed over no memory (no translation). The playground's
// worker runs it as the "warm" operation when idle after its first result, bench.html's before its
// timed run.
func warm() string {
	b, err := translate.NewBrowser()
	if err != nil {
		return `{"warm":false}`
	}
	res, err := benchrun.Warm(translate.NewPage(b, 0))
	if err != nil {
		return errorJSON(err)
	}
	out, _ := json.Marshal(res)
	return string(out)
}
