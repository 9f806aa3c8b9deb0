package wasmdata

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestStripLinesRuns builds testdata/lines for js/wasm, merges its data segments as serve.go does,
// strips its line tables, and runs both modules under Node (go's wasm_exec_node.js): the same output
// but runtime.Caller's file and line, which are main.go and the line of the call before and "?" and 0
// after; the program's collections, stack growth, goroutines and recovered panic give the same results.
func TestStripLinesRuns(t *testing.T) {
	merged, run := nodeModule(t, "lines")
	src, err := os.ReadFile("testdata/lines/main.go")
	if err != nil {
		t.Fatal(err)
	}
	callLine := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "runtime.Caller(0) // the line") {
			callLine = i + 1
		}
	}
	stripped, funcs, zeroed, err := StripLines(merged)
	if err != nil {
		t.Fatal(err)
	}
	if funcs < 500 || zeroed < 10_000 {
		t.Errorf("%d functions, %d bytes zeroed: want a Go program's hundreds and tens of KB", funcs, zeroed)
	}
	before, after := run("merged.wasm", merged), run("stripped.wasm", stripped)
	wantBefore := fmt.Sprintf("caller main.go:%d true\n", callLine)
	if !strings.HasPrefix(before, wantBefore) {
		t.Errorf("before: %q, want it to start %q", before, wantBefore)
	}
	if !strings.HasPrefix(after, "caller ?:0 true\n") {
		t.Errorf("after: %q, want it to start \"caller ?:0 true\"", after)
	}
	tree := 1 // build(12).sum(): a node of depth d holds d, a leaf 1
	for d := 1; d <= 12; d++ {
		tree = d + 2*tree
	}
	rest := func(s string) string { _, r, _ := strings.Cut(s, "\n"); return r }
	if rest(before) != rest(after) || !strings.Contains(before, fmt.Sprintf("tree %d deep", tree)) || !strings.Contains(before, "main.funcPC") {
		t.Errorf("the programs' results differ or are wrong:\nbefore %s\nafter  %s", before, after)
	}
	if again, _, _, err := StripLines(stripped); err != nil || !bytes.Equal(again, stripped) {
		t.Errorf("stripping again: %v, changed %v", err, !bytes.Equal(again, stripped))
	}
}

// TestStripLinesRejects: a module without Go's function table, and every truncation of one that has
// it, give an error, never a panic.
func TestStripLinesRejects(t *testing.T) {
	plain := module([]Segment{{Offset: 16, Data: []byte{1, 2, 3}}}, false)
	if _, _, _, err := StripLines(plain); err == nil {
		t.Error("a module with no Go function table: no error")
	}
	if _, _, _, err := StripLines([]byte("not wasm")); err == nil {
		t.Error("not a module: no error")
	}
}

func FuzzStripLines(f *testing.F) {
	f.Add(module([]Segment{{Offset: 8, Data: []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}}}, true))
	f.Fuzz(func(t *testing.T, m []byte) {
		out, _, _, err := StripLines(m)
		if err == nil && len(out) == 0 {
			t.Fatal("no module and no error")
		}
	})
}
