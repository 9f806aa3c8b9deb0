package loader_test

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/asm/loader"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab/cipher"
)

const (
	speckSource  = "../../lab/testdata/speck64c.c"
	speckFixture = "../../lab/testdata/speck64c.elf" // avr-gcc -Os -mmcu=atmega128 -o speck64c.elf speck64c.c
)

// tinySource and tiny2Source are an assembly-only program with a flash section far from .text (a gap),
// an odd .data (avr-ld pads it to 4), .bss, .noinit, local and absolute symbols, a name that is local in
// one file and global in the other (twice) and one that is local in both (local2).
const tinySource = `
        .text
        .global start
        .type start, @function
start:
twice:
local2:
        ldi r24, 1
        rjmp start
        .size start, .-start

        .section .boot,"ax",@progbits
        .global boot
        .type boot, @function
boot:
        ret
        .size boot, .-boot

        .data
        .global odd
        .type odd, @object
odd:    .byte 1, 2, 3
        .size odd, 3

        .section .noinit,"aw",@nobits
keep:   .skip 4

        .section .bss
        .global zero
zero:   .skip 5

        .global MAGIC
        .equ MAGIC, 0x1234
`

const tiny2Source = `
        .text
        .global twice
twice:  nop
local2: ret
`

// built is one program linked by the GNU toolchain and what its tools say about it.
type built struct {
	elf   []byte
	bin   []byte            // avr-objcopy -O binary -j .text -j .data (-j .boot)
	hex   []byte            // avr-objcopy -O ihex
	nm    map[string]nmSym  // avr-nm -S --defined-only, names that occur once
	hdrs  map[string]objSec // avr-objdump -h
	tools string            // avr-gcc --version, first line
}

type nmSym struct {
	addr, size uint64
	typ        string
}

type objSec struct {
	size, vma, lma uint64
	flags          string // the line under it: "CONTENTS, ALLOC, LOAD, ..."
}

var gnu struct {
	once        sync.Once
	speck, tiny *built
	err         error
}

// gnuBuilds compiles speck64c.c and links tinySource, once per test binary.
func gnuBuilds(t *testing.T) (speck, tiny *built) {
	t.Helper()
	oracle.NeedGNU(t)
	gnu.once.Do(func() {
		dir, err := os.MkdirTemp("", "avrlab-loader-")
		if err != nil {
			gnu.err = err
			return
		}
		defer os.RemoveAll(dir)
		src, err := os.ReadFile(speckSource)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, "speck64c.c"), src, 0o644)
		}
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, "tiny.S"), []byte(tinySource), 0o644)
		}
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, "tiny2.S"), []byte(tiny2Source), 0o644)
		}
		if err != nil {
			gnu.err = err
			return
		}
		var wg sync.WaitGroup
		var errS, errT error
		wg.Go(func() {
			gnu.speck, errS = build(dir, "speck64c", []string{"-Os", "-mmcu=atmega128", "-o", "speck64c.elf", "speck64c.c"},
				".text", ".data")
		})
		wg.Go(func() {
			gnu.tiny, errT = build(dir, "tiny", []string{"-mmcu=atmega128", "-nostartfiles", "-nostdlib",
				"-Wl,--section-start=.boot=0x1000", "-o", "tiny.elf", "tiny.S", "tiny2.S"}, ".text", ".data", ".boot")
		})
		wg.Wait()
		gnu.err = errS
		if gnu.err == nil {
			gnu.err = errT
		}
	})
	if gnu.err != nil {
		t.Fatal(gnu.err)
	}
	return gnu.speck, gnu.tiny
}

func run(dir, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}

func build(dir, base string, gccArgs []string, flashSections ...string) (*built, error) {
	b := &built{}
	ver, err := run(dir, "avr-gcc", "--version")
	if err != nil {
		return nil, err
	}
	b.tools, _, _ = strings.Cut(string(ver), "\n")
	if _, err := run(dir, "avr-gcc", gccArgs...); err != nil {
		return nil, err
	}
	elfName := base + ".elf"
	if b.elf, err = os.ReadFile(filepath.Join(dir, elfName)); err != nil {
		return nil, err
	}
	args := []string{"-O", "binary", "--gap-fill", "0xff"} // bytes no section loads are erased flash
	for _, s := range flashSections {
		args = append(args, "-j", s)
	}
	if _, err := run(dir, "avr-objcopy", append(args, elfName, base+".bin")...); err != nil {
		return nil, err
	}
	if b.bin, err = os.ReadFile(filepath.Join(dir, base+".bin")); err != nil {
		return nil, err
	}
	if _, err := run(dir, "avr-objcopy", "-O", "ihex", elfName, base+".hex"); err != nil {
		return nil, err
	}
	if b.hex, err = os.ReadFile(filepath.Join(dir, base+".hex")); err != nil {
		return nil, err
	}
	nm, err := run(dir, "avr-nm", "-S", "--defined-only", elfName)
	if err != nil {
		return nil, err
	}
	if b.nm, err = parseNM(nm); err != nil {
		return nil, err
	}
	hdrs, err := run(dir, "avr-objdump", "-h", elfName)
	if err != nil {
		return nil, err
	}
	b.hdrs = parseObjdumpH(hdrs)
	return b, nil
}

