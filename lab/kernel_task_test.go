package lab_test

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
)

// TestKernelTask benches a C schoolbook 160-bit multiplication compiled by avr-gcc: a kernel task's
// buffers (r out, a and b in) in avr-gcc order, checked against math/big through lab/kernel, reported
// in cycles per call with no cycles per byte or RANK.
func TestKernelTask(t *testing.T) {
	oracle.NeedGNU(t)
	dir := t.TempDir()
	elf := filepath.Join(dir, "mpmul160.elf")
	if out, err := exec.Command("avr-gcc", "-Os", "-mmcu=atmega128", "-o", elf, "testdata/kernels/mpmul160.c").CombinedOutput(); err != nil {
		t.Fatalf("avr-gcc: %v\n%s", err, out)
	}
	rep, _, err := lab.BenchFile(os.DirFS(dir), "mpmul160.elf", lab.Options{Task: "mpmul-160", Vectors: 20})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Pass || rep.Kind != lab.KindKernel || rep.Call != "mpmul160(r, a, b)" || rep.CPB != 0 || rep.Rank != 0 ||
		!rep.ConstantTime || rep.CyclesMin != rep.CyclesMax || rep.Vectors != 21 {
		t.Fatalf("want a constant-time pass in cycles per call: %s", dump(rep))
	}
	if len(rep.Buffers) != 3 || rep.Buffers[0].Role != "r" || rep.Buffers[0].Register != "r25:r24" || rep.Buffers[0].Size != 40 ||
		rep.Buffers[2].Role != "b" || rep.Buffers[2].Register != "r21:r20" {
		t.Errorf("buffers: %+v", rep.Buffers)
	}
	// The published rows of the task come with it.
	if rows := lab.LookupTask("mpmul-160").PublishedKernel(); len(rows) == 0 || rows[0].Cycles == 0 {
		t.Errorf("no published mpmul-160 rows: %+v", rows)
	}
}

// TestKernelTaskErrors: a routine that returns at once fails with the expected and the got product;
// a call that misses an argument or names an unknown one is refused with the task's call.
func TestKernelTaskErrors(t *testing.T) {
	rep := benchText(t, "; avrlab task: mpmul-160\n\t.global mpmul160\nmpmul160:\n\tret\n", lab.Options{Vectors: 3})
	if rep.Pass || rep.FirstFailure == nil || rep.FirstFailure.Output != "r" || len(rep.FirstFailure.Expected) != 80 {
		t.Errorf("want the product shown wrong: %s", dump(rep))
	}
	rep = benchText(t, "; avrlab task: mpmul-160\nmpmul160: ret\n", lab.Options{Call: "mpmul160(r, a)"})
	if !strings.Contains(rep.Error, "passes 2 of the task's 3 arguments (mpmul160(r, a, b))") {
		t.Errorf("short call: %q", rep.Error)
	}
	if _, _, err := lab.BenchFile(memFS("mpmul160: ret\n"), "main.S", lab.Options{Task: "mpmul-160", Call: "mpmul160(r, a, block)"}); err == nil ||
		!strings.Contains(err.Error(), `unknown argument "block" (known: r, a, b)`) {
		t.Errorf("unknown argument: %v", err)
	}
	if _, _, err := lab.BenchFile(memFS("mpmul160: ret\n"), "main.S", lab.Options{Task: "mpmul-160", Scenario: "fixed-key"}); err == nil ||
		!strings.Contains(err.Error(), "is a kernel") {
		t.Errorf("cipher scenario on a kernel: %v", err)
	}
}

// TestProgramFolderLeavesIncludedSources: a folder whose main.S #includes round.S and .includes
// keys.inc links main.S alone (round.S is part of it, its two bytes once); an include the assembler
// does not follow (in a comment, in a false #if) leaves the file linked; two independent files are
// linked together.
func TestProgramFolderLeavesIncludedSources(t *testing.T) {
	fsys := fstest.MapFS{
		"a/main.S":   {Data: []byte("#include \"round.S\"\n\t.include \"keys.inc\"\nmain: rcall round\n")},
		"a/round.S":  {Data: []byte("round: ret\n")},
		"a/keys.inc": {Data: []byte("\t.equ K, 1\n")},
		"b/one.S":    {Data: []byte("\t.global f\nf: rcall g\n")},
		"b/two.S":    {Data: []byte("\t.global g\ng: ret\n")},
		"c/main.S":   {Data: []byte("/*\n#include \"round.S\"\n*/\n#if 0\n.include \"round.S\"\n#endif\n\t.global main\nmain: rcall round\n")},
		"c/round.S":  {Data: []byte("\t.global round\nround: ret\n")},
	}
	p, err := lab.ProgramFolder(fsys, "a")
	if err != nil || strings.Join(p.Files, " ") != "a/main.S a/round.S" || !p.OmitIncluded {
		t.Fatalf("folder a: %v %v", p, err)
	}
	im, err := p.Assemble("", nil)
	if err != nil {
		t.Fatalf("folder a assembles: %v", err)
	}
	// ret (08 95) from round.S, then rcall round (-2 words: fe df).
	if got := fmt.Sprintf("% x", im.Flash); got != "08 95 fe df" {
		t.Errorf("folder a: flash %s, want round.S's ret once, then main's rcall: 08 95 fe df", got)
	}
	p, err = lab.ProgramFolder(fsys, "c")
	if err != nil {
		t.Fatal(err)
	}
	if im, err := p.Assemble("", nil); err != nil || fmt.Sprintf("% x", im.Flash) != "00 d0 08 95" {
		t.Errorf("folder c (includes commented out): %v, flash % x; want both files linked, main.S first: 00 d0 08 95", err, im.Flash)
	}
	p, err = lab.ProgramFolder(fsys, "b")
	if err != nil || strings.Join(p.Files, " ") != "b/one.S b/two.S" {
		t.Fatalf("folder b: %v %v", p.Files, err)
	}
	if _, err := p.Assemble("", nil); err != nil {
		t.Errorf("folder b links: %v", err)
	}
}

