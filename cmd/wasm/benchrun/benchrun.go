// Package benchrun is the engine side of site/bench.html: it runs an Intel HEX program from reset
// until it stops and reports the cycles, the time of the run loop alone and r16..r31, so that outside
// tools can time the page's engine in any browser. It is separate from the page's worker protocol
// (cmd/wasm/engine) and has no JavaScript in it, so its tests run natively. Warm is the warm-up that
// bench.html's worker and the playground's both run before a long run (cmd/wasm/warm.go).
package benchrun

import (
	"bytes"
	"errors"
	"strings"
	"time"

	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/internal/textf"
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
	// Of the run loop's time, what the engine (a translate.Engine) spent translating and compiling,
	// and the cycles it ran translated.
	TranslateMS float64 `json:"translate_ms,omitempty"`
	CompileMS   float64 `json:"compile_ms,omitempty"`
	Translated  uint64  `json:"translated,omitempty"`
	// Chunks: the wall time of each of the run loop's Runs (runChunked: FirstChunk cycles, then
	// twice as many each time), in ms, to show where the fixed cost of a run lies.
	Chunks []float64 `json:"chunks,omitempty"`
	Error  string    `json:"error,omitempty"`
}

// stats is what Run reads of a translate.Engine.
type stats interface{ Stats() translate.Stats }

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
		res.Error = textf.Sprintf(format, a...)
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
	var st0 translate.Stats
	se, _ := eng.(stats)
	if se != nil {
		st0 = se.Stats()
	}
	start := time.Now()
	s := runChunked(m, max, func(d time.Duration) {
		res.Chunks = append(res.Chunks, float64(d.Microseconds())/1e3)
	})
	el := time.Since(start)
	if se != nil {
		st := se.Stats()
		res.TranslateMS = float64((st.Translate - st0.Translate).Nanoseconds()) / 1e6
		res.CompileMS = float64((st.Compile - st0.Compile).Nanoseconds()) / 1e6
		res.Translated = st.Cycles - st0.Cycles
	}
	res.MS = float64(el.Nanoseconds()) / 1e6
	res.Cycles = m.Cycles()
	if el > 0 {
		res.MHz = float64(res.Cycles) / el.Seconds() / 1e6
	}
	res.Stop = s.String()
	res.Regs = regs(m)
	return res
}

