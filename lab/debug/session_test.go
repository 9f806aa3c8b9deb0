package debug

import (
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/lab"
)

func start(t *testing.T, src string, maxCycles uint64) *Session {
	t.Helper()
	im, err := asm.Assemble("p.S", []byte(src), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Start(Config{Image: im, Options: lab.Options{MaxCycles: maxCycles}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestWriteStartsHistory: a write (a debugger's set var) starts the history anew: going back stops at
// it with the written value kept, and the cycles still count from the start.
func TestWriteStartsHistory(t *testing.T) {
	s := start(t, "\tldi r16, 1\n\tldi r17, 2\n\tlds r18, 0x0100\n\tsleep\n", 0)
	s.Step()
	s.Step()
	if !s.WriteData(0x100, []byte{0x42}) || !s.SetRegister(16, 7) {
		t.Fatal("writes refused")
	}
	s.Back()
	if s.LastStop() != StopStart || s.PC() != 2 || s.Cycles() != 2 || s.Reg(16) != 7 || s.ReadData(0x100, 1)[0] != 0x42 {
		t.Errorf("back after a write: stop %s pc %d cycles %d r16 %d", s.LastStop(), s.PC(), s.Cycles(), s.Reg(16))
	}
	s.Step() // lds: 2 cycles on the ATmega128
	if s.Reg(18) != 0x42 || s.Cycles() != 4 {
		t.Errorf("lds after the write: r18 0x%x, %d cycles", s.Reg(18), s.Cycles())
	}
	s.Back()
	if s.PC() != 2 || s.Reg(18) != 0 || s.Reg(16) != 7 {
		t.Errorf("back to the write: pc %d r18 %d r16 %d", s.PC(), s.Reg(18), s.Reg(16))
	}
	if s.WriteData(uint32(s.Image().Device.RAMEND()), []byte{1, 2}) || s.SetRegister(35, 0) || s.SetRegister(34, uint32(len(s.Image().Flash)/2)) {
		t.Error("a write outside the machine was taken")
	}
}

// TestContinueUntil: an interrupted run stops between slices of CheckpointCycles; the cycle limit ends
// the session, and its message names the flag.
func TestContinueUntil(t *testing.T) {
	s := start(t, "l:\trjmp l\n", 20000)
	s.ContinueUntil(func() bool { return true })
	if s.LastStop() != StopInterrupt || s.Done() || s.Cycles() < CheckpointCycles || s.Cycles() >= 2*CheckpointCycles {
		t.Errorf("interrupted: stop %s at %d cycles", s.LastStop(), s.Cycles())
	}
	s.Continue()
	if s.LastStop() != StopLimit || !s.Done() || s.Cycles() != 20000 || !strings.Contains(s.Message(), "-max-cycles") {
		t.Errorf("to the limit: stop %s at %d cycles: %q", s.LastStop(), s.Cycles(), s.Message())
	}
	s.Step()
	if s.Cycles() != 20000 || !strings.Contains(s.Message(), "ended") {
		t.Errorf("a step after the end: %d cycles, %q", s.Cycles(), s.Message())
	}
}

// TestReadBounds: reads stop at the end of each space; breakpoints only in flash.
func TestReadBounds(t *testing.T) {
	s := start(t, "\tnop\n\tsleep\n", 0)
	d := s.Image().Device
	if n := len(s.ReadData(uint32(d.RAMEND()), 4)); n != 1 {
		t.Errorf("data at RAMEND: %d bytes", n)
	}
	if s.ReadData(uint32(d.RAMEND())+1, 1) != nil || s.ReadEEPROM(uint32(d.EEPROM), 1) != nil || len(s.ReadFlash(uint32(d.Flash), 2)) != 0 {
		t.Error("reads past the end")
	}
	if b := s.ReadEEPROM(uint32(d.EEPROM)-1, 4); len(b) != 1 || b[0] != 0xFF {
		t.Errorf("the last EEPROM byte: %x", b)
	}
	if b := s.ReadFlash(0, 4); string(b) != "\x00\x00\x88\x95" { // nop 0x0000, sleep 0x9588
		t.Errorf("flash: %x", b)
	}
	if s.SetBreakpointAt(uint32(d.Flash / 2)) {
		t.Error("a breakpoint past flash")
	}
}

// TestStartProblems: the reasons a session cannot start.
func TestStartProblems(t *testing.T) {
	im, err := asm.Assemble("p.S", []byte("nop\n"), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Image: im, Mode: ModeCall}, "no task"},
		{Config{Image: im, Mode: "sideways"}, "unknown debug mode"},
		{Config{Image: im, Options: lab.Options{Task: "speck64-128"}}, "cannot be set up"},
		{Config{Image: im, Options: lab.Options{MaxCycles: lab.MaxCycleLimit + 1}}, "cycle limit"},
		{Config{}, "no code"},
	} {
		if _, err := Start(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.cfg.Options, err, tc.want)
		}
	}
}
