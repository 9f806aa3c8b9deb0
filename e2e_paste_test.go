//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPlaygroundPastedRoutine: a paper's CHAM-64/128 routine, pasted as published (a BOM, CRLF, //
// comments, its own entry CHAM_EncryptBlk and round-key table LUT_1, no avrlab lines), reaches its RANK
// through the page's own hints: the test clicks only the fix buttons the page shows, each naming the
// field it sets. The file keeps its Call and RK symbol across a reload and in its share link, which
// measures the same in a fresh profile; the chart never shows another file's score for it.
func TestPlaygroundPastedRoutine(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	raw, err := os.ReadFile("cmd/wasm/engine/testdata/seo-cham64-enc.s")
	if err != nil {
		t.Fatal(err)
	}
	src := "\ufeff" + strings.ReplaceAll(string(raw), "\n", "\r\n")
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK", rankShown+" && "+idle, 60*time.Second)
	yours := `document.querySelectorAll("#chart svg [data-row=yours]").length`

	newFile(b, ctx, "enc.s")
	text, _ := json.Marshal(src)
	eval[bool](b, ctx, fmt.Sprintf(`(() => { const ta = document.getElementById("source"); ta.focus(); ta.select();
		document.execCommand("insertText", false, %s); return true; })()`, text))
	b.wait(ctx, "the pasted routine measured", `document.getElementById("source").value.includes("CHAM_EncryptBlk") && `+idle, 30*time.Second)

	// No task: the page says so first and offers the CHAM tasks, not "FAIL - stopped by fault".
	verdict := eval[string](b, ctx, `document.getElementById("verdict").textContent`)
	if !strings.HasPrefix(verdict, "NO TASK") {
		t.Errorf("verdict without a task: %q, want NO TASK first", verdict)
	}
	if n := eval[int](b, ctx, yours); n != 0 {
		t.Errorf("the chart shows a live point (another file's) while enc.s has no result")
	}
	b.shot(ctx, "p1-pasted-no-task")
	offered := eval[string](b, ctx, `[...document.querySelectorAll("#fixes button.fix")].map(b => b.dataset.field + "=" + b.dataset.value).join(" ")`)
	if !strings.HasPrefix(offered, "task=cham64-128 ") || strings.Contains(offered, "speck") {
		t.Errorf("offered %q, want task=cham64-128 first and CHAM tasks only", offered)
	}

	// Click what the hints name, one at a time, until the RANK shows.
	fieldOf := map[string]string{"task": "Task", "call": "Call", "rk": "RK symbol"}
	var clicked []string
	for i := 0; i < 4 && b.rank(ctx) == ""; i++ {
		fix := eval[string](b, ctx, `(() => { const f = document.querySelector("#fixes button.fix"); return f ? f.dataset.field + "=" + f.dataset.value + "=" + f.textContent : ""; })()`)
		if fix == "" {
			t.Fatalf("no hint to follow after %v: verdict %q, message %q", clicked, eval[string](b, ctx, `document.getElementById("verdict").textContent`),
				eval[string](b, ctx, `document.getElementById("message").textContent`))
		}
		parts := strings.SplitN(fix, "=", 3)
		if label := fieldOf[parts[0]]; !strings.Contains(parts[2], label) {
			t.Errorf("hint %q does not name its field %q", parts[2], label)
		}
		clicked = append(clicked, parts[0]+"="+parts[1])
		if parts[0] == "call" {
			// The call did not complete (no entry symbol): nothing measured, so flash and RAM read "–".
			if fr := eval[string](b, ctx, `document.getElementById("m-flash").textContent + " " + document.getElementById("m-ram").textContent`); fr != "– –" {
				t.Errorf("flash and RAM while the call does not complete: %q, want – –", fr)
			}
		}
		eval[bool](b, ctx, `document.querySelector("#fixes button.fix").click(), true`) // runs at once: the status leaves "ready"
		b.wait(ctx, "measured after "+parts[0], idle+` && (document.getElementById("rank").textContent !== "" || !document.querySelector('#fixes button.fix[data-field="`+parts[0]+`"]'))`, 30*time.Second)
	}
	if got := strings.Join(clicked, " "); got != "task=cham64-128 call=CHAM_EncryptBlk(block) rk=LUT_1" {
		t.Errorf("followed %q", got)
	}
	rank := b.rank(ctx)
	if rank != "34.01" || !strings.HasPrefix(eval[string](b, ctx, `document.getElementById("verdict").textContent`), "PASS") {
		t.Fatalf("after the hints: RANK %q", rank)
	}
	if got := eval[string](b, ctx, `document.querySelector("#chart svg [data-row=yours]").dataset.rank`); got != rank {
		t.Errorf("the chart's point %q, RANK %q", got, rank)
	}
	b.shot(ctx, "p2-pasted-rank")

	// The example keeps the task's defaults: its own Task, Call and RK symbol are empty ("from the
	// source"); enc.s gets its own back.
	clickFile(b, ctx, "cham64-v2.S")
	b.wait(ctx, "the example measured", passShown+" && "+idle+` && document.getElementById("task-name").textContent.includes("cham64-v2.S")`, 30*time.Second)
	if c := eval[string](b, ctx, `["task", "call", "rk"].map((id) => document.getElementById(id).value).join("|")`); c != "||" {
		t.Errorf("the example's Task|Call|RK symbol: %q, want the source's (empty)", c)
	}
	clickFile(b, ctx, "enc.s")
	b.wait(ctx, "enc.s again", passShown+" && "+idle+` && document.getElementById("task-name").textContent.includes("enc.s")`, 30*time.Second)
	if r := b.rank(ctx); r != rank {
		t.Errorf("enc.s after the example: RANK %q, want %s", r, rank)
	}

	// Reload: the file still measures.
	b.do(ctx, chromedp.Reload())
	b.wait(ctx, "enc.s after the reload", `avrlabTimings.workspaceOpen !== undefined && `+idle+` && document.getElementById("task-name").textContent.includes("enc.s")`, 60*time.Second)
	if r := b.rank(ctx); r != rank {
		t.Errorf("enc.s after a reload: RANK %q (verdict %q), want %s", r, eval[string](b, ctx, `document.getElementById("verdict").textContent`), rank)
	}

	// Its share link measures the same in a fresh profile.
	eval[bool](b, ctx, `document.getElementById("share").click(), true`)
	b.wait(ctx, "the share link", `document.getElementById("share-url").value.includes("#")`, 10*time.Second)
	link := eval[string](b, ctx, `document.getElementById("share-url").value`)
	if !strings.Contains(link, "rk=LUT_1") || !strings.Contains(link, "call=CHAM_EncryptBlk") {
		t.Errorf("the share link lacks the file's Call and RK symbol: %s", link)
	}
	fresh := b.tab(true)
	b.do(fresh, chromedp.Navigate(link))
	b.wait(fresh, "the link measured", rankShown+" && "+idle, 60*time.Second)
	if r := b.rank(fresh); r != rank {
		t.Errorf("the share link in a fresh profile: RANK %q, want %s", r, rank)
	}
}

