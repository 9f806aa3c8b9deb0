//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// cpuProfiler samples one target's CPU (a tab's page or its engine worker) through the DevTools
// Profiler, for TestPlaygroundSpeed with AVRLAB_SPEED_PROFILE=DIR: where a keystroke's time goes.
type cpuProfiler struct {
	b    *browser
	ctx  context.Context
	name string
	// fns names the engine's functions by index (namedEngine); nil for the page.
	fns map[int]string
}

// engineWorker returns a context attached to the engine worker of the page at site: the worker
// boot.js started ("boot engine URL"), or a restarted one (no name) of the same origin.
func engineWorker(b *browser, tab context.Context, site string) context.Context {
	b.t.Helper()
	u, err := url.Parse(site)
	if err != nil {
		b.t.Fatal(err)
	}
	infos, err := chromedp.Targets(tab)
	if err != nil {
		b.t.Fatal(err)
	}
	for _, in := range infos {
		if in.Type != "worker" || !strings.Contains(in.URL, u.Host) {
			continue
		}
		wctx, cancel := chromedp.NewContext(tab, chromedp.WithTargetID(in.TargetID))
		b.t.Cleanup(cancel)
		name, err := chromedp.Run(wctx, chromedp.Evaluate[string](`self.name + " " + typeof self.avrlabCall`))
		if err == nil && strings.HasPrefix(name, "boot engine") && strings.HasSuffix(name, "function") {
			return wctx
		}
		cancel()
	}
	b.t.Fatalf("no engine worker of %s among the targets", site)
	return nil
}

// startProfile starts sampling ctx's target every intervalUS microseconds.
func startProfile(b *browser, ctx context.Context, name string, intervalUS int64, fns map[int]string) *cpuProfiler {
	b.t.Helper()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
			return err
		}
		if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: intervalUS}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
		return err
	}))
	if err != nil {
		b.t.Fatalf("starting the profiler of %s: %v", name, err)
	}
	return &cpuProfiler{b: b, ctx: ctx, name: name, fns: fns}
}

// stop ends the sampling, writes the profile to dir (a .cpuprofile DevTools opens) and logs, per
// edit (of edits), the time of each phase (profilePhases) and the functions of most self time.
func (p *cpuProfiler) stop(dir string, edits int, phases []profilePhase) {
	b := p.b
	b.t.Helper()
	c, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	var prof *profiler.Profile
	err := chromedp.Do(c, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		r, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
		prof = r.Profile
		return err
	}))
	if err != nil || prof == nil {
		b.t.Fatalf("stopping the profiler of %s: %v", p.name, err)
	}
	raw, _ := json.Marshal(prof)
	file := filepath.Join(dir, strings.NewReplacer(" ", "-", "/", "-", ":", "").Replace(p.name)+".cpuprofile")
	if err := os.WriteFile(file, raw, 0o644); err != nil {
		b.t.Fatal(err)
	}
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range prof.Nodes {
		byID[n.ID] = n
		for _, ch := range n.Children {
			parent[ch] = n.ID
		}
	}
	name := func(n *profiler.ProfileNode) string {
		if n.CallFrame == nil {
			return ""
		}
		fn := n.CallFrame.FunctionName
		if m := wasmFn.FindStringSubmatch(fn); m != nil && p.fns != nil {
			if i, err := strconv.Atoi(m[1]); err == nil && p.fns[i] != "" {
				return p.fns[i]
			}
		}
		return fn
	}
	phaseMS := make([]float64, len(phases))
	var other, idle, total float64
	self := map[string]float64{}
	for i, id := range prof.Samples {
		var dt float64
		if i+1 < len(prof.TimeDeltas) {
			dt = float64(prof.TimeDeltas[i+1]) / 1000 // the time until the next sample
		}
		total += dt
		top := byID[id]
		if top == nil {
			continue
		}
		if n := name(top); n == "(idle)" || n == "(program)" && parent[id] == 0 {
			idle += dt
			continue
		}
		self[name(top)+" "+frameWhere(top.CallFrame)] += dt
		// The phase is the first of phases that any frame of the stack is in.
		var stack []string
		for n := top; n != nil; n = byID[parent[n.ID]] {
			stack = append(stack, name(n))
			if parent[n.ID] == 0 {
				break
			}
		}
		hit := -1
		for k, ph := range phases {
			for _, fn := range stack {
				if ph.match(fn) {
					hit = k
					break
				}
			}
			if hit >= 0 {
				break
			}
		}
		if hit >= 0 {
			phaseMS[hit] += dt
		} else {
			other += dt
		}
	}
	var parts []string
	for k, ph := range phases {
		parts = append(parts, fmt.Sprintf("%s %.2f", ph.name, phaseMS[k]/float64(edits)))
	}
	b.t.Logf("%s: CPU profile (%s, %d samples over %.0f ms, idle %.0f ms), ms per edit of %d: %s; other %.2f",
		p.name, file, len(prof.Samples), total, idle, edits, strings.Join(parts, ", "), other/float64(edits))
	type fn struct {
		name string
		ms   float64
	}
	var fns []fn
	for k, v := range self {
		fns = append(fns, fn{k, v})
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].ms > fns[j].ms })
	var top []string
	for i := 0; i < len(fns) && i < 25; i++ {
		top = append(top, fmt.Sprintf("%.2f %s", fns[i].ms/float64(edits), fns[i].name))
	}
	b.t.Logf("%s: most self time, ms per edit:\n\t%s", p.name, strings.Join(top, "\n\t"))
}

