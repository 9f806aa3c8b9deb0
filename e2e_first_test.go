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
// /differ/ with a first.json whose figures are not the engine's (RANK 99.5, 1234 cycles), and the
// same answer inlined in its index.html, as the build would have written them both, /edited/ with
// the default example one comment line longer than the source first.json was measured on.
func firstTestSite(t *testing.T) string {
	t.Helper()
	s := testSite(t)
	first := s.assets["first.json"].body
	differ := differingFirst(t, first)
	page := s.assets["index.html"].body
	differPage := differingFirst(t, page)
	if bytes.Equal(differPage, page) {
		t.Fatal("index.html does not hold first.json's answer")
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
		case kind == "differ" && (rest == "" || rest == "index.html"):
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(differPage)
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

// differingFirst is b (first.json, or index.html holding its answer) with the answer's RANK 99.5 and
// its mean 1234 cycles.
func differingFirst(t *testing.T, b []byte) []byte {
	t.Helper()
	differ := bytes.Replace(bytes.Replace(b, []byte(`"rank":34.012737770294976,`), []byte(`"rank":99.5,`), 1),
		[]byte(`"cycles_mean":1611,`), []byte(`"cycles_mean":1234,`), 1)
	if bytes.Count(differ, []byte(`"rank":99.5,`)) != 1 || bytes.Count(differ, []byte(`"cycles_mean":1234,`)) != 1 {
		t.Fatalf("no RANK 34.01 of 1611 cycles to change in %.300s", b)
	}
	return differ
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

// firstFrameJS, run in a tab before its page's scripts, keeps in window.__firstFrame the page's first
// paint, first contentful paint and the paint of the RANK's text (Element Timing, #rank's
// elementtiming), and when boot.js's inlined score was written (boot.first.scoreAt), in ms.
const firstFrameJS = `(() => {
	const f = (window.__firstPaints = {});
	const note = (list) => {
		for (const e of list.getEntries()) {
			if (e.entryType === "paint" && f[e.name] === undefined) f[e.name] = e.startTime;
			if (e.entryType === "element" && e.identifier === "rank" && f.rank === undefined) f.rank = e.renderTime || e.loadTime;
		}
	};
	new PerformanceObserver(note).observe({ type: "paint", buffered: true });
	new PerformanceObserver(note).observe({ type: "element", buffered: true });
})()`

// firstFrameAndInlined says whether the score box's text was first painted in the page's first
// contentful frame (Element Timing of #rank: its "–" placeholder's paint unless a score was written
// before), whether the page's score was inlined and whether it was withdrawn.
const firstFrameAndInlined = `(() => {
	const f = window.__firstPaints, first = self.avrlabBoot.first;
	return JSON.stringify({ rank: f.rank !== undefined && f.rank === f["first-contentful-paint"] ? "first frame" : "later",
		inlined: !!(first && first.inlined), withdrawn: !!(first && first.withdrawn) });
})()`

// withdrawnBeforeFCP says whether the inlined score was withdrawn before the page's first contentful
// paint (so never painted).
const withdrawnBeforeFCP = `(() => {
	const fcp = window.__firstPaints["first-contentful-paint"], first = self.avrlabBoot.first;
	return fcp !== undefined && first.withdrawnAt !== undefined && first.withdrawnAt < fcp;
})()`

// firstScoreAfterFCP says whether the page wrote its first score after its first contentful paint
// (boot.js's, or the page's first result's; none yet counts), and whether the score was inlined.
const firstScoreAfterFCP = `(() => {
	const fcp = window.__firstPaints["first-contentful-paint"], first = self.avrlabBoot.first;
	const written = [first && first.scoreAt, avrlabTimings.prebuiltScore, avrlabTimings.firstResult].filter((t) => t !== undefined);
	return JSON.stringify({ afterFCP: fcp !== undefined && written.every((t) => t > fcp), inlined: !!(first && first.inlined) });
})()`

// firstFrameTab is a fresh profile's tab that runs firstFrameJS, and then more (if not empty), before
// its pages' scripts.
func (b *browser) firstFrameTab(more string) context.Context {
	b.t.Helper()
	c := b.tab(true)
	for _, src := range []string{firstFrameJS, more} {
		if src == "" {
			continue
		}
		if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
			b.t.Fatal(err)
		}
	}
	return c
}

// noInlinedScore checks that the page in c wrote no score before its first contentful paint, and not
// the inlined one (what, for the message: a link, a restored workspace, a query string).
func (b *browser) noInlinedScore(c context.Context, what string) {
	b.t.Helper()
	got := eval[string](b, c, firstScoreAfterFCP)
	if got != `{"afterFCP":true,"inlined":false}` {
		b.t.Errorf("%s: %s, want no score in the first frame and none inlined", what, got)
	}
}

// firstJSONAsked says whether the page asked for first.json (resource timing).
const firstJSONAsked = `performance.getEntriesByType("resource").some((e) => new URL(e.name).pathname.endsWith("/first.json"))`

// TestFirstAnswerPrebuilt checks, in fresh profiles, that a first visit shows first.json's answer
// before the engine is up, marked as measured at build, and then the engine's live answer on the page's
// own seed with the same figures; that a first.json whose figures differ is replaced by the live ones,
// with the difference on the console; and that every other first request ignores it: the example's
// source not the one first.json was measured on, another cycle limit (?cycles), a link, a restored
// workspace. The score is in the page's first contentful frame (inlined in index.html) on a first
// visit; a link, a restored workspace and a query string (?cycles, ?interp) never show the inlined
// score; an example other than first.json's shows it, then withdraws it.
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
	c := b.firstFrameTab(scoreFrameJS)
	b.do(c, chromedp.Navigate(base+"/plain/"))
	b.wait(c, "the prebuilt RANK", `avrlabTimings.prebuiltRank !== undefined && window.__scoreFrame !== undefined && window.__firstPaints.rank !== undefined`, 60*time.Second)
	// The page's first frame already had it, inlined in index.html, labelled as the build's.
	if got := eval[string](b, c, firstFrameAndInlined); got != `{"rank":"first frame","inlined":true,"withdrawn":false}` {
		t.Errorf("the first frame of a first visit: %s, want the inlined RANK in it", got)
	}
	t.Logf("a first visit's paints (ms): %s", eval[string](b, c, `JSON.stringify(window.__firstPaints)`))
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
	b.noInlinedScore(c, "a restored workspace")

	// A first.json whose figures are not the engine's: the live figures win, the console says so.
	c = b.firstFrameTab("")
	warned := consoleWarnings(c)
	b.do(c, chromedp.Navigate(base+"/differ/"))
	b.wait(c, "the differing prebuilt RANK", `avrlabTimings.prebuiltRank !== undefined && window.__firstPaints.rank !== undefined`, 60*time.Second)
	if r := b.rank(c); r != "99.50" {
		t.Errorf("the differing first.json shows RANK %s, want its 99.50", r)
	}
	if got := eval[string](b, c, firstFrameAndInlined); got != `{"rank":"first frame","inlined":true,"withdrawn":false}` {
		t.Errorf("the first frame with a differing first.json: %s, want its inlined RANK in it", got)
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
		c = b.firstFrameTab("")
		b.do(c, chromedp.Navigate(u))
		b.wait(c, "the live RANK of "+u, live+` && window.__firstPaints.rank !== undefined`, 60*time.Second)
		if got := eval[string](b, c, `JSON.stringify({asked: `+firstJSONAsked+`, shown: avrlabTimings.prebuiltShown !== undefined, boot: avrlabTimings.firstBenchFromBoot === true})`); got != `{"asked":true,"shown":false,"boot":true}` {
			t.Errorf("%s: %s, want first.json asked for, not shown, the page's first bench boot.js's", u, got)
		}
		if strings.Contains(u, "?") {
			b.noInlinedScore(c, u)
		} else if got := eval[string](b, c, firstFrameAndInlined); got != `{"rank":"first frame","inlined":true,"withdrawn":true}` &&
			(got != `{"rank":"later","inlined":true,"withdrawn":true}` || !eval[bool](b, c, withdrawnBeforeFCP)) {
			// An example not the build's (a site whose files were changed after it was built): the
			// inlined score is in the first frame, then withdrawn once boot.js has the example; or,
			// where boot.js has the example before the first frame, withdrawn before it is painted.
			t.Errorf("%s: %s, want the inlined score in the first frame then withdrawn, or withdrawn before the first paint", u, got)
		}
	}
	// ?interp: another request (interpreted), so no inlined score either.
	c = b.firstFrameTab("")
	b.do(c, chromedp.Navigate(base+"/plain/?interp"))
	b.wait(c, "the page's first frame of ?interp", `window.__firstPaints["first-contentful-paint"] !== undefined && self.avrlabBoot.first.prebuiltAt !== undefined`, 60*time.Second)
	b.noInlinedScore(c, "?interp")
	chromedp.Cancel(c)
	// A link: not a first visit, first.json not even asked for.
	c = b.firstFrameTab("")
	b.do(c, chromedp.Navigate(base+"/plain/#example=cham64-v2"))
	b.wait(c, "the link's RANK", live, 60*time.Second)
	if got := eval[string](b, c, `JSON.stringify({asked: `+firstJSONAsked+`, shown: avrlabTimings.prebuiltShown !== undefined, rank: document.getElementById("rank").textContent})`); got != `{"asked":false,"shown":false,"rank":"34.01"}` {
		t.Errorf("a link: %s, want first.json neither asked for nor shown", got)
	}
	b.noInlinedScore(c, "a link")
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
