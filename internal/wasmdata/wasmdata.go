// Package wasmdata rewrites the data section of a WebAssembly module as fewer, longer segments.
//
// Go's linker (GOOS=js GOARCH=wasm) writes the initial memory as one active data segment per run of
// non-zero bytes: 72,122 segments for the playground's engine.wasm, each with its own header (memory
// index, i32.const offset, end, size). The headers' offsets are distinct numbers that compress
// poorly, so they are a large part of what the module weighs gzipped. [Merge] joins segments whose
// gap is at most maxGap bytes, writing the gap's zeros explicitly: a fresh memory is zero there
// anyway, so the module initialises exactly the same bytes (its memory after instantiation is the
// same), and nothing else in it changes. Zeros cost gzip almost nothing, so the module grows raw and
// shrinks compressed.
package wasmdata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// Section ids of the binary format (WebAssembly Core Specification, 5.5.2).
const (
	dataSection      = 11
	dataCountSection = 12
)

// Segment is one active data segment of memory 0: Data is copied to memory at Offset.
type Segment struct {
	Offset uint32
	Data   []byte
}

// Merge returns module with its data segments joined wherever the gap between one segment's end and
// the next one's start is at most maxGap bytes (segments in increasing, non-overlapping order; any
// other order is kept as it is), and the number of segments before and after. A module without a
// data section is returned unchanged. It fails, and never panics, on a module it cannot read or on a
// data section with anything but active segments of memory 0 at constant offsets (what Go writes).
func Merge(module []byte, maxGap uint32) (out []byte, before, after int, err error) {
	secs, err := sections(module)
	if err != nil {
		return nil, 0, 0, err
	}
	var b bytes.Buffer
	b.Write(module[:8])
	for _, s := range secs {
		switch s.id {
		case dataSection:
			segs, err := Segments(s.body)
			if err != nil {
				return nil, 0, 0, err
			}
			merged := join(segs, maxGap)
			before, after = len(segs), len(merged)
			writeSection(&b, dataSection, encode(merged))
		case dataCountSection:
			// Its count is the data section's number of segments.
			n, _, err := uleb(s.body, 0)
			if err != nil {
				return nil, 0, 0, fmt.Errorf("data count section: %v", err)
			}
			segs, err := dataOf(secs)
			if err != nil {
				return nil, 0, 0, err
			}
			if int(n) != len(segs) {
				return nil, 0, 0, fmt.Errorf("data count %d differs from the data section's %d segments", n, len(segs))
			}
			writeSection(&b, dataCountSection, binary.AppendUvarint(nil, uint64(len(join(segs, maxGap)))))
		default:
			b.Write(module[s.start:s.end])
		}
	}
	return b.Bytes(), before, after, nil
}

// Image returns the bytes module's data segments write into a fresh (zeroed) memory, from address 0
// to the end of the last segment: two modules with the same image start with the same memory.
func Image(module []byte) ([]byte, error) {
	secs, err := sections(module)
	if err != nil {
		return nil, err
	}
	segs, err := dataOf(secs)
	if err != nil {
		return nil, err
	}
	var end uint64
	for _, s := range segs {
		end = max(end, uint64(s.Offset)+uint64(len(s.Data)))
	}
	if end > 1<<30 {
		return nil, fmt.Errorf("data segments reach %d bytes", end)
	}
	img := make([]byte, end)
	for _, s := range segs {
		copy(img[s.Offset:], s.Data)
	}
	return img, nil
}

// Count returns the number of data segments of module.
func Count(module []byte) (int, error) {
	secs, err := sections(module)
	if err != nil {
		return 0, err
	}
	segs, err := dataOf(secs)
	return len(segs), err
}

// dataOf returns the segments of the data section among secs (none when there is none).
func dataOf(secs []section) ([]Segment, error) {
	for _, s := range secs {
		if s.id == dataSection {
			return Segments(s.body)
		}
	}
	return nil, nil
}

// section is one section of a module: its id, its content, and where it lies in the module (header
// included).
type section struct {
	id         byte
	body       []byte
	start, end int
}

