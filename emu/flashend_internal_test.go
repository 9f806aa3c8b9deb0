package emu

import (
	"testing"

	"github.com/avrlab/avrlab/isa"
)

// TestFlashEndBound: Program.FlashEnd bounds the programmed bytes (none is past it) after every way
// program memory changes: New, WriteFlash past the program, SPM past it, Restore of a snapshot
// with a write further on, ResetFlash; and a machine built over each (NewFrom, in the same memory)
// has New's program memory and lowered program (the words WriteFlash left deferred decoded too).
func TestFlashEndBound(t *testing.T) {
	d := isa.LookupDevice("atmega128")
	// ldi r30/r31 = 0xE000 (Z), ldi r16, 0x12; mov r0, r16; ldi r16, 0x34; mov r1, r16; spm; break
	prog := []byte{0xE0, 0xE0, 0xF0, 0xEE, 0x02, 0xE1, 0x00, 0x2E, 0x04, 0xE3, 0x10, 0x2E, 0xE8, 0x95, 0x98, 0x95}
	check := func(what string, m *Machine) {
		t.Helper()
		if end := ProgramEnd(m.flash); end > int(m.prog.FlashEnd) {
			t.Fatalf("%s: a byte programmed at %#x, past FlashEnd %#x", what, end-1, m.prog.FlashEnd)
		}
		img := m.Flash()
		n := NewFrom(m, d, img, Config{Access: true})
		want := New(d, img, Config{Access: true})
		if string(n.flash) != string(want.flash) || len(n.code) != len(want.code) {
			t.Fatalf("%s: a machine over it differs from New's", what)
		}
		for w := range n.code {
			if n.code[w] != want.code[w] {
				t.Fatalf("%s: a machine over it decodes word %#x as %+v, New as %+v", what, w, n.code[w], want.code[w])
			}
		}
	}
	m := New(d, prog, Config{Access: true})
	check("New", m)
	m = New(d, prog, Config{Access: true})
	if err := m.WriteFlash(0xD000, []byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	check("WriteFlash", m)
	m = New(d, prog, Config{Access: true})
	if s := m.Run(100); s.Reason != StopBreak || m.word(0xE000/2) != 0x3412 {
		t.Fatalf("the SPM program stopped with %v, word %#x", s, m.word(0xE000/2))
	}
	check("SPM", m)
	other := New(d, prog, Config{Access: true})
	if err := other.WriteFlash(0x1F000, []byte{9}); err != nil {
		t.Fatal(err)
	}
	snap := other.Snapshot()
	m = New(d, prog, Config{Access: true})
	if err := m.Restore(snap); err != nil {
		t.Fatal(err)
	}
	check("Restore", m)
	m = New(d, prog, Config{Access: true})
	if err := m.WriteFlash(0x1F000, []byte{9}); err != nil {
		t.Fatal(err)
	}
	m.ResetFlash(prog)
	check("ResetFlash", m)
}
