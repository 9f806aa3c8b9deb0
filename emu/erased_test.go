package emu_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/asm/loader"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/oracle"
)

// erasedPrograms read program memory with LPM and ELPM across bytes their HEX files do not write:
// the tail of an .org gap, the bytes below a table placed at 64 KiB and 128 KiB, and past the last
// record. Each copies what it reads to SRAM from 0x200 (and keeps the last bytes in r0..r3), so the
// final SRAM shows every byte read.
var erasedPrograms = []struct{ dev, src string }{
	{"atmega328p", `
	ldi r26, 0x00
	ldi r27, 0x02
	ldi r30, lo8(table)
	ldi r31, hi8(table)
	ldi r16, 40
1:	lpm r0, Z+
	st X+, r0
	dec r16
	brne 1b
	lpm r1, Z
	lpm
	break
	.org 0x400
table:	.byte 1, 2, 3, 4, 5
	.org 0x410
	.byte 0xaa, 0x55
`},
	{"atmega128", `
	ldi r16, 0x10
	out 0x3e, r16
	ldi r16, 0xff
	out 0x3d, r16		; SP = RAMEND (the ATmega128 resets it to 0, simavr to RAMEND)
	ldi r26, 0x00
	ldi r27, 0x02
	ldi r16, 0
	out 0x3b, r16		; RAMPZ = 0
	ldi r30, 0xf0
	ldi r31, 0xff		; Z = 0xfff0: 16 unwritten bytes below the table at 0x10000
	ldi r16, 40
1:	elpm r0, Z+
	st X+, r0
	dec r16
	brne 1b
	ldi r30, 0x40
	ldi r31, 0x00
	ldi r16, 1
	out 0x3b, r16		; a gap between two records of the upper 64 KiB
	elpm r2, Z+
	elpm r3, Z
	elpm
	break
	.org 0x10000
	.byte 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99
	.org 0x10041
	.byte 0xcc
`},
	{"atmega2560", `
	ldi r26, 0x00
	ldi r27, 0x02
	ldi r16, 1
	out 0x3b, r16		; RAMPZ = 1
	ldi r30, 0xf8
	ldi r31, 0xff		; Z = 0x1fff8, across 0x20000
	ldi r16, 24
1:	elpm r0, Z+
	st X+, r0
	dec r16
	brne 1b
	lpm r1, Z		; lpm ignores RAMPZ: 0x0010 is in the code
	ldi r30, 0x00
	ldi r31, 0x30		; 0x3000: nothing anywhere near
	lpm r2, Z
	break
	.org 0x20004
	.byte 0xde, 0xad, 0xbe, 0xef
`},
}

// TestErasedFlashSimavr assembles each program, writes its Intel HEX file with only the bytes it
// emits (the gaps left out, as avra and AVRASM2 write them, or a hand-cut file), and runs the file on
// simavr, which loads it with its own HEX reader onto erased flash, and on the emulator through
// loader.HEX: the same registers, SRAM, cycles and PC. Before erased flash was 0xFF, the unwritten
// bytes read 0x00 here.
func TestErasedFlashSimavr(t *testing.T) {
	oracle.NeedSimavr(t)
	var jobs []oracle.SimJob
	var hexes [][]byte
	for i, p := range erasedPrograms {
		im, err := asm.Assemble("e.S", []byte(p.src), asm.Config{Device: p.dev})
		if err != nil {
			t.Fatalf("program %d: %v", i, err)
		}
		var b bytes.Buffer
		if err := ihex.Write(&b, im.Flash, im.Emitted); err != nil {
			t.Fatal(err)
		}
		hexes = append(hexes, b.Bytes())
		jobs = append(jobs, oracle.SimJob{MCU: p.dev, Hex: b.Bytes(), MaxCycles: diffMaxCycles})
	}
	states, err := oracle.Simavr(jobs) // one runner for all the programs
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range erasedPrograms {
		st := states[i]
		if st.State != oracle.StateBreak {
			t.Fatalf("program %d: simavr %s %s %s", i, st.State, st.Err, st.Log)
		}
		want := diffResult{state: st.State, cycles: st.Cycles, pc: st.PC, sp: st.SP, sreg: st.SREG, r: st.R, sram: sramDigest(st.SRAM)}
		im, err := loader.HEX(hexes[i], p.dev)
		if err != nil {
			t.Fatal(err)
		}
		got := runOursWith(p.dev, im.Flash, emu.Config{Present: im.Present})
		if got != want {
			t.Errorf("program %d (%s):\n ours:   %v\n simavr: %v", i, p.dev, got, want)
		}
		// The copy in SRAM holds erased bytes: the test reads what it means to.
		if ff := bytes.Count(st.SRAM[0x200-int(st.RAMStart):0x200-int(st.RAMStart)+24], []byte{0xff}); ff < 8 {
			t.Errorf("program %d: only %d erased bytes read", i, ff)
		}
	}
}

