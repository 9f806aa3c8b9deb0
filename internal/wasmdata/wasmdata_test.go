package wasmdata

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// module builds a WebAssembly module: a memory section, then a data section of segs, then a custom
// section (to check that what follows the data is kept), with a data count section first when count.
func module(segs []Segment, count bool) []byte {
	m := []byte("\x00asm\x01\x00\x00\x00")
	var b bytes.Buffer
	b.Write(m)
	writeSection(&b, 5, []byte{1, 0, 1}) // one memory, min 1 page
	if count {
		writeSection(&b, dataCountSection, binary.AppendUvarint(nil, uint64(len(segs))))
	}
	writeSection(&b, dataSection, encode(segs))
	writeSection(&b, 0, append([]byte{4}, "tail"...))
	return b.Bytes()
}

func TestMergeJoinsGaps(t *testing.T) {
	segs := []Segment{
		{Offset: 16, Data: []byte{1, 2, 3}},
		{Offset: 20, Data: []byte{4}},         // gap 1
		{Offset: 29, Data: []byte{5, 6}},      // gap 8
		{Offset: 100, Data: []byte{7}},        // gap 69
		{Offset: 101, Data: []byte{8, 9, 10}}, // gap 0
		{Offset: 200000, Data: []byte{11}},    // a 3-byte LEB offset
	}
	for _, count := range []bool{false, true} {
		in := module(segs, count)
		out, before, after, err := Merge(in, 8)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := Count(out); before != 6 || after != 3 || n != 3 || err != nil {
			t.Errorf("count=%v: %d segments → %d, want 6 → 3", count, before, after)
		}
		secs, err := sections(out)
		if err != nil {
			t.Fatal(err)
		}
		got, err := dataOf(secs)
		if err != nil {
			t.Fatal(err)
		}
		want := []Segment{
			{Offset: 16, Data: []byte{1, 2, 3, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 5, 6}},
			{Offset: 100, Data: []byte{7, 8, 9, 10}},
			{Offset: 200000, Data: []byte{11}},
		}
		if len(got) != len(want) {
			t.Fatalf("count=%v: %d segments, want %d", count, len(got), len(want))
		}
		for i := range want {
			if got[i].Offset != want[i].Offset || !bytes.Equal(got[i].Data, want[i].Data) {
				t.Errorf("count=%v: segment %d = %d %v, want %d %v", count, i, got[i].Offset, got[i].Data, want[i].Offset, want[i].Data)
			}
		}
		imgIn, err := Image(in)
		if err != nil {
			t.Fatal(err)
		}
		imgOut, err := Image(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(imgIn, imgOut) {
			t.Errorf("count=%v: the merged module initialises other bytes", count)
		}
		if !bytes.HasSuffix(out, append([]byte{0, 5, 4}, "tail"...)) {
			t.Errorf("count=%v: the section after the data is not kept", count)
		}
		if count {
			for _, s := range secs {
				if s.id == dataCountSection {
					if n, _, _ := uleb(s.body, 0); n != 3 {
						t.Errorf("data count %d, want 3", n)
					}
				}
			}
		}
	}
}

func TestMergeKeepsOrder(t *testing.T) {
	// Out of order and overlapping segments are left as they are (a later one overwrites).
	segs := []Segment{{Offset: 10, Data: []byte{1, 2, 3, 4}}, {Offset: 12, Data: []byte{9}}, {Offset: 2, Data: []byte{7}}}
	out, before, after, err := Merge(module(segs, false), 100)
	if err != nil {
		t.Fatal(err)
	}
	if before != 3 || after != 3 {
		t.Errorf("%d → %d segments, want 3 → 3", before, after)
	}
	img, err := Image(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := []byte{0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 1, 2, 9, 4}; !bytes.Equal(img, want) {
		t.Errorf("image %v, want %v", img, want)
	}
}

func TestMergeRejects(t *testing.T) {
	good := module([]Segment{{Offset: 1, Data: []byte{1}}}, false)
	passive := append([]byte(nil), good...)
	// The data section's first segment flag: find the section and set its flag to 1 (passive).
	secs, _ := sections(passive)
	for _, s := range secs {
		if s.id == dataSection {
			passive[s.start+3] = 1
		}
	}
	for name, m := range map[string][]byte{
		"empty":     nil,
		"not wasm":  []byte("\x00elf\x01\x00\x00\x00"),
		"version 2": []byte("\x00asm\x02\x00\x00\x00"),
		"truncated": good[:len(good)-8],
		"passive":   passive,
	} {
		if _, _, _, err := Merge(m, 8); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	noData := []byte("\x00asm\x01\x00\x00\x00\x05\x03\x01\x00\x01")
	out, before, after, err := Merge(noData, 8)
	if err != nil || !bytes.Equal(out, noData) || before != 0 || after != 0 {
		t.Errorf("a module without data: %x %d %d %v", out, before, after, err)
	}
}

// FuzzMerge: any input is read or refused without a panic, and a merged module initialises the
// same bytes.
func FuzzMerge(f *testing.F) {
	f.Add(module([]Segment{{Offset: 3, Data: []byte{1, 2}}, {Offset: 7, Data: []byte{3}}}, true), uint32(4))
	f.Add([]byte("\x00asm\x01\x00\x00\x00"), uint32(0))
	f.Fuzz(func(t *testing.T, m []byte, gap uint32) {
		out, _, _, err := Merge(m, gap%4096)
		if err != nil {
			return
		}
		a, errA := Image(m)
		b, errB := Image(out)
		if (errA == nil) != (errB == nil) || errA == nil && !bytes.Equal(a, b) {
			t.Fatalf("images differ: %v %v", errA, errB)
		}
	})
}
