//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// firstRankPhases is what the page's timings (site/js/engine.js, avrlabTimings) say of one navigation
// to the first RANK, in ms since navigation began.
type firstRankPhases struct {
	HTML          float64 `json:"html"`          // the page's HTML received
	BootAsked     float64 `json:"bootAsked"`     // the page asked for boot.js (its request left)
	BootFetched   float64 `json:"bootFetched"`   // its last byte arrived
	BootBegan     float64 `json:"bootBegan"`     // boot.js began
	FetchStart    float64 `json:"fetchStart"`    // the page asked for engine.wasm
	FetchEnd      float64 `json:"fetchEnd"`      // its last byte arrived
	Compiled      float64 `json:"compiled"`      // compiled (streaming: overlaps the fetch)
	WorkerCreated float64 `json:"workerCreated"` // boot.js created the engine's worker
	WorkerUp      float64 `json:"workerUp"`      // the engine worker's script began
	WorkerGlue    float64 `json:"workerGlue"`    // it had loaded wasm_exec.js
	WorkerInit    float64 `json:"workerInit"`    // it took the module (instantiate and Go start-up began)
	Ready         float64 `json:"ready"`         // the Go program in the worker called avrlabReady
	StartMs       float64 `json:"startMs"`       // instantiate + Go start-up in the worker
	BenchSent     float64 `json:"benchSent"`     // the first bench request posted to the worker
	AssembleMs    float64 `json:"assembleMs"`    // its assembling phase in the worker
	BenchMs       float64 `json:"benchMs"`       // the rest of it in the worker (bench, JSON)
	BenchAnswered float64 `json:"benchAnswered"` // its answer back on the page
	PrebuiltAt    float64 `json:"prebuiltAt"`    // boot.js had first.json's answer checked against its request (boot.first.prebuilt)
	ParsedAt      float64 `json:"parsedAt"`      // boot.js saw the document parsed (readyState no longer "loading")
	RequestJSAt   float64 `json:"requestJSAt"`   // boot.js's import of js/request.js resolved
	SourceAt      float64 `json:"sourceAt"`      // boot.js had the default example's text
	ModulesAsked  float64 `json:"modulesAsked"`  // boot.js added the page's modules (0: a site whose HTML has them)
	ModulesBegan  float64 `json:"modulesBegan"`  // the page's first module (js/store.js) evaluated
	AppBegan      float64 `json:"appBegan"`      // app.js's first statement ran (its imports evaluated)
	MetaAsked     float64 `json:"metaAsked"`     // app.js called fetch("meta.json")
	MetaFetched   float64 `json:"metaFetched"`   // meta.json's last byte arrived
	MetaReady     float64 `json:"metaReady"`     // the page had meta.json and the examples' list (its modules run)
	FirstJSON     float64 `json:"firstJSON"`     // first.json's last byte arrived (0: not asked for)
	PrebuiltShow  float64 `json:"prebuiltShow"`  // the page's work showing it (setResult)
	PrebuiltScore float64 `json:"prebuiltScore"` // its score and figures written, alone (0: not shown, or a site that shows it whole at once)
	PrebuiltRank  float64 `json:"prebuiltRank"`  // its RANK shown, the whole answer (the first the user sees; 0: not shown)
	FirstRank     float64 `json:"firstRank"`     // the live RANK shown (the engine's answer)
	MetaMs        float64 `json:"metaMs"`        // the meta request in the worker
	MetaShownMs   float64 `json:"metaShownMs"`   // the page's work on meta.json (pickers, tables, the chart)
	ChartMs       float64 `json:"chartMs"`       // the chart's renders before the first RANK, in all
	FirstShowMs   float64 `json:"firstShowMs"`   // the page's work showing the first result (setResult)
	RankPainted   float64 `json:"rankPainted"`   // the frame that first drew a RANK had been rendered (rankFrameJS)
	FCP           float64 `json:"fcp"`           // the first contentful paint (Paint Timing, rankFrameJS)
	RankElement   float64 `json:"rankElement"`   // the score box's text first painted (Element Timing, #rank's elementtiming; its "–" unless a score came first; 0: a site without)
}

// rankFrameJS, run in a tab before its page's scripts, keeps in window.__rankPainted when the first
// frame that draws a RANK (#rank not empty at the frame's animation callbacks) has been rendered: a
// message posted from that callback, which the page takes after the frame's rendering. The same for
// every site, whatever its own timings say. It keeps in window.__paints the first contentful paint
// and, where the site marks the RANK's element (elementtiming="rank"), its text's first paint (the
// placeholder's "–" where no score was written before it).
const rankFrameJS = `(() => {
	const paints = (window.__paints = {});
	const note = (list) => {
		for (const e of list.getEntries()) {
			if (e.name === "first-contentful-paint") paints.fcp = e.startTime;
			if (e.entryType === "element" && e.identifier === "rank" && paints.rank === undefined) paints.rank = e.renderTime || e.loadTime;
		}
	};
	new PerformanceObserver(note).observe({ type: "paint", buffered: true });
	new PerformanceObserver(note).observe({ type: "element", buffered: true });
	const look = () => {
		const r = document.getElementById("rank");
		if (!r || r.textContent === "") return requestAnimationFrame(look);
		const ch = new MessageChannel();
		ch.port1.onmessage = () => { window.__rankPainted = performance.now(); };
		ch.port2.postMessage(0);
	};
	requestAnimationFrame(look);
})()`

