package ihex

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"github.com/avrlab/avrlab/internal/oracle"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestKnownRecords checks Write against records worked out by hand from the format definition
// (checksum = two's complement of the byte sum).
func TestKnownRecords(t *testing.T) {
	cases := []struct {
		name    string
		flash   []byte
		present []bool
		want    string
	}{
		{"empty", nil, nil, ":00000001FF\r\n"},
		// 0x03+0x00+0x00+0x00+0x0C+0x94+0x34 = 0xD7 -> checksum 0x29.
		{"three bytes", []byte{0x0C, 0x94, 0x34}, nil, ":030000000C943429\r\n:00000001FF\r\n"},
		// byte at 0x0002 only: 01 0002 00 AA -> sum 0xAD -> 0x53.
		{"gap", []byte{1, 2, 0xAA}, []bool{false, false, true}, ":01000200AA53\r\n:00000001FF\r\n"},
		// 0x10000: segment record 1000 (sum 0x14 -> 0xEC), then a one-byte record at offset 0.
		{"segment", append(make([]byte, 0x10000), 0x55),
			append(make([]bool, 0x10000), true), ":020000021000EC\r\n:0100000055AA\r\n:00000001FF\r\n"},
	}
	for _, c := range cases {
		var b bytes.Buffer
		if err := Write(&b, c.flash, c.present); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if b.String() != c.want {
			t.Errorf("%s: got\n%q\nwant\n%q", c.name, b.String(), c.want)
		}
	}
	// The sample record of the Intel HEX article on Wikipedia and the extended-segment example there.
	data, present, err := Read(strings.NewReader(":10010000214601360121470136007EFE09D2190140\n:00000001FF\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0x21, 0x46, 0x01, 0x36, 0x01, 0x21, 0x47, 0x01, 0x36, 0x00, 0x7E, 0xFE, 0x09, 0xD2, 0x19, 0x01}
	if len(data) != 0x110 || !bytes.Equal(data[0x100:], want) || present[0xFF] || !present[0x100] || data[0] != 0xFF {
		t.Errorf("sample record decoded to % X", data[0x100:])
	}
	data, _, err = Read(strings.NewReader(":020000021200EA\n:0100000042BD\n:00000001FF\n"))
	if err != nil || len(data) != 0x12001 || data[0x12000] != 0x42 {
		t.Errorf("segment 0x1200: len %d, err %v", len(data), err)
	}
	data, _, err = Read(strings.NewReader(":020000040001F9\n:0100100042AD\n:0400000500000000F7\n:00000001FF\n"))
	if err != nil || len(data) != 0x10011 || data[0x10010] != 0x42 {
		t.Errorf("linear 0x0001: len %d, err %v", len(data), err)
	}
}

// TestRoundTrip writes random images with gaps, across 64 KiB and 1 MiB boundaries, and reads them back.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{1, 15, 16, 17, 1000, 0x10000 + 33, 0x20000, 0x100000 + 40} {
		flash := make([]byte, size)
		present := make([]bool, size)
		for i := range flash {
			flash[i] = byte(rng.Uint32())
		}
		// Runs of present and absent bytes of random lengths; the last byte is always present.
		on := true
		for i := 0; i < size; {
			n := 1 + rng.IntN(40)
			for j := i; j < min(i+n, size); j++ {
				present[j] = on
			}
			i += n
			on = !on
		}
		present[size-1] = true
		if size > 0x10000 {
			for i := 0xFFF0; i < 0x10010; i++ {
				present[i] = true // a run through the 64 KiB boundary
			}
		}
		var b bytes.Buffer
		if err := Write(&b, flash, present); err != nil {
			t.Fatal(err)
		}
		data, got, err := Read(&b)
		if err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		if len(data) != size {
			t.Fatalf("size %d: read %d bytes", size, len(data))
		}
		for i := range data {
			if got[i] != present[i] || (present[i] && data[i] != flash[i]) || (!present[i] && data[i] != 0xFF) {
				t.Fatalf("size %d: byte %#x: got %#02x present %v, want %#02x present %v", size, i, data[i], got[i], flash[i], present[i])
			}
		}
	}
}

