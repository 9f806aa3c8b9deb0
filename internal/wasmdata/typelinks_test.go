package wasmdata

import (
	"strings"
	"testing"
)

// TestDropTypelinksRuns builds testdata/typelinks (no reflect) for js/wasm, strips it as serve.go
// does and drops its type links, and runs both under Node: the same output, with every line of it
// there; a program that links reflect's reader of them (testdata/reflectptr) is refused.
func TestDropTypelinksRuns(t *testing.T) {
	merged, runNode := nodeModule(t, "typelinks")
	lines, _, _, err := StripLines(merged)
	if err != nil {
		t.Fatal(err)
	}
	dropped, zeroed, err := DropTypelinks(lines)
	if err != nil {
		t.Fatal(err)
	}
	if zeroed < 100 {
		t.Errorf("%d bytes zeroed: want the program's type links, hundreds of bytes", zeroed)
	}
	before, after := runNode("lines.wasm", lines), runNode("dropped.wasm", dropped)
	want := "shape 9\nshape 10\nerror code 7\nint 42\nother\n" +
		"int 1=2 other=1 other=2 shape 4=2\nas code 9\nrecovered interface conversion: interface {} is main.square, not *main.rect\n"
	if before != want || after != before {
		t.Errorf("before:\n%s\nafter:\n%s\nwant:\n%s", before, after, want)
	}
	if again, n, err := DropTypelinks(dropped); err != nil || n != 0 || string(again) != string(dropped) {
		t.Errorf("dropping again: %v, %d bytes zeroed", err, n)
	}
	withReflect, _ := nodeModule(t, "reflectptr")
	if _, _, err := DropTypelinks(withReflect); err == nil || !strings.Contains(err.Error(), "reflect.typelinks") {
		t.Errorf("DropTypelinks of a program that links reflect.typelinks: %v, want a refusal", err)
	}
}

// TestDropTypelinksRejects: a module without Go's function table, or no module, gives an error.
func TestDropTypelinksRejects(t *testing.T) {
	if _, _, err := DropTypelinks(module([]Segment{{Offset: 16, Data: []byte{1, 2, 3}}}, false)); err == nil {
		t.Error("a module with no Go function table: no error")
	}
	if _, _, err := DropTypelinks([]byte("not wasm")); err == nil {
		t.Error("not a module: no error")
	}
}
