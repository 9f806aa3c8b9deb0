//go:build !js

package translate

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// Wazero is the native [Runtime]: wazero's compiler (pure Go, no cgo). One wazero runtime holds
// every machine's memory (a module of its own) and the modules instantiated on it; a module is
// compiled once and instantiated on each memory that loads it (the harness's measuring and
// constant-time machines: one compile, no second decoding, validation or cache lookup).
type Wazero struct {
	cache wazero.CompilationCache
	rt    wazero.Runtime
	dir   string      // the on-disk cache's directory ("": compiled code is kept in memory only)
	warn  func(error) // told when the on-disk cache fails (NewWazeroDir)
	mu    sync.Mutex
	mods  map[string]wazero.CompiledModule // compiled modules by their bytes (maxCache at most)
}

var _ Runtime = (*Wazero)(nil)

// NewWazero returns the native runtime, with wazero's compiler where the platform has one (amd64,
// arm64) and its interpreter elsewhere. Close releases the compiled code.
func NewWazero() *Wazero { return newWazero(wazero.NewCompilationCache(), "", nil) }

func newWazero(c wazero.CompilationCache, dir string, warn func(error)) *Wazero {
	rt := wazero.NewRuntimeWithConfig(context.Background(), wazero.NewRuntimeConfig().WithCompilationCache(c))
	return &Wazero{cache: c, rt: rt, dir: dir, warn: warn, mods: map[string]wazero.CompiledModule{}}
}

// NewWazeroDir returns NewWazero whose compiled code is also kept in files under dir (wazero's
// compilation cache: a subdirectory per wazero version, architecture and OS, an entry per module
// and CPU, written to a temporary file and renamed), so that another process compiling the same
// module reads its native code instead. When dir cannot be used (not created, not writable, or
// writable by other users, whose files would run as code here), the runtime keeps code in memory
// only and tells warn why. A compile that fails on the cache (a write that fails, an entry that does
// not read back) is tried again, after removing the entries if it fails again, and warn is told.
// warn may be called from any goroutine, more than once.
func NewWazeroDir(dir string, warn func(error)) *Wazero {
	if err := usableDir(dir); err != nil {
		warn(err)
		return NewWazero()
	}
	c, err := wazero.NewCompilationCacheWithDir(dir)
	if err != nil {
		warn(fmt.Errorf("compilation cache %s: %v", dir, err))
		return NewWazero()
	}
	return newWazero(c, dir, warn)
}

