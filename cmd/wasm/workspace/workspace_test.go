package workspace

import (
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/hack-pad/hackpadfs/mem"
)

func newWS(t *testing.T) *Workspace {
	t.Helper()
	m, err := mem.NewFS()
	if err != nil {
		t.Fatal(err)
	}
	w, err := Open(m)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestFileLifecycle(t *testing.T) {
	w := newWS(t)
	if names, err := w.List(); err != nil || len(names) != 0 {
		t.Fatalf("new workspace: %v, %v", names, err)
	}
	xss := `<img src=x onerror=alert(1)>.S`
	for name, text := range map[string]string{"main.S": ".include \"k.inc\"\n", "k.inc": "; keys\n", xss: "<script>"} {
		if err := w.Write(name, text); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Write("main.S", "nop\n"); err != nil { // replace
		t.Fatal(err)
	}
	files, err := w.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []File{{xss, "<script>"}, {"k.inc", "; keys\n"}, {"main.S", "nop\n"}}
	if !reflect.DeepEqual(files, want) {
		t.Fatalf("ReadAll = %q, want %q", files, want)
	}
	if err := w.Rename("k.inc", "main.S"); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("rename onto an existing file: err = %v", err)
	}
	if err := w.Rename("k.inc", "keys.inc"); err != nil {
		t.Fatal(err)
	}
	if err := w.Remove(xss); err != nil {
		t.Fatal(err)
	}
	if err := w.Remove("nope.S"); err == nil {
		t.Error("removing a missing file succeeded")
	}
	if _, err := w.Read("k.inc"); err == nil || err.Error() != `no file "k.inc"` {
		t.Errorf("read after rename: %v", err)
	}
	names, _ := w.List()
	if !reflect.DeepEqual(names, []string{"keys.inc", "main.S"}) {
		t.Errorf("List = %q", names)
	}
	sub, err := w.FS()
	if err != nil {
		t.Fatal(err)
	}
	if b, err := fs.ReadFile(sub, "keys.inc"); err != nil || string(b) != "; keys\n" {
		t.Errorf("FS read: %q, %v", b, err)
	}
}

func TestValidName(t *testing.T) {
	for _, ok := range []string{"main.S", "a b.inc", "<script>alert(1)<script>", "ünïcode.S", "..x"} {
		if err := ValidName(ok); err != nil {
			t.Errorf("ValidName(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", ".", "..", "a/b.S", `a\b`, " lead", "trail ", "tab\there", "nl\n",
		strings.Repeat("x", MaxNameBytes+1), "\xff"} {
		if err := ValidName(bad); err == nil {
			t.Errorf("ValidName(%q) accepted it", bad)
		}
	}
	w := newWS(t)
	if err := w.Write("../escape", "x"); err == nil {
		t.Error("Write accepted a path outside the workspace")
	}
	if err := w.Write("big.S", strings.Repeat("x", MaxFileBytes+1)); err == nil {
		t.Error("Write accepted an oversized file")
	}
}
