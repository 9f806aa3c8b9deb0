// Package loader turns linked AVR programs, avr-gcc ELF files and Intel HEX files, into the same
// *asm.Image the assembler produces, so that the lab can run and measure compiled code.
//
// # ELF
//
// ELF reads the ELF32 files avr-ld writes (machine EM_AVR, 83) with the standard library's debug/elf.
// avr-gcc's address map is the one of avr-ld's linker scripts: flash at 0 (.text, with the init copy
// of .data at its load address right after it), data space at 0x800000 + address (.data, .bss,
// .noinit), EEPROM at 0x810000 and fuses, lock bits and signature above it.
//
// Image.Flash holds the file bytes of every PT_LOAD program header whose physical (load) address is
// below 0x800000, placed at that address, from address 0 up to the last loaded byte; bytes no segment
// loads are erased, 0xFF, and not in Image.Present. Segments loaded at 0x800000 or above (the .bss segment, EEPROM, fuses) are ignored.
//
// What counts as emitted: a flash byte is marked in Image.Emitted exactly when it lies inside an
// allocated section that has contents in the file (SHF_ALLOC, not SHT_NOBITS: .text, the init copy of
// .data, .progmem and .rodata when a linker script keeps them apart) and that section lies inside one
// of the flash segments above; the section's flash address is its segment's load address plus its
// offset in the segment. So the vector table, the C runtime's start-up code, every linked function and
// the .data init copy count; bytes of a segment that no section covers (alignment between sections)
// and gaps between segments do not. An ELF without section headers marks every byte its flash
// segments load.
//
// Image.Data is the contents of the .data section (not padded), DataAddr its address with 0x800000
// removed and DataFlash its load address. BSSAddr and BSSSize span .bss and .noinit together. Symbols
// come from .symtab; Lines and Listing are empty.
//
// # Intel HEX
//
// HEX reads Intel HEX with package ihex: Image.Flash runs from 0 to the last byte the file writes,
// Emitted marks the bytes it writes, and the image has no data, no symbols and no source map.
package loader

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/isa"
)

// Addresses of avr-gcc's memory map in an ELF.
const (
	dataBase   = 0x800000 // data space: data address A is ELF address 0x800000 + A
	eepromBase = 0x810000 // EEPROM, then fuses (0x820000), lock bits, signature
	emAVR      = 83       // e_machine of AVR
)

// Kind is the format of a program file, as Detect tells it.
type Kind uint8

// Kinds of program files.
const (
	KindSource Kind = iota // assembly source (anything that is neither ELF nor Intel HEX)
	KindELF                // an ELF file ("\x7fELF")
	KindHEX                // Intel HEX (the first character other than white space is ':')
)