const firstRankPhasesJS = `(() => {
	const t = avrlabTimings;
	const url = document.querySelector('meta[name="avrlab-wasm-engine"]').content;
	const res = performance.getEntriesByType("resource").find((e) => e.name.includes(url.split("?")[0]));
	const nav = performance.getEntriesByType("navigation")[0];
	const boot = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/boot.js"));
	const first = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/first.json"));
	const metaRes = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/meta.json"));
	const paints = { fcp: window.__paints.fcp || 0, rankElement: window.__paints.rank || 0 };
	if (!t.firstCalls) return JSON.stringify({ firstRank: t.firstRank, rankPainted: window.__rankPainted || 0, ...paints }); // a baseline site without the phases
	const b = t.firstCalls.bench, meta = t.firstCalls.meta;
	const bench = (b.marks || []).find((m) => m[0] !== "assembling");
	return JSON.stringify({
		html: nav ? nav.responseEnd : 0, bootAsked: boot ? boot.requestStart : 0, bootFetched: boot ? boot.responseEnd : 0, bootBegan: (self.avrlabBoot && self.avrlabBoot.began) || 0, fetchStart: t.engineFetchStart, fetchEnd: t.engineFetchEnd || (res ? res.responseEnd : 0),
		compiled: t.engineCompiled, workerCreated: t.engineWorkerCreated || 0, workerUp: t.engineWorkerUp || 0, workerGlue: t.engineWorkerGlue || 0,
		workerInit: t.engineWorkerInit || 0, ready: t.engineReady, startMs: t.engineStartMs, benchSent: b.sent,
		assembleMs: bench ? bench[1] : b.ms, benchMs: bench ? b.ms - bench[1] : 0, benchAnswered: b.answered,
		prebuiltAt: (self.avrlabBoot && self.avrlabBoot.first && self.avrlabBoot.first.prebuiltAt) || 0, parsedAt: (self.avrlabBoot && self.avrlabBoot.first && self.avrlabBoot.first.parsedAt) || 0,
		requestJSAt: (self.avrlabBoot && self.avrlabBoot.first && self.avrlabBoot.first.requestAt) || 0, sourceAt: (self.avrlabBoot && self.avrlabBoot.first && self.avrlabBoot.first.sourceAt) || 0,
		modulesAsked: (self.avrlabBoot && self.avrlabBoot.modulesAsked) || 0, modulesBegan: t.modulesBegan || 0, appBegan: t.appBegan || 0, metaAsked: t.metaFetchStart || 0, metaFetched: metaRes ? metaRes.responseEnd : 0,
		metaReady: t.metaReady || 0, firstJSON: first ? first.responseEnd : 0, prebuiltShow: t.prebuiltShowMs || 0, prebuiltScore: t.prebuiltScore || 0, prebuiltRank: t.prebuiltRank || 0, firstRank: t.firstRank, metaMs: meta ? meta.ms : 0, metaShownMs: t.metaShownMs || 0,
		chartMs: (t.chartRenders || []).filter((r) => r[0] < t.firstRank).reduce((a, r) => a + r[1], 0), firstShowMs: t.firstShowMs || 0,
		rankPainted: window.__rankPainted || 0, ...paints,
	});
})()`

// keystrokePhases is where the time of one edit → RANK went (site/js/engine.js, avrlabTimings.lastRun).
type keystrokePhases struct {
	Total    float64 `json:"total"`    // the last keystroke → RANK shown
	Debounce float64 `json:"debounce"` // keystroke → the run started (on the page, then held in the worker: LIVE_DELAY_MS)
	Trip     float64 `json:"trip"`     // the request posted → its answer back, less the worker's time and hold
	Worker   float64 `json:"worker"`   // in the worker: assemble, bench, JSON
	Assemble float64 `json:"assemble"` // its assembling phase
	Show     float64 `json:"show"`     // the answer back → the result shown
	// Frame is the result shown → the frame that draws it done (paintHookJS): the page's layout and
	// paint of the result, which Total does not hold.
	Frame  float64 `json:"frame"`
	Reused bool    `json:"reused"` // the engine answered from its last bench (the same program)
	// The round trip and the debounce by where they are (0 on a site whose worker does not say when it
	// took the request and posted the answer): the keystroke → the request posted (the page's input
	// handling), posted → the worker took it, the worker's hold, its wait for the call before and its
	// parse of the answer (took → posted, less the hold and the call), the answer posted → on the page.
	Post  float64 `json:"post"`
	There float64 `json:"there"`
	Held  float64 `json:"held"`
	Wait  float64 `json:"wait"`
	Back  float64 `json:"back"`
	// Whole is the keystroke → the whole result in the page (a site that puts the chart and the
	// published table in after the frame that paints the score: then; else Total).
	Whole float64 `json:"whole"`
}

