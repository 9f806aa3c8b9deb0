//go:build js && wasm && !avrlab_workspace

package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/avrlab/avrlab/cmd/wasm/benchrun"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
)

// init registers avrlabBench(requestJSON) → resultJSON for site/bench.html (cmd/wasm/benchrun): the
// page's worker starts engine.wasm itself, handing over the Go memory for translated code first.
func init() {
	var eng *translate.Engine
	js.Global().Set("avrlabBench", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var req benchrun.Request
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"avrlabBench(requestJSON)"}`
		}
		if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
			return `{"error":"bad request"}`
		}
		if eng == nil {
			if b, err := translate.NewBrowser(); err == nil {
				eng = translate.New(b, translate.DefaultHot)
			}
		}
		var e emu.Engine // nil without the Go memory: interpreted
		if eng != nil {
			e = eng
		}
		res := benchrun.Run(req, e)
		out, _ := json.Marshal(res)
		return string(out)
	}))
}
