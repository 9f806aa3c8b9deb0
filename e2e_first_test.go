//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// firstTestSite serves the built site under three prefixes, engine.wasm 1.5 s late under each (so
// that the engine is not up before the page could show first.json's answer): /plain/ as built,
// /differ/ with a first.json whose figures are not the engine's (RANK 99.5, 1234 cycles), /edited/
// with the default example one comment line longer than the source first.json was measured on.
func firstTestSite(t *testing.T) string {
	t.Helper()
	s := testSite(t)
	first := s.assets["first.json"].body
	differ := bytes.Replace(bytes.Replace(first, []byte(`"rank":34.012737770294976,`), []byte(`"rank":99.5,`), 1),
		[]byte(`"cycles_mean":1611,`), []byte(`"cycles_mean":1234,`), 1)
	if bytes.Count(differ, []byte(`99.5,`)) != 1 || bytes.Count(differ, []byte(`1234,`)) != 1 {
		t.Fatalf("first.json holds no RANK 34.01 of 1611 cycles to change: %s", first)
	}
	edited := append([]byte("; one line more\n"), s.assets["examples/cham64-v2.S"].body...)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kind, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		switch {
		case path.Base(rest) == "engine.wasm":
			time.Sleep(1500 * time.Millisecond)
		case kind == "differ" && rest == "first.json":
			w.Header().Set("Content-Type", "application/json")
			w.Write(differ)
			return
		case kind == "edited" && rest == "examples/cham64-v2.S":
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write(edited)
			return
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path = "/" + rest
		s.ServeHTTP(w, r2)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// consoleWarnings collects the console warnings of a tab.
func consoleWarnings(ctx context.Context) func() []string {
	var mu sync.Mutex
	var got []string
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventConsoleAPICalled); ok && e.Type == runtime.ConsoleAPICalledTypeWarning {
			var parts []string
			for _, a := range e.Args {
				var text string
				if json.Unmarshal(a.Value, &text) != nil {
					text = string(a.Value)
				}
				parts = append(parts, text)
			}
			mu.Lock()
			got = append(got, strings.Join(parts, " "))
			mu.Unlock()
		}
	})
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}
}

// scoreFiguresJS are the score's texts and the figures beside it, as object fields.
const scoreFiguresJS = `rank: document.getElementById("rank").textContent, verdict: document.getElementById("verdict").textContent,
	cycles: document.getElementById("m-cycles").textContent, cpb: document.getElementById("m-cpb").textContent,
	flash: document.getElementById("m-flash").textContent, ram: document.getElementById("m-ram").textContent`

// scoreFrameJS, run in a tab before its page's scripts, keeps in window.__scoreFrame what the first
// frame that draws a RANK (#rank not empty at the frame's animation callbacks) shows: the score's
// figures, whether the chart is drawn and whether the editor holds text.
const scoreFrameJS = `(() => {
	const look = () => {
		const r = document.getElementById("rank");
		if (!r || r.textContent === "") return requestAnimationFrame(look);
		window.__scoreFrame = JSON.stringify({ chart: document.querySelector("#chart svg") !== null,
			source: document.getElementById("source").value.length > 0, ` + scoreFiguresJS + ` });
	};
	requestAnimationFrame(look);
})()`

// firstJSONAsked says whether the page asked for first.json (resource timing).
const firstJSONAsked = `performance.getEntriesByType("resource").some((e) => new URL(e.name).pathname.endsWith("/first.json"))`

