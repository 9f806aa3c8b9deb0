//go:build !js

package benchrun

import (
	"bytes"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
	"github.com/avrlab/avrlab/isa"
)

// mix is the load/store ARX loop over SRAM, a few passes.
const mix = `
        ldi r16, 0xff
        out 0x3d, r16
        ldi r16, 0x10
        out 0x3e, r16
        clr r16
        ldi r17, 0x5a
        ldi r24, 40
        ldi r25, 0
outer:  ldi r26, 0x00
        ldi r27, 0x01
        ldi r28, 0x00
        ldi r29, 0x02
        ldi r20, 16
inner:  ld r0, X+
        ld r1, X+
        add r4, r0
        adc r5, r1
        lsl r4
        rol r5
        adc r4, r16
        eor r8, r4
        eor r9, r17
        st Y+, r8
        st Y+, r9
        subi r18, 1
        sbci r19, 0
        inc r17
        dec r20
        brne inner
        sbiw r24, 1
        brne outer
        break
`

// TestRunBothWays: the HEX runs to its BREAK with the same cycles and r16..r31 interpreted and
// translated. Cycles from the manual: setup 8; an inner pass 21 (LD X+ and ST Y+ 2 each, BRNE
// taken 2), the last one less BRNE's taken cycle; an outer pass 5 LDI + 16 inner passes + SBIW 2 +
// BRNE 2, the last one less its taken cycle; BREAK 1.
func TestRunBothWays(t *testing.T) {
	im, err := asm.Assemble("mix.S", []byte(mix), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var hex bytes.Buffer
	if err := ihex.Write(&hex, im.Flash, im.Emitted); err != nil {
		t.Fatal(err)
	}
	req := Request{Name: "mix", Hex: hex.String()}
	a := Run(req, nil)
	b := Run(req, translate.New(translate.NewWazero(), 0))
	const want = 8 + 40*(5+16*21-1+4) - 1 + 1
	if a.Error != "" || b.Error != "" || a.Stop != "break" || a.Cycles != want {
		t.Fatalf("interpreted %+v, translated %+v, want %d cycles", a, b, want)
	}
	if a.Cycles != b.Cycles || a.Regs != b.Regs || a.Stop != b.Stop || b.Engine != "translated" || a.Engine != "interpreted" {
		t.Errorf("interpreted %+v\ntranslated %+v", a, b)
	}
	if len(a.Regs) != 16*3-1 || a.Regs[:2] != "00" {
		t.Errorf("regs %q", a.Regs)
	}
	// A gap runs as nop (0x0000), as in the image the native tools load: ldi r16, 0x12 at 0, a
	// one-word gap, then inc r16 and break at 4 (4 cycles, r16 = 0x13).
	gap := Run(Request{Hex: ":0200000002E11B\n:040004000395989533\n:00000001FF\n"}, nil)
	if gap.Error != "" || gap.Stop != "break" || gap.Cycles != 4 || gap.Regs[:2] != "13" {
		t.Errorf("a HEX with a gap: %+v", gap)
	}
	for _, bad := range []Request{{Hex: ":00000001FE\n", Device: "z80"}, {Hex: "nonsense"}, {Hex: ":020000020000FC\n:00000001FF\n" + string(make([]byte, MaxHexBytes))}} {
		if r := Run(bad, nil); r.Error == "" {
			t.Errorf("%.40q: no error", bad.Hex)
		}
	}
}

// TestRunChunked: Run's series of growing Runs ends where one Run to the same limit ends, on a
// program that never stops (limits inside and at the end of a chunk, past several chunks, and
// below the first), interpreted and translated, and on one that stops (BREAK) inside a chunk.
func TestRunChunked(t *testing.T) {
	// An endless loop of 1- and 2-cycle instructions (so a Run can end one cycle past its limit).
	im, err := asm.Assemble("loop.S", []byte("loop: inc r16\n adiw r24, 1\n rjmp loop\n"), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var hex bytes.Buffer
	if err := ihex.Write(&hex, im.Flash, im.Emitted); err != nil {
		t.Fatal(err)
	}
	dev := isa.LookupDevice(isa.DefaultDevice)
	for _, limit := range []uint64{1000, FirstChunk, FirstChunk + 1, 3*FirstChunk + 7, 40*FirstChunk + 3} {
		m := emu.New(dev, im.Flash, emu.Config{})
		s := m.Run(limit)
		var want bytes.Buffer
		for r := 16; r < 32; r++ {
			if r > 16 {
				want.WriteByte(' ')
			}
			want.WriteString(hexByte(m.Reg(r)))
		}
		for _, eng := range []emu.Engine{nil, translate.New(translate.NewWazero(), 0)} {
			got := Run(Request{Hex: hex.String(), MaxCycles: limit}, eng)
			if got.Error != "" || got.Cycles != m.Cycles() || got.Stop != s.String() || got.Regs != want.String() {
				t.Errorf("limit %d on %s: %+v; one Run: %d cycles, %s, regs %s", limit, got.Engine, got, m.Cycles(), s, want.String())
			}
		}
	}
	// The mix with 296 outer passes instead of 40 stops at its BREAK after 8+296*344 = 101,832
	// cycles (see TestRunBothWays), inside the second Run.
	im, err = asm.Assemble("mix.S", []byte(strings.Replace(mix, "ldi r25, 0", "ldi r25, 1", 1)), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	hex.Reset()
	if err := ihex.Write(&hex, im.Flash, im.Emitted); err != nil {
		t.Fatal(err)
	}
	m := emu.New(dev, im.Flash, emu.Config{})
	s := m.Run(DefaultMaxCycles)
	if got := Run(Request{Hex: hex.String()}, nil); got.Cycles != m.Cycles() || got.Stop != s.String() || s.String() != "break" || got.Cycles != 8+296*344 {
		t.Errorf("mix: %+v; one Run: %d cycles, %s", got, m.Cycles(), s)
	}
}

func hexByte(b byte) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[b>>4], digits[b&15]})
}

