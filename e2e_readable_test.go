//go:build !js

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// overflowingTables lists the shown tables of the results column that are wider than their panel (or
// than the box that would scroll them), as "id: table px / panel px".
func overflowingTables(b *browser, ctx context.Context) string {
	return eval[string](b, ctx, `[...document.querySelectorAll("#results table")].filter((t) => t.offsetParent !== null).map((t) => {
		const panel = document.getElementById("results").getBoundingClientRect();
		const wrap = t.parentElement;
		const r = t.getBoundingClientRect();
		const over = r.right > panel.right + 0.5 || wrap.scrollWidth > wrap.clientWidth + 1;
		return over ? (t.id || t.className) + ": " + Math.round(r.width) + "/" + Math.round(wrap.clientWidth) + " px" : "";
	}).filter(Boolean).join(", ")`)
}

// chartLabelOverlaps lists the pairs of shown chart labels whose boxes intersect, and returns how many
// labels are shown.
func chartLabelOverlaps(b *browser, ctx context.Context) (string, int) {
	got := eval[string](b, ctx, `(() => { const ls = [...document.querySelectorAll("#chart svg text.pt-label, #chart svg text.yours-label, #chart svg text.iso-label")]
		.filter((t) => t.getAttribute("display") !== "none" && t.getBoundingClientRect().width > 0);
		const bad = [];
		for (let i = 0; i < ls.length; i++) for (let j = i + 1; j < ls.length; j++) {
			const a = ls[i].getBoundingClientRect(), c = ls[j].getBoundingClientRect();
			if (a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom) bad.push(ls[i].textContent + " over " + ls[j].textContent);
		}
		return ls.length + "|" + bad.join(", "); })()`)
	n, bad, _ := strings.Cut(got, "|")
	var count int
	fmt.Sscan(n, &count)
	return bad, count
}

