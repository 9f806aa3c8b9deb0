package lab

import (
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/internal/textf"
)

// Measured flash and RAM (the README's "What is measured"). Both machines of the harness record
// which flash words they execute, which program-memory bytes they read and which SRAM bytes
// instructions touch, over every vector and every constant-time input; sizes reads those records.

// flashUse marks, per program-memory byte, what the calls did with it.
type flashUse struct {
	exec, read, any []bool
}

func (u *flashUse) used(a int64) bool { return a >= 0 && a < int64(len(u.any)) && u.any[a] }

// flashUsed collects the flash record of both machines. Its arrays end after the last byte of
// the image or that a call executed or read, whichever is further (the rest of the flash is
// false in all of them): not the device's whole flash, 64-256 KB a bench to clear and walk.
func (h *harness) flashUsed() *flashUse {
	n := len(h.im.Emitted)
	// The records up to their last true value: the walks below do not scan their false tails again.
	var recs [2]emu.AccessRecord
	for i, m := range []*emu.Machine{h.m, h.mt} {
		rec := m.Access()
		w := lastTrue(rec.Executed)
		if w >= 0 {
			n = max(n, (w+m.InstructionWords(uint32(w)))*2)
		}
		r := lastTrue(rec.FlashRead)
		n = max(n, r+1)
		recs[i].Executed, recs[i].FlashRead = rec.Executed[:w+1], rec.FlashRead[:r+1]
	}
	n = min(n, h.dev.Flash)
	u := &flashUse{exec: make([]bool, n), read: make([]bool, n)}
	for i, m := range []*emu.Machine{h.m, h.mt} {
		rec := recs[i]
		for w := nextTrue(rec.Executed, 0); w < len(rec.Executed); w = nextTrue(rec.Executed, w+1) {
			for b := w * 2; b < (w+m.InstructionWords(uint32(w)))*2 && b < n; b++ {
				u.exec[b] = true
			}
		}
		for a := nextTrue(rec.FlashRead, 0); a < len(rec.FlashRead); a = nextTrue(rec.FlashRead, a+1) {
			u.read[a] = true
		}
	}
	u.any = make([]bool, n)
	for _, x := range [][]bool{u.exec, u.read} {
		for a := nextTrue(x, 0); a < n; a = nextTrue(x, a+1) {
			u.any[a] = true
		}
	}
	return u
}

// emitted reports whether the image emitted flash byte a.
func emitted(im *asm.Image, a int64) bool { return a < int64(len(im.Emitted)) && im.Emitted[a] }

