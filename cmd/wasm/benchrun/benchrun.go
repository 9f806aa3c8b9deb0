// Package benchrun is the engine side of site/bench.html: it runs an Intel HEX program from reset
// until it stops and reports the cycles, the time of the run loop alone and r16..r31, so that outside
// tools can time the page's engine in any browser. It is separate from the page's worker protocol
// (cmd/wasm/engine) and has no JavaScript in it, so its tests run natively.
package benchrun

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// Request is one benchmark run.
type Request struct {
	Name      string `json:"name"`       // the program's name, echoed in the result
	Hex       string `json:"hex"`        // Intel HEX text
	Device    string `json:"device"`     // "" = the default device (atmega128)
	MaxCycles uint64 `json:"max_cycles"` // 0 = DefaultMaxCycles
	Interp    bool   `json:"interp"`     // interpret only
	// Eager: translate from the first Run (the page's engine without its wait for the machine to
	// get hot, as translate.NewEager natively); the caller hands in that engine.
	Eager bool `json:"eager"`
}

// Result is what the page publishes as window.benchResult.
type Result struct {
	Name   string  `json:"name"`
	Cycles uint64  `json:"cycles"`
	MS     float64 `json:"ms"`   // wall time of the run loop only (translation, when it happens, included)
	Regs   string  `json:"regs"` // r16..r31 as upper-case hex pairs separated by spaces
	Stop   string  `json:"stop"` // sleep, break, limit, fault: ...
	Engine string  `json:"engine"`
	MHz    float64 `json:"mhz"`
	Error  string  `json:"error,omitempty"`
}

// Limits of a request.
const (
	DefaultMaxCycles = 10_000_000_000
	MaxHexBytes      = 4 << 20
)

// Run runs req on eng (nil: the interpreter).
func Run(req Request, eng emu.Engine) Result {
	res := Result{Name: req.Name, Engine: "interpreted"}
	if eng != nil && !req.Interp {
		res.Engine = "translated"
		if req.Eager {
			res.Engine = "translated from the start"
		}
	} else {
		eng = nil
	}
	fail := func(format string, a ...any) Result {
		res.Error = fmt.Sprintf(format, a...)
		return res
	}
	if len(req.Hex) > MaxHexBytes {
		return fail("the HEX file is %d bytes; at most %d", len(req.Hex), MaxHexBytes)
	}
	name := req.Device
	if name == "" {
		name = isa.DefaultDevice
	}
	dev := isa.LookupDevice(name)
	if dev == nil {
		return fail("unknown device %q (known: %s)", req.Device, strings.Join(isa.DeviceNames(), ", "))
	}
	// The loaders' reading (asm/loader.HEX): gaps are 0x00, as in the image the native run measures.
	flash, _, err := ihex.ReadFlash(bytes.NewReader([]byte(req.Hex)), dev.Flash)
	var past *ihex.PastEndError
	if errors.As(err, &past) {
		return fail("data at address 0x%X is past the end of the %s's flash (0x%X bytes)", past.Addr, dev.Name, dev.Flash)
	}
	if err != nil {
		return fail("%v", err)
	}
	max := req.MaxCycles
	if max == 0 || max > DefaultMaxCycles {
		max = DefaultMaxCycles
	}
	m := emu.New(dev, flash, emu.Config{Engine: eng})
	start := time.Now()
	s := runChunked(m, max)
	el := time.Since(start)
	res.MS = float64(el.Nanoseconds()) / 1e6
	res.Cycles = m.Cycles()
	if el > 0 {
		res.MHz = float64(res.Cycles) / el.Seconds() / 1e6
	}
	res.Stop = s.String()
	var b strings.Builder
	for r := 16; r < 32; r++ {
		if r > 16 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%02X", m.Reg(r))
	}
	res.Regs = b.String()
	return res
}

// FirstChunk is the first of runChunked's Runs, in cycles; each next one is twice as long.
const FirstChunk = 1 << 16

// runChunked runs m to limit as a series of Runs of FirstChunk cycles, then twice, four times as
// many and so on (the same stop and state as one Run: a Run resumes where the last stopped). In a
// browser, a WebAssembly function called once runs to its end in the code it started with, and
// V8 starts every function in its baseline compiler (Liftoff): one Run of the whole program would
// interpret the machine's first million cycles, before the engine translates, in Liftoff's code at
// about a fifth of the interpreter's optimised speed. Short Runs at first let the interpreter's
// optimised code take over early, and ask the engine more often whether the machine is hot; long
// runs go on in long Runs (the engine itself cuts translated code into calls of at most
// translate.BrowserSlice cycles).
func runChunked(m *emu.Machine, limit uint64) emu.Stop {
	for to := min(limit, FirstChunk); ; to = min(limit, 2*to) {
		if s := m.Run(to); s.Reason != emu.StopLimit || to == limit {
			return s
		}
	}
}
