//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceEvent is one event of a Chrome trace (the JSON trace-event format).
type traceEvent struct {
	Name string          `json:"name"`
	Cat  string          `json:"cat"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`
	Dur  float64         `json:"dur"`
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// traceCategories are what a navigation's trace records: the page's tasks and what runs in them
// (parsing, style, layout, paint, scripts, V8's compiles) and the loading of its resources.
var traceCategories = []string{"devtools.timeline", "v8", "v8.execute", "blink", "toplevel", "loading", "blink.user_timing",
	"disabled-by-default-devtools.timeline", "disabled-by-default-v8.compile", "v8.wasm", "__metadata"}

// traceNavigation navigates tab c to url with the browser's tracing on (the DevTools Tracing domain),
// waits for cond, and returns the trace's events.
func traceNavigation(t *testing.T, b *browser, c context.Context, url, cond string) []traceEvent {
	t.Helper()
	var mu sync.Mutex
	var evs []traceEvent
	done := make(chan struct{})
	chromedp.Listen(c, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			defer mu.Unlock()
			for _, v := range ev.Value {
				var e traceEvent
				if raw, err := json.Marshal(v); err == nil && json.Unmarshal(raw, &e) == nil {
					evs = append(evs, e)
				}
			}
		case *tracing.EventTracingComplete:
			close(done)
		}
	})
	if _, err := chromedp.Call(c, tracing.Start, tracing.StartParams{TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig: &tracing.TraceConfig{IncludedCategories: traceCategories}}); err != nil {
		t.Fatal(err)
	}
	b.do(c, chromedp.Navigate(url))
	b.wait(c, "the first RANK", cond, 60*time.Second)
	if _, err := chromedp.Call(c, tracing.End, struct{}{}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the trace did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	return evs
}

// pageTrace is a trace seen from the page's main thread: its events, ms since its navigation began.
type pageTrace struct {
	nav  float64 // the page's navigationStart, µs
	main []traceEvent
	all  []traceEvent
}

// newPageTrace finds the page's renderer main thread (the last navigation to an http URL).
func newPageTrace(evs []traceEvent) pageTrace {
	threads := map[[2]int]string{}
	for _, e := range evs {
		if e.Ph == "M" && e.Name == "thread_name" {
			var a struct{ Name string }
			json.Unmarshal(e.Args, &a)
			threads[[2]int{e.Pid, e.Tid}] = a.Name
		}
	}
	p := pageTrace{all: evs}
	key := [2]int{}
	for _, e := range evs {
		k := [2]int{e.Pid, e.Tid}
		if e.Name == "navigationStart" && threads[k] == "CrRendererMain" && strings.Contains(string(e.Args), `"documentLoaderURL":"http`) && e.Ts > p.nav {
			p.nav, key = e.Ts, k
		}
	}
	for _, e := range evs {
		if [2]int{e.Pid, e.Tid} == key {
			p.main = append(p.main, e)
		}
	}
	sort.SliceStable(p.main, func(i, j int) bool { return p.main[i].Ts < p.main[j].Ts })
	return p
}

func (p pageTrace) ms(ts float64) float64 { return (ts - p.nav) / 1000 }

// wrappers are the trace's nesting events, which say nothing of what ran.
var wrappers = map[string]bool{"ThreadControllerImpl::RunTask": true, "RunTask": true, "Receive mojo message": true, "SimpleWatcher::OnHandleReady": true,
	"AsyncTask Run": true, "v8.callFunction": true, "v8.run": true, "FunctionCall": true, "RunMicrotasks": true, "BlinkScheduler_PerformMicrotaskCheckpoint": true}

// longTasks describes the page thread's tasks of at least minMS up to untilMS: start+duration, and
// the events in it of over a tenth of it ("Layout 82", "v8.evaluateModule 26 app.js").
func (p pageTrace) longTasks(minMS, untilMS float64) string {
	var out []string
	for i, e := range p.main {
		if e.Ph != "X" || e.Cat != "toplevel" || e.Dur < minMS*1000 || p.ms(e.Ts) > untilMS {
			continue
		}
		var parts []string
		for _, s := range p.main[i+1:] {
			if s.Ts >= e.Ts+e.Dur {
				break
			}
			if s.Ph == "X" && s.Cat != "toplevel" && !wrappers[s.Name] && s.Dur*10 >= e.Dur && !strings.HasPrefix(s.Name, "Blink.") && !strings.Contains(s.Name, "::") {
				parts = append(parts, fmt.Sprintf("%s %.0f%s", s.Name, s.Dur/1000, urlOf(s.Args)))
			}
		}
		out = append(out, fmt.Sprintf("[%.0f+%.0f: %s]", p.ms(e.Ts), e.Dur/1000, strings.Join(parts, ", ")))
	}
	return strings.Join(out, " ")
}

