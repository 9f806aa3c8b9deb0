//go:build !js

package main

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/testprog"
	"github.com/avrlab/avrlab/lab"
)

// thousands writes n as the page does (toLocaleString("en-US")): 264,988.
func thousands(n uint64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestPlaygroundKernels opens every kernel example from its short link and checks that the page
// measures what `avrlab bench` measures, on the task's device, and shows it as a kernel (the Vectors
// field empty, its placeholder the task's count): cycles per call in the score box (no RANK), cycles per round for SNEIK, the kernel's published rows with the
// context rows apart, a note instead of the RANK chart. Then a long kernel (a 1024-bit schoolbook
// multiplication, 264,988 cycles a call): live runs take fewer random vectors and say so, Run takes
// them all, and a long run shows its phase and time, leaves the editor usable, and Stop ends it.
func TestPlaygroundKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	n := 0
	for _, e := range examples.List() {
		task := lab.LookupTask(e.Task)
		if task == nil || task.Kind != lab.KindKernel {
			continue
		}
		n++
		rep, _, err := lab.BenchFile(examples.FS, e.File, lab.Options{Task: e.Task, Seed: 1})
		if err != nil || !rep.Pass {
			t.Errorf("%s: avrlab bench: %v %+v", e.ID, err, rep)
			continue
		}
		ctx := b.tab(true)
		b.do(ctx, chromedp.Navigate(base+"#example="+e.ID))
		b.wait(ctx, e.ID+": PASS", passShown+" && "+idle, 60*time.Second)
		b.checkKernel(ctx, e.ID, rep)
		// The empty Vectors field shows the task's count as the engine resolves it (lab.VectorsFor: 9
		// for the P-192 verification), not 100 for every task.
		if got, want := eval[string](b, ctx, `(f => f.value + "/" + f.placeholder)(document.getElementById("vectors"))`), fmt.Sprintf("/%d", lab.VectorsFor(e.Task, 0)); got != want {
			t.Errorf("%s: Vectors field value/placeholder %q, want %q", e.ID, got, want)
		}
		// The first vector's row says "official" only of a published vector (lab's official_from).
		want := "Official vector: pass"
		if rep.OfficialFrom == "" {
			want = "First edge input (no published vector): pass"
		}
		if got := eval[string](b, ctx, `document.getElementById("official-row").textContent`); !strings.HasPrefix(got, want) {
			t.Errorf("%s: first vector's row %q, want %q", e.ID, got, want)
		}
		b.shot(ctx, "kernel-"+e.ID)
	}
	t.Logf("%d kernel examples", n)
	if n == 0 {
		t.Log("no kernel example yet: the written kernel below is the only one")
	}

	// The long kernel, written into the editor with live mode on.
	src := testprog.SchoolbookMul(128)
	rep, _, err := lab.BenchSource("mpmul1024.S", []byte(src), nil, lab.Options{Seed: 1})
	if err != nil || !rep.Pass || rep.Official.Cycles != 264988 {
		t.Fatalf("mpmul1024: %v %+v", err, rep)
	}
	ctx := b.tab(true)
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK", rankShown+" && "+idle, 60*time.Second)
	newFile(b, ctx, "mpmul1024.S")
	setText(b, ctx, src)
	// 10,000,000 cycles of live budget / 264,988 a call = 37 random vectors.
	b.wait(ctx, "the live run of mpmul1024.S", `document.getElementById("verdict").textContent === "PASS — 38 of 38 vectors" && `+idle, 60*time.Second)
	if a := eval[string](b, ctx, `(document.getElementById("adapted") || {}).textContent || ""`); !strings.Contains(a, "37 of the 100 random vectors") || !strings.Contains(a, "264,988 cycles") {
		t.Errorf("the live run does not say it ran fewer vectors: %q", a)
	}
	if p := eval[string](b, ctx, `avrlabTimings.lastPhase`); !strings.HasPrefix(p, "benchmarking 1 + 37 vectors and 64 constant-time inputs, 264,988 cycles a call") {
		t.Errorf("last phase %q", p)
	}
	live := eval[float64](b, ctx, `avrlabTimings.lastRunMs`)
	b.checkKernel(ctx, "mpmul1024.S", rep)
	b.shot(ctx, "kernel-mpmul1024-live")
	eval[bool](b, ctx, `document.getElementById("run").click(), true`)
	b.wait(ctx, "the full run", `document.getElementById("verdict").textContent === "PASS — 101 of 101 vectors" && `+idle, 60*time.Second)
	if eval[bool](b, ctx, `!!document.getElementById("adapted")`) {
		t.Error("the full run still says it ran fewer vectors")
	}
	t.Logf("mpmul-1024 (264,988 cycles a call): live run (1 + 37 vectors) %.0f ms, Run (1 + 100) %.0f ms", live, eval[float64](b, ctx, `avrlabTimings.lastRunMs`))

	// A long run: live off, 3000 vectors, Run. The status line names the phase and the seconds; the
	// editor takes keys; Stop ends it and the next run works.
	// ?interp: translated code would finish the 3000 vectors before the progress line appears.
	b.do(ctx, chromedp.Navigate(base+"?interp"))
	b.wait(ctx, "the page on the interpreter", passShown+` && document.getElementById("source").value.includes("mpmul1024") && `+idle, 60*time.Second)
	eval[bool](b, ctx, `document.getElementById("live").click(), true`)
	setField(b, ctx, "vectors", "3000")
	eval[bool](b, ctx, `document.getElementById("run").click(), true`)
	// The long run's own phase: on a busy machine a live run of 37 vectors still going when Run is
	// pressed shows a phase of its own first, so the wait names the 3000 vectors.
	b.wait(ctx, "the long run's phase", `/^benchmarking… \d+\.\d s$/.test(document.getElementById("status").textContent) && !document.getElementById("progress").hidden && document.getElementById("progress").textContent.includes("1 + 3000 vectors")`, 60*time.Second)
	progress := eval[string](b, ctx, `document.getElementById("progress").textContent`)
	if !strings.HasPrefix(progress, "Benchmarking 1 + 3000 vectors and 64 constant-time inputs, 264,988 cycles a call") || !strings.Contains(progress, " s so far; Stop ends it.") {
		t.Errorf("long run's progress: %q", progress)
	}
	// The bench reports its calls (1 + 3000 vectors and 64 constant-time inputs) at every tenth.
	b.wait(ctx, "the long run's calls", `/\(\d+ of 3065 calls run\): \d+\.\d s so far; Stop ends it\.$/.test(document.getElementById("progress").textContent)`, 60*time.Second)
	t.Logf("long run: status %q, progress %q", eval[string](b, ctx, `document.getElementById("status").textContent`), progress)
	start := time.Now()
	b.typeAt(ctx, 2, " (typed during the run)")
	typed := time.Since(start)
	if !strings.Contains(b.source(ctx), "(typed during the run)") {
		t.Error("typing did not reach the editor during the long run")
	}
	t.Logf("typing 23 keys during the run took %v (CDP round trips included)", typed.Round(time.Millisecond))
	if eval[bool](b, ctx, `document.getElementById("stop").disabled`) {
		t.Fatal("the long run ended before Stop could be tested")
	}
	b.shot(ctx, "kernel-mpmul1024-long-run")
	eval[bool](b, ctx, `document.getElementById("stop").click(), true`)
	b.wait(ctx, "stopped", `document.getElementById("verdict").textContent === "STOPPED" && document.getElementById("stop").disabled && document.getElementById("progress").hidden`, 10*time.Second)
	setField(b, ctx, "vectors", "8")
	eval[bool](b, ctx, `document.getElementById("run").click(), true`)
	b.wait(ctx, "PASS after Stop", `document.getElementById("verdict").textContent === "PASS — 9 of 9 vectors" && `+idle, 60*time.Second)
	// The restarted engine worker is warmed after its first answer, as the first worker was.
	b.wait(ctx, "the restarted worker warmed", `(avrlabTimings.calls || []).some((c) => c.role === "engine" && c.op === "warm" && c.generation > 0)`, 30*time.Second)
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}

