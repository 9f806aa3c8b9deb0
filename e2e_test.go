//go:build !js

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"errors"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The browser tests drive the playground in headless Chromium against the site that `go run . -out DIR`
// writes (the same buildSite/writeDir code path), served by a plain static file server from a sub-path.
// Screenshots go to $AVRLAB_SCREENSHOTS, else to $TMPDIR/avrlab-screenshots; the test log says where.

func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	oracle.Require(t, "chromium", errors.New("not on PATH"), "the playground's browser tests need it (Debian: apt-get install chromium)")
	return ""
}

// serveStatic writes the site to a directory and serves it under /sub/play/ on 127.0.0.1, as a static
// host would: no gzip, types from the file extension.
func serveStatic(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := testSite(t).writeDir(dir); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/sub/play/", http.StripPrefix("/sub/play/", http.FileServer(http.Dir(dir))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL + "/sub/play/"
}

type browser struct {
	t       *testing.T
	ctx     context.Context // the first tab; its browser lives until the test ends
	shots   string
	page    string
	errsOut *[]string
}

func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelB(); cancelA() })
	shots := os.Getenv("AVRLAB_SCREENSHOTS")
	if shots == "" {
		shots = filepath.Join(os.TempDir(), "avrlab-screenshots")
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	b := &browser{t: t, ctx: ctx, shots: shots, page: base, errsOut: new([]string)}
	b.watch(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return b
}

// watch records uncaught exceptions and console errors of the tab.
func (b *browser) watch(ctx context.Context) {
	errs := b.errsOut
	chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			*errs = append(*errs, fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber+1, msg))
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value))
				}
				*errs = append(*errs, "console.error: "+strings.Join(parts, " "))
			}
		}
	})
}

// tab opens a new tab in a fresh browser context (its own IndexedDB and storage) or in the same one.
func (b *browser) tab(fresh bool) context.Context {
	var opts []chromedp.ContextOption
	if fresh {
		opts = append(opts, chromedp.WithNewBrowserContext())
	}
	ctx, cancel := chromedp.NewContext(b.ctx, opts...)
	b.t.Cleanup(cancel)
	b.watch(ctx)
	return ctx
}

func (b *browser) do(ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	c, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(c, steps...); err != nil {
		b.t.Fatal(err)
	}
}

func eval[T any](b *browser, ctx context.Context, expr string) T {
	b.t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// wait polls a JavaScript condition until it is truthy.
func (b *browser) wait(ctx context.Context, what, cond string, timeout time.Duration) {
	b.t.Helper()
	c, cancel := context.WithTimeout(ctx, timeout+5*time.Second)
	defer cancel()
	_, err := chromedp.Run(c, chromedp.Poll[bool]("!!("+cond+")",
		chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(timeout)))
	if err != nil {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](
			`JSON.stringify({status: status.textContent, rank: rank.textContent, verdict: verdict.textContent, message: message.textContent, problems: problems.textContent, file: document.querySelector("#files [aria-selected=true]").textContent, timings: avrlabTimings, text: source.value.slice(0, 6000)})`))
		b.t.Fatalf("waiting for %s: %v\npage: %s\nerrors: %q", what, err, state, *b.errsOut)
	}
}

