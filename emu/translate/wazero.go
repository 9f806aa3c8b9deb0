//go:build !js

package translate

import (
	"context"
	"fmt"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
)

// Wazero is the native [Runtime]: wazero's compiler (pure Go, no cgo). Each machine's memory is a
// module of its own runtime; compiled code is shared by all of them through one compilation cache.
type Wazero struct {
	cache wazero.CompilationCache
	cfg   wazero.RuntimeConfig
}

var _ Runtime = (*Wazero)(nil)

// NewWazero returns the native runtime, with wazero's compiler where the platform has one (amd64,
// arm64) and its interpreter elsewhere. Close releases the compiled code.
func NewWazero() *Wazero {
	c := wazero.NewCompilationCache()
	return &Wazero{cache: c, cfg: wazero.NewRuntimeConfig().WithCompilationCache(c)}
}

// NewNative returns an engine on wazero whose machines translate after MinHot interpreted cycles or
// HotPerByte per byte of the code their region holds, whichever is more: the native default of
// avrlab run, bench and grade.
func NewNative() *Engine {
	e := New(NewWazero(), MinHot)
	e.perByte = HotPerByte
	return e
}

// NewBackground returns NewNative whose machines compile their first module on another goroutine
// and go on interpreting until it is ready (then run translated from the next instruction that
// is an entry): the compile's time is taken off the machine's run where a second core is free,
// not off the process's CPU time (which grows: the machine interprets what it would have run
// translated). The results are NewNative's, and the interpreter's; only the Stats depend on when
// the compile ends. Not avrlab's default: on the shared 2-core machine it measured no better than
// NewNative by wall time and worse by CPU time (BenchmarkBenchKernels in package lab).
func NewBackground() *Engine { return newBackground(NewWazero()) }

// newBackground is NewBackground on rt.
func newBackground(rt Runtime) *Engine {
	e := New(rt, MinHot)
	e.perByte = HotPerByte
	e.background = true
	return e
}

// NewEager returns an engine on wazero that translates from the first Run (for tests and
// benchmarks of translated code).
func NewEager() *Engine { return New(NewWazero(), 0) }

// Close releases the compiled code of every module.
func (w *Wazero) Close() error { return w.cache.Close(context.Background()) }

// NewMemory implements Runtime.
func (w *Wazero) NewMemory(size int) (Memory, error) {
	ctx := context.Background()
	pages := uint32((size + 0xFFFF) >> 16)
	rt := wazero.NewRuntimeWithConfig(ctx, w.cfg)
	env, err := rt.InstantiateWithConfig(ctx, memoryModule(pages), wazero.NewModuleConfig().WithName("env"))
	if err != nil {
		rt.Close(ctx)
		return nil, err
	}
	b, ok := env.Memory().Read(0, pages<<16)
	if !ok {
		rt.Close(ctx)
		return nil, fmt.Errorf("translate: memory of %d pages not readable", pages)
	}
	return &wazeroMemory{rt: rt, b: b}, nil
}

// memoryModule returns a module exporting memory "mem" of exactly pages pages (so it never grows
// and the machine's slices into it stay valid).
func memoryModule(pages uint32) []byte {
	var m buf
	m = append(m, 0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00)
	var mem buf
	mem.u32(1)
	mem.byte(0x01)
	mem.u32(pages)
	mem.u32(pages)
	m.section(5, mem)
	var ex buf
	ex.u32(1)
	ex.name("mem")
	ex.byte(0x02)
	ex.u32(0)
	m.section(7, ex)
	return m
}

type wazeroMemory struct {
	rt wazero.Runtime
	b  []byte
}

func (m *wazeroMemory) Bytes() []byte { return m.b }
func (m *wazeroMemory) Base() uint32  { return 0 }

func (m *wazeroMemory) Load(module []byte) (Func, error) {
	ctx := context.Background()
	cm, err := m.rt.CompileModule(ctx, module)
	if err != nil {
		return nil, err
	}
	mod, err := m.rt.InstantiateModule(ctx, cm, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		return nil, err
	}
	f := &wazeroFunc{mod: mod, cm: cm, fn: mod.ExportedFunction("run")}
	if f.fn == nil {
		mod.Close(ctx)
		return nil, fmt.Errorf("translate: module exports no run")
	}
	return f, nil
}

type wazeroFunc struct {
	mod   api.Module
	cm    wazero.CompiledModule
	fn    api.Function
	stack [3]uint64
}

func (f *wazeroFunc) Call(base, pc, mode uint32) uint32 {
	f.stack[0], f.stack[1], f.stack[2] = uint64(base), uint64(pc), uint64(mode)
	if err := f.fn.CallWithStack(context.Background(), f.stack[:]); err != nil {
		panic("translate: internal error: translated code trapped: " + err.Error())
	}
	return uint32(f.stack[0])
}

func (f *wazeroFunc) Close() {
	ctx := context.Background()
	f.mod.Close(ctx)
	f.cm.Close(ctx)
}
