//go:build js && wasm && !avrlab_workspace

package main

import (
	"syscall/js"

	"github.com/avrlab/avrlab/cmd/wasm/benchrun"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
)

// init registers avrlabBench(requestJSON) → resultJSON for site/bench.html (cmd/wasm/benchrun): the
// page's worker starts engine.wasm itself, handing over the Go memory for translated code first;
// and avrlabWarm(interp) → resultJSON, which its worker calls before the timed run, as the
// playground's worker warms up when idle after its first result (warm); with interp true it also
// warms the interpreter up as the playground's first result (an interpreted bench) has (warmBench:
// bench.html's &warminterp=1, a measurement of what that changes, not the default).
func init() {
	js.Global().Set("avrlabWarm", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 && args[0].Truthy() {
			return warmBench()
		}
		return warm()
	}))
	var eng, eager emu.Engine // made at the first call: nil (interpreted) without the Go memory
	made := false
	js.Global().Set("avrlabBench", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"avrlabBench(requestJSON)"}`
		}
		req, err := benchrun.DecodeRequest([]byte(args[0].String()))
		if err != nil {
			return `{"error":"bad request"}`
		}
		if !made {
			eng, made = translate.NewBrowserEngine(), true
			if b, err := translate.NewBrowser(); err == nil {
				eager = translate.NewPage(b, 0)
			}
		}
		e := eng
		if req.Eager {
			e = eager
		}
		out, _ := benchrun.MarshalResult(benchrun.Run(req, e))
		return string(out)
	}))
}
