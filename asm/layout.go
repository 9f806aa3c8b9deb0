package asm

import (
	"fmt"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/isa"
)

// dataOffset is where avr-gcc's linker puts data space in its single address space: a .data label at
// SRAM 0x100 has the value 0x800100 (so hh8 of it is 0x80, as with avr-as).
const dataOffset = 0x800000

// secKind is the memory a section goes to.
type secKind uint8

const (
	kText secKind = iota
	kProgmem
	kData
	kBSS
)

func (k secKind) imageSection() Section {
	switch k {
	case kProgmem:
		return SectionProgmem
	case kData:
		return SectionData
	case kBSS:
		return SectionBSS
	}
	return SectionText
}

// section is one input section (".text", ".progmem.data", ...) as avr-as would put it in the object.
type section struct {
	name  string
	kind  secKind
	slot  int // position in the linker script's order within its memory
	order int // creation order (the linker keeps it within one pattern)
	items []item
	size  int64
	align int64
	base  int64 // after layout: flash byte address (text, progmem) or dataOffset + SRAM address
	flash int64 // data sections: flash address of the init copy
}

// itemKind is the kind of a placed piece of a section.
type itemKind uint8

const (
	itInst itemKind = iota // an instruction, encoded in pass 2
	itData                 // .byte/.word/.long/.quad values, evaluated in pass 2
	itFill                 // bytes known in pass 1: strings, .space, .fill, padding
)

// item is one piece of a section: offset, size and how to produce its bytes.
type item struct {
	kind    itemKind
	emitted bool // false for padding and .org gaps
	width   int  // itData: bytes per value
	off     int64
	size    int64
	st      *stmt
	at      int // offset in st.text of the mnemonic or directive
	form    *isa.Form
	ops     []operand
	exprs   []*node
	pat     []byte // itFill: pattern repeated over size (nil = zeros)
}

// Linker script order (avr-gcc's default avr*.x scripts): slots of the .text output section, and the
// slots after which the script has ". = ALIGN(2)".
const (
	slotVectors = iota
	slotProgmemGCC
	slotProgmem
	slotJumptables
	slotLowtext
	slotInit0            // .init0 … .init9 follow
	slotText             = slotInit0 + 10
	slotTextDot          = slotText + 1
	slotFini9            = slotTextDot + 1 // .fini9 … .fini0 follow
	numTextSlots         = slotFini9 + 10
	slotData             = 0
	slotDataDot          = 1
	slotRodata           = 2
	slotRodataDot        = 3
	numDataSlots         = 4
	slotBSS              = 0
	slotLcomm            = 1 // .lcomm goes to .bss subsection 1, after .bss's own contents
	slotBSSDot           = 2
	slotCommon           = 3
	knownSectionsMessage = "avrlab places .text, .text.*, .progmem*, .vectors, .lowtext, .jumptables, .init0-9, .fini0-9, .data, .data.*, .rodata, .rodata.*, .bss and .bss.*"
)

func alignAfterSlot(slot int) bool {
	return slot == slotProgmemGCC || slot == slotProgmem || slot == slotText || slot == slotTextDot
}

// classify maps a section name to its memory and slot.
func classify(name string) (secKind, int, bool) {
	switch {
	case name == ".text":
		return kText, slotText, true
	case strings.HasPrefix(name, ".text."):
		return kText, slotTextDot, true
	case name == ".vectors":
		return kText, slotVectors, true
	case strings.HasPrefix(name, ".progmem.gcc"):
		return kProgmem, slotProgmemGCC, true
	case strings.HasPrefix(name, ".progmem"):
		return kProgmem, slotProgmem, true
	case strings.HasPrefix(name, ".jumptables"):
		return kText, slotJumptables, true
	case strings.HasPrefix(name, ".lowtext"):
		return kText, slotLowtext, true
	case len(name) == 6 && strings.HasPrefix(name, ".init") && name[5] >= '0' && name[5] <= '9':
		return kText, slotInit0 + int(name[5]-'0'), true
	case len(name) == 6 && strings.HasPrefix(name, ".fini") && name[5] >= '0' && name[5] <= '9':
		return kText, slotFini9 + int('9'-name[5]), true
	case name == ".data":
		return kData, slotData, true
	case strings.HasPrefix(name, ".data"):
		return kData, slotDataDot, true
	case name == ".rodata":
		return kData, slotRodata, true
	case strings.HasPrefix(name, ".rodata"):
		return kData, slotRodataDot, true
	case name == ".bss":
		return kBSS, slotBSS, true
	case strings.HasPrefix(name, ".bss"):
		return kBSS, slotBSSDot, true
	}
	return 0, 0, false
}

