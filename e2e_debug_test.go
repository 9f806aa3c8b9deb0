//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// dbgProgram runs from reset: a loop calling a subroutine (lines 7-10 and 13-16).
const dbgProgram = "\tldi r16, 0x10\n\tout 0x3e, r16\n\tldi r16, 0xff\n\tout 0x3d, r16\n\tldi r18, 6\n\tldi r22, 0x35\nloop:\n\trcall mix\n\tdec r18\n\tbrne loop\n\tsleep\nmix:\n\teor r20, r22\n\tadd r21, r20\n\tlsl r22\n\tadc r22, r1\n\tret\n"

type dbgShown struct {
	PC, Cycles, Regs, Status string
}

func (b *browser) dbgState(ctx context.Context) dbgShown {
	b.t.Helper()
	var s dbgShown
	if err := json.Unmarshal([]byte(eval[string](b, ctx, `JSON.stringify({PC: document.getElementById("dbg-pc").textContent,
		Cycles: document.getElementById("dbg-cycles").textContent, Regs: document.getElementById("dbg-regs").textContent,
		Status: document.getElementById("dbg-status").textContent})`)), &s); err != nil {
		b.t.Fatal(err)
	}
	return s
}

// dbgClick presses a debugger button and waits for the answer.
func (b *browser) dbgClick(ctx context.Context, id string) dbgShown {
	b.t.Helper()
	n := eval[int](b, ctx, `avrlabTimings.debugAnswers || 0`)
	eval[bool](b, ctx, fmt.Sprintf(`document.getElementById(%q).click(), true`, id))
	b.wait(ctx, "the debugger's answer to "+id, fmt.Sprintf(`(avrlabTimings.debugAnswers || 0) > %d`, n), 30*time.Second)
	return b.dbgState(ctx)
}

var regRe = regexp.MustCompile(`r(\d+)=([0-9A-F]{2})`)

func regsOf(t *testing.T, text string) [32]uint8 {
	t.Helper()
	var r [32]uint8
	m := regRe.FindAllStringSubmatch(text, -1)
	if len(m) != 32 {
		t.Fatalf("#dbg-regs shows %d registers: %q", len(m), text)
	}
	for _, x := range m {
		i, _ := strconv.Atoi(x[1])
		v, _ := strconv.ParseUint(x[2], 16, 8)
		r[i] = uint8(v)
	}
	return r
}

// avrlabRun runs `avrlab run -json -max-cycles N` on a source.
func avrlabRun(t *testing.T, src string, maxCycles string) map[string]any {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, "prog.S")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./cmd/avrlab", "run", "-json", "-max-cycles", maxCycles, p)
	cmd.Env = append(os.Environ(), "AVRLAB_CACHE=off") // not the user's compilation cache
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("avrlab run: %v", err)
	}
	var v map[string]any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("avrlab run -json: %v: %s", err, out)
	}
	return v
}

