package lab_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

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
			check(!r.Pass && strings.Contains(r.Problem, "the limit is 1048576 bytes per file"), "size limit")
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

// TestGradeSubmissionRefusesSpecialFiles grades submissions whose main file or include is a named pipe,
// a symbolic link out of the folder or a sparse 1.2 GB file: each is refused with the reason, without
// blocking on the pipe or reading the big file.
func TestGradeSubmissionRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	mk := func(sub, name, text string) string {
		p := filepath.Join(dir, sub)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if name != "" {
			if err := os.WriteFile(filepath.Join(p, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return p
	}
	fifo := func(p string) {
		if out, err := exec.Command("mkfifo", p).CombinedOutput(); err != nil {
			t.Skipf("mkfifo: %v %s", err, out)
		}
	}
	fifo(filepath.Join(mk("fifo-main", "", ""), "main.S"))
	fifo(filepath.Join(mk("fifo-inc", "main.S", ".include \"p.inc\"\n"), "p.inc"))
	big := filepath.Join(mk("big", "main.S", ".include \"big.inc\"\n"), "big.inc")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 1_200_000_000); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(mk("link", "", ""), "main.S")); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"fifo-main": "named pipe", "fifo-inc": "p.inc", "big": "big.inc", "link": "main.S"}
	subs, err := lab.FindSubmissions([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != len(want) {
		t.Fatalf("%d submissions: %+v", len(subs), subs)
	}
	done := make(chan []lab.GradeRow, 1)
	go func() { done <- lab.Grade(subs, lab.Options{Task: "speck64-128", Vectors: 1}, nil) }()
	select {
	case rows := <-done:
		for _, r := range rows {
			w := want[filepath.Base(r.Submission)]
			if r.Pass || !strings.Contains(r.Problem, w) {
				t.Errorf("%s: pass %v, problem %q; want it to name %q", r.Submission, r.Pass, r.Problem, w)
			}
		}
	case <-time.After(20 * time.Second):
		t.Fatal("grading blocked (opened a named pipe?)")
	}
}

func TestSortRowsAndCutProblem(t *testing.T) {
	rows := []lab.GradeRow{
		{Submission: "d", Pass: false},
		{Submission: "c", Pass: true, Rank: 10},
		{Submission: "b", Pass: true, Rank: 20},
		{Submission: "a", Pass: true, Rank: 10},
		{Submission: "0", Pass: false},
	}
	lab.SortRows(rows)
	var got []string
	for _, r := range rows {
		got = append(got, r.Submission)
	}
	if strings.Join(got, " ") != "b a c 0 d" {
		t.Errorf("order %q, want b a c 0 d", got)
	}
	long := strings.Repeat("é", lab.MaxProblemBytes)
	cut := lab.CutProblem(long)
	if len(cut) > lab.MaxProblemBytes || !strings.HasSuffix(cut, "…") || !utf8.ValidString(cut) {
		t.Errorf("CutProblem: %d bytes, valid %v", len(cut), utf8.ValidString(cut))
	}
	if lab.CutProblem("short") != "short" {
		t.Error("CutProblem changed a short message")
	}
}

// TestGradeFolderPrograms grades folders as programs in this process: a folder of two GNU files (the
// SPECK-64 code and its round-key table, linked) and an AVRASM2 file give the row of the one-file GNU
// source; a folder whose second file includes out of the folder, and one with no sources, are refused
// with the reason.
func TestGradeFolderPrograms(t *testing.T) {
	gnu, err := os.ReadFile("../examples/speck64.S")
	if err != nil {
		t.Fatal(err)
	}
	atmel, err := os.ReadFile("../examples/speck64-atmel.asm")
	if err != nil {
		t.Fatal(err)
	}
	cut := bytes.Index(gnu, []byte("        .global speck64_128_rk"))
	if cut < 0 {
		t.Fatal("no .global speck64_128_rk line to split at")
	}
	dir := t.TempDir()
	files := map[string][]byte{
		"one.S":            gnu,
		"split/1-code.S":   gnu[:cut],
		"split/2-table.S":  append([]byte("\t.text\n"), gnu[cut:]...),
		"two.asm":          atmel,
		"escape/a.S":       gnu,
		"escape/b.S":       []byte(".include \"../one.S\"\n"),
		"nothing/notes.md": []byte("no sources here\n"),
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	subs, err := lab.FindSubmissions([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]lab.GradeRow{}
	for _, r := range lab.Grade(subs, lab.Options{Task: "speck64-128", Vectors: 3}, nil) {
		rows[filepath.Base(r.Submission)] = r
	}
	want := rows["one.S"]
	if !want.Pass || want.Cycles != 1199 {
		t.Fatalf("one.S: %+v", want)
	}
	for _, name := range []string{"split", "two.asm"} {
		r := rows[name]
		r.Submission = want.Submission
		if r != want {
			t.Errorf("%s: %+v, want the row of one.S %+v", name, rows[name], want)
		}
	}
	if r := rows["escape"]; r.Pass || !strings.Contains(r.Problem, `b.S:1:10: .include "../one.S": path outside the project folder`) {
		t.Errorf("escape: %+v", r)
	}
	if r := rows["nothing"]; r.Pass || !strings.Contains(r.Problem, "no source files in the folder") {
		t.Errorf("nothing: %+v", r)
	}
}

// TestGradeReusesMachinesSameRows: Grade builds each submission's machines over the last one's
// (lab.Machines); every row is the one GradeSubmission gives the submission alone, on new machines:
// passing, failing, over the cycle limit, in either order.
func TestGradeReusesMachinesSameRows(t *testing.T) {
	good, err := os.ReadFile("testdata/speck64.S")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a-good.S":  string(good),
		"b-wrong.S": "#define BUG_CONST 1\n" + string(good),
		"c-loop.S":  "#define BUG_LOOP 1\n" + string(good),
		"d-good.S":  strings.Replace(string(good), "eor     r22, r18", "eor     r22, r18\n\tnop", 1),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	subs, err := lab.FindSubmissions([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	opts := lab.Options{Task: "speck64-128", Vectors: 3, MaxCycles: 200000}
	alone := map[string]lab.GradeRow{}
	for _, s := range subs {
		alone[s.Label] = lab.GradeSubmission(s, opts)
	}
	for _, order := range [][]lab.Submission{subs, {subs[3], subs[2], subs[1], subs[0]}} {
		rows := lab.Grade(order, opts, nil)
		if len(rows) != len(subs) {
			t.Fatalf("%d rows", len(rows))
		}
		for _, r := range rows {
			if want := alone[r.Submission]; r != want {
				t.Errorf("%s: %+v, alone %+v", r.Submission, r, want)
			}
		}
	}
	if r := alone[subs[0].Label]; !r.Pass || alone[subs[1].Label].Pass || alone[subs[2].Label].Pass || !alone[subs[3].Label].Pass {
		t.Errorf("rows: %+v", alone)
	}
}

// BenchmarkGradeMachines grades eight copies of the Speck example on an ATmega2560 (256 KB of flash)
// with Grade, which builds each submission's machines over the last one's (kept), and, as the
// baseline in the same run, one GradeSubmission after another, each on new machines (alone).
func BenchmarkGradeMachines(b *testing.B) {
	good, err := os.ReadFile("testdata/speck64.S")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for i := range 8 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("s%d.S", i)), good, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	subs, err := lab.FindSubmissions([]string{dir})
	if err != nil {
		b.Fatal(err)
	}
	opts := lab.Options{Task: "speck64-128", Device: "atmega2560"}
	b.Run("alone", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, s := range subs {
				if r := lab.GradeSubmission(s, opts); !r.Pass {
					b.Fatalf("%+v", r)
				}
			}
		}
	})
	b.Run("kept", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, r := range lab.Grade(subs, opts, nil) {
				if !r.Pass {
					b.Fatalf("%+v", r)
				}
			}
		}
	})
}