func (b *browser) shot(ctx context.Context, name string) {
	b.t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(c, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatal(err)
	}
	p := filepath.Join(b.shots, name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s", p)
}

// typeAt puts the caret at the end of line (1-based) of the editor and types keys as a user would.
func (b *browser) typeAt(ctx context.Context, line int, keys string) {
	b.t.Helper()
	eval[bool](b, ctx, fmt.Sprintf(`(() => {
		const ta = document.getElementById("source");
		const lines = ta.value.split("\n");
		let pos = 0;
		for (let i = 0; i < %d; i++) pos += lines[i].length + 1;
		ta.focus();
		ta.setSelectionRange(pos - 1, pos - 1);
		return true;
	})()`, line))
	b.do(ctx, chromedp.KeyEvent(keys))
}

// select sets a <select> and fires change, as picking from it does.
func (b *browser) selectOption(ctx context.Context, id, value string) {
	b.t.Helper()
	eval[bool](b, ctx, fmt.Sprintf(`(() => { const s = document.getElementById(%q); s.value = %q;
		s.dispatchEvent(new Event("change")); return true; })()`, id, value))
}

const (
	rankShown = `document.getElementById("rank").textContent !== ""`
	passShown = `document.getElementById("verdict").textContent.startsWith("PASS")`
	failShown = `document.getElementById("verdict").textContent.startsWith("FAIL")`
	// idle: the page shows the result of its latest text and no run is going.
	idle = `(avrlabTimings.resultInputAt === avrlabTimings.lastInputAt || avrlabTimings.lastInputAt === undefined) && document.getElementById("status").textContent === "ready"`
)

func (b *browser) source(ctx context.Context) string {
	return eval[string](b, ctx, `document.getElementById("source").value`)
}

func (b *browser) rank(ctx context.Context) string {
	return eval[string](b, ctx, `document.getElementById("rank").textContent`)
}

// lineOf returns the 1-based line of the first line of the editor matching the JavaScript regexp re.
func (b *browser) lineOf(ctx context.Context, re string) int {
	b.t.Helper()
	n := eval[int](b, ctx, fmt.Sprintf(`document.getElementById("source").value.split("\n").findIndex(l => %s.test(l)) + 1`, re))
	if n == 0 {
		b.t.Fatalf("no line matches %s", re)
	}
	return n
}

// noInjection checks that nothing from user text became markup or ran.
func (b *browser) noInjection(ctx context.Context) {
	b.t.Helper()
	got := eval[string](b, ctx, `JSON.stringify({xss: window.__xss === undefined ? null : window.__xss,
		imgs: document.querySelectorAll("img").length, scripts: document.scripts.length,
		inline: document.querySelectorAll("[onerror], [onload], [onclick]").length})`)
	// boot.js, first.json's answer and js/score.js's inline copy (serve.go, inlineFirstScore), js/score.js
	// and app.js (boot.js adds it)
	if got != `{"xss":null,"imgs":0,"scripts":5,"inline":0}` {
		b.t.Errorf("user text became markup or ran: %s", got)
	}
}

func TestPlayground(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK (default example)", `avrlabTimings.firstRank !== undefined && `+rankShown, 60*time.Second)
	firstLoad := eval[float64](b, ctx, `avrlabTimings.firstRank`)
	t.Logf("fresh profile: navigation → first RANK %.0f ms (engine.wasm compile %.0f ms)", firstLoad,
		eval[float64](b, ctx, `avrlabTimings.engineCompileMs`))

	// Pick the CHAM-64/128 example: pass and a RANK.
	example := eval[string](b, ctx, `(() => { const ids = [...document.getElementById("example").options].map(o => o.value);
		return ids.includes("cham64-v2") ? "cham64-v2" : ids.find(v => v.startsWith("cham64")) || ""; })()`)
	if example == "" {
		t.Fatal("no CHAM-64 example in the picker")
	}
	b.selectOption(ctx, "example", example)
	b.wait(ctx, "the CHAM example in the editor", `document.getElementById("source").value.includes("cham64_128")`, 10*time.Second)
	b.wait(ctx, "PASS for "+example, passShown+" && "+rankShown+" && "+idle, 30*time.Second)
	if name := eval[string](b, ctx, `document.getElementById("task-name").textContent`); !strings.Contains(name, "CHAM-64/128") {
		t.Errorf("task shown as %q, want CHAM-64/128", name)
	}
	original := b.source(ctx)
	rank := b.rank(ctx)
	t.Logf("%s: RANK %s, %s", example, rank, eval[string](b, ctx, `document.getElementById("verdict").textContent`))
	if !strings.HasPrefix(eval[string](b, ctx, `document.getElementById("vectors-out").textContent`), "Official vector: pass") {
		t.Error("the official vector is not shown as passing")
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#published-rows tr.mine").length`); n != 1 {
		t.Errorf("%d rows of ours in the published table, want 1", n)
	}
	b.shot(ctx, "1-pass-1280")

	// Break the routine (shift the block pointer): the vectors fail and the first failure is shown.
	entry := b.lineOf(ctx, `/^\s*cham64_128_encrypt\s*:/`)
	b.typeAt(ctx, entry, "\r\tinc r24")
	b.wait(ctx, "a failing verdict", failShown+" && "+idle, 30*time.Second)
	if eval[bool](b, ctx, `document.getElementById("failure").hidden`) {
		t.Error("the first failure is not shown")
	}
	exp := eval[string](b, ctx, `document.querySelector("#failure-rows tr:nth-child(3) td").textContent`)
	got := eval[string](b, ctx, `document.querySelector("#failure-rows tr:nth-child(4) td").textContent`)
	if exp == "" || exp == got {
		t.Errorf("first failure: expected %q, got %q", exp, got)
	}
	if r := b.rank(ctx); r != "" {
		t.Errorf("a failing implementation shows RANK %q", r)
	}
	b.shot(ctx, "2-wrong-output")

	// A typo on the next line: the line is marked, with the message on hover and in the list.
	bad := entry + 2
	b.typeAt(ctx, entry+1, "\rbogus r1") // the new line takes the indentation of the one above
	b.wait(ctx, "the marked line", fmt.Sprintf(`document.querySelector("#gutter").children[%d].title.includes("bogus") && `, bad-1)+idle, 30*time.Second)
	if c := eval[string](b, ctx, fmt.Sprintf(`document.querySelector("#gutter").children[%d].className`, bad-1)); c != "bad" {
		t.Errorf("gutter line %d has class %q, want bad", bad, c)
	}
	title := eval[string](b, ctx, fmt.Sprintf(`document.querySelector("#gutter").children[%d].title`, bad-1))
	problem := eval[string](b, ctx, `document.querySelector("#problems li").textContent`)
	if !strings.Contains(title, "bogus") || !strings.Contains(problem, fmt.Sprintf(":%d:", bad)) {
		t.Errorf("marker title %q, problem %q: want the message for line %d", title, problem, bad)
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#marks .bad").length`); n != 1 {
		t.Errorf("%d marked lines, want 1", n)
	}
	b.shot(ctx, "3-error-marker")
	// Clicking the problem jumps to its line.
	eval[bool](b, ctx, `document.querySelector("#problems button").click(), true`)
	caretLine := eval[int](b, ctx, `(() => { const ta = document.getElementById("source");
		return ta.value.slice(0, ta.selectionStart).split("\n").length; })()`)
	if caretLine != bad {
		t.Errorf("the problem list jumped to line %d, want %d", caretLine, bad)
	}

	// Fix it: delete the two inserted lines with Backspace; the same RANK comes back.
	b.typeAt(ctx, bad, strings.Repeat("\b", len("\n\tinc r24\n\tbogus r1")))
	b.wait(ctx, "PASS after the fix", passShown+" && "+idle, 30*time.Second)
	if s := b.source(ctx); s != original {
		t.Fatalf("the source after the fix differs from the example:\n%q", s)
	}
	if r := b.rank(ctx); r != rank {
		t.Errorf("RANK after the fix %s, want %s", r, rank)
	}

	// Keystroke → RANK, live mode, 100 random vectors: type into a comment.
	note := b.lineOf(ctx, `/^;\s*title:/`)
	var samples []float64
	for i := 0; i < 8; i++ {
		n := eval[int](b, ctx, `avrlabTimings.editToRank.length`)
		b.typeAt(ctx, note, "x")
		b.wait(ctx, "the RANK after a keystroke", fmt.Sprintf(`avrlabTimings.editToRank.length > %d && `, n)+idle, 30*time.Second)
		samples = append(samples, eval[float64](b, ctx, `avrlabTimings.lastEditToRank`))
		time.Sleep(150 * time.Millisecond)
	}
	sort.Float64s(samples)
	t.Logf("last keystroke → updated RANK (CHAM-64/128, 101 vectors, debounce 5 ms): median %.0f ms, min %.0f, max %.0f; slowest input handler %.2f ms",
		samples[len(samples)/2], samples[0], samples[len(samples)-1], eval[float64](b, ctx, `avrlabTimings.inputMaxMs`))
	b.typeAt(ctx, note, strings.Repeat("\b", 8))
	b.wait(ctx, "the example text back", fmt.Sprintf(`document.getElementById("source").value === %q`, original), 10*time.Second)

	// Share, then open the link in a fresh browser context: same source, same RANK.
	eval[bool](b, ctx, `document.getElementById("share").click(), true`)
	b.wait(ctx, "the share link", `document.getElementById("share-url").value.includes("#")`, 10*time.Second)
	link := eval[string](b, ctx, `document.getElementById("share-url").value`)
	t.Logf("share link: %d characters", len(link))
	other := b.tab(true)
	b.do(other, chromedp.Navigate(link))
	b.wait(other, "RANK from the link", passShown+" && "+rankShown, 60*time.Second)
	if s := b.source(other); s != original {
		t.Errorf("the link restored a different source")
	}
	if r := b.rank(other); r != rank {
		t.Errorf("the link shows RANK %s, want %s", r, rank)
	}
	// A full link (not the example's short one) restores the same too.
	b.typeAt(ctx, note, " edited")
	b.wait(ctx, "RANK after the edit", passShown+" && "+idle, 30*time.Second)
	edited := b.source(ctx)
	eval[bool](b, ctx, `document.getElementById("share").click(), true`)
	b.wait(ctx, "the full share link", `document.getElementById("share-url").value.includes("code=")`, 10*time.Second)
	link = eval[string](b, ctx, `document.getElementById("share-url").value`)
	b.do(other, chromedp.Navigate(link))
	b.wait(other, "the edited source from the link", fmt.Sprintf(`document.getElementById("source").value === %q && `, edited)+passShown, 60*time.Second)
	if r := b.rank(other); r != rank {
		t.Errorf("the full link shows RANK %s, want %s", r, rank)
	}
	if eval[bool](b, other, `document.getElementById("link-banner").hidden`) {
		t.Error("a link opened without saying that it is not saved")
	}
	b.shot(other, "4-from-link")

	// Several files with .include between them.
	eval[bool](b, ctx, `window.prompt = () => "keys.inc", true`)
	eval[bool](b, ctx, `document.getElementById("new-file").click(), true`)
	b.wait(ctx, "the new file open", `document.querySelector('#files button[aria-selected="true"]').textContent === "keys.inc"`, 10*time.Second)
	b.do(ctx, chromedp.Focus(chromedp.CSS("#source")), chromedp.KeyEvent("\tbogus_in_include"))
	b.selectOption(ctx, "task", "cham64-128")
	eval[bool](b, ctx, fmt.Sprintf(`[...document.querySelectorAll("#files button")].find(x => x.textContent === %q).click(), true`, example+".S"))
	b.typeAt(ctx, 1, "\r.include \"keys.inc\"")
	b.wait(ctx, "the error inside the include", `document.getElementById("problems").textContent.includes("keys.inc:1:")`, 30*time.Second)
	eval[bool](b, ctx, `[...document.querySelectorAll("#files button")].find(x => x.textContent === "keys.inc").click(), true`)
	b.typeAt(ctx, 1, "\b\b\b\b\b\b\b\b\b\b\b\b\b\b\b\b\b; round-key notes")
	b.wait(ctx, "PASS with the include", passShown+" && "+idle, 30*time.Second)
	withInclude := eval[string](b, ctx, `JSON.stringify([...document.querySelectorAll("#files button")].map(x => x.textContent))`)

	// Reload: the workspace (both files, the edits) is intact.
	b.wait(ctx, "the workspace saved", `document.getElementById("save-state").textContent === "saved"`, 10*time.Second)
	b.do(ctx, chromedp.Reload())
	b.wait(ctx, "RANK after reload", rankShown, 60*time.Second)
	if got := eval[string](b, ctx, `JSON.stringify([...document.querySelectorAll("#files button")].map(x => x.textContent))`); got != withInclude {
		t.Errorf("files after reload %s, want %s", got, withInclude)
	}
	if s := b.source(ctx); s != "; round-key notes" {
		t.Errorf("keys.inc after reload = %q", s)
	}
	eval[bool](b, ctx, fmt.Sprintf(`[...document.querySelectorAll("#files button")].find(x => x.textContent === %q).click(), true`, example+".S"))
	if s := b.source(ctx); !strings.Contains(s, ".include \"keys.inc\"") || !strings.Contains(s, " edited") {
		t.Errorf("the main file lost its edits across the reload")
	}
	b.wait(ctx, "PASS after reload", passShown+" && "+idle, 30*time.Second)

	// A shared link never overwrites saved work without asking: open a link to a different example.s
	// text in the same profile, keep it, refuse the replacement: both versions exist.
	eval[bool](b, other, `document.getElementById("share").click(), true`)
	b.wait(other, "a share link from the other context", `document.getElementById("share-url").value.includes("code=")`, 10*time.Second)
	otherLink := eval[string](b, other, `document.getElementById("share-url").value`)
	b.do(ctx, chromedp.Navigate(otherLink))
	b.wait(ctx, "the link opened", `!document.getElementById("link-banner").hidden && `+passShown, 60*time.Second)
	eval[bool](b, ctx, `window.confirm = () => false, true`)
	eval[bool](b, ctx, `document.getElementById("keep-link").click(), true`)
	b.wait(ctx, "the link kept under a new name", `[...document.querySelectorAll("#files button")].some(x => x.textContent === "`+example+`-2.S")`, 10*time.Second)
	eval[bool](b, ctx, fmt.Sprintf(`[...document.querySelectorAll("#files button")].find(x => x.textContent === %q).click(), true`, example+".S"))
	if s := b.source(ctx); !strings.Contains(s, ".include \"keys.inc\"") {
		t.Errorf("keeping a link replaced saved work without asking")
	}

	// Keyboard: Tab and Shift+Tab indent the selected lines, Ctrl+Enter runs with live mode off, Ctrl+S
	// saves; the .hex button downloads the assembled program.
	eval[bool](b, ctx, `window.prompt = () => "keys.S", true`)
	eval[bool](b, ctx, `document.getElementById("new-file").click(), true`)
	b.wait(ctx, "keys.S open", `document.querySelector('#files button[aria-selected="true"]').textContent === "keys.S"`, 10*time.Second)
	b.selectOption(ctx, "task", "") // no task named in the source: the program runs from reset
	b.do(ctx, chromedp.Focus(chromedp.CSS("#source")), chromedp.KeyEvent("ldi r16, 1\rsleep"))
	eval[bool](b, ctx, `document.getElementById("source").setSelectionRange(0, 12), true`)
	b.do(ctx, chromedp.KeyEvent(kb.Tab))
	if s := b.source(ctx); s != "\tldi r16, 1\n\tsleep" {
		t.Errorf("Tab over two lines gave %q", s)
	}
	b.do(ctx, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(kb.ModifierShift)))
	if s := b.source(ctx); s != "ldi r16, 1\nsleep" {
		t.Errorf("Shift+Tab over two lines gave %q", s)
	}
	b.wait(ctx, "the run of keys.S", `document.getElementById("verdict").textContent.startsWith("RAN") && `+idle, 30*time.Second)
	eval[bool](b, ctx, `document.getElementById("live").click(), true`)
	b.typeAt(ctx, 1, "7")
	time.Sleep(300 * time.Millisecond)
	if eval[bool](b, ctx, idle) {
		t.Error("an edit ran with live mode off")
	}
	b.do(ctx, chromedp.KeyEvent("\r", chromedp.KeyModifiers(kb.ModifierCtrl)))
	b.wait(ctx, "the run after Ctrl+Enter", idle, 30*time.Second)
	if r16 := eval[string](b, ctx, `document.querySelector("#run-out pre").textContent`); !strings.Contains(r16, "r16=11") {
		t.Errorf("ldi r16, 17 ran to %q, want r16=11", r16)
	}
	eval[bool](b, ctx, `document.getElementById("live").click(), true`)
	b.do(ctx, chromedp.KeyEvent("s", chromedp.KeyModifiers(kb.ModifierCtrl)))
	b.wait(ctx, "saved after Ctrl+S", `document.getElementById("save-state").textContent === "saved"`, 10*time.Second)
	eval[bool](b, ctx, `(() => { window.__blobs = []; const orig = URL.createObjectURL;
		URL.createObjectURL = (b) => { window.__blobs.push(b); return orig(b); }; return true; })()`)
	eval[bool](b, ctx, `document.getElementById("download-hex").click(), true`)
	b.wait(ctx, "the .hex download", `window.__blobs.length === 1`, 10*time.Second)
	// LDI r16, 17 is 0xE101 (1110 KKKK dddd KKKK), SLEEP 0x9588; checksum 0x100 - (4+0x01+0xE1+0x88+0x95)&0xFF.
	if hex := eval[string](b, ctx, `window.__blobs[0].text()`); hex != ":0400000001E18895FD\r\n:00000001FF\r\n" {
		t.Errorf(".hex download: %q", hex)
	}

	// Rename, then delete, through the workspace.
	eval[bool](b, ctx, `window.prompt = () => "prog.S", true`)
	eval[bool](b, ctx, `document.getElementById("rename-file").click(), true`)
	b.wait(ctx, "the renamed file", `document.querySelector('#files button[aria-selected="true"]').textContent === "prog.S"`, 10*time.Second)
	eval[bool](b, ctx, `window.confirm = () => true, true`)
	eval[bool](b, ctx, `document.getElementById("delete-file").click(), true`)
	b.wait(ctx, "the deleted file gone", `![...document.querySelectorAll("#files button")].some(x => x.textContent === "prog.S" || x.textContent === "keys.S")`, 10*time.Second)
	filesNow := eval[string](b, ctx, `JSON.stringify([...document.querySelectorAll("#files button")].map(x => x.textContent))`)

	// Hostile text: a file name and a source holding markup stay text everywhere.
	eval[bool](b, ctx, `window.prompt = () => "<img src=x onerror=window.__xss=1>.S", true`)
	eval[bool](b, ctx, `document.getElementById("new-file").click(), true`)
	b.wait(ctx, "the hostile file open", `document.querySelector('#files button[aria-selected="true"]').textContent.startsWith("<img")`, 10*time.Second)
	b.do(ctx, chromedp.Focus(chromedp.CSS("#source")), chromedp.KeyEvent(
		"<script>window.__xss=2</script>\r<img src=x onerror=window.__xss=3>\r.include \"<img src=x onerror=window.__xss=4>.inc\"\r"))
	b.wait(ctx, "errors for the hostile source", `document.getElementById("problems").textContent.includes("<img")`, 30*time.Second)
	time.Sleep(300 * time.Millisecond) // let highlighting land
	b.noInjection(ctx)
	if !eval[bool](b, ctx, `document.getElementById("hl").textContent.includes("<script>window.__xss=2</script>")`) {
		t.Error("the highlighted layer does not show the source as text")
	}
	b.shot(ctx, "5-hostile-text")
	eval[bool](b, ctx, `document.getElementById("share").click(), true`)
	b.wait(ctx, "the hostile share link", `document.getElementById("share-url").value.includes("code=")`, 10*time.Second)
	hostile := b.tab(true)
	b.do(hostile, chromedp.Navigate(eval[string](b, ctx, `document.getElementById("share-url").value`)))
	b.wait(hostile, "the hostile link opened", `document.getElementById("source").value.includes("<script>") && document.getElementById("problems").textContent.includes("<img")`, 60*time.Second)
	time.Sleep(300 * time.Millisecond)
	b.noInjection(hostile)

	// A runaway program: the cycle limit ends it with a message, and the page keeps answering.
	eval[bool](b, ctx, `window.prompt = () => "loop.S", true`)
	eval[bool](b, ctx, `document.getElementById("new-file").click(), true`)
	b.wait(ctx, "loop.S open", `document.querySelector('#files button[aria-selected="true"]').textContent === "loop.S"`, 10*time.Second)
	b.do(ctx, chromedp.Focus(chromedp.CSS("#source")), chromedp.KeyEvent("; avrlab task: cham64-128\rcham64_128_encrypt:\r\trjmp cham64_128_encrypt\r"))
	b.wait(ctx, "the cycle-limit message", failShown+` && document.getElementById("message").textContent.includes("cycles")`, 60*time.Second)
	t.Logf("runaway program: %s", eval[string](b, ctx, `document.getElementById("message").textContent`))
	b.shot(ctx, "6-runaway")

	// With a huge cycle limit the run goes on: the page still answers, and Stop ends it.
	b.do(ctx, chromedp.Navigate(base+"?cycles=4000000000"))
	b.wait(ctx, "the long run", `!document.getElementById("stop").disabled`, 60*time.Second)
	eval[bool](b, ctx, `[...document.querySelectorAll("#files button")].find(x => x.textContent === "loop.S").click(), true`)
	b.wait(ctx, "the long run on loop.S", `!document.getElementById("stop").disabled && document.getElementById("status").textContent !== "ready"`, 30*time.Second)
	time.Sleep(500 * time.Millisecond)
	start := time.Now()
	b.typeAt(ctx, 1, " ; typed while it runs")
	if !strings.Contains(b.source(ctx), "typed while it runs") {
		t.Error("typing did not reach the editor while the engine was busy")
	}
	t.Logf("typing 22 keys while the engine runs took %v (CDP round trips included)", time.Since(start).Round(time.Millisecond))
	if eval[bool](b, ctx, `document.getElementById("stop").disabled`) {
		t.Fatal("the run ended before Stop could be tested")
	}
	eval[bool](b, ctx, `document.getElementById("stop").click(), true`)
	b.wait(ctx, "stopped", `document.getElementById("verdict").textContent === "STOPPED" && document.getElementById("stop").disabled`, 10*time.Second)
	// The fresh engine works: back to the example.
	eval[bool](b, ctx, fmt.Sprintf(`[...document.querySelectorAll("#files button")].find(x => x.textContent === %q).click(), true`, example+".S"))
	eval[bool](b, ctx, `document.getElementById("run").click(), true`)
	b.wait(ctx, "PASS from the restarted engine", passShown+" && "+idle, 30*time.Second)

	// Tablet width.
	b.do(ctx, chromedp.EmulateViewport(820, 1180))
	b.shot(ctx, "7-tablet-820")

	// Navigation → first RANK on a warm profile (workspace present) and a fresh one.
	for _, fresh := range []bool{false, true} {
		var ms []float64
		for i := 0; i < 5; i++ {
			c := b.tab(fresh)
			b.do(c, chromedp.Navigate(base))
			b.wait(c, "the first RANK", `avrlabTimings.firstRank !== undefined`, 60*time.Second)
			if !fresh && i == 0 {
				// Another tab of the same profile sees the renames, deletions and new files.
				b.wait(c, "the workspace in another tab", `avrlabTimings.workspaceOpen !== undefined`, 10*time.Second)
				got := eval[string](b, c, `JSON.stringify([...document.querySelectorAll("#files button")].map(x => x.textContent).filter(n => !n.startsWith("<img") && n !== "loop.S"))`)
				if got != filesNow {
					t.Errorf("files in a new tab %s, want %s", got, filesNow)
				}
			}
			ms = append(ms, eval[float64](b, c, `avrlabTimings.firstRank`))
			chromedp.Cancel(c)
		}
		sort.Float64s(ms)
		t.Logf("navigation → first RANK (fresh profile %v): median %.0f ms of %v", fresh, ms[len(ms)/2], ms)
	}
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