// TestRecordShape checks the invariants of written records: at most 16 bytes, never across 64 KiB.
func TestRecordShape(t *testing.T) {
	flash := make([]byte, 0x30000)
	var b bytes.Buffer
	if err := Write(&b, flash[:0x2FFF7], nil); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\r\n") {
		n, _ := strconv.ParseUint(line[1:3], 16, 8)
		addr, _ := strconv.ParseUint(line[3:7], 16, 16)
		if n > 16 || addr+n > 0x10000 {
			t.Fatalf("bad record %s", line)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	if err := Write(&bytes.Buffer{}, make([]byte, 4), make([]bool, 3)); err == nil {
		t.Error("mismatched present accepted")
	}
	if err := Write(&bytes.Buffer{}, make([]byte, MaxSize+1), nil); err == nil {
		t.Error("oversized image accepted")
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{":0100000055AB\n:00000001FF\n", "line 1: checksum is 0xAB, want 0xAA"},
		{"\n:0100000055AA\n:01000100550\n:00000001FF\n", "line 3: odd number of hex digits"},
		{":0100000055AA\n:00000006FA\n", "line 2: unknown record type 0x06"},
		{":0100000055AA\n", "line 1: file ends without an end-of-file record"},
		{"", "line 1: file ends without an end-of-file record"},
		{":0200000055AA\n", "line 1: length byte says 2 data bytes, record has 1"},
		{"0100000055AA\n", "line 1: record does not start with ':'"},
		{":01000000G5AA\n", "line 1: bad hex digit"},
		{":000000\n", "line 1: record too short"},
		{":00000001FF\n:0100000055AA\n", "line 2: record after the end-of-file record"},
		{":0100000055AA\n:0100000055AA\n:00000001FF\n", "line 2: address 0x0 written twice"},
		{":0200000400807A\n:0100000055AA\n:00000001FF\n", "line 2: address 0x800000 is beyond"},
		{":03000002100000EB\n", "line 1: extended address record with 3 data bytes"},
		{":0100000100FE\n", "line 1: end-of-file record with 1 data bytes"},
	}
	for _, c := range cases {
		_, _, err := Read(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.in, err, c.want)
		}
	}
	_, _, err := Read(strings.NewReader(":0100000055AA\n"))
	var le *Error
	if !errors.Is(err, ErrNoEOF) || !errors.As(err, &le) || le.Line != 1 {
		t.Errorf("missing EOF: %v", err)
	}
}

// TestAgainstObjcopy compares Write with avr-objcopy -I binary -O ihex on the same bytes: the text must
// be identical, and our reader must decode objcopy's text to the original bytes.
func TestAgainstObjcopy(t *testing.T) {
	objcopy := oracle.RequireTool(t, "avr-objcopy", "install with: apt-get install binutils-avr")
	rng := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	for _, c := range []struct {
		size  int
		shift uint32 // --change-addresses
	}{{1, 0}, {37, 0}, {70000, 0}, {0x20000, 0}, {40, 0x1FFF8}, {40, 0x10FFF8}, {40, 0xFFFF5}} {
		bin := make([]byte, c.size)
		for i := range bin {
			bin[i] = byte(rng.Uint32())
		}
		in := filepath.Join(dir, "in.bin")
		out := filepath.Join(dir, "out.hex")
		if err := os.WriteFile(in, bin, 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"-I", "binary", "-O", "ihex"}
		if c.shift != 0 {
			args = append(args, "--change-addresses", "0x"+strconv.FormatUint(uint64(c.shift), 16))
		}
		if msg, err := exec.Command(objcopy, append(args, in, out)...).CombinedOutput(); err != nil {
			t.Fatalf("avr-objcopy: %v: %s", err, msg)
		}
		theirs, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		flash := make([]byte, int(c.shift)+c.size)
		present := make([]bool, len(flash))
		copy(flash[c.shift:], bin)
		for i := int(c.shift); i < len(flash); i++ {
			present[i] = true
		}
		data, got, err := Read(bytes.NewReader(theirs))
		if err != nil {
			t.Fatalf("size %d at %#x: reading avr-objcopy output: %v", c.size, c.shift, err)
		}
		if !bytes.Equal(data[c.shift:], bin) || len(data) != len(flash) || !got[c.shift] || (c.shift > 0 && got[0]) {
			t.Errorf("size %d at %#x: avr-objcopy's file decodes to different bytes", c.size, c.shift)
		}
		var ours bytes.Buffer
		if err := Write(&ours, flash, present); err != nil {
			t.Fatal(err)
		}
		// avr-objcopy ends files it made from a shifted binary with a start-address record (type 03 or
		// 05): drop it before comparing text.
		var keep []string
		for _, l := range strings.SplitAfter(string(theirs), "\n") {
			if len(l) > 9 && (l[7:9] == "03" || l[7:9] == "05") {
				continue
			}
			keep = append(keep, l)
		}
		if s := strings.Join(keep, ""); ours.String() != s {
			t.Errorf("size %d at %#x: text differs from avr-objcopy\nours:\n%.400s\ntheirs:\n%.400s", c.size, c.shift, ours.String(), s)
		}
	}
}

// FuzzRead feeds arbitrary text to Read: it must return an error or an image that Write and Read
// reproduce.
func FuzzRead(f *testing.F) {
	f.Add(":10010000214601360121470136007EFE09D2190140\n:00000001FF\n")
	f.Add(":020000021200EA\n:0100000042BD\n:00000001FF\n")
	f.Add(":020000040001F9\n:0100100042AD\n:0400000500000000F7\n:00000001FF\n")
	f.Fuzz(func(t *testing.T, in string) {
		data, present, err := Read(strings.NewReader(in))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Write(&b, data, present); err != nil {
			t.Fatal(err)
		}
		d2, p2, err := Read(&b)
		if err != nil || !bytes.Equal(d2, data) || len(p2) != len(present) {
			t.Fatalf("round trip failed: %v", err)
		}
	})
}

