package gdb

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/avrlab/avrlab/lab/debug"
)

// avr-gdb's view of an AVR (gdb/avr-tdep.c and the stubs that serve it, simavr's first): 35 registers
// in 39 bytes, r0..r31, SREG (32), SP (33, two bytes) and PC (34, four bytes, a byte address, little
// endian); one address space cut into flash from 0, the data space from 0x800000 (registers and I/O
// included) and EEPROM from 0x810000, under a 24-bit mask.

// Register numbers and sizes.
const (
	regSREG   = 32
	regSP     = 33
	regPC     = 34
	numRegs   = 35
	regsBytes = 32 + 1 + 2 + 4
)

// Address spaces.
const (
	addrMask   = 0xFFFFFF
	dataStart  = 0x800000
	eepromBase = 0x810000
	spaceEnd   = 0x820000 // past EEPROM: nothing
)

// Signals of stop replies.
const (
	sigInt  = 0x02 // SIGINT: Ctrl-C
	sigTrap = 0x05 // SIGTRAP: a step, a breakpoint, the end of the history
	sigSegv = 0x0b // SIGSEGV: the program faulted
)

// regBytes returns register n as avr-gdb lays it out.
func regBytes(s *debug.Session, n int) ([]byte, bool) {
	switch {
	case n >= 0 && n < 32:
		return []byte{s.Reg(n)}, true
	case n == regSREG:
		return []byte{s.SREG()}, true
	case n == regSP:
		sp := s.SP()
		return []byte{byte(sp), byte(sp >> 8)}, true
	case n == regPC:
		pc := s.PC() * 2
		return []byte{byte(pc), byte(pc >> 8), byte(pc >> 16), byte(pc >> 24)}, true
	}
	return nil, false
}

// regSize returns the size of register n in bytes (0 for no register).
func regSize(n int) int {
	switch {
	case n >= 0 && n <= regSREG:
		return 1
	case n == regSP:
		return 2
	case n == regPC:
		return 4
	}
	return 0
}

// allRegs is the reply to 'g'.
func allRegs(s *debug.Session) []byte {
	out := make([]byte, 0, 2*regsBytes)
	for n := 0; n < numRegs; n++ {
		b, _ := regBytes(s, n)
		out = hex.AppendEncode(out, b)
	}
	return out
}

// setReg writes register n from its little-endian bytes; PC is a byte address.
func setReg(s *debug.Session, n int, b []byte) bool {
	if len(b) != regSize(n) {
		return false
	}
	var v uint32
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint32(b[i])
	}
	if n == regPC {
		if v%2 != 0 {
			return false
		}
		v /= 2
	}
	return s.SetRegister(n, v)
}

// readMem reads n bytes at a gdb address; ok false when none of them exists.
func readMem(s *debug.Session, addr uint64, n int) ([]byte, bool) {
	a := uint32(addr & addrMask)
	switch {
	case a < dataStart:
		b := s.ReadFlash(a, n)
		return b, len(b) > 0 || n == 0
	case a < eepromBase:
		d := a - dataStart
		b := s.ReadData(d, n)
		// simavr's rule: a read just past RAMEND answers zeros, so that gdb can step when the stack is
		// empty (it reads the return address at SP+1).
		end := uint32(s.Image().Device.RAMEND()) + 1
		if len(b) < n && d+uint32(n) <= end+2 {
			b = append(b, make([]byte, n-len(b))...)
		}
		return b, len(b) > 0 || n == 0
	case a < spaceEnd:
		b := s.ReadEEPROM(a-eepromBase, n)
		return b, len(b) > 0 || n == 0
	}
	return nil, false
}

// writeMem writes b at a gdb address: the data space only (flash and EEPROM are the program's).
func writeMem(s *debug.Session, addr uint64, b []byte) bool {
	a := uint32(addr & addrMask)
	if a < dataStart || a >= eepromBase {
		return false
	}
	return s.WriteData(a-dataStart, b)
}

// stopReply is the T packet after the session stopped: the signal, SREG, SP and PC expedited, and
// a reason: replaylog:begin when going back reached the start of the history (begin), replaylog:end
// at its end going forward (the call returned, SLEEP, BREAK, the cycle limit), after which gdb says
// "No more reverse-execution history" and stays attached (a W exit would leave nothing to go back to).
func stopReply(s *debug.Session, sig int, begin bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "T%02x", sig)
	for _, n := range []int{regSREG, regSP, regPC} {
		v, _ := regBytes(s, n)
		fmt.Fprintf(&b, "%02x:%s;", n, hex.EncodeToString(v))
	}
	switch {
	case begin:
		b.WriteString("replaylog:begin;")
	case s.Done() && sig == sigTrap:
		b.WriteString("replaylog:end;")
	}
	return b.String()
}

// signalOf is the signal of the session's last stop.
func signalOf(s *debug.Session) int {
	switch s.LastStop() {
	case debug.StopInterrupt:
		return sigInt
	case debug.StopFault:
		return sigSegv
	}
	return sigTrap
}
