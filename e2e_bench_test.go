//go:build !js

package main

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/benchprog"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
	"github.com/chromedp/chromedp"
)

// benchLoopSrc is the load/store loop of the browser benchmarks: about 50M cycles on the ATmega128,
// ending with BREAK.
const benchLoopSrc = `
	ldi r16, 0xff        ; SP = 0x10FF
	out 0x3d, r16
	ldi r16, 0x10
	out 0x3e, r16
	ldi r20, 0x00        ; 0xff00 passes over 64 bytes
	ldi r21, 0xff
	ldi r22, 0x01
outer:
	ldi r26, 0x00        ; X = 0x0200, Y = 0x0300
	ldi r27, 0x02
	ldi r28, 0x00
	ldi r29, 0x03
	ldi r24, 64
inner:
	ld r16, X+
	add r16, r22
	adc r17, r16
	rol r18
	eor r18, r17
	st Y+, r16
	st X, r18
	dec r24
	brne inner
	inc r22
	subi r20, 1
	sbci r21, 0
	brne outer
	break
`

// benchLoop returns benchLoopSrc, or with rep > 1 the same loop run rep times over (r19 counts the
// repetitions): rep 8 is 439.2M cycles.
func benchLoop(rep int) string {
	if rep <= 1 {
		return benchLoopSrc
	}
	src := strings.Replace(benchLoopSrc, "\tldi r20, 0x00", fmt.Sprintf("\tldi r19, %d\nrep:\n\tldi r20, 0x00", rep), 1)
	return strings.Replace(src, "\tbreak", "\tdec r19\n\tbrne rep\n\tbreak", 1)
}

// benchMixSrc is the benchmark (internal/benchprog.Mix(148): 163.4M cycles).
var benchMixSrc = benchprog.Mix(148)

// TestBenchPage runs a load/store loop of about 50M cycles through site/bench.html?hex=URL, translated and
// with &interp=1, in headless Chromium: both publish window.benchResult with the cycles and r16..r31 that
// the native interpreter (lab.Run) gives, and the test logs the emulated MHz of each.
func TestBenchPage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	im, err := asm.Assemble("bench.S", []byte(benchLoopSrc), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	want := lab.Run(im, 200_000_000, 0, 0)
	if want.Stop != "break" {
		t.Fatalf("native run: %+v", want)
	}
	var regs []string
	for r := 16; r < 32; r++ {
		regs = append(regs, fmt.Sprintf("%02X", want.R[r]))
	}
	var hex bytes.Buffer
	if err := im.WriteHex(&hex); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := testSite(t).writeDir(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "loop.hex"), hex.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv.URL+"/")
	ctx := b.tab(false)
	for _, mode := range []string{"", "&interp=1"} {
		b.do(ctx, chromedp.Navigate(srv.URL+"/bench.html?hex=loop.hex"+mode))
		b.wait(ctx, "benchResult"+mode, `window.benchResult !== undefined`, 120*time.Second)
		got := eval[string](b, ctx, `JSON.stringify(window.benchResult)`)
		cycles := eval[float64](b, ctx, `window.benchResult.cycles || 0`)
		ms := eval[float64](b, ctx, `window.benchResult.ms || 0`)
		if uint64(cycles) != want.Cycles || eval[string](b, ctx, `window.benchResult.regs || ""`) != strings.Join(regs, " ") {
			t.Errorf("bench.html%s: %s; want %d cycles, regs %s", mode, got, want.Cycles, strings.Join(regs, " "))
			continue
		}
		t.Logf("bench.html%s: %d cycles in %.0f ms: %.0f MHz", mode, want.Cycles, ms, cycles/ms/1000)
	}
}

