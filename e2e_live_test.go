//go:build !js

package main

import (
	"fmt"
	"net/http/httptest"
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
func TestLiveStopsStaleBench(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	srv := httptest.NewServer(testSite(t))
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv.URL+"/")
	ctx := b.tab(true)
	b.do(ctx, chromedp.Navigate(srv.URL+"/?interp#example=rlwe256-enc-xmega"))
	b.wait(ctx, "PASS", passShown+" && "+idle, 60*time.Second)
	original := b.source(ctx)
	figures := `document.getElementById("rank").textContent + " | " + document.getElementById("verdict").textContent`
	want := eval[string](b, ctx, figures)
	entry := b.lineOf(ctx, `/^rlwe256_enc:/`)
	for round := 0; round < 3; round++ {
		stopped := eval[int](b, ctx, `avrlabTimings.stoppedRunning || 0`)
		n := eval[int](b, ctx, `avrlabTimings.editToRank.length`)
		b.typeAt(ctx, entry, "\r\tnop")
		b.wait(ctx, "the nop's bench running", `document.getElementById("status").textContent.startsWith("benchmarking")`, 30*time.Second)
		b.typeAt(ctx, entry+1, strings.Repeat("\b", len("\n\tnop")))
		b.wait(ctx, "the RANK after taking the nop out", fmt.Sprintf(`avrlabTimings.editToRank.length > %d && `, n)+idle, 60*time.Second)
		if s := b.source(ctx); s != original {
			t.Fatalf("round %d: the source after the edits differs from the example", round)
		}
		if got := eval[string](b, ctx, figures); got != want {
			t.Errorf("round %d: the page shows %q after the edits, want the example's %q", round, got, want)
		}
		if s := eval[int](b, ctx, `avrlabTimings.stoppedRunning || 0`); s <= stopped {
			t.Errorf("round %d: no running bench was stopped (%d stopped before, %d after; superseded %d)", round, stopped, s,
				eval[int](b, ctx, `avrlabTimings.superseded || 0`))
		}
		t.Logf("round %d: last keystroke → RANK %.0f ms", round, eval[float64](b, ctx, `avrlabTimings.lastEditToRank`))
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