// String returns the kind's short name: "source", "elf" or "hex".
func (k Kind) String() string {
	switch k {
	case KindSource:
		return "source"
	case KindELF:
		return "elf"
	case KindHEX:
		return "hex"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Detect tells the format of a program file from its first bytes: KindELF when it starts with the ELF
// magic "\x7fELF", KindHEX when its first character after optional white space is ':', KindSource
// otherwise.
func Detect(data []byte) Kind {
	if bytes.HasPrefix(data, []byte(elf.ELFMAG)) {
		return KindELF
	}
	if t := bytes.TrimLeft(data, " \t\r\n\v\f"); len(t) > 0 && t[0] == ':' {
		return KindHEX
	}
	return KindSource
}

// lookupDevice returns the device called name, isa.DefaultDevice when name is "".
func lookupDevice(name string) (*isa.Device, error) {
	if name == "" {
		name = isa.DefaultDevice
	}
	dev := isa.LookupDevice(name)
	if dev == nil {
		return nil, fmt.Errorf("unknown device %q (avrlab knows %s)", name, strings.Join(isa.DeviceNames(), ", "))
	}
	return dev, nil
}

// HEX builds the image of an Intel HEX file for device ("" means isa.DefaultDevice). Flash runs from 0
// to the last byte the file writes; bytes it does not write are erased, 0xFF, as on a programmed chip
// and in simavr, neither emitted nor Present. A byte written
// past the device's flash is an error that names its address. The image has no .data, no .bss, no
// symbols and no source map: a caller names the entry point by address.
func HEX(data []byte, device string) (*asm.Image, error) {
	dev, err := lookupDevice(device)
	if err != nil {
		return nil, err
	}
	flash, present, err := ihex.ReadFlash(bytes.NewReader(data), dev.Flash)
	var past *ihex.PastEndError
	if errors.As(err, &past) {
		return nil, fmt.Errorf("data at address 0x%X is past the end of the %s's flash (0x%X bytes)", past.Addr, dev.Name, dev.Flash)
	}
	if err != nil {
		return nil, err
	}
	erase(flash, present)
	return &asm.Image{
		Device:    dev,
		Flash:     flash,
		Emitted:   present,
		Present:   present,
		DataAddr:  dev.SRAMStart,
		DataFlash: uint32(len(flash)),
		BSSAddr:   dev.SRAMStart,
	}, nil
}

// ELF builds the image of a linked avr-gcc ELF file for device ("" means isa.DefaultDevice); the
// package documentation says what it takes from the file and what counts as emitted. It refuses files
// that are not AVR ELF executables, that load more flash than the device has, or whose .data or .bss
// lie outside the device's data space. Malformed input gives an error, never a panic.
//
// Symbols come from .symtab without section and file symbols: a symbol in .data (or another section
// in data space) is SectionData and one in .bss or .noinit SectionBSS, both with Value a data-space
// address (0x800000 removed); one in .progmem* or .rodata* stored in flash is SectionProgmem with its
// flash address; one in any other flash section is SectionText with its flash address; SHN_ABS
// symbols and symbols of sections that are not loaded (avr-ld puts _end and __eeprom_end there) are
// SectionAbs with their raw value. Size is st_size, Func is STT_FUNC, Global is STB_GLOBAL or
// STB_WEAK. Of two symbols with one name (local statics of two files) the image keeps a global one,
// else the first.
func ELF(data []byte, device string) (im *asm.Image, err error) {
	dev, err := lookupDevice(device)
	if err != nil {
		return nil, err
	}
	defer func() {
		// debug/elf is meant to return errors for malformed files; this keeps a bug there from
		// taking the caller down.
		if r := recover(); r != nil {
			im, err = nil, fmt.Errorf("malformed ELF: %v", r)
		}
	}()
	if err := checkSections(data); err != nil {
		return nil, err
	}
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("reading ELF: %w", err)
	}
	if f.Machine != emAVR {
		return nil, fmt.Errorf("not an AVR ELF (machine %v)", f.Machine)
	}
	if f.Type == elf.ET_REL {
		return nil, errors.New("ELF is a relocatable object (ET_REL), not a linked program: link it with avr-gcc first")
	}
	l := &elfLoader{data: data, f: f, dev: dev}
	if err := l.flash(); err != nil {
		return nil, err
	}
	if err := l.memory(); err != nil {
		return nil, err
	}
	if err := l.symbols(); err != nil {
		return nil, err
	}
	return l.im, nil
}

// MaxSymbols is the most entries an ELF symbol table may have (avr-gcc's programs have hundreds):
// debug/elf holds each as a 72-byte elf.Symbol, so a table of a few megabytes would cost hundreds.
const MaxSymbols = 1 << 16

// checkSections refuses, before elf.NewFile reads anything, what would make the loader's memory out of
// proportion to the file: a compressed (SHF_COMPRESSED) section that it reads (the section header
// string table, a symbol table or the string table it links to, an allocated section), which
// debug/elf inflates to the size its compression header claims (a file of a few kilobytes can claim
// gigabytes), and a symbol table of more than MaxSymbols entries. Compressed sections nothing reads
// (avr-gcc -gz's .debug_*) are allowed. Headers it cannot read are left to debug/elf to report.
func checkSections(data []byte) error {
	if len(data) < 0x40 || string(data[:4]) != elf.ELFMAG {
		return nil
	}
	var bo binary.ByteOrder
	switch elf.Data(data[elf.EI_DATA]) {
	case elf.ELFDATA2LSB:
		bo = binary.LittleEndian
	case elf.ELFDATA2MSB:
		bo = binary.BigEndian
	default:
		return nil
	}
	// Offsets of the fields used, by class: e_shoff, e_shentsize, e_shnum, e_shstrndx in the file
	// header; sh_type, sh_flags, sh_size, sh_link in a section header.
	is64 := elf.Class(data[elf.EI_CLASS]) == elf.ELFCLASS64
	word := func(b []byte, off int) uint64 {
		if is64 {
			return bo.Uint64(b[off:])
		}
		return uint64(bo.Uint32(b[off:]))
	}
	shoff, shentOff, flagsOff, sizeOff, linkOff, minEnt, symSize := word(data, 0x20), 0x2e, 8, 20, 24, uint64(40), uint64(16)
	if is64 {
		shoff, shentOff, sizeOff, linkOff, minEnt, symSize = word(data, 0x28), 0x3a, 32, 40, 64, 24
	}
	shentsize := uint64(bo.Uint16(data[shentOff:]))
	shnum := uint64(bo.Uint16(data[shentOff+2:]))
	shstrndx := uint64(bo.Uint16(data[shentOff+4:]))
	if shoff == 0 || shentsize < minEnt || shoff >= uint64(len(data)) || shentsize > uint64(len(data))-shoff {
		return nil
	}
	header := func(i uint64) []byte {
		if i >= (uint64(len(data))-shoff)/shentsize {
			return nil
		}
		return data[shoff+i*shentsize : shoff+(i+1)*shentsize]
	}
	if sh0 := header(0); sh0 != nil {
		if shnum == 0 { // more than 0xff00 sections: the count is section 0's sh_size
			shnum = word(sh0, sizeOff)
		}
		if shstrndx == uint64(elf.SHN_XINDEX) {
			shstrndx = uint64(bo.Uint32(sh0[linkOff:]))
		}
	}
	shnum = min(shnum, (uint64(len(data))-shoff)/shentsize)
	read := map[uint64]bool{shstrndx: true} // the sections debug/elf or the loader reads
	for i := range shnum {
		h := header(i)
		if t := elf.SectionType(bo.Uint32(h[4:])); t == elf.SHT_SYMTAB || t == elf.SHT_DYNSYM {
			read[i], read[uint64(bo.Uint32(h[linkOff:]))] = true, true
			if n := word(h, sizeOff) / symSize; t == elf.SHT_SYMTAB && n > MaxSymbols {
				return fmt.Errorf("ELF symbol table (section %d) has %d entries; the loader reads at most %d", i, n, MaxSymbols)
			}
		}
	}
	for i := range shnum {
		h := header(i)
		flags := elf.SectionFlag(word(h, flagsOff))
		if flags&elf.SHF_COMPRESSED == 0 || !read[i] && flags&elf.SHF_ALLOC == 0 {
			continue
		}
		return fmt.Errorf("ELF section %d (%v) is compressed (SHF_COMPRESSED), which the loader does not inflate: link without compressing it",
			i, elf.SectionType(bo.Uint32(h[4:])))
	}
	return nil
}

// elfLoader holds the state of one ELF call.
type elfLoader struct {
	data []byte
	f    *elf.File
	dev  *isa.Device
	segs []*elf.Prog // the PT_LOAD segments loaded into flash
	im   *asm.Image
}

// flash fills Flash and Emitted from the flash segments and the sections inside them.
func (l *elfLoader) flash() error {
	var end uint64
	for _, p := range l.f.Progs {
		if p.Type != elf.PT_LOAD || p.Filesz == 0 || p.Paddr >= dataBase {
			continue
		}
		e := uint64(math.MaxUint64)
		if p.Filesz <= math.MaxUint64-p.Paddr {
			e = p.Paddr + p.Filesz
		}
		if e > uint64(l.dev.Flash) {
			return fmt.Errorf("ELF loads 0x%x bytes of flash; the %s has %d", e, l.dev.Name, l.dev.Flash)
		}
		if p.Off > uint64(len(l.data)) || p.Filesz > uint64(len(l.data))-p.Off {
			return fmt.Errorf("ELF segment at flash 0x%x runs past the end of the file (truncated?)", p.Paddr)
		}
		l.segs = append(l.segs, p)
		end = max(end, e)
	}
	if len(l.segs) == 0 {
		return errors.New("ELF loads nothing into flash (no PT_LOAD segment below 0x800000)")
	}
	flash := make([]byte, end)
	loaded := make([]bool, end)
	for _, p := range l.segs {
		for i := p.Paddr; i < p.Paddr+p.Filesz; i++ {
			if loaded[i] {
				return fmt.Errorf("ELF segments overlap at flash 0x%x", i)
			}
			loaded[i] = true
		}
		copy(flash[p.Paddr:], l.data[p.Off:p.Off+p.Filesz])
	}
	emitted := make([]bool, end)
	// depth[a] counts the sections starting at or before a minus those ending there (the sections
	// of a hostile file may overlap many times: marking them one by one could take long).
	depth := make([]int32, end+1)
	sectioned := false
	for _, s := range l.f.Sections {
		if s.Type == elf.SHT_NULL {
			continue
		}
		sectioned = true
		if s.Flags&elf.SHF_ALLOC == 0 || s.Type == elf.SHT_NOBITS || s.Size == 0 {
			continue
		}
		if lma, ok := l.flashAddr(s); ok {
			depth[lma]++
			depth[lma+s.Size]--
		}
	}
	if sectioned {
		var n int32
		for i := range emitted {
			n += depth[i]
			emitted[i] = n > 0
		}
	} else {
		copy(emitted, loaded)
	}
	erase(flash, loaded)
	l.im = &asm.Image{Device: l.dev, Flash: flash, Emitted: emitted, Present: loaded}
	return nil
}

// erase sets the bytes of flash that present does not mark to 0xFF, erased flash.
func erase(flash []byte, present []bool) {
	for i := range flash {
		if !present[i] {
			flash[i] = 0xFF
		}
	}
}

// flashAddr returns the flash (load) address of section s: the load address of the flash segment
// whose file bytes hold s, plus the offset of s in it. ok is false when no flash segment holds s.
func (l *elfLoader) flashAddr(s *elf.Section) (lma uint64, ok bool) {
	for _, p := range l.segs {
		if s.Offset >= p.Off && s.Size <= p.Filesz && s.Offset-p.Off <= p.Filesz-s.Size {
			return p.Paddr + (s.Offset - p.Off), true
		}
	}
	return 0, false
}

// dataRange checks that section s lies in the device's data space and returns its data-space address.
func (l *elfLoader) dataRange(s *elf.Section) (uint16, error) {
	ramEnd := uint64(l.dev.RAMEND())
	if s.Addr < dataBase || s.Size > ramEnd+1 || s.Addr-dataBase > ramEnd+1-s.Size {
		return 0, fmt.Errorf("ELF section %s at 0x%x (size %d) is outside the %s's data space 0x800000..0x%x",
			s.Name, s.Addr, s.Size, l.dev.Name, dataBase+ramEnd)
	}
	return uint16(s.Addr - dataBase), nil
}

// memory fills Data, DataAddr, DataFlash, BSSAddr and BSSSize.
func (l *elfLoader) memory() error {
	im := l.im
	im.DataAddr = l.dev.SRAMStart
	im.DataFlash = uint32(len(im.Flash))
	if s := l.f.Section(".data"); s != nil && s.Type != elf.SHT_NOBITS {
		addr, err := l.dataRange(s)
		if err != nil {
			return err
		}
		im.DataAddr = addr
		if s.Size > 0 {
			lma, ok := l.flashAddr(s)
			if !ok {
				return fmt.Errorf("ELF section .data (0x%x bytes at 0x%x) has no init copy in a flash segment", s.Size, s.Addr)
			}
			im.DataFlash = uint32(lma)
			im.Data = bytes.Clone(im.Flash[lma : lma+s.Size])
		}
	}
	bssLo, bssHi := uint64(math.MaxUint64), uint64(0)
	for _, s := range l.f.Sections {
		if !isBSS(s.Name) || s.Flags&elf.SHF_ALLOC == 0 {
			continue
		}
		addr, err := l.dataRange(s)
		if err != nil {
			return err
		}
		bssLo = min(bssLo, uint64(addr))
		bssHi = max(bssHi, uint64(addr)+s.Size)
	}
	if bssHi > 0 {
		im.BSSAddr, im.BSSSize = uint16(bssLo), int(bssHi-bssLo)
	} else {
		im.BSSAddr = im.DataAddr + uint16(len(im.Data))
	}
	return nil
}

// isBSS reports whether a section of this name is zeroed or uninitialised SRAM: .bss, .noinit and
// their .bss.* and .noinit.* forms.
func isBSS(name string) bool {
	return name == ".bss" || name == ".noinit" || strings.HasPrefix(name, ".bss.") || strings.HasPrefix(name, ".noinit.")
}

// isProgmem reports whether a section of this name holds constant data (avr-gcc's .progmem* and
// .rodata*).
func isProgmem(name string) bool {
	return strings.HasPrefix(name, ".progmem") || name == ".rodata" || strings.HasPrefix(name, ".rodata.")
}

// symbols fills Symbols from .symtab.
func (l *elfLoader) symbols() error {
	syms, err := l.f.Symbols()
	if errors.Is(err, elf.ErrNoSymbols) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading ELF symbols: %w", err)
	}
	index := make(map[string]int, len(syms))
	var out []asm.Symbol
	for _, es := range syms {
		typ, bind := elf.ST_TYPE(es.Info), elf.ST_BIND(es.Info)
		if es.Name == "" || typ == elf.STT_SECTION || typ == elf.STT_FILE {
			continue
		}
		sym, ok := l.symbol(es)
		if !ok {
			continue
		}
		if err := l.checkSize(sym); err != nil {
			return err
		}
		sym.Func = typ == elf.STT_FUNC
		sym.Global = bind == elf.STB_GLOBAL || bind == elf.STB_WEAK
		if i, dup := index[sym.Name]; dup {
			if sym.Global && !out[i].Global {
				out[i] = sym
			}
			continue
		}
		index[sym.Name] = len(out)
		out = append(out, sym)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	l.im.Symbols = out
	return nil
}

// checkSize refuses a symbol whose st_size is larger than the memory it lies in: the device's SRAM
// for .data and .bss symbols, its flash for the others (measuring walks every byte of a
// function's or object's size). Absolute symbols are not measured and keep any size.
func (l *elfLoader) checkSize(sym asm.Symbol) error {
	if sym.Section == asm.SectionAbs {
		return nil
	}
	limit, mem := int64(l.dev.Flash), "flash"
	if sym.Section == asm.SectionData || sym.Section == asm.SectionBSS {
		limit, mem = int64(l.dev.SRAMSize), "SRAM"
	}
	if sym.Size > limit {
		return fmt.Errorf("ELF symbol %s: st_size %d is more than the %d bytes of %s of %s", sym.Name, sym.Size, limit, mem, l.dev.Name)
	}
	return nil
}

// symbol gives the section and value of one ELF symbol; ok is false for undefined symbols and those
// of reserved section indexes other than SHN_ABS (SHN_COMMON only occurs in objects).
func (l *elfLoader) symbol(es elf.Symbol) (sym asm.Symbol, ok bool) {
	sym = asm.Symbol{Name: es.Name, Value: int64(es.Value), Size: int64(es.Size), Section: asm.SectionAbs}
	switch {
	case es.Section == elf.SHN_ABS:
		return sym, true
	case es.Section == elf.SHN_UNDEF || es.Section >= elf.SHN_LORESERVE || int(es.Section) >= len(l.f.Sections):
		return sym, false
	}
	s := l.f.Sections[es.Section]
	switch {
	case s.Flags&elf.SHF_ALLOC == 0 || s.Addr >= eepromBase:
		// Not in flash or SRAM: keep the raw value.
	case s.Addr >= dataBase && isProgmem(s.Name) && s.Type != elf.SHT_NOBITS:
		// Constants in flash seen through a data-space window (avrxmega3's .rodata): the flash
		// address is the section's load address plus the offset.
		if lma, ok := l.flashAddr(s); ok && es.Value >= s.Addr {
			sym.Section, sym.Value = asm.SectionProgmem, int64(lma+(es.Value-s.Addr))
		} else {
			sym.Section, sym.Value = asm.SectionData, dataValue(es.Value)
		}
	case isBSS(s.Name) || (s.Type == elf.SHT_NOBITS && s.Addr >= dataBase):
		sym.Section, sym.Value = asm.SectionBSS, dataValue(es.Value)
	case s.Addr >= dataBase:
		sym.Section, sym.Value = asm.SectionData, dataValue(es.Value)
	case isProgmem(s.Name):
		sym.Section = asm.SectionProgmem
	default:
		sym.Section = asm.SectionText
	}
	return sym, true
}

// dataValue turns an ELF data-space address into a data address.
func dataValue(v uint64) int64 {
	if v >= dataBase {
		v -= dataBase
	}
	return int64(v)
}
