package obj

import (
	"strings"

	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/isa"
)

// Object is what a front end makes of one source file (with everything it includes): its sections,
// its symbols and its diagnostics. asm.Link turns one or more objects into an image.
//
// An object is linked once: the linker writes the sections' addresses into them and the symbols
// remember their values.
type Object struct {
	// Name is the main source file.
	Name string
	// Device is the part the front end chose instruction forms for.
	Device *isa.Device
	// Sections are the object's sections in the order the source opened them (the order the linker
	// keeps among sections of one kind of the linker script).
	Sections []*Section
	// Symbols are the named symbols, each name once with its last definition, sorted by name: labels,
	// assigned symbols and the undefined ones the source refers to or declares global. Numeric local
	// labels and earlier definitions of a symbol redefined by .set are reachable only from the
	// expressions that use them.
	Symbols []*Symbol
	// Dialect is the syntax the object was read from, DialectGNU ("" counts as GNU) or DialectAtmel:
	// the linker's messages name the dialect's directives (a byte value that does not fit is "in
	// .byte" or "in .db"), and the EEPROM bytes the .eep HEX holds follow the dialect's tool (see
	// asm.Image.EEPROMPresent).
	Dialect string
	// DataBase is added to the data-space address of a label in .data or .bss in expressions: GNU's
	// 0x800000 (a .data label at SRAM 0x100 is 0x800100, so hh8 of it is 0x80), 0 for AVRASM2. The
	// linker takes it off again where a 16-bit data address is encoded (lds, sts, .word).
	DataBase int64
	// EEPROMBase is added to the EEPROM address of a label in an EEPROM section in expressions: GNU's
	// 0x810000 (avr-gcc's linker script puts .eeprom there), 0 for AVRASM2. The linker takes it off
	// again where a 16-bit address is encoded, as it does DataBase.
	EEPROMBase int64
	// Errors are the diagnostics of the front end, warnings included, in the order they were found.
	Errors ErrorList
	// Includes maps each file the source included (#include, .include) to where it was first
	// included, for putting diagnostics in source order (see SourceOrder).
	Includes map[string]srcpos.Position
	// Followed lists every #include and .include directive the front end met, in the order met, each
	// directive once: where it is, the name it gives and the file it read ("" when none was found:
	// the front end reported an error there). It is the include graph the assembly followed (a
	// directive in a false #if or .if is not met).
	Followed []Include
	// Incomplete is true when the front end stopped early (too many errors, a limit): the linker then
	// reports Errors only and builds no flash.
	Incomplete bool
	// Effort is the work the front end did, in the steps of [Evaluator.Effort]: the linker counts
	// its own from there, against the same budget.
	Effort int
	// Last is the last statement read, where messages about the whole program point (nil: none).
	Last Source
}

// Include is one #include or .include directive a front end followed.
type Include struct {
	// At is the directive (At.Filename is the including file).
	At srcpos.Position `json:"at"`
	// Name is the file as the directive names it ("keys.inc", "avr/io.h").
	Name string `json:"name"`
	// File is the file read: a path of the assembly's file system, a built-in header's name or a
	// generated device definition file's; "" when none was found (an error of the assembly at At).
	File string `json:"file"`
}

// Followed collects the include directives a front end meets, each (directive, file) once: a
// directive in a macro or .rept body met again adds nothing. The zero value is empty.
type Followed struct {
	list []Include
	seen map[Include]bool
}

// Add records a directive at at naming name that read file ("" for none).
func (f *Followed) Add(at srcpos.Position, name, file string) {
	inc := Include{At: at, Name: name, File: file}
	if f.seen[inc] {
		return
	}
	if f.seen == nil {
		f.seen = map[Include]bool{}
	}
	f.seen[inc] = true
	f.list = append(f.list, inc)
}

// List returns the directives recorded, in the order met.
func (f *Followed) List() []Include { return f.list }

// Dialects of an object (Object.Dialect), spelled as asm.Config.Dialect and the "; avrlab dialect:"
// line spell them.
const (
	DialectGNU   = "gnu"   // GNU avr-as, as avr-gcc runs it on .S files
	DialectAtmel = "atmel" // Atmel AVRASM2 (.asm)
)

// Source is the text an item or expression was read from, as a front end keeps it: offsets are byte
// offsets into Text. The GNU front end's statements implement it; another front end implements it for
// its own statements.
type Source interface {
	// Pos returns the position of byte off of the text (off may be len(Text()), the end).
	Pos(off int) srcpos.Position
	// Context returns what a message about the text appends: "" or, for text coming from a macro,
	// ` (in macro "m" called at 3:1)`.
	Context() string
	// Text returns the text, for the listing.
	Text() string
}

// SecKind is the memory a section goes to.
type SecKind uint8

// Section kinds.
const (
	SecText    SecKind = iota // code in flash
	SecProgmem                // constant data in flash
	SecData                   // initialised SRAM, with its initial bytes in flash after the code
	SecBSS                    // zeroed SRAM
	SecEEPROM                 // EEPROM contents (GNU .eeprom, AVRASM2 .eseg): not in flash, written to the .eep HEX
)