// sizes fills the flash and RAM figures. low is the lowest SP seen.
func (h *harness) sizes(rep *Report, low uint16) {
	im := h.im
	u := h.flashUsed()
	rep.FlashDeclared = im.EmittedBytes(0, uint32(len(im.Flash)))
	covered := make([]bool, len(u.exec)) // the bytes counted as flash (none past u's end)
	if !h.opts.Linked {
		for a := 0; a < len(im.Emitted) && a < len(covered); a++ {
			covered[a] = im.Emitted[a]
		}
	}
	// Functions: a source's function the call never enters is not counted; a linked program's
	// functions and objects count whole when the call uses any byte of them.
	var unentered []string
	var never []span // the never-entered functions of a source, by address
	for _, s := range im.Symbols {
		if s.Size <= 0 || (s.Section != asm.SectionText && s.Section != asm.SectionProgmem) {
			continue
		}
		// The assembler and the loader refuse sizes past the device's memory; the walks stop at
		// its end all the same, so measuring stays linear in the flash whatever the image says.
		n := int64(len(covered))
		lo, hi := s.Value, min(s.Value+min(s.Size, n), n)
		entered := false
		for a := lo; a < hi && !entered; a++ {
			entered = u.used(a)
		}
		if s.Func {
			rep.Functions = append(rep.Functions, FunctionUse{Name: s.Name, Addr: uint32(lo), Size: int(s.Size), Entered: entered})
		}
		switch {
		case h.opts.Linked && entered:
			for a := lo; a < hi && a < int64(len(covered)); a++ {
				covered[a] = covered[a] || emitted(im, a)
			}
		case !h.opts.Linked && s.Func && !entered:
			n := 0
			for a := lo; a < hi && a < int64(len(covered)); a++ {
				if covered[a] {
					covered[a] = false
					n++
				}
			}
			if n > 0 {
				never = append(never, span{name: s.Name, lo: lo, hi: hi, n: n})
			}
		}
	}
	sort.Slice(rep.Functions, func(i, j int) bool { return rep.Functions[i].Addr < rep.Functions[j].Addr })
	// Bytes the call executes or reads that the source did not emit (the .org-gap trick) count.
	runs, more, moreBytes := 0, 0, 0
	for a := nextTrue(u.any, 0); a < len(covered); {
		if !u.any[a] {
			a = nextTrue(u.any, a)
			continue
		}
		if emitted(im, int64(a)) {
			covered[a] = true
			a++
			continue
		}
		b, execs := a, false
		for b < len(covered) && u.any[b] && !emitted(im, int64(b)) {
			covered[b] = true
			execs = execs || u.exec[b]
			b++
		}
		verb := "reads"
		if execs {
			verb = "executes or reads"
		}
		switch {
		case h.opts.Linked:
		case runs < maxLayoutNotes:
			rep.Measurement = append(rep.Measurement, textf.Sprintf("%s %d B of flash the source does not emit (%s .. +%d): counted",
				verb, b-a, h.symbolAt(uint32(a), true), b-a))
		default:
			more, moreBytes = more+1, moreBytes+b-a
		}
		runs++
		a = b
	}
	if more > 0 {
		rep.Measurement = append(rep.Measurement, textf.Sprintf("%d more runs of flash the source does not emit, executed or read: %d B counted", more, moreBytes))
	}
	// The layout: what holds the counted bytes where they are (padding, gaps and never-entered
	// functions before them) counts too, in a source and in a linked program alike, so that the same
	// code measures the same flash either way; a never-entered function there is named in the
	// layout's note instead of "not counted".
	sort.Slice(never, func(i, j int) bool { return never[i].lo < never[j].lo })
	layout, notes := h.layoutGaps(covered, never)
	rep.Measurement = append(rep.Measurement, notes...)
	for _, f := range never {
		if !f.inGap {
			unentered = append(unentered, textf.Sprintf("%s: %d B, never entered: not counted", f.name, f.n))
		}
	}
	rep.Measurement = append(rep.Measurement, unentered...)

	// RAM: every SRAM byte an instruction touched (pushes, pops, calls and returns included: they read
	// and write through SP), each counted once, except the harness's input and output buffers and
	// its return address (unless the routine writes over it): the stack is what the call touched
	// from its return address down to the lowest SP it set, .data/.bss count whole, the counted
	// buffers where touched, and any other byte on its own.
	dev := h.dev
	// The two machines place the buffers apart (placeCT): each machine's accesses are classed by its
	// own layout, and a buffer's bytes are counted by offset, touched on either machine.
	d1, d2 := h.m.Access().Data, h.mt.Access().Data
	inBuf := func(a uint32, ct bool) bool {
		for i := range h.bufs {
			b := &h.bufs[i]
			lo := uint32(b.addr)
			if ct {
				lo = uint32(b.addrCT)
			}
			if !b.Value && a >= lo && a < lo+uint32(b.size) {
				return true
			}
		}
		return false
	}
	rw := uint8(emu.AccessRead | emu.AccessWrite)
	// acc is what the calls did at a outside their buffers.
	acc := func(a uint32) uint8 {
		if a >= uint32(len(d1)) {
			return 0
		}
		var v uint8
		if d1[a] != 0 && !inBuf(a, false) {
			v |= d1[a]
		}
		if d2[a] != 0 && !inBuf(a, true) {
			v |= d2[a]
		}
		return v
	}
	touched := func(a uint32) bool { return acc(a)&rw != 0 }
	reserved := make([]bool, int(dev.RAMEND())+1)
	mark := func(lo, hi uint32) {
		for a := lo; a < hi && a < uint32(len(reserved)); a++ {
			reserved[a] = true
		}
	}
	if !h.opts.Linked {
		rep.Reserved = len(im.Data) + im.BSSSize
		mark(uint32(im.DataAddr), uint32(im.DataAddr)+uint32(len(im.Data)))
		mark(uint32(im.BSSAddr), uint32(im.BSSAddr)+uint32(im.BSSSize))
	} else {
		for _, s := range im.Symbols {
			if s.Size <= 0 || (s.Section != asm.SectionData && s.Section != asm.SectionBSS) {
				continue
			}
			n := int64(len(reserved))
			lo, hi := uint32(s.Value), uint32(min(s.Value+min(s.Size, n), n))
			use := false
			for a := lo; a < hi && !use; a++ {
				use = touched(a)
			}
			if !use {
				continue
			}
			rep.Reserved += int(s.Size)
			mark(lo, hi)
			if s.Section == asm.SectionData { // its initial copy in flash
				for a := lo; a < hi; a++ {
					if f := int64(im.DataFlash) + int64(a) - int64(im.DataAddr); f >= 0 && f < int64(len(covered)) {
						covered[f] = covered[f] || emitted(im, f)
					}
				}
			}
		}
	}
	for i := range h.bufs {
		b := &h.bufs[i]
		for j := uint32(0); j < uint32(b.size) && !b.Value; j++ {
			a1, a2 := uint32(b.addr)+j, uint32(b.addrCT)+j
			if (a1 < uint32(len(d1)) && d1[a1]&rw != 0) || (a2 < uint32(len(d2)) && d2[a2]&rw != 0) {
				rep.Buffers[i].Touched++
			}
		}
		if b.Counted {
			rep.RAMOther += rep.Buffers[i].Touched
		}
		if b.Counted && rep.Buffers[i].Touched != b.size {
			rep.Measurement = append(rep.Measurement, textf.Sprintf("%s (%s): %d of its %d B touched: %d counted",
				string(b.Role), ArgRegisters(b.arg), rep.Buffers[i].Touched, b.size, rep.Buffers[i].Touched))
		}
	}
	// other says whether a touched byte is none of the above: counted on its own, with a note.
	other := func(a uint32) bool {
		return touched(a) && !reserved[a] && (a <= uint32(low) || a > uint32(h.spStart))
	}
	retWritten := 0
	for a := uint32(dev.SRAMStart); a <= uint32(dev.RAMEND()); {
		switch {
		case a >= uint32(len(d1)) || d1[a]|d2[a] == 0: // untouched on both machines (acc's 0), at once
		case !touched(a), reserved[a]:
		case a > uint32(h.spCalled) && a <= uint32(h.spStart): // the return address
			if acc(a)&emu.AccessWrite != 0 {
				rep.Stack++
				retWritten++
			}
		case a > uint32(low):
			rep.Stack++
		default:
			e := a
			for e <= uint32(dev.RAMEND()) && other(e) {
				e++
			}
			rep.RAMOther += int(e - a)
			rep.Measurement = append(rep.Measurement, textf.Sprintf("touches %d B of SRAM outside its stack and buffers (%s): counted",
				e-a, h.dataRange(a, e)))
			a = e
			continue
		}
		a++
	}
	if retWritten > 0 {
		rep.Measurement = append(rep.Measurement, textf.Sprintf("writes %d B of its return address (the caller's stack): counted as stack", retWritten))
	}
	// I/O registers used as memory (a peripheral's data registers hold a value too) count like SRAM;
	// r0..r31 mapped in data space and SREG do not, nor the registers a routine must touch (SP, RAMPZ,
	// EIND) unless it reads one back after writing it in the same call (SP: while SP still holds the
	// value written, so not a stack frame; see emu.AccessReadBack): a byte kept there.
	io := 0
	var ioAt []string
	for a := uint32(0); a < uint32(dev.SRAMStart) && a < uint32(len(d1)); a++ {
		switch {
		case acc(a) == 0, dev.RegsMapped && a < 32, a == uint32(dev.SREG):
			continue
		case a == uint32(dev.SPL), a == uint32(dev.SPL)+1, dev.RAMPZ != 0 && a == uint32(dev.RAMPZ), dev.EIND != 0 && a == uint32(dev.EIND):
			if acc(a)&emu.AccessReadBack == 0 {
				continue
			}
		}
		io++
		ioAt = append(ioAt, textf.Sprintf("0x%02x", a))
	}
	if n := len(h.spmBytes); n > 0 {
		rep.RAMOther += n
		rep.Measurement = append(rep.Measurement, textf.Sprintf("keeps %d B in flash with SPM (writable storage, as SRAM): counted as RAM", n))
	}
	if io > 0 {
		rep.RAMOther += io
		rep.Measurement = append(rep.Measurement, textf.Sprintf("uses %d I/O register%s as memory (data address %s): counted",
			io, plural(io), strings.Join(ioAt, ", ")))
	}
	rep.RAM = rep.Stack + rep.Reserved + rep.RAMOther
	rep.RAMDeclared = rep.Stack + len(im.Data) + im.BSSSize
	for _, b := range h.bufs {
		if b.Counted {
			rep.RAMDeclared += b.size
		}
	}
	n := countTrue(covered)
	rep.Flash = n + layout
	if h.opts.Linked {
		msg := textf.Sprintf("linked program: %d of the %d B it loads are the call's "+
			"(the functions and objects it enters or reads, whole, and any other byte it executes or reads)", n, rep.FlashDeclared)
		if layout > 0 {
			msg += textf.Sprintf(", and %d B of layout between them", layout)
		}
		rep.Measurement = append(rep.Measurement, msg)
	}
}