// TestPlaygroundDebugger steps a program from reset and compares with `avrlab run -max-cycles`, steps
// back, stops at a breakpoint set in the gutter, times a reverse step 100,000 cycles into a run, and
// debugs the task's call of the CHAM example on the official vector.
func TestPlaygroundDebugger(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK", rankShown+" && "+idle, 60*time.Second)

	newFile(b, ctx, "dbg.S")
	setText(b, ctx, dbgProgram)
	b.wait(ctx, "the program run", `document.getElementById("verdict").textContent.startsWith("RAN") && `+idle, 30*time.Second)
	st := b.dbgClick(ctx, "dbg-start")
	if st.PC != "0x0000" || st.Cycles != "0" {
		t.Fatalf("debugger at start: %+v", st)
	}

	// After N steps the registers and cycles are those of avrlab run -max-cycles at that cycle.
	var hist []dbgShown
	for i := 0; i < 23; i++ {
		hist = append(hist, b.dbgClick(ctx, "dbg-step"))
	}
	last := hist[len(hist)-1]
	run := avrlabRun(t, dbgProgram, last.Cycles)
	want := [32]uint8{}
	for i, v := range run["r"].([]any) {
		want[i] = uint8(v.(float64))
	}
	if got := regsOf(t, last.Regs); got != want || fmt.Sprint(run["cycles"]) != last.Cycles || fmt.Sprintf("0x%04X", int(run["pc"].(float64))*2) != last.PC {
		t.Errorf("after 23 steps: page regs %v cycles %s pc %s; avrlab run -max-cycles %s: regs %v cycles %v pc %v", got, last.Cycles, last.PC, last.Cycles, want, run["cycles"], run["pc"])
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#deco .pc").length`); n != 1 {
		t.Errorf("%d current-line marks, want 1", n)
	}
	b.shot(ctx, "d1-stepped")

	// Reverse step restores the previous registers and cycles, twice.
	for k := 2; k <= 3; k++ {
		back := b.dbgClick(ctx, "dbg-back")
		w := hist[len(hist)-k]
		if back.Regs != w.Regs || back.Cycles != w.Cycles || back.PC != w.PC {
			t.Errorf("reverse step %d: %+v, want %+v", k-1, back, w)
		}
	}

	// A breakpoint set by clicking the gutter stops at its line.
	line := 15 // "lsl r22"
	eval[bool](b, ctx, fmt.Sprintf(`document.getElementById("gutter").children[%d].click(), true`, line-1))
	if !eval[bool](b, ctx, fmt.Sprintf(`document.getElementById("gutter").children[%d].classList.contains("bp")`, line-1)) {
		t.Error("the gutter does not show the breakpoint")
	}
	hit := b.dbgClick(ctx, "dbg-continue")
	if at := eval[string](b, ctx, `document.querySelector("#deco .pc").dataset.line`); at != strconv.Itoa(line) || !strings.Contains(hit.Status, "at a breakpoint") || !strings.Contains(hit.Status, "dbg.S:15") {
		t.Errorf("continue to the breakpoint on line %d: marked line %s, status %q", line, at, hit.Status)
	}
	next := b.dbgClick(ctx, "dbg-continue")
	if next.Cycles == hit.Cycles || !strings.Contains(next.Status, "dbg.S:15") {
		t.Errorf("the next pass: %+v", next)
	}
	prevHit := b.dbgClick(ctx, "dbg-back-continue")
	if prevHit.Cycles != hit.Cycles || prevHit.Regs != hit.Regs {
		t.Errorf("reverse continue: %s cycles, want the previous hit's %s", prevHit.Cycles, hit.Cycles)
	}
	b.shot(ctx, "d2-breakpoint")
	eval[bool](b, ctx, fmt.Sprintf(`document.getElementById("gutter").children[%d].click(), true`, line-1))

	// Over, Out and To cursor, from reset again. Cycles from the AVR Instruction Set Manual
	// (ATmega128): rcall 3, ret 4, eor, add, lsl and adc 1 each.
	if st := b.dbgClick(ctx, "dbg-restart"); st.Cycles != "0" || st.PC != "0x0000" {
		t.Fatalf("restart: %+v", st)
	}
	pcLine := func() string { return eval[string](b, ctx, `document.querySelector("#deco .pc").dataset.line`) }
	cyc := func(s dbgShown) int { n, _ := strconv.Atoi(s.Cycles); return n }
	var atCall dbgShown
	for i := 0; i < 6; i++ {
		atCall = b.dbgClick(ctx, "dbg-step")
	}
	if l := pcLine(); l != "8" {
		t.Fatalf("after the 6 set-up instructions the current line is %s, want 8 (rcall mix)", l)
	}
	over := b.dbgClick(ctx, "dbg-over")
	if l := pcLine(); l != "9" || cyc(over)-cyc(atCall) != 3+4+4 {
		t.Errorf("over rcall mix: line %s after %d cycles, want line 9 after 11 (rcall 3 + 4 one-cycle + ret 4)", l, cyc(over)-cyc(atCall))
	}
	// Reverse step undoes one instruction: the ret of mix (line 17), 4 cycles back. Out runs it again.
	if back := b.dbgClick(ctx, "dbg-back"); cyc(over)-cyc(back) != 4 || pcLine() != "17" {
		t.Errorf("reverse step after over: line %s, %d cycles back; want line 17 (ret), 4 cycles back", pcLine(), cyc(over)-cyc(back))
	}
	out := b.dbgClick(ctx, "dbg-out")
	if l := pcLine(); l != "9" || out.Cycles != over.Cycles || out.Regs != over.Regs {
		t.Errorf("out of mix: line %s, %+v; want line 9 and the state over gave, %+v", l, out, over)
	}
	// Into the next call of mix and out of it from its first line: dec 1, brne taken 2, rcall 3, then
	// the body and ret 8.
	b.dbgClick(ctx, "dbg-step")
	atCall = b.dbgClick(ctx, "dbg-step")
	if l := pcLine(); l != "8" || cyc(atCall)-cyc(out) != 1+2 {
		t.Fatalf("after dec and brne: line %s after %d cycles, want line 8 after 3", l, cyc(atCall)-cyc(out))
	}
	in := b.dbgClick(ctx, "dbg-step")
	if l := pcLine(); l != "13" || cyc(in)-cyc(atCall) != 3 {
		t.Errorf("step into mix: line %s after %d cycles, want line 13 after 3", l, cyc(in)-cyc(atCall))
	}
	if out := b.dbgClick(ctx, "dbg-out"); pcLine() != "9" || cyc(out)-cyc(in) != 4+4 {
		t.Errorf("out of mix from its first line: line %s after %d cycles, want line 9 after 8", pcLine(), cyc(out)-cyc(in))
	}
	// The caret on line 11 (sleep): the loop runs to its end, to the state avrlab run has at that cycle.
	eval[bool](b, ctx, `(() => { const ta = document.getElementById("source"); const p = ta.value.split("\n").slice(0, 10).join("\n").length + 1; ta.focus(); ta.setSelectionRange(p, p); return true; })()`)
	cur := b.dbgClick(ctx, "dbg-cursor")
	run = avrlabRun(t, dbgProgram, cur.Cycles)
	want = [32]uint8{}
	for i, v := range run["r"].([]any) {
		want[i] = uint8(v.(float64))
	}
	if l := pcLine(); l != "11" || regsOf(t, cur.Regs) != want || fmt.Sprintf("0x%04X", int(run["pc"].(float64))*2) != cur.PC {
		t.Errorf("to cursor (line 11): line %s, pc %s, regs %v; avrlab run -max-cycles %s: pc %v, regs %v", l, cur.PC, regsOf(t, cur.Regs), cur.Cycles, run["pc"], want)
	}
	if regsOf(t, cur.Regs)[18] != 0 {
		t.Errorf("to cursor stopped before the loop ended: r18 = %d", regsOf(t, cur.Regs)[18])
	}
	b.shot(ctx, "d2b-over-out-cursor")

	// A reverse step 100,000 cycles into a run.
	newFile(b, ctx, "long.S")
	setText(b, ctx, "\tclr r20\nl:\tinc r20\n\tbrne l\n\tinc r21\n\trjmp l\n")
	setField(b, ctx, "max-cycles", "100000")
	b.wait(ctx, "the long run measured", idle, 30*time.Second)
	if st := b.dbgClick(ctx, "dbg-start"); st.Cycles != "0" {
		t.Fatalf("the debugger on long.S: %+v", st)
	}
	end := b.dbgClick(ctx, "dbg-continue")
	if end.Cycles != "100000" && end.Cycles != "100001" {
		t.Fatalf("continue to the cycle limit: %+v", end)
	}
	var ms []float64
	for i := 0; i < 5; i++ {
		b.dbgClick(ctx, "dbg-back")
		ms = append(ms, eval[float64](b, ctx, `avrlabTimings.lastDebugMs`))
	}
	t.Logf("reverse step %s cycles into a run (page → engine worker → page): %v ms", end.Cycles, ms)
	setField(b, ctx, "max-cycles", "")

	// The task's call: the CHAM example on the official vector, to its return.
	clickFile(b, ctx, "cham64-v2.S")
	b.wait(ctx, "CHAM", passShown+" && "+idle, 30*time.Second)
	start := b.dbgClick(ctx, "dbg-start")
	if !strings.Contains(start.Status, "cham64_128_encrypt(block)") {
		t.Errorf("call mode: %q", start.Status)
	}
	cycles := eval[string](b, ctx, `document.getElementById("m-cycles").textContent`)
	ret := b.dbgClick(ctx, "dbg-continue")
	if ret.Cycles != cycles || !strings.Contains(ret.Status, "the call returned") || !strings.Contains(ret.Status, "(right)") {
		t.Errorf("the call: %+v, want %s cycles and the right output", ret, cycles)
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#dbg-mem .blk").length`); n < 2 {
		t.Errorf("%d memory blocks (block, round keys, stack), want at least 2", n)
	}
	b.shot(ctx, "d3-call")

	// Cycles per line for the same call: the lines add up to the call's cycles, the gutter is shaded,
	// and the listing shows the disassembly beside each source line.
	eval[bool](b, ctx, `document.getElementById("tab-cycles").click(), true`)
	b.wait(ctx, "the per-line cycles", `document.getElementById("prof-total") !== null && (avrlabTimings.profiles || 0) > 0`, 30*time.Second)
	total := eval[string](b, ctx, `document.getElementById("prof-total").textContent`)
	sum := eval[int](b, ctx, `[...document.querySelectorAll("#prof-lines tbody tr")].reduce((a, r) => a + Number(r.dataset.cycles), 0)`)
	if total != cycles || eval[string](b, ctx, `document.getElementById("prof-sum").textContent`) != cycles || strconv.Itoa(sum) != cycles {
		t.Errorf("per-line cycles: total %s, rows add up to %d, want both %s", total, sum, cycles)
	}
	if n := eval[int](b, ctx, `document.querySelectorAll("#gutter .heat").length`); n < 20 {
		t.Errorf("%d shaded gutter lines", n)
	}
	eval[bool](b, ctx, `document.getElementById("prof-listing").click(), true`)
	if got := eval[string](b, ctx, `[...document.querySelectorAll("#prof-lines tbody tr")].map(r => r.textContent).find(t => t.includes("movw")) || ""`); !strings.Contains(got, "movw\tr26, r24") {
		t.Errorf("listing row of movw r26, r24: %q", got)
	}
	b.shot(ctx, "d4-cycles-per-line")
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
