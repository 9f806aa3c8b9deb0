//go:build !js

package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/lab"
)

// TestPlaygroundKernelStanding opens the four kernel examples of issue 13 (mpmul160, mpmul256,
// sneik-f512, ntt256-xmega) and the Ring-LWE decryption of issue 21 from their short links and checks where the page says each stands:
// measured on the device the example is written for (the NTT on the ATxmega128A1, SNEIK on the
// ATmega2560), "your code" placed in the published table among the rows it beats and the rows that
// beat it, by cycles per call, and the row the example's "; compare:" line names present. (The
// figures themselves, cycles, flash, RAM and per round, are TestPlaygroundKernels's check.)
func TestPlaygroundKernelStanding(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	for _, c := range []struct{ id, device string }{
		{"mpmul160", "atmega128"}, {"mpmul256", "atmega128"}, {"sneik-f512", "atmega2560"}, {"ntt256-xmega", "atxmega128a1"},
		{"rlwe256-dec-xmega", "atxmega128a1"}, // a system: Ring-LWE decryption over the included inverse NTT
	} {
		e, ok := examples.Lookup(c.id)
		if !ok {
			t.Fatalf("no example %s", c.id)
		}
		rep, _, err := lab.BenchFile(examples.FS, e.File, lab.Options{Task: e.Task})
		if err != nil || !rep.Pass || rep.Device != c.device {
			t.Fatalf("%s: avrlab bench: %v %+v", c.id, err, rep)
		}
		// Where the example stands: 1 + the comparable published rows with fewer cycles per call.
		place, compared := 1, false
		for _, r := range lab.LookupTask(e.Task).PublishedKernel() {
			if r.Context {
				continue
			}
			cycles := float64(r.Cycles)
			if r.PerUnitCycles > 0 {
				cycles = r.PerUnitCycles * float64(rep.CyclesMin) / rep.CyclesPerUnit
			}
			if cycles < rep.CyclesMean {
				place++
			}
			compared = compared || r.Impl == e.Compare
		}
		if e.Compare != "" && !compared {
			t.Errorf("%s: the compare line names %q, which is not a published row of %s", c.id, e.Compare, e.Task)
		}

		ctx := b.tab(true)
		b.do(ctx, chromedp.Navigate(base+"#example="+c.id))
		b.wait(ctx, c.id+": PASS", passShown+" && "+idle, 60*time.Second)
		if name := eval[string](b, ctx, `document.getElementById("task-name").textContent`); !strings.Contains(name, " · "+c.device+" · ") {
			t.Errorf("%s: measured as %q, want on the %s", c.id, name, c.device)
		}
		got := eval[string](b, ctx, `(document.querySelector("#published-rows tr.mine td:nth-child(1)") || {}).textContent || ""`)
		if n, err := strconv.Atoi(strings.TrimSpace(got)); err != nil || n != place {
			t.Errorf("%s: the page places your code at %q, want %d (%.0f cycles against the published rows)", c.id, got, place, rep.CyclesMean)
		}
		if e.Compare != "" {
			rows := eval[string](b, ctx, `document.getElementById("published-rows").textContent`)
			if !strings.Contains(rows, e.Compare) {
				t.Errorf("%s: the published table does not show %q", c.id, e.Compare)
			}
		}
		// Every context row shows its figure: cycles, or the milliseconds of a source that gives
		// times without a clock (liu2017's rows beside the NTT), never a dash for a row that has one.
		for _, r := range lab.LookupTask(e.Task).PublishedKernel() {
			if !r.Context {
				continue
			}
			want := r.MS + " ms"
			if r.MS == "" {
				want = grouped(r.Cycles)
			}
			cell := eval[string](b, ctx, fmt.Sprintf(`(() => { const tr = [...document.querySelectorAll("#published-rows tr.context")].find((tr) => tr.children[1].textContent === %q); return tr ? tr.children[3].textContent : "(no row)"; })()`, r.Impl))
			if cell != want {
				t.Errorf("%s: the context row %q shows %q, want %q", c.id, r.Impl, cell, want)
			}
		}
		b.shot(ctx, fmt.Sprintf("kernel-standing-%s", c.id))
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}

// grouped writes n with a comma between groups of three digits, as the page's en-US figures: 672,000.
func grouped(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
