package lab

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/avrlab/avrlab/asm"
)

// sramNoiseSource is a SPECK-64 entry called as (out, in, rk) with a .data table and a .bss byte
// range, for the setup of a call only.
const sramNoiseSource = `; avrlab task: speck64-128
; avrlab call: speck64_128_encrypt(out, in, rk)
        .data
tab:    .byte   1, 2, 3, 4
        .section .bss
zeros:  .skip   6
        .text
        .global speck64_128_encrypt
speck64_128_encrypt:
        ret
`

// TestSetupSRAMNoise: a call starts with its out buffer and every SRAM byte outside .data, .bss and
// the input buffers holding the run's noise rotated by the call's offset (a reset used to leave them
// zero), .data as loaded, .bss zero, the inputs written; another call's SRAM is another rotation.
func TestSetupSRAMNoise(t *testing.T) {
	src := []byte(sramNoiseSource)
	opts := Resolve(Options{Seed: 7}, src)
	im, err := asm.Assemble("main.S", src, asm.Config{Device: opts.Device})
	if err != nil {
		t.Fatal(err)
	}
	h, rep, err := prepare(im, opts)
	if err != nil || rep.Error != "" {
		t.Fatalf("%v %+v", err, rep)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	v := h.vector(rng, 1)
	h.plant(v, 3)
	h.setup(h.m, v)
	start := int(h.dev.SRAMStart)
	n := int(h.dev.RAMEND()) + 1 - start
	if got := h.m.Data(im.DataAddr, 4); !bytes.Equal(got, []byte{1, 2, 3, 4}) {
		t.Errorf(".data: % x, want 01 02 03 04", got)
	}
	if got := h.m.Data(im.BSSAddr, 6); !bytes.Equal(got, make([]byte, 6)) || im.BSSSize != 6 {
		t.Errorf(".bss (%d B): % x, want zeros", im.BSSSize, got)
	}
	if len(h.noise) != n {
		t.Fatalf("the run's SRAM noise is %d B, want the device's %d", len(h.noise), n)
	}
	noiseAt := func(a, off int) byte { return h.noise[(a-start+off)%n] }
	for _, b := range h.bufs {
		got := h.m.Data(h.bufAddr(h.m, &b), b.size)
		want := v.in[b.Role]
		if b.Role == RoleOut {
			want = make([]byte, b.size)
			for i := range want {
				want[i] = noiseAt(int(b.addr)+i, v.sramOff)
			}
			if bytes.Equal(got, make([]byte, b.size)) {
				t.Errorf("out starts as zeros")
			}
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s at 0x%04x: % x, want % x", b.Role, b.addr, got, want)
		}
	}
	low := int(h.spStart) - 64 // the stack a call would use, below its return address
	frame := h.m.Data(uint16(low), 32)
	for i, got := range frame {
		if want := noiseAt(low+i, v.sramOff); got != want {
			t.Fatalf("stack byte 0x%04x: 0x%02x, want the noise's 0x%02x", low+i, got, want)
		}
	}
	w := h.vector(rng, 2)
	h.plant(w, 4)
	h.setup(h.m, w)
	if w.sramOff == v.sramOff || bytes.Equal(h.m.Data(uint16(low), 32), frame) {
		t.Errorf("calls 3 and 4 start with the same SRAM (offsets %d, %d)", v.sramOff, w.sramOff)
	}
}
