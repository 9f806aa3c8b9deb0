//go:build js && wasm

package translate

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/isa"
)

// These tests run on the page's runtime (Browser: the JavaScript engine's WebAssembly API, the
// modules on the Go program's own memory), under Node through TestBrowserRuntimeNode
// (node_test.go), which hands the memory over as the page does.

// browserState is what a machine on the browser runtime must agree on with the interpreter, field by
// field: the stop (and a fault's kind, PC, cycle, address), PC, cycles, SREG, SP, the stack's low
// mark, the output's cut, the trace hash, r0..r31, the data space to RAMEND, the output and the
// access record.
func browserState(m *emu.Machine, s emu.Stop) [][]byte {
	head := fmt.Sprintf("stop %v pc %#x cycles %d sreg %#02x sp %#x low %#x cut %v hash %#x", s, m.PC(),
		m.Cycles(), m.SREG(), m.SP(), m.StackLow(), m.OutputCut(), m.TraceHash())
	if s.Fault != nil {
		head += fmt.Sprintf(" fault %v %d %d %d", s.Fault.Kind, s.Fault.PC, s.Fault.Cycle, s.Fault.Addr)
	}
	regs := make([]byte, 32)
	for r := range regs {
		regs[r] = m.Reg(r)
	}
	a := m.Access()
	return [][]byte{[]byte(head), regs, m.Data(0, int(m.Device().RAMEND())+1), m.Output(),
		bools(a.Executed), bools(a.FlashRead), a.Data}
}

// browserFields names browserState's fields.
var browserFields = []string{"state", "registers", "data", "output", "executed", "flash read", "data seen"}

// bools returns v as bytes, 1 for true.
func bools(v []bool) []byte {
	b := make([]byte, len(v))
	for i, x := range v {
		if x {
			b[i] = 1
		}
	}
	return b
}

// firstDiff names the first field where got and want differ, with the first byte that does, or "".
func firstDiff(got, want [][]byte) string {
	for f := range want {
		g, w := got[f], want[f]
		if bytes.Equal(g, w) {
			continue
		}
		if f == 0 {
			return fmt.Sprintf("%s vs interpreted %s", g, w)
		}
		i := 0
		for i < len(g) && i < len(w) && g[i] == w[i] {
			i++
		}
		return fmt.Sprintf("%s differ from byte %#x (%d and %d bytes): % x vs interpreted % x", browserFields[f], i,
			len(g), len(w), g[i:min(len(g), i+8)], w[i:min(len(w), i+8)])
	}
	return ""
}

// runBoth runs flash on dev interpreted and on eng with the access record, as Runs to each of
// limits in turn, and reports the first state that differs, with the cycles eng ran translated.
func runBoth(t *testing.T, eng *Engine, dev *isa.Device, flash []byte, limits ...uint64) (string, uint64) {
	t.Helper()
	c0 := eng.Stats().Cycles
	ref := emu.New(dev, flash, emu.Config{Access: true})
	m := emu.New(dev, flash, emu.Config{Access: true, Engine: eng})
	for _, l := range limits {
		want, got := browserState(ref, ref.Run(l)), browserState(m, m.Run(l))
		if d := firstDiff(got, want); d != "" {
			return fmt.Sprintf("at limit %d: %s", l, d), eng.Stats().Cycles - c0
		}
	}
	return "", eng.Stats().Cycles - c0
}

// browserPrograms are programs that take the translated code's main paths: a load/store loop over
// SRAM (the mix), calls, pushes and a RET to a computed address, LPM over a table, an
// access outside SRAM (a side exit) and stores into the stack's page, each ending with BREAK.
var browserPrograms = map[string]string{
	"mix": `
	ldi r16, 0xff
	out 0x3d, r16
	ldi r16, 0x10
	out 0x3e, r16
	ldi r24, 40
outer:
	ldi r26, 0x00
	ldi r27, 0x01
	ldi r28, 0x00
	ldi r29, 0x02
	ldi r20, 16
inner:
	ld r0, X+
	ld r1, X+
	add r4, r0
	adc r5, r1
	lsl r4
	rol r5
	eor r8, r4
	st Y+, r8
	st Y+, r5
	subi r18, 1
	sbci r19, 0
	dec r20
	brne inner
	dec r24
	brne outer
	break
`,
	"calls": `
	ldi r16, 0xff
	out 0x3d, r16
	ldi r16, 0x10
	out 0x3e, r16
	ldi r24, lo8(2000)
	ldi r25, hi8(2000)
1:	rcall f
	push r20
	pop r21
	ldi r30, lo8(pm(g))
	ldi r31, hi8(pm(g))
	icall
	mov r20, r24
	sbiw r24, 1
	brne 1b
	break
f:	push r17
	inc r17
	mul r17, r20
	pop r17
	ret
g:	sbrc r0, 0
	inc r2
	ret
`,
	"lpm-io": `
	ldi r16, 0xff
	out 0x3d, r16
	ldi r16, 0x10
	out 0x3e, r16
	ldi r20, 200
1:	ldi r30, lo8(table)
	ldi r31, hi8(table)
	lpm r0, Z+
	lpm r1, Z+
	add r2, r0
	sts 0x0100, r2
	in r3, 0x3d
	ldi r26, 0x3e
	ldi r27, 0x00
	ld r4, X
	ldi r28, 0xfe
	ldi r29, 0x10
	std Y+0, r1
	ld r5, Y+
	ld r6, Y+
	dec r20
	brne 1b
	break
table:
	.byte 3, 1, 4, 1, 5, 9, 2, 6
`,
}

