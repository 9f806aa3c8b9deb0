//go:build !js

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestPlaygroundNewcomer walks through what a newcomer tripped over, one reproduction each (issue #12):
// the panel follows the file tab, files without code are told apart from faults, edits survive a quick
// reload, live typing keeps the last good result, the layout holds still and keeps RANK on screen, the
// page's fields replace the CLI's flags, the share box closes and a run-mode fault marks its line.
func TestPlaygroundNewcomer(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	// Record the header's height and the editor's top on every frame from the first one, to see the
	// page jump while it loads.
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `window.__layout = [];
		const rec = () => { const h = document.querySelector("header.bar"), l = document.querySelector(".layout");
			if (h && l) window.__layout.push([Math.round(h.getBoundingClientRect().height), Math.round(l.getBoundingClientRect().top)]);
			if (!window.avrlabTimings || window.avrlabTimings.firstRank === undefined || window.__layout.length < 5) requestAnimationFrame(rec); };
		requestAnimationFrame(rec);`}); err != nil {
		t.Fatal(err)
	}
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK", rankShown+" && "+idle, 60*time.Second)

	// The header does not change height while loading, and the status shares the controls' row.
	if got := eval[string](b, ctx, `JSON.stringify([...new Set(window.__layout.map(x => x.join(",")))])`); strings.Count(got, ",") != 1 {
		t.Errorf("header height and editor top changed while loading: %s", got)
	}
	if sameRow := eval[bool](b, ctx, `(() => { const s = document.getElementById("status").getBoundingClientRect(), r = document.getElementById("run").getBoundingClientRect();
		return s.top < r.bottom && s.bottom > r.top; })()`); !sameRow {
		t.Error(`"ready" sits on a row of its own at 1280 px`)
	}
	if oneRow := eval[bool](b, ctx, `(() => { const s = document.getElementById("share").getBoundingClientRect(), r = document.getElementById("example").getBoundingClientRect();
		return s.top < r.bottom && s.bottom > r.top; })()`); !oneRow {
		t.Error("the header's controls take two rows at 1280 px")
	}
	// The header's pickers show their whole choice ("task's (atmega128)" was cut to "task's (atmeg"):
	// the text's width in the select's font, plus the padding and the arrow, fits the select; for the
	// device, every device and what its first choice says for each ("task: atxmega128a1").
	if cut := eval[string](b, ctx, `["example", "exercise", "task", "device"].flatMap((id) => { const s = document.getElementById(id);
		const c = document.createElement("canvas").getContext("2d"); c.font = getComputedStyle(s).font;
		const texts = [s.options[s.selectedIndex].text];
		if (id === "device") for (const o of s.options) if (o.value) texts.push(o.text, "task: " + o.value);
		return texts.map((t) => [id + " " + JSON.stringify(t), c.measureText(t).width, s.getBoundingClientRect().width]); })
		.filter(([, text, box]) => text + 16 > box).map(([what, text, box]) => what + " " + text.toFixed(0) + "/" + box.toFixed(0) + " px").join(", ")`); cut != "" {
		t.Errorf("pickers whose choice is cut at 1280 px: %s", cut)
	}

	// 1. Pick speck64: it reuses the unmodified example's tab (a tour of the examples keeps one tab), and
	// picking cham64-v2 again brings CHAM back in it. (The panel following a tab click: step 4.)
	tabs := func() string {
		return eval[string](b, ctx, `[...document.querySelectorAll("#files button")].map(x => x.textContent).join(" ")`)
	}
	b.selectOption(ctx, "example", "speck64")
	b.wait(ctx, "SPECK measured", `document.getElementById("task-name").textContent.includes("SPECK-64/128") && `+passShown+" && "+idle, 30*time.Second)
	speck := b.rank(ctx)
	if got := tabs(); got != "speck64.S" {
		t.Errorf("tabs after opening speck64 from the unmodified cham64-v2: %q, want speck64.S alone", got)
	}
	if got := eval[string](b, ctx, `document.getElementById("example").selectedOptions[0].textContent`); got != "speck64" {
		t.Errorf("the Example picker reads %q while speck64 is open", got)
	}
	b.selectOption(ctx, "example", "cham64-v2")
	b.wait(ctx, "CHAM measured again", `document.getElementById("task-name").textContent.includes("CHAM-64/128") && `+passShown+" && "+idle, 30*time.Second)
	if r := b.rank(ctx); r == speck || r != "34.01" || tabs() != "cham64-v2.S" {
		t.Errorf("after picking cham64-v2 the RANK is %s (SPECK's was %s), tabs %q; want CHAM's 34.01 in one tab", r, speck, tabs())
	}

	// 2. A file of macros, an empty file and a renamed include: "no code", not an illegal opcode. (A GNU
	// include named .h: a lone .inc is read as AVRASM2, see TestIncluderDialect in cmd/wasm/engine.)
	newFile(b, ctx, "keys.h")
	b.do(ctx, chromedp.Focus(chromedp.CSS("#source")), chromedp.KeyEvent(".macro twice r\r\tlsl \\r\r.endm\r"))
	b.wait(ctx, "no code for keys.h", `document.getElementById("verdict").textContent === "NO CODE" && `+idle, 30*time.Second)
	msg := eval[string](b, ctx, `document.getElementById("message").textContent`)
	if !strings.Contains(msg, "keys.h emits no code") || strings.Contains(msg, "illegal opcode") {
		t.Errorf("keys.h: message %q", msg)
	}
	newFile(b, ctx, "prog.S")
	b.do(ctx, chromedp.Focus(chromedp.CSS("#source")), chromedp.KeyEvent(".include \"keys.h\"\r\tldi r16, 3\r\ttwice r16\r\tsleep\r"))
	b.selectOption(ctx, "task", "")
	b.wait(ctx, "prog.S runs", `document.getElementById("verdict").textContent.startsWith("RAN") && `+idle, 30*time.Second)
	if out := eval[string](b, ctx, `document.querySelector("#run-out pre").textContent`); !strings.Contains(out, "r16=06") {
		t.Errorf("ldi r16, 3 then twice (lsl): %q, want r16=06", out)
	}
	clickFile(b, ctx, "keys.h")
	eval[bool](b, ctx, `window.prompt = () => "macros.h", true`)
	eval[bool](b, ctx, `document.getElementById("rename-file").click(), true`)
	b.wait(ctx, "the renamed include measured", `document.getElementById("message").textContent.includes('prog.S includes "keys.h", which is not among the files') && `+idle, 30*time.Second)
	b.shot(ctx, "n1-renamed-include")

	// 3. Type, then reload at once: the edit is there after the reload.
	clickFile(b, ctx, "prog.S")
	b.typeAt(ctx, 2, " ; typed just before the reload")
	b.do(ctx, chromedp.Reload())
	b.wait(ctx, "the page after the quick reload", `avrlabTimings.workspaceOpen !== undefined && document.getElementById("status").textContent === "ready"`, 60*time.Second)
	clickFile(b, ctx, "prog.S")
	if s := b.source(ctx); !strings.Contains(s, "typed just before the reload") {
		t.Errorf("the edit made just before a reload was lost: %q", s)
	}

	// 4. Live typing: "nop" typed letter by letter keeps the last good result, dimmed, with its RANK.
	clickFile(b, ctx, "cham64-v2.S")
	b.wait(ctx, "CHAM again", passShown+" && "+idle, 30*time.Second)
	entry := b.lineOf(ctx, `/^\s*cham64_128_encrypt\s*:/`)
	b.typeAt(ctx, entry, "\r\tn")
	b.wait(ctx, "the half-typed word measured", `document.getElementById("problems").textContent.includes(":`+fmt.Sprint(entry+1)+`:") && `+idle, 30*time.Second)
	if r, stale := b.rank(ctx), eval[string](b, ctx, `document.getElementById("rank").dataset.stale`); r != "34.01" || stale != "true" {
		t.Errorf("while the source does not assemble: RANK %q (stale %s), want the last one, 34.01, marked stale", r, stale)
	}
	if v := eval[string](b, ctx, `document.getElementById("verdict").className`); strings.Contains(v, "fail") {
		t.Errorf("a half-typed word turns the verdict red (%s)", v)
	}
	if !eval[bool](b, ctx, `document.getElementById("results").classList.contains("stale") && !document.getElementById("stale-note").hidden`) {
		t.Error("the last result is not marked stale")
	}
	b.shot(ctx, "n2-stale-while-typing")
	b.typeAt(ctx, entry+1, "op")
	b.wait(ctx, "nop assembled", passShown+" && "+idle, 30*time.Second)
	if eval[bool](b, ctx, `document.getElementById("results").classList.contains("stale")`) {
		t.Error("still stale once the source assembles")
	}
	b.typeAt(ctx, entry+1, "\b\b\b\b\b")
	b.wait(ctx, "nop removed", passShown+" && "+idle, 30*time.Second)

	// 5. Defines instead of -D: the CHAM example passes the 88-round task with ROUNDS=88.
	b.selectOption(ctx, "task", "cham64-128-r19")
	b.wait(ctx, "80 rounds fail the 88-round task", failShown+" && "+idle, 30*time.Second)
	setField(b, ctx, "defines", "ROUNDS=88")
	b.wait(ctx, "88 rounds pass", passShown+" && "+idle, 30*time.Second)
	b.selectOption(ctx, "task", "")
	setField(b, ctx, "defines", "")

	// The cycle limit is a field, and the messages name it instead of -max-cycles.
	setField(b, ctx, "max-cycles", "500")
	b.wait(ctx, "the limit of 500 cycles", failShown+" && "+idle, 30*time.Second)
	msg = eval[string](b, ctx, `document.getElementById("message").textContent`)
	if !strings.Contains(msg, "500 cycles") || !strings.Contains(msg, "Cycle limit field") || strings.Contains(msg, "-max-cycles") || strings.Contains(msg, "?cycles") {
		t.Errorf("cycle-limit message %q: want it to name the Cycle limit field", msg)
	}
	setField(b, ctx, "max-cycles", "")
	b.wait(ctx, "PASS without the limit", passShown+" && "+idle, 30*time.Second)
	// A wrong entry names the Call field, not -entry.
	setField(b, ctx, "call", "nowhere(block)")
	b.wait(ctx, "the missing entry", failShown+" && "+idle, 30*time.Second)
	if msg := eval[string](b, ctx, `document.getElementById("message").textContent`); strings.Contains(msg, "-entry") || strings.Contains(msg, "-call") {
		t.Errorf("the message names CLI flags: %q", msg)
	}
	setField(b, ctx, "call", "")
	b.wait(ctx, "PASS with the default call", passShown+" && "+idle, 30*time.Second)

	// 6. The share box closes.
	eval[bool](b, ctx, `document.getElementById("share").click(), true`)
	b.wait(ctx, "the share box", `!document.getElementById("share-box").hidden && document.getElementById("share-url").value.includes("#")`, 10*time.Second)
	eval[bool](b, ctx, `document.getElementById("close-share").click(), true`)
	if !eval[bool](b, ctx, `document.getElementById("share-box").hidden`) {
		t.Error("the share box does not close")
	}

	// 7. A run-mode fault marks its line: a push with SP at its reset value 0 on the ATmega128.
	newFile(b, ctx, "fault.S")
	b.do(ctx, chromedp.Focus(chromedp.CSS("#source")), chromedp.KeyEvent("\tldi r16, 1\r\tpush r16\r\tsleep\r"))
	b.wait(ctx, "the fault marked", `document.querySelector("#gutter").children[1].classList.contains("fault") && document.querySelectorAll("#marks .fault").length === 1 && `+idle, 30*time.Second)
	if top := eval[float64](b, ctx, `parseFloat(document.querySelector("#marks .fault").style.top)`); top != 8+20 {
		t.Errorf("the fault mark is at %.0f px, want line 2 (28 px)", top)
	}
	b.shot(ctx, "n3-fault-marked")

	// 8. At 390 px the RANK stays on screen: the score bar sticks to the top while the editor scrolls.
	clickFile(b, ctx, "cham64-v2.S")
	b.wait(ctx, "CHAM for the narrow screen", passShown+" && "+idle, 30*time.Second)
	b.do(ctx, chromedp.EmulateViewport(390, 844))
	time.Sleep(200 * time.Millisecond)
	eval[bool](b, ctx, `window.scrollTo(0, 400), true`)
	got := eval[string](b, ctx, `(() => { const r = document.getElementById("scorebar").getBoundingClientRect();
		return JSON.stringify({top: Math.round(r.top), bottom: Math.round(r.bottom), h: innerHeight, rank: document.getElementById("sb-rank").textContent}); })()`)
	if !strings.Contains(got, `"top":0,`) || !strings.Contains(got, `"rank":"34.01"`) {
		t.Errorf("score bar at 390 px after scrolling: %s, want it at the top showing 34.01", got)
	}
	b.shot(ctx, "n4-narrow-390")
	b.do(ctx, chromedp.EmulateViewport(1280, 900))

	// 9. Deleting the last file leaves an empty main.S: "no code", not an illegal opcode.
	fresh := b.tab(true)
	b.do(fresh, chromedp.Navigate(base))
	b.wait(fresh, "the first RANK in a fresh profile", rankShown+" && "+idle+` && avrlabTimings.workspaceOpen !== undefined`, 60*time.Second)
	eval[bool](b, fresh, `window.confirm = () => true, true`)
	// Delete until main.S is what is left (a click while a fresh workspace is still settling may be
	// lost; clicking again on the empty main.S leaves an empty main.S): at most one click in 2 s.
	b.wait(fresh, "the empty main.S measured", `(() => {
		const cur = document.querySelector('#files button[aria-selected="true"]');
		if (!cur || cur.textContent !== "main.S") {
			if (!window.__lastDelete || performance.now() - window.__lastDelete > 2000) {
				window.__lastDelete = performance.now();
				document.getElementById("delete-file").click();
			}
			return false;
		}
		return document.getElementById("verdict").textContent === "NO CODE" && `+idle+`;
	})()`, 45*time.Second)
	if msg := eval[string](b, fresh, `document.getElementById("message").textContent`); !strings.Contains(msg, "main.S emits no code") {
		t.Errorf("empty main.S: %q", msg)
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}

func clickFile(b *browser, ctx context.Context, name string) {
	b.t.Helper()
	eval[bool](b, ctx, fmt.Sprintf(`[...document.querySelectorAll("#files button")].find(x => x.textContent === %q).click(), true`, name))
	b.wait(ctx, name+" open", fmt.Sprintf(`document.querySelector('#files button[aria-selected="true"]').textContent === %q`, name), 10*time.Second)
}

func newFile(b *browser, ctx context.Context, name string) {
	b.t.Helper()
	eval[bool](b, ctx, fmt.Sprintf(`window.prompt = () => %q, true`, name))
	eval[bool](b, ctx, `document.getElementById("new-file").click(), true`)
	b.wait(ctx, name+" open", fmt.Sprintf(`document.querySelector('#files button[aria-selected="true"]').textContent === %q`, name), 10*time.Second)
}

// setField types a value into an input of the page and fires change, as leaving the field does.
func setField(b *browser, ctx context.Context, id, value string) {
	b.t.Helper()
	eval[bool](b, ctx, fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q;
		e.dispatchEvent(new Event("change")); return true; })()`, id, value))
}