// TestReadFlash: the loaders' reading of a HEX file, gaps 0x00 and not present, a byte past the flash
// refused with its address; Read leaves the same gap erased (0xFF).
func TestReadFlash(t *testing.T) {
	// 0x12 at 0 and 0x34 at 3 (a 2-byte gap), then a record at 0x10.
	sum := byte(1 + 0x10 + 0x56)
	text := ":0100000012ED\n:0100030034C8\n:0100100056" + fmt.Sprintf("%02X", -sum) + "\n:00000001FF\n"
	raw, _, err := Read(strings.NewReader(text))
	if err != nil || raw[1] != 0xFF {
		t.Fatalf("Read: %v, % x", err, raw)
	}
	data, present, err := ReadFlash(strings.NewReader(text), 0x20)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprintf("% x", data[:4]) != "12 00 00 34" || present[1] || !present[3] || len(data) != 0x11 || data[0x10] != 0x56 {
		t.Errorf("ReadFlash: % x, present %v", data, present)
	}
	_, _, err = ReadFlash(strings.NewReader(text), 0x10)
	var past *PastEndError
	if !errors.As(err, &past) || past.Addr != 0x10 || err.Error() != "data at address 0x10 is past the end of the flash (0x10 bytes)" {
		t.Errorf("ReadFlash into 16 bytes: %v", err)
	}
}

// hexFile writes records (type, address, data) with their checksums, as Write does.
func hexFile(recs ...any) string {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	for i := 0; i+2 < len(recs); i += 3 {
		data, _ := recs[i+2].([]byte) // nil: no data
		writeRecord(w, byte(recs[i].(int)), uint16(recs[i+1].(int)), data)
	}
	_ = w.Flush()
	return b.String()
}

// TestReadErrorOrder: Read reports the error of the first bad byte in file order, whether the
// byte is written twice or lies past MaxSize, before a later line's error; a record reaching past
// MaxSize names its first byte there, and an address past 2^32 does not wrap to 0.
func TestReadErrorOrder(t *testing.T) {
	twice := []byte{0x55, 0x66}
	cases := []struct{ in, want string }{
		// A byte written twice on line 2, a bad record on line 3.
		{hexFile(recData, 0, twice, recData, 1, twice) + ":0100\n", "line 2: address 0x1 written twice"},
		// The record at 0x7FFFFE runs two bytes past the limit: its first byte is written twice.
		{hexFile(recLinear, 0, []byte{0x00, 0x7F}, recData, 0xFFFE, twice, recData, 0xFFFF, []byte{1, 2, 3, 4}, recEOF, 0, nil),
			"line 3: address 0x7FFFFF written twice"},
		// The same without the overlap: the first byte past the limit.
		{hexFile(recLinear, 0, []byte{0x00, 0x7F}, recData, 0xFFFF, []byte{1, 2, 3, 4}, recEOF, 0, nil),
			"line 2: address 0x800000 is beyond the 8388608-byte limit"},
		// Linear 0xFFFF, offset 0xFFFF: 0xFFFFFFFF, then 0x100000000, which must not be 0.
		{hexFile(recData, 0, twice, recLinear, 0, []byte{0xFF, 0xFF}, recData, 0xFFFF, twice, recEOF, 0, nil),
			"line 3: address 0xFFFFFFFF is beyond the 8388608-byte limit"},
		// A later line's error after good records.
		{hexFile(recData, 0x10, twice, recData, 0, twice) + ":00000001FE\n", "line 3: checksum is 0xFE, want 0xFF"},
	}
	for _, c := range cases {
		_, _, err := Read(strings.NewReader(c.in))
		if err == nil || err.Error() != "ihex: "+c.want {
			t.Errorf("%q: got %v, want %q", c.in, err, c.want)
		}
	}
	data, present, err := Read(strings.NewReader(hexFile(recData, 4, twice, recData, 0, nil, recEOF, 0, nil)))
	if err != nil || !bytes.Equal(data, []byte{0xFF, 0xFF, 0xFF, 0xFF, 0x55, 0x66}) || present[3] || !present[5] {
		t.Errorf("gap of 4, empty record: % X %v %v", data, present, err)
	}
}

// TestReadAllocs: reading a 32 KiB image (2,048 records) allocates a few dozen times (the
// records' buffers growing, the image), not per line or per byte (2,085 before).
func TestReadAllocs(t *testing.T) {
	flash := make([]byte, 32<<10)
	for i := range flash {
		flash[i] = byte(i * 7)
	}
	var b bytes.Buffer
	if err := Write(&b, flash, nil); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	n := testing.AllocsPerRun(5, func() {
		if data, _, err := Read(strings.NewReader(text)); err != nil || !bytes.Equal(data, flash) {
			t.Fatalf("read back: %v", err)
		}
	})
	if n > 64 {
		t.Errorf("%v allocations reading %d records, want at most 64", n, len(flash)/16)
	}
}

// BenchmarkRead reads a 32 KiB image.
func BenchmarkRead(b *testing.B) {
	flash := make([]byte, 32<<10)
	var w bytes.Buffer
	if err := Write(&w, flash, nil); err != nil {
		b.Fatal(err)
	}
	text := w.String()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, _, err := Read(strings.NewReader(text)); err != nil {
			b.Fatal(err)
		}
	}
}