// urlOf is " name" of the file an event's args name, if any.
func urlOf(raw json.RawMessage) string {
	var a struct {
		URL  string `json:"url"`
		File string `json:"fileName"`
		Data struct {
			URL string `json:"url"`
		} `json:"data"`
		Begin struct {
			URL string `json:"url"`
		} `json:"beginData"`
	}
	json.Unmarshal(raw, &a)
	for _, u := range []string{a.URL, a.File, a.Data.URL} {
		if u != "" {
			return " " + path.Base(u)
		}
	}
	return ""
}

// requests describes each resource the page asked for up to untilMS: when asked, sent, its last byte
// in (the network's finishTime) and handled on the page's thread (ResourceFinish there).
func (p pageTrace) requests(untilMS float64) string {
	type req struct {
		url                          string
		asked, sent, netDone, handed float64
	}
	byID := map[string]*req{}
	var order []string
	for _, e := range p.all {
		if !strings.HasPrefix(e.Name, "Resource") {
			continue
		}
		var a struct {
			Data struct {
				ID     string  `json:"requestId"`
				URL    string  `json:"url"`
				Finish float64 `json:"finishTime"`
				Timing *struct {
					RequestTime float64 `json:"requestTime"`
					SendStart   float64 `json:"sendStart"`
				} `json:"timing"`
			} `json:"data"`
		}
		if json.Unmarshal(e.Args, &a) != nil || a.Data.ID == "" {
			continue
		}
		r := byID[a.Data.ID]
		if r == nil {
			r = &req{}
			byID[a.Data.ID] = r
			order = append(order, a.Data.ID)
		}
		switch e.Name {
		case "ResourceSendRequest":
			r.url, r.asked = path.Base(a.Data.URL), p.ms(e.Ts)
		case "ResourceReceiveResponse":
			if tm := a.Data.Timing; tm != nil {
				r.sent = p.ms(tm.RequestTime*1e6) + tm.SendStart
			}
		case "ResourceFinish":
			r.netDone, r.handed = p.ms(a.Data.Finish*1e6), p.ms(e.Ts)
		}
	}
	var out []string
	for _, id := range order {
		if r := byID[id]; r.url != "" && r.asked <= untilMS {
			out = append(out, fmt.Sprintf("%s %.0f/%.0f/%.0f/%.0f", r.url, r.asked, r.sent, r.netDone, r.handed))
		}
	}
	return strings.Join(out, ", ")
}

// frames lists the page's style, layout and paint phases of at least 5 ms, and its first contentful
// paint, up to untilMS.
func (p pageTrace) frames(untilMS float64) string {
	var out []string
	for _, e := range p.main {
		if p.ms(e.Ts) > untilMS {
			break
		}
		switch {
		case e.Ph == "X" && (e.Name == "UpdateLayoutTree" || e.Name == "Layout" || e.Name == "Paint") && e.Dur >= 5000:
			out = append(out, fmt.Sprintf("%s %.0f+%.0f", e.Name, p.ms(e.Ts), e.Dur/1000))
		case e.Name == "firstContentfulPaint":
			out = append(out, fmt.Sprintf("FCP %.0f", p.ms(e.Ts)))
		}
	}
	return strings.Join(out, ", ")
}

// logTrace writes a navigation's trace to dir (DevTools and Perfetto open it) and logs, up to
// untilMS, the page thread's tasks of 30 ms or more, its frames and its requests.
func logTrace(t *testing.T, dir, name string, evs []traceEvent, untilMS float64) {
	t.Helper()
	raw, err := json.Marshal(map[string]any{"traceEvents": evs})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, strings.NewReplacer(" ", "-", "/", "-", ":", "").Replace(name)+".json")
	if err := os.WriteFile(file, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	p := newPageTrace(evs)
	t.Logf("%s: trace %s; the page thread's tasks of 30 ms or more [start+ms: what ran]: %s", name, file, p.longTasks(30, untilMS))
	t.Logf("%s: style, layout, paint: %s", name, p.frames(untilMS))
	t.Logf("%s: requests (ms: asked/sent/last byte/handled by the page): %s", name, p.requests(untilMS))
}
