package wasmdata

import (
	"strings"
	"testing"
)

// TestRenameFuncsRuns builds testdata/names for js/wasm, strips it as serve.go does and renames its
// functions, and runs both under Node: the renamed module prints other names (short ones, in
// FuncForPC and in every traceback line that names a function), and with them translated back
// through the table exactly what the module with the long names printed, including the goroutines
// counted (the runtime's own start in "runtime." functions), the panic of a value method called on a
// nil pointer (panicwrap reads the wrapper's name) and the tracebacks' frames shown and hidden.
func TestRenameFuncsRuns(t *testing.T) {
	merged, runNode := nodeModule(t, "names")
	if _, _, err := RenameFuncs(merged); err == nil {
		t.Error("RenameFuncs of a module with its inline trees: no error")
	}
	lines, _, _, err := StripLines(merged)
	if err != nil {
		t.Fatal(err)
	}
	stripped, _, _, err := StripTraceback(lines)
	if err != nil {
		t.Fatal(err)
	}
	renamed, names, err := RenameFuncs(stripped)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 500 {
		t.Errorf("%d functions renamed: want a Go program's hundreds", len(names))
	}
	before, after := runNode("stripped.wasm", stripped), runNode("renamed.wasm", renamed)
	for _, want := range []string{"goroutines parked ", "nil wrapper: value method main.counter.Value called using nil *counter pointer\n",
		"FuncForPC main.main\n", "main.stackOf[...](", "main.(*counter).stacks(", "main.main.func1()", "created by main.main in goroutine 1"} {
		if !strings.Contains(before, want) {
			t.Errorf("the program did not print %q:\n%s", want, before)
		}
	}
	if after == before || strings.Contains(after, "main.main") {
		t.Errorf("the renamed module printed the long names:\n%s", after)
	}
	if got := names.Translate(after); got != before {
		t.Errorf("translated back:\n%s\nwant what the module printed with its names:\n%s", got, before)
	}
	parsed, err := ParseNames(names.Marshal())
	if err != nil || len(parsed) != len(names) || parsed.Translate(after) != before {
		t.Errorf("the table through Marshal and ParseNames: %d names (%v), want %d and the same translation", len(parsed), err, len(names))
	}
	corruptedRename(t, stripped)
}

// corruptedRename runs RenameFuncs on copies of module with words of its second half overwritten by
// random ones: an error or a module, never a panic.
func corruptedRename(t *testing.T, module []byte) {
	corruptedCopies(t, module, 3, 200, "RenameFuncs", func(m []byte) { RenameFuncs(m) })
}

// TestTranslateAlone: a short name is translated where it stands alone (a frame, "created by"), not
// inside a longer name or a number, and not when the table lacks it.
func TestTranslateAlone(t *testing.T) {
	n := Names{"..._1f": "main.(*T).run", "runtime.runtime._2": "runtime.park_m", "._3": "main.F[...]"}
	in := "..._1f(...)\n\t?:0 +0x2\ncreated by runtime.runtime._2 in goroutine 1\n._3() x._3 1.._1f ..._1fz ..._4 ._3"
	want := "main.(*T).run(...)\n\t?:0 +0x2\ncreated by runtime.park_m in goroutine 1\nmain.F[...]() x._3 1.._1f ..._1fz ..._4 main.F[...]"
	if got := n.Translate(in); got != want {
		t.Errorf("Translate:\n%s\nwant\n%s", got, want)
	}
	if _, err := ParseNames([]byte("main.main\tmain.main\n")); err == nil {
		t.Error("ParseNames of a line whose first field is no short name: no error")
	}
}

// TestRenameFuncsRejects: a module without Go's function table, or no module, gives an error.
func TestRenameFuncsRejects(t *testing.T) {
	if _, _, err := RenameFuncs(module([]Segment{{Offset: 16, Data: []byte{1, 2, 3}}}, false)); err == nil {
		t.Error("a module with no Go function table: no error")
	}
	if _, _, err := RenameFuncs([]byte("not wasm")); err == nil {
		t.Error("not a module: no error")
	}
}

func FuzzRenameFuncs(f *testing.F) {
	f.Add(module([]Segment{{Offset: 8, Data: []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}}}, true))
	f.Fuzz(func(t *testing.T, m []byte) {
		out, names, err := RenameFuncs(m)
		if err == nil && (len(out) == 0 || names == nil) {
			t.Fatal("no module and no error")
		}
	})
}
