//go:build !js

package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
	"github.com/chromedp/chromedp"
)

// TestBenchPage runs a load/store loop of about 50M cycles through site/bench.html?hex=URL, translated and
// with &interp=1, in headless Chromium: both publish window.benchResult with the cycles and r16..r31 that
// the native interpreter (lab.Run) gives, and the test logs the emulated MHz of each.
func TestBenchPage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test")
	}
	src := `
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
	im, err := asm.Assemble("bench.S", []byte(src), asm.Config{})
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
