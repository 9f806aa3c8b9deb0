//go:build !js

package main

import (
	"fmt"
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
	// Another RANK on the same chart updates it in place (the same svg element, its points moved),
	// into exactly the chart a fresh render draws (the box emptied, the results pane shown again).
	eval[bool](b, ctx, `(document.querySelector("#chart svg").avrlabKept = true)`)
	circles := `[...document.querySelectorAll("#chart svg [data-row=published] circle")].map((c) => c.getAttribute("cx") + "," + c.getAttribute("cy")).join(" ")`
	points := eval[string](b, ctx, circles)
	before := b.rank(ctx)
	b.typeAt(ctx, entry, "\r\tnop")
	b.wait(ctx, "the nop measured", fmt.Sprintf(`document.getElementById("rank").textContent !== %q && `, before)+passShown+" && "+idle, 30*time.Second)
	if !eval[bool](b, ctx, `document.querySelector("#chart svg").avrlabKept === true`) {
		t.Errorf("the chart of a new RANK was drawn anew, not updated in place")
	}
	// The nop moves yours (the chart's smallest: 146 → 148 bytes) within the scales' twentieth of a
	// decade: the scales, and the published points, stay.
	if got := eval[string](b, ctx, circles); got != points {
		t.Errorf("a nop moved the published points:\n%s\n%s", points, got)
	}
	if y := yours(); y != b.rank(ctx) {
		t.Errorf("your point %q after a nop, RANK %q", y, b.rank(ctx))
	}
	inPlace := eval[string](b, ctx, `document.getElementById("chart").innerHTML`)
	fresh := eval[string](b, ctx, `(() => { document.getElementById("chart").textContent = "";
		document.querySelector('.rtabs button[data-pane="result"]').click(); return document.getElementById("chart").innerHTML; })()`)
	if inPlace != fresh || !strings.Contains(fresh, `data-row="yours"`) {
		t.Errorf("the chart updated in place differs from a fresh one:\n%.2000s\n%.2000s", inPlace, fresh)
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}

// TestPlaygroundDevices: the current code on every device, side by side; the ATmega128 row is the
// page's result, and a device that cannot run the code says why.
func TestPlaygroundDevices(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK", rankShown+" && "+idle, 60*time.Second)
	rank := b.rank(ctx)
	devices := eval[int](b, ctx, `[...document.getElementById("device").options].filter(o => o.value !== "").length`) // besides "task's"
	eval[bool](b, ctx, `document.getElementById("tab-devices").click(), true`)
	b.wait(ctx, "the comparison", `(avrlabTimings.deviceComparisons || 0) > 0`, 60*time.Second)
	if n := eval[int](b, ctx, `document.querySelectorAll("#dev-rows tbody tr[data-device]").length`); n != devices || n < 5 {
		t.Errorf("%d rows, want one per device (%d)", n, devices)
	}
	if r := eval[string](b, ctx, `document.querySelector('#dev-rows tr[data-device="atmega128"] .rank-cell').textContent`); r != rank {
		t.Errorf("ATmega128 row RANK %q, the page's %q", r, rank)
	}
	b.shot(ctx, "v1-devices")
	// MUL is not on the AVRe parts: those rows say so, the others run it.
	newFile(b, ctx, "mul.S")
	setText(b, ctx, "\tldi r16, 7\n\tldi r17, 6\n\tmul r16, r17\n\tsleep\n")
	b.wait(ctx, "the run", `document.getElementById("verdict").textContent.startsWith("RAN") && `+idle, 30*time.Second)
	n := eval[int](b, ctx, `avrlabTimings.deviceComparisons`)
	eval[bool](b, ctx, `document.getElementById("dev-run").click(), true`)
	b.wait(ctx, "the comparison of mul.S", fmt.Sprintf(`avrlabTimings.deviceComparisons > %d`, n), 60*time.Second)
	got := eval[string](b, ctx, `JSON.stringify([...document.querySelectorAll("#dev-rows tbody tr[data-device]")].map(r => [r.dataset.device, r.dataset.pass, r.dataset.reason]))`)
	if !strings.Contains(got, `["attiny85","false","mul.S:3: mul is not available on attiny85`) || !strings.Contains(got, `["atmega328p","true",""]`) {
		t.Errorf("rows %s", got)
	}
	b.shot(ctx, "v2-devices-mul")
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
