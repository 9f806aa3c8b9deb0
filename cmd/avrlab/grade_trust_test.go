//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/lab"
)

// The harness a student can read: nothing it checks may be predictable, and the teacher's settings
// decide what is measured (issue 17).

// knownVectorTable writes a SPECK-64/128 "implementation" with no cipher at all: a table of the
// answers to the vectors a bench with seed 0 and 100 random vectors runs (the official one first),
// looked up by the block. Before grading drew a fresh seed, this passed grade at a RANK no honest
// implementation reaches.
func knownVectorTable(t *testing.T) string {
	t.Helper()
	const entry = "speck64_128_encrypt:\n\tret\n"
	im, err := asm.Assemble("t.S", []byte("\t.global speck64_128_encrypt\n"+entry), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var tab strings.Builder
	n := 1 + lab.DefaultVectors
	for i := 0; i < n; i++ {
		_, cs, err := lab.PrepareCall(im, lab.Options{Task: "speck64-128", Seed: 0}, i, emu.Config{})
		if err != nil || cs.Report.Error != "" {
			t.Fatalf("vector %d: %v %v", i, err, cs)
		}
		var in string
		for _, b := range cs.Inputs {
			if b.Role == lab.RoleBlock {
				in = strings.ReplaceAll(b.Hex, " ", "")
			}
		}
		fmt.Fprintf(&tab, "\t.byte %s\n\t.byte %s\n", hexBytes(t, in), hexBytes(t, fmt.Sprintf("%x", cs.Expected)))
	}
	return fmt.Sprintf(`; avrlab task: speck64-128
	.text
	.global speck64_128_encrypt
speck64_128_encrypt:            ; no cipher: look the block up in a table of known answers
	ldi	r30, lo8(answers)
	ldi	r31, hi8(answers)
	ldi	r20, %d
next:
	movw	r26, r24
	ldi	r21, 8
	clr	r19
cmp:
	lpm	r0, Z+
	ld	r18, X+
	eor	r18, r0
	or	r19, r18
	dec	r21
	brne	cmp
	tst	r19
	breq	hit
	adiw	r30, 8
	dec	r20
	brne	next
	ret
hit:
	movw	r26, r24
	ldi	r21, 8
copy:
	lpm	r0, Z+
	st	X+, r0
	dec	r21
	brne	copy
	ret
answers:
%s`, n, tab.String())
}

// hexBytes writes hex digits as a .byte list.
func hexBytes(t *testing.T, h string) string {
	t.Helper()
	if len(h)%2 != 0 || h == "" {
		t.Fatalf("hex %q", h)
	}
	var b []string
	for i := 0; i < len(h); i += 2 {
		b = append(b, "0x"+h[i:i+2])
	}
	return strings.Join(b, ", ")
}

// gradeJSON grades dir's submissions with args and decodes the rows.
func gradeJSON(t *testing.T, dir string, args ...string) ([]lab.GradeRow, string) {
	t.Helper()
	run := runBinary(t, dir, 120*time.Second, append(append([]string{"grade", "-json"}, args...), ".")...)
	if run.code != 0 {
		t.Fatalf("exit %d: %s", run.code, run.stderr)
	}
	var rows []lab.GradeRow
	if err := json.Unmarshal([]byte(run.stdout), &rows); err != nil {
		t.Fatalf("%v:\n%s", err, run.stdout)
	}
	return rows, run.stdout
}

// TestGradeKnownVectorTable: the table of the answers to the vectors of seed 0 fails grading, with
// a fresh seed (its random vectors) and even with -seed 0 (the constant-time inputs, which now vary
// the key and are checked).
func TestGradeKnownVectorTable(t *testing.T) {
	dir := t.TempDir()
	mkfile(t, dir, "table.S", []byte(knownVectorTable(t)))
	for _, args := range [][]string{{"-task", "speck64-128"}, {"-task", "speck64-128", "-seed", "0"}} {
		rows, out := gradeJSON(t, dir, args...)
		if len(rows) != 1 || rows[0].Pass || rows[0].Rank != 0 || rows[0].Problem == "" {
			t.Errorf("grade %v: the known-answer table passes:\n%s", args, out)
		}
	}
	// Its official vector is right: the table is what it claims to be.
	rep := benchSource(t, knownVectorTable(t), lab.Options{Vectors: -1})
	if rep.Official == nil || !rep.Official.OK {
		t.Fatalf("the table does not answer the official vector: %+v", rep.Official)
	}
}

// benchSource benches a source held in memory.
func benchSource(t *testing.T, src string, opts lab.Options) *lab.Report {
	t.Helper()
	rep, _, err := lab.BenchSource("main.S", []byte(src), nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestGradeSeed: every row carries the seed and what was measured; a run without -seed draws a new
// seed, and the same seed gives byte-identical output in every format.
func TestGradeSeed(t *testing.T) {
	dir := t.TempDir()
	mkfile(t, dir, "a.S", readFile(t, "../../lab/testdata/speck64.S"))
	mkfile(t, dir, "b.S", []byte("; avrlab task: speck64-128\n\tnop\n"))
	r1, _ := gradeJSON(t, dir, "-task", "speck64-128", "-vectors", "3")
	r2, _ := gradeJSON(t, dir, "-task", "speck64-128", "-vectors", "3")
	if len(r1) != 2 || len(r2) != 2 {
		t.Fatalf("rows %v %v", r1, r2)
	}
	if r1[0].Seed == r2[0].Seed {
		t.Errorf("two runs without -seed have the same seed %d", r1[0].Seed)
	}
	for _, r := range r1 {
		if r.Seed != r1[0].Seed || r.Task != "speck64-128" || r.Scenario != "fixed-key" || r.Device != "atmega128" ||
			r.Call != "speck64_128_encrypt(block, rk)" {
			t.Errorf("row %s does not name what was measured: %+v", r.Submission, r)
		}
	}
	seed := fmt.Sprint(r1[0].Seed)
	for _, format := range [][]string{{"-json"}, {"-csv"}, nil} {
		args := append(append([]string{"grade", "-task", "speck64-128", "-vectors", "3", "-seed", seed}, format...), ".")
		a, b := runBinary(t, dir, 60*time.Second, args...), runBinary(t, dir, 60*time.Second, args...)
		if a.code != 0 || a.stdout != b.stdout {
			t.Errorf("%v twice: exit %d, outputs differ:\n%s\n%s", format, a.code, a.stdout, b.stdout)
		}
		if !strings.Contains(a.stdout, seed) {
			t.Errorf("%v: the seed %s is not in the output:\n%s", format, seed, a.stdout)
		}
	}
	if text := runBinary(t, dir, 60*time.Second, "grade", "-task", "speck64-128", "-vectors", "3", "-seed", "42", "."); !strings.HasPrefix(text.stdout,
		"# task speck64-128 · scenario fixed-key · device atmega128 · seed 42 ") {
		t.Errorf("text header:\n%s", text.stdout)
	}
}

// TestGradeTeacherSettingsWin: the key-schedule exercise's starter, which has no key schedule, with
// one "; avrlab call:" line asking for the expanded key, fails under the exercise and under
// -scenario key-schedule, saying why; a task line or a call line that contradicts -task or -call fails
// too, and a line that agrees with them does not.
func TestGradeTeacherSettingsWin(t *testing.T) {
	starter := string(readFile(t, "../../examples/exercises/speck64-key-schedule/starter.S"))
	dir := t.TempDir()
	mkfile(t, dir, "cheat.S", []byte("; avrlab call: speck64_128_encrypt(block, key, rk)\n"+starter))
	ex, err := filepath.Abs("../../examples/exercises/speck64-key-schedule")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-exercise", ex}, {"-task", "speck64-128", "-scenario", "key-schedule"}} {
		run := runBinary(t, dir, 60*time.Second, append(append([]string{"grade", "-json"}, args...), ".")...)
		var rows []struct {
			lab.GradeRow
			Goals []lab.GoalResult `json:"goals"`
		}
		if err := json.Unmarshal([]byte(run.stdout), &rows); err != nil || len(rows) != 1 {
			t.Fatalf("%v: %v\n%s%s", args, err, run.stdout, run.stderr)
		}
		r := rows[0]
		if r.Pass || !strings.Contains(r.Problem, "does not fit the graded scenario key-schedule") || r.Scenario != "key-schedule" {
			t.Errorf("%v: the starter with a call line asking for the round keys: %+v", args, r)
		}
		for _, g := range r.Goals {
			if g.Met && g.Goal.Text != "constant-time" {
				t.Errorf("%v: goal %q met", args, g.Goal.Text)
			}
		}
	}
	// Without the line, under the bench (no teacher), the call line still chooses the call.
	if rep := benchSource(t, "; avrlab call: speck64_128_encrypt(block, key, rk)\n"+starter, lab.Options{Scenario: "key-schedule", Vectors: 2}); !rep.Pass {
		t.Errorf("bench follows the source's call line: %s", rep.Error)
	}

	src := string(readFile(t, "../../lab/testdata/speck64.S"))
	cases := []struct {
		name, src string
		args      []string
		want      string // "" = passes
	}{
		{"task line", strings.Replace(src, "; avrlab task: speck64-128", "; avrlab task: cham64-128", 1), []string{"-task", "speck64-128"},
			`the source's "; avrlab task: cham64-128" line contradicts the graded task speck64-128`},
		{"call line against -call", "; avrlab call: speck64_128_encrypt(block, key)\n" + src,
			[]string{"-task", "speck64-128", "-call", "speck64_128_encrypt(block, rk)"},
			`line contradicts the graded call speck64_128_encrypt(block, rk)`},
		{"call line agreeing with -call", "; avrlab call: speck64_128_encrypt(block, rk)\n" + src,
			[]string{"-task", "speck64-128", "-call", "speck64_128_encrypt(block, rk)"}, ""},
		{"call line fitting the scenario", "; avrlab call: speck64_128_encrypt(block, rk)\n" + src, []string{"-task", "speck64-128"}, ""},
		// A device line would pick a faster core (the ATxmega's one-cycle stores) or more SRAM.
		{"device line against the task's", "; avrlab device: atxmega128a1\n" + src, []string{"-task", "speck64-128"},
			`the source's "; avrlab device: atxmega128a1" line contradicts the graded device atmega128`},
		{"device line agreeing", "; avrlab device: atmega128\n" + src, []string{"-task", "speck64-128"}, ""},
	}
	for _, c := range cases {
		d := t.TempDir()
		mkfile(t, d, "main.S", []byte(c.src))
		rows, out := gradeJSON(t, d, append(c.args, "-vectors", "2")...)
		if len(rows) != 1 {
			t.Fatalf("%s: %s", c.name, out)
		}
		switch r := rows[0]; {
		case c.want == "" && !r.Pass:
			t.Errorf("%s: fails: %s", c.name, r.Problem)
		case c.want != "" && (r.Pass || !strings.Contains(r.Problem, c.want)):
			t.Errorf("%s: want a failure saying %q, got %+v", c.name, c.want, r)
		}
	}
}

// TestBenchSeed: bench draws a fresh seed unless -seed is given, prints it, and -seed repeats the
// run; the figures of a constant-time routine do not depend on the seed.
func TestBenchSeed(t *testing.T) {
	p := filepath.Join("..", "..", "examples", "speck64.S")
	var seeds []uint64
	var figures []string
	for range 2 {
		code, out, errOut := runCLI(t, "bench", "-json", "-vectors", "3", p)
		var rep lab.Report
		if err := json.Unmarshal([]byte(out), &rep); code != 0 || err != nil {
			t.Fatalf("exit %d, %v: %s", code, err, errOut)
		}
		seeds = append(seeds, rep.Seed)
		figures = append(figures, fmt.Sprint(rep.CyclesMin, rep.CyclesMax, rep.Flash, rep.RAM, rep.Rank, rep.ConstantTime))
	}
	if seeds[0] == seeds[1] {
		t.Errorf("two benches without -seed drew the same seed %d", seeds[0])
	}
	if figures[0] != figures[1] {
		t.Errorf("the figures of a constant-time routine depend on the seed: %s vs %s", figures[0], figures[1])
	}
	s := fmt.Sprint(seeds[0])
	_, a, _ := runCLI(t, "bench", "-vectors", "3", "-seed", s, p)
	_, b, _ := runCLI(t, "bench", "-vectors", "3", "-seed", s, p)
	if a != b || !strings.Contains(strings.SplitN(a, "\n", 2)[0], "seed "+s) {
		t.Errorf("-seed %s twice:\n%s\n%s", s, a, b)
	}
}
