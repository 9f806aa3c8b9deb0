package asm

import (
	"io"
	"sort"

	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/isa"
)

// Image is the result of assembling: flash contents, initial data, symbols and the source map. It is
// immutable once returned and safe for concurrent use.
type Image struct {
	// Device is the part the program was assembled for.
	Device *isa.Device
	// Flash is program memory from byte address 0 up to the last byte the linker would place (the .data
	// init copy included, even pads included); gaps are 0x00 (0xFF for an AVRASM2 source, whose gaps
	// are erased flash: see Present).
	Flash []byte
	// Emitted has len(Flash) entries: true for bytes the source emitted (code, data directives, the .data
	// init copy), false for .org gaps, alignment padding and the linker's even-size pads.
	Emitted []bool
	// Present, when not nil, has len(Flash) entries: the bytes the program file writes (the records of
	// an Intel HEX file, the PT_LOAD segments of an ELF file). The others are erased flash: 0xFF in
	// Flash, and a machine loads only the present bytes (emu.Config.Present). nil means every byte of
	// Flash is written, as for an assembled GNU source (avr-as writes the zeros of an .org gap). An
	// AVRASM2 source's is its Emitted bytes: AVRASM2 writes only those into its HEX file.
	Present []bool
	// Data holds the initial bytes of .data (what a C runtime copies to SRAM), padded to an even size.
	Data []byte
	// DataAddr is the data-space address where .data starts (the device's SRAMStart).
	DataAddr uint16
	// DataFlash is the flash byte address where the .data init copy is stored (right after .text).
	DataFlash uint32
	// BSSAddr is the data-space address of .bss (right after .data).
	BSSAddr uint16
	// BSSSize is the size of .bss in bytes.
	BSSSize int
	// EEPROM holds the initial EEPROM contents from EEPROM address 0 to the end of the last EEPROM
	// section (GNU .eeprom*, AVRASM2 .eseg); nil when the program puts nothing there. Gaps are 0x00.
	EEPROM []byte
	// EEPROMPresent has len(EEPROM) entries: the bytes the .eep HEX file holds. For GNU sources, every
	// byte (avr-objcopy -O ihex -j .eeprom writes the whole output section, .org fills included); for
	// an AVRASM2 source, the bytes the source wrote (avra leaves .org gaps out of its .eep.hex).
	EEPROMPresent []bool
	// Symbols lists every label and assigned symbol, sorted by name (a symbol set several times with
	// .set appears once, with its last value). EEPROM labels are not listed: a symbol's value is a
	// flash or data-space address, and they are neither (they work in expressions: ldi r24, lo8(ee)).
	Symbols []Symbol
	// Lines maps flash byte addresses to the source that emitted them, sorted by Addr.
	Lines []LineInfo
	// Listing has one row per statement that emitted bytes, sorted by Addr.
	Listing []ListRow
	// EmittedOnlyHex says that WriteHex writes only the Emitted bytes, as AVRASM2 and avra write an
	// AVRASM2 program's HEX file (no fill of .org gaps); set for an AVRASM2 source.
	EmittedOnlyHex bool
	// Warnings holds the diagnostics of .warning directives (an addition to the contract of
	// notes/image.md: the image is complete when only warnings were reported).
	Warnings ErrorList
	// Includes is the include graph the assembly followed: every #include and .include directive met
	// (not those in a false #if or .if), object by object in link order, each in the order met, with
	// the file it read ("" for one not found, which is also an error at the directive). Set also when
	// the image is partial.
	Includes []Include
	// Pads lists the runs of flash the source did not emit inside the program (alignment padding,
	// .org gaps of either dialect, the linker's pads between and at the end of sections), sorted by
	// Addr, each with what asked for it. A loaded ELF or HEX file has none.
	Pads []Pad
}

// Pad is one run of flash bytes a program lays out without emitting them.
type Pad struct {
	// Addr is the flash byte address of the first byte; Size the number of bytes.
	Addr uint32
	Size int
	// Pos is the directive that asked for the pad (.balign, .align, .p2align, .org, ". = x"); zero for
	// a pad the linker adds.
	Pos srcpos.Position
	// Why is the directive as written (".balign 256"), or what the linker did ("section .progmem
	// aligned to 256 B", "end of section .text padded to its alignment of 256 B").
	Why string
}

// Include is one #include or .include directive an assembly met: where (At.Filename is the
// including file), the name it gives, and the file it read ("" when none was found).
type Include = obj.Include