// parseNM reads avr-nm -S output ("addr [size] type name"); names printed twice are left out.
func parseNM(out []byte) (map[string]nmSym, error) {
	syms := map[string]nmSym{}
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		var s nmSym
		var name string
		var err error
		switch len(f) {
		case 3:
			s.addr, err = strconv.ParseUint(f[0], 16, 64)
			s.typ, name = f[1], f[2]
		case 4:
			s.addr, err = strconv.ParseUint(f[0], 16, 64)
			if err == nil {
				s.size, err = strconv.ParseUint(f[1], 16, 64)
			}
			s.typ, name = f[2], f[3]
		default:
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("avr-nm line %q: %v", sc.Text(), err)
		}
		seen[name]++
		syms[name] = s
	}
	for name, n := range seen {
		if n > 1 {
			delete(syms, name)
		}
	}
	return syms, sc.Err()
}

// parseObjdumpH reads the section table of avr-objdump -h.
func parseObjdumpH(out []byte) map[string]objSec {
	secs := map[string]objSec{}
	last := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if last != "" {
			s := secs[last]
			s.flags = strings.TrimSpace(sc.Text())
			secs[last] = s
			last = ""
			continue
		}
		if len(f) < 6 {
			continue
		}
		if _, err := strconv.Atoi(f[0]); err != nil {
			continue
		}
		size, e1 := strconv.ParseUint(f[2], 16, 64)
		vma, e2 := strconv.ParseUint(f[3], 16, 64)
		lma, e3 := strconv.ParseUint(f[4], 16, 64)
		if e1 == nil && e2 == nil && e3 == nil {
			secs[f[1]] = objSec{size: size, vma: vma, lma: lma}
			last = f[1]
		}
	}
	return secs
}

// elfAddr turns an image symbol back into the address avr-nm prints.
func elfAddr(s asm.Symbol) uint64 {
	if s.Section == asm.SectionData || s.Section == asm.SectionBSS {
		return uint64(s.Value) + 0x800000
	}
	return uint64(s.Value)
}

// checkAgainstGNU compares an image with the toolchain's own view of the ELF.
func checkAgainstGNU(t *testing.T, im *asm.Image, b *built) {
	t.Helper()
	if !bytes.Equal(im.Flash, b.bin) {
		t.Errorf("flash (%d bytes) differs from avr-objcopy -O binary (%d bytes)", len(im.Flash), len(b.bin))
	}
	if len(im.Emitted) != len(im.Flash) {
		t.Fatalf("len(Emitted) = %d, len(Flash) = %d", len(im.Emitted), len(im.Flash))
	}
	// Emitted covers exactly the flash sections at their load addresses.
	want := make([]bool, len(im.Flash))
	for name, s := range b.hdrs {
		if s.lma >= 0x800000 || !strings.Contains(s.flags, "LOAD") || s.size == 0 {
			continue
		}
		if s.lma+s.size > uint64(len(want)) {
			t.Fatalf("section %s ends at 0x%x, past the flash image", name, s.lma+s.size)
		}
		for a := s.lma; a < s.lma+s.size; a++ {
			want[a] = true
		}
	}
	for a := range want {
		if want[a] != im.Emitted[a] {
			t.Errorf("Emitted[0x%x] = %v, want %v", a, im.Emitted[a], want[a])
			break
		}
	}
	// Every symbol avr-nm prints once, with its address and size.
	for name, ns := range b.nm {
		s, ok := im.Symbol(name)
		if !ok {
			t.Errorf("symbol %s (nm %08x %s) missing", name, ns.addr, ns.typ)
			continue
		}
		if got := elfAddr(s); got != ns.addr || uint64(s.Size) != ns.size {
			t.Errorf("symbol %s: %s 0x%x size %d, avr-nm says 0x%x size %d (%s)", name, s.Section, got, s.Size, ns.addr, ns.size, ns.typ)
		}
		wantSec := map[string]asm.Section{"t": asm.SectionText, "T": asm.SectionText, "W": asm.SectionText,
			"d": asm.SectionData, "D": asm.SectionData, "b": asm.SectionBSS, "B": asm.SectionBSS,
			"a": asm.SectionAbs, "A": asm.SectionAbs, "N": asm.SectionAbs}
		if ws, ok := wantSec[ns.typ]; ok && !(ns.typ == "W" && s.Section == asm.SectionAbs) && s.Section != ws {
			t.Errorf("symbol %s: section %s, avr-nm type %s", name, s.Section, ns.typ)
		}
		if g := ns.typ == strings.ToUpper(ns.typ) && ns.typ != "N"; g != s.Global && ns.typ != "N" {
			t.Errorf("symbol %s: Global %v, avr-nm type %s", name, s.Global, ns.typ)
		}
	}
	if !sort.SliceIsSorted(im.Symbols, func(i, j int) bool { return im.Symbols[i].Name < im.Symbols[j].Name }) {
		t.Error("symbols not sorted by name")
	}
	// .data and .bss.
	if d, ok := b.hdrs[".data"]; ok {
		if uint64(im.DataAddr) != d.vma-0x800000 || uint64(im.DataFlash) != d.lma || uint64(len(im.Data)) != d.size {
			t.Errorf("data at 0x%x from flash 0x%x, %d bytes; avr-objdump -h: VMA 0x%x LMA 0x%x size %d",
				im.DataAddr, im.DataFlash, len(im.Data), d.vma, d.lma, d.size)
		} else if !bytes.Equal(im.Data, b.bin[d.lma:d.lma+d.size]) {
			t.Error("Data differs from the init copy in flash")
		}
	}
	lo, hi := uint64(1<<32), uint64(0)
	for _, name := range []string{".bss", ".noinit"} {
		if s, ok := b.hdrs[name]; ok {
			lo, hi = min(lo, s.vma-0x800000), max(hi, s.vma-0x800000+s.size)
		}
	}
	if hi > 0 && (uint64(im.BSSAddr) != lo || uint64(im.BSSSize) != hi-lo) {
		t.Errorf("bss at 0x%x size %d, avr-objdump -h: 0x%x size %d", im.BSSAddr, im.BSSSize, lo, hi-lo)
	}
}