// usableDir creates dir if it is missing and checks that this process may write it and no other
// user may.
func usableDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("compilation cache: %v", err)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("compilation cache: %v", err)
	}
	if runtime.GOOS != "windows" && st.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("compilation cache %s: writable by other users (mode %v)", dir, st.Mode().Perm())
	}
	f, err := os.CreateTemp(dir, "probe-*.tmp")
	if err != nil {
		return fmt.Errorf("compilation cache: %v", err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// NewNativeDir returns NewNative on NewWazeroDir(dir, warn): avrlab's engine, its compiled code
// kept across processes.
func NewNativeDir(dir string, warn func(error)) *Engine { return native(NewWazeroDir(dir, warn)) }

// NewNative returns an engine on wazero whose machines translate after MinHot interpreted cycles or
// HotPerByte per byte of the code their region holds, whichever is more: the native default of
// avrlab run, bench and grade.
func NewNative() *Engine { return native(NewWazero()) }

// native is NewNative on w.
func native(w *Wazero) *Engine {
	e := New(w, MinHot)
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

// Close releases the compiled code of every module, and the runtime.
func (w *Wazero) Close() error {
	ctx := context.Background()
	w.rt.Close(ctx)
	return w.cache.Close(ctx)
}

// compiled returns module compiled, compiling it on its first use.
func (w *Wazero) compiled(module []byte) (wazero.CompiledModule, error) {
	w.mu.Lock()
	cm, ok := w.mods[string(module)]
	w.mu.Unlock()
	if ok {
		return cm, nil
	}
	cm, err := w.compile(module)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	if len(w.mods) >= maxCache {
		clear(w.mods) // the instances keep their code; a module loaded again is compiled again
	}
	w.mods[string(module)] = cm
	w.mu.Unlock()
	return cm, nil
}

// compile compiles module. With an on-disk cache that fails it tries again: after a failed write
// wazero holds the code in memory already; after a second failure (an entry that does not read
// back: wazero checks its header, lengths and the code's CRC32) it removes the cache's entries, so
// that the third compiles the module and writes it again.
func (w *Wazero) compile(module []byte) (wazero.CompiledModule, error) {
	ctx := context.Background()
	cm, err := w.rt.CompileModule(ctx, module)
	if err == nil || w.dir == "" || !cacheError(err) {
		return cm, err
	}
	w.warn(fmt.Errorf("compilation cache %s: %v (compiled again)", w.dir, err))
	if cm, err = w.rt.CompileModule(ctx, module); err == nil || !cacheError(err) {
		return cm, err
	}
	entries, _ := filepath.Glob(filepath.Join(w.dir, "wazero-*", "*"))
	for _, name := range entries {
		if len(filepath.Base(name)) == 64 { // an entry: its key in hex
			os.Remove(name)
		}
	}
	return w.rt.CompileModule(ctx, module)
}

// cacheError reports whether err is the on-disk cache's: a file's, or an entry's that wazero
// could not read back.
func cacheError(err error) bool {
	var pe *fs.PathError
	var le *os.LinkError
	return errors.As(err, &pe) || errors.As(err, &le) || strings.HasPrefix(err.Error(), "compilationcache:")
}

// NewMemory implements Runtime.
func (w *Wazero) NewMemory(size int) (Memory, error) {
	pages := uint32((size + 0xFFFF) >> 16)
	cm, err := w.compiled(memoryModule(pages))
	if err != nil {
		return nil, err
	}
	env, err := w.rt.InstantiateModule(context.Background(), cm, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		return nil, err
	}
	b, ok := env.Memory().Read(0, pages<<16)
	if !ok {
		env.Close(context.Background())
		return nil, fmt.Errorf("translate: memory of %d pages not readable", pages)
	}
	in := &instances{mods: []api.Module{env}}
	m := &wazeroMemory{w: w, env: env, b: b, in: in}
	// The runtime holds every instance until it is closed: when the machine's memory is
	// dropped, its modules are closed (their memory stays Go memory the machine may still hold).
	runtime.AddCleanup(m, (*instances).close, in)
	return m, nil
}

// instances are the module instances of one memory: its own and those loaded on it.
type instances struct {
	mu   sync.Mutex
	mods []api.Module
}

func (in *instances) add(mod api.Module) {
	in.mu.Lock()
	in.mods = append(in.mods, mod)
	in.mu.Unlock()
}

// remove closes mod and forgets it.
func (in *instances) remove(mod api.Module) {
	in.mu.Lock()
	if i := slices.Index(in.mods, mod); i >= 0 {
		in.mods = slices.Delete(in.mods, i, i+1)
	}
	in.mu.Unlock()
	mod.Close(context.Background())
}

// close closes them all.
func (in *instances) close() {
	in.mu.Lock()
	mods := in.mods
	in.mods = nil
	in.mu.Unlock()
	for _, mod := range mods {
		mod.Close(context.Background())
	}
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
	w   *Wazero
	env api.Module // exports the memory, "mem"
	b   []byte
	in  *instances
}

func (m *wazeroMemory) Bytes() []byte { return m.b }
func (m *wazeroMemory) Base() uint32  { return 0 }

// Load implements Memory: module compiled once per runtime, its import "env" resolved to this
// memory's module.
func (m *wazeroMemory) Load(module []byte) (Func, error) {
	cm, err := m.w.compiled(module)
	if err != nil {
		return nil, err
	}
	env := m.env
	ctx := experimental.WithImportResolver(context.Background(), func(name string) api.Module {
		if name == "env" {
			return env
		}
		return nil
	})
	mod, err := m.w.rt.InstantiateModule(ctx, cm, wazero.NewModuleConfig().WithName(""))
	if err != nil {
		return nil, err
	}
	m.in.add(mod)
	f := &wazeroFunc{mod: mod, in: m.in, fn: mod.ExportedFunction("run")}
	if f.fn == nil {
		f.Close()
		return nil, fmt.Errorf("translate: module exports no run")
	}
	return f, nil
}

type wazeroFunc struct {
	mod   api.Module
	in    *instances
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

// Close closes the module's instance (its compiled code stays the runtime's, for other memories).
func (f *wazeroFunc) Close() { f.in.remove(f.mod) }
