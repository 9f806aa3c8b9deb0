package asm

import (
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// Link builds the image of a program from the objects of its source files, as avr-gcc -nostartfiles
// -nostdlib links them: the sections of all objects placed by avr-gcc's default linker script (those
// of one pattern in the order of objs, and within one object in the order the source opened them),
// references to a symbol an object does not define resolved to the .global symbol of that name in
// another (.weak and .comm as avr-ld resolves them: see globals and allocCommons), and every
// instruction and value encoded with the final addresses.
//
// The diagnostics of the objects come first (their warnings go to [Image.Warnings]); Link adds its
// own: a .global symbol defined in two objects (at the second, naming the first), undefined symbols
// (at each use), values out of range. They are returned as an ErrorList sorted by position with at
// most one error per line, stopping after maxErrors (0 means 10, negative unlimited). The image is
// partial on errors; it holds only the Device when an object is incomplete ([obj.Object.Incomplete]).
// Every object must be made for dev, and each object is linked once (see [obj.Object]). An AVRASM2
// object ([obj.DialectAtmel]) is linked only on its own: its addresses were fixed while it was read,
// as AVRASM2 has them, so among other objects it is an error at its file.
func Link(dev *isa.Device, objs []*obj.Object, maxErrors int) (*Image, error) {
	l := &linker{dev: dev}
	l.diag.max = maxErrors
	if l.diag.max == 0 {
		l.diag.max = defaultMaxError
	}
	im := &Image{Device: dev}
	for _, o := range objs {
		l.diag.main(o.Name)
		im.Includes = append(im.Includes, o.Followed...)
	}
	obj.Protect(func() { l.link(objs, im) })
	order := sourceOrder(objs)
	l.diag.list = firstPerLine(order, l.diag.list)
	order.Sort(l.diag.warnings)
	im.Warnings = l.diag.warnings
	im.EmittedOnlyHex = len(objs) == 1 && objs[0].Dialect == obj.DialectAtmel
	if im.EmittedOnlyHex {
		// AVRASM2 writes only the bytes the source emits (its HEX has no .org gaps), so a chip
		// programmed from it holds erased flash there: the image says so as a HEX file's does.
		im.Present = append([]bool(nil), im.Emitted...)
		for i, e := range im.Present {
			if !e {
				im.Flash[i] = 0xFF
			}
		}
	}
	return im, l.diag.list.Err()
}

// sourceOrder is the order in which a reader meets the text of objs: file by file in link order,
// an included file's text where it is included.
func sourceOrder(objs []*obj.Object) *obj.SourceOrder {
	o := &obj.SourceOrder{Sites: map[string]srcpos.Position{}}
	for _, ob := range objs {
		o.Mains = append(o.Mains, ob.Name)
		for f, at := range ob.Includes {
			if _, ok := o.Sites[f]; !ok {
				o.Sites[f] = at
			}
		}
	}
	return o
}

// firstPerLine sorts list in source order and keeps the first diagnostic of each line.
func firstPerLine(order *obj.SourceOrder, list ErrorList) ErrorList {
	order.Sort(list)
	seen := make(map[lineKey]bool, len(list))
	out := list[:0]
	for _, e := range list {
		k := lineKey{e.Pos.Filename, e.Pos.Line}
		if seen[k] && e.Pos.Line > 0 {
			continue
		}
		seen[k] = true
		out = append(out, e)
	}
	return out
}

// linker is the state of one link.
type linker struct {
	dev  *isa.Device
	diag diag
	ev   obj.Evaluator
	objs []*obj.Object
	last obj.Source // the last statement of the last object

	// layout results, SRAM addresses
	dataStart, bssStart, bssEnd int64
	// eepromEnd is the end of the EEPROM sections, an EEPROM byte address
	eepromEnd int64
	// per section: its object's DataBase and EEPROMBase
	dataBase, eepromBase map[*section]int64
	// pads are the flash runs the layout leaves between text sections (Image.Pads)
	pads []Pad
}

// errAt reports an error at bytes [off, end) of src.
func (l *linker) errAt(src obj.Source, off, end int, msg string) { l.diag.errAt(src, off, end, msg) }

// report turns an evaluation error into a diagnostic at the node's text. An undefined symbol that
// another object defines without .global says so.
func (l *linker) report(e *evalError) {
	msg := e.Msg
	if e.Undefined && e.X.Op == obj.OpSym && !e.X.Sym.Local && len(l.objs) > 1 {
		for _, o := range l.objs {
			if s := lookupSymbol(o, e.X.Sym.Name); s != nil && s.Defined() && !s.Global {
				msg += textf.Sprintf(" (%s defines it without .global)", s.Pos.String())
				break
			}
		}
	}
	l.errAt(e.X.Src, e.X.Off, e.X.End, msg)
}

// lookupSymbol returns the symbol called name of o (nil if none).
func lookupSymbol(o *obj.Object, name string) *symDef {
	i := sort.Search(len(o.Symbols), func(i int) bool { return o.Symbols[i].Name >= name })
	if i < len(o.Symbols) && o.Symbols[i].Name == name {
		return o.Symbols[i]
	}
	return nil
}

// link links objs into im.
func (l *linker) link(objs []*obj.Object, im *Image) {
	l.objs = objs
	incomplete := false
	for _, o := range objs {
		for _, e := range o.Errors {
			if e.Severity != SeverityError {
				l.diag.warnings = append(l.diag.warnings, e)
				continue
			}
			l.diag.record(e)
		}
		l.ev.Effort += o.Effort
		incomplete = incomplete || o.Incomplete
		if o.Last != nil {
			l.last = o.Last
		}
	}
	if incomplete {
		return
	}
	if len(objs) > 1 {
		mixed := false
		for _, o := range objs {
			if o.Dialect == obj.DialectAtmel {
				l.diag.add(srcpos.Position{Filename: o.Name}, 0, "an AVRASM2 source is a program of its own (one file and what it includes): it cannot be linked with other files")
				mixed = true
			}
		}
		if mixed {
			return
		}
	}
	l.diag.check()
	l.ev.MaxEffort = maxEffort
	l.ev.OnEffort = func(src obj.Source, off int) {
		var pos srcpos.Position
		if src != nil {
			pos = src.Pos(off)
		}
		l.diag.fatal(pos, textf.Sprintf("assembly effort limit reached (more than %d steps of work)", maxEffort))
	}
	l.globals()
	l.emit(im)
}

// globals collects the .global symbols of all objects by name, as avr-ld resolves them: a definition
// overrides a .weak one, the first of two weak ones is kept, two that are not weak are an error (at
// the second, naming the first). Then it allocates the .comm symbols (commons).
func (l *linker) globals() {
	g := make(map[string]*symDef)
	var commons []common // every .comm declaration, in link order
	for _, o := range l.objs {
		for _, s := range o.Symbols {
			if s.Common && !s.Defined() {
				commons = append(commons, common{s, o})
				continue
			}
			if !s.Global || !s.Defined() {
				continue
			}
			switch prev := g[s.Name]; {
			case prev == nil || prev.Weak && !s.Weak:
				g[s.Name] = s
			case !prev.Weak && !s.Weak:
				l.diag.add(s.Pos, 0, textf.Sprintf("symbol %s already defined at %s (both are .global)", quote(s.Name), prev.Pos.String()))
			}
		}
	}
	l.allocCommons(g, commons)
	l.ev.Globals = g
}

// bfdHashSize is the number of buckets of avr-ld's symbol table (BFD's default hash table size).
const bfdHashSize = 4051

// bfdBucket is the bucket of name in avr-ld's symbol table: BFD's string hash modulo bfdHashSize.
// avr-ld allocates the commons in the order of a walk of that table, bucket by bucket.
func bfdBucket(name string) uint64 {
	var h uint64
	for i := 0; i < len(name); i++ {
		c := uint64(name[i])
		h += c + c<<17
		h ^= h >> 2
	}
	n := uint64(len(name))
	h += n + n<<17
	h ^= h >> 2
	return h % bfdHashSize
}

// allocCommons allocates the commons as avr-ld does: one block per name, with the largest size and
// alignment of its declarations, unless a definition that is not weak overrides the name (the
// declarations' references go to it; a common overrides a weak definition). Each object has a COMMON
// section after every object's .bss, in link order; a block goes to the one of the object whose
// declaration is the largest (the first of equal ones), and within it the blocks follow a walk of
// avr-ld's symbol table (bfdBucket). Names that share a bucket, rare with 4051 buckets, go the
// later-declared first, which is avr-ld's order when the declarations are its first sight of the
// names. The first declaration of a name becomes the symbol of the block; the others stay undefined
// and resolve to it through the globals.
func (l *linker) allocCommons(g map[string]*symDef, decls []common) {
	type block struct {
		first       *symDef
		owner       *obj.Object // the object of the largest declaration
		size, align int64
		bucket      uint64
		seen        int // index of the first declaration
	}
	byName := map[string]*block{}
	var blocks []*block
	for i, c := range decls {
		d := c.sym
		b := byName[d.Name]
		if b == nil {
			if def := g[d.Name]; def != nil && !def.Weak {
				continue
			}
			b = &block{first: d, owner: c.obj, bucket: bfdBucket(d.Name), seen: i}
			byName[d.Name] = b
			blocks = append(blocks, b)
		}
		if d.CommonSize > b.size {
			b.size, b.owner = d.CommonSize, c.obj
		}
		b.align = max(b.align, d.CommonAlign)
	}
	sort.Slice(blocks, func(i, j int) bool {
		if blocks[i].bucket != blocks[j].bucket {
			return blocks[i].bucket < blocks[j].bucket
		}
		return blocks[i].seen > blocks[j].seen
	})
	secs := map[*obj.Object]*section{}
	for _, b := range blocks {
		sec := secs[b.owner]
		if sec == nil {
			sec = &section{Name: "COMMON", Kind: obj.SecBSS, Slot: obj.SlotCommon, Align: 1}
			secs[b.owner] = sec
			b.owner.Sections = append(b.owner.Sections, sec)
		}
		off := obj.AlignUp(sec.Size, b.align)
		if off > sec.Size {
			sec.Items = append(sec.Items, item{Kind: obj.ItemFill, Off: sec.Size, Size: off - sec.Size})
		}
		sec.Items = append(sec.Items, item{Kind: obj.ItemFill, Off: off, Size: b.size, Emitted: true})
		sec.Size, sec.Align = off+b.size, max(sec.Align, b.align)
		d := b.first
		d.Kind, d.Sec, d.Off = obj.SymLabel, sec, off
		d.Size = &obj.Expr{Op: obj.OpNum, Val: b.size}
		g[d.Name] = d
	}
}

// common is one .comm declaration and its object.
type common struct {
	sym *symDef
	obj *obj.Object
}

// layout places the sections as avr-gcc's default linker script does: .text output section =
// .vectors, .progmem.gcc*, ALIGN(2), .progmem*, ALIGN(2), .jumptables*, .lowtext*, .init0-9, .text,
// ALIGN(2), .text.*, ALIGN(2), .fini9-0; then .data (.data, .data*, .rodata, .rodata*, ALIGN(2)) in
// SRAM with its init copy in flash right after; then .bss (.bss, .bss*, COMMON). Sections of one slot
// keep the order of the objects, then their order in the object. It returns the end of the text part
// (the .data load address) and the size of .data. The bytes between input sections stay 0 and are not
// marked emitted. The EEPROM sections (.eeprom*, AVRASM2's .eseg) are placed from EEPROM address 0 in
// the order of objs.
func (l *linker) layout() (textEnd, dataSize int64) {
	var all []*section
	l.dataBase = make(map[*section]int64)
	l.eepromBase = make(map[*section]int64)
	for _, o := range l.objs {
		for _, s := range o.Sections {
			// avr-as pads the end of every section to its alignment. The pad has no statement: no
			// line of the source asked for it (a message about it would point at the last one).
			if end := obj.AlignUp(s.Size, s.Align); end > s.Size {
				s.Items = append(s.Items, item{Kind: obj.ItemFill, Off: s.Size, Size: end - s.Size})
				s.Size = end
			}
			all = append(all, s)
			l.dataBase[s] = o.DataBase
			l.eepromBase[s] = o.EEPROMBase
		}
	}
	byKind := func(k obj.SecKind) []*section {
		var out []*section
		for _, s := range all {
			if s.Kind == k || k == obj.SecText && s.Kind == obj.SecProgmem {
				out = append(out, s)
			}
		}
		sort.SliceStable(out, func(i, j int) bool { return out[i].Slot < out[j].Slot })
		return out
	}
	cur := int64(0)
	text := byKind(obj.SecText)
	i := 0
	for slot := 0; slot < obj.NumTextSlots; slot++ {
		for ; i < len(text) && text[i].Slot == slot; i++ {
			s := text[i]
			if at := obj.AlignUp(cur, s.Align); at > cur {
				l.pads = append(l.pads, Pad{Addr: uint32(cur), Size: int(at - cur),
					Why: textf.Sprintf("section %s aligned to %d B", s.Name, s.Align)})
				cur = at
			}
			s.Addr = cur
			cur += s.Size
		}
		if at := obj.AlignUp(cur, 2); obj.AlignAfterSlot(slot) && at > cur {
			l.pads = append(l.pads, Pad{Addr: uint32(cur), Size: int(at - cur), Why: "ALIGN(2) of the linker script"})
			cur = at
		}
	}
	textEnd = cur

	data := byKind(obj.SecData)
	maxAlign := int64(1)
	for _, s := range data {
		maxAlign = max(maxAlign, s.Align)
	}
	start := obj.AlignUp(int64(l.dev.SRAMStart), maxAlign)
	cur = start
	for _, s := range data {
		at := obj.AlignUp(cur, s.Align)
		s.Addr = at + l.dataBase[s]
		cur = at + s.Size
		s.Load = textEnd + at - start
	}
	dataSize = obj.AlignUp(cur, 2) - start
	l.dataStart = start

	cur = start + dataSize
	for _, s := range byKind(obj.SecBSS) {
		at := obj.AlignUp(cur, s.Align)
		s.Addr = at + l.dataBase[s]
		cur = at + s.Size
	}
	l.bssStart, l.bssEnd = start+dataSize, cur

	// The .eeprom output section: from EEPROM address 0, the sections in link order.
	cur = 0
	for _, s := range byKind(obj.SecEEPROM) {
		at := obj.AlignUp(cur, s.Align)
		s.Addr = at + l.eepromBase[s]
		cur = at + s.Size
	}
	l.eepromEnd = cur
	return textEnd, dataSize
}

// emit lays the sections out, evaluates every expression with the final addresses, encodes the
// instructions and builds the image.
func (l *linker) emit(im *Image) {
	textEnd, dataSize := l.layout()
	total := textEnd + dataSize
	if total > int64(l.dev.Flash) {
		// Each section fits (the front end checks), but together, with the alignment between them,
		// they do not. The partial image stops at the end of the flash: many sections could add up
		// to gigabytes.
		l.tooBig(total)
		total = int64(l.dev.Flash)
	}
	flash := make([]byte, total)
	emitted := make([]bool, total)
	if used := l.bssEnd - int64(l.dev.SRAMStart); used > int64(l.dev.SRAMSize) {
		l.errAt(l.last, 0, 0, textf.Sprintf(".data and .bss need %d bytes, more than the %d bytes of SRAM of %s",
			used, l.dev.SRAMSize, l.dev.Name))
	}
	rows := 0
	for _, o := range l.objs {
		for _, s := range o.Sections {
			rows += len(s.Items)
		}
	}
	// One allocation each for the rows and their bytes (append would grow them a quarter at a time).
	im.Lines, im.Listing = make([]LineInfo, 0, rows), make([]ListRow, 0, rows)
	bytes := make([]byte, 0, total)
	for _, o := range l.objs {
		for _, s := range o.Sections {
			if s.Kind == obj.SecBSS || s.Kind == obj.SecEEPROM {
				continue
			}
			load := flashAddr(s)
			for k := range s.Items {
				it := &s.Items[k]
				at := load + it.Off
				if at+it.Size > total {
					continue // reported by tooBig
				}
				out := flash[at : at+it.Size]
				ok := true
				switch it.Kind {
				case obj.ItemInst:
					var w []uint16
					if w, ok = l.encode(it, s.Addr+it.Off, o); ok {
						for j, v := range w {
							out[2*j], out[2*j+1] = byte(v), byte(v>>8)
						}
					}
				case obj.ItemData:
					ok = l.values(it, out, o)
				case obj.ItemFill:
					fillPattern(out, it.Fill)
				}
				if !it.Emitted {
					l.pads = append(l.pads, padOf(it, s, at))
					continue
				}
				for j := range out {
					emitted[at+int64(j)] = true
				}
				if !ok || it.Src == nil {
					continue
				}
				pos := it.Src.Pos(it.At)
				im.Lines = append(im.Lines, LineInfo{Addr: uint32(at), Size: int(it.Size), Pos: pos})
				bytes = append(bytes, out...)
				im.Listing = append(im.Listing, ListRow{Addr: uint32(at), Bytes: bytes[len(bytes)-len(out) : len(bytes) : len(bytes)], Pos: pos,
					Text: it.Src.Text()})
			}
		}
	}
	if len(im.Lines) == 0 {
		im.Lines, im.Listing = nil, nil // as append leaves them
	}
	sort.SliceStable(im.Lines, func(i, j int) bool { return im.Lines[i].Addr < im.Lines[j].Addr })
	sort.SliceStable(im.Listing, func(i, j int) bool { return im.Listing[i].Addr < im.Listing[j].Addr })
	im.Flash, im.Emitted = flash, emitted
	for _, p := range l.pads {
		if p.Size > 0 && int64(p.Addr)+int64(p.Size) <= total {
			im.Pads = append(im.Pads, p)
		}
	}
	sort.SliceStable(im.Pads, func(i, j int) bool { return im.Pads[i].Addr < im.Pads[j].Addr })
	if textEnd <= total {
		im.Data = append([]byte(nil), flash[textEnd:]...)
	}
	im.DataAddr = uint16(l.dataStart)
	im.DataFlash = uint32(textEnd)
	im.BSSAddr = uint16(l.bssStart)
	im.BSSSize = int(l.bssEnd - l.bssStart)
	l.eeprom(im)
	im.Symbols = l.symbols()
}

// eeprom evaluates the EEPROM sections into im.EEPROM and im.EEPROMPresent. Sections that do not fit
// the device's EEPROM are reported at the first statement past its end.
func (l *linker) eeprom(im *Image) {
	size := l.eepromEnd
	if size == 0 {
		return
	}
	limit := int64(l.dev.EEPROM)
	if size > limit {
		var worst *item
		for _, o := range l.objs {
			for _, s := range o.Sections {
				for k := range s.Items {
					it := &s.Items[k]
					if s.Kind == obj.SecEEPROM && it.Src != nil && worst == nil && s.Addr-l.eepromBase[s]+it.Off+it.Size > limit {
						worst = it
					}
				}
			}
		}
		msg := textf.Sprintf("EEPROM sections need %d bytes, more than the %d bytes of EEPROM of %s", size, limit, l.dev.Name)
		if worst != nil {
			l.errAt(worst.Src, worst.At, worst.At, msg)
		} else {
			l.errAt(l.last, 0, 0, msg)
		}
		size = limit
	}
	data := make([]byte, size)
	present := make([]bool, size)
	for _, o := range l.objs {
		for _, s := range o.Sections {
			if s.Kind != obj.SecEEPROM {
				continue
			}
			start := s.Addr - l.eepromBase[s]
			for k := range s.Items {
				it := &s.Items[k]
				at := start + it.Off
				if at+it.Size > size {
					continue // reported above
				}
				out := data[at : at+it.Size]
				switch it.Kind {
				case obj.ItemData:
					l.values(it, out, o)
				case obj.ItemFill:
					fillPattern(out, it.Fill)
				}
				if it.Emitted {
					for j := range out {
						present[at+int64(j)] = true
					}
				}
			}
		}
		if o.Dialect != obj.DialectAtmel {
			// avr-objcopy -j .eeprom writes the whole output section, fills and gaps included;
			// avra writes only what an AVRASM2 source put there. (An AVRASM2 program is one
			// object, so the two never mix.)
			for j := range present {
				present[j] = true
			}
		}
	}
	im.EEPROM, im.EEPROMPresent = data, present
}

// flashAddr is where the bytes of flash section s go: its address, or for .data its initial copy's.
func flashAddr(s *section) int64 {
	if s.Kind == obj.SecData {
		return s.Load
	}
	return s.Addr
}

// fillPattern repeats pattern over out (a .fill or .skip value); an empty pattern leaves out zero.
func fillPattern(out, pattern []byte) {
	if len(pattern) == 0 {
		return
	}
	for j := range out {
		out[j] = pattern[j%len(pattern)]
	}
}

// tooBig reports a program larger than the flash at the first statement that does not fit.
func (l *linker) tooBig(total int64) {
	limit := int64(l.dev.Flash)
	var worst *item
	var worstAt int64
	for _, o := range l.objs {
		for _, s := range o.Sections {
			if s.Kind == obj.SecBSS || s.Kind == obj.SecEEPROM {
				continue
			}
			load := flashAddr(s)
			for k := range s.Items {
				it := &s.Items[k]
				if at := load + it.Off; at+it.Size > limit && (worst == nil || at < worstAt) && it.Src != nil {
					worst, worstAt = it, at
				}
			}
		}
	}
	msg := textf.Sprintf("program needs %d bytes of flash, more than the %d of %s", total, limit, l.dev.Name)
	if worst == nil {
		l.errAt(l.last, 0, 0, msg)
		return
	}
	l.errAt(worst.Src, worst.At, worst.At, msg)
}

// values evaluates the expressions of a data item of object o into out.
func (l *linker) values(it *item, out []byte, o *obj.Object) bool {
	w := it.Width
	for k, x := range it.Values {
		v, err := l.ev.Eval(x, true)
		if err != nil {
			l.report(err)
			return false
		}
		n := v.N
		switch w {
		case 1:
			if n < -128 || n > 255 {
				l.errAt(it.Src, x.Off, x.End, textf.Sprintf("value %d does not fit in %s (-128..255)", n, byteDirective(o)))
				return false
			}
		case 2:
			n = address16(n, o) // a data-space or EEPROM address, as the linker's R_AVR_16 truncates it
			if n < -32768 || n > 65535 {
				l.errAt(it.Src, x.Off, x.End, textf.Sprintf("value %d does not fit in 16 bits (-32768..65535)", n))
				return false
			}
		case 4:
			if n < -1<<31 || n > 1<<32-1 {
				l.errAt(it.Src, x.Off, x.End, textf.Sprintf("value %d does not fit in 32 bits", n))
				return false
			}
		}
		for j := 0; j < w; j++ {
			out[k*w+j] = byte(uint64(n) >> (8 * j))
		}
	}
	return true
}

// byteDirective is the directive of one-byte values in o's dialect, for messages.
func byteDirective(o *obj.Object) string {
	if o.Dialect == obj.DialectAtmel {
		return ".db"
	}
	return ".byte"
}

// address16 takes the object's data-space or EEPROM offset (DataBase, EEPROMBase) off a value that is
// an address in that space (within 64 KiB of the base), as avr-gcc's linker truncates such an address
// to 16 bits (R_AVR_16 of .word, lds and sts): .word of a .data label at SRAM 0x100 is 0x0100.
func address16(v int64, o *obj.Object) int64 {
	for _, base := range []int64{o.DataBase, o.EEPROMBase} {
		if base != 0 && v >= base && v <= base+0xFFFF {
			return v - base
		}
	}
	return v
}

// encode produces the words of an instruction of object o at flash byte address pc.
func (l *linker) encode(it *item, pc int64, o *obj.Object) ([]uint16, bool) {
	f := it.Form
	var buf [3]int64
	args := buf[:len(f.Operands)]
	for j, fo := range f.Operands {
		op := &it.Ops[j]
		k := fo.Kind
		var v int64
		if op.X != nil {
			val, err := l.ev.Eval(op.X, true)
			if err != nil {
				l.report(err)
				return nil, false
			}
			v = val.N
		} else if op.IsReg {
			v = int64(op.Reg)
		}
		bad := func(format string, args ...any) ([]uint16, bool) {
			l.errAt(it.Src, op.Off, op.End, textf.Sprintf(format, args...))
			return nil, false
		}
		switch {
		case k.IsPointer():
			if k == isa.PtrYDisp || k == isa.PtrZDisp {
				if !k.Valid(v) {
					return bad("displacement %d out of range 0..63", v)
				}
			}
		case k.IsRegister():
			if op.IsReg && !k.Valid(v) {
				return bad("expected %s, found r%d", k.String(), v)
			}
			if !k.Valid(v) {
				if v >= 0 && v <= 31 {
					return bad("expected %s, found %s (r%d)", k.String(), op.Text, v)
				}
				return bad("expected %s, found %s", k.String(), op.Text)
			}
		case op.IsReg:
			return bad("expected %s, found register r%d", k.String(), op.Reg)
		case k.IsRelative():
			if v%2 != 0 {
				return bad("branch target 0x%x is an odd byte address", v)
			}
			d := (v - (pc + 2)) / 2
			lo, hi := k.Range()
			if d < lo || d > hi {
				return bad("branch target out of reach: %+d words (%s reaches %d..%+d words)", d, f.Mnemonic, lo, hi)
			}
			v = d
		case k == isa.Abs22:
			if v%2 != 0 {
				return bad("jump target 0x%x is an odd byte address", v)
			}
			if v < 0 || v/2 > 0x3FFFFF {
				return bad("jump target 0x%x out of range 0..0x7ffffe", v)
			}
			v /= 2
		case k == isa.Data16 || k == isa.Data7:
			v = address16(v, o)
			if !k.Valid(v) {
				return bad("expected %s, found 0x%x", k.String(), v)
			}
		case k == isa.Imm8:
			if v < -255 || v > 255 {
				return bad("expected constant 0..255 (or -255..-1), found %d", v)
			}
			v &= 0xFF
		default:
			if !k.Valid(v) {
				return bad("expected %s, found %d", k.String(), v)
			}
		}
		args[j] = v
	}
	w, err := f.Encode(args)
	if err != nil {
		l.errAt(it.Src, it.At, it.At, err.Error())
		return nil, false
	}
	return w, true
}

// symbols builds the image's symbol table: the last definition of every name of every object, sorted
// by name (a name defined in several objects without .global appears once per object, the global
// one first).
func (l *linker) symbols() []Symbol {
	var out []Symbol
	for _, o := range l.objs {
		for _, d := range o.Symbols {
			if !d.Defined() {
				continue
			}
			if w := l.ev.Globals[d.Name]; d.Global && w != nil && w != d {
				continue // overridden: a weak definition, or the second of two (reported)
			}
			s := Symbol{Name: d.Name, Global: d.Global, Func: d.Func, Pos: d.Pos}
			v, sec, err := l.ev.Final(d)
			if err != nil || sec != nil && sec.Kind == obj.SecEEPROM {
				continue // EEPROM labels are not in the image's symbols (see Image.Symbols)
			}
			s.Section, s.Value = SectionAbs, v
			if sec != nil {
				s.Section = imageSection(sec.Kind)
			}
			if s.Section == SectionData || s.Section == SectionBSS {
				s.Value -= l.dataBase[sec]
			}
			if d.Size != nil {
				if v, err := l.ev.Eval(d.Size, true); err == nil {
					s.Size = v.N
					if limit, mem := l.sizeLimit(s.Section); s.Size > limit {
						l.errAt(d.Size.Src, d.Size.Off, d.Size.End, textf.Sprintf(".size of %s is %d, more than the %d bytes of %s of %s",
							d.Name, s.Size, limit, mem, l.dev.Name))
						s.Size = 0
					}
				}
			}
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Global && !out[j].Global
	})
	return out
}

// sizeLimit is the largest .size a symbol of section sec may have: the bytes of the device's SRAM
// for data and .bss, of its flash for the rest. A larger size describes no object of the device,
// and measuring walks every byte of a function's size.
func (l *linker) sizeLimit(sec Section) (limit int64, mem string) {
	if sec == SectionData || sec == SectionBSS {
		return int64(l.dev.SRAMSize), "SRAM"
	}
	return int64(l.dev.Flash), "flash"
}

// imageSection is the image's name for a section kind.
func imageSection(k obj.SecKind) Section {
	switch k {
	case obj.SecProgmem:
		return SectionProgmem
	case obj.SecData:
		return SectionData
	case obj.SecBSS:
		return SectionBSS
	}
	return SectionText
}

// padOf describes the padding item it of section s, placed at flash byte address at.
func padOf(it *item, s *section, at int64) Pad {
	p := Pad{Addr: uint32(at), Size: int(it.Size)}
	if it.Src == nil {
		p.Why = textf.Sprintf("end of section %s padded to its alignment of %d B", s.Name, s.Align)
		return p
	}
	p.Pos = it.Src.Pos(it.At)
	text := it.Src.Text()
	if it.At >= 0 && it.At < len(text) {
		text = text[it.At:]
	}
	p.Why = strings.Join(strings.Fields(text), " ")
	if r := []rune(p.Why); len(r) > 40 {
		p.Why = string(r[:40]) + "..."
	}
	return p
}
