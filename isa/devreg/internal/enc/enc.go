// Package enc is the text encoding of package devreg's tables, shared by the generator (which writes
// it) and devreg (which reads it).
//
// One device's table is one line per name, in the order the headers first define them:
//
//	<p><suffix><k>[<value>]
//
// where p is '0' plus the number of leading bytes the name shares with the previous line's name (at
// most 74, 'z'), suffix the rest of the name, k the kind (= constant, . flag, @ CPU register, ! IO8,
// # IO16, $ MEM8, % MEM16, & MEM32) and value lower-case hexadecimal, '-' first when negative, absent
// for a flag. Names are C identifiers, so k ends the suffix. The front coding halves the size: names
// such as PORTA_PIN0CTRL … PORTR_PIN7CTRL share most of their letters with the line before.
package enc

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind says how avr-libc defines a name: a register through one of its _SFR_ macros, or otherwise.
type Kind uint8

// The kinds, in the order of package devreg's Kind.
const (
	Const  Kind = iota // an integer constant: a bit number, bit mask, size or address
	Flag               // defined with an empty body, for #ifdef (__AVR_HAVE_PRPD_SPI)
	CPUReg             // an alias of a CPU register: XL is r26, Value 26
	IO8                // _SFR_IO8(io): an 8-bit register in I/O space, value io + __SFR_OFFSET
	IO16               // _SFR_IO16(io): a 16-bit register pair in I/O space
	MEM8               // _SFR_MEM8(addr): an 8-bit register at a data-space address
	MEM16              // _SFR_MEM16(addr)
	MEM32              // _SFR_MEM32(addr)
)

const kindChars = "=.@!#$%&"

// Entry is one name the headers define.
type Entry struct {
	Name string
	Kind Kind
	// Value is what the name evaluates to in an assembler source with the default __SFR_OFFSET: the
	// data-space address for a register, the number for a constant, n for a CPU register rn, 0 for a
	// flag.
	Value int64
}

// maxPrefix is the longest shared prefix one byte can say ('0' + 74 = 'z').
const maxPrefix = 'z' - '0'

// Encode returns the entries in the encoding of the package doc.
func Encode(entries []Entry) string {
	var b strings.Builder
	prev := ""
	for _, e := range entries {
		p := 0
		for p < len(prev) && p < len(e.Name) && p < maxPrefix && prev[p] == e.Name[p] {
			p++
		}
		b.WriteByte(byte('0' + p))
		b.WriteString(e.Name[p:])
		b.WriteByte(kindChars[e.Kind])
		if e.Kind != Flag {
			if e.Value < 0 {
				b.WriteByte('-')
				b.WriteString(strconv.FormatUint(uint64(-e.Value), 16))
			} else {
				b.WriteString(strconv.FormatUint(uint64(e.Value), 16))
			}
		}
		b.WriteByte('\n')
		prev = e.Name
	}
	return b.String()
}

// Decode reads a table written by Encode; a leading newline is skipped.
func Decode(data string) ([]Entry, error) {
	data = strings.TrimPrefix(data, "\n")
	entries := make([]Entry, 0, strings.Count(data, "\n"))
	prev := ""
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
		if p < 0 || p > maxPrefix || p > len(prev) || k < 1 {
			return nil, fmt.Errorf("line %d: bad entry %q", line, s)
		}
		e := Entry{Name: prev[:p] + s[1:k], Kind: Kind(strings.IndexByte(kindChars, s[k]))}
		v := s[k+1:]
		if e.Kind == Flag {
			if v != "" {
				return nil, fmt.Errorf("line %d: a flag with a value", line)
			}
		} else {
			neg := strings.HasPrefix(v, "-")
			n, err := strconv.ParseUint(strings.TrimPrefix(v, "-"), 16, 63)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad value %q", line, v)
			}
			e.Value = int64(n)
			if neg {
				e.Value = -e.Value
			}
		}
		entries = append(entries, e)
		prev = e.Name
	}
	return entries, nil
}
