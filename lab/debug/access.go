package debug

import (
	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
)

// The machine as a remote debugger reads and writes it: registers, the data space, flash and EEPROM.

// Image returns the session's program.
func (s *Session) Image() *asm.Image { return s.im }

// Mode returns ModeReset or ModeCall.
func (s *Session) Mode() string { return s.mode }

// Done reports whether the program or call has ended: only going back moves on.
func (s *Session) Done() bool { return s.done }

// LastStop returns why the last command stopped.
func (s *Session) LastStop() Stop { return s.stop }

// Fault returns the fault that ended the run, nil unless the last stop is StopFault.
func (s *Session) Fault() *emu.Fault { return s.fault }

// Message returns what the last command has to say ("" for nothing).
func (s *Session) Message() string { return s.msg }

// Cycles returns the cycles run since the start (the call's first instruction, or reset).
func (s *Session) Cycles() uint64 { return s.m.Cycles() - s.origin }

// PC returns the program counter, a flash word address.
func (s *Session) PC() uint32 { return s.m.PC() }

// SP returns the stack pointer.
func (s *Session) SP() uint16 { return s.m.SP() }

// SREG returns the status register.
func (s *Session) SREG() uint8 { return s.m.SREG() }

// Reg returns register r0..r31.
func (s *Session) Reg(i int) uint8 { return s.m.Reg(i) }

// ReadData returns n bytes of the data space from addr (registers and I/O included on classic
// parts); it stops at the end of the data space, so it may return fewer.
func (s *Session) ReadData(addr uint32, n int) []byte {
	size := uint32(s.im.Device.RAMEND()) + 1
	if addr >= size {
		return nil
	}
	n = min(n, int(size-addr))
	out := make([]byte, n)
	for i := range out {
		out[i] = s.m.ReadData(uint16(addr) + uint16(i))
	}
	return out
}

// ReadFlash returns n bytes of program memory from byte address addr, fewer at the end of flash.
func (s *Session) ReadFlash(addr uint32, n int) []byte {
	fl := s.m.Flash()
	lo := min(int(addr), len(fl))
	return fl[lo:min(lo+n, len(fl))]
}

// ReadEEPROM returns n bytes of EEPROM from addr, fewer at its end: the image's EEPROM contents,
// erased (0xFF) where it has none. The emulator does not model EEPROM writes, so this is the EEPROM as
// programmed.
func (s *Session) ReadEEPROM(addr uint32, n int) []byte {
	size := uint32(s.im.Device.EEPROM)
	if addr >= size {
		return nil
	}
	n = min(n, int(size-addr))
	out := make([]byte, n)
	for i := range out {
		a := int(addr) + i
		out[i] = 0xFF
		if a < len(s.im.EEPROM) {
			out[i] = s.im.EEPROM[a]
		}
	}
	return out
}

// WriteData writes b into the data space at addr; it reports false, writing nothing, when the bytes
// do not all lie in it. A write starts the history anew: going back stops at it (Stop StopStart).
func (s *Session) WriteData(addr uint32, b []byte) bool {
	if addr+uint32(len(b)) > uint32(s.im.Device.RAMEND())+1 {
		return false
	}
	for i, v := range b {
		s.m.WriteData(uint16(addr)+uint16(i), v)
	}
	s.fork()
	return true
}

// SetRegister sets register i: 0..31 are r0..r31, 32 SREG, 33 SP, 34 PC (a flash word address);
// it reports false for another i. Like WriteData it starts the history anew.
func (s *Session) SetRegister(i int, v uint32) bool {
	switch {
	case i >= 0 && i < 32:
		s.m.SetReg(i, uint8(v))
	case i == 32:
		s.m.SetSREG(uint8(v))
	case i == 33:
		s.m.SetSP(uint16(v))
	case i == 34:
		if int(v)*2 >= len(s.im.Flash) {
			return false
		}
		s.m.SetPC(v)
	default:
		return false
	}
	s.fork()
	return true
}

// fork starts the history anew at now, after a write: the checkpoints of the old history go (a
// re-execution from one of them would not make the write), and going back stops here.
func (s *Session) fork() {
	s.start = s.m.Snapshot()
	s.cps = []*emu.Snapshot{s.start}
	s.done = false
}