// TestBrowserDiff runs browserPrograms and random flash images on the browser runtime's page
// engine (translate.NewPage: from the first Run, and after a wait of 1024 cycles, in the middle of
// a run) and a long loop on the page's own rule (BrowserHot), and interpreted: every stop has the
// same state, fault and access record.
func TestBrowserDiff(t *testing.T) {
	b, err := NewBrowser()
	if err != nil {
		t.Fatal(err)
	}
	engines := map[string]*Engine{"eager": NewPage(b, 0), "after 1024 cycles": NewPage(b, 1024)}
	dev := isa.LookupDevice(isa.DefaultDevice)
	for name, src := range browserPrograms {
		im, err := asm.Assemble(name+".S", []byte(src), asm.Config{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for en, eng := range engines {
			d, ran := runBoth(t, eng, im.Device, im.Flash, 1000, 1001, 3000, 40000, 1<<24)
			if d != "" {
				t.Errorf("%s on %s: %s", name, en, d)
			}
			if ran == 0 {
				t.Errorf("%s on %s: nothing ran translated", name, en)
			}
		}
	}
	r := rand.New(rand.NewPCG(23, 5))
	devices := isa.DeviceNames()
	for i := 0; i < 150; i++ {
		d := dev
		if i%3 == 2 {
			d = isa.LookupDevice(devices[r.IntN(len(devices))])
		}
		flash := make([]byte, 64+r.IntN(512))
		for k := range flash {
			flash[k] = byte(r.Uint32())
		}
		for en, eng := range engines {
			if diff, _ := runBoth(t, eng, d, flash, 1500, 3000); diff != "" {
				t.Errorf("random image %d on %s, %s: %s\n% x", i, d.Name, en, diff, flash)
			}
		}
	}
	// The page's own rule (NewBrowserEngine: BrowserHot, a run from reset translated after
	// BrowserRunHot cycles) on the loop run long enough to get hot, in one Run and in bench.html's.
	page := NewPage(b, BrowserHot)
	src := strings.Replace(browserPrograms["mix"], "ldi r24, 40", "ldi r24, 250", 1)
	im, err := asm.Assemble("mix-long.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, limits := range [][]uint64{{1 << 24}, {1 << 16, 1 << 17, 1 << 18, 1 << 24}} {
		d, ran := runBoth(t, page, im.Device, im.Flash, limits...)
		if d != "" || ran == 0 {
			t.Errorf("the long loop on the page's engine, Runs to %v: %d cycles translated; %s", limits, ran, d)
		}
	}
	engines["page"] = page
	for en, eng := range engines {
		t.Logf("%s: %+v", en, eng.Stats())
	}
}

// BenchmarkBrowserMix runs browserPrograms' load/store loop 60,000 times (17.8M cycles; the mix, shorter)
// on the browser runtime's page engine from the first Run, and interpreted, on one engine whose
// module stays compiled: the MHz of each in the same run, whose ratio is the figure (under Node:
// GOOS=js GOARCH=wasm go test -c, then testdata/node_browser.js with -test.bench BrowserMix).
func BenchmarkBrowserMix(b *testing.B) {
	src := strings.Replace(browserPrograms["mix"], "ldi r24, 40", "ldi r24, lo8(60000)\n\tldi r25, hi8(60000)", 1)
	src = strings.Replace(src, "dec r24\n\tbrne outer", "sbiw r24, 1\n\tbrne outer", 1)
	im, err := asm.Assemble("mix.S", []byte(src), asm.Config{})
	if err != nil {
		b.Fatal(err)
	}
	rt, err := NewBrowser()
	if err != nil {
		b.Fatal(err)
	}
	engines := []struct {
		name string
		eng  emu.Engine
	}{{"interpreted", nil}, {"translated", NewPage(rt, 0)}}
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			var cycles uint64
			for b.Loop() {
				b.StopTimer() // a machine's set-up (its flash, the predecoded program) is not the run
				m := emu.New(im.Device, im.Flash, emu.Config{Engine: e.eng})
				b.StartTimer()
				if s := m.Run(1 << 30); s.Reason != emu.StopBreak {
					b.Fatalf("stopped: %v", s)
				}
				cycles += m.Cycles()
			}
			b.ReportMetric(float64(cycles)/b.Elapsed().Seconds()/1e6, "MHz")
		})
	}
}
