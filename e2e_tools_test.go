//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
	"github.com/chromedp/chromedp"
)

// TestPlaygroundToolsModule: the first RANK comes from engine.wasm alone (tools.wasm not even
// fetched); a Run of an exercise with a leakage goal, which the core answers with a redirect, is
// measured by tools.wasm (its traces simulated), while a live run of it stays in the core and says to
// press Run; an AVRASM2 example's bench goes to tools.wasm and shows avrlab bench's RANK; opening the
// Debug pane starts tools.wasm.
func TestPlaygroundToolsModule(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	c := b.tab(true)
	b.do(c, chromedp.Navigate(base))
	b.wait(c, "the first RANK", `avrlabTimings.firstRank !== undefined && `+rankShown+" && "+idle, 60*time.Second)
	if got := eval[string](b, c, `JSON.stringify({tools: avrlabTimings.toolsReady !== undefined,
		fetched: performance.getEntriesByType("resource").some((e) => e.name.includes("tools.wasm")),
		meta: avrlabTimings.firstCalls.meta !== undefined})`); got != `{"tools":false,"fetched":false,"meta":false}` {
		t.Errorf("after the first RANK: %s, want tools.wasm neither started nor fetched, and meta.json read instead of asking the engine", got)
	}
	// The default example with a leakage goal (few traces) and a plain one.
	call := func(budget int) string {
		return eval[string](b, c, `import("./js/engine.js").then(async (m) => {
			const req = m.makeRequest({ "t.S": document.getElementById("source").value }, "t.S", { task: "", device: "", vectors: "4" }, `+
			jsonInt(budget)+`);
			req.goals = "goal: pass\ngoal: leak-first-order\n";
			req.tests = "leak-traces: 40\nvectors: 4\n"; // goals count with the exercise's vectors
			const res = await m.engine.call("bench", req);
			return JSON.stringify((res.goals || []).map((g) => [g.goal.metric, g.got]));
		})`)
	}
	var live [][2]string
	if err := json.Unmarshal([]byte(call(10_000_000)), &live); err != nil || len(live) != 2 {
		t.Fatalf("live run goals: %v %v", live, err)
	}
	if live[1][0] != "leak-first-order" || live[1][1] != "not measured while editing: press Run to run the leakage test" {
		t.Errorf("a live run's leakage goal: %q", live[1])
	}
	if eval[bool](b, c, `avrlabTimings.toolsReady !== undefined`) {
		t.Error("a live run started tools.wasm")
	}
	var run [][2]string
	if err := json.Unmarshal([]byte(call(0)), &run); err != nil || len(run) != 2 {
		t.Fatalf("Run goals: %v %v", run, err)
	}
	if run[1][0] != "leak-first-order" || run[1][1] == live[1][1] || run[1][1] == "" || len(run[1][1]) > 200 {
		t.Errorf("a Run's leakage goal, measured by tools.wasm: %q", run[1])
	}
	if !eval[bool](b, c, `avrlabTimings.toolsReady !== undefined`) {
		t.Error("the Run's leakage goal did not start tools.wasm")
	}
	t.Logf("leakage goal on Run (tools.wasm): %q", run[1][1])

	// An AVRASM2 example: engine.wasm links no AVRASM2 front end, so the core sends its bench on to
	// tools.wasm, which measures what avrlab bench measures.
	var atmel examples.Example
	for _, e := range examples.List() {
		if strings.HasSuffix(e.File, ".asm") {
			atmel = e
		}
	}
	if atmel.ID == "" {
		t.Fatal("no AVRASM2 example")
	}
	rep, _, err := lab.BenchFile(examples.FS, atmel.File, lab.Options{Task: atmel.Task, Seed: 1})
	if err != nil || !rep.Pass {
		t.Fatalf("%s: avrlab bench: %v %+v", atmel.ID, err, rep)
	}
	a := b.tab(true)
	b.do(a, chromedp.Navigate(base+"#example="+atmel.ID))
	b.wait(a, atmel.ID+": PASS", passShown+" && "+idle, 60*time.Second)
	if got, want := b.rank(a), fmt.Sprintf("%.2f", rep.Rank); got != want {
		t.Errorf("%s: RANK %s on the page, avrlab bench %s", atmel.ID, got, want)
	}
	if !eval[bool](b, a, `avrlabTimings.toolsReady !== undefined && avrlabTimings.calls.some((c) => c.role === "tools" && c.op === "bench")`) {
		t.Errorf("%s: the bench of an AVRASM2 source did not go to tools.wasm", atmel.ID)
	}
	// tools.wasm's worker is warmed after its first answer, as the core's is.
	b.wait(a, "tools.wasm warmed", `avrlabTimings.calls.some((c) => c.role === "tools" && c.op === "warm")`, 30*time.Second)

	// Opening the Debug pane in a fresh profile starts tools.wasm before any debugger request.
	d := b.tab(true)
	b.do(d, chromedp.Navigate(base))
	b.wait(d, "the first RANK", `avrlabTimings.firstRank !== undefined`, 60*time.Second)
	eval[bool](b, d, `document.getElementById("tab-debug").click(), true`)
	b.wait(d, "tools.wasm started by the Debug pane", `avrlabTimings.toolsReady !== undefined`, 60*time.Second)
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}

func jsonInt(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
