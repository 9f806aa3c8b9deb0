//go:build !js

package main

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPlaygroundMeasurement drives the page with a routine in another calling convention (its
// "; avrlab call:" line) and with a dropped avr-gcc ELF: both pass, with the measured figures the CLI
// gives, and the page says how flash and RAM are measured.
func TestPlaygroundMeasurement(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	src, err := os.ReadFile("lab/testdata/conv/cham64_dst_src_rk.S")
	if err != nil {
		t.Fatal(err)
	}
	elf, err := os.ReadFile("lab/testdata/speck64c.elf")
	if err != nil {
		t.Fatal(err)
	}
	base := serveStatic(t)
	b := newBrowser(t, base)
	ctx := b.tab(false)
	b.do(ctx, chromedp.Navigate(base))
	b.wait(ctx, "the first RANK", rankShown+" && "+idle, 60*time.Second)
	if help := eval[string](b, ctx, `document.getElementById("measure-help").textContent`); !strings.Contains(help, "Flash and RAM are measured") {
		t.Errorf("the page does not say how flash and RAM are measured: %q", help)
	}

	text, _ := json.Marshal(string(src))
	eval[bool](b, ctx, `(() => { const ta = document.getElementById("source"); ta.value = `+string(text)+`;
		ta.dispatchEvent(new Event("input")); return true; })()`)
	b.wait(ctx, "PASS for the (out, in, rk) routine", passShown+` && document.getElementById("m-flash").textContent === "118" && `+idle, 30*time.Second)
	if ram, title := eval[string](b, ctx, `document.getElementById("m-ram").textContent`),
		eval[string](b, ctx, `document.getElementById("m-ram").title`); ram != "35" || !strings.Contains(title, "cham64_encrypt(out, in, rk)") {
		t.Errorf("RAM %q (%q), want 35 with the call named", ram, title)
	}
	b.shot(ctx, "m1-call-line")

	// The run's seed is shown, and a Run draws a new one (the live runs keep it).
	seedText := `(document.getElementById("seed") || {}).textContent || ""`
	seed1 := eval[string](b, ctx, seedText)
	q, _ := json.Marshal(seed1)
	eval[bool](b, ctx, `document.getElementById("run").click(), true`)
	b.wait(ctx, "a Run with a new seed", seedText+` !== `+string(q)+` && `+passShown+` && `+idle, 30*time.Second)
	seedLine := regexp.MustCompile(`^Seed \d+: the random vectors, constant-time inputs and planted registers`)
	if seed2 := eval[string](b, ctx, seedText); !seedLine.MatchString(seed1) || !seedLine.MatchString(seed2) {
		t.Errorf("seed lines %q, %q", seed1, seed2)
	}

	b.selectOption(ctx, "task", "speck64-128")
	eval[bool](b, ctx, `(() => {
		const bin = atob("`+base64.StdEncoding.EncodeToString(elf)+`");
		const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
		const dt = new DataTransfer();
		dt.items.add(new File([bytes], "speck64c.elf"));
		document.getElementById("editor").dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
		return true; })()`)
	b.wait(ctx, "PASS for the dropped ELF", passShown+` && document.getElementById("task-name").textContent.includes("speck64c.elf") && `+idle, 30*time.Second)
	if flash := eval[string](b, ctx, `document.getElementById("m-flash").textContent`); flash != "166" {
		t.Errorf("flash of the ELF's routine %q, want 166 (speck64_128_encrypt alone)", flash)
	}
	b.shot(ctx, "m2-dropped-elf")
	for _, e := range *b.errsOut {
		t.Errorf("page error: %s", e)
	}
}