const keystrokePhasesJS = `(() => {
	const r = avrlabTimings.lastRun, c = r && r.call;
	if (!c) return JSON.stringify({ total: avrlabTimings.lastEditToRank }); // a baseline site without the phases
	const bench = (c.marks || []).find((m) => m[0] !== "assembling");
	return JSON.stringify({
		total: avrlabTimings.lastEditToRank, debounce: r.startedAt - r.inputAt + (c.heldMs || 0), trip: c.answered - c.sent - c.ms - (c.heldMs || 0),
		worker: c.ms, assemble: bench ? bench[1] : c.ms, show: r.shown - c.answered, frame: avrlabTimings.frameAfterShown,
		reused: (c.marks || []).some((m) => m[0] === "reused"),
		post: c.sent - r.inputAt, held: c.heldMs || 0, whole: (r.whole || r.shown) - r.inputAt,
		...(c.received ? { there: c.received - c.sent, wait: c.posted - c.received - (c.heldMs || 0) - c.ms, back: c.answered - c.posted } : {}),
	});
})()`

// paintHookJS makes the page note, for every keystroke → RANK it counts (avrlabTimings.editToRank,
// pushed the moment the result is shown), when the frame that draws it is done: a message posted from
// the next animation frame's callback runs after that frame's style, layout and paint
// (avrlabTimings.frameAfterShown: ms after the push; framesDone: the pushes so seen). It wraps the
// array's push, so it measures any site, the baseline's too.
const paintHookJS = `(() => {
	const t = avrlabTimings, a = t.editToRank;
	if (a.paintHooked) return true;
	a.paintHooked = true;
	t.framesDone = a.length;
	const push = a.push.bind(a);
	a.push = (...xs) => {
		const at = performance.now(), n = push(...xs);
		requestAnimationFrame(() => {
			const ch = new MessageChannel();
			ch.port1.onmessage = () => { t.frameAfterShown = performance.now() - at; t.framesDone = n; };
			ch.port2.postMessage(0);
		});
		return n;
	};
	return true;
})()`

// median returns the median of xs taken by f.
func median[T any](xs []T, f func(T) float64) float64 {
	v := make([]float64, len(xs))
	for i, x := range xs {
		v[i] = f(x)
	}
	sort.Float64s(v)
	if len(v) == 0 {
		return 0
	}
	return v[len(v)/2]
}

// TestPlaygroundSpeed measures, in headless Chromium against the site as `go run .` serves it (gzip),
// navigation → first RANK in 5 fresh profiles, phase by phase, and the last keystroke → RANK over 20
// edits of the default example in a comment (the code unchanged) and 20 of its code, each a new program
// (one more nop each time, its last key at a person's pace: keyPace; AVRLAB_SPEED_BURST=1 types it at
// once), with AVRLAB_SPEED_CACHED_EDITS=1 also 20 of the kind measured before session 15 (a nop in,
// out, in, ...: programs the engine has seen from the third on). It logs the
// medians and checks only what the page shows: figures are never asserted (the machine is shared).
// With AVRLAB_SPEED_TRACE=DIR it records a Chrome trace of each site's first fresh profile to DIR and
// logs the page thread's long tasks, frames and requests up to the first RANK's frame.
// With AVRLAB_SPEED_BASELINE=DIR (a site that `go run . -out DIR` wrote from another commit) it
// measures that site too, interleaved with this one (profile by profile, edit by edit) in the same
// browser, and logs both: on a shared machine only figures taken side by side compare.
func TestPlaygroundSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	srv := httptest.NewServer(withFloorPage(testSite(t)))
	t.Cleanup(srv.Close)
	sites := []string{srv.URL + "/"}
	names := []string{"this site"}
	if dir := os.Getenv("AVRLAB_SPEED_BASELINE"); dir != "" {
		other := httptest.NewServer(gzipStatic(dir))
		t.Cleanup(other.Close)
		sites, names = append(sites, other.URL+"/"), append(names, "baseline "+dir)
	}
	b := newBrowser(t, sites[0])
	firsts, ranks := speedFirstRank(t, b, sites, names, srv.URL+floorPath)
	speedKeys(t, b, firsts, ranks, names, sites)
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}

// floorPath is the page of one line of text that withFloorPage serves beside the site: the floor of
// a fresh profile's first contentful paint on this server and browser (no stylesheet, no script).
const floorPath = "/floor-of-first-paint.html"