// sections splits a module into its sections.
func sections(m []byte) ([]section, error) {
	if len(m) < 8 || !bytes.Equal(m[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly module")
	}
	if !bytes.Equal(m[4:8], []byte{1, 0, 0, 0}) {
		return nil, fmt.Errorf("WebAssembly version %x, not 1", m[4:8])
	}
	var out []section
	for p := 8; p < len(m); {
		start, id := p, m[p]
		size, q, err := uleb(m, p+1)
		if err != nil {
			return nil, fmt.Errorf("section at byte %d: %v", start, err)
		}
		if size > uint64(len(m)-q) {
			return nil, fmt.Errorf("section at byte %d: %d bytes, past the end of the module", start, size)
		}
		end := q + int(size)
		out = append(out, section{id: id, body: m[q:end], start: start, end: end})
		p = end
	}
	return out, nil
}

// Segments reads the body of a data section: active segments of memory 0 (flag 0) with an
// i32.const offset.
func Segments(body []byte) ([]Segment, error) {
	n, p, err := uleb(body, 0)
	if err != nil {
		return nil, fmt.Errorf("data section: %v", err)
	}
	if n > uint64(len(body)) { // every segment takes at least one byte
		return nil, fmt.Errorf("data section: %d segments in %d bytes", n, len(body))
	}
	segs := make([]Segment, 0, n)
	for i := range n {
		flag, q, err := uleb(body, p)
		if err != nil {
			return nil, fmt.Errorf("data segment %d: %v", i, err)
		}
		if flag != 0 {
			return nil, fmt.Errorf("data segment %d: flag %d, not an active segment of memory 0", i, flag)
		}
		if q >= len(body) || body[q] != 0x41 { // i32.const
			return nil, fmt.Errorf("data segment %d: its offset is not an i32.const", i)
		}
		off, q, err := sleb32(body, q+1)
		if err != nil {
			return nil, fmt.Errorf("data segment %d: offset: %v", i, err)
		}
		if q >= len(body) || body[q] != 0x0b { // end
			return nil, fmt.Errorf("data segment %d: its offset is not a constant expression", i)
		}
		size, q, err := uleb(body, q+1)
		if err != nil {
			return nil, fmt.Errorf("data segment %d: size: %v", i, err)
		}
		if size > uint64(len(body)-q) {
			return nil, fmt.Errorf("data segment %d: %d bytes, past the end of the section", i, size)
		}
		segs = append(segs, Segment{Offset: uint32(off), Data: body[q : q+int(size)]})
		p = q + int(size)
	}
	if p != len(body) {
		return nil, fmt.Errorf("data section: %d bytes after its last segment", len(body)-p)
	}
	return segs, nil
}

// join merges consecutive segments whose gap is at most maxGap bytes.
func join(segs []Segment, maxGap uint32) []Segment {
	var out []Segment
	for _, s := range segs {
		if len(out) > 0 {
			last := &out[len(out)-1]
			end := uint64(last.Offset) + uint64(len(last.Data))
			if uint64(s.Offset) >= end && uint64(s.Offset)-end <= uint64(maxGap) {
				gap := int(uint64(s.Offset) - end)
				d := make([]byte, 0, len(last.Data)+gap+len(s.Data))
				d = append(append(append(d, last.Data...), make([]byte, gap)...), s.Data...)
				last.Data = d
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// encode writes the body of a data section holding segs.
func encode(segs []Segment) []byte {
	b := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41)
		b = appendSLEB(b, int64(int32(s.Offset)))
		b = append(b, 0x0b)
		b = binary.AppendUvarint(b, uint64(len(s.Data)))
		b = append(b, s.Data...)
	}
	return b
}

func writeSection(b *bytes.Buffer, id byte, body []byte) {
	b.WriteByte(id)
	b.Write(binary.AppendUvarint(nil, uint64(len(body))))
	b.Write(body)
}

// uleb reads an unsigned LEB128 number (at most 32 bits, as the format's u32) at b[p:].
func uleb(b []byte, p int) (uint64, int, error) {
	var v uint64
	for shift := 0; shift < 35; shift += 7 {
		if p >= len(b) {
			return 0, p, errors.New("truncated number")
		}
		c := b[p]
		p++
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			if v > 1<<32-1 {
				return 0, p, errors.New("number over 32 bits")
			}
			return v, p, nil
		}
	}
	return 0, p, errors.New("number over 5 bytes")
}

// sleb32 reads a signed LEB128 number of at most 32 bits at b[p:].
func sleb32(b []byte, p int) (int32, int, error) {
	var v int64
	shift := 0
	for {
		if p >= len(b) {
			return 0, p, errors.New("truncated number")
		}
		if shift >= 35 {
			return 0, p, errors.New("number over 5 bytes")
		}
		c := b[p]
		p++
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			if v < -1<<31 || v > 1<<31-1 {
				return 0, p, errors.New("number over 32 bits")
			}
			return int32(v), p, nil
		}
	}
}

func appendSLEB(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
