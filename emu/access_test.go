package emu_test

import (
	"slices"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
)

// TestAccessRecord checks Config.Access on a program that executes part of its code, reads a flash
// table with LPM, loads and stores SRAM through X, LDS/STS and Y+q, pushes, and rewrites flash with
// SPM: exactly those bytes are recorded, and the machine state equals a run without recording.
func TestAccessRecord(t *testing.T) {
	src := `
	ldi r16, 0x10      ; SP = 0x10FF
	out 0x3e, r16
	ldi r16, 0xff
	out 0x3d, r16
	ldi r30, lo8(table+1)
	ldi r31, hi8(table+1)
	lpm r20, Z          ; reads table+1 only
	ldi r26, 0x00
	ldi r27, 0x02
	st X+, r20          ; writes 0x0200
	ld r21, X           ; reads 0x0201
	lds r22, 0x0300     ; reads 0x0300
	sts 0x0301, r22     ; writes 0x0301
	ldi r28, 0x00
	ldi r29, 0x04
	std Y+5, r21        ; writes 0x0405
	push r20            ; writes 0x10ff through SP
	pop r20             ; reads it
	rjmp done
skipped:
	nop
	nop
done:
	break
table:
	.byte 1, 2, 3, 4
`
	im, err := asm.Assemble("a.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	plain := emu.New(im.Device, im.Flash, emu.Config{})
	ps := plain.Run(1000)
	m := emu.New(im.Device, im.Flash, emu.Config{Access: true})
	s := m.Run(1000)
	if got, want := stateOf(m, s), stateOf(plain, ps); !got.equal(want) {
		t.Fatalf("with Access: %+v\nwithout: %+v", got, want)
	}
	// The traps are invisible to the hooks: the trace with Access equals the trace without, on the
	// first run (every word traps) and on a second (none does).
	tr := emu.New(im.Device, im.Flash, emu.Config{Trace: true})
	ta := emu.New(im.Device, im.Flash, emu.Config{Trace: true, Access: true})
	for run := 0; run < 2; run++ {
		tr.Reset()
		ta.Reset()
		tr.Run(1000)
		ta.Run(1000)
		if !slices.Equal(tr.TraceAddrs(), ta.TraceAddrs()) || tr.TraceHash() != ta.TraceHash() {
			t.Fatalf("run %d: trace with Access %v, without %v", run, ta.TraceAddrs(), tr.TraceAddrs())
		}
	}
	skipped, _ := im.Symbol("skipped")
	done, _ := im.Symbol("done")
	table, _ := im.Symbol("table")
	for w := uint32(0); w < uint32(done.Value)/2+1; w += uint32(m.InstructionWords(w)) {
		want := w < uint32(skipped.Value)/2 || w == uint32(done.Value)/2
		if m.Executed(w) != want {
			t.Errorf("Executed(%#x) = %v, want %v", w*2, m.Executed(w), want)
		}
	}
	for a := uint32(table.Value); a < uint32(table.Value)+4; a++ {
		if want := a == uint32(table.Value)+1; m.FlashRead(a) != want {
			t.Errorf("FlashRead(%#x) = %v, want %v", a, m.FlashRead(a), want)
		}
	}
	want := map[uint16]uint8{0x200: emu.AccessWrite, 0x201: emu.AccessRead, 0x300: emu.AccessRead,
		0x301: emu.AccessWrite, 0x405: emu.AccessWrite, 0x10ff: emu.AccessRead | emu.AccessWrite | emu.AccessStack}
	for a := uint16(0x100); a <= 0x10FF; a++ {
		if got := m.DataAccess(a); got != want[a] {
			t.Errorf("DataAccess(%#x) = %d, want %d", a, got, want[a])
		}
	}
	// The record survives Reset and a second run adds nothing new; ResetAccess clears it.
	m.Reset()
	m.Run(1000)
	if !m.Executed(0) || m.DataAccess(0x200) != emu.AccessWrite {
		t.Error("record lost across Reset")
	}
	m.ResetAccess()
	if m.Executed(0) || m.FlashRead(uint32(table.Value)+1) || m.DataAccess(0x200) != 0 {
		t.Error("ResetAccess kept the record")
	}
	m.Reset()
	m.Run(1000)
	if !m.Executed(0) || m.Executed(uint32(skipped.Value)/2) {
		t.Error("traps not re-armed after ResetAccess")
	}
}

// TestResetFlash checks that SPM writes are counted and undone by ResetFlash.
func TestResetFlash(t *testing.T) {
	src := `
	ldi r30, lo8(patch)
	ldi r31, hi8(patch)
	ldi r16, 0x98       ; r1:r0 = 0x9598, break
	mov r0, r16
	ldi r16, 0x95
	mov r1, r16
	spm
	rjmp patch
patch:
	ldi r24, 1
	sleep
`
	im, err := asm.Assemble("s.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	m := emu.New(im.Device, im.Flash, emu.Config{Access: true})
	if s := m.Run(1000); s.Reason != emu.StopBreak || m.SPMWrites() != 1 {
		t.Fatalf("stop %v after %d SPM writes, want break after 1", s, m.SPMWrites())
	}
	m.ResetFlash(im.Flash)
	m.Reset()
	if s := m.Run(1000); s.Reason != emu.StopBreak || m.SPMWrites() != 1 {
		t.Fatalf("second run: %v", s)
	}
	m.ResetFlash(im.Flash)
	m.Reset()
	m.SetPC(uint32(len(im.Flash))/2 - 2) // straight to patch: the original code
	if s := m.Run(1000); s.Reason != emu.StopSleep || m.Reg(24) != 1 {
		t.Fatalf("after ResetFlash: %v, r24 = %d", s, m.Reg(24))
	}
}

// TestOutputLimit checks that UART output is capped and the cut reported.
func TestOutputLimit(t *testing.T) {
	src := "ldi r16, 'A'\nloop: sts 0x2c, r16\nrjmp loop\n" // UDR0 of the ATmega128 (I/O 0x0C)
	im, err := asm.Assemble("o.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	m := emu.New(im.Device, im.Flash, emu.Config{OutputLimit: 100})
	m.Run(100_000)
	if len(m.Output()) != 100 || !m.OutputCut() {
		t.Fatalf("output %d bytes, cut %v; want 100, true", len(m.Output()), m.OutputCut())
	}
	m.ResetOutput()
	if m.OutputCut() || len(m.Output()) != 0 {
		t.Fatal("ResetOutput kept the cut")
	}
}
