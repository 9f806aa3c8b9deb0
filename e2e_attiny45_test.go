//go:build !js

package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
)

// attiny45PageGaps are what the page does not show yet for the ATtiny45 tasks (issue 13), by name.
// Each is still checked: while it holds the test logs it, and once the page shows the thing the test
// fails and asks for the entry to be removed, so the list empties as the page catches up. Anything
// else that differs from `avrlab bench` fails at once. Empty: the task's device, the energy estimate
// and the ECRYPT rows are all shown.
var attiny45PageGaps = map[string]string{}

// TestPlaygroundATtiny45 opens the ATtiny45 examples from their short links (#example=ID), and with
// the device in the link, and checks that the page measures what `avrlab bench` measures: PASS, the
// same cycles, flash and RAM, on the ATtiny45, with the energy estimate and the ECRYPT rows.
func TestPlaygroundATtiny45(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	for _, id := range []string{"aes128-t45", "present80-t45", "idea-t45", "kasumi-t45", "tea-t45", "noekeon-t45", "katan64-t45", "klein64-t45"} {
		e, ok := examples.Lookup(id)
		if !ok {
			t.Fatalf("no example %s", id)
		}
		// The CLI's figures are the reference (the page runs the same lab code compiled to WebAssembly).
		rep, _, err := lab.BenchFile(examples.FS, e.File, lab.Options{Task: e.Task})
		if err != nil || !rep.Pass || rep.Device != "attiny45" || rep.EnergyUJ == nil {
			t.Fatalf("%s: bench: %v %+v", id, err, rep)
		}
		b.checkATtiny45(base, "#example="+id, "attiny45-"+id, rep)
		b.checkATtiny45(base, "#example="+id+"&device=attiny45", "attiny45-"+id+"-device", rep)
	}
	b.pickDevice(base)
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}

// pickDevice: a device the user picks wins over the task's, and goes into a share link (which is then
// no longer the example's short link); picking "task's" again measures on the ATtiny45.
func (b *browser) pickDevice(base string) {
	t := b.t
	ctx := b.tab(true)
	b.do(ctx, chromedp.Navigate(base+"#example=aes128-t45"))
	b.wait(ctx, "aes128-t45 on the attiny45", passShown+" && "+idle+` && document.getElementById("task-name").textContent.includes("attiny45")`, 60*time.Second)
	if opt := eval[string](b, ctx, `document.getElementById("device").options[0].textContent`); opt != "task: attiny45" {
		t.Errorf("the device picker's first option says %q, want \"task: attiny45\"", opt)
	}
	b.selectOption(ctx, "device", "atmega128")
	b.wait(ctx, "aes128-t45 on the atmega128", passShown+" && "+idle+` && document.getElementById("task-name").textContent.includes("atmega128")`, 60*time.Second)
	if !eval[bool](b, ctx, `document.getElementById("m-energy-box").hidden`) {
		t.Error("an energy estimate is shown off the ATtiny45")
	}
	if mine := eval[string](b, ctx, `document.querySelector("#published-rows tr.mine td:nth-child(2)").textContent`); !strings.Contains(mine, "(atmega128, encrypt-ks)") {
		t.Errorf("your row in the ECRYPT table on the atmega128 reads %q", mine)
	}
	b.shot(ctx, "attiny45-picked-atmega128")
	eval[bool](b, ctx, `document.getElementById("share").click(), true`)
	b.wait(ctx, "the share link", `document.getElementById("share-url").value.includes("#")`, 10*time.Second)
	if link := eval[string](b, ctx, `document.getElementById("share-url").value`); !strings.Contains(link, "device=atmega128") || strings.Contains(link, "example=") {
		t.Errorf("share link with a picked device: %s", link)
	}
	b.selectOption(ctx, "device", "")
	b.wait(ctx, "aes128-t45 back on the attiny45", passShown+" && "+idle+` && document.getElementById("task-name").textContent.includes("attiny45")`, 60*time.Second)
}