// floorPage is that page.
const floorPage = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>floor</title></head><body><p>avrlab playground</p></body></html>\n"

// withFloorPage serves floorPage at floorPath and everything else from site.
func withFloorPage(site http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == floorPath {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(floorPage))
			return
		}
		site.ServeHTTP(w, r)
	})
}

// floorFCP navigates a fresh profile to the floor page at url and returns its first contentful paint
// (ms since navigation) and when its load event ended.
func floorFCP(t *testing.T, b *browser, url string) (fcp, load float64) {
	t.Helper()
	c := b.tab(true)
	defer chromedp.Cancel(c)
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: rankFrameJS}); err != nil {
		t.Fatal(err)
	}
	b.do(c, chromedp.Navigate(url))
	b.wait(c, "the floor page's first paint", `window.__paints.fcp !== undefined && performance.getEntriesByType("navigation")[0].loadEventEnd > 0`, 30*time.Second)
	return eval[float64](b, c, `window.__paints.fcp`), eval[float64](b, c, `performance.getEntriesByType("navigation")[0].loadEventEnd`)
}

// gzipStatic serves the files of dir as a static host with gzip_static does: FILE.gz, when there is
// one and the client takes gzip, with the type of FILE.
func gzipStatic(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
		if gz, err := os.ReadFile(p + ".gz"); err == nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Type", contentType(p))
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gz)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// speedFirstRank measures navigation → first RANK of every site in 5 fresh profiles each, the sites
// taking turns (so that they share the machine's load; which goes first alternates), and returns a
// tab of each showing its first RANK and that RANK.
func speedFirstRank(t *testing.T, b *browser, sites, names []string, floorURL string) ([]context.Context, []string) {
	phases := make([][]firstRankPhases, len(sites))
	var floors, floorLoads []float64
	ranks := make([]string, len(sites))
	firsts := make([]context.Context, len(sites))
	// AVRLAB_SPEED_TRACE=DIR records a Chrome trace of each site's first fresh profile (logTrace).
	traceDir := os.Getenv("AVRLAB_SPEED_TRACE")
	if traceDir != "" {
		if err := os.MkdirAll(traceDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 5; i++ {
		if i%2 == 1 { // the floor page takes turns too: before the sites, then after them
			f, l := floorFCP(t, b, floorURL)
			floors, floorLoads = append(floors, f), append(floorLoads, l)
		}
		for j := range sites {
			k := (i + j) % len(sites) // the sites take turns going first, so that neither gains from the order
			c := b.tab(true)
			if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: rankFrameJS}); err != nil {
				t.Fatal(err)
			}
			cond := `avrlabTimings.firstRank !== undefined && ` + rankShown + ` && window.__rankPainted !== undefined`
			if traceDir != "" && i == 0 {
				evs := traceNavigation(t, b, c, sites[k], cond)
				logTrace(t, traceDir, names[k]+" fresh profile 0", evs, eval[float64](b, c, `window.__rankPainted`)+50)
			} else {
				b.do(c, chromedp.Navigate(sites[k]))
				b.wait(c, "the first RANK", cond, 60*time.Second)
			}
			var p firstRankPhases
			if err := json.Unmarshal([]byte(eval[string](b, c, firstRankPhasesJS)), &p); err != nil {
				t.Fatal(err)
			}
			phases[k] = append(phases[k], p)
			// This site's first bench is the request boot.js posted (its answer taken by the page).
			if k == 0 && !eval[bool](b, c, `avrlabTimings.firstBenchFromBoot === true`) {
				t.Errorf("fresh profile %d: the first bench is not boot.js's request", i)
			}
			// This site shows first.json's answer first, and the live one repeats its figures.
			if k == 0 {
				if got := eval[string](b, c, `JSON.stringify({shown: avrlabTimings.prebuiltRank !== undefined, diff: avrlabTimings.prebuiltDiff})`); got != `{"shown":true,"diff":[]}` {
					t.Errorf("fresh profile %d: the prebuilt answer %s, want shown and the live figures the same", i, got)
				}
			}
			r := b.rank(c)
			if ranks[k] != "" && r != ranks[k] {
				t.Errorf("%s: fresh profile %d shows RANK %s, the first showed %s", names[k], i, r, ranks[k])
			}
			ranks[k] = r
			if i == 0 {
				firsts[k] = c
			} else {
				chromedp.Cancel(c)
			}
		}
		if i%2 == 0 {
			f, l := floorFCP(t, b, floorURL)
			floors, floorLoads = append(floors, f), append(floorLoads, l)
		}
	}
	id := func(x float64) float64 { return x }
	t.Logf("the floor (a page of one line, no stylesheet or script, on this site's server), %d fresh profiles taking turns with the sites: first contentful paint median %.0f ms (each: %s ms), load event ended %.0f ms",
		len(floors), median(floors, id), joinMS(floors), median(floorLoads, id))
	for k, name := range names {
		for i, p := range phases[k] {
			t.Logf("%s: fresh profile %d: %+v", name, i, p)
		}
		t.Logf("%s: long tasks of the page's thread [start, ms] in the first profile: %s", name,
			eval[string](b, firsts[k], `JSON.stringify((self.avrlabBoot && self.avrlabBoot.longTasks) || [])`))
		m := func(f func(firstRankPhases) float64) float64 { return median(phases[k], f) }
		t.Logf("%s: navigation → first RANK, medians of %d fresh profiles (ms since navigation): HTML %.0f, boot.js asked %.0f, received %.0f, began %.0f, engine.wasm asked %.0f, "+
			"received %.0f, compiled %.0f, worker created %.0f, up %.0f (Go glue loaded %.0f, took the module %.0f), Go ready %.0f (instantiate + start-up %.0f), first bench sent %.0f "+
			"(in the worker: assemble %.0f, bench %.0f; meta %.0f), answered %.0f, first.json received %.0f, checked %.0f, document parsed %.0f, modules asked %.0f, began %.0f, app.js began %.0f, meta.json asked %.0f, received %.0f, read %.0f, prebuilt RANK shown %.0f, live RANK shown %.0f; on the page's thread: meta.json shown %.0f ms, "+
			"the chart's renders %.0f ms, the prebuilt result shown %.0f ms, the first live result shown %.0f ms",
			name, len(phases[k]), m(func(p firstRankPhases) float64 { return p.HTML }), m(func(p firstRankPhases) float64 { return p.BootAsked }),
			m(func(p firstRankPhases) float64 { return p.BootFetched }), m(func(p firstRankPhases) float64 { return p.BootBegan }),
			m(func(p firstRankPhases) float64 { return p.FetchStart }),
			m(func(p firstRankPhases) float64 { return p.FetchEnd }), m(func(p firstRankPhases) float64 { return p.Compiled }),
			m(func(p firstRankPhases) float64 { return p.WorkerCreated }), m(func(p firstRankPhases) float64 { return p.WorkerUp }), m(func(p firstRankPhases) float64 { return p.WorkerGlue }),
			m(func(p firstRankPhases) float64 { return p.WorkerInit }),
			m(func(p firstRankPhases) float64 { return p.Ready }), m(func(p firstRankPhases) float64 { return p.StartMs }),
			m(func(p firstRankPhases) float64 { return p.BenchSent }), m(func(p firstRankPhases) float64 { return p.AssembleMs }),
			m(func(p firstRankPhases) float64 { return p.BenchMs }), m(func(p firstRankPhases) float64 { return p.MetaMs }),
			m(func(p firstRankPhases) float64 { return p.BenchAnswered }), m(func(p firstRankPhases) float64 { return p.FirstJSON }),
			m(func(p firstRankPhases) float64 { return p.PrebuiltAt }), m(func(p firstRankPhases) float64 { return p.ParsedAt }),
			m(func(p firstRankPhases) float64 { return p.ModulesAsked }), m(func(p firstRankPhases) float64 { return p.ModulesBegan }), m(func(p firstRankPhases) float64 { return p.AppBegan }),
			m(func(p firstRankPhases) float64 { return p.MetaAsked }), m(func(p firstRankPhases) float64 { return p.MetaFetched }),
			m(func(p firstRankPhases) float64 { return p.MetaReady }),
			m(func(p firstRankPhases) float64 { return p.PrebuiltRank }), m(func(p firstRankPhases) float64 { return p.FirstRank }), m(func(p firstRankPhases) float64 { return p.MetaShownMs }),
			m(func(p firstRankPhases) float64 { return p.ChartMs }), m(func(p firstRankPhases) float64 { return p.PrebuiltShow }),
			m(func(p firstRankPhases) float64 { return p.FirstShowMs }))
		// The first RANK the user sees: the prebuilt one where the page showed it (its score alone where
		// the page writes that first), else the live one.
		seen := m(func(p firstRankPhases) float64 {
			if p.PrebuiltScore > 0 {
				return p.PrebuiltScore
			}
			if p.PrebuiltRank > 0 {
				return p.PrebuiltRank
			}
			return p.FirstRank
		})
		t.Logf("%s: the first RANK seen, median of %d fresh profiles: %.0f ms (prebuilt score %.0f, whole %.0f, live %.0f; each profile's whole/live: %s); its frame rendered %.0f ms (each: %s); "+
			"its text painted (Element Timing) %.0f ms (each: %s); first contentful paint %.0f ms (each: %s)", name, len(phases[k]), seen,
			m(func(p firstRankPhases) float64 { return p.PrebuiltScore }), m(func(p firstRankPhases) float64 { return p.PrebuiltRank }), m(func(p firstRankPhases) float64 { return p.FirstRank }), firstRanks(phases[k]),
			m(func(p firstRankPhases) float64 { return p.RankPainted }), rankFrames(phases[k], func(p firstRankPhases) float64 { return p.RankPainted }),
			m(func(p firstRankPhases) float64 { return p.RankElement }), rankFrames(phases[k], func(p firstRankPhases) float64 { return p.RankElement }),
			m(func(p firstRankPhases) float64 { return p.FCP }), rankFrames(phases[k], func(p firstRankPhases) float64 { return p.FCP }))
	}
	return firsts, ranks
}

