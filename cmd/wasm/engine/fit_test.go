package engine

import (
	"os"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
)

// seoStyle is the CHAM-64/128 routine of testdata/seo-cham64-enc.s as a paper's code comes: a BOM,
// CRLF line ends, // comments, its own entry (CHAM_EncryptBlk) and table (LUT_1) names, no avrlab lines.
func seoStyle(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/seo-cham64-enc.s")
	if err != nil {
		t.Fatal(err)
	}
	return "\ufeff" + strings.ReplaceAll(string(b), "\n", "\r\n")
}

func fixOf(fixes []Fix, field string) *Fix {
	for i := range fixes {
		if fixes[i].Field == field {
			return &fixes[i]
		}
	}
	return nil
}

// TestPastedRoutineFixes follows the engine's fixes from a pasted routine with no task to its RANK:
// the task it offers first, then the Call and RK symbol it names; each applied as the page applies it.
func TestPastedRoutineFixes(t *testing.T) {
	src := seoStyle(t)
	req := Request{Files: map[string]string{"enc.s": src}, Main: "enc.s", Vectors: 8}
	r := Bench(req, nil)
	if r.Error != "" || hasErrors(r.Errors) {
		t.Fatalf("does not assemble: %s %v", r.Error, r.Errors)
	}
	if !r.NoTask || r.Mode != "run" {
		t.Fatalf("no task: NoTask %v, mode %q", r.NoTask, r.Mode)
	}
	if len(r.Fixes) == 0 || r.Fixes[0].Field != "task" || r.Fixes[0].Value != "cham64-128" {
		t.Fatalf("offered tasks %+v, want cham64-128 first", r.Fixes)
	}
	for _, f := range r.Fixes {
		if lab.LookupTask(f.Value) == nil || !strings.HasPrefix(f.Value, "cham") {
			t.Errorf("offered %q (%s): not a CHAM task", f.Value, f.Why)
		}
	}
	req.Task = r.Fixes[0].Value
	r = Bench(req, nil)
	if r.Report == nil || r.Report.Pass {
		t.Fatalf("with the task only: %+v", r.Report)
	}
	call, rk := fixOf(r.Fixes, "call"), fixOf(r.Fixes, "rk")
	if call == nil || call.Value != "CHAM_EncryptBlk(block)" || rk == nil || rk.Value != "LUT_1" {
		t.Fatalf("fixes after the task: %+v (error %q)", r.Fixes, r.Report.Error)
	}
	// Each fix alone leads to the other.
	one := req
	one.Call = call.Value
	r1 := Bench(one, nil)
	if r1.Report == nil || r1.Report.Pass || fixOf(r1.Fixes, "rk") == nil || fixOf(r1.Fixes, "rk").Value != "LUT_1" {
		t.Errorf("with the Call only: fixes %+v, report error %q", r1.Fixes, r1.Report.Error)
	}
	if !strings.Contains(r1.Report.Error, "RK symbol field") {
		t.Errorf("the round-key message does not name the RK symbol field: %q", r1.Report.Error)
	}
	req.Call, req.RK = call.Value, rk.Value
	r = Bench(req, nil)
	if r.Report == nil || !r.Report.Pass || r.Report.Official.Cycles != 1611 || r.Report.Flash != 146 || r.Report.RAM != 0 {
		t.Fatalf("with the fixes: %+v", r.Report)
	}
	if len(r.Fixes) != 0 {
		t.Errorf("a passing report has fixes: %+v", r.Fixes)
	}

	// The same three settings as source lines: "; avrlab rk:" beside "; avrlab call:".
	lines := "\ufeff; avrlab task: cham64-128\r\n; avrlab call: CHAM_EncryptBlk(block)\r\n; avrlab rk: LUT_1\r\n" + strings.TrimPrefix(src, "\ufeff")
	r = Bench(Request{Files: map[string]string{"enc.s": lines}, Main: "enc.s", Vectors: 8}, nil)
	if r.Report == nil || !r.Report.Pass || r.Report.Official.Cycles != 1611 {
		t.Fatalf("with avrlab lines: %+v %+v", r.Report, r.Errors)
	}
}

// TestSuggestNothingForAProgram: a program that runs from reset and names no cipher gets no task
// offered.
func TestSuggestNothingForAProgram(t *testing.T) {
	r := Bench(Request{Files: map[string]string{"p.S": "ldi r16, 3\nsleep\n"}, Main: "p.S"}, nil)
	if !r.NoTask || len(r.Fixes) != 0 {
		t.Errorf("NoTask %v, fixes %+v", r.NoTask, r.Fixes)
	}
}

// TestSuggestExamplesTask: every example with its task line taken out is offered its own task first
// (its labels, its loads, its table and its arguments fit the contract best).
func TestSuggestExamplesTask(t *testing.T) {
	for _, e := range examples.List() {
		if strings.HasSuffix(e.File, ".asm") {
			continue
		}
		src, err := examples.FS.ReadFile(e.File)
		if err != nil {
			t.Fatal(err)
		}
		var keep []string
		for _, l := range strings.Split(string(src), "\n") {
			if !strings.Contains(l, "avrlab task:") {
				keep = append(keep, l)
			}
		}
		files := map[string]string{e.File: strings.Join(keep, "\n")}
		// An example that includes another (sneikha256.S includes sneik-f512.S) gets it too, as the
		// page's Open brings it, without its task line.
		for _, l := range keep {
			if inc, ok := strings.CutPrefix(strings.TrimSpace(l), "#include \""); ok {
				inc = strings.TrimSuffix(inc, "\"")
				b, err := examples.FS.ReadFile(inc)
				if err != nil {
					t.Fatal(err)
				}
				var ik []string
				for _, il := range strings.Split(string(b), "\n") {
					if !strings.Contains(il, "avrlab task:") {
						ik = append(ik, il)
					}
				}
				files[inc] = strings.Join(ik, "\n")
			}
		}
		r := Bench(Request{Files: files, Main: e.File, Vectors: -1}, nil)
		if !r.NoTask {
			t.Errorf("%s: NoTask false without its task line", e.ID)
			continue
		}
		var offered []string
		for _, f := range r.Fixes {
			offered = append(offered, f.Value)
		}
		if len(offered) == 0 || offered[0] != e.Task {
			t.Errorf("%s (task %s): offered %v, want its task first", e.ID, e.Task, offered)
		}
	}
}
