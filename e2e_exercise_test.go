//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const goalsMet = `(() => { const g = [...document.querySelectorAll("#goals li")]; return g.length > 0 && g.every(x => x.dataset.met === "true"); })()`

// TestPlaygroundExercise opens a bundled exercise by its link, solves it (every goal ticks), downloads
// the stamped solution, and makes a teacher's exercise link in the page that a fresh browser opens as
// the same exercise.
func TestPlaygroundExercise(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	solution, err := os.ReadFile("examples/speck64.S")
	if err != nil {
		t.Fatal(err)
	}
	starter, err := os.ReadFile("examples/exercises/speck64-round/starter.S")
	if err != nil {
		t.Fatal(err)
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)

	// The link opens the instructions, the starter and the goals, none met.
	b.do(ctx, chromedp.Navigate(base+"#exercise=speck64-round"))
	b.wait(ctx, "the exercise's instructions", `document.getElementById("instructions").dataset.rendered === "true" && `+idle+` && document.querySelectorAll("#goals li").length === 4`, 60*time.Second)
	if h := eval[string](b, ctx, `document.querySelector("#instructions h1").textContent`); h != "Exercise: finish the SPECK-64/128 round" {
		t.Errorf("instructions heading %q", h)
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#instructions code").length`); n < 5 {
		t.Errorf("the Markdown was not rendered (%d code elements)", n)
	}
	if s := b.source(ctx); s != string(starter) {
		t.Errorf("the editor does not hold the starter")
	}
	if met := eval[string](b, ctx, `JSON.stringify([...document.querySelectorAll("#goals li")].map(x => x.dataset.met + " " + x.querySelector("code").textContent))`); met !=
		`["false pass","false constant-time","false rank >= 25","false rank >= 29.8"]` {
		t.Errorf("goals of the starter: %s", met)
	}
	if file := eval[string](b, ctx, `document.querySelector('#files button[aria-selected="true"]').textContent`); file != "speck64-round.S" {
		t.Errorf("the exercise is edited in %q, want speck64-round.S", file)
	}
	b.shot(ctx, "e1-exercise-open")

	// A passing solution ticks every goal.
	text, _ := json.Marshal(string(solution))
	eval[bool](b, ctx, `(() => { const ta = document.getElementById("source"); ta.value = `+string(text)+`;
		ta.dispatchEvent(new Event("input")); return true; })()`)
	b.wait(ctx, "every goal met", goalsMet+" && "+passShown+" && "+idle, 30*time.Second)
	b.shot(ctx, "e2-exercise-solved")

	// The solution downloads stamped with the exercise and the result.
	eval[bool](b, ctx, `(() => { window.__blobs = []; const orig = URL.createObjectURL;
		URL.createObjectURL = (b) => { window.__blobs.push(b); return orig(b); }; return true; })()`)
	eval[bool](b, ctx, `document.getElementById("download-solution").click(), true`)
	b.wait(ctx, "the solution download", `window.__blobs.length === 1`, 10*time.Second)
	stamped := eval[string](b, ctx, `window.__blobs[0].text()`)
	rank := b.rank(ctx)
	for _, want := range []string{string(solution), "; exercise: speck64-round (Exercise: finish the SPECK-64/128 round)",
		"; result:   PASS, 101/101 vectors, RANK " + rank, "; goal:     [x] rank >= 29.8"} {
		if !strings.Contains(stamped, want) {
			t.Errorf("the stamped solution lacks %q:\n%s", want, stamped[max(0, len(stamped)-700):])
		}
	}

	// The work survives a reload, goals ticked again.
	b.wait(ctx, "saved", `document.getElementById("save-state").textContent === "saved"`, 10*time.Second)
	b.do(ctx, chromedp.Reload())
	b.wait(ctx, "the exercise after a reload", goalsMet+" && "+idle, 60*time.Second)
	if s := b.source(ctx); s != string(solution) {
		t.Error("the solution was lost on reload")
	}

	// #example=ID of an exercise opens the exercise instead of saying "no example".
	other := b.tab(true)
	b.do(other, chromedp.Navigate(base+"#example=cham64-constant-time"))
	b.wait(other, "the exercise from an example link", `document.getElementById("instructions").dataset.rendered === "true" && document.querySelector("#instructions h1").textContent.includes("constant time")`, 60*time.Second)

	// A teacher writes an exercise in the page: README.md with goal lines, tests.txt, a starter.
	eval[bool](b, ctx, `document.getElementById("leave-exercise").click(), true`)
	newFile(b, ctx, "README.md")
	setText(b, ctx, "# Shrink SPECK\n\nMake `speck64_128_encrypt` small.\n\n<script>window.__xss = 1</script>\n\ngoal: pass\ngoal: flash <= 220\n")
	newFile(b, ctx, "tests.txt")
	setText(b, ctx, "vectors: 7\n")
	newFile(b, ctx, "shrink.S")
	setText(b, ctx, string(solution))
	b.wait(ctx, "the teacher's starter measured", passShown+" && "+idle, 30*time.Second)
	eval[bool](b, ctx, `document.getElementById("share").click(), true`)
	b.wait(ctx, "the exercise link button", `!document.getElementById("share-exercise").hidden`, 10*time.Second)
	eval[bool](b, ctx, `document.getElementById("share-exercise").click(), true`)
	b.wait(ctx, "the exercise link", `document.getElementById("share-url").value.includes("#exercise=shrink-speck&ex=")`, 10*time.Second)
	link := eval[string](b, ctx, `document.getElementById("share-url").value`)
	t.Logf("teacher's exercise link: %d characters", len(link))

	student := b.tab(true)
	b.do(student, chromedp.Navigate(link))
	b.wait(student, "the teacher's exercise", `document.getElementById("instructions").dataset.rendered === "true" && `+goalsMet+" && "+idle, 60*time.Second)
	if h := eval[string](b, student, `document.querySelector("#instructions h1").textContent`); h != "Shrink SPECK" {
		t.Errorf("the teacher's exercise shows %q", h)
	}
	if got := eval[string](b, student, `JSON.stringify([...document.querySelectorAll("#goals li code")].map(x => x.textContent))`); got != `["pass","flash <= 220"]` {
		t.Errorf("the teacher's goals: %s", got)
	}
	if s := b.source(student); s != string(solution) {
		t.Error("the student's editor does not hold the teacher's starter")
	}
	// tests.txt's hidden vector count applies: official + 7.
	if v := eval[string](b, student, `document.getElementById("verdict").textContent`); v != "PASS — 8 of 8 vectors" {
		t.Errorf("verdict %q, want the 7 vectors of tests.txt plus the official one", v)
	}
	if eval[bool](b, student, `window.__xss !== undefined || document.querySelectorAll("#instructions script").length > 0`) {
		t.Error("raw HTML in the README ran or became markup")
	}
	b.shot(student, "e3-teacher-link")
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}

// setText replaces the editor's text as a paste does.
func setText(b *browser, ctx context.Context, text string) {
	b.t.Helper()
	j, _ := json.Marshal(text)
	eval[bool](b, ctx, fmt.Sprintf(`(() => { const ta = document.getElementById("source"); ta.value = %s;
		ta.dispatchEvent(new Event("input")); return true; })()`, j))
}