func TestELFSpeckMatchesGNU(t *testing.T) {
	speck, _ := gnuBuilds(t)
	im, err := loader.ELF(speck.elf, "atmega128")
	if err != nil {
		t.Fatal(err)
	}
	checkAgainstGNU(t, im, speck)
	for _, name := range []string{"speck64_128_encrypt", "speck64_128_decrypt", "speck64_128_keyschedule", "main"} {
		s, ok := im.Symbol(name)
		if !ok || !s.Func || !s.Global || s.Section != asm.SectionText || s.Size == 0 {
			t.Errorf("%s: %+v, want a global function in text with a size", name, s)
		}
	}
	for _, s := range im.Symbols {
		if s.Func {
			t.Logf("func %-26s 0x%04x %4d bytes", s.Name, s.Value, s.Size)
		}
	}
	checkSpeck(t, im)
}

func TestELFTinyMatchesGNU(t *testing.T) {
	_, tiny := gnuBuilds(t)
	im, err := loader.ELF(tiny.elf, "")
	if err != nil {
		t.Fatal(err)
	}
	checkAgainstGNU(t, im, tiny)
	if len(im.Flash) != 0x1002 || im.EmittedBytes(0, 0x1002) != 14 || im.EmittedBytes(12, 0x1000) != 0 {
		t.Errorf("flash %d bytes, %d emitted (%d in the gap), want 0x1002, 14, 0",
			len(im.Flash), im.EmittedBytes(0, 0x1002), im.EmittedBytes(12, 0x1000))
	}
	if !bytes.Equal(im.Data, []byte{1, 2, 3, 0}) || im.DataAddr != 0x100 || im.DataFlash != 8 ||
		im.BSSAddr != 0x104 || im.BSSSize != 9 {
		t.Errorf("data %x at 0x%x from 0x%x, bss 0x%x+%d", im.Data, im.DataAddr, im.DataFlash, im.BSSAddr, im.BSSSize)
	}
	want := []asm.Symbol{
		{Name: "MAGIC", Section: asm.SectionAbs, Value: 0x1234, Global: true},
		{Name: "boot", Section: asm.SectionText, Value: 0x1000, Size: 2, Func: true, Global: true},
		{Name: "keep", Section: asm.SectionBSS, Value: 0x109},
		{Name: "local2", Section: asm.SectionText, Value: 0},              // the first of two locals
		{Name: "twice", Section: asm.SectionText, Value: 4, Global: true}, // the global, not the local
		{Name: "odd", Section: asm.SectionData, Value: 0x100, Size: 3, Global: true},
		{Name: "start", Section: asm.SectionText, Value: 0, Size: 4, Func: true, Global: true},
		{Name: "zero", Section: asm.SectionBSS, Value: 0x104, Global: true},
	}
	for _, w := range want {
		if s, ok := im.Symbol(w.Name); !ok || s != w {
			t.Errorf("symbol %s = %+v, want %+v", w.Name, s, w)
		}
	}
}

