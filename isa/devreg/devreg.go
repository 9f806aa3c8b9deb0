// Package devreg holds, for each supported device, every name avr-libc's <avr/io.h> defines that an
// assembler source can use: the I/O registers with their addresses and widths, the bit numbers and
// bit masks (PB3, PORT_INT0LVL_gm), the memory constants (RAMEND, FLASHEND, E2END, SPM_PAGESIZE,
// SIGNATURE_0 …), the CPU register aliases (XL) and the empty flags tested with #ifdef.
//
// The tables are facts generated from the avr-libc headers through avr-gcc's preprocessor by
// internal/gen (go generate; its extract.go says how) and committed, so that nothing at run time,
// the WebAssembly build included, needs avr-libc. [Lookup] decodes a device's table:
//
//	s := devreg.Lookup("atmega328p")
//	d, _ := s.Def("PORTB") // Def{"PORTB", IO8, 0x25}: data address 0x25
//	io, _ := s.IOAddr(d)   // 0x05, the IN/OUT operand
//
// [Set.Defines] writes them back as the #define lines of a built-in <avr/io.h>; [AtmelInc] writes an
// AVRASM2 device definition file (m328Pdef.inc) from the same table.
package devreg

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Kind says how avr-libc defines a name.
type Kind uint8

// The kinds. A register kind names the avr-libc macro that defines it.
const (
	Const  Kind = iota // an integer constant: bit number, bit mask, size, address (PB3, RAMEND)
	Flag               // a macro defined with an empty body, tested with #ifdef (__AVR_HAVE_PRR_PRADC)
	CPUReg             // an alias of a CPU register; Value is n for rn (XL is r26)
	IO8                // _SFR_IO8(io): an 8-bit register in I/O space
	IO16               // _SFR_IO16(io): a 16-bit register pair in I/O space (TCNT1, SP)
	MEM8               // _SFR_MEM8(addr): an 8-bit register at a data-space address
	MEM16              // _SFR_MEM16(addr): a 16-bit register pair at a data-space address
	MEM32              // _SFR_MEM32(addr): a 32-bit register at a data-space address
)

// String returns the kind's name: "const", "flag", "cpureg" or the avr-libc macro ("_SFR_IO8").
func (k Kind) String() string {
	switch k {
	case Const:
		return "const"
	case Flag:
		return "flag"
	case CPUReg:
		return "cpureg"
	case IO8:
		return "_SFR_IO8"
	case IO16:
		return "_SFR_IO16"
	case MEM8:
		return "_SFR_MEM8"
	case MEM16:
		return "_SFR_MEM16"
	case MEM32:
		return "_SFR_MEM32"
	}
	return "Kind(?)"
}

// IsRegister reports whether k is one of the _SFR_ kinds.
func (k Kind) IsRegister() bool { return k >= IO8 && k <= MEM32 }

// Def is one name <avr/io.h> defines.
type Def struct {
	Name string
	Kind Kind
	// Value is what Name evaluates to in an assembler source with the default __SFR_OFFSET: the
	// data-space byte address of a register (I/O registers included: PORTB is 0x38 on the ATmega128),
	// the number of a constant, n for a CPU register rn, 0 for a flag.
	Value int64
}

// Size returns the width of a register in bytes (1, 2 or 4), 0 for a name that is not a register.
func (d Def) Size() int {
	switch d.Kind {
	case IO8, MEM8:
		return 1
	case IO16, MEM16:
		return 2
	case MEM32:
		return 4
	}
	return 0
}

// Set is the names of one device, safe for concurrent use (nothing changes it after Lookup).
type Set struct {
	// Device is the avr-gcc -mmcu name ("atmega328p"), Part the name as Atmel and avr-libc spell it
	// ("ATmega328P").
	Device, Part string
	// Source names the headers the table was generated from, e.g. "avr-libc 2.0.0".
	Source string
	// SFROffset is avr-libc's default __SFR_OFFSET: the data address of I/O address 0 (0x20 on classic
	// parts, 0 on AVRxm and AVRxt).
	SFROffset int
	defs      []Def          // in the order the headers first define them
	index     map[string]int // name → defs index
}

// rawTable is a device's entry in the generated tables.
type rawTable struct {
	part, source string
	sfrOffset    int
	data         string
}

// Devices returns the devices that have a table, sorted.
func Devices() []string { return devices() }

