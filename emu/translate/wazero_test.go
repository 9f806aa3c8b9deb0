//go:build !js

package translate

import (
	"runtime"
	"testing"
	"time"
)

// storeModule is a module whose run stores the low byte of pc at base and returns mode.
func storeModule() []byte {
	body := []byte{opLocalGet, 0, opLocalGet, 1, opI32Store8, 0, 0, opLocalGet, 2, opEnd}
	return module(1, 0, 0, 0, fnBody{code: body})
}

// TestWazeroOneCompile: a module loaded on two memories of one runtime is compiled once, and each
// instance works on its own memory (its import resolved to that memory, not the other's or the
// first's).
func TestWazeroOneCompile(t *testing.T) {
	w := NewWazero()
	defer w.Close()
	var mems [2]Memory
	var fns [2]Func
	for i := range mems {
		m, err := w.NewMemory(1 << 16)
		if err != nil {
			t.Fatal(err)
		}
		f, err := m.Load(storeModule())
		if err != nil {
			t.Fatal(err)
		}
		mems[i], fns[i] = m, f
	}
	if n := len(w.mods); n != 2 { // the memory module and storeModule
		t.Errorf("%d modules compiled, want 2", n)
	}
	if got := fns[0].Call(0, 7, 11); got != 11 || mems[0].Bytes()[0] != 7 || mems[1].Bytes()[0] != 0 {
		t.Errorf("first call: %d, memories %d %d; want 11, 7 0", got, mems[0].Bytes()[0], mems[1].Bytes()[0])
	}
	if got := fns[1].Call(0, 9, 12); got != 12 || mems[0].Bytes()[0] != 7 || mems[1].Bytes()[0] != 9 {
		t.Errorf("second call: %d, memories %d %d; want 12, 7 9", got, mems[0].Bytes()[0], mems[1].Bytes()[0])
	}
	fns[0].Close()
	if got := fns[1].Call(0, 5, 13); got != 13 || mems[1].Bytes()[0] != 5 {
		t.Errorf("after the other's Close: %d, memory %d; want 13, 5", got, mems[1].Bytes()[0])
	}
	f, err := mems[0].Load(storeModule()) // loaded again after Close: a new instance of the same code
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Call(0, 3, 14); got != 14 || mems[0].Bytes()[0] != 3 || mems[1].Bytes()[0] != 5 {
		t.Errorf("reloaded: %d, memories %d %d; want 14, 3 5", got, mems[0].Bytes()[0], mems[1].Bytes()[0])
	}
}

// TestWazeroMemoryReleased: the runtime holds its instances, so a memory dropped without Close
// must have them closed for it: 48 memories of 4 MB dropped on one runtime leave the heap near
// where it was (it grows by 192 MB when the instances are kept).
func TestWazeroMemoryReleased(t *testing.T) {
	w := NewWazero()
	defer w.Close()
	heap := func() uint64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	before := heap()
	for range 48 {
		m, err := w.NewMemory(4 << 20)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Load(storeModule()); err != nil {
			t.Fatal(err)
		}
	}
	var after uint64
	// The cleanups run after a collection, on their own goroutine, which a busy machine may not
	// schedule at once: wait up to 10 s (a passing run returns at its first freed heap).
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if after = heap(); after < before+32<<20 {
			return
		}
		if time.Now().After(deadline) {
			break
		}
	}
	t.Errorf("heap %d MB after dropping 48 memories of 4 MB, %d MB before", after>>20, before>>20)
}
