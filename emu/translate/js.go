//go:build js && wasm

package translate

import (
	"errors"
	"sync"
	"syscall/js"
	"time"
	"unsafe"

	"github.com/avrlab/avrlab/emu"
)

// Browser is the [Runtime] of the page: the browser's WebAssembly API compiles each module, and the
// module imports the Go program's own memory, so translated code works on the machine's arrays in
// place (a Go slice's address is its offset in that memory, and Go's heap does not move). The page
// hands the memory over before it starts the Go program, as globalThis.avrlabGoMemory (the
// instance's exports.mem). Compiling synchronously needs a worker (browsers refuse modules over
// 4 KB on the main thread).
type Browser struct {
	mem    js.Value // WebAssembly.Memory of this Go program
	module js.Value // WebAssembly.Module
	inst   js.Value // WebAssembly.Instance
	u8     js.Value // Uint8Array
	// compiled holds the WebAssembly.Module of each module's bytes: every machine of a program
	// (the harness's measuring and constant-time machines, a machine per run of the page) loads
	// the same module, which the browser then compiles once, and V8's optimised code of its hot
	// function serves them all.
	mu       sync.Mutex
	compiled map[string]js.Value
	// phases, when the page set globalThis.avrlabPhases to an array before NewBrowser
	// (site/bench.js does), receives one {op, ms, n} per compile, instantiation and each of a
	// module's first calls (at most firstCallsTimed): where a run's fixed cost lies.
	phases js.Value
}

// PhasesGlobal is the array through which a page asks Browser for the time of its phases.
const PhasesGlobal = "avrlabPhases"

// firstCallsTimed is how many calls of each module Browser times for PhasesGlobal.
const firstCallsTimed = 12

// phase appends {op, ms, n} to b.phases, when the page asked for it.
func (b *Browser) phase(op string, t time.Time, n int) {
	if b.phases.Type() != js.TypeObject {
		return
	}
	o := js.Global().Get("Object").New()
	o.Set("op", op)
	o.Set("ms", float64(time.Since(t).Microseconds())/1e3)
	o.Set("n", n)
	b.phases.Call("push", o)
}

var _ Runtime = (*Browser)(nil)

// GoMemoryGlobal is the global through which the page hands the Go program's memory to Browser.
const GoMemoryGlobal = "avrlabGoMemory"

// NewBrowser returns the browser runtime, or an error when the page did not hand over the memory or
// has no WebAssembly.
func NewBrowser() (*Browser, error) {
	g := js.Global()
	wa := g.Get("WebAssembly")
	mem := g.Get(GoMemoryGlobal)
	if wa.Type() != js.TypeObject || mem.Type() != js.TypeObject || !mem.InstanceOf(wa.Get("Memory")) {
		return nil, errors.New("translate: globalThis." + GoMemoryGlobal + " is not the Go program's WebAssembly.Memory")
	}
	b := &Browser{mem: mem, module: wa.Get("Module"), inst: wa.Get("Instance"), u8: g.Get("Uint8Array"),
		compiled: map[string]js.Value{}}
	if ph := g.Get(PhasesGlobal); ph.InstanceOf(g.Get("Array")) {
		b.phases = ph
	}
	return b, nil
}

// NewBrowserEngine returns an engine on the browser runtime with the page's threshold (BrowserHot), whose
// calls into translated code last at most BrowserSlice cycles (so that V8's optimising tier takes
// over long runs: every run of the page, its benches, live runs and bench.html alike), for
// emu.Config.Engine or lab.Options.Engine; nil (the interpreter) when the page did not hand over the
// memory.
func NewBrowserEngine() emu.Engine {
	b, err := NewBrowser()
	if err != nil {
		return nil
	}
	return NewPage(b, BrowserHot)
}

// NewMemory implements Runtime: a Go slice, whose address the modules use.
func (b *Browser) NewMemory(size int) (Memory, error) {
	buf := make([]byte, size)
	return &browserMemory{b: b, buf: buf, base: uint32(uintptr(unsafe.Pointer(&buf[0])))}, nil
}

type browserMemory struct {
	b    *Browser
	buf  []byte
	base uint32
}

func (m *browserMemory) Bytes() []byte { return m.buf }
func (m *browserMemory) Base() uint32  { return m.base }

func (m *browserMemory) Load(module []byte) (f Func, err error) {
	defer func() {
		if r := recover(); r != nil { // a js.Error thrown by the WebAssembly API
			f, err = nil, errors.New("translate: the browser refused the module")
			if e, ok := r.(js.Error); ok {
				err = errors.New("translate: " + e.Error())
			}
		}
	}()
	t := time.Now()
	mod := m.b.compile(module)
	m.b.phase("compile", t, len(module))
	t = time.Now()
	env := js.Global().Get("Object").New()
	env.Set("mem", m.b.mem)
	imports := js.Global().Get("Object").New()
	imports.Set("env", env)
	inst := m.b.inst.New(mod, imports)
	m.b.phase("instantiate", t, len(module))
	run := inst.Get("exports").Get("run")
	if run.Type() != js.TypeFunction {
		return nil, errors.New("translate: module exports no run")
	}
	return &browserFunc{b: m.b, run: run}, nil
}

// compile returns the WebAssembly.Module of module, compiled once per Browser (at most maxCache
// modules are kept; past that the cache starts again).
func (b *Browser) compile(module []byte) js.Value {
	b.mu.Lock()
	mod, ok := b.compiled[string(module)]
	b.mu.Unlock()
	if ok {
		return mod
	}
	bytes := b.u8.New(len(module))
	js.CopyBytesToJS(bytes, module)
	mod = b.module.New(bytes)
	b.mu.Lock()
	if len(b.compiled) >= maxCache {
		clear(b.compiled)
	}
	b.compiled[string(module)] = mod
	b.mu.Unlock()
	return mod
}

type browserFunc struct {
	b     *Browser
	run   js.Value
	calls int // calls so far, up to firstCallsTimed (Browser.phases)
}

func (f *browserFunc) Call(base, pc, mode uint32) uint32 {
	if f.calls < firstCallsTimed && f.b.phases.Type() == js.TypeObject {
		f.calls++
		t := time.Now()
		code := uint32(f.run.Invoke(base, pc, mode).Int())
		f.b.phase("call", t, f.calls)
		return code
	}
	return uint32(f.run.Invoke(base, pc, mode).Int())
}

func (f *browserFunc) Close() {}
