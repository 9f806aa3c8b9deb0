// Package ihex reads and writes Intel HEX files, the format avr-objcopy -O ihex produces and AVR
// programmers load.
//
// Write emits the records avr-objcopy emits for the same bytes: data records of up to 16 bytes, extended
// segment address records (type 02) below 1 MiB and extended linear address records (type 04) above,
// upper-case hex digits and CRLF line ends, and a final end-of-file record. Read accepts what avr-objcopy
// and other tools write (data, end of file, extended segment and linear addresses, start addresses) and
// reports malformed input with the line number.
package ihex

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"slices"

	"github.com/avrlab/avrlab/internal/textf"
)

// MaxSize bounds the images Read builds and Write accepts: 8 MiB, the reach of a 22-bit AVR program
// counter. Addresses at or above it (avr-gcc's 0x800000 data space, 0x810000 EEPROM …) are not flash.
const MaxSize = 1 << 23

// Record types of the Intel HEX format.
const (
	recData         = 0x00
	recEOF          = 0x01
	recSegment      = 0x02 // extended segment address: base = value << 4
	recStartSegment = 0x03 // start segment address (CS:IP), no data
	recLinear       = 0x04 // extended linear address: base = value << 16
	recStartLinear  = 0x05 // start linear address (EIP), no data
)

// recordSize is the number of data bytes per record, as avr-objcopy writes them.
const recordSize = 16

// Write writes flash as Intel HEX to w. present marks the bytes to write (len(present) must equal
// len(flash)); bytes not present leave a gap in the file. A nil present writes every byte. A record never
// holds more than 16 bytes nor crosses a gap or a 64 KiB boundary; an extended address record precedes
// the first record of each 64 KiB block above the first.
func Write(w io.Writer, flash []byte, present []bool) error {
	if present != nil && len(present) != len(flash) {
		return textf.Errorf("ihex: %d presence flags for %d bytes", len(present), len(flash))
	}
	var segs []Segment
	for i := 0; i < len(flash); {
		if present != nil && !present[i] {
			i++
			continue
		}
		j := i + 1
		for j < len(flash) && (present == nil || present[j]) {
			j++
		}
		segs = append(segs, Segment{Start: i, End: j})
		i = j
	}
	return WriteSegments(w, flash, segs)
}

// Segment is a range [Start, End) of byte addresses written as one run of records, as avr-objcopy
// writes one output section: records of 16 bytes from Start, the last one shorter.
type Segment struct{ Start, End int }

// WriteSegments writes the segments of flash as Intel HEX to w, in the order given (each inside flash,
// in increasing address order, not overlapping), the way avr-objcopy -O ihex writes the output sections
// of an ELF file: within a segment, records of up to 16 bytes from its start, cut at 64 KiB boundaries
// (the record after a cut starts at the boundary), an extended address record before the first record
// of each 64 KiB block above the first, and a final end-of-file record. Empty segments write nothing.
func WriteSegments(w io.Writer, flash []byte, segs []Segment) error {
	if len(flash) > MaxSize {
		return textf.Errorf("ihex: image of %d bytes is larger than %d", len(flash), MaxSize)
	}
	last := 0
	for _, s := range segs {
		if s.Start < last || s.End < s.Start || s.End > len(flash) {
			return textf.Errorf("ihex: segment [%d, %d) outside the image or out of order", s.Start, s.End)
		}
		last = s.End
	}
	bw := bufio.NewWriter(w)
	var upper uint32     // address bits above the low 16 that the last extended record set
	segmentUsed := false // a non-zero extended segment record is in effect
	for _, s := range segs {
		for i := s.Start; i < s.End; {
			addr := uint32(i)
			if hi := addr &^ 0xFFFF; hi != upper {
				if hi < 1<<20 {
					writeRecord(bw, recSegment, 0, []byte{byte(hi >> 12), byte(hi >> 4)})
					segmentUsed = hi != 0
				} else {
					if segmentUsed {
						writeRecord(bw, recSegment, 0, []byte{0, 0})
						segmentUsed = false
					}
					writeRecord(bw, recLinear, 0, []byte{byte(hi >> 24), byte(hi >> 16)})
				}
				upper = hi
			}
			// Up to 16 bytes, stopping at the segment's end and at the 64 KiB boundary.
			end := i + 1
			for end < s.End && end-i < recordSize && uint32(end)&0xFFFF != 0 {
				end++
			}
			writeRecord(bw, recData, uint16(addr), flash[i:end])
			i = end
		}
	}
	writeRecord(bw, recEOF, 0, nil)
	return bw.Flush()
}

