//go:build !js

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPlaygroundChart: the RANK chart holds one point per published row and the user's point with the
// user's RANK, which moves with the code, dims while the source does not assemble and goes when it
// fails.
func TestPlaygroundChart(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK", rankShown+" && "+idle, 60*time.Second)
	published := eval[int](b, ctx, `document.querySelectorAll("#published-rows tr:not(.mine)").length`)
	if n := eval[int](b, ctx, `document.querySelectorAll("#chart svg [data-row=published]").length`); n != published || n < 10 {
		t.Errorf("%d published points, want %d (the published rows)", n, published)
	}
	yours := func() string {
		return eval[string](b, ctx, `(() => { const y = document.querySelectorAll("#chart svg [data-row=yours]"); return y.length === 1 ? y[0].dataset.rank + (y[0].classList.contains("stale") ? " stale" : "") : String(y.length); })()`)
	}
	if y := yours(); y != b.rank(ctx) {
		t.Errorf("your point %q, RANK %q", y, b.rank(ctx))
	}
	// Every published point sits where its RANK says: on the iso-RANK line through it, cpb·size = 10^6/RANK.
	off := eval[string](b, ctx, `(() => { const bad = []; for (const g of document.querySelectorAll("#chart svg [data-row=published]")) {
		const t = g.querySelector("title").textContent; const m = /flash (\d+) B, RAM (\d+) B, (\d+) cycles\/byte, RANK ([\d.]+)/.exec(t);
		const r = 1e6 / (Number(m[3]) * (Number(m[1]) + 2 * Number(m[2]))); if (Math.abs(r - Number(m[4])) > 0.1 * Number(m[4]) + 0.1) bad.push(t); } return bad.join("; "); })()`)
	if off != "" {
		t.Errorf("published points whose figures do not give their RANK: %s", off)
	}
	b.shot(ctx, "c1-chart")

	// A typo: the point stays, dimmed. Fixed: back. A wrong routine: gone.
	entry := b.lineOf(ctx, `/^\s*cham64_128_encrypt\s*:/`)
	b.typeAt(ctx, entry, "\r\tbogus")
	b.wait(ctx, "the typo measured", `document.getElementById("problems").textContent.includes("bogus") && `+idle, 30*time.Second)
	if y := yours(); !strings.HasSuffix(y, " stale") {
		t.Errorf("your point while the source does not assemble: %q, want it marked stale", y)
	}
	b.typeAt(ctx, entry+1, "\b\b\b\b\binc r24")
	b.wait(ctx, "the wrong routine measured", failShown+" && "+idle, 30*time.Second)
	if y := yours(); y != "0" {
		t.Errorf("a failing routine has a point: %q", y)
	}
	b.typeAt(ctx, entry+1, "\b\b\b\b\b\b\b\b\b")
	b.wait(ctx, "PASS again", passShown+" && "+idle, 30*time.Second)
	if y := yours(); y != b.rank(ctx) {
		t.Errorf("your point %q after the fix, RANK %q", y, b.rank(ctx))
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