// symbolAt names flash (or data) address a as "symbol+offset" after the nearest symbol at or below it.
func (h *harness) symbolAt(a uint32, flash bool) string {
	best, bestV := "", int64(-1)
	for _, s := range h.im.Symbols {
		inFlash := s.Section == asm.SectionText || s.Section == asm.SectionProgmem
		if s.Section == asm.SectionAbs || inFlash != flash || s.Value > int64(a) || s.Value <= bestV {
			continue
		}
		best, bestV = s.Name, s.Value
	}
	if best == "" {
		return textf.Sprintf("0x%04x", a)
	}
	if int64(a) == bestV {
		return best
	}
	return textf.Sprintf("%s+%d", best, int64(a)-bestV)
}

// dataRange writes SRAM addresses [a, b).
func (h *harness) dataRange(a, b uint32) string {
	if b-a == 1 {
		return textf.Sprintf("0x%04x", a)
	}
	return textf.Sprintf("0x%04x..0x%04x", a, b-1)
}

// layoutBlock is the granule of the layout rule: a stretch of flash the call does not use between
// bytes it uses counts but for whole blocks of this many bytes, so that taking those blocks out
// would leave the low address byte of every byte used (what a pointer trick can depend on) as it is.
const layoutBlock = 256

// span is a never-entered function of a source: flash bytes [lo, hi), n of them emitted. inGap says
// it lies in a stretch of the layout that counts (see layoutGaps).
type span struct {
	name   string
	lo, hi int64
	n      int
	inGap  bool
}

