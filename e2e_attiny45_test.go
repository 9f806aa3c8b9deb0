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

// attiny45PageGaps are what the page does not show yet for the ATtiny45 tasks (issue 13; the page is
// being rewritten). Each is still checked: while it holds the test logs it, and once the page shows
// the thing the test fails and asks for the entry to be removed, so the list empties as the page
// catches up. Anything else that differs from `avrlab bench` fails at once.
var attiny45PageGaps = map[string]string{
	"device": "a short link #example=ID measures on the page's default device (atmega128: share.js sets the link's " +
		"device or meta.default_device), not on the task's device attiny45",
	"energy":    "the energy estimate of the report (energy.UJ, µJ) is not shown anywhere",
	"published": "the published table is the ATmega128 fixed-key one; the task's ATtiny45 rows (eisenbarth2012) are not shown",
}

// TestPlaygroundATtiny45 opens the ATtiny45 examples from their short links (#example=ID), and with
// the device in the link, and checks that the page measures what `avrlab bench` measures: PASS, the
// same cycles, flash and RAM, on the ATtiny45, with the energy estimate and the ECRYPT rows.
func TestPlaygroundATtiny45(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	for _, id := range []string{"aes128-t45", "present80-t45"} {
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
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
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
}