const hexDigits = "0123456789ABCDEF"

// writeRecord writes one record line with its checksum. Errors are left to the caller's Flush.
func writeRecord(w *bufio.Writer, typ byte, addr uint16, data []byte) {
	line := make([]byte, 0, 1+2*(5+len(data))+2)
	sum := byte(0)
	put := func(b byte) {
		line = append(line, hexDigits[b>>4], hexDigits[b&0xF])
		sum += b
	}
	line = append(line, ':')
	put(byte(len(data)))
	put(byte(addr >> 8))
	put(byte(addr))
	put(typ)
	for _, b := range data {
		put(b)
	}
	put(-sum)
	line = append(line, '\r', '\n')
	_, _ = w.Write(line)
}

// ErrNoEOF is what Read's *Error wraps when the input ends without an end-of-file record; test for it
// with errors.Is.
var ErrNoEOF = errors.New("missing end-of-file record")

// Error is a problem on one line of an Intel HEX file.
type Error struct {
	Line int    // 1-based line number
	Msg  string // what is wrong, lower case
	err  error  // sentinel wrapped, if any
}

// Error formats the error as "ihex: line N: message".
func (e *Error) Error() string { return textf.Sprintf("ihex: line %d: %s", e.Line, e.Msg) }

// Unwrap returns the sentinel error behind e (ErrNoEOF), or nil.
func (e *Error) Unwrap() error { return e.err }

// Read decodes an Intel HEX file. data runs from address 0 to the highest address the file writes, with
// bytes the file does not write set to 0xFF (erased flash) and marked false in present. Blank lines and
// surrounding white space are ignored; anything after the end-of-file record other than blank lines is an
// error, as are bad hex digits, an odd number of digits, a length byte that disagrees with the record, a
// checksum mismatch, an unknown record type, an address at or above [MaxSize] and a byte written twice.
// Errors are *Error values naming the line; a missing end-of-file record names the last line and wraps
// [ErrNoEOF].
func Read(r io.Reader) (data []byte, present []bool, err error) {
	recs, err := scanRecords(r)
	data, present, placeErr := recs.place()
	if placeErr != nil { // a byte written twice before the line err names
		return nil, nil, placeErr
	}
	if err != nil {
		return nil, nil, err
	}
	return data, present, nil
}

// dataRecord is one data record's bytes, records.payload[from:to], at addr onwards.
type dataRecord struct {
	line     int
	addr     uint32
	from, to int
}

// records is what scanRecords read of a file: its data records in file order, their bytes in one
// buffer, and the extent they write, from address 0 to end.
type records struct {
	data    []dataRecord
	payload []byte
	end     uint32
}

// scanRecords reads r's records up to its end-of-file record, checking every line, and returns
// the data records read before the first error, the part of a data record below [MaxSize] when
// the error is its bytes past it, and the error. A byte written twice is place's error, not its.
func scanRecords(r io.Reader) (*records, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), 1<<20)
	recs := &records{}
	var base uint32
	var rec []byte // the current line's bytes, its buffer reused
	ended := false
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if ended {
			return recs, lineError(n, "record after the end-of-file record")
		}
		var msg string
		if rec, msg = decodeRecord(line, rec[:0]); msg != "" {
			return recs, &Error{Line: n, Msg: msg}
		}
		count := int(rec[0])
		offset := uint32(rec[1])<<8 | uint32(rec[2])
		payload := rec[4 : 4+count]
		switch typ := rec[3]; typ {
		case recData:
			if err := recs.add(n, base+offset, payload); err != nil {
				return recs, err
			}
		case recEOF:
			if count != 0 {
				return recs, lineError(n, "end-of-file record with %d data bytes", count)
			}
			ended = true
		case recSegment, recLinear:
			if count != 2 {
				return recs, lineError(n, "extended address record with %d data bytes, want 2", count)
			}
			v := uint32(payload[0])<<8 | uint32(payload[1])
			if typ == recSegment {
				base = v << 4
			} else {
				base = v << 16
			}
		case recStartSegment, recStartLinear:
			if count != 4 {
				return recs, lineError(n, "start address record with %d data bytes, want 4", count)
			}
		default:
			return recs, lineError(n, "unknown record type 0x%02X", typ)
		}
	}
	if err := sc.Err(); err != nil {
		return recs, textf.Errorf("ihex: line %d: %w", n+1, err)
	}
	if !ended {
		return recs, &Error{Line: max(n, 1), Msg: "file ends without an end-of-file record", err: ErrNoEOF}
	}
	return recs, nil
}