// TestBenchPageAvr8js runs the load/store loop of TestBenchPage on site/bench.html (translated, with
// &interp=1 and with &eager=1) and on avr8js (testdata/avr8js: its CPU's instruction loop on the page's main
// thread, the npm package served under /avr8js/), interleaved, three rounds in one headless
// Chromium: each must end with the cycles and r16..r31 of the native interpreter (avr8js stops at
// the BREAK, one cycle short), and the test logs the emulated MHz of each and the ratios.
func TestBenchPageAvr8js(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	pkg := oracle.NeedAvr8js(t)
	// AVRLAB_BENCH_REPEAT=8 runs the loop 8 times over (439.2M cycles: the figures README quotes).
	rep := 1
	if v := os.Getenv("AVRLAB_BENCH_REPEAT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 255 {
			t.Fatalf("AVRLAB_BENCH_REPEAT=%q: want 1..255", v)
		}
		rep = n
	}
	// AVRLAB_BENCH_PROG=mix runs the benchmark instead (benchMixSrc, 163.4M cycles; the
	// repetitions do not apply to it).
	src := benchLoop(rep)
	switch v := os.Getenv("AVRLAB_BENCH_PROG"); v {
	case "":
	case "mix":
		src, rep = benchMixSrc, 1
	default:
		t.Fatalf("AVRLAB_BENCH_PROG=%q: want mix or nothing", v)
	}
	im, err := asm.Assemble("bench.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	want := lab.Run(im, uint64(rep)*200_000_000, 0, 0)
	if want.Stop != "break" {
		t.Fatalf("native run: %+v", want)
	}
	var regs []string
	for r := 16; r < 32; r++ {
		regs = append(regs, fmt.Sprintf("%02X", want.R[r]))
	}
	var hex bytes.Buffer
	if err := im.WriteHex(&hex); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := testSite(t).writeDir(dir); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"loop.hex": hex.Bytes()}
	for _, f := range []string{"index.html", "run.js"} {
		b, err := os.ReadFile(filepath.Join("testdata", "avr8js", f))
		if err != nil {
			t.Fatal(err)
		}
		files["cmp/"+f] = b
	}
	for name, b := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	esm := filepath.Join(pkg, "dist", "esm")
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(dir)))
	mux.HandleFunc("/avr8js/", func(w http.ResponseWriter, r *http.Request) {
		// avr8js's ES modules import without the .js extension.
		name := filepath.Join(esm, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, "/avr8js/")))
		if !strings.HasSuffix(name, ".js") {
			name += ".js"
		}
		b, err := os.ReadFile(name)
		if err != nil || !strings.HasPrefix(name, esm) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/javascript")
		w.Write(b)
	})
	// AVRLAB_BENCH_BASELINE=DIR (a site that `go run . -out DIR` wrote from another commit; several
	// separated by the list separator, ':') runs its bench.html too, served under /baseN/,
	// interleaved with this site's in the same browser.
	bases := filepath.SplitList(os.Getenv("AVRLAB_BENCH_BASELINE"))
	for k, dir := range bases {
		pre := fmt.Sprintf("/base%d/", k)
		mux.Handle(pre, http.StripPrefix(pre, http.FileServer(http.Dir(dir))))
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv.URL+"/")
	ctx := b.tab(false)
	stop := len(im.Flash)/2 - 1 // the BREAK
	modes := []struct{ name, url, result string }{
		{"bench.html", "/bench.html?hex=/loop.hex", "benchResult"},
		{"bench.html&interp=1", "/bench.html?hex=/loop.hex&interp=1", "benchResult"},
		{"bench.html&eager=1", "/bench.html?hex=/loop.hex&eager=1", "benchResult"},
		{"avr8js", fmt.Sprintf("/cmp/index.html?hex=/loop.hex&stop=%d", stop), "avr8jsResult"},
	}
	// AVRLAB_BENCH_EXTRA='&warminterp=1&idle=500 ...' runs bench.html's three modes again with each of those
	// parameters added (this site's), interleaved with the rest.
	for _, v := range strings.Fields(os.Getenv("AVRLAB_BENCH_EXTRA")) {
		for _, m := range modes[:3] {
			modes = append(modes, struct{ name, url, result string }{m.name + v, m.url + v, m.result})
		}
	}
	for k, dir := range bases {
		for _, m := range modes[:3] {
			modes = append(modes, struct{ name, url, result string }{dir + " " + m.name, fmt.Sprintf("/base%d", k) + m.url, m.result})
		}
	}
	// AVRLAB_BENCH_ROUNDS=N runs N rounds (default 3).
	rounds := 3
	if v := os.Getenv("AVRLAB_BENCH_ROUNDS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 50 {
			t.Fatalf("AVRLAB_BENCH_ROUNDS=%q: want 1..50", v)
		}
		rounds = n
	}
	// AVRLAB_BENCH_INTERP=0 leaves the &interp=1 modes out (their times are NaN): on a loaded machine
	// they take most of a round.
	noInterp := os.Getenv("AVRLAB_BENCH_INTERP") == "0"
	ms := make([][]float64, len(modes))
	load0 := loadAverage()
	for round := 0; round < rounds; round++ {
		for i, m := range modes {
			if noInterp && strings.Contains(m.url, "&interp=1") {
				ms[i] = append(ms[i], math.NaN())
				continue
			}
			b.do(ctx, chromedp.Navigate(srv.URL+m.url))
			b.wait(ctx, m.name, "window."+m.result+" !== undefined", 180*time.Second)
			got := eval[string](b, ctx, "JSON.stringify(window."+m.result+")")
			cycles := eval[float64](b, ctx, "window."+m.result+".cycles || 0")
			if m.result == "avr8jsResult" {
				cycles++ // avr8js stops before the BREAK, which avrlab counts
			}
			if uint64(cycles) != want.Cycles || eval[string](b, ctx, "window."+m.result+`.regs || ""`) != strings.Join(regs, " ") {
				t.Fatalf("%s: %s; want %d cycles, regs %s", m.name, got, want.Cycles, strings.Join(regs, " "))
			}
			ms[i] = append(ms[i], eval[float64](b, ctx, "window."+m.result+".ms || 0"))
			if testing.Verbose() {
				t.Logf("round %d, %s: %s", round, m.name, got)
			}
		}
	}
	t.Logf("load average %s at the start, %s at the end", load0, loadAverage())
	for round := 0; round < rounds; round++ {
		line := fmt.Sprintf("round %d: avr8js %.0f ms", round, ms[3][round])
		for i, m := range modes {
			if i != 3 && !math.IsNaN(ms[i][round]) {
				line += fmt.Sprintf("; %s %.0f ms, %.1fx", m.name, ms[i][round], ms[3][round]/ms[i][round])
			}
		}
		t.Log(line)
	}
	med := func(v []float64) float64 {
		v = append([]float64(nil), v...)
		sort.Float64s(v)
		return v[len(v)/2]
	}
	// times says a ratio, or "not run" for a mode AVRLAB_BENCH_INTERP=0 left out.
	times := func(r float64) string {
		if math.IsNaN(r) {
			return "not run"
		}
		return fmt.Sprintf("%.1fx avr8js", r)
	}
	for i, m := range modes {
		if math.IsNaN(med(ms[i])) {
			t.Logf("%s: not run (AVRLAB_BENCH_INTERP=0)", m.name)
			continue
		}
		t.Logf("%s: %d cycles, median %.0f ms: %.0f MHz (%v ms)", m.name, want.Cycles, med(ms[i]),
			float64(want.Cycles)/med(ms[i])/1000, ms[i])
	}
	t.Logf("translated %s, interpreted %s, translated from the start %s (medians)",
		times(med(ms[3])/med(ms[0])), times(med(ms[3])/med(ms[1])), times(med(ms[3])/med(ms[2])))
	// On a loaded machine avr8js's own time varies by 2-4x between rounds: the ratio within each
	// round (the runs of one round share the load most) is the steadier figure.
	ratio := func(i int) float64 {
		r := make([]float64, len(ms[i]))
		for k := range r {
			r[k] = ms[3][k] / ms[i][k]
		}
		return med(r)
	}
	for i, m := range modes {
		if i != 3 {
			t.Logf("%s: median of the rounds' ratios %s", m.name, times(ratio(i)))
		}
	}
	for k, dir := range bases {
		i := len(modes) - 3*len(bases) + 3*k
		t.Logf("%s: translated %s, interpreted %s, translated from the start %s (medians)",
			dir, times(med(ms[3])/med(ms[i])), times(med(ms[3])/med(ms[i+1])), times(med(ms[3])/med(ms[i+2])))
	}
}

// loadAverage returns the machine's 1-minute load average as /proc/loadavg has it, or "unknown"
// where there is none: the benchmarks' logs say the load they ran at.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "unknown"
}