// Section tells which memory a symbol belongs to.
type Section uint8

// Sections of a symbol.
const (
	SectionText    Section = iota // code in flash (.text, .text.*, .init*, .fini*, .vectors, .lowtext)
	SectionData                   // initialised SRAM (.data, .data.*, .rodata*)
	SectionBSS                    // zeroed SRAM (.bss, .bss.*, .lcomm, .comm)
	SectionProgmem                // constant data in flash (.progmem*)
	SectionAbs                    // an absolute value (.equ, .set, =)
)

var sectionNames = [...]string{"text", "data", "bss", "progmem", "abs"}

// String returns the section's short name ("text", "data", "bss", "progmem", "abs").
func (s Section) String() string {
	if int(s) < len(sectionNames) {
		return sectionNames[s]
	}
	return "section?"
}

// Symbol is one named value of the program.
type Symbol struct {
	Name    string
	Section Section
	// Value is a flash byte address (text, progmem), a data-space address (data, bss) or the value (abs).
	Value int64
	// Size is the value given by .size, 0 when none was given.
	Size int64
	// Func is true for a function: named by ".type NAME, @function" in a source, STT_FUNC in an ELF.
	Func bool
	// Global is true when the symbol was named by .global or .globl.
	Global bool
	// Pos is where the symbol was defined.
	Pos srcpos.Position
}

// LineInfo says which source position emitted the Size bytes at flash byte address Addr.
type LineInfo struct {
	Addr uint32
	Size int
	Pos  srcpos.Position
}

// ListRow is one line of the listing: the bytes a statement emitted at flash byte address Addr and the
// statement's text.
type ListRow struct {
	Addr  uint32
	Bytes []byte
	Pos   srcpos.Position
	Text  string
}

// Symbol returns the symbol called name.
func (im *Image) Symbol(name string) (Symbol, bool) {
	i := sort.Search(len(im.Symbols), func(i int) bool { return im.Symbols[i].Name >= name })
	if i < len(im.Symbols) && im.Symbols[i].Name == name {
		return im.Symbols[i], true
	}
	return Symbol{}, false
}

// SourceAt returns the source position of the instruction or data at flash word address pc.
func (im *Image) SourceAt(pc uint32) (srcpos.Position, bool) {
	addr := pc * 2
	i := sort.Search(len(im.Lines), func(i int) bool { return im.Lines[i].Addr > addr }) - 1
	if i < 0 {
		return srcpos.Position{}, false
	}
	l := im.Lines[i]
	if addr >= l.Addr+uint32(l.Size) {
		return srcpos.Position{}, false
	}
	return l.Pos, true
}

// WriteHex writes the image's flash as Intel HEX, byte for byte what avr-objcopy -O ihex -j .text -j
// .data writes for avr-gcc's link of the same program: every byte from 0 to the end of .text (the fill
// of .org, alignment and the pads between sections included) as one run of records, then the .data
// init copy as another. For an AVRASM2 source (EmittedOnlyHex) it writes the bytes the source
// emitted, each run of them as a run of records, as AVRASM2 and avra do: a bootloader at the top of
// flash is a small file, not 32 KB of NOPs.
func (im *Image) WriteHex(w io.Writer) error {
	if im.EmittedOnlyHex {
		return ihex.Write(w, im.Flash, im.Emitted)
	}
	end := len(im.Flash)
	text := min(int(im.DataFlash), end)
	return ihex.WriteSegments(w, im.Flash, []ihex.Segment{{Start: 0, End: text}, {Start: text, End: end}})
}

// WriteEEPROMHex writes the image's EEPROM contents as Intel HEX: the bytes of EEPROMPresent, the file
// avr-objcopy -O ihex -j .eeprom --change-section-lma .eeprom=0 writes for a GNU program and the
// .eep.hex avra writes for an AVRASM2 one. With no EEPROM contents it writes only the end record.
func (im *Image) WriteEEPROMHex(w io.Writer) error {
	return ihex.Write(w, im.EEPROM, im.EEPROMPresent)
}

// EmittedBytes counts the bytes in flash byte addresses [lo, hi) that the source emitted.
func (im *Image) EmittedBytes(lo, hi uint32) int {
	n := 0
	for a := lo; a < hi && int64(a) < int64(len(im.Emitted)); a++ {
		if im.Emitted[a] {
			n++
		}
	}
	return n
}