// TestArgumentsInCalleeSavedPairs: from the fifth argument on, avr-gcc passes pointers in r17:r16 ..
// r9:r8, registers the routine must return as it got them (holding the argument, not the harness's
// planted value). The Ring-LWE encryption example (eight pointers, the last in r11:r10) keeps the ABI;
// the same routine with r16 (m's low byte) complemented before its return does not.
func TestArgumentsInCalleeSavedPairs(t *testing.T) {
	src, err := fs.ReadFile(examples.FS, "rlwe256-enc-xmega.S")
	if err != nil {
		t.Fatal(err)
	}
	ntt, err := fs.ReadFile(examples.FS, "ntt256-xmega.S")
	if err != nil {
		t.Fatal(err)
	}
	rep := benchText(t, string(src), lab.Options{Vectors: 2}, "ntt256-xmega.S", string(ntt))
	if !rep.Pass || !rep.ABIOK {
		t.Fatalf("rlwe256-enc-xmega.S: %s %s", rep.Error, rep.ABIDetail)
	}
	bad := replaceOnce(t, string(src), "        pop     r2\n        clr     r1\n", "        pop     r2\n        clr     r1\n        com     r16\n")
	rep = benchText(t, bad, lab.Options{Vectors: 2}, "ntt256-xmega.S", string(ntt))
	if rep.Pass || rep.ABIOK || !strings.Contains(rep.ABIDetail, "callee-saved r16 not restored") {
		t.Errorf("complementing r16 (an argument register) keeps the ABI: %q\n%s", rep.ABIDetail, dump(rep))
	}
}

// TestRLWEPublishedRows: Liu et al.'s medium-term rows belong to the Ring-LWE tasks, decryption as a
// comparable row (its call is the published boundary), encryption and key generation as context
// (their published cycles include the Gaussian sampling the calls receive done); the long-term rows
// (n = 512) belong to none of them.
func TestRLWEPublishedRows(t *testing.T) {
	for id, want := range map[string]struct {
		cycles  int
		context bool
	}{"rlwe256-enc": {672000, true}, "rlwe256-dec": {276000, false}, "rlwe256-keygen": {590000, true}} {
		rows := lab.LookupTask(id).PublishedKernel()
		if len(rows) != 1 || rows[0].Cycles != want.cycles || rows[0].Context != want.context || rows[0].Source != "liu2015" ||
			!strings.Contains(rows[0].Impl, "medium-term") {
			t.Errorf("%s: published rows %+v, want one medium-term liu2015 row of %d cycles, context %v", id, rows, want.cycles, want.context)
		}
	}
}

// TestKernelRowFigures: every published kernel row has a figure, and a row that gives times without
// a clock (liu2017's Ring-LWE and BLISS) is printed in its milliseconds, not as "0 cycles".
func TestKernelRowFigures(t *testing.T) {
	ms := 0
	for _, r := range lab.KernelRows() {
		if r.Cycles <= 0 && r.MS == "" {
			t.Errorf("%s (%s): no figure: %+v", r.Impl, r.Source, r)
		}
		if r.MS != "" {
			ms++
			if r.Cycles != 0 || !r.Context || strings.HasSuffix(r.Figure(), "cycles") {
				t.Errorf("%s: a row in ms has cycles %d, context %v, figure %q", r.Impl, r.Cycles, r.Context, r.Figure())
			}
		}
	}
	if ms != 2 {
		t.Errorf("%d rows in ms, want liu2017's 2", ms)
	}
	var b strings.Builder
	(&lab.Report{Task: "ntt-256", Kind: lab.KindKernel, Pass: true}).WriteText(&b, "ntt.S")
	text := b.String()
	for _, want := range []string{"24.9 / 6.7 ms", "317 / 86 ms", " 672000 cycles"} {
		if !strings.Contains(text, want) {
			t.Errorf("the NTT's published rows lack %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, " 0 cycles") {
		t.Errorf("a published row printed as 0 cycles:\n%s", text)
	}
}

// TestReportNothingRun: a bench that runs no vector (here: its entry is not defined) says so on its
// result line instead of "0/0 vectors right", and gives the error.
func TestReportNothingRun(t *testing.T) {
	for _, src := range []string{
		"; avrlab task: speck64-128\n\t.global other\nother:\n\tret\n",
	} {
		rep := benchText(t, src, lab.Options{Vectors: 3})
		var b strings.Builder
		rep.WriteText(&b, "main.S")
		text := b.String()
		if rep.Pass || rep.Vectors != 0 || rep.Error == "" || !strings.Contains(text, "result      FAIL: no vector run") ||
			strings.Contains(text, "0/0") || !strings.Contains(text, "  error       "+rep.Error) {
			t.Errorf("%q:\n%s", src, text)
		}
	}
}