// firstRanks lists each profile's prebuilt and live RANK times ("312/598 ms", "-/601 ms" without a
// prebuilt one).
func firstRanks(ps []firstRankPhases) string {
	var out []string
	for _, p := range ps {
		pre := "-"
		if p.PrebuiltRank > 0 {
			pre = fmt.Sprintf("%.0f", p.PrebuiltRank)
		}
		out = append(out, fmt.Sprintf("%s/%.0f", pre, p.FirstRank))
	}
	return strings.Join(out, ", ") + " ms"
}

// joinMS lists times ("305, 412").
func joinMS(xs []float64) string {
	var out []string
	for _, x := range xs {
		out = append(out, fmt.Sprintf("%.0f", x))
	}
	return strings.Join(out, ", ")
}

// rankFrames lists f of each profile, a time ("305, 412 ms").
func rankFrames(ps []firstRankPhases, f func(firstRankPhases) float64) string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%.0f", f(p)))
	}
	return strings.Join(out, ", ") + " ms"
}

// speedKeys measures 20 comment edits and 20 code edits of the default example in each tab of tabs
// (one a site, showing the RANK of ranks), the tabs taking turns edit by edit.
//
// With AVRLAB_SPEED_PROFILE=DIR it samples the CPU of each tab's page and engine worker (the DevTools
// Profiler, every 50 µs) over each kind of edit, writes the profiles to DIR and logs the time per edit
// of each phase (workerPhases, pagePhases).
func speedKeys(t *testing.T, b *browser, tabs []context.Context, ranks, names, sites []string) {
	type state struct {
		original      string
		note, entry   int
		withNop       string
		comment, code []keystrokePhases
		fresh         []keystrokePhases
	}
	st := make([]*state, len(tabs))
	for k, c := range tabs {
		b.wait(c, "the page idle", idle, 30*time.Second)
		st[k] = &state{original: b.source(c), note: b.lineOf(c, `/^;\s*title:/`), entry: b.lineOf(c, `/^\s*cham64_128_encrypt\s*:/`)}
		eval[bool](b, c, paintHookJS)
	}
	// edit makes one edit in tab k and returns where its time went, settle after its RANK.
	settle := 100 * time.Millisecond
	edit := func(k int, what string, step func()) keystrokePhases {
		c := tabs[k]
		n := eval[int](b, c, `avrlabTimings.editToRank.length`)
		step()
		b.wait(c, "the RANK after "+what, fmt.Sprintf(`avrlabTimings.editToRank.length > %d && avrlabTimings.framesDone === avrlabTimings.editToRank.length && `, n)+idle+" && "+rankShown, 30*time.Second)
		var p keystrokePhases
		if err := json.Unmarshal([]byte(eval[string](b, c, keystrokePhasesJS)), &p); err != nil {
			t.Fatal(err)
		}
		time.Sleep(settle)
		return p
	}
	profDir := os.Getenv("AVRLAB_SPEED_PROFILE")
	var workers []context.Context
	var fns []map[int]string
	if profDir != "" {
		if err := os.MkdirAll(profDir, 0o755); err != nil {
			t.Fatal(err)
		}
		root, err := moduleRoot()
		if err != nil {
			t.Fatal(err)
		}
		// The engines' function names: this tree's, and the baseline's (AVRLAB_SPEED_BASELINE_SRC: the
		// tree it was built from).
		srcs := []string{root, os.Getenv("AVRLAB_SPEED_BASELINE_SRC")}
		for k, c := range tabs {
			workers = append(workers, engineWorker(b, c, sites[k]))
			if srcs[k] != "" {
				fns = append(fns, namedEngine(t, srcs[k]))
			} else {
				fns = append(fns, nil)
			}
		}
	}
	if profDir != "" {
		for round := 0; round < 2; round++ {
			for k := range tabs {
				yieldCost(b, workers[k], names[k], st[k].original, 40, false)
				yieldCost(b, workers[k], names[k], st[k].original, 40, true)
			}
		}
	}
	// profile runs edits with the CPU profilers on (when asked) and logs their phases as what.
	profile := func(what string, edits func()) {
		if profDir == "" {
			edits()
			return
		}
		var ps []*cpuProfiler
		for k := range tabs {
			ps = append(ps, startProfile(b, workers[k], names[k]+" worker "+what, 50, fns[k]), startProfile(b, tabs[k], names[k]+" page "+what, 50, nil))
		}
		edits()
		for i, p := range ps {
			if i%2 == 0 {
				p.stop(profDir, 20, workerPhases)
			} else {
				p.stop(profDir, 20, pagePhases)
			}
		}
	}
	logEdits := func(what string, ps []keystrokePhases) {
		k := func(f func(keystrokePhases) float64) float64 { return median(ps, f) }
		reused := 0
		for _, p := range ps {
			if p.Reused {
				reused++
			}
		}
		t.Logf("last keystroke → RANK, %s, median of %d (%d answered from the last bench): %.1f ms (min %.1f, max %.1f) = debounce %.1f + round trip %.1f + "+
			"worker %.1f (assemble %.1f) + showing %.1f; then its frame done %.1f ms later; keystroke → frame done %.1f ms", what, len(ps), reused, k(func(p keystrokePhases) float64 { return p.Total }),
			minOf(ps, func(p keystrokePhases) float64 { return p.Total }), -minOf(ps, func(p keystrokePhases) float64 { return -p.Total }),
			k(func(p keystrokePhases) float64 { return p.Debounce }), k(func(p keystrokePhases) float64 { return p.Trip }),
			k(func(p keystrokePhases) float64 { return p.Worker }), k(func(p keystrokePhases) float64 { return p.Assemble }),
			k(func(p keystrokePhases) float64 { return p.Show }), k(func(p keystrokePhases) float64 { return p.Frame }),
			k(func(p keystrokePhases) float64 { return p.Total + p.Frame }))
		t.Logf("  %s, by place (medians): keystroke → request posted %.1f, → the worker took it %.1f, held %.1f, waited there %.1f, answer posted → the page took it %.1f; keystroke → the whole result in the page (chart, table) %.1f",
			what, k(func(p keystrokePhases) float64 { return p.Post }), k(func(p keystrokePhases) float64 { return p.There }), k(func(p keystrokePhases) float64 { return p.Held }),
			k(func(p keystrokePhases) float64 { return p.Wait }), k(func(p keystrokePhases) float64 { return p.Back }), k(func(p keystrokePhases) float64 { return p.Whole }))
	}
	profile("comment edits", func() {
		for i := 0; i < 20; i++ {
			for k, c := range tabs {
				st[k].comment = append(st[k].comment, edit(k, "a comment edit", func() { b.typeAt(c, st[k].note, "x") }))
			}
		}
	})
	for k, c := range tabs {
		if r := b.rank(c); r != ranks[k] {
			t.Errorf("%s: after editing a comment RANK %s, want %s", names[k], r, ranks[k])
		}
		b.typeAt(c, st[k].note, strings.Repeat("\b", 20))
		b.wait(c, "the example text back", fmt.Sprintf(`document.getElementById("source").value === %q && `, st[k].original)+idle, 30*time.Second)
	}
	// New code each edit, as typing makes it: edit i puts one more nop after the entry label, a program
	// the engine has not seen (its translated modules and kept bench are new); each must pass, and its
	// RANK fall (one more cycle a call, two more bytes of flash). Its last key comes as a person's does,
	// keyPace after the one before (the others at once, as CDP sends them, a few ms apart; with
	// AVRLAB_SPEED_BURST=1 the last key too). Then the nops go, in one keystroke.
	pace := keyPace
	if os.Getenv("AVRLAB_SPEED_BURST") != "" {
		pace = 0
	}
	settle -= pace // the edits of a run take the time they did before the pace
	profile("new code edits", func() {
		for i := 0; i < 20; i++ {
			for k, c := range tabs {
				s := st[k]
				s.fresh = append(s.fresh, edit(k, "new code", func() {
					if pace == 0 {
						b.typeAt(c, s.entry, "\r\tnop")
						return
					}
					b.typeAt(c, s.entry, "\r\tno")
					time.Sleep(pace)
					b.do(c, chromedp.KeyEvent("p"))
				}))
				r := b.rank(c)
				if !eval[bool](b, c, passShown) || !rankBelow(r, s.withNop) || !rankBelow(r, ranks[k]) {
					t.Errorf("%s: with %d nops %s, RANK %s (with %d: %s, without: %s), want PASS and a lower RANK", names[k], i+1,
						eval[string](b, c, `document.getElementById("verdict").textContent`), r, i, s.withNop, ranks[k])
				}
				s.withNop = r
			}
		}
	})
	settle = 100 * time.Millisecond
	for k, c := range tabs {
		n := len(st[k].fresh)
		eval[bool](b, c, fmt.Sprintf(`(() => {
			const ta = document.getElementById("source"), lines = ta.value.split("\n");
			let pos = 0;
			for (let i = 0; i < %d; i++) pos += lines[i].length + 1;
			ta.focus();
			ta.setSelectionRange(pos - 1, pos - 1 + %d);
			return true;
		})()`, st[k].entry, n*len("\n\tnop")))
		b.do(c, chromedp.KeyEvent("\b"))
		b.wait(c, "the example text back", fmt.Sprintf(`document.getElementById("source").value === %q && `, st[k].original)+idle+" && "+passShown, 30*time.Second)
		if r := b.rank(c); r != ranks[k] {
			t.Errorf("%s: after the nops went RANK %s, want %s", names[k], r, ranks[k])
		}
		st[k].withNop = ""
	}
	// The kind of code edit sessions 6-14 measured (AVRLAB_SPEED_CACHED_EDITS=1): a nop in, out, in, ...,
	// so that from the third edit on the engine has seen each program (its translated modules cached).
	if os.Getenv("AVRLAB_SPEED_CACHED_EDITS") == "" {
		for k := range tabs {
			logEdits(names[k]+": comment (code unchanged)", st[k].comment)
			logEdits(names[k]+fmt.Sprintf(": new code (one more nop each edit, its last key %v after the others)", pace), st[k].fresh)
		}
		return
	}
	profile("code edits", func() {
		for i := 0; i < 20; i++ {
			for k, c := range tabs {
				s := st[k]
				s.code = append(s.code, edit(k, "a code edit", func() {
					if i%2 == 0 {
						b.typeAt(c, s.entry, "\r\tnop")
						return
					}
					// The RANK the nop gave (checked before it goes): one more cycle a call, two bytes of flash.
					r := b.rank(c)
					if r == ranks[k] || s.withNop != "" && r != s.withNop {
						t.Errorf("%s: with a nop RANK %s (without %s, the first time with %s)", names[k], r, ranks[k], s.withNop)
					}
					s.withNop = r
					b.typeAt(c, s.entry+1, strings.Repeat("\b", len("\n\tnop")))
				}))
			}
		}
	})
	for k, c := range tabs {
		if s := b.source(c); s != st[k].original {
			t.Errorf("%s: the source after the code edits differs from the example", names[k])
		}
		b.wait(c, "PASS after the code edits", passShown+" && "+idle, 30*time.Second)
		if r := b.rank(c); r != ranks[k] {
			t.Errorf("%s: after adding and removing a nop RANK %s, want %s", names[k], r, ranks[k])
		}
		logEdits(names[k]+": comment (code unchanged)", st[k].comment)
		logEdits(names[k]+fmt.Sprintf(": new code (one more nop each edit, its last key %v after the others)", pace), st[k].fresh)
		logEdits(names[k]+": code (a nop in and out)", st[k].code)
	}
}

