package wasmdata

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestStripTracebackRuns builds testdata/traceback for js/wasm, merges its data segments and strips
// its line tables as serve.go does, then its traceback tables, and runs both modules under Node:
// every "same" line (garbage collection under a deep stack, goroutines, recovered panics, a bounds
// check's message, recover called from a helper, open-coded defers) the same, and where the inline
// trees answer the stripped module sees the physical function: FuncForPC names main.main instead of
// the inlined main.pcHere, and runtime.Callers counts fewer frames through inlined calls.
func TestStripTracebackRuns(t *testing.T) {
	merged, runNode := nodeModule(t, "traceback")
	if _, _, _, err := StripTraceback(merged); err == nil {
		t.Error("StripTraceback of a module with its line tables: no error")
	}
	lines, _, _, err := StripLines(merged)
	if err != nil {
		t.Fatal(err)
	}
	stripped, funcs, zeroed, err := StripTraceback(lines)
	if err != nil {
		t.Fatal(err)
	}
	if funcs < 500 || zeroed < 10_000 {
		t.Errorf("%d functions, %d bytes zeroed: want a Go program's hundreds and tens of KB", funcs, zeroed)
	}
	run := func(name string, m []byte) []string { return strings.Split(strings.TrimSpace(runNode(name, m)), "\n") }
	before, after := run("lines.wasm", lines), run("stripped.wasm", stripped)
	same := func(out []string) (s []string) {
		for _, l := range out {
			if strings.HasPrefix(l, "same ") {
				s = append(s, l)
			}
		}
		return s
	}
	if sb, sa := strings.Join(same(before), "\n"), strings.Join(same(after), "\n"); sb != sa || len(same(before)) != 7 ||
		!strings.Contains(sb, "same helper's recover: <nil>") || !strings.Contains(sb, "index out of range [11] with length 3") {
		t.Errorf("the programs' results differ or are wrong:\nbefore %s\nafter  %s", sb, sa)
	}
	if !bytes.Contains([]byte(strings.Join(before, "\n")), []byte("inlined FuncForPC main.pcHere")) ||
		!bytes.Contains([]byte(strings.Join(after, "\n")), []byte("inlined FuncForPC main.main")) {
		t.Errorf("FuncForPC: before %q, after %q; want main.pcHere, then main.main", before, after)
	}
	callers := func(out []string) int {
		n, err := strconv.Atoi(strings.TrimPrefix(out[len(out)-1], "inlined Callers "))
		if err != nil {
			t.Errorf("the last line: %q, want \"inlined Callers N\"", out[len(out)-1])
		}
		return n
	}
	if cb, ca := callers(before), callers(after); cb <= ca || ca < 2 {
		t.Errorf("runtime.Callers: %d frames before, %d after; want fewer after (inner and middle are inlined)", cb, ca)
	}
	if again, _, n, err := StripTraceback(stripped); err != nil || n != 0 || !bytes.Equal(again, stripped) {
		t.Errorf("stripping again: %v, %d bytes zeroed, changed %v", err, n, !bytes.Equal(again, stripped))
	}
	corrupted(t, lines)
}

// corrupted runs StripTraceback on copies of module with words of its function table (the pc tables,
// the function records, the funcdata: the data section's second half) overwritten by random ones: an
// error or a module, never a panic.
func corrupted(t *testing.T, module []byte) {
	corruptedCopies(t, module, 1, 300, "StripTraceback", func(m []byte) { StripTraceback(m) })
}

// corruptedCopies calls f on n copies of module (random from seed) with 1 to 8 words of its second
// half overwritten by random ones, and fails the test if f panics on one: name says which f.
func corruptedCopies(t *testing.T, module []byte, seed uint64, n int, name string, f func([]byte)) {
	r := rand.New(rand.NewPCG(seed, seed+1))
	for range n {
		m := bytes.Clone(module)
		for range 1 + r.IntN(8) {
			at := len(m)/2 + r.IntN(len(m)/2-4)
			binary.LittleEndian.PutUint32(m[at:], r.Uint32()>>r.IntN(32))
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("%s panicked on a corrupted module: %v", name, p)
				}
			}()
			f(m)
		}()
	}
}

// TestStripTracebackRejects: a module without Go's function table, or no module, gives an error.
func TestStripTracebackRejects(t *testing.T) {
	plain := module([]Segment{{Offset: 16, Data: []byte{1, 2, 3}}}, false)
	if _, _, _, err := StripTraceback(plain); err == nil {
		t.Error("a module with no Go function table: no error")
	}
	if _, _, _, err := StripTraceback([]byte("not wasm")); err == nil {
		t.Error("not a module: no error")
	}
}

func FuzzStripTraceback(f *testing.F) {
	f.Add(module([]Segment{{Offset: 8, Data: []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}}}, true))
	f.Fuzz(func(t *testing.T, m []byte) {
		out, _, _, err := StripTraceback(m)
		if err == nil && len(out) == 0 {
			t.Fatal("no module and no error")
		}
	})
}
