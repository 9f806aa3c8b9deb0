//go:build js && wasm && !avrlab_workspace

package main

import (
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
	res, err := benchrun.Warm(translate.NewPage(b, benchrun.WarmHot))
	if err != nil {
		return errorJSON(err)
	}
	out, _ := benchrun.MarshalResult(res)
	return string(out)
}

// warmBench is bench.html's warm-up before its timed run (avrlabWarm): with first, the
// interpreter first (benchrun.WarmInterp, one machine, on a fresh engine of the page's kind with
// its wait for a hot machine), so that V8 starts optimising the interpreter while the translator's
// warm-up runs rather than inside the timed run; then warm; then, with interp, the interpreter as
// warm as the playground's after its first result (an interpreted bench: WarmInterpMachines
// machines). It answers the results as JSON.
func warmBench(first, interp bool) string {
	out := `{`
	if first {
		out += `"first":` + warmInterp(1) + `,`
	}
	out += `"translator":` + warm()
	if interp {
		out += `,"interpreter":` + warmInterp(benchrun.WarmInterpMachines)
	}
	return out + `}`
}

// warmInterp runs benchrun.WarmInterp on machines machines of a fresh engine of the page's kind
// and answers its result as JSON.
func warmInterp(machines int) string {
	res, err := benchrun.WarmInterp(translate.NewBrowserEngine(), machines)
	if err != nil {
		return errorJSON(err)
	}
	out, _ := benchrun.MarshalResult(res)
	return string(out)
}