// keyPace is the time between a person's two keystrokes that the speed test's new-code edits give
// their last key: a fast typist's (key repeat is ~33 ms, typing 100-250 ms a key).
const keyPace = 50 * time.Millisecond

// rankBelow reports whether the RANK shown r is a number below the RANK shown than (any number is
// below an empty than).
func rankBelow(r, than string) bool {
	x, err := strconv.ParseFloat(r, 64)
	if err != nil {
		return false
	}
	if than == "" {
		return true
	}
	y, err := strconv.ParseFloat(than, 64)
	return err == nil && x < y
}

func minOf[T any](xs []T, f func(T) float64) float64 {
	m := f(xs[0])
	for _, x := range xs[1:] {
		m = min(m, f(x))
	}
	return m
}

// TestWorkspaceAfterFirstBench checks, in a fresh profile whose engine.wasm arrives late (3.5 s: a
// slow link or a loaded machine, where the first bench ends after the page's 3-s wait for it), that
// the page starts workspace.wasm (its download, compilation and Go start-up) only once the first
// result is shown, not while the engine is still on the first bench, and that the result passes.
func TestWorkspaceAfterFirstBench(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	site := testSite(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path.Base(r.URL.Path) == "engine.wasm" {
			time.Sleep(3500 * time.Millisecond)
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv.URL+"/")
	c := b.tab(true)
	b.do(c, chromedp.Navigate(srv.URL+"/"))
	b.wait(c, "the first RANK", `avrlabTimings.firstRank !== undefined && `+rankShown, 60*time.Second)
	b.wait(c, "the workspace module", `avrlabTimings.workspaceFetchStart !== undefined`, 30*time.Second)
	first, ws := eval[float64](b, c, `avrlabTimings.firstResult`), eval[float64](b, c, `avrlabTimings.workspaceFetchStart`)
	if ws < first {
		t.Errorf("workspace.wasm asked at %.0f ms, before the first result (%.0f ms)", ws, first)
	}
	if !eval[bool](b, c, passShown) {
		t.Errorf("the first result is not PASS: %s", eval[string](b, c, `document.getElementById("verdict").textContent`))
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