// TestFirstAnswerPrebuilt checks, in fresh profiles, that a first visit shows first.json's answer
// before the engine is up, marked as measured at build, and then the engine's live answer on the page's
// own seed with the same figures; that a first.json whose figures differ is replaced by the live ones,
// with the difference on the console; and that every other first request ignores it: the example's
// source not the one first.json was measured on, another cycle limit (?cycles), a link, a restored
// workspace.
func TestFirstAnswerPrebuilt(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := firstTestSite(t)
	b := newBrowser(t, base+"/plain/")
	var doc firstDoc
	if err := json.Unmarshal(testSite(t).assets["first.json"].body, &doc); err != nil {
		t.Fatal(err)
	}
	live := `avrlabTimings.firstRank !== undefined && ` + idle

	// As built: the prebuilt RANK first, while the engine starts; then the live one, the same figures.
	c := b.tab(true)
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: scoreFrameJS}); err != nil {
		t.Fatal(err)
	}
	b.do(c, chromedp.Navigate(base+"/plain/"))
	b.wait(c, "the prebuilt RANK", `avrlabTimings.prebuiltRank !== undefined && window.__scoreFrame !== undefined`, 60*time.Second)
	// The first frame with a RANK drew the score and its figures alone: the ones shown once the whole
	// prebuilt answer is, without the chart or the editor's text yet.
	frame := eval[string](b, c, `window.__scoreFrame`)
	whole := eval[string](b, c, `JSON.stringify({...JSON.parse(window.__scoreFrame), chart: false, source: false, `+scoreFiguresJS+`})`)
	if !strings.Contains(frame, `"rank":"34.01"`) || frame != whole {
		t.Errorf("the first frame with a RANK showed %s, want the figures of the whole prebuilt answer without a chart or source: %s", frame, whole)
	}
	if got := eval[string](b, c, `JSON.stringify({chart: document.querySelector("#chart svg") !== null, source: document.getElementById("source").value.length > 0})`); got != `{"chart":true,"source":true}` {
		t.Errorf("once the prebuilt answer is shown whole: %s, want the chart drawn and the example in the editor", got)
	}
	at := eval[string](b, c, `JSON.stringify({status: document.getElementById("status").textContent, rank: document.getElementById("rank").textContent,
		engineUp: avrlabTimings.engineReady !== undefined, seed: document.getElementById("seed").textContent})`)
	want := fmt.Sprintf(`{"status":"measured at build, confirming…","rank":"34.01","engineUp":false,"seed":"Seed %d:`, doc.Request.Seed)
	if !strings.HasPrefix(at, want) {
		t.Errorf("when the prebuilt RANK is shown: %s, want %s…", at, want)
	}
	b.wait(c, "the live RANK", live, 60*time.Second)
	got := eval[string](b, c, `JSON.stringify({rank: document.getElementById("rank").textContent, diff: avrlabTimings.prebuiltDiff,
		before: avrlabTimings.prebuiltRank < avrlabTimings.firstRank, charts: avrlabTimings.chartRenders.length})`)
	if got != `{"rank":"34.01","diff":[],"before":true,"charts":1}` {
		t.Errorf("after the live answer: %s, want RANK 34.01, no difference, the prebuilt shown first, the chart drawn once", got)
	}
	if s := eval[string](b, c, `document.getElementById("seed").textContent`); strings.HasPrefix(s, fmt.Sprintf("Seed %d:", doc.Request.Seed)) || !strings.HasPrefix(s, "Seed ") {
		t.Errorf("the live answer's seed line %q: want the page's own seed, not the build's %d", s, doc.Request.Seed)
	}
	// The same profile again: a restored workspace, no first.json.
	b.do(c, chromedp.Reload())
	b.wait(c, "the RANK after a reload", live, 60*time.Second)
	if got := eval[string](b, c, `JSON.stringify({asked: `+firstJSONAsked+`, shown: avrlabTimings.prebuiltShown !== undefined})`); got != `{"asked":false,"shown":false}` {
		t.Errorf("a restored workspace: %s, want first.json neither asked for nor shown", got)
	}

	// A first.json whose figures are not the engine's: the live figures win, the console says so.
	c = b.tab(true)
	warned := consoleWarnings(c)
	b.do(c, chromedp.Navigate(base+"/differ/"))
	b.wait(c, "the differing prebuilt RANK", `avrlabTimings.prebuiltRank !== undefined`, 60*time.Second)
	if r := b.rank(c); r != "99.50" {
		t.Errorf("the differing first.json shows RANK %s, want its 99.50", r)
	}
	b.wait(c, "the live RANK", live, 60*time.Second)
	got = eval[string](b, c, `JSON.stringify({rank: document.getElementById("rank").textContent, status: document.getElementById("status").textContent, diff: avrlabTimings.prebuiltDiff})`)
	if got != `{"rank":"34.01","status":"ready","diff":["report.rank: 99.5 → 34.012737770294976","report.cycles_mean: 1234 → 1611"]}` {
		t.Errorf("after the live answer to a differing first.json: %s", got)
	}
	if w := warned(); len(w) != 1 || !strings.Contains(w[0], "report.rank: 99.5 → 34.012737770294976") {
		t.Errorf("console warnings %q, want one naming the RANK's difference", w)
	}

	// Other first requests: first.json asked for (a first visit) but not shown, the engine's answer is.
	for _, u := range []string{base + "/edited/", base + "/plain/?cycles=5000000"} {
		c = b.tab(true)
		b.do(c, chromedp.Navigate(u))
		b.wait(c, "the live RANK of "+u, live, 60*time.Second)
		if got := eval[string](b, c, `JSON.stringify({asked: `+firstJSONAsked+`, shown: avrlabTimings.prebuiltShown !== undefined, boot: avrlabTimings.firstBenchFromBoot === true})`); got != `{"asked":true,"shown":false,"boot":true}` {
			t.Errorf("%s: %s, want first.json asked for, not shown, the page's first bench boot.js's", u, got)
		}
	}
	// A link: not a first visit, first.json not even asked for.
	c = b.tab(true)
	b.do(c, chromedp.Navigate(base+"/plain/#example=cham64-v2"))
	b.wait(c, "the link's RANK", live, 60*time.Second)
	if got := eval[string](b, c, `JSON.stringify({asked: `+firstJSONAsked+`, shown: avrlabTimings.prebuiltShown !== undefined, rank: document.getElementById("rank").textContent})`); got != `{"asked":false,"shown":false,"rank":"34.01"}` {
		t.Errorf("a link: %s, want first.json neither asked for nor shown", got)
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