// TestPlaygroundMarkdownPreview: a README.md written in the page is previewed, not assembled, and its
// bare goal: lines read as a list.
func TestPlaygroundMarkdownPreview(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK", rankShown+" && "+idle, 60*time.Second)
	newFile(b, ctx, "README.md")
	b.do(ctx, chromedp.Focus(chromedp.CSS("#source")), chromedp.KeyEvent("# Make it small\r\rMake SPECK smaller.\r\rgoal: pass\rgoal: ram <= 8\r"))
	b.wait(ctx, "the preview", `document.getElementById("md-preview").dataset.rendered === "true" && document.getElementById("md-preview").textContent.includes("goal: ram") && `+idle, 30*time.Second)
	if p := eval[string](b, ctx, `document.getElementById("problems").textContent + document.getElementById("message").textContent`); strings.Contains(p, "unknown instruction") || strings.Contains(p, "Make") {
		t.Errorf("README.md was assembled: %q", p)
	}
	if v := eval[string](b, ctx, `document.getElementById("verdict").textContent`); !strings.Contains(v, "previewed, not assembled") {
		t.Errorf("verdict %q", v)
	}
	if h := eval[string](b, ctx, `document.querySelector("#md-preview h1") ? document.querySelector("#md-preview h1").textContent : ""`); h != "Make it small" {
		t.Errorf("heading %q, want the rendered Markdown", h)
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#md-preview li code").length`); n != 2 {
		t.Errorf("%d goal lines in a list, want 2", n)
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#chart svg [data-row=yours]").length`); n != 0 {
		t.Error("the chart shows a live point while README.md is shown")
	}
	b.shot(ctx, "p3-markdown-preview")
}

// TestPlaygroundExerciseWords: an exercise in the page's words: the starter opens at its first TODO in
// the code, the instructions say what to press, goal names do not wrap, and the vectors read as one
// with the verdict.
func TestPlaygroundExerciseWords(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base+"#exercise=speck64-round"))
	b.wait(ctx, "the exercise", `document.getElementById("instructions").dataset.rendered === "true" && `+failShown+" && "+idle, 60*time.Second)
	time.Sleep(200 * time.Millisecond)
	todo := b.lineOf(ctx, `/^\s+;.*TODO/`)
	if got := eval[int](b, ctx, `(() => { const ta = document.getElementById("source"); return ta.value.slice(0, ta.selectionStart).split("\n").length; })()`); got != todo {
		t.Errorf("the starter opens at line %d, want its first TODO in the code, line %d", got, todo)
	}
	if top := eval[float64](b, ctx, `document.getElementById("editor").scrollTop`); top == 0 {
		t.Error("the editor did not scroll to the TODO")
	}
	what := eval[string](b, ctx, `(() => { const h = [...document.querySelectorAll("#instructions h2")].find((h) => h.textContent === "What to do");
		let t = ""; for (let e = h.nextElementSibling; e && e.tagName !== "H2"; e = e.nextElementSibling) t += e.textContent + "\n"; return t; })()`)
	if !strings.Contains(what, "Run") || !strings.Contains(what, "as you type") || strings.Contains(what, "Then measure it") {
		t.Errorf("What to do, in the page: %q", what)
	}
	if wrapped := eval[string](b, ctx, `[...document.querySelectorAll("#goals code")].filter((c) => c.getClientRects().length > 1).map((c) => c.textContent).join(", ")`); wrapped != "" {
		t.Errorf("goal names broken over lines: %s", wrapped)
	}
	verdict := eval[string](b, ctx, `document.getElementById("verdict").textContent`)
	random := eval[string](b, ctx, `document.getElementById("random-row").textContent`)
	if verdict != "FAIL — 101 of 101 vectors wrong" || random != "Random vectors: fail (100 of 100 wrong)" {
		t.Errorf("verdict %q beside %q", verdict, random)
	}
	b.shot(ctx, "p4-exercise")
}