func lineError(n int, format string, args ...any) error {
	return &Error{Line: n, Msg: textf.Sprintf(format, args...)}
}

// decodeRecord decodes line (':' and hex digits, trimmed) into buf and checks its length byte
// and checksum: the record's bytes, or what is wrong with it.
func decodeRecord(line, buf []byte) (rec []byte, msg string) {
	if line[0] != ':' {
		return buf, "record does not start with ':'"
	}
	digits := line[1:]
	if len(digits)%2 != 0 {
		return buf, textf.Sprintf("odd number of hex digits (%d)", len(digits))
	}
	rec = slices.Grow(buf, len(digits)/2)[:len(digits)/2]
	var sum byte
	for i := range rec {
		hi, ok1 := unhex(digits[2*i])
		lo, ok2 := unhex(digits[2*i+1])
		if !ok1 || !ok2 {
			return rec, textf.Sprintf("bad hex digit in %q", digits[2*i:2*i+2])
		}
		rec[i] = hi<<4 | lo
		sum += rec[i]
	}
	if len(rec) < 5 {
		return rec, textf.Sprintf("record too short (%d bytes, need at least 5)", len(rec))
	}
	count := int(rec[0])
	if len(rec) != count+5 {
		return rec, textf.Sprintf("length byte says %d data bytes, record has %d", count, len(rec)-5)
	}
	last := rec[len(rec)-1]
	if want := -(sum - last); last != want {
		return rec, textf.Sprintf("checksum is 0x%02X, want 0x%02X", last, want)
	}
	return rec, ""
}

// add notes the data record of line writing payload at addr onwards; of a record reaching
// [MaxSize] or past it, the bytes below it, and the error naming the first byte past.
func (r *records) add(line int, addr uint32, payload []byte) error {
	if uint64(addr)+uint64(len(payload)) <= MaxSize {
		r.keep(line, addr, payload)
		return nil
	}
	below := uint32(0)
	if addr < MaxSize {
		below = MaxSize - addr
	}
	r.keep(line, addr, payload[:below])
	return lineError(line, "address 0x%X is beyond the %d-byte limit", addr+below, MaxSize)
}

func (r *records) keep(line int, addr uint32, payload []byte) {
	if len(payload) == 0 {
		return
	}
	from := len(r.payload)
	r.payload = append(r.payload, payload...)
	r.data = append(r.data, dataRecord{line: line, addr: addr, from: from, to: len(r.payload)})
	r.end = max(r.end, addr+uint32(len(payload)))
}

// place lays the records' bytes out from address 0 to their end, 0xFF and not present where no
// record writes, in file order: the first byte a record writes again is an error on its line.
func (r *records) place() (data []byte, present []bool, err error) {
	if r.end == 0 {
		return nil, nil, nil
	}
	data = bytes.Repeat([]byte{0xFF}, int(r.end))
	present = make([]bool, r.end)
	for _, d := range r.data {
		for i, b := range r.payload[d.from:d.to] {
			a := d.addr + uint32(i)
			if present[a] {
				return nil, nil, lineError(d.line, "address 0x%X written twice", a)
			}
			data[a], present[a] = b, true
		}
	}
	return data, present, nil
}

// PastEndError is ReadFlash's error for a file that writes a byte at or past the end of the flash.
type PastEndError struct {
	Addr  int // the first such address
	Flash int // the size of the flash in bytes
}

// Error says where the first byte past the flash is.
func (e *PastEndError) Error() string {
	return textf.Sprintf("data at address 0x%X is past the end of the flash (0x%X bytes)", e.Addr, e.Flash)
}

// ReadFlash decodes an Intel HEX file as the image of a flash of size bytes, as every program loader of
// avrlab reads one (asm.Image's contract): data runs from address 0 to the highest address the file
// writes, bytes the file does not write are 0x00 and marked false in present, and a byte written at or
// past size is a *PastEndError. Malformed files give Read's errors.
func ReadFlash(r io.Reader, size int) (data []byte, present []bool, err error) {
	data, present, err = Read(r)
	if err != nil {
		return nil, nil, err
	}
	for a := size; a < len(present); a++ {
		if present[a] {
			return nil, nil, &PastEndError{Addr: a, Flash: size}
		}
	}
	for i, p := range present {
		if !p {
			data[i] = 0
		}
	}
	return data, present, nil
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