// maxLayoutNotes is the most runs of flash the source does not emit that sizes describes one by
// one, and the most stretches layoutGaps does; the rest get one note each.
const maxLayoutNotes = 16

// layoutGaps counts what the layout costs besides the bytes counted (covered), in a source and in a
// linked program (whose stretches hold the functions and bytes the call does not use): every stretch
// of bytes not counted that lies between two counted bytes, or before the first one (a source's:
// layoutStart), counts its size modulo layoutBlock, whatever fills it (alignment padding, an .org
// gap, a function the call never enters). A routine may depend on where its table sits (a table on
// a 256-byte boundary: its end tested on ZL alone, a counter folded into ZL), so what holds it there
// is flash it uses; a stretch after the last counted byte holds nothing up and costs nothing. It
// marks the functions of never that lie in a stretch that counts and returns the bytes counted and
// the notes, one per stretch up to maxLayoutNotes. It takes time linear in the flash and the
// functions' sizes.
func (h *harness) layoutGaps(covered []bool, never []span) (int, []string) {
	last := lastTrue(covered)
	if last < 0 {
		return 0, nil
	}
	// fn and pad give, per byte below last, the never-entered function and the pad it lies in (-1: none).
	fn, pad := make([]int32, last), make([]int32, last)
	for i := range fn {
		fn[i], pad[i] = -1, -1
	}
	for i, f := range never {
		for a := max(f.lo, 0); a < min(f.hi, int64(last)); a++ {
			fn[a] = int32(i)
		}
	}
	for i, p := range h.im.Pads {
		for a := int64(p.Addr); a < int64(p.Addr)+int64(p.Size) && a < int64(last); a++ {
			pad[a] = int32(i)
		}
	}
	total, more, moreBytes := 0, 0, 0
	var notes []string
	for a := h.layoutStart(covered); a < last; {
		if covered[a] {
			a++
			continue
		}
		b := a
		for !covered[b] {
			b++
		}
		if c := (b - a) % layoutBlock; c > 0 {
			total += c
			for x := a; x < b; x++ {
				if fn[x] >= 0 {
					never[fn[x]].inGap = true
				}
			}
			if len(notes) < maxLayoutNotes {
				notes = append(notes, h.gapNote(a, b, c, never, fn, pad))
			} else {
				more++
				moreBytes += c
			}
		}
		a = b
	}
	if more > 0 {
		notes = append(notes, textf.Sprintf("%d more stretches between bytes the call uses: %d B counted", more, moreBytes))
	}
	return total, notes
}