// Section is one input section (".text", ".progmem.data", ...) as avr-as would put it in an object
// file: items at offsets from 0, a size and an alignment.
type Section struct {
	// Name is the section's name; its kind and slot follow from it (see NewSection).
	Name string
	Kind SecKind
	// Slot is the position of the section's pattern in the linker script's order within its memory.
	Slot int
	// Items are the section's contents in offset order, without gaps (a gap is a fill item).
	Items []Item
	// Size is the section's size in bytes (the end of its last item).
	Size int64
	// Align is the largest alignment the section asked for, a power of 2 (1: none).
	Align int64
	// Addr is set by the linker: the value of the section's offset 0 in expressions (a flash byte
	// address, DataBase plus an SRAM address for .data and .bss, EEPROMBase plus an EEPROM address
	// for EEPROM sections).
	Addr int64
	// Load is set by the linker for .data sections: the flash byte address of the initial bytes.
	Load int64
}

// Linker script order (avr-gcc's default avr*.x scripts): slots of the .text output section, and the
// slots after which the script has ". = ALIGN(2)".
const (
	SlotVectors = iota
	SlotProgmemGCC
	SlotProgmem
	SlotJumptables
	SlotLowtext
	SlotInit0     // .init0 … .init9 follow
	SlotText      = SlotInit0 + 10
	SlotTextDot   = SlotText + 1
	SlotFini9     = SlotTextDot + 1 // .fini9 … .fini0 follow
	NumTextSlots  = SlotFini9 + 10
	SlotData      = 0
	SlotDataDot   = 1
	SlotRodata    = 2
	SlotRodataDot = 3
	SlotBSS       = 0
	SlotLcomm     = 1 // .lcomm goes to .bss subsection 1, after .bss's own contents
	SlotBSSDot    = 2
	SlotCommon    = 3
)

// KnownSections names the sections NewSection places, for messages.
const KnownSections = "avrlab places .text, .text.*, .progmem*, .vectors, .lowtext, .jumptables, .init0-9, .fini0-9, .data, .data.*, .rodata, .rodata.*, .bss, .bss.* and .eeprom*"

// AlignAfterSlot reports whether the linker script aligns to 2 after the text slot.
func AlignAfterSlot(slot int) bool {
	return slot == SlotProgmemGCC || slot == SlotProgmem || slot == SlotText || slot == SlotTextDot
}

// Classify maps a section name to its memory and slot as avr-gcc's default linker script places it;
// ok is false for a section the script does not place (.noinit, .fuse, custom names). Every section
// whose name starts with .eeprom goes to the EEPROM, as the script's .eeprom output section takes
// *(.eeprom*).
func Classify(name string) (kind SecKind, slot int, ok bool) {
	switch {
	case name == ".text":
		return SecText, SlotText, true
	case strings.HasPrefix(name, ".text."):
		return SecText, SlotTextDot, true
	case name == ".vectors":
		return SecText, SlotVectors, true
	case strings.HasPrefix(name, ".progmem.gcc"):
		return SecProgmem, SlotProgmemGCC, true
	case strings.HasPrefix(name, ".progmem"):
		return SecProgmem, SlotProgmem, true
	case strings.HasPrefix(name, ".jumptables"):
		return SecText, SlotJumptables, true
	case strings.HasPrefix(name, ".lowtext"):
		return SecText, SlotLowtext, true
	case len(name) == 6 && strings.HasPrefix(name, ".init") && name[5] >= '0' && name[5] <= '9':
		return SecText, SlotInit0 + int(name[5]-'0'), true
	case len(name) == 6 && strings.HasPrefix(name, ".fini") && name[5] >= '0' && name[5] <= '9':
		return SecText, SlotFini9 + int('9'-name[5]), true
	case name == ".data":
		return SecData, SlotData, true
	case strings.HasPrefix(name, ".data"):
		return SecData, SlotDataDot, true
	case name == ".rodata":
		return SecData, SlotRodata, true
	case strings.HasPrefix(name, ".rodata"):
		return SecData, SlotRodataDot, true
	case name == ".bss":
		return SecBSS, SlotBSS, true
	case strings.HasPrefix(name, ".bss"):
		return SecBSS, SlotBSSDot, true
	case strings.HasPrefix(name, ".eeprom"):
		return SecEEPROM, 0, true
	}
	return 0, 0, false
}

// NewSection returns an empty section called name, placed where the default linker script puts it
// (see Classify); nil if the script does not place it.
func NewSection(name string) *Section {
	kind, slot, ok := Classify(name)
	if !ok {
		return nil
	}
	return &Section{Name: name, Kind: kind, Slot: slot, Align: 1}
}

// AlignUp rounds v up to a multiple of align, a power of 2.
func AlignUp(v, align int64) int64 { return (v + align - 1) &^ (align - 1) }

// ItemKind is the kind of a placed piece of a section.
type ItemKind uint8