// TestWarmFlash: the warm-up's machine code is warmSrc as the assembler assembles it for the default
// device (the warm-ups run warmFlash, so that the worker does not run the assembler).
func TestWarmFlash(t *testing.T) {
	im, err := asm.Assemble("warm.S", []byte(warmSrc), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if im.Device.Name != isa.DefaultDevice || !bytes.Equal(im.Flash, []byte(warmFlash)) {
		t.Errorf("warmSrc assembles to %d bytes for %s:\n% x\nwarmFlash has %d:\n% x", len(im.Flash), im.Device.Name, im.Flash, len(warmFlash), warmFlash)
	}
}

// TestWarm: the warm-up program stops at its BREAK with the same cycles and r16..r31 interpreted and
// on the warm-up's engine (translate.NewPage with WarmHot, on wazero), which waited for the machine
// to get hot (the runner's paths before translating) and then ran most of its cycles translated (so
// the warm-up does run the translator and its code).
func TestWarm(t *testing.T) {
	a, err := Warm(nil)
	if err != nil {
		t.Fatal(err)
	}
	eng := translate.NewPage(translate.NewWazero(), WarmHot)
	b, err := Warm(eng)
	if err != nil {
		t.Fatal(err)
	}
	if a.Cycles != b.Cycles || a.Regs != b.Regs || a.Stop != b.Stop || a.Stop != "break" || a.Cycles < 10_000 || a.Cycles >= WarmCycles {
		t.Errorf("interpreted %+v, translated %+v", a, b)
	}
	if st := eng.Stats(); st.Modules == 0 || st.Cold == 0 || st.Cycles >= a.Cycles || st.Cycles < a.Cycles*9/10 {
		t.Errorf("translated %d of %d cycles (%d modules, %d answers not hot)", st.Cycles, a.Cycles, st.Modules, st.Cold)
	}
	t.Logf("%+v; %+v", a, eng.Stats())
}

// TestWarmInterp: the interpreter's warm-up ends as the warm-up interpreted does, and on the page's
// engine with its wait for a hot machine (translate.NewPage with BrowserHot, on wazero) every one of
// its machines stays interpreted (no module, no translated cycle): it warms the interpreter's code,
// not the translator's.
func TestWarmInterp(t *testing.T) {
	a, err := Warm(nil)
	if err != nil {
		t.Fatal(err)
	}
	eng := translate.NewPage(translate.NewWazero(), translate.BrowserHot)
	b, err := WarmInterp(eng)
	if err != nil {
		t.Fatal(err)
	}
	if b.Cycles != a.Cycles || b.Regs != a.Regs || b.Stop != "break" || b.Name != "warm-interp" {
		t.Errorf("warm-up %+v, the interpreter's %+v", a, b)
	}
	if st := eng.Stats(); st.Modules != 0 || st.Cycles != 0 {
		t.Errorf("the interpreter's warm-up translated: %d modules, %d cycles", st.Modules, st.Cycles)
	}
	if n := uint64(WarmInterpMachines) * b.Cycles; n < 200_000 || n > 400_000 {
		t.Errorf("the interpreter's warm-up interprets %d cycles", n)
	}
}