// Lookup decodes the table of a device named as avr-gcc's -mmcu does (case-insensitive), or returns nil
// for a device with none. Each call decodes afresh (0.2–0.5 ms and 0.5 MB for the largest table,
// BenchmarkLookup): keep the Set.
func Lookup(device string) *Set {
	t, ok := table(strings.ToLower(device))
	if !ok {
		return nil
	}
	defs, err := decode(t.data)
	if err != nil {
		panic("devreg: internal error: table of " + device + ": " + err.Error())
	}
	s := &Set{Device: strings.ToLower(device), Part: t.part, Source: t.source, SFROffset: t.sfrOffset,
		defs: defs, index: make(map[string]int, len(defs))}
	for i, d := range defs {
		s.index[d.Name] = i
	}
	return s
}

// kindChars are the encoding's kind characters, indexed by Kind; maxPrefix is the longest shared
// prefix a line can say ('0' + 74 = 'z'). internal/gen's encode.go describes the encoding.
const (
	kindChars = "=.@!#$%&"
	maxPrefix = 'z' - '0'
)

// decode reads a table in internal/gen's encoding; a leading newline is skipped. The names share one
// allocation.
func decode(data string) ([]Def, error) {
	data = strings.TrimPrefix(data, "\n")
	n := strings.Count(data, "\n")
	defs := make([]Def, 0, n)
	ends := make([]int, 0, n) // each name's end in arena
	arena := make([]byte, 0, 2*len(data))
	prevStart := 0
	for line := 1; data != ""; line++ {
		end := strings.IndexByte(data, '\n')
		if end < 0 {
			return nil, fmt.Errorf("line %d: no newline", line)
		}
		s := data[:end]
		data = data[end+1:]
		if s == "" {
			return nil, fmt.Errorf("line %d: empty", line)
		}
		p := int(s[0]) - '0'
		k := strings.IndexAny(s[1:], kindChars) + 1 // s[0] may be any byte '0'…'z', '@' included
		if p < 0 || p > maxPrefix || p > len(arena)-prevStart || k < 1 || p+k-1 == 0 {
			return nil, fmt.Errorf("line %d: bad entry %q", line, s)
		}
		start := len(arena)
		arena = append(arena, arena[prevStart:prevStart+p]...)
		arena = append(arena, s[1:k]...)
		prevStart = start
		d := Def{Kind: Kind(strings.IndexByte(kindChars, s[k]))}
		v := s[k+1:]
		if d.Kind == Flag {
			if v != "" {
				return nil, fmt.Errorf("line %d: a flag with a value", line)
			}
		} else {
			neg := strings.HasPrefix(v, "-")
			u, err := strconv.ParseUint(strings.TrimPrefix(v, "-"), 16, 63)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad value %q", line, v)
			}
			d.Value = int64(u)
			if neg {
				d.Value = -d.Value
			}
		}
		defs = append(defs, d)
		ends = append(ends, len(arena))
	}
	names := string(arena)
	start := 0
	for i := range defs {
		defs[i].Name = names[start:ends[i]]
		start = ends[i]
	}
	return defs, nil
}

// Def returns the definition of name (case-sensitive, as in C), or ok false.
func (s *Set) Def(name string) (d Def, ok bool) {
	i, ok := s.index[name]
	if !ok {
		return Def{}, false
	}
	return s.defs[i], true
}

// Value returns the value of name: a register's data address or a constant's number.
func (s *Set) Value(name string) (v int64, ok bool) {
	d, ok := s.Def(name)
	return d.Value, ok
}

// Defs returns every definition in the order the headers first define them (a new slice).
func (s *Set) Defs() []Def { return append([]Def(nil), s.defs...) }

// Registers returns the registers sorted by address, then name.
func (s *Set) Registers() []Def {
	var out []Def
	for _, d := range s.defs {
		if d.Kind.IsRegister() {
			out = append(out, d)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Value != out[j].Value {
			return out[i].Value < out[j].Value
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// IOAddr returns the I/O address of a register (the operand of IN and OUT, 0–0x3F), or ok false for a
// register beyond I/O space or a name that is not a register.
func (s *Set) IOAddr(d Def) (io int, ok bool) {
	if !d.Kind.IsRegister() {
		return 0, false
	}
	io = int(d.Value) - s.SFROffset
	if io < 0 || io+d.Size() > 0x40 {
		return 0, false
	}
	return io, true
}
