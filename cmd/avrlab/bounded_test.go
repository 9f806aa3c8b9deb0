package main

import (
	"strings"
	"testing"
	"time"
)

// TestGradeNonUTF8Names grades a source file and an include whose names are not UTF-8 (Linux file
// names are bytes): both pass, and the text table shows the name escaped.
func TestGradeNonUTF8Names(t *testing.T) {
	dir := t.TempDir()
	speck := readFile(t, "../../examples/speck64.S")
	mkfile(t, dir, "ch\xff\x1b.S", speck)
	mkfile(t, dir, "f\xfe/main.S", []byte("#include \"i\xfd.inc\"\n"))
	mkfile(t, dir, "f\xfe/i\xfd.inc", speck)
	run := runBinary(t, dir, 60*time.Second, "grade", "-task", "speck64-128", "-vectors", "5", ".")
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	checkTextSafe(t, run.stdout, 2)
	rows := strings.Split(strings.TrimSpace(run.stdout), "\n")[1:]
	for i, name := range []string{`ch\xff\x1b.S`, `f\xfe`} {
		if f := strings.Fields(rows[i]); len(f) < 3 || f[1] != name || f[2] != "yes" {
			t.Errorf("row %d: %q, want %s passing", i+1, rows[i], name)
		}
	}
}