func TestHEXMatchesELF(t *testing.T) {
	speck, tiny := gnuBuilds(t)
	for _, b := range []*built{speck, tiny} {
		fromELF, err := loader.ELF(b.elf, "")
		if err != nil {
			t.Fatal(err)
		}
		fromHEX, err := loader.HEX(b.hex, "")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(fromHEX.Flash, fromELF.Flash) || fmt.Sprint(fromHEX.Emitted) != fmt.Sprint(fromELF.Emitted) {
			t.Errorf("HEX image (%d bytes, %d emitted) differs from the ELF's (%d bytes, %d emitted)",
				len(fromHEX.Flash), fromHEX.EmittedBytes(0, 1<<23), len(fromELF.Flash), fromELF.EmittedBytes(0, 1<<23))
		}
		if len(fromHEX.Symbols) != 0 || fromHEX.Data != nil || fromHEX.Device.Name != isa.DefaultDevice {
			t.Errorf("HEX image has symbols, data or device %s", fromHEX.Device.Name)
		}
	}
}

// TestFixtureFresh checks that the committed speck64c.elf is what the command in its comment builds,
// when the installed avr-gcc is the one that built it.
func TestFixtureFresh(t *testing.T) {
	speck, _ := gnuBuilds(t)
	fixture, err := os.ReadFile(speckFixture)
	if err != nil {
		t.Fatal(err)
	}
	comment := func(data []byte) string {
		f, err := elf.NewFile(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		s := f.Section(".comment")
		if s == nil {
			return ""
		}
		c, _ := s.Data()
		return string(c)
	}
	if comment(fixture) != comment(speck.elf) {
		t.Skipf("the fixture was built by %q, this is %s: not comparing", comment(fixture), speck.tools)
	}
	a, err := loader.ELF(fixture, "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := loader.ELF(speck.elf, "")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Flash, b.Flash) || fmt.Sprint(a.Symbols) != fmt.Sprint(b.Symbols) {
		t.Errorf("%s is stale: rebuild it with avr-gcc -Os -mmcu=atmega128 -o speck64c.elf speck64c.c", speckFixture)
	}
}

// TestELFFixture loads the committed ELF (no toolchain needed) and runs it.
func TestELFFixture(t *testing.T) {
	data, err := os.ReadFile(speckFixture)
	if err != nil {
		t.Fatal(err)
	}
	im, err := loader.ELF(data, "")
	if err != nil {
		t.Fatal(err)
	}
	if im.Device.Name != "atmega128" || len(im.Flash) == 0 || im.EmittedBytes(0, uint32(len(im.Flash))) != len(im.Flash) {
		t.Errorf("device %s, %d bytes of flash, %d emitted", im.Device.Name, len(im.Flash), im.EmittedBytes(0, 1<<23))
	}
	if uint32(len(im.Flash)) != im.DataFlash+uint32(len(im.Data)) {
		t.Errorf("flash ends at 0x%x, the .data init copy at 0x%x", len(im.Flash), im.DataFlash+uint32(len(im.Data)))
	}
	checkSpeck(t, im)
}

const sentinel = 0xFFFF // word address of the return sentinel

// load is bytes to put in SRAM at an address.
type load struct {
	addr uint16
	data []byte
}

// call resets the machine, loads SRAM and runs the function sym with the 16-bit arguments args
// (r25:r24, r23:r22, ...) until it returns.
func call(t *testing.T, m *emu.Machine, sym asm.Symbol, loads []load, args ...uint16) uint64 {
	t.Helper()
	m.Reset()
	for _, l := range loads {
		m.LoadData(l.addr, l.data)
	}
	m.SetSP(m.Device().RAMEND())
	if err := m.PushReturn(sentinel); err != nil {
		t.Fatal(err)
	}
	m.SetReturnSentinel(sentinel)
	for i, a := range args {
		m.SetReg(24-2*i, uint8(a))
		m.SetReg(25-2*i, uint8(a>>8))
	}
	m.SetPC(uint32(sym.Value / 2))
	if stop := m.Run(1_000_000); stop.Reason != emu.StopReturn {
		t.Fatalf("%s: %v", sym.Name, stop)
	}
	return m.Cycles()
}

// checkSpeck runs the image's main and its three SPECK functions in the emulator against the Go
// reference.
func checkSpeck(t *testing.T, im *asm.Image) {
	t.Helper()
	sym := func(name string) asm.Symbol {
		s, ok := im.Symbol(name)
		if !ok {
			t.Fatalf("no symbol %s", name)
		}
		return s
	}
	ref, err := cipher.Speck(64, 128)
	if err != nil {
		t.Fatal(err)
	}
	m := emu.New(im.Device, im.Flash, emu.Config{})

	// main from reset: the C runtime copies .data from flash and clears .bss, then main checks the
	// official vector and loops forever.
	m.Reset()
	if stop := m.Run(200_000); stop.Reason != emu.StopLimit {
		t.Fatalf("main: %v", stop)
	}
	if ok := m.ReadData(uint16(sym("speck64_ok").Value)); ok != 1 {
		t.Errorf("main left speck64_ok = %d, want 1", ok)
	}

	const blockAddr, rkAddr, keyAddr = 0x200, 0x300, 0x400
	key := []byte{0x00, 0x01, 0x02, 0x03, 0x08, 0x09, 0x0a, 0x0b, 0x10, 0x11, 0x12, 0x13, 0x18, 0x19, 0x1a, 0x1b}
	pt := []byte{0x2d, 0x43, 0x75, 0x74, 0x74, 0x65, 0x72, 0x3b}
	ct := []byte{0x8b, 0x02, 0x4e, 0x45, 0x48, 0xa5, 0x6f, 0x8c}
	rng := rand.New(rand.NewPCG(1, 2))
	for v := range 20 {
		if v > 0 {
			for i := range key {
				key[i] = byte(rng.Uint32())
			}
			for i := range pt {
				pt[i] = byte(rng.Uint32())
			}
			ct = make([]byte, 8)
			ref.Encrypt(ct, pt, key)
		}
		rk := ref.RoundKeys(key)

		call(t, m, sym("speck64_128_keyschedule"), []load{{keyAddr, key}}, keyAddr, rkAddr)
		if got := m.Data(rkAddr, len(rk)); !bytes.Equal(got, rk) {
			t.Fatalf("vector %d: keyschedule gave %x, want %x", v, got, rk)
		}

		cycles := call(t, m, sym("speck64_128_encrypt"), []load{{rkAddr, rk}, {blockAddr, pt}}, blockAddr, rkAddr)
		if got := m.Data(blockAddr, 8); !bytes.Equal(got, ct) {
			t.Fatalf("vector %d: encrypt(%x) = %x, want %x", v, pt, got, ct)
		}
		if v == 0 {
			t.Logf("speck64_128_encrypt: %d cycles (official vector)", cycles)
		}

		call(t, m, sym("speck64_128_decrypt"), []load{{rkAddr, rk}, {blockAddr, ct}}, blockAddr, rkAddr)
		if got := m.Data(blockAddr, 8); !bytes.Equal(got, pt) {
			t.Fatalf("vector %d: decrypt(%x) = %x, want %x", v, ct, got, pt)
		}
	}
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want loader.Kind
	}{
		{"\x7fELF\x01\x01", loader.KindELF},
		{"\x7fELF", loader.KindELF},
		{":00000001FF\r\n", loader.KindHEX},
		{" \r\n\t:1000", loader.KindHEX},
		{"", loader.KindSource},
		{"  \n", loader.KindSource},
		{"; avrlab task: speck64-128\n", loader.KindSource},
		{"\x7fEL", loader.KindSource},
		{"start: rjmp start", loader.KindSource},
	} {
		if got := loader.Detect([]byte(tc.in)); got != tc.want {
			t.Errorf("Detect(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
	if data, err := os.ReadFile(speckFixture); err != nil || loader.Detect(data) != loader.KindELF {
		t.Errorf("Detect(%s) = %v (%v)", speckFixture, loader.Detect(data), err)
	}
	for k, s := range map[loader.Kind]string{loader.KindSource: "source", loader.KindELF: "elf", loader.KindHEX: "hex", 9: "Kind(9)"} {
		if k.String() != s {
			t.Errorf("Kind(%d).String() = %q, want %q", k, k.String(), s)
		}
	}
}

// seg is one program header of a hand-made ELF.
type seg struct {
	typ                         elf.ProgType
	off, paddr, filesz, memsize uint32
}

// handELF builds an ELF32 file with program headers and no sections: header, program headers,
// then payload; a seg's off counts from the start of payload.
func handELF(machine elf.Machine, typ elf.Type, segs []seg, payload []byte) []byte {
	const ehsize, phentsize = 52, 32
	var b bytes.Buffer
	b.Write([]byte{0x7f, 'E', 'L', 'F', byte(elf.ELFCLASS32), byte(elf.ELFDATA2LSB), byte(elf.EV_CURRENT)})
	b.Write(make([]byte, 16-b.Len()))
	w := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	w(uint16(typ))
	w(uint16(machine))
	w(uint32(elf.EV_CURRENT))
	w(uint32(0))      // entry
	w(uint32(ehsize)) // phoff
	w(uint32(0))      // shoff
	w(uint32(0))      // flags
	w(uint16(ehsize))
	w(uint16(phentsize))
	w(uint16(len(segs)))
	w(uint16(40)) // shentsize
	w(uint16(0))  // shnum
	w(uint16(0))  // shstrndx
	base := uint32(ehsize + phentsize*len(segs))
	for _, s := range segs {
		w(uint32(s.typ))
		w(s.off + base)
		w(s.paddr) // vaddr
		w(s.paddr)
		w(s.filesz)
		w(max(s.memsize, s.filesz))
		w(uint32(elf.PF_R | elf.PF_X))
		w(uint32(1))
	}
	b.Write(payload)
	return b.Bytes()
}

func TestELFHandMade(t *testing.T) {
	payload := []byte{0x11, 0x22, 0x33, 0x44, 0x55, 0x66}
	// Two segments with a gap, no sections: every loaded byte is emitted, the gap is not.
	im, err := loader.ELF(handELF(elf.EM_AVR, elf.ET_EXEC, []seg{
		{typ: elf.PT_LOAD, off: 0, paddr: 0, filesz: 2},
		{typ: elf.PT_LOAD, off: 2, paddr: 8, filesz: 4},
		{typ: elf.PT_LOAD, off: 0, paddr: 0x800100, filesz: 0, memsize: 16}, // bss: ignored
		{typ: elf.PT_NOTE, off: 0, paddr: 0x10, filesz: 6},                  // not loaded
	}, payload), "attiny45")
	if err != nil {
		t.Fatal(err)
	}
	wantFlash := []byte{0x11, 0x22, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x33, 0x44, 0x55, 0x66}
	if !bytes.Equal(im.Flash, wantFlash) || fmt.Sprint(im.Emitted) != "[true true false false false false false false true true true true]" ||
		fmt.Sprint(im.Present) != fmt.Sprint(im.Emitted) {
		t.Errorf("flash %x emitted %v present %v", im.Flash, im.Emitted, im.Present)
	}
	if im.Device.Name != "attiny45" || im.Data != nil || im.BSSSize != 0 || im.Symbols != nil {
		t.Errorf("image %+v", im)
	}

	for _, tc := range []struct {
		name, device, want string
		data               []byte
	}{
		{"arm", "", "not an AVR ELF (machine EM_ARM)",
			handELF(elf.EM_ARM, elf.ET_EXEC, []seg{{typ: elf.PT_LOAD, filesz: 2}}, payload)},
		{"relocatable", "", "relocatable object",
			handELF(elf.EM_AVR, elf.ET_REL, nil, nil)},
		{"huge", "", "ELF loads 0xffffffff bytes of flash; the atmega128 has 131072",
			handELF(elf.EM_AVR, elf.ET_EXEC, []seg{{typ: elf.PT_LOAD, paddr: 0, filesz: 0xffffffff}}, payload)},
		{"too big", "atmega328p", "ELF loads 0x8002 bytes of flash; the atmega328p has 32768",
			handELF(elf.EM_AVR, elf.ET_EXEC, []seg{{typ: elf.PT_LOAD, paddr: 0x7ffe, filesz: 4}}, payload)},
		{"past file", "", "runs past the end of the file",
			handELF(elf.EM_AVR, elf.ET_EXEC, []seg{{typ: elf.PT_LOAD, paddr: 0, filesz: 7}}, payload)},
		{"overlap", "", "ELF segments overlap at flash 0x2",
			handELF(elf.EM_AVR, elf.ET_EXEC, []seg{{typ: elf.PT_LOAD, paddr: 0, filesz: 4}, {typ: elf.PT_LOAD, paddr: 2, filesz: 2}}, payload)},
		{"no flash", "", "ELF loads nothing into flash",
			handELF(elf.EM_AVR, elf.ET_EXEC, []seg{{typ: elf.PT_LOAD, paddr: 0x810000, filesz: 4}}, payload)},
		{"device", "atmega9", `unknown device "atmega9"`,
			handELF(elf.EM_AVR, elf.ET_EXEC, []seg{{typ: elf.PT_LOAD, filesz: 2}}, payload)},
		{"not elf", "", "reading ELF",
			[]byte("\x7fELF but not really")},
	} {
		im, err := loader.ELF(tc.data, tc.device)
		if err == nil || !strings.Contains(err.Error(), tc.want) || im != nil {
			t.Errorf("%s: ELF = %v, %v; want an error with %q", tc.name, im, err, tc.want)
		}
	}
}

func TestELFNotAVR(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Skip(err)
	}
	if loader.Detect(data) != loader.KindELF {
		t.Skip("the test binary is not an ELF on this system")
	}
	if _, err := loader.ELF(data, ""); err == nil || !strings.HasPrefix(err.Error(), "not an AVR ELF (machine ") {
		t.Errorf("ELF(test binary) = %v, want not an AVR ELF", err)
	}
}

func TestELFTruncatedAndCorrupt(t *testing.T) {
	data, err := os.ReadFile(speckFixture)
	if err != nil {
		t.Fatal(err)
	}
	// Every prefix: no panic; cut before the section headers (at the end of the file): an error.
	for n := 0; n < len(data); n++ {
		if _, err := loader.ELF(data[:n], ""); err == nil {
			t.Fatalf("ELF of the first %d of %d bytes: no error", n, len(data))
		}
	}
	// .data moved out of the data space.
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	shoff := binary.LittleEndian.Uint32(data[0x20:])
	for i, s := range f.Sections {
		if s.Name != ".data" && s.Name != ".bss" {
			continue
		}
		bad := bytes.Clone(data)
		binary.LittleEndian.PutUint32(bad[shoff+uint32(i)*40+12:], 0x80ff00) // sh_addr
		if _, err := loader.ELF(bad, ""); err == nil || !strings.Contains(err.Error(), "outside the atmega128's data space") {
			t.Errorf("%s at 0x80ff00: %v", s.Name, err)
		}
	}
}

func TestHEX(t *testing.T) {
	flash := []byte{1, 2, 3, 4, 0xff, 0xff, 7, 8}
	present := []bool{true, true, true, true, false, false, true, true}
	var b bytes.Buffer
	if err := ihex.Write(&b, flash, present); err != nil {
		t.Fatal(err)
	}
	im, err := loader.HEX(b.Bytes(), "attiny85")
	if err != nil {
		t.Fatal(err)
	}
	// The bytes the file does not write are erased flash, 0xFF, and not Present.
	if !bytes.Equal(im.Flash, []byte{1, 2, 3, 4, 0xff, 0xff, 7, 8}) || fmt.Sprint(im.Emitted) != fmt.Sprint(present) ||
		fmt.Sprint(im.Present) != fmt.Sprint(present) ||
		im.Device.Name != "attiny85" || im.DataAddr != im.Device.SRAMStart {
		t.Errorf("flash %x emitted %v device %s", im.Flash, im.Emitted, im.Device.Name)
	}

	// Past the end of the device's flash.
	dev := isa.LookupDevice("atmega328p")
	big := make([]byte, dev.Flash+2)
	bigPresent := make([]bool, len(big))
	bigPresent[0], bigPresent[dev.Flash+1] = true, true
	b.Reset()
	if err := ihex.Write(&b, big, bigPresent); err != nil {
		t.Fatal(err)
	}
	if _, err := loader.HEX(b.Bytes(), "atmega328p"); err == nil || !strings.Contains(err.Error(), "0x8001") {
		t.Errorf("HEX past flash: %v, want an error naming 0x8001", err)
	}
	if _, err := loader.HEX(b.Bytes(), "atmega128"); err != nil {
		t.Errorf("the same HEX on the atmega128: %v", err)
	}
	if _, err := loader.HEX([]byte(":00000001FE\n"), ""); err == nil {
		t.Error("bad checksum: no error")
	}
	if _, err := loader.HEX([]byte(":00000001FF\n"), "nodevice"); err == nil {
		t.Error("unknown device: no error")
	}
}

func FuzzELF(f *testing.F) {
	if data, err := os.ReadFile(speckFixture); err == nil {
		f.Add(data)
	}
	f.Add(handELF(elf.EM_AVR, elf.ET_EXEC, []seg{
		{typ: elf.PT_LOAD, paddr: 0, filesz: 2},
		{typ: elf.PT_LOAD, off: 2, paddr: 8, filesz: 4},
	}, []byte{1, 2, 3, 4, 5, 6}))
	f.Add([]byte("\x7fELF"))
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := loader.ELF(data, "")
		if err != nil {
			if im != nil {
				t.Fatal("image and error")
			}
			return
		}
		if len(im.Emitted) != len(im.Flash) || len(im.Flash) > im.Device.Flash {
			t.Fatalf("flash %d bytes, emitted %d, device %d", len(im.Flash), len(im.Emitted), im.Device.Flash)
		}
		if int(im.DataAddr)+len(im.Data) > int(im.Device.RAMEND())+1 || int(im.BSSAddr)+im.BSSSize > int(im.Device.RAMEND())+1 {
			t.Fatalf("data 0x%x+%d bss 0x%x+%d past RAMEND", im.DataAddr, len(im.Data), im.BSSAddr, im.BSSSize)
		}
		for i := 1; i < len(im.Symbols); i++ {
			if im.Symbols[i-1].Name >= im.Symbols[i].Name {
				t.Fatalf("symbols %q, %q out of order or repeated", im.Symbols[i-1].Name, im.Symbols[i].Name)
			}
		}
	})
}

