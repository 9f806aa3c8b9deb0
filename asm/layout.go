package asm

import (
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// dataOffset is where avr-gcc's linker puts data space in its single address space: a .data label at
// SRAM 0x100 has the value 0x800100 (so hh8 of it is 0x80, as with avr-as).
const dataOffset = 0x800000

// eepromOffset is where avr-gcc's linker script puts the .eeprom output section: a label at EEPROM
// byte 8 has the value 0x810008 (hh8 of it is 0x81, as avr-gcc's link gives).
const eepromOffset = 0x810000

// The section and item types of the object layer, by the names the GNU front end uses for them.
type (
	section = obj.Section
	item    = obj.Item
)

// section returns the section called name, creating it.
func (a *assembler) section(name string, kind obj.SecKind, slot int) *section {
	if s := a.secByName[name]; s != nil {
		return s
	}
	s := &section{Name: name, Kind: kind, Slot: slot, Align: 1}
	a.sections = append(a.sections, s)
	a.secByName[name] = s
	return s
}

// place appends an item of it.size bytes at the current location of the current section. A section
// that would grow beyond the device's flash (or SRAM for .data and .bss) stops the assembly; the check
// cannot overflow, whatever the size.
func (a *assembler) place(it item) {
	s := a.cur
	if s == a.abs {
		// .struct: the location moves, nothing is stored.
		if it.Kind != obj.ItemFill || it.Fill != nil && !allZero(it.Fill) {
			a.errAt(it.Src, it.At, it.At, "cannot store values in the absolute section of .struct (only .space, .skip, .org and .align go there)")
			return
		}
		if it.Size > 1<<32-s.Size {
			a.errAt(it.Src, it.At, it.At, ".struct offset grows beyond 4294967296")
			return
		}
		s.Size += it.Size
		return
	}
	if it.Size > a.sectionLimit(s)-s.Size {
		a.diag.fatal(it.Src.Pos(it.At), textf.Sprintf("section %s grows to %d bytes, beyond %s", s.Name, uint64(s.Size)+uint64(it.Size), a.sectionMemory(s)))
	}
	it.Off = s.Size
	s.Size += it.Size
	if s.Kind == obj.SecBSS && (it.Kind != obj.ItemFill || it.Fill != nil && !allZero(it.Fill)) {
		a.errAt(it.Src, it.At, it.At, "only .skip, .space, .zero and alignment can go in "+s.Name+" (it is cleared, not loaded)")
		return
	}
	if len(s.Items) == cap(s.Items) {
		s.Items = append(make([]item, 0, 2*len(s.Items)+8), s.Items...) // append grows a long slice by a quarter
	}
	s.Items = append(s.Items, it)
}

// sectionLimit returns the most bytes section s can hold: the device's flash, its SRAM for .data and
// .bss, its EEPROM for .eeprom. It is asked for every item placed; sectionMemory names that memory for
// the message when one does not fit.
func (a *assembler) sectionLimit(s *section) int64 {
	switch s.Kind {
	case obj.SecData, obj.SecBSS:
		return int64(a.dev.SRAMSize)
	case obj.SecEEPROM:
		return int64(a.dev.EEPROM)
	}
	return int64(a.dev.Flash)
}

// sectionMemory describes the memory whose size sectionLimit gives, for messages.
func (a *assembler) sectionMemory(s *section) string {
	switch s.Kind {
	case obj.SecData, obj.SecBSS:
		return textf.Sprintf("the %d bytes of SRAM of %s", a.dev.SRAMSize, a.dev.Name)
	case obj.SecEEPROM:
		return textf.Sprintf("the %d bytes of EEPROM of %s", a.dev.EEPROM, a.dev.Name)
	}
	return textf.Sprintf("the %d bytes of flash of %s", a.dev.Flash, a.dev.Name)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// pad appends n bytes of padding (not emitted by the source) with fill pattern pat.
func (a *assembler) pad(n int64, pat []byte, st *stmt, at int) {
	if n <= 0 {
		return
	}
	if allZero(pat) {
		pat = nil
	}
	a.place(item{Kind: obj.ItemFill, Size: n, Fill: pat, Src: st, At: at})
}
