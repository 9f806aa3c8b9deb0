//go:build unix

package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/avrlab/avrlab/lab"
)

func csvRecords(out string) ([][]string, error) {
	r := csv.NewReader(strings.NewReader(out))
	r.FieldsPerRecord = -1
	return r.ReadAll()
}

// smallClass writes a class folder of two good submissions, a loop and three hostile names.
func smallClass(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	mkfile(t, dir, "a.S", readFile(t, "../../examples/speck64.S"))
	mkfile(t, dir, "b/main.S", readFile(t, "../../lab/testdata/speck64.S"))
	mkfile(t, dir, "loop.S", []byte(entry+"\trjmp speck64_128_encrypt\n"))
	mkfile(t, dir, `=HYPERLINK("x","y").S`, []byte(".error \"=1+1\"\n"))
	mkfile(t, dir, "esc\x1b[2J\nname.S", []byte(".error \"\\033[31mred\\nnext\"\n"))
	mkfile(t, dir, "@x/main.S", []byte("\tnop\n"))
	return dir
}

func TestGradeCSV(t *testing.T) {
	dir := smallClass(t)
	run := runBinary(t, dir, 60*time.Second, "grade", "-task", "speck64-128", "-csv", "-vectors", "5", "-max-cycles", "50000", ".")
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	if !strings.Contains(run.stderr, "[6/6]") {
		t.Errorf("no progress on stderr: %q", run.stderr)
	}
	recs := checkCSVSafe(t, run.stdout, 6)
	if len(recs) != 7 {
		t.Fatalf("CSV:\n%s", run.stdout)
	}
	if strings.Join(recs[0], ",") != strings.Join(append(csvHeader, csvMeasured...), ",") {
		t.Errorf("header %q", recs[0])
	}
	if recs[1][0] != "a.S" || recs[1][1] != "true" || recs[1][2] != "30.89" || recs[2][0] != "b" || recs[2][1] != "true" {
		t.Errorf("passing rows first, by RANK:\n%s", run.stdout)
	}
	want := map[string]string{
		`'=HYPERLINK("x","y").S`: `'=HYPERLINK("x","y").S:1:`,
		"'@x":                    "entry symbol",
		"loop.S":                 "did not return within 50000 cycles",
		`esc\x1b[2J\nname.S`:     `\x1b[31mred\nnext`,
	}
	for _, rec := range recs[3:] {
		w, ok := want[rec[0]]
		if !ok {
			t.Errorf("unexpected row %q", rec)
			continue
		}
		if rec[1] != "false" || !strings.Contains(rec[11], w) {
			t.Errorf("row %q: want a failure saying %q", rec, w)
		}
		delete(want, rec[0])
	}
	if len(want) > 0 {
		t.Errorf("rows missing: %q", want)
	}
}