// TestErasedFlashFault runs a HEX image into a gap: the fault says the flash there is erased and
// where, while a 0xFFFF word the file does write is an illegal opcode.
func TestErasedFlashFault(t *testing.T) {
	var b bytes.Buffer
	flash := []byte{0x0c, 0x94, 0x00, 0x01, 0xff, 0xff, 0xff, 0xff} // jmp 0x0100 (word), then a written 0xffff
	present := []bool{true, true, true, true, true, true, false, false}
	if err := ihex.Write(&b, flash, present); err != nil {
		t.Fatal(err)
	}
	im, err := loader.HEX(b.Bytes(), "atmega328p")
	if err != nil {
		t.Fatal(err)
	}
	m := emu.New(im.Device, im.Flash, emu.Config{Present: im.Present})
	s := m.Run(100)
	if s.Fault == nil || s.Fault.PC != 0x100 || s.Fault.Error() != "executing erased flash (0xffff, not written by the program) at pc 0x0100" {
		t.Errorf("jump into erased flash: %v", s)
	}
	m = emu.New(im.Device, im.Flash, emu.Config{Present: im.Present})
	m.SetPC(2)
	s = m.Run(100)
	if s.Fault == nil || !strings.HasPrefix(s.Fault.Error(), "illegal opcode 0xffff at pc 0x0002") {
		t.Errorf("a written 0xffff word: %v", s)
	}
}

// TestAtmelSourceGapErased: an AVRASM2 source's .org gap is erased flash, as on a chip programmed
// from the HEX file AVRASM2 and avra write (only the emitted bytes): the program LPM-reads across the
// gap and ends in the state avra's own HEX, loaded and run, ends in; a jump into the gap faults as
// erased flash.
func TestAtmelSourceGapErased(t *testing.T) {
	oracle.NeedAvra(t)
	src := `.device ATmega328P
	ldi r26, 0x00
	ldi r27, 0x01
	ldi r30, low(2*table - 6)
	ldi r31, high(2*table - 6)
	ldi r16, 10
loop:	lpm r0, Z+
	st X+, r0
	dec r16
	brne loop
	break
.org 0x100
table:	.db 1, 2, 3, 4
`
	im, err := asm.Assemble("gap.asm", []byte(src), asm.Config{Device: "atmega328p"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := oracle.Avra([]oracle.Source{{Name: "gap.asm", Text: src}})
	if err != nil || res[0].Err != "" {
		t.Fatalf("avra: %v %s", err, res[0].Err)
	}
	var hx bytes.Buffer
	if err := ihex.Write(&hx, res[0].Flash, res[0].Present); err != nil {
		t.Fatal(err)
	}
	ref, err := loader.HEX(hx.Bytes(), "atmega328p")
	if err != nil {
		t.Fatal(err)
	}
	run := func(im *asm.Image) []byte {
		m := emu.New(im.Device, im.Flash, emu.Config{Present: im.Present})
		if s := m.Run(10000); s.Fault != nil {
			t.Fatalf("run: %v", s)
		}
		return append([]byte(nil), m.Data(0x100, 10)...)
	}
	got, want := run(im), run(ref)
	if !bytes.Equal(got, want) || !bytes.Equal(want[:6], bytes.Repeat([]byte{0xff}, 6)) {
		t.Errorf("bytes read across the gap: source image %x, avra's HEX %x (want six erased 0xff, then 01 02 03 04)", got, want)
	}
	m := emu.New(im.Device, im.Flash, emu.Config{Present: im.Present})
	m.SetPC(0x80)
	if s := m.Run(10); s.Fault == nil || !strings.HasPrefix(s.Fault.Error(), "executing erased flash") {
		t.Errorf("a jump into the gap: %v", s)
	}
}