// TestPlaygroundReadable: the results read at 1280 px and on a phone. At 1280x900 no two chart labels
// meet, the CHAM-64/128 rows are told apart, no table runs off its panel (the published table, the
// cycles-per-line listing, a kernel's table) and a cycle row jumps to its line; at 390x844 the
// controls fold behind one button, the tables fit, and scrolled to the bottom the RANK is on screen.
func TestPlaygroundReadable(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK", rankShown+" && "+idle+` && avrlabTimings.workspaceOpen !== undefined`, 60*time.Second)

	// The example opens at its code, not at its 85 lines of header comments.
	if top := eval[int](b, ctx, `Math.round((document.getElementById("editor").scrollTop - 8) / 20) + 3`); top < 60 {
		t.Errorf("the example opens at line %d (its header), want at its code", top)
	}
	// The first screen says what to do in one line.
	if h := eval[float64](b, ctx, `document.getElementById("intro").getBoundingClientRect().height`); h == 0 || h > 24 {
		t.Errorf("the intro line is %.0f px tall at 1280 px, want one line", h)
	}

	bad, n := chartLabelOverlaps(b, ctx)
	if bad != "" {
		t.Errorf("chart labels that overlap at 1280 px: %s", bad)
	}
	if n < 14 {
		t.Errorf("%d chart labels shown, want most of the 15 points, the RANK lines and yours labelled", n)
	}
	if v := eval[string](b, ctx, `[...document.querySelectorAll("#chart svg text.pt-label")].map((t) => t.textContent).filter((l) => l.startsWith("CHAM-64/128")).sort().join(",")`); v != "CHAM-64/128 '17,CHAM-64/128 v1,CHAM-64/128 v2" {
		t.Errorf("the CHAM-64/128 points are labelled %q, want them told apart", v)
	}
	if o := overflowingTables(b, ctx); o != "" {
		t.Errorf("tables wider than their panel at 1280 px: %s", o)
	}

	// Cycles per line with the listing: the table fits, and a row jumps to its line.
	eval[bool](b, ctx, `document.getElementById("tab-cycles").click(), true`)
	b.wait(ctx, "the cycles per line", `document.querySelectorAll("#prof-lines tbody tr").length > 10`, 30*time.Second)
	eval[bool](b, ctx, `(() => { const c = document.getElementById("prof-listing"); c.checked = true; c.dispatchEvent(new Event("change")); return true; })()`)
	b.wait(ctx, "the listing", `document.querySelectorAll("#prof-lines th").length === 8`, 10*time.Second)
	if o := overflowingTables(b, ctx); o != "" {
		t.Errorf("tables wider than their panel at 1280 px with the listing: %s", o)
	}
	row := eval[string](b, ctx, `(() => { const r = [...document.querySelectorAll("#prof-lines tbody tr")].find((r) => Number(r.dataset.cycles) > 100); r.click(); return r.dataset.line; })()`)
	line := 0
	fmt.Sscan(row[strings.LastIndex(row, ":")+1:], &line)
	if got := eval[int](b, ctx, `(() => { const ta = document.getElementById("source"); return ta.value.slice(0, ta.selectionStart).split("\n").length; })()`); line == 0 || got != line {
		t.Errorf("clicking the cycle row of %s put the caret on line %d", row, got)
	}
	eval[bool](b, ctx, `document.getElementById("tab-result").click(), true`)

	// A kernel's table (SNEIK: its RAM column was clipped).
	b.do(ctx, chromedp.Navigate(base+"#example=sneik-f512"))
	b.wait(ctx, "SNEIK measured", `document.getElementById("task-name").textContent.includes("SNEIK") && `+passShown+" && "+idle, 90*time.Second)
	if o := overflowingTables(b, ctx); o != "" {
		t.Errorf("tables wider than their panel at 1280 px (SNEIK): %s", o)
	}
	b.do(ctx, chromedp.Navigate(base+"#example=cham64-v2"))
	b.wait(ctx, "CHAM again", `document.getElementById("task-name").textContent.includes("CHAM-64/128") && `+passShown+" && "+idle, 60*time.Second)

	// The phone.
	b.do(ctx, chromedp.EmulateViewport(390, 844))
	time.Sleep(300 * time.Millisecond)
	if o := overflowingTables(b, ctx); o != "" {
		t.Errorf("tables wider than their panel at 390 px: %s", o)
	}
	if shown := eval[bool](b, ctx, `document.getElementById("task").offsetParent !== null || document.getElementById("call").offsetParent !== null`); shown {
		t.Error("at 390 px the pickers and fields are not folded away")
	}
	if h := eval[float64](b, ctx, `document.querySelector("header").getBoundingClientRect().height`); h > 70 {
		t.Errorf("at 390 px the header takes %.0f px", h)
	}
	eval[bool](b, ctx, `window.scrollTo(0, document.documentElement.scrollHeight), true`)
	time.Sleep(200 * time.Millisecond)
	got := eval[string](b, ctx, `(() => { const r = document.getElementById("rank").getBoundingClientRect();
		return JSON.stringify({top: Math.round(r.top), bottom: Math.round(r.bottom), h: innerHeight, y: Math.round(scrollY), text: document.getElementById("rank").textContent}); })()`)
	var top, bottom, h, y int
	var text string
	fmt.Sscanf(strings.NewReplacer(`{"top":`, "", `,"bottom":`, " ", `,"h":`, " ", `,"y":`, " ", `,"text":"`, " ", `"}`, "").Replace(got), "%d %d %d %d %s", &top, &bottom, &h, &y, &text)
	if y < 1000 || top < 0 || bottom > h || bottom <= top || text != "34.01" {
		t.Errorf("at 390x844 scrolled to the bottom, #rank is at %s; want it within the viewport showing 34.01", got)
	}
	b.shot(ctx, "r1-phone-bottom")
	eval[bool](b, ctx, `document.getElementById("menu").click(), true`)
	if shown := eval[bool](b, ctx, `document.getElementById("task").offsetParent !== null && document.getElementById("rk").offsetParent !== null`); !shown {
		t.Error("the Controls button does not show the pickers and fields")
	}
	b.do(ctx, chromedp.EmulateViewport(1280, 900))
}