// compressSection returns a copy of the ELF32 file data whose section named name is replaced by a
// zlib-compressed section (SHF_COMPRESSED, an Elf32_Chdr then the stream) appended at the end of
// the file; its contents are content and its compression header claims chSize bytes.
func compressSection(t *testing.T, data []byte, name string, content []byte, chSize uint32) []byte {
	t.Helper()
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	idx := -1
	for i, s := range f.Sections {
		if s.Name == name {
			idx = i
		}
	}
	if idx < 0 {
		t.Fatalf("no section %s", name)
	}
	var z bytes.Buffer
	for _, v := range []uint32{uint32(elf.COMPRESS_ZLIB), chSize, 1} {
		binary.Write(&z, binary.LittleEndian, v)
	}
	zw, err := zlib.NewWriterLevel(&z, zlib.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(content); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	out := append(bytes.Clone(data), z.Bytes()...)
	sh := out[binary.LittleEndian.Uint32(out[0x20:])+uint32(idx)*40:]
	binary.LittleEndian.PutUint32(sh[8:], binary.LittleEndian.Uint32(sh[8:])|uint32(elf.SHF_COMPRESSED)) // sh_flags
	binary.LittleEndian.PutUint32(sh[16:], uint32(len(data)))                                            // sh_offset
	binary.LittleEndian.PutUint32(sh[20:], uint32(z.Len()))                                              // sh_size
	return out
}

// TestELFCompressedSection: a compressed section the loader reads (the symbol table, its strings,
// the section names) is refused in one line before it is inflated, so a file of a few hundred
// kilobytes that inflates to hundreds of megabytes costs nothing; a compressed debug section
// (avr-gcc -gz), which nothing reads, loads as before.
func TestELFCompressedSection(t *testing.T) {
	data, err := os.ReadFile(speckFixture)
	if err != nil {
		t.Fatal(err)
	}
	want, err := loader.ELF(data, "")
	if err != nil {
		t.Fatal(err)
	}
	const size = 64 << 20 // bytes of zeros each bomb inflates to
	zeros := make([]byte, size)
	for _, tc := range []struct{ section, want string }{
		{".symtab", "ELF section 11 (SHT_SYMTAB) is compressed (SHF_COMPRESSED)"},
		{".strtab", "ELF section 12 (SHT_STRTAB) is compressed (SHF_COMPRESSED)"},
		{".shstrtab", "ELF section 10 (SHT_STRTAB) is compressed (SHF_COMPRESSED)"},
	} {
		bomb := compressSection(t, data, tc.section, zeros, size)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		im, err := loader.ELF(bomb, "")
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") || im != nil {
			t.Errorf("%s compressed (%d B file inflating to %d B): ELF = %v; want one line with %q", tc.section, len(bomb), size, err, tc.want)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
			t.Errorf("%s compressed: loading allocated %d MiB, want under 16 (the file is %d KiB)", tc.section, n>>20, len(bomb)>>10)
		}
	}
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	info, err := f.Section(".debug_info").Data()
	if err != nil {
		t.Fatal(err)
	}
	im, err := loader.ELF(compressSection(t, data, ".debug_info", info, uint32(len(info))), "")
	if err != nil {
		t.Fatalf("compressed .debug_info: %v", err)
	}
	if !bytes.Equal(im.Flash, want.Flash) || len(im.Symbols) != len(want.Symbols) {
		t.Errorf("compressed .debug_info: flash %d B and %d symbols, want %d B and %d", len(im.Flash), len(im.Symbols), len(want.Flash), len(want.Symbols))
	}
}