func TestGradeJSON(t *testing.T) {
	dir := smallClass(t)
	run := runBinary(t, dir, 60*time.Second, "grade", "-task", "speck64-128", "-json", "-vectors", "5", "-max-cycles", "50000", "-j", "3", ".")
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	// encoding/json escapes control characters (\u001b, \n) and HTML characters; nothing raw is left.
	for _, c := range []byte(run.stdout[:len(run.stdout)-1]) {
		if c < 0x20 || c == 0x7f {
			t.Fatalf("raw control character 0x%02x in JSON output:\n%q", c, run.stdout)
		}
	}
	if !strings.Contains(run.stdout, `esc\u001b[2J\nname.S`) {
		t.Errorf("JSON does not escape the name: %s", run.stdout)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(run.stdout), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 6 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, k := range []string{"submission", "pass", "rank", "cycles", "cpb", "flash", "ram", "failures", "vectors", "constant_time", "abi_ok"} {
		if _, ok := rows[0][k]; !ok {
			t.Errorf("row lacks %q: %v", k, rows[0])
		}
	}
	if rows[0]["submission"] != "a.S" || rows[0]["pass"] != true || rows[0]["vectors"] != 6.0 {
		t.Errorf("first row %v", rows[0])
	}
	if p, _ := rows[5]["problem"].(string); rows[5]["pass"] != false || p == "" {
		t.Errorf("last row %v", rows[5])
	}
}

func TestGradeText(t *testing.T) {
	dir := smallClass(t)
	run := runBinary(t, dir, 60*time.Second, "grade", "-task", "speck64-128", "-vectors", "5", "-max-cycles", "50000", ".")
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	checkTextSafe(t, run.stdout, 6)
	for _, want := range []string{`esc\x1b[2J\nname.S`, `\x1b[31mred\nnext`, "a.S "} {
		if !strings.Contains(run.stdout, want) {
			t.Errorf("text lacks %q:\n%s", want, run.stdout)
		}
	}
	if !strings.HasPrefix(strings.Split(run.stdout, "\n")[2], "1    a.S") {
		t.Errorf("first row is not a.S:\n%s", run.stdout)
	}
	if strings.Contains(run.stderr, "\x1b") {
		t.Errorf("progress holds a raw ESC: %q", run.stderr)
	}
}

func TestNumericFlagBounds(t *testing.T) {
	p := filepath.Join("..", "..", "examples", "speck64.S")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"grade", "-task", "speck64-128", "-vectors", "9223372036854775807", p}, "-vectors must be between 0 and 100000"},
		{[]string{"grade", "-task", "speck64-128", "-vectors", "-1", p}, "-vectors must be between 0 and 100000"},
		{[]string{"grade", "-task", "speck64-128", "-max-cycles", "0", p}, "-max-cycles must be between 1 and 10000000000"},
		{[]string{"grade", "-task", "speck64-128", "-max-cycles", "10000000001", p}, "-max-cycles must be between 1 and 10000000000"},
		{[]string{"grade", "-task", "speck64-128", "-j", "0", p}, "-j must be between 1 and 256"},
		{[]string{"grade", "-task", "speck64-128", "-j", "257", p}, "-j must be between 1 and 256"},
		{[]string{"grade", "-task", "speck64-128", "-timeout", "0s", p}, "-timeout must be between 100ms and 24h0m0s"},
		{[]string{"grade", "-task", "speck64-128", "-timeout", "-1s", p}, "-timeout must be between"},
		{[]string{"grade", "-task", "speck64-128", "-mem", "64MiB", p}, "-mem must be between 128 MiB and 64 GiB"},
		{[]string{"grade", "-task", "speck64-128", "-mem", "1000GiB", p}, "-mem must be between 128 MiB and 64 GiB"},
		{[]string{"grade", "-task", "speck64-128", "-mem", "lots", p}, "want a size such as 512MiB"},
		{[]string{"grade", "-task", "speck64-128", "-csv", "-json", p}, "give one of -csv and -json"},
		{[]string{"grade", "-task", "speck64-128", "-device", "z80", p}, "unknown device"},
		{[]string{"bench", "-vectors", "9223372036854775807", p}, "-vectors must be between 0 and 100000"},
		{[]string{"bench", "-vectors", "-5", p}, "-vectors must be between 0 and 100000"},
		{[]string{"bench", "-max-cycles", "0", p}, "-max-cycles must be between 1 and 10000000000"},
		{[]string{"run", "-max-cycles", "18446744073709551615", p}, "-max-cycles must be between 1 and 10000000000"},
		{[]string{"run", "-dump", "0x10000:1", p}, "-dump wants ADDR:LEN"},
	} {
		code, out, stderr := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || out != "" {
			t.Errorf("%q: exit %d, stderr %q, want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
	var m memSize
	for in, want := range map[string]int64{"512": 512 << 20, "512MiB": 512 << 20, "1GiB": 1 << 30, "2G": 2 << 30, "131072K": 128 << 20} {
		if err := m.Set(in); err != nil || int64(m) != want {
			t.Errorf("-mem %s = %d, %v; want %d", in, m, err, want)
		}
	}
	if err := m.Set("9223372036854775807GiB"); err == nil {
		t.Errorf("-mem overflow accepted: %d", m)
	}
}

// hexRecord is one Intel HEX data record.
func hexRecord(addr uint16, data ...byte) string {
	sum := byte(len(data)) + byte(addr>>8) + byte(addr)
	s := fmt.Sprintf(":%02X%04X00", len(data), addr)
	for _, b := range data {
		s += fmt.Sprintf("%02X", b)
		sum += b
	}
	return s + fmt.Sprintf("%02X\n", -sum)
}

func hexLinear(upper uint16) string {
	sum := byte(2) + byte(4) + byte(upper>>8) + byte(upper)
	return fmt.Sprintf(":02000004%04X%02X\n", upper, -sum)
}

const hexEOF = ":00000001FF\n"

func TestDisasmPrintsOnlyPresentBytes(t *testing.T) {
	dir := t.TempDir()
	// ldi r16, 0x12 at 0 and nop at the last word of the ATmega128's flash.
	p := writeFile(t, dir, "end.hex", hexRecord(0, 0x02, 0xe1)+hexLinear(1)+hexRecord(0xfffe, 0, 0)+hexEOF)
	code, out, stderr := runCLI(t, "disasm", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if want := "     0:\tldi\tr16, 0x12\n 1fffe:\tnop\n"; out != want {
		t.Errorf("disasm printed\n%q\nwant\n%q", out, want)
	}
	// One record at 0x7FFFFE: past the flash of every device.
	p = writeFile(t, dir, "far.hex", hexLinear(0x7f)+hexRecord(0xfffe, 0, 0)+hexEOF)
	for _, cmd := range []string{"disasm", "run"} {
		code, out, stderr = runCLI(t, cmd, p)
		if code != 1 || out != "" || !strings.Contains(stderr, "data at address 0x7FFFFE is past the end of the atmega128's flash (0x20000 bytes)") {
			t.Errorf("%s far.hex: exit %d, %d bytes out, stderr %q", cmd, code, len(out), stderr)
		}
	}
	// Within the ATmega128's flash but past the ATmega328P's.
	p = writeFile(t, dir, "mid.hex", hexLinear(1)+hexRecord(0, 0, 0)+hexEOF)
	code, _, stderr = runCLI(t, "run", "-device", "atmega328p", p)
	if code != 1 || !strings.Contains(stderr, "data at address 0x10000 is past the end of the atmega328p's flash (0x8000 bytes)") {
		t.Errorf("run -device atmega328p mid.hex: exit %d, %q", code, stderr)
	}
}

func TestTextSafe(t *testing.T) {
	for in, want := range map[string]string{
		"plain name.S":          "plain name.S",
		"a\x1b[2Jb":             `a\x1b[2Jb`,
		"line\nnext":            `line\nnext`,
		"tab\tcr\rdel\x7f":      `tab\x09cr\x0ddel\x7f`,
		"c1 \u009b csi":         `c1 \x9b csi`,
		"bad \xff\xfe utf8":     `bad \xff\xfe utf8`,
		"rlo \u202e txt":        `rlo \u202e txt`,
		"ünïcödé … ok":          "ünïcödé … ok",
		"ls\u2028ps\u2029":      `ls\u2028ps\u2029`,
		"nul\x00bel\x07":        `nul\x00bel\x07`,
		"real \ufffd stays":     "real \ufffd stays",
		"isolate \u2066x\u2069": `isolate \u2066x\u2069`,
	} {
		if got := textSafe(in); got != want {
			t.Errorf("textSafe(%q) = %q, want %q", in, got, want)
		}
		if got := textSafe(in); !utf8.ValidString(got) {
			t.Errorf("textSafe(%q) is not UTF-8", in)
		}
	}
	for in, want := range map[string]string{"=1+1": "'=1+1", "+x": "'+x", "-2": "'-2", "@SUM(1)": "'@SUM(1)",
		"\tx": "'\tx", "\rx": "'\rx", "x=1": "x=1", "": "", "'=x": "'=x", "0.5": "0.5"} {
		if got := csvSafe(in); got != want {
			t.Errorf("csvSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestChildDeath(t *testing.T) {
	for _, c := range []struct{ stderr, status, want string }{
		{"runtime: goroutine stack exceeds 134217728-byte limit\nruntime: sp=0x1\nfatal error: stack overflow\n\nruntime stack:\n", "exit status 2",
			"crashed: fatal error: stack overflow"},
		{"fatal error: runtime: out of memory\n\nruntime stack:\n", "exit status 2", "killed: over 512 MiB while grading"},
		{"fatal error: out of memory allocating heap arena metadata\n", "exit status 2", "killed: over 512 MiB while grading"},
		{"fatal error: runtime: cannot allocate memory\n", "exit status 2", "killed: over 512 MiB while grading"},
		{"fatal error: concurrent map writes\n", "exit status 2", "crashed: fatal error: concurrent map writes"},
		{"panic: boom\n\ngoroutine 1 [running]:\n", "exit status 2", "crashed: panic: boom"},
		{"", "signal: killed", "killed: signal: killed"},
		{"odd\n", "exit status 3", "crashed: exit status 3: odd"},
	} {
		if got := childDeath(c.stderr, c.status, 512<<20); !strings.HasPrefix(got, c.want) {
			t.Errorf("childDeath(%q, %q) = %q, want %q", c.stderr, c.status, got, c.want)
		}
	}
}

// fakeChild writes a shell script that stands in for the avrlab binary in gradeInChild.
func fakeChild(t *testing.T, body string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("needs /bin/sh")
	}
	p := filepath.Join(t.TempDir(), "fake")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGradeInChildFailures runs gradeInChild with stand-ins for the child that hang (with a
// grandchild holding the output pipe), flood stdout, print garbage or die: each gives a row naming
// what happened, quickly.
func TestGradeInChildFailures(t *testing.T) {
	sub := lab.Submission{Label: "s", Dir: t.TempDir(), Main: "main.S"}
	lim := childLimits{Timeout: 500 * time.Millisecond, Mem: 512 << 20}
	for _, c := range []struct{ body, want string }{
		{"sleep 30 & sleep 30", "timed out after 0.5 s"},
		{"exec yes", "crashed: the grading process wrote over 1048576 bytes"},
		{"echo not-json", "crashed: the grading process gave no result"},
		{"echo 'fatal error: stack overflow' >&2; exit 2", "crashed: fatal error: stack overflow"},
		{"kill -9 $$", "killed: signal: killed"},
		{`cat >/dev/null; echo '{"submission":"forged","pass":true,"rank":99}'`, ""},
	} {
		start := time.Now()
		row := gradeInChild(fakeChild(t, c.body), sub, lab.Options{}, lim)
		took := time.Since(start)
		if c.want == "" {
			if row.Submission != "s" || !row.Pass {
				t.Errorf("%q: row %+v; the label must be the parent's", c.body, row)
			}
			continue
		}
		if row.Pass || !strings.HasPrefix(row.Problem, c.want) || row.Submission != "s" {
			t.Errorf("%q: row %+v, want problem %q", c.body, row, c.want)
		}
		if took > 5*time.Second {
			t.Errorf("%q: took %v", c.body, took)
		}
	}
}

// TestChildMemoryLimit checks the mechanism on this system: a process that applies the child limits
// for 128 MiB and then holds 400 MiB dies with an out-of-memory error that childDeath reports as over
// the limit, while one that holds 40 MiB runs normally.
func TestChildMemoryLimit(t *testing.T) {
	if os.Getenv("AVRLAB_TEST_MEMHOG") != "" {
		var n int
		fmt.Sscan(os.Getenv("AVRLAB_TEST_MEMHOG"), &n)
		if err := applyChildLimits(256<<20, 30); err != nil {
			fmt.Println(err)
			os.Exit(3)
		}
		var keep [][]byte
		for i := 0; i < n; i++ {
			b := make([]byte, 1<<20)
			b[0] = 1
			keep = append(keep, b)
		}
		fmt.Println("held", len(keep), "MiB")
		os.Exit(0)
	}
	if !hardMemoryLimit {
		t.Skip("no kernel memory limit on " + runtime.GOOS)
	}
	for _, c := range []struct {
		mib  string
		dies bool
	}{{"20", false}, {"800", true}} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestChildMemoryLimit$")
		cmd.Env = append(os.Environ(), "AVRLAB_TEST_MEMHOG="+c.mib)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if !c.dies {
			if err != nil || !strings.Contains(string(out), "held 20 MiB") {
				t.Errorf("20 MiB under a 256 MiB limit: %v %s\n%s", err, out, cutRunes(stderr.String(), 500))
			}
			continue
		}
		if err == nil {
			t.Errorf("800 MiB under a 256 MiB limit did not fail: %s", out)
			continue
		}
		if got := childDeath(stderr.String(), cmd.ProcessState.String(), 256<<20); got != "killed: over 256 MiB while grading" {
			t.Errorf("800 MiB under 256 MiB: %q\n%s", got, cutRunes(stderr.String(), 500))
		}
	}
}

// TestGradeTimeout grades an infinite loop under a cycle limit that takes the emulator about 15 s per
// call: the real child is killed at -timeout and the row says so, while the good row beside it passes.
func TestGradeTimeout(t *testing.T) {
	dir := t.TempDir()
	mkfile(t, dir, "a.S", readFile(t, "../../examples/speck64.S"))
	mkfile(t, dir, "loop.S", []byte(entry+"\trjmp speck64_128_encrypt\n"))
	run := runBinary(t, dir, 30*time.Second, "grade", "-task", "speck64-128", "-csv", "-vectors", "5",
		"-max-cycles", "10000000000", "-timeout", "1s", "-j", "1", ".")
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	recs := checkCSVSafe(t, run.stdout, 2)
	if len(recs) != 3 || recs[1][0] != "a.S" || recs[1][1] != "true" || recs[2][0] != "loop.S" || recs[2][11] != "timed out after 1 s" {
		t.Errorf("CSV:\n%s", run.stdout)
	}
	if run.wall > 10*time.Second {
		t.Errorf("took %v", run.wall)
	}
}

// TestGradePrograms grades a class of one program written four ways: one GNU file, a folder of two GNU
// files (the code and the round-key table, linked), an AVRASM2 file and a folder holding that file
// with an include of its own. All four assemble to the same bytes, so their rows must be equal but
// for the name. A folder mixing the dialects is refused with the reason.
func TestGradePrograms(t *testing.T) {
	dir := t.TempDir()
	gnu := string(readFile(t, "../../examples/speck64.S"))
	atmel := readFile(t, "../../examples/speck64-atmel.asm")
	cut := strings.Index(gnu, "        .global speck64_128_rk")
	if cut < 0 {
		t.Fatal("examples/speck64.S has no .global speck64_128_rk line to split at")
	}
	mkfile(t, dir, "one.S", []byte(gnu))
	mkfile(t, dir, "split/1-code.S", []byte(gnu[:cut]))
	mkfile(t, dir, "split/2-table.S", []byte("\t.text\n"+gnu[cut:]))
	mkfile(t, dir, "two.asm", atmel)
	mkfile(t, dir, "atmel/speck.asm", []byte(strings.Replace(string(atmel), `.include "m128def.inc"`, `.include "regs.inc"`, 1)))
	mkfile(t, dir, "atmel/regs.inc", []byte(".include \"m128def.inc\"\n"))
	mkfile(t, dir, "mixed/a.asm", atmel)
	mkfile(t, dir, "mixed/b.S", []byte("\tnop\n"))
	run := runBinary(t, dir, 60*time.Second, "grade", "-task", "speck64-128", "-json", "-vectors", "5", ".")
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	var rows []lab.GradeRow
	if err := json.Unmarshal([]byte(run.stdout), &rows); err != nil {
		t.Fatalf("%v\n%s", err, run.stdout)
	}
	if len(rows) != 5 {
		t.Fatalf("%d rows, want 5:\n%s", len(rows), run.stdout)
	}
	first := rows[0]
	for _, r := range rows[:4] {
		if !r.Pass || r.Problem != "" || r.Cycles != 1199 || r.Flash != 216 {
			t.Errorf("%s: pass %v, %d cycles, %d B, problem %q; want a pass in 1199 cycles, 216 B", r.Submission, r.Pass, r.Cycles, r.Flash, r.Problem)
		}
		r.Submission = first.Submission
		if r != first {
			t.Errorf("row %+v differs from %+v", r, first)
		}
	}
	if r := rows[4]; r.Submission != "mixed" || r.Pass || !strings.Contains(r.Problem, "AVRASM2 source is a program of its own") {
		t.Errorf("mixed folder: %+v", r)
	}
}

// TestGradeELF grades a class holding an avr-gcc ELF beside a source: the ELF's row counts its
// routine alone (speck64_128_encrypt, 166 B), as bench does.
func TestGradeELF(t *testing.T) {
	dir := t.TempDir()
	for src, dst := range map[string]string{"../../lab/testdata/speck64c.elf": "c.elf", "../../examples/speck64.S": "s.S"} {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, dst), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := runBinary(t, dir, 60*time.Second, "grade", "-task", "speck64-128", "-json", "-vectors", "5", ".")
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	var rows []struct {
		Submission string `json:"submission"`
		Pass       bool   `json:"pass"`
		Flash      int    `json:"flash"`
		Cycles     uint64 `json:"cycles"`
	}
	if err := json.Unmarshal([]byte(run.stdout), &rows); err != nil || len(rows) != 2 {
		t.Fatalf("%v\n%s", err, run.stdout)
	}
	if rows[1].Submission != "c.elf" || !rows[1].Pass || rows[1].Flash != 166 || rows[1].Cycles != 7064 {
		t.Errorf("ELF row: %+v", rows[1])
	}
}

// TestRunHexGapIsErased: run, bench and the page read HEX through one loader, so a word the file does
// not write is erased flash, 0xFFFF, as on a programmed chip and in simavr (an assembled source's .org
// gap is different: avr-as writes its zeros). Running into it stops with a fault that says so and
// where.
func TestRunHexGapIsErased(t *testing.T) {
	dir := t.TempDir()
	// ldi r16, 0x12 at 0; a one-word gap at 2; inc r16 and break at 4.
	p := writeFile(t, dir, "gap.hex", hexRecord(0, 0x02, 0xe1)+hexRecord(4, 0x03, 0x95, 0x98, 0x95)+hexEOF)
	code, out, stderr := runCLI(t, "run", "-json", p)
	var res struct {
		Stop   string
		Fault  string
		PC     uint32
		Cycles uint64
		R      []int
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, stderr)
	}
	// ldi 1 cycle, then the erased word at pc 1.
	if res.Stop != "fault" || res.Fault != "executing erased flash (0xffff, not written by the program) at pc 0x0001" ||
		res.PC != 1 || res.R[16] != 0x12 || res.Cycles != 1 {
		t.Errorf("run gap.hex: exit %d, %+v", code, res)
	}
}
