package emu

import (
	"bytes"

	"github.com/avrlab/avrlab/internal/textf"
)

// load reads data-space address a as an instruction does (the run loop's slow path: registers on
// classic parts, I/O, mapped flash); sreg is the current status register. ok is false outside the
// data space.
func (m *Machine) load(a uint32, sreg uint8) (v byte, ok bool) {
	d := m.dev
	if a < 32 && d.RegsMapped {
		return m.regs[a], true
	}
	if a < uint32(len(m.data)) {
		switch uint16(a) {
		case d.SREG:
			return sreg, true
		case d.SPL:
			return byte(m.sp), true
		case d.SPL + 1:
			return byte(m.sp >> 8), true
		}
		return m.data[a], true
	}
	if d.MappedFlash != 0 && a >= uint32(d.MappedFlash) && a-uint32(d.MappedFlash) < uint32(len(m.flash)) {
		return m.flash[a-uint32(d.MappedFlash)], true
	}
	return 0, false
}

// store writes data-space address a as an instruction does and returns the new status register (v
// when a is SREG, else sreg). SP is the machine's own; a write to UDR is also appended to the output.
// ok is false outside the writable data space.
func (m *Machine) store(a uint32, v byte, sreg uint8) (newSREG uint8, ok bool) {
	d := m.dev
	if a < 32 && d.RegsMapped {
		m.regs[a] = v
		return sreg, true
	}
	if a >= uint32(len(m.data)) {
		return sreg, false
	}
	if d.RAMPZ != 0 && uint16(a) == d.RAMPZ {
		v &= d.RAMPZBits // reserved bits read 0; the store record holds what the byte reads after
	} else if d.EIND != 0 && uint16(a) == d.EIND {
		v &= d.EINDBits
	}
	if m.cfg.Writes {
		m.noteWrite(a, v, sreg)
	}
	switch uint16(a) {
	case d.SREG:
		return v, true
	case d.SPL:
		m.sp = m.sp&0xFF00 | uint16(v)
		m.noteSP()
		return sreg, true
	case d.SPL + 1:
		m.sp = m.sp&0x00FF | uint16(v)<<8
		m.noteSP()
		return sreg, true
	}
	if a == uint32(d.UDR) && d.UDR != 0 {
		if m.outMax < 0 || len(m.out) < m.outMax {
			m.out = append(m.out, v)
		} else {
			m.outCut = true
		}
	}
	m.data[a] = v
	return sreg, true
}

// ReadData returns the byte at data-space address addr as a load instruction would see it (registers
// on classic parts, SREG, SP, mapped flash), without side effects; 0 outside the data space.
func (m *Machine) ReadData(addr uint16) byte {
	v, _ := m.load(uint32(addr), m.sreg)
	return v
}

// WriteData writes the byte at data-space address addr without side effects (a write to UDR is not
// output, a write to SPL does not count for StackLow). Writes outside the writable data space are
// ignored.
func (m *Machine) WriteData(addr uint16, v byte) {
	a := uint32(addr)
	d := m.dev
	if a < 32 && d.RegsMapped {
		m.regs[a] = v
		return
	}
	if a >= uint32(len(m.data)) {
		return
	}
	switch addr {
	case d.SREG:
		m.sreg = v
	case d.SPL:
		m.sp = m.sp&0xFF00 | uint16(v)
	case d.SPL + 1:
		m.sp = m.sp&0x00FF | uint16(v)<<8
	default:
		if d.RAMPZ != 0 && addr == d.RAMPZ {
			v &= d.RAMPZBits // reserved bits read 0, as an instruction's write leaves them
		} else if d.EIND != 0 && addr == d.EIND {
			v &= d.EINDBits
		}
		m.data[a] = v
	}
}

// LoadData writes b to the data space from address addr on, as WriteData does byte by byte; bytes
// that would pass address 0xFFFF or RAMEND are dropped. The bytes that fall in SRAM, where no address
// has a side effect, are one copy: filling the whole SRAM of an ATmega2560 costs microseconds.
func (m *Machine) LoadData(addr uint16, b []byte) {
	a := int(addr)
	for ; len(b) > 0 && a < int(m.sramStart); a++ {
		m.WriteData(uint16(a), b[0])
		b = b[1:]
	}
	if len(b) > 0 && a < len(m.data) {
		copy(m.data[a:], b)
	}
}

// Data returns a copy of n bytes of data space from addr on, as ReadData sees them.
func (m *Machine) Data(addr uint16, n int) []byte {
	out := make([]byte, max(n, 0))
	for i := range out {
		out[i] = m.ReadData(uint16(int(addr) + i))
	}
	return out
}

// Flash returns a copy of program memory (Device.Flash bytes, erased bytes 0xFF).
func (m *Machine) Flash() []byte { return append([]byte(nil), m.flash...) }

// WriteFlash writes b into program memory from byte address addr on. The words it touches are
// decoded at their first execution, not now (a bench's round-key table, rewritten for every vector,
// is data no instruction executes); the machine behaves as if they were decoded at once. It returns
// an error and writes nothing when the bytes do not fit in flash.
func (m *Machine) WriteFlash(addr uint32, b []byte) error {
	if uint64(addr)+uint64(len(b)) > uint64(len(m.flash)) {
		return textf.Errorf("flash write of %d bytes at %#x past the end of flash (%d bytes)", len(b), addr, len(m.flash))
	}
	if len(b) == 0 || bytes.Equal(m.flash[addr:addr+uint32(len(b))], b) {
		return nil // the same bytes decode the same: nothing to do (a bench's round keys, often)
	}
	copy(m.flash[addr:], b)
	m.prog.FlashEnd = max(m.prog.FlashEnd, addr+uint32(len(b)))
	m.deferDecode(addr/2, (addr+uint32(len(b))+1)/2)
	return nil
}

// noteWrite records the store of v to data address a (Config.Writes) with the byte it replaces.
func (m *Machine) noteWrite(a uint32, v, sreg byte) {
	d := m.dev
	old := m.data[a]
	switch uint16(a) {
	case d.SREG:
		old = sreg
	case d.SPL:
		old = uint8(m.sp)
	case d.SPL + 1:
		old = uint8(m.sp >> 8)
	}
	m.writes = append(m.writes, Write{Addr: uint16(a), Old: old, New: v})
}
