//go:build !js

package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
	"github.com/chromedp/chromedp"
)

// TestPlaygroundLeakage: the Leakage pane runs the t-test on the AES-128 example in the engine
// worker, draws t per cycle with the ±4.5 lines, and clicking the highest peak puts the editor's
// caret on that peak's source line (the one the report names); a CPA then lists all 16 key bytes;
// the masked example is measured on the device its source names.
func TestPlaygroundLeakage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base+"#example=aes128-t45"))
	b.wait(ctx, "aes128-t45 measured", passShown+" && "+idle, 60*time.Second)
	eval[bool](b, ctx, `document.getElementById("tab-leak").click(), document.getElementById("leak-traces").value = "400", true`)
	eval[bool](b, ctx, `document.getElementById("leak-run").click(), true`)
	b.wait(ctx, "the t-plot", `document.getElementById("leak-max") !== null && document.getElementById("leak-svg") !== null`, 180*time.Second)
	points := eval[int](b, ctx, `document.querySelector("#leak-svg polyline.leak-t").getAttribute("points").trim().split(" ").length`)
	if points != 3135 {
		t.Errorf("the plot has %d points, want one per cycle (3135)", points)
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#leak-svg line.leak-thr").length`); n != 2 {
		t.Errorf("%d threshold lines, want 2 (±4.5)", n)
	}
	maxT, err := strconv.ParseFloat(eval[string](b, ctx, `document.getElementById("leak-max").textContent`), 64)
	if err != nil || maxT <= 4.5 {
		t.Errorf("max |t| %q (%v), want a leak", eval[string](b, ctx, `document.getElementById("leak-max").textContent`), err)
	}
	summary := eval[string](b, ctx, `document.getElementById("leak-summary").textContent`)
	// The cost per trace in the page beside a bench call's (logged, not asserted: wall-clock).
	t.Logf("page: %s for 400 traces; the last bench run took %.0f ms for 165 calls (101 vectors, 64 constant-time inputs)",
		eval[string](b, ctx, `document.getElementById("leak-progress").textContent`), eval[float64](b, ctx, `avrlabTimings.lastRunMs || 0`))
	b.shot(ctx, "leak-tvla")
	// Click the highest peak (its marker): the caret goes to the peak's line.
	eval[bool](b, ctx, `(() => { const c = document.querySelector("#leak-svg circle.peak"); const r = c.getBoundingClientRect();
		c.dispatchEvent(new MouseEvent("click", {bubbles: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2})); return true; })()`)
	jumped := eval[string](b, ctx, `document.getElementById("leak-plot").dataset.jumped || ""`)
	if jumped == "" || !strings.Contains(summary, "("+jumped+")") {
		t.Fatalf("the click jumped to %q; the summary names the peak in %q", jumped, summary)
	}
	line, _ := strconv.Atoi(jumped[strings.LastIndexByte(jumped, ':')+1:])
	caret := eval[int](b, ctx, `(() => { const ta = document.getElementById("source"); return ta.value.slice(0, ta.selectionStart).split("\n").length; })()`)
	if caret != line {
		t.Errorf("caret on line %d, the peak is on line %d", caret, line)
	}
	hover := eval[string](b, ctx, `document.getElementById("leak-hover").textContent`)
	srcLine := strings.TrimSpace(strings.Split(b.source(ctx), "\n")[line-1])
	if !strings.Contains(hover, jumped) || !strings.Contains(hover, srcLine) {
		t.Errorf("hover text %q, want the peak's line %s (%q)", hover, jumped, srcLine)
	}
	t.Logf("highest peak: %s (%s)", jumped, srcLine)

	b.selectOption(ctx, "leak-test", "cpa")
	eval[bool](b, ctx, `document.getElementById("leak-traces").value = "200", document.getElementById("leak-run").click(), true`)
	b.wait(ctx, "the CPA", `document.querySelector("#leak-table tbody") !== null && document.getElementById("leak-key") !== null`, 180*time.Second)
	if n := eval[int](b, ctx, `document.querySelectorAll("#leak-table tbody tr").length`); n != 16 {
		t.Errorf("CPA table has %d key bytes, want 16", n)
	}
	if v := eval[string](b, ctx, `document.getElementById("leak-verdict").textContent`); !strings.HasPrefix(v, "16 of 16") {
		t.Errorf("CPA verdict %q, want all 16 key bytes at rank 0 after 200 traces", v)
	}
	b.shot(ctx, "leak-cpa")

	// The masked example names its device (; avrlab device: atmega128): the page measures it there,
	// with the CLI's figures.
	rep, _, err := lab.BenchFile(examples.FS, "aes128-masked.S", lab.Options{})
	if err != nil || !rep.Pass || rep.Device != "atmega128" {
		t.Fatalf("bench aes128-masked: %v %+v", err, rep)
	}
	m := b.tab(true)
	b.do(m, chromedp.Navigate(base+"#example=aes128-masked"))
	b.wait(m, "aes128-masked measured", passShown+" && "+idle, 60*time.Second)
	if name := eval[string](b, m, `document.getElementById("task-name").textContent`); !strings.Contains(name, "atmega128") {
		t.Errorf("the masked example measured on %q, want the atmega128", name)
	}
	if c := eval[string](b, m, `document.getElementById("m-cycles").textContent`); !strings.Contains(c, fmt.Sprint(rep.CyclesMin)) {
		t.Errorf("page cycles %q, bench %d", c, rep.CyclesMin)
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