// Item kinds.
const (
	ItemInst ItemKind = iota // an instruction: Form and Ops, encoded by the linker
	ItemData                 // values of Width bytes each (Values), evaluated by the linker
	ItemFill                 // bytes known already: Fill repeated over Size (nil Fill: zeros)
)

// Item is one piece of a section: its offset and size and how to make its bytes. Src and At say which
// statement made it (At: the byte offset of its mnemonic or directive in Src): that is the object's
// line map, and where messages about the item point.
type Item struct {
	Kind ItemKind
	// Emitted is false for padding and .org gaps: bytes no statement asked for.
	Emitted bool
	Width   int // ItemData: bytes per value (1, 2, 4 or 8), little-endian
	Off     int64
	Size    int64
	Src     Source // nil for the pad the linker adds at the end of a section
	At      int
	Form    *isa.Form // ItemInst
	Ops     []Operand // ItemInst: one per operand of Form
	Values  []*Expr   // ItemData
	Fill    []byte    // ItemFill
}

// Operand is one operand of an instruction item.
type Operand struct {
	// X is the operand's value: a constant, an address (a byte address for jumps and branches), a
	// register given by number or symbol, the displacement of Y+q and Z+q. Nil for a register or
	// pointer written as such.
	X *Expr
	// Reg is the register when IsReg (X nil): r0..r31, or the pair's low register for RegWord and
	// RegEven operands.
	Reg   int
	IsReg bool
	// Off and End are the operand's text in the item's Src; Text is that text, for messages.
	Off, End int
	Text     string
}

// SymKind says what a symbol definition is.
type SymKind uint8

// Symbol kinds.
const (
	SymUndef SymKind = iota // referenced, not defined (in this object)
	SymLabel                // a location: Sec + Off
	SymEqu                  // an assigned value (.equ, .set, =, .equiv)
)

// Symbol is one definition of a name. A front end that redefines a name (.set) makes a new Symbol:
// expressions built earlier keep pointing at the old one, as GNU as keeps the value a symbol had
// where it was used.
type Symbol struct {
	Name string
	Kind SymKind
	Sec  *Section // SymLabel
	Off  int64    // SymLabel: the offset in Sec
	// Global is true when the source named the symbol with .global (.globl, .weak, .comm): the linker
	// resolves references of other objects to it (to a SymUndef one: this object's references).
	Global bool
	// Weak is true for a symbol named by .weak (GNU as lets .weak win over .global, in either order).
	// A definition without .weak in another object overrides it, for the references of its own
	// object too; of two weak definitions the first in link order is kept; one no object defines is
	// 0 (avr-ld's rules for ELF objects).
	Weak bool
	// Common is true for a symbol declared by .comm and not defined: space the linker allocates
	// after every object's .bss, one block per name however many objects declare it (the largest
	// size and alignment), unless an object defines the name without .weak, which overrides it.
	// CommonSize and CommonAlign are this object's size and alignment in bytes.
	Common                  bool
	CommonSize, CommonAlign int64
	Local                   bool // a numeric local label ("1:"), not listed in the image
	Used                    bool // an expression refers to this definition
	Func                    bool // ".type name, @function"
	// Pos is where the symbol was defined; for SymUndef, where it was first declared (.global) or
	// used, when the front end records it.
	Pos  srcpos.Position
	Size *Expr // from .size; nil when none

	x *Expr // SymEqu: expression still to evaluate (nil once val is known)
	// fail is why evaluating x failed (see failure); tmpFail is a failure remembered only during one
	// resolve.
	fail, tmpFail *EvalError
	val           Value
	known         bool
	busy          bool
}

// Assign makes s a SymEqu symbol for expression x, given the result v, err of evaluating x where it
// was defined: a value, or an error that makes it a deferred symbol (undefined symbols, layout
// needed) whose x is evaluated when used; any other error makes the value 0 (the caller reports it).
func (s *Symbol) Assign(x *Expr, v Value, err *EvalError) {
	s.Kind, s.x, s.known, s.fail = SymEqu, nil, false, nil
	switch {
	case err == nil:
		s.val, s.known = v, true
	case err.Undefined || err.NotConst:
		s.x, s.fail = x, err
	default:
		s.val, s.known = Value{}, true
	}
}

// Defined reports whether s has a definition (label or assigned) in its object.
func (s *Symbol) Defined() bool { return s.Kind != SymUndef }

// Final returns the value of symbol s after the linker placed the sections, and the section it is an
// address in (nil for a number, or for a symbol assigned an expression evaluated only now).
func (e *Evaluator) Final(s *Symbol) (int64, *Section, *EvalError) {
	switch {
	case s.Kind == SymLabel:
		return s.Sec.Addr + s.Off, s.Sec, nil
	case s.Kind == SymEqu && s.known && s.val.Sec != nil:
		return s.val.Sec.Addr + s.val.N, s.val.Sec, nil
	case s.Kind == SymEqu && s.known:
		return s.val.N, nil, nil
	}
	v, err := e.Eval(&Expr{Op: OpSym, Sym: s}, true)
	return v.N, nil, err
}