// checkATtiny45 opens base+frag in a fresh tab, waits for PASS, takes the screenshot shot and compares
// what the page shows with the bench report.
func (b *browser) checkATtiny45(base, frag, shot string, rep *lab.Report) {
	t := b.t
	t.Helper()
	ctx := b.tab(true)
	b.do(ctx, chromedp.Navigate(base+frag))
	b.wait(ctx, frag+": the example in the editor", fmt.Sprintf(`document.getElementById("source").value.includes(%q)`, rep.Entry+":"), 30*time.Second)
	b.wait(ctx, frag+": PASS", passShown+" && "+idle, 60*time.Second)
	b.shot(ctx, shot)

	// check fails when ok is false, unless gap names a known gap (logged); a known gap that no longer
	// holds fails too.
	check := func(ok bool, gap, what string) {
		t.Helper()
		_, known := attiny45PageGaps[gap]
		switch {
		case ok && known:
			t.Errorf("%s: fixed: %s; remove %q from attiny45PageGaps", frag, attiny45PageGaps[gap], gap)
		case !ok && known:
			t.Logf("%s: known gap: %s (%s)", frag, attiny45PageGaps[gap], what)
		case !ok:
			t.Errorf("%s: %s", frag, what)
		}
	}
	get := func(id string) string {
		return eval[string](b, ctx, fmt.Sprintf(`document.getElementById(%q).textContent`, id))
	}
	name := get("task-name")
	deviceGap := ""
	if !strings.Contains(frag, "device=") {
		deviceGap = "device"
	}
	check(strings.Contains(name, "attiny45"), deviceGap, fmt.Sprintf("measured on %q, want the task's device attiny45", name))
	for _, m := range []struct {
		id   string
		want any
	}{{"m-cycles", rep.CyclesMin}, {"m-flash", rep.Flash}, {"m-ram", rep.RAM}} {
		got := get(m.id)
		check(got == fmt.Sprint(m.want), "", fmt.Sprintf("%s shows %q, avrlab bench %v", m.id, got, m.want))
	}
	text := eval[string](b, ctx, `document.body.innerText`)
	energy := fmt.Sprintf("%.1f µJ", rep.EnergyUJ.UJ)
	check(strings.Contains(text, energy), "energy", "no energy estimate "+energy)
	check(strings.Contains(text, "eisenbarth2012"), "published", "no published ATtiny45 row (eisenbarth2012)")

	// The ECRYPT table: every row of it, the task's own shaded, yours with the estimate and its spread
	// beside the table's energy column; the chart plots the same rows and yours.
	task := lab.LookupTask(rep.Task)
	rows := lab.ATtiny45Rows()
	if got := eval[string](b, ctx, `document.getElementById("published").dataset.table`); got != "attiny45" {
		t.Errorf("%s: published table %q, want attiny45", frag, got)
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#published-rows tr:not(.mine):not(.group):not(.extra)").length`); n != len(rows) {
		t.Errorf("%s: %d ECRYPT rows shown, the table has %d", frag, n, len(rows))
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#published-rows tr.same").length`); n != len(task.PublishedATtiny45()) {
		t.Errorf("%s: %d rows shaded as the task's, want %d", frag, n, len(task.PublishedATtiny45()))
	}
	// A row of another variant of the task's cipher (KLEIN v1 is KLEIN-80 beside klein64) says so in
	// its cipher cell; no other row does.
	for _, r := range task.PublishedATtiny45() {
		note := task.VariantNote(r)
		js := fmt.Sprintf(`Array.from(document.querySelectorAll("#published-rows tr.same td:nth-child(2)")).map((td) => td.textContent).filter((s) => s.startsWith(%q)).join("|")`, r.Cipher)
		got := eval[string](b, ctx, js)
		if want := r.Cipher; note != "" {
			want += " (another variant: " + note + ")"
			if got != want {
				t.Errorf("%s: the row %s reads %q, want %q", frag, r.Cipher, got, want)
			}
		} else if strings.Contains(got, "another variant") {
			t.Errorf("%s: the row %s reads %q, of the task's own variant", frag, r.Cipher, got)
		}
	}
	// Other figures of the task (PRESENT-80's encryption-only rows), without the ECRYPT row again.
	extra := 0
	for _, k := range task.PublishedKernel() {
		if k.Source != "eisenbarth2012" {
			extra++
		}
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#published-rows tr.extra").length`); n != extra {
		t.Errorf("%s: %d other published figures shown, want %d", frag, n, extra)
	}
	spread := fmt.Sprintf("%.1f (%.1f–%.1f)", rep.EnergyUJ.UJ, rep.EnergyUJ.MinUJ, rep.EnergyUJ.MaxUJ)
	if got := eval[string](b, ctx, `document.querySelector("#published-rows tr.mine td:last-child").textContent`); got != spread {
		t.Errorf("%s: your energy cell %q, want %q", frag, got, spread)
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#chart svg [data-row=published]").length`); n != len(rows) {
		t.Errorf("%s: %d points in the chart, want the %d ECRYPT rows", frag, n, len(rows))
	}
	if y := eval[string](b, ctx, `(document.querySelector("#chart svg [data-row=yours]") || {dataset: {}}).dataset.rank || ""`); y != fmt.Sprintf("%.2f", rep.Rank) {
		t.Errorf("%s: your point's RANK %q, the report's %.2f", frag, y, rep.Rank)
	}
}