// checkKernel compares what the page shows for a kernel with its bench report.
func (b *browser) checkKernel(ctx context.Context, what string, rep *lab.Report) {
	t := b.t
	t.Helper()
	get := func(id string) string {
		return eval[string](b, ctx, fmt.Sprintf(`document.getElementById(%q).textContent`, id))
	}
	if name := get("task-name"); !strings.Contains(name, rep.TaskName) || !strings.Contains(name, " · "+rep.Device+" · ") {
		t.Errorf("%s: measured as %q, want %s on %s", what, name, rep.TaskName, rep.Device)
	}
	if got, want := get("rank-label"), "cycles / call"; got != want {
		t.Errorf("%s: score label %q, want %q", what, got, want)
	}
	if got, want := get("rank"), thousands(uint64(math.Round(rep.CyclesMean))); got != want {
		t.Errorf("%s: score %q, want the cycles of a call %s", what, got, want)
	}
	cycles := fmt.Sprint(rep.CyclesMin)
	if rep.CyclesMin != rep.CyclesMax {
		cycles = fmt.Sprintf("%.1f (%d–%d)", rep.CyclesMean, rep.CyclesMin, rep.CyclesMax)
	}
	for _, m := range []struct{ id, want string }{{"m-cycles", cycles}, {"m-flash", fmt.Sprint(rep.Flash)}, {"m-ram", fmt.Sprint(rep.RAM)}} {
		if got := get(m.id); got != m.want {
			t.Errorf("%s: %s shows %q, avrlab bench %s", what, m.id, got, m.want)
		}
	}
	perUnit := eval[string](b, ctx, `document.getElementById("m-cpb-box").hidden ? "" : document.getElementById("m-cpb-label").textContent + " " + document.getElementById("m-cpb").textContent`)
	if want := ""; rep.Unit != "" {
		want = fmt.Sprintf("cycles/%s %.1f", rep.Unit, rep.CyclesPerUnit)
		if perUnit != want {
			t.Errorf("%s: per-unit figure %q, want %q", what, perUnit, want)
		}
	} else if perUnit != want {
		t.Errorf("%s: a kernel without a unit shows %q", what, perUnit)
	}
	if !strings.Contains(get("badges"), "✓ constant time") || !rep.ConstantTime {
		t.Errorf("%s: badges %q, constant time %v", what, get("badges"), rep.ConstantTime)
	}
	// The chart gives way to a note; the table holds the kernel's rows, yours and the context apart.
	if !eval[bool](b, ctx, `!!document.getElementById("chart-kernel") && !document.querySelector("#chart svg")`) {
		t.Errorf("%s: the RANK chart is drawn for a kernel", what)
	}
	task := lab.LookupTask(rep.Task)
	var own, context int
	for _, r := range task.PublishedKernel() {
		if r.Context {
			context++
		} else {
			own++
		}
	}
	got := eval[string](b, ctx, `JSON.stringify([document.getElementById("published").dataset.table,
		document.querySelectorAll("#published-rows tr.mine").length,
		document.querySelectorAll("#published-rows tr:not(.mine):not(.group):not(.context)").length,
		document.querySelectorAll("#published-rows tr.context").length])`)
	if own == 0 {
		own = 1 // the row that says there is no published figure
	}
	if want := fmt.Sprintf(`["kernel",1,%d,%d]`, own, context); got != want {
		t.Errorf("%s: published table [table, yours, rows, context] %s, want %s", what, got, want)
	}
	mine := eval[string](b, ctx, `document.querySelector("#published-rows tr.mine td:nth-child(4)").textContent`)
	if want := thousands(uint64(math.Round(rep.CyclesMean))); mine != want {
		t.Errorf("%s: your row's cycles %q, want %s", what, mine, want)
	}
}