func frameWhere(f *runtime.CallFrame) string {
	if f == nil || f.URL == "" {
		return ""
	}
	return fmt.Sprintf("(%s:%d)", filepath.Base(strings.SplitN(f.URL, "?", 2)[0]), f.LineNumber+1)
}

var wasmFn = regexp.MustCompile(`^wasm-function\[(\d+)\]$`)

// profilePhase names a phase of a keystroke's time by the functions that run it: a sample counts for
// the first phase of the list that a function of its stack is in.
type profilePhase struct {
	name  string
	match func(fn string) bool
}

func fnHas(parts ...string) func(string) bool {
	return func(fn string) bool {
		for _, p := range parts {
			if strings.Contains(fn, p) {
				return true
			}
		}
		return false
	}
}

// workerPhases are the engine worker's phases of a live bench, the inner ones first. A goroutine that
// blocked (a live bench's turn of the event loop) is resumed in WebAssembly with its innermost
// function alone on the wasm stack (Go keeps the rest on its own stack), so after a turn a sample
// shows the frames from the function resumed on: a phase is the first of the list named there, and
// what falls under none of them is "Go call glue".
var workerPhases = []profilePhase{
	{"constant-time machine", fnHas("avrlab_lab.__harness_.constantTime")},
	{"size scans", fnHas("avrlab_lab.__harness_.sizes")},
	{"vectors' machine", fnHas("avrlab_lab.__harness_.measure")},
	{"harness setup (machines, layout)", fnHas("avrlab_lab.newHarness", "avrlab_lab.prepare", "avrlab_lab.resolveTask")},
	{"cache key", fnHas("cmd_wasm_engine.benchKey")},
	{"cache hit decode", fnHas("cmd_wasm_engine.__BenchCache_.bench")},
	{"include graph", fnHas("cmd_wasm_engine.otherIncludes", "cmd_wasm_engine.includerDialect")},
	{"assemble", fnHas("avrlab_asm.Assemble")},
	{"fixes and page texts", fnHas("cmd_wasm_engine.benchFixes", "cmd_wasm_engine.pageResponse", "cmd_wasm_engine.problemAt")},
	{"plan", fnHas("cmd_wasm_engine.plan")},
	{"other Go bench", fnHas("cmd_wasm_engine.Bench")},
	{"request decode / answer encode (Go JSON)", fnHas("cmd_wasm_engine.HandleCached", "cmd_wasm_engine.HandleLive")},
	{"Go call glue", fnHas("main.call", "syscall_js", "runtime.")},
	{"worker JS (serve, JSON.parse, postMessage)", fnHas("serve", "onmessage")},
}

// pagePhases are the page's main thread's phases.
var pagePhases = []profilePhase{
	{"chart's label boxes (getBBox: a layout)", fnHas("getBBox")},
	{"chart", fnHas("placeLabels", "textBox")},
	{"showing the result", fnHas("setResult")},
	{"answer received", fnHas("onMessage", "w.onmessage")},
	{"editor input", fnHas("execCommand", "syncLines", "renderMarks")},
	{"gc", fnHas("(garbage collector)")},
}

