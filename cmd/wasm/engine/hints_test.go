package engine

import (
	"encoding/json"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

// TestNoCode: a file of definitions, an empty file and a renamed include are told apart from a
// program that faults; before, all three gave "illegal opcode 0xffff at pc 0x0000".
func TestNoCode(t *testing.T) {
	files := map[string]string{
		"keys.inc":  "; round-key notes\n.macro twice r\n\tlsl \\r\n.endm\n.equ K, 3\n",
		"main.S":    "",
		"prog.S":    ".include \"keys.inc\"\n\tldi r16, K\n\tsleep\n",
		"old.S":     ".include \"gone.inc\"\n",
		"gone2.inc": "\n",
	}
	for _, tc := range []struct{ main, want string }{
		{"keys.inc", "prog.S includes it"},
		{"main.S", "emits no code"},
		{"gone2.inc", `old.S includes "gone.inc", which is not among the files`},
	} {
		r := Bench(Request{Files: files, Main: tc.main}, nil)
		if !r.NoCode || r.Run != nil || r.Report != nil || !strings.Contains(r.Note, tc.want) {
			t.Errorf("%s: no_code %v note %q run %+v; want a note with %q", tc.main, r.NoCode, r.Note, r.Run, tc.want)
		}
	}
	if r := Bench(Request{Files: files, Main: "prog.S"}, nil); r.NoCode || r.Run == nil || r.Run.R[16] != 3 {
		t.Errorf("prog.S: %+v", r)
	}
}

// TestRunFaultMarked: a run-mode fault names its line in FaultAt, and running off the end of the code
// says how to stop.
func TestRunFaultMarked(t *testing.T) {
	src := "\tldi r16, 1\n\tldi r17, 2\n"
	r := Bench(Request{Files: map[string]string{"a.S": src}, Main: "a.S"}, nil)
	if r.Run == nil || r.Run.Stop != "fault" || !strings.Contains(r.Run.Fault, "end it with sleep") {
		t.Fatalf("ran off the end: %+v", r.Run)
	}
	// The fault is at the first erased word, which no line emitted: nothing to mark.
	if r.FaultAt != nil {
		t.Errorf("fault in erased flash marked at %+v", r.FaultAt)
	}
	// A push with SP = 0 (the ATmega128's reset value) overflows the stack on line 2.
	src = "\tldi r16, 1\n\tpush r16\n\tsleep\n"
	r = Bench(Request{Files: map[string]string{"a.S": src}, Main: "a.S"}, nil)
	if r.FaultAt == nil || r.FaultAt.Line != 2 || r.FaultAt.File != "a.S" || r.FaultAt.Severity != "fault" {
		t.Errorf("stack overflow at line 2: fault_at %+v (%+v)", r.FaultAt, r.Run)
	}
	if strings.Contains(r.Run.Fault, "end it with sleep") {
		t.Errorf("a stack fault told to end with sleep: %s", r.Run.Fault)
	}
}

// TestPageText: one problem of the lab (data: a kind, the option, a text with option references) in
// the CLI's words and in the page's: flags there, fields here, the same sentence otherwise.
func TestPageText(t *testing.T) {
	// A routine that reads an argument the call does not pass: the harness suggests calls.
	src := "; avrlab task: cham64-128\n\t.global cham64_128_encrypt\ncham64_128_encrypt:\n\tmovw r30, r20\n\tld r0, Z\n\tret\n"
	rep, _, err := lab.BenchSource("p.S", []byte(src), nil, lab.Options{Vectors: -1})
	if err != nil || rep.Problem == nil {
		t.Fatalf("bench: %v, %+v", err, rep)
	}
	p := rep.Problem
	cli, page := p.Render(lab.CLINames), PageText(p)
	if p.Kind != lab.ProblemFault || p.Option != lab.OptCall || p.Pos == nil || p.Pos.Line != 5 || cli != rep.Error {
		t.Errorf("problem %+v (pos %v), CLI text %q, report error %q", p, p.Pos, cli, rep.Error)
	}
	if !strings.Contains(cli, "try -call 'cham64_128_encrypt(out, in, rk)' or -call 'cham64_128_encrypt(key, out, in)'") {
		t.Errorf("CLI words: %q", cli)
	}
	if !strings.Contains(page, `try Call "cham64_128_encrypt(out, in, rk)" or Call "cham64_128_encrypt(key, out, in)"`) || strings.Contains(page, "-call") {
		t.Errorf("page words: %q", page)
	}
	if i, j := strings.Index(cli, " try "), strings.Index(page, " try "); i < 0 || cli[:i] != page[:j] {
		t.Errorf("the texts differ beyond the option names:\n%s\n%s", cli, page)
	}
	// A text that offers an option the page does not have (-entry) offers it only the Call field; the
	// no-task error names the picker.
	entry := lab.Text{{Text: "name another with "}, {Either: []lab.Segment{{Option: lab.OptEntry, Value: "NAME"}, {Option: lab.OptCall, Value: "NAME(ARG, ...)"}}}}
	if got := entry.Render(lab.CLINames); got != "name another with -entry NAME or -call 'NAME(ARG, ...)'" {
		t.Errorf("CLI: %q", got)
	}
	if got := entry.Render(PageNames); got != `name another with Call "NAME(ARG, ...)"` {
		t.Errorf("page: %q", got)
	}
	if got := pageError(lab.ErrNoTask); !strings.HasPrefix(got, "no task: give a task (pick one) or put") || lab.ErrNoTask.Error() != `no task: give -task or put "; avrlab task: ID" in the first lines of the source` {
		t.Errorf("no task: page %q, CLI %q", got, lab.ErrNoTask)
	}
	// Through Bench: a runaway routine.
	src = "; avrlab task: cham64-128\n\t.global cham64_128_encrypt\ncham64_128_encrypt:\n\trjmp cham64_128_encrypt\n"
	r := Bench(Request{Files: map[string]string{"loop.S": src}, Main: "loop.S", MaxCycles: 5000, Vectors: -1}, nil)
	if r.Report == nil || !strings.Contains(r.Report.Error, "Cycle limit field") {
		t.Errorf("runaway: %+v", r.Report)
	}
	if r.FaultAt != nil {
		t.Errorf("a cycle limit marked as a fault at %+v", r.FaultAt)
	}
}

// TestDefines: the Defines field reaches the preprocessor; the CHAM-64 example with ROUNDS=88 passes
// the 2019 revision's task (88 rounds), which it fails without.
func TestDefines(t *testing.T) {
	m, err := ParseDefines(" ROUNDS=88, DEBUG ;X=0x1f")
	if err != nil || !reflect.DeepEqual(m, map[string]string{"ROUNDS": "88", "DEBUG": "", "X": "0x1f"}) {
		t.Errorf("ParseDefines: %v %v", m, err)
	}
	for _, bad := range []string{"9X=1", "A-B", "=3"} {
		if _, err := ParseDefines(bad); err == nil || !strings.Contains(err.Error(), "ROUNDS=88") {
			t.Errorf("ParseDefines(%q): %v", bad, err)
		}
	}
	src, err := fs.ReadFile(examples.FS, "cham64-v2.S")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"c.S": string(src)}
	r := Bench(Request{Files: files, Main: "c.S", Task: "cham64-128-r19", Vectors: 3}, nil)
	if r.Report == nil || r.Report.Pass {
		t.Fatalf("80 rounds passed the 88-round task: %+v", r.Report)
	}
	r = Bench(Request{Files: files, Main: "c.S", Task: "cham64-128-r19", Vectors: 3, Defines: "ROUNDS=88"}, nil)
	if r.Report == nil || !r.Report.Pass {
		t.Fatalf("ROUNDS=88 on cham64-128-r19: %+v", r.Report)
	}
	if r := Bench(Request{Files: files, Main: "c.S", Defines: "1X"}, nil); !strings.Contains(r.Error, "defines") {
		t.Errorf("bad defines: %+v", r)
	}
}