// regs returns r16..r31 as Result.Regs has them.
func regs(m *emu.Machine) string {
	var b strings.Builder
	for r := 16; r < 32; r++ {
		if r > 16 {
			b.WriteByte(' ')
		}
		textf.Fprintf(&b, "%02X", m.Reg(r))
	}
	return b.String()
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
func runChunked(m *emu.Machine, limit uint64, chunk func(time.Duration)) emu.Stop {
	for to := min(limit, FirstChunk); ; to = min(limit, 2*to) {
		t := time.Now()
		s := m.Run(to)
		if chunk != nil {
			chunk(time.Since(t))
		}
		if s.Reason != emu.StopLimit || to == limit {
			return s
		}
	}
}

// warmSrc is the warm-up's program: a little of everything the translator handles (loads and stores
// through X, Y and Z with and without increments, 8- and 16-bit arithmetic, shifts, a call, a skip,
// flash reads, nested loops, and a loop on itself whose last store is the next pass's load, as
// the benchmarks' loops are: the generator's self-loop entry, rotated range checks and store
// forwarding), ending with BREAK. The warm-up runs its machine code,
// warmFlash, not this text: see warmFlash.
const warmSrc = `
	ldi r16, 0xff
	out 0x3d, r16
	ldi r16, 0x10
	out 0x3e, r16
	ldi r24, 12
	ldi r25, 0
outer:
	ldi r26, 0x00
	ldi r27, 0x01
	ldi r28, 0x80
	ldi r29, 0x01
	ldi r30, lo8(table)
	ldi r31, hi8(table)
	ldi r20, 32
inner:
	ld r0, X+
	lpm r1, Z+
	add r0, r1
	adc r2, r0
	lsl r3
	rol r2
	eor r3, r2
	sub r4, r0
	sbc r5, r1
	mov r6, r4
	swap r6
	andi r16, 0x7f
	ori r16, 1
	com r7
	std Y+3, r6
	st Y+, r3
	st X, r2
	sbrc r3, 0
	inc r8
	rcall step
	dec r20
	brne inner
	movw r10, r24
	adiw r26, 1
	sbiw r24, 1
	brne outer
	ldi r26, 0x00
	ldi r27, 0x02
	ldi r28, 0x00
	ldi r29, 0x03
	ldi r20, 200
self:
	ld r16, X+
	ld r17, X+
	add r16, r22
	adc r17, r16
	lsl r18
	rol r19
	eor r18, r17
	st Y+, r16
	st Y+, r17
	st X, r18
	subi r21, 1
	sbci r23, 0
	dec r20
	brne self
	break
step:
	push r17
	mul r8, r2
	mov r17, r0
	cpi r17, 0x80
	brlo 1f
	ror r17
1:	pop r17
	ret
table:
	.byte 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 121, 98, 219, 61
	.byte 24, 85, 109, 194, 47, 241, 32, 17, 49, 66, 115, 181, 40, 221, 5, 226
`

// warmFlash is warmSrc assembled for the default device (TestWarmFlash checks it against the
// assembler), the image the warm-ups run. Assembling warmSrc in the worker instead made the
// assembler's Go functions hot there (V8 tiers a Go function up after about a thousand of its
// jumps), and V8 then compiled them with its optimising compiler on background threads during the
// timed run that follows the warm-up (bench.html): the lexer, the preprocessor's line reader and
// the instruction encoder took 100-500 ms of those threads' time in each timed window of 0.1-0.6 s,
// on a two-core machine, for code the run never calls.
const warmFlash = "" +
	"\x0f\xef\x0d\xbf\x00\xe1\x0e\xbf\x8c\xe0\x90\xe0\xa0\xe0\xb1\xe0" +
	"\xc0\xe8\xd1\xe0\xe6\xe8\xf0\xe0\x40\xe2\x0d\x90\x15\x90\x01\x0c" +
	"\x20\x1c\x33\x0c\x22\x1c\x32\x24\x40\x18\x51\x08\x64\x2c\x62\x94" +
	"\x0f\x77\x01\x60\x70\x94\x6b\x82\x39\x92\x2c\x92\x30\xfc\x83\x94" +
	"\x1a\xd0\x4a\x95\x51\xf7\x5c\x01\x11\x96\x01\x97\xf9\xf6\xa0\xe0" +
	"\xb2\xe0\xc0\xe0\xd3\xe0\x48\xec\x0d\x91\x1d\x91\x06\x0f\x10\x1f" +
	"\x22\x0f\x33\x1f\x21\x27\x09\x93\x19\x93\x2c\x93\x51\x50\x70\x40" +
	"\x4a\x95\x91\xf7\x98\x95\x1f\x93\x82\x9c\x10\x2d\x10\x38\x08\xf0" +
	"\x17\x95\x1f\x91\x08\x95\x01\x02\x03\x05\x08\x0d\x15\x22\x37\x59" +
	"\x90\xe9\x79\x62\xdb\x3d\x18\x55\x6d\xc2\x2f\xf1\x20\x11\x31\x42" +
	"\x73\xb5\x28\xdd\x05\xe2"

// WarmHot is the threshold of the warm-up's engine (translate.NewPage(rt, WarmHot) in the page): its
// machine is interpreted for its first few hundred cycles and then translated, so that the warm-up
// takes the runner's paths the timed run takes before translating (the wait for a hot machine,
// hashing the image, stepping to a backward jump, measuring the region), not only the translator's.
// V8 compiles a Go function on its first call: one first called inside the timed run is compiled
// there.
const WarmHot = 1 << 12

// newWarmMachine returns a machine on eng with warmFlash in the default device's flash.
func newWarmMachine(eng emu.Engine) *emu.Machine {
	return emu.New(isa.LookupDevice(isa.DefaultDevice), []byte(warmFlash), emu.Config{Engine: eng})
}

// WarmCycles is the warm-up's run limit: its program ends well before.
const WarmCycles = 1 << 20

// Warm runs a small program on eng (an engine that translates after a few hundred cycles: the page's
// translate.NewPage(browser, WarmHot), a fresh one, so that the warm-up leaves no state in the engine the
// page runs on) and returns the machine's cycles and r16..r31 at its stop. A fresh worker's first translation runs the translator and the
// emulator's Go code cold (V8 compiles every Go function on its first call, then optimises what
// gets hot): the playground's worker calls Warm when it is idle after its first result, so that its
// first long run does not pay for that, and bench.html's worker calls it before its timed run, so
// that the run is timed as the playground's would be.
func Warm(eng emu.Engine) (Result, error) {
	m := newWarmMachine(eng)
	s := runChunked(m, WarmCycles, nil)
	if s.Reason != emu.StopBreak {
		return Result{}, textf.Errorf("benchrun: the warm-up stopped: %v", s.String())
	}
	return Result{Name: "warm", Cycles: m.Cycles(), Stop: s.String(), Regs: regs(m)}, nil
}

// WarmInterpMachines is how many fresh machines WarmInterp runs the warm-up's program on for
// bench.html's &warminterp=1: 12 × 21,446 = 257,352 interpreted cycles, about what the
// playground's first bench interprets before its first result (the default example, CHAM-64:
// 265,815 cycles on its measuring machine alone).
const WarmInterpMachines = 12

// WarmInterp runs the warm-up's program to its BREAK on WarmInterpMachines fresh machines on eng (a fresh
// engine of the page's kind with its wait for a hot machine: translate.NewBrowserEngine in the
// page, so that every machine stays interpreted, on the same Go code the timed run interprets its
// first cycles with: Machine.Run, the engine's runner answering that the machine is not hot, the
// interpreter loop) and returns the last machine's result. The playground's worker has interpreted
// that much before any long run (its first result is an interpreted bench), so that V8 has tiered
// the interpreter up by then; bench.html's worker calls WarmInterp before its timed run so that the
// run starts from that state too, not from an interpreter V8 has not optimised yet.
func WarmInterp(eng emu.Engine) (Result, error) {
	var res Result
	for i := 0; i < WarmInterpMachines; i++ {
		m := newWarmMachine(eng)
		s := runChunked(m, WarmCycles, nil)
		if s.Reason != emu.StopBreak {
			return Result{}, textf.Errorf("benchrun: the interpreter's warm-up stopped: %v", s.String())
		}
		res = Result{Name: "warm-interp", Cycles: m.Cycles(), Stop: s.String(), Regs: regs(m)}
	}
	return res, nil
}
