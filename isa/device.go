package isa

import (
	"sort"
	"strings"
)

// Device describes one AVR part: its core, program counter width, memory map and the instructions of its
// core it lacks. Addresses are data-space byte addresses unless said otherwise. Figures are from
// ../shared/docs/avr-timing.md §C2–C3 (avr-libc device headers, DS40002198A Appendix A) and the device
// datasheets for reset values.
type Device struct {
	Name  string // avr-gcc -mmcu name, lower case, e.g. "atmega128"
	Core  Core
	PC22  bool // 22-bit program counter: 3-byte return addresses, +1 cycle on calls and returns
	Flash int  // program memory size in bytes
	// RegsMapped is true when r0–r31 appear at data addresses 0x00–0x1F (classic parts); on AVRxm and
	// AVRxt the data space starts with I/O registers instead.
	RegsMapped bool
	// IOBase is the data address of I/O address 0 (0x20 on classic parts, 0 on AVRxm/AVRxt).
	IOBase    uint16
	SRAMStart uint16 // first internal SRAM address
	SRAMSize  int    // internal SRAM size in bytes
	EEPROM    int    // EEPROM size in bytes
	// SPReset is the stack pointer after reset as the datasheet gives it (ATmega128: 0; newer parts RAMEND).
	SPReset uint16
	SREG    uint16 // data address of SREG
	SPL     uint16 // data address of SPL (SPH follows)
	RAMPZ   uint16 // data address of RAMPZ, 0 if the part has none
	EIND    uint16 // data address of EIND, 0 if the part has none
	// RAMPZBits and EINDBits are the implemented bits of RAMPZ and EIND (the datasheets: "unused bits
	// will always read as zero"): the bits above the flash's byte (RAMPZ) or word (EIND) address, 16
	// bits and up. The others are reserved: a write does not keep them and they read 0.
	RAMPZBits, EINDBits uint8
	// UDR is the data address of the UART data register used as the debug output port, 0 if none.
	UDR uint16
	// MappedFlash is the data address where flash appears in data space (ATmega4809: 0x4000), 0 if none.
	MappedFlash uint16
	// Missing lists the operations of the core that this part lacks.
	Missing []Op
	// EnergyModel names the measured energy-per-cycle model that estimates a call's energy on this part,
	// "" when there is none: "ecrypt-attiny45" is the ECRYPT board's ATtiny45 (Eisenbarth et al.,
	// Africacrypt 2012), which the ATtiny85, the same AVRe die with more memory, shares. lab holds the
	// models' figures.
	EnergyModel string
	// Registers maps I/O register names that <avr/io.h> defines for the part to data addresses. It holds
	// the names avrlab's examples and published crypto code use, not the whole header.
	Registers map[string]uint16
}

// RAMEND returns the last internal SRAM address.
func (d *Device) RAMEND() uint16 { return d.SRAMStart + uint16(d.SRAMSize-1) }

// Has reports whether the part can execute form f: its core has it and the part does not lack it.
func (d *Device) Has(f *Form) bool {
	if f == nil || !f.Cores.Has(d.Core) {
		return false
	}
	op := f.Op
	if f.Alias != nil {
		op = f.Alias.Base
	}
	for _, m := range d.Missing {
		if m == op {
			return false
		}
	}
	return true
}

// Cycles returns the base cycles of f on this part (22-bit PC extras included).
func (d *Device) Cycles(f *Form) int { return f.Cycles(d.Core, d.PC22) }

var elpmAll = []Op{ELPM, ELPMZ, ELPMZInc}

