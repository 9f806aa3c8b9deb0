package lab_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestGradeClass grades a generated folder of 50 submissions: correct ones, wrong ones, an infinite loop,
// a syntax error, an include escaping the folder, a 10 MB file. Every one gets a row, none stops the rest.
func TestGradeClass(t *testing.T) {
	good, err := os.ReadFile("testdata/speck64.S")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	withDefine := func(name string) string { return "#define " + name + " 1\n" + string(good) }
	kinds := map[string]int{}
	for i := 0; i < 50; i++ {
		var name, text string
		switch i % 10 {
		case 0, 1, 2:
			name, text = fmt.Sprintf("s%02d-good.S", i), string(good)
		case 3:
			name, text = fmt.Sprintf("s%02d-wrong.S", i), withDefine("BUG_CONST")
		case 4:
			name, text = fmt.Sprintf("s%02d-loop.S", i), withDefine("BUG_LOOP")
		case 5:
			name, text = fmt.Sprintf("s%02d-syntax.S", i), strings.Replace(string(good), "eor     r22, r18", "eor     r22, r18,", 1)
		case 6:
			name, text = fmt.Sprintf("s%02d-escape.S", i), ".include \"/etc/passwd\"\n"+string(good)
		case 7:
			name, text = fmt.Sprintf("s%02d-huge.S", i), string(good)+strings.Repeat("; padding padding padding padding\n", 10<<20/34)
		case 8:
			// A folder submission whose include climbs out of its folder.
			write(fmt.Sprintf("s%02d-dotdot/main.S", i), ".include \"../s00-good.S\"\n")
			kinds["dotdot"]++
			continue
		case 9:
			name, text = fmt.Sprintf("s%02d-abi.S", i), withDefine("BUG_R28")
		}
		kinds[strings.TrimSuffix(name[4:], ".S")]++
		write(name, text)
	}
	subs, err := lab.FindSubmissions([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 50 {
		t.Fatalf("%d submissions, want 50", len(subs))
	}
	var progress bytes.Buffer
	rows := lab.Grade(subs, lab.Options{Task: "speck64-128", Vectors: 3, MaxCycles: 200000}, &progress)
	if len(rows) != 50 {
		t.Fatalf("%d rows, want 50", len(rows))
	}
	if !strings.Contains(progress.String(), "[50/50]") {
		t.Errorf("no progress lines: %q", progress.String())
	}
	count := map[string]int{}
	for i, r := range rows {
		kind := strings.TrimSuffix(filepath.Base(r.Submission)[4:], ".S")
		count[kind]++
		check := func(ok bool, what string) {
			if !ok {
				t.Errorf("row %d %s: %s; row %+v", i, r.Submission, what, r)
			}
		}
		switch kind {
		case "good":
			check(r.Pass && r.Rank > 0 && r.Problem == "", "should pass")
			check(i < 15, "passing rows sort first")
		case "wrong":
			check(!r.Pass && strings.Contains(r.Problem, "vectors wrong"), "wrong output reported")
		case "loop":
			check(!r.Pass && strings.Contains(r.Problem, "did not return within 200000 cycles"), "cycle limit reported")
		case "syntax":
			check(!r.Pass && strings.Contains(r.Problem, ".S:"), "positioned syntax error")
		case "escape":
			check(!r.Pass && strings.Contains(r.Problem, "/etc/passwd"), "escape refused naming the path")
		case "huge":
			check(!r.Pass && strings.Contains(r.Problem, "limited to 1048576 bytes"), "size limit")
		case "dotdot":
			check(!r.Pass && strings.Contains(r.Problem, "../s00-good.S"), "climbing include refused")
		case "abi":
			check(!r.Pass && strings.Contains(r.Problem, "r28"), "ABI violation named")
		default:
			t.Errorf("unexpected row %q", r.Submission)
		}
	}
	for k, n := range kinds {
		if count[k] != n {
			t.Errorf("%s: %d rows, want %d", k, count[k], n)
		}
	}
}