// TestELFSymbolSize: an st_size larger than the memory the symbol lies in (the flash for a
// function, the SRAM for a .data or .bss object) is refused, naming the symbol, so measuring never
// walks more than the device's memory.
func TestELFSymbolSize(t *testing.T) {
	data, err := os.ReadFile(speckFixture)
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	symtab := f.SectionByType(elf.SHT_SYMTAB)
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		size uint32
		want string
	}{
		{"speck64_128_decrypt", 0x7fffffff, "ELF symbol speck64_128_decrypt: st_size 2147483647 is more than the 131072 bytes of flash of atmega128"},
		{"speck64_128_decrypt", 131072, ""},
		{"speck64_ok", 4097, "ELF symbol speck64_ok: st_size 4097 is more than the 4096 bytes of SRAM of atmega128"},
	} {
		bad := bytes.Clone(data)
		found := false
		for i, s := range syms {
			if s.Name == tc.name {
				// Symbols() leaves out the first, all-zero entry; st_size is at offset 8.
				binary.LittleEndian.PutUint32(bad[symtab.Offset+uint64(i+1)*16+8:], tc.size)
				found = true
			}
		}
		if !found {
			t.Fatalf("no symbol %s", tc.name)
		}
		im, err := loader.ELF(bad, "")
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s of %d B: %v", tc.name, tc.size, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want || im != nil):
			t.Errorf("%s of %d B: ELF = %v; want %q", tc.name, tc.size, err, tc.want)
		}
	}
}

// TestELFManySymbols: a symbol table of more than MaxSymbols entries is refused from its size, before
// debug/elf makes an elf.Symbol of each.
func TestELFManySymbols(t *testing.T) {
	data, err := os.ReadFile(speckFixture)
	if err != nil {
		t.Fatal(err)
	}
	// .symtab (section 11) moved to the end of the file and grown to MaxSymbols+1 zero entries.
	bad := append(bytes.Clone(data), make([]byte, (loader.MaxSymbols+1)*16)...)
	sh := bad[binary.LittleEndian.Uint32(bad[0x20:])+11*40:]
	binary.LittleEndian.PutUint32(sh[16:], uint32(len(data)))
	binary.LittleEndian.PutUint32(sh[20:], (loader.MaxSymbols+1)*16)
	want := "ELF symbol table (section 11) has 65537 entries; the loader reads at most 65536"
	if _, err := loader.ELF(bad, ""); err == nil || err.Error() != want {
		t.Errorf("ELF = %v, want %s", err, want)
	}
	binary.LittleEndian.PutUint32(sh[20:], loader.MaxSymbols*16)
	if _, err := loader.ELF(bad, ""); err != nil {
		t.Errorf("%d symbols: %v", loader.MaxSymbols, err)
	}
}
