//go:build !js

package main

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLiveStopsStaleBench: a keystroke while a live bench of older text is running stops that
// bench (the engine's worker takes the newer request at the bench's next turn and answers the older
// superseded) instead of waiting for it, and the page shows the bench of the latest text: here
// the Ring-LWE encryption on the interpreter (?interp: a live bench of 39 vectors and 64
// constant-time inputs of 252,599 cycles, long enough to type into), a nop typed in the routine and, while its bench runs, taken out again, which must show the
// figures of the example as it was.
//
// With AVRLAB_SPEED_BASELINE=DIR (a site `go run . -out DIR` wrote from another commit) it makes the
// same edits in that site too, round by round, and logs both sites' keystroke → RANK; of the
// baseline it checks the figures only (an older engine cannot stop a bench: its page restarts the
// worker when the bench it waits for is 1.5 s old, and the new worker's first bench is slow).
func TestLiveStopsStaleBench(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	srv := httptest.NewServer(testSite(t))
	t.Cleanup(srv.Close)
	sites := []string{srv.URL + "/"}
	if dir := os.Getenv("AVRLAB_SPEED_BASELINE"); dir != "" {
		other := httptest.NewServer(gzipStatic(dir))
		t.Cleanup(other.Close)
		sites = append(sites, other.URL+"/")
	}
	b := newBrowser(t, sites[0])
	figures := `document.getElementById("rank").textContent + " | " + document.getElementById("verdict").textContent`
	type tab struct {
		ctx            context.Context
		original, want string
		entry          int
		ms             []float64
	}
	var tabs []*tab
	for _, site := range sites {
		ctx := b.tab(true)
		b.do(ctx, chromedp.Navigate(site+"?interp#example=rlwe256-enc-xmega"))
		b.wait(ctx, "PASS", passShown+" && "+idle, 60*time.Second)
		tabs = append(tabs, &tab{ctx: ctx, original: b.source(ctx), want: eval[string](b, ctx, figures), entry: b.lineOf(ctx, `/^rlwe256_enc:/`)})
	}
	for round := 0; round < 3; round++ {
		for k, tb := range tabs {
			ctx := tb.ctx
			stopped := eval[int](b, ctx, `avrlabTimings.stoppedRunning || 0`)
			n := eval[int](b, ctx, `avrlabTimings.editToRank.length`)
			b.typeAt(ctx, tb.entry, "\r\tnop")
			b.wait(ctx, "the nop's bench running", `document.getElementById("status").textContent.startsWith("benchmarking")`, 30*time.Second)
			b.typeAt(ctx, tb.entry+1, strings.Repeat("\b", len("\n\tnop")))
			b.wait(ctx, "the RANK after taking the nop out", fmt.Sprintf(`avrlabTimings.editToRank.length > %d && `, n)+idle, 180*time.Second)
			if s := b.source(ctx); s != tb.original {
				t.Fatalf("site %d, round %d: the source after the edits differs from the example", k, round)
			}
			if got := eval[string](b, ctx, figures); got != tb.want {
				t.Errorf("site %d, round %d: the page shows %q after the edits, want the example's %q", k, round, got, tb.want)
			}
			if s := eval[int](b, ctx, `avrlabTimings.stoppedRunning || 0`); k == 0 && s <= stopped {
				t.Errorf("round %d: no running bench was stopped (%d stopped before, %d after; superseded %d)", round, stopped, s,
					eval[int](b, ctx, `avrlabTimings.superseded || 0`))
			}
			tb.ms = append(tb.ms, eval[float64](b, ctx, `avrlabTimings.lastEditToRank`))
		}
	}
	for k, tb := range tabs {
		t.Logf("%s: last keystroke (taking the nop out while its bench runs) → RANK, ms by round: %.0f", sites[k], tb.ms)
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}

// TestLiveBurst: a lone keystroke's live run is not held (the page posts it with hold 0: no next key
// is likely within the hold, js/engine.js BURST_MS), and a burst of keys (a nop typed in one go, the
// runs of its keys replacing or stopping one another) ends with the RANK of its last text: the one
// Run (every vector, not a live run) then measures.
func TestLiveBurst(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	srv := httptest.NewServer(testSite(t))
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv.URL+"/")
	c := b.tab(true)
	b.do(c, chromedp.Navigate(srv.URL+"/"))
	b.wait(c, "PASS", passShown+" && "+idle, 60*time.Second)
	original, rank := b.source(c), b.rank(c)
	note, entry := b.lineOf(c, `/^;\s*title:/`), b.lineOf(c, `/^\s*cham64_128_encrypt\s*:/`)
	n := eval[int](b, c, `avrlabTimings.editToRank.length`)
	b.typeAt(c, note, "x")
	b.wait(c, "the RANK after one key", fmt.Sprintf(`avrlabTimings.editToRank.length > %d && `, n)+passShown+" && "+idle, 30*time.Second)
	if held := eval[float64](b, c, `avrlabTimings.lastRun.call.heldMs`); held != 0 || b.rank(c) != rank {
		t.Errorf("a lone key: held %.1f ms, RANK %s; want 0 and %s", held, b.rank(c), rank)
	}

	superseded := eval[int](b, c, `avrlabTimings.superseded || 0`)
	n = eval[int](b, c, `avrlabTimings.editToRank.length`)
	b.typeAt(c, entry, "\r\tnop")
	b.wait(c, "the RANK after a burst", fmt.Sprintf(`avrlabTimings.editToRank.length > %d && `, n)+passShown+" && "+idle, 30*time.Second)
	burst := b.rank(c)
	t.Logf("a burst of %d keys: %d live runs superseded, the last held %.1f ms", len("\r\tnop"),
		eval[int](b, c, `avrlabTimings.superseded || 0`)-superseded, eval[float64](b, c, `avrlabTimings.lastRun.call.heldMs`))
	last := eval[float64](b, c, `avrlabTimings.lastRun.startedAt`)
	eval[bool](b, c, `(document.getElementById("run").click(), true)`)
	b.wait(c, "Run's RANK", fmt.Sprintf(`avrlabTimings.lastRun.startedAt !== %v && `, last)+passShown+" && "+idle, 30*time.Second)
	if r := b.rank(c); r != burst || r == rank {
		t.Errorf("after the burst RANK %s; Run then measures %s (the example %s)", burst, r, rank)
	}
	if s := b.source(c); !strings.Contains(s, "cham64_128_encrypt:\n\tnop\n") || len(s) != len(original)+len("x\n\tnop") {
		t.Errorf("the burst did not type one nop after the entry label")
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