// section returns the section called name, creating it.
func (a *assembler) section(name string, kind secKind, slot int) *section {
	if s := a.secByName[name]; s != nil {
		return s
	}
	s := &section{name: name, kind: kind, slot: slot, order: len(a.sections), align: 1}
	a.sections = append(a.sections, s)
	a.secByName[name] = s
	return s
}

// place appends an item of it.size bytes at the current location of the current section. A section
// that would grow beyond the device's flash (or SRAM for .data and .bss) stops the assembly; the check
// cannot overflow, whatever the size.
func (a *assembler) place(it item) {
	s := a.cur
	limit, what := a.sectionLimit(s)
	if it.size > limit-s.size {
		a.diag.fatal(it.st.pos(it.at), fmt.Sprintf("section %s grows to %d bytes, beyond %s", s.name, uint64(s.size)+uint64(it.size), what))
	}
	it.off = s.size
	s.size += it.size
	if s.kind == kBSS && (it.kind != itFill || it.pat != nil && !allZero(it.pat)) {
		a.errAt(it.st, it.at, it.at, "only .skip, .space, .zero and alignment can go in "+s.name+" (it is cleared, not loaded)")
		return
	}
	s.items = append(s.items, it)
}

// sectionLimit returns the most bytes section s can hold (the device's flash, or its SRAM for .data and
// .bss) and a description of that memory for messages.
func (a *assembler) sectionLimit(s *section) (int64, string) {
	if s.kind == kData || s.kind == kBSS {
		return int64(a.dev.SRAMSize), fmt.Sprintf("the %d bytes of SRAM of %s", a.dev.SRAMSize, a.dev.Name)
	}
	return int64(a.dev.Flash), fmt.Sprintf("the %d bytes of flash of %s", a.dev.Flash, a.dev.Name)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// pad appends n bytes of padding (not emitted by the source) with fill pattern pat.
func (a *assembler) pad(n int64, pat []byte, st *stmt, at int) {
	if n <= 0 {
		return
	}
	if allZero(pat) {
		pat = nil
	}
	a.place(item{kind: itFill, size: n, pat: pat, st: st, at: at})
}

func alignUp(v, align int64) int64 { return (v + align - 1) &^ (align - 1) }

// link places the sections as avr-gcc's default linker script does: .text output section = .vectors,
// .progmem.gcc*, ALIGN(2), .progmem*, ALIGN(2), .jumptables*, .lowtext*, .init0-9, .text, ALIGN(2),
// .text.*, ALIGN(2), .fini9-0; then .data (.data, .data*, .rodata, .rodata*, ALIGN(2)) in SRAM with its
// init copy in flash right after; then .bss (.bss, .bss*, COMMON). It returns the end of the text part
// (the .data load address) and the size of .data. The bytes between input sections stay 0 and are
// not marked emitted.
func (a *assembler) link() (textEnd, dataSize int64) {
	// avr-as pads the end of every section to its alignment. The pad has no statement: no line of the
	// source asked for it (a message about it would point at the last one).
	for _, s := range a.sections {
		if end := alignUp(s.size, s.align); end > s.size {
			s.items = append(s.items, item{kind: itFill, off: s.size, size: end - s.size})
			s.size = end
		}
	}
	byKind := func(k secKind) []*section {
		var out []*section
		for _, s := range a.sections {
			if s.kind == k || k == kText && s.kind == kProgmem {
				out = append(out, s)
			}
		}
		sort.SliceStable(out, func(i, j int) bool { return out[i].slot < out[j].slot })
		return out
	}
	cur := int64(0)
	text := byKind(kText)
	i := 0
	for slot := 0; slot < numTextSlots; slot++ {
		for ; i < len(text) && text[i].slot == slot; i++ {
			s := text[i]
			cur = alignUp(cur, s.align)
			s.base = cur
			cur += s.size
		}
		if alignAfterSlot(slot) {
			cur = alignUp(cur, 2)
		}
	}
	textEnd = cur

	data := byKind(kData)
	maxAlign := int64(1)
	for _, s := range data {
		maxAlign = max(maxAlign, s.align)
	}
	start := alignUp(dataOffset+int64(a.dev.SRAMStart), maxAlign)
	cur = start
	for _, s := range data {
		s.base = alignUp(cur, s.align)
		cur = s.base + s.size
		s.flash = textEnd + s.base - start
	}
	dataSize = alignUp(cur, 2) - start
	a.dataStart = start

	cur = start + dataSize
	bss := byKind(kBSS)
	for _, s := range bss {
		s.base = alignUp(cur, s.align)
		cur = s.base + s.size
	}
	a.bssStart, a.bssEnd = start+dataSize, cur
	return textEnd, dataSize
}