// TestIncluderDialect: a file that another file includes is read in the includer's dialect (a keys.inc
// of GNU macros under a GNU prog.S: no code, not AVRASM2 errors); alone, a .inc is AVRASM2 (asm's rule),
// and a file's own "; avrlab dialect:" line wins over its includer.
func TestIncluderDialect(t *testing.T) {
	macros := ".macro twice r\n\tlsl \\r\n.endm\n"
	alone := Bench(Request{Files: map[string]string{"keys.inc": macros}, Main: "keys.inc"}, nil)
	if !hasErrors(alone.Errors) || !strings.Contains(alone.Errors[0].Msg, "AVRASM2") {
		t.Errorf("a lone keys.inc of GNU macros: %+v", alone.Errors)
	}
	files := map[string]string{"keys.inc": macros, "prog.S": ".include \"keys.inc\"\n\tsleep\n"}
	if r := Bench(Request{Files: files, Main: "keys.inc"}, nil); len(r.Errors) != 0 || !r.NoCode {
		t.Errorf("keys.inc under prog.S: errors %+v, no code %v", r.Errors, r.NoCode)
	}
	files["keys.inc"] = "; avrlab dialect: atmel\n" + macros
	if r := Bench(Request{Files: files, Main: "keys.inc"}, nil); !hasErrors(r.Errors) {
		t.Errorf("keys.inc marked atmel: no AVRASM2 errors: %+v", r)
	}
}

