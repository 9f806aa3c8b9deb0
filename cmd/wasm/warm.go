//go:build js && wasm && !avrlab_workspace

package main

import (
	"github.com/avrlab/avrlab/cmd/wasm/benchrun"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
)

// warm runs benchrun.Warm on a fresh engine of the page's kind that translates after a few hundred cycles
// (nothing of it stays in the engine the worker answers on), so that the translator's and the
// emulator's Go code is compiled by V8 before a real run needs it; it answers the result as JSON,
// or {"warm": false} where the page handed over no memory (no translation). The playground's
// worker runs it as the "warm" operation when idle after its first result, bench.html's before its
// timed run.
func warm() string {
	out, _ := warmUp()
	return out
}

// warmUp is warm, and whether the warm-up ran translated code to its end.
func warmUp() (string, bool) {
	b, err := translate.NewBrowser()
	if err != nil {
		return `{"warm":false}`, false
	}
	res, err := benchrun.Warm(translate.NewPage(b, benchrun.WarmHot))
	if err != nil {
		return errorJSON(err), false
	}
	out, _ := benchrun.MarshalResult(res)
	return string(out), true
}

// warmEngine is the playground worker's "warm" operation: warm, then, when the warm-up ran, the
// bridge's engine eng (translate.NewBrowserEngine's, made at the worker's first request) is told
// that V8 has compiled the translator (translate.Engine.Warmed): the live benches from then on
// are translated once they have run what a run from reset waits, where the first answer's
// bench waited for translate.BrowserHot.
func warmEngine(eng emu.Engine) string {
	out, ok := warmUp()
	if e, page := eng.(*translate.Engine); ok && page {
		e.Warmed()
	}
	return out
}

// warmBench is bench.html's warm-up before its timed run (avrlabWarm): warm, then
// benchrun.WarmInterp on a fresh engine of the page's kind with its wait for a hot machine, so that
// the interpreter is as warm as the playground's after its first result (an interpreted bench). It
// answers the two results as JSON.
func warmBench() string {
	w := warm()
	res, err := benchrun.WarmInterp(translate.NewBrowserEngine())
	if err != nil {
		return errorJSON(err)
	}
	out, _ := benchrun.MarshalResult(res)
	return `{"translator":` + w + `,"interpreter":` + string(out) + `}`
}