func classicRegs(extra map[string]uint16) map[string]uint16 {
	m := map[string]uint16{"SREG": 0x5F, "SPL": 0x5D, "SPH": 0x5E}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

var devices = []*Device{
	{
		Name: "atmega128", Core: CoreAVRePlus, Flash: 128 * 1024, RegsMapped: true, IOBase: 0x20,
		SRAMStart: 0x100, SRAMSize: 4096, EEPROM: 4096, SPReset: 0, SREG: 0x5F, SPL: 0x5D,
		RAMPZ: 0x5B, RAMPZBits: 0x01, UDR: 0x2C, Missing: []Op{EIJMP, EICALL}, // 128 KiB: RAMPZ0
		Registers: classicRegs(map[string]uint16{"RAMPZ": 0x5B, "UDR0": 0x2C, "UCSR0A": 0x2B, "UBRR0L": 0x29,
			"UCSR0B": 0x2A, "PORTB": 0x38, "DDRB": 0x37, "PINB": 0x36, "PORTA": 0x3B, "DDRA": 0x3A, "PINA": 0x39,
			"MCUCR": 0x55, "XDIV": 0x5C, "EEDR": 0x3D, "EEARL": 0x3E, "EEARH": 0x3F, "EECR": 0x3C, "TCNT0": 0x52}),
	},
	{
		Name: "atmega328p", Core: CoreAVRePlus, Flash: 32 * 1024, RegsMapped: true, IOBase: 0x20,
		SRAMStart: 0x100, SRAMSize: 2048, EEPROM: 1024, SPReset: 0x08FF, SREG: 0x5F, SPL: 0x5D,
		UDR: 0xC6, Missing: append([]Op{EIJMP, EICALL}, elpmAll...),
		Registers: classicRegs(map[string]uint16{"UDR0": 0xC6, "UCSR0A": 0xC0, "UCSR0B": 0xC1, "PORTB": 0x25,
			"DDRB": 0x24, "PINB": 0x23, "MCUCR": 0x55, "TCNT0": 0x46, "EEDR": 0x40, "EECR": 0x3F}),
	},
	{
		Name: "atmega2560", Core: CoreAVRePlus, PC22: true, Flash: 256 * 1024, RegsMapped: true, IOBase: 0x20,
		SRAMStart: 0x200, SRAMSize: 8192, EEPROM: 4096, SPReset: 0x21FF, SREG: 0x5F, SPL: 0x5D,
		RAMPZ: 0x5B, EIND: 0x5C, RAMPZBits: 0x03, EINDBits: 0x01, UDR: 0xC6, // 256 KiB: RAMPZ1:0, EIND0
		Registers: classicRegs(map[string]uint16{"RAMPZ": 0x5B, "EIND": 0x5C, "UDR0": 0xC6, "UCSR0A": 0xC0,
			"UCSR0B": 0xC1, "PORTB": 0x25, "DDRB": 0x24, "PINB": 0x23, "MCUCR": 0x55, "TCNT0": 0x46}),
	},
	{
		Name: "attiny85", Core: CoreAVRe, Flash: 8 * 1024, RegsMapped: true, IOBase: 0x20,
		SRAMStart: 0x60, SRAMSize: 512, EEPROM: 512, SPReset: 0x025F, SREG: 0x5F, SPL: 0x5D,
		Missing: append([]Op{CALL, JMP}, elpmAll...), EnergyModel: "ecrypt-attiny45",
		Registers: classicRegs(map[string]uint16{"PORTB": 0x38, "DDRB": 0x37, "PINB": 0x36, "USIDR": 0x2F,
			"MCUCR": 0x55, "TCNT0": 0x52}),
	},
	{
		Name: "attiny45", Core: CoreAVRe, Flash: 4 * 1024, RegsMapped: true, IOBase: 0x20,
		SRAMStart: 0x60, SRAMSize: 256, EEPROM: 256, SPReset: 0x015F, SREG: 0x5F, SPL: 0x5D,
		Missing: append([]Op{CALL, JMP}, elpmAll...), EnergyModel: "ecrypt-attiny45",
		Registers: classicRegs(map[string]uint16{"PORTB": 0x38, "DDRB": 0x37, "PINB": 0x36, "USIDR": 0x2F,
			"MCUCR": 0x55, "TCNT0": 0x52}),
	},
	{
		Name: "atxmega128a1", Core: CoreAVRxm, PC22: true, Flash: 139264, IOBase: 0,
		SRAMStart: 0x2000, SRAMSize: 8192, EEPROM: 2048, SPReset: 0x3FFF, SREG: 0x3F, SPL: 0x3D,
		// XMEGA: RAMPZ and EIND are whole registers (RAMPZ also extends data pointers for the EBI).
		RAMPZ: 0x3B, EIND: 0x3C, RAMPZBits: 0xFF, EINDBits: 0xFF, UDR: 0x08A0, Missing: []Op{LAC, LAT, LAS, XCH},
		Registers: map[string]uint16{"SREG": 0x3F, "SPL": 0x3D, "SPH": 0x3E, "RAMPZ": 0x3B, "EIND": 0x3C,
			"CCP": 0x34, "USARTC0_DATA": 0x08A0},
	},
	{
		Name: "atmega4809", Core: CoreAVRxt, Flash: 48 * 1024, IOBase: 0,
		SRAMStart: 0x2800, SRAMSize: 6144, EEPROM: 256, SPReset: 0x3FFF, SREG: 0x3F, SPL: 0x3D,
		UDR: 0x0802, MappedFlash: 0x4000, Missing: append([]Op{SPM, SPMZInc, EIJMP, EICALL}, elpmAll...),
		Registers: map[string]uint16{"SREG": 0x3F, "SPL": 0x3D, "SPH": 0x3E, "CCP": 0x34,
			"USART0_TXDATAL": 0x0802, "USART0_TXDATAH": 0x0803},
	},
}

// DeviceNames returns the names of the supported devices, sorted.
func DeviceNames() []string {
	var out []string
	for _, d := range devices {
		out = append(out, d.Name)
	}
	sort.Strings(out)
	return out
}

// DefaultDevice is the device used when none is named: the ATmega128 of the published SIMON/SPECK and
// CHAM results.
const DefaultDevice = "atmega128"

// LookupDevice returns the device named name (case-insensitive), or nil. The returned value is shared:
// callers must not modify it.
func LookupDevice(name string) *Device {
	for _, d := range devices {
		if strings.EqualFold(d.Name, name) {
			return d
		}
	}
	return nil
}