// TestIncludeGraph: the response's include graph is what the assembler followed (the main file's
// assembly, and each other source as far as its includes): a directive in a false #if or .if is not
// in it (a scan of the text counted it), a built-in header is not a file of the request, and an
// include of another file that names no file sent is a warning at its directive.
func TestIncludeGraph(t *testing.T) {
	files := map[string]string{
		"main.S":    "#include <avr/io.h>\n#include \"lib/a.h\"\n\t.include \"keys.inc\"\n#if 0\n#include \"old.h\"\n#endif\n\tsleep\n",
		"lib/a.h":   "#include \"c.h\"\n",
		"lib/c.h":   "; c\n",
		"keys.inc":  "; avrlab dialect: gnu\n.equ K, 3\n",
		"other.S":   ".if 0\n.include \"main.S\"\n.endif\n  .include \"gone.inc\"\n  .include \"keys.inc\"\n",
		"README.md": "#include \"never.h\"\n",
	}
	r := Bench(Request{Files: files, Main: "main.S", Task: TaskRun}, nil)
	want := []Include{
		{From: "lib/a.h", Line: 1, Col: 2, Name: "c.h", File: "lib/c.h"},
		{From: "main.S", Line: 2, Col: 2, Name: "lib/a.h", File: "lib/a.h"},
		{From: "main.S", Line: 3, Col: 2, Name: "keys.inc", File: "keys.inc"},
		{From: "other.S", Line: 4, Col: 3, Name: "gone.inc", File: ""},
		{From: "other.S", Line: 5, Col: 3, Name: "keys.inc", File: "keys.inc"},
	}
	if !reflect.DeepEqual(r.Includes, want) {
		t.Errorf("includes:\n got %+v\nwant %+v", r.Includes, want)
	}
	probs := []Diagnostic{{File: "other.S", Line: 4, Col: 3, Severity: "warning", Msg: `other.S includes "gone.inc", which is not among the files`}}
	if !reflect.DeepEqual(r.IncludeProblems, probs) {
		t.Errorf("include problems %+v, want %+v", r.IncludeProblems, probs)
	}
	if hasErrors(r.Errors) || r.Run == nil {
		t.Errorf("main.S: errors %+v, run %+v", r.Errors, r.Run)
	}
	// other.S as the main file: its missing include is its own error, not a warning besides.
	r = Bench(Request{Files: files, Main: "other.S", Task: TaskRun}, nil)
	if !hasErrors(r.Errors) || r.Errors[0].Line != 4 || len(r.IncludeProblems) != 0 {
		t.Errorf("other.S: errors %+v, include problems %+v", r.Errors, r.IncludeProblems)
	}
	// A .if 0'd include of main.S is no includer: main.S stays main.S's own (no "other.S includes it").
	r = Bench(Request{Files: map[string]string{"main.S": "; definitions\n", "other.S": files["other.S"]}, Main: "main.S"}, nil)
	if !r.NoCode || strings.Contains(r.Note, "other.S includes it") || !strings.Contains(r.Note, `other.S includes "gone.inc"`) {
		t.Errorf("main.S of definitions: %q", r.Note)
	}
}

// TestIncludeCache: the graph of a request served with a cache is the one served without, through
// edits that change what a cached file's directives read: the included file's own includes (under a
// #define of the includer, so that only the includer's assembly meets them), a file
// added that a directive did not find before, the defines of a #if around an include.
func TestIncludeCache(t *testing.T) {
	var cache IncludeCache
	files := map[string]string{
		"main.S":  "\tsleep\n",
		"other.S": "#define FROM_OTHER 1\n#ifdef WITH_B\n#include \"b.h\"\n#endif\n#include \"a.h\"\n  .include \"later.inc\"\n",
		"a.h":     "; a\n",
		"b.h":     "; b\n",
	}
	step := func(what, defines string) {
		t.Helper()
		req := Request{Files: files, Main: "main.S", Task: TaskRun, Defines: defines}
		want := Bench(req, nil).Includes
		arg, _ := json.Marshal(req)
		var got Response
		if err := json.Unmarshal(HandleCached(nil, Caches{Includes: &cache}, "bench", arg, nil), &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Includes, want) {
			t.Errorf("%s: cached %+v, want %+v", what, got.Includes, want)
		}
		if _, ok := cache.entries["other.S\x00"+isa.DefaultDevice+"\x00"+definesKey(mustDefines(t, defines))]; !ok {
			t.Errorf("%s: other.S not cached", what)
		}
	}
	step("first", "")
	step("again", "")
	files["a.h"] = "#ifdef FROM_OTHER\n#include \"b.h\"\n#endif\n" // only other.S's assembly meets it
	step("a.h includes b.h", "")
	files["later.inc"] = "nop\n"
	step("later.inc added", "")
	step("WITH_B defined", "WITH_B")
	if n := len(Bench(Request{Files: files, Main: "main.S", Task: TaskRun, Defines: "WITH_B"}, nil).Includes); n != 4 {
		t.Errorf("%d directives with WITH_B, want 4 (other.S: b.h, a.h, later.inc; a.h: b.h)", n)
	}
}

// TestMayInclude: the files assembled for their includes are those with the word after a '.' or a
// '#'; prose that says "included" is not.
func TestMayInclude(t *testing.T) {
	for src, want := range map[string]bool{
		"#include \"a.h\"": true, "  .include \"k.inc\"": true, "# \tinclude <x>": true, ".INCLUDE \"m.inc\"": true,
		"; the call included": false, "includes": false, "": false, "x.y include": false,
	} {
		if got := mayInclude(src); got != want {
			t.Errorf("mayInclude(%q) = %v, want %v", src, got, want)
		}
	}
}

func mustDefines(t *testing.T, s string) map[string]string {
	t.Helper()
	d, err := ParseDefines(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