// layoutStart is where layoutGaps starts: 0 for a source, whose stretch before its first counted
// byte counts like any other; a linked program's first counted byte, because what precedes it there
// is most often the C start-up code and interrupt vectors every avr-gcc program begins with (a HEX
// file that leaves that stretch empty is not charged for it either: see the README).
func (h *harness) layoutStart(covered []bool) int {
	if !h.opts.Linked {
		return 0
	}
	return max(nextTrue(covered, 0), 0)
}

// gapNote describes the stretch [a, b) of flash the call does not use, of which c bytes count: the
// never-entered functions in it, the padding and gaps with the directives that made them (fn and
// pad: see layoutGaps).
func (h *harness) gapNote(a, b, c int, never []span, fn, pad []int32) string {
	before := h.symbolAt(uint32(b), true)
	var parts, funcs []string
	padN := map[int32]int{}
	var pads []int32
	rest := 0
	for x := a; x < b; x++ {
		switch {
		case fn[x] >= 0:
			if f := &never[fn[x]]; x == a || fn[x-1] != fn[x] {
				if len(funcs) < 4 {
					funcs = append(funcs, textf.Sprintf("%s (%d B)", f.name, f.n))
				} else if len(funcs) == 4 {
					funcs = append(funcs, "…")
				}
			}
		case pad[x] >= 0:
			if padN[pad[x]] == 0 {
				pads = append(pads, pad[x])
			}
			padN[pad[x]]++
		default:
			rest++
		}
	}
	if len(funcs) > 0 {
		parts = append(parts, strings.Join(funcs, ", ")+" never entered but before bytes the call uses")
	}
	for k, i := range pads {
		if k == 4 {
			parts = append(parts, textf.Sprintf("%d more pads", len(pads)-k))
			break
		}
		p := h.im.Pads[i]
		verb := "aligns"
		if w := strings.ToLower(p.Why); strings.HasPrefix(w, ".org") || strings.HasPrefix(w, ". ") || strings.HasPrefix(w, ".=") {
			verb = "leaves a gap of"
		}
		why := p.Why
		if p.Pos.IsValid() {
			why = textf.Sprintf("%s:%d %s", p.Pos.Filename, p.Pos.Line, p.Why)
		}
		parts = append(parts, textf.Sprintf("%s %d B before %s (%s)", verb, padN[i], before, why))
	}
	switch {
	case rest > 0 && h.opts.Linked:
		parts = append(parts, textf.Sprintf("holds %d B the call does not use before %s", rest, before))
	case rest > 0:
		parts = append(parts, textf.Sprintf("leaves a gap of %d B the source does not emit before %s", rest, before))
	}
	what := strings.Join(parts, ", ")
	if c == b-a {
		return what + ": counted"
	}
	return textf.Sprintf("%s: %d of these %d B counted (a stretch between bytes the call uses counts but for whole %d-byte blocks)",
		what, c, b-a, layoutBlock)
}