// wasmFuncIndex returns the function names of a WebAssembly module's "name" section by function
// index (imports counted, as V8's profiler numbers them: wasm-function[N]); empty when it has none.
func wasmFuncIndex(b []byte) map[int]string {
	out := map[int]string{}
	if !bytes.HasPrefix(b, []byte("\x00asm")) {
		return out
	}
	uleb := func(b []byte, p *int) (int, bool) {
		v, n := binary.Uvarint(b[*p:])
		if n <= 0 || v > uint64(len(b)) {
			return 0, false
		}
		*p += n
		return int(v), true
	}
	for p := 8; p < len(b); {
		id := b[p]
		p++
		size, ok := uleb(b, &p)
		if !ok || p+size > len(b) {
			return out
		}
		sec := b[p : p+size]
		p += size
		q := 0
		if l, ok := uleb(sec, &q); id != 0 || !ok || q+l > len(sec) || string(sec[q:q+l]) != "name" {
			continue
		} else {
			q += l
		}
		for q < len(sec) {
			sub := sec[q]
			q++
			ssz, ok := uleb(sec, &q)
			if !ok || q+ssz > len(sec) {
				return out
			}
			if sub == 1 {
				r, body := 0, sec[q:q+ssz]
				n, _ := uleb(body, &r)
				for i := 0; i < n; i++ {
					idx, ok := uleb(body, &r)
					if !ok {
						return out
					}
					nl, ok := uleb(body, &r)
					if !ok || r+nl > len(body) {
						return out
					}
					out[idx] = string(body[r : r+nl])
					r += nl
				}
			}
			q += ssz
		}
	}
	return out
}

// namedEngine builds engine.wasm of the module at root as serve.go does but with its function names
// (without -s -w: the same functions at the same indices), for the profiles' names.
func namedEngine(t *testing.T, root string) map[int]string {
	t.Helper()
	return wasmFuncIndex(namedEngineModule(t, root))
}

// namedEngineModule is namedEngine's module.
func namedEngineModule(t *testing.T, root string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "engine.wasm")
	args := append([]string{"build", "-tags=avrlab_core", "-trimpath"}, wasmNoInline...)
	cmd := exec.Command("go", append(args, "-o", out, "./cmd/wasm")...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building a named engine.wasm in %s: %v\n%s", root, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// yieldCost measures, in the engine worker wctx, what giving the event loop turns costs a live
// bench: n code edits (the default example with and without a nop, so that none is the kept bench)
// called with a stale function that never says stale (the bench yields and asks) and without one
// (no turn), alternating, and logs the medians of the calls' times in the worker. An engine without
// live benches answers both the same way.
func yieldCost(b *browser, wctx context.Context, name, source string, n int, comment bool) {
	b.t.Helper()
	edit, what, seedStep := strings.Replace(source, "cham64_128_encrypt:\n", "cham64_128_encrypt:\n\tnop\n", 1), "a code edit's", 1
	if comment {
		// A comment edited, the seed kept: every bench after the first is the kept one.
		edit, what, seedStep = strings.Replace(source, "; title:", "; title: x", 1), "a comment edit's", 0
	}
	src, _ := json.Marshal([]string{source, edit})
	js := fmt.Sprintf(`(async () => {
		const srcs = %s, with_ = [], without = [];
		const seed = Math.floor(Math.random() * 2 ** 40);
		for (let i = 0; i < %d; i++) {
			for (const stale of i %% 2 ? [false, true] : [true, false]) {
				const req = JSON.stringify({ files: { "cham64-v2.S": srcs[(2 * i + stale) %% 2] }, main: "cham64-v2.S", seed: seed + %d * i, budget: 10000000 });
				const t0 = performance.now();
				let out = stale ? self.avrlabCall("bench", req, () => {}, () => false) : self.avrlabCall("bench", req, () => {});
				if (out && typeof out.then === "function") out = await out;
				(stale ? with_ : without).push(performance.now() - t0);
				if (!JSON.parse(out).report) throw new Error(out.slice(0, 300));
			}
		}
		const med = (v) => v.sort((a, b) => a - b)[v.length >> 1];
		return JSON.stringify([med(with_), med(without)]);
	})()`, src, n, seedStep)
	var r [2]float64
	if err := json.Unmarshal([]byte(eval[string](b, wctx, js)), &r); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("%s: %s bench in the worker, median of %d: %.2f ms as a live request (stale given), %.2f ms without (ratio %.2f)", name, what, n, r[0], r[1], r[0]/r[1])
}
