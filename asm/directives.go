package asm

import (
	"path"
	"strings"

	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa/devreg"
)

// directiveNames lists the directives avrlab knows, for "did you mean" suggestions.
var directiveNames = []string{
	".section", ".text", ".data", ".pushsection", ".popsection", ".previous", ".org",
	".byte", ".word", ".hword", ".short", ".2byte", ".long", ".int", ".4byte", ".quad", ".8byte",
	".ascii", ".asciz", ".string", ".space", ".skip", ".zero", ".fill", ".align", ".balign", ".p2align",
	".equ", ".set", ".equiv", ".eqv", ".struct", ".global", ".globl", ".weak", ".local", ".extern", ".type", ".size", ".func",
	".endfunc", ".file", ".ident", ".macro", ".endm", ".exitm", ".purgem", ".rept", ".irp", ".irpc", ".endr",
	".if", ".ifdef", ".ifndef", ".ifnotdef", ".ifeq", ".ifne", ".ifgt", ".ifge", ".iflt", ".ifle", ".ifb",
	".ifnb", ".ifc", ".ifnc", ".ifeqs", ".ifnes", ".else", ".elseif", ".endif", ".include", ".error", ".err",
	".warning", ".print", ".end", ".lcomm", ".comm", ".list", ".nolist", ".psize", ".title", ".sbttl", ".eject",
}

// directive handles a statement starting with a directive in pass 1.
func (a *assembler) directive(st *stmt, toks []tok, i int) {
	t := toks[i]
	name := strings.ToLower(t.text)
	if isConditional(name) {
		a.conditional(st, toks, i, name)
		return
	}
	switch name {
	case ".section", ".pushsection":
		sec := a.sectionArg(st, t)
		if sec == nil {
			return
		}
		if name == ".pushsection" {
			a.secStack = append(a.secStack, a.cur)
		}
		a.switchTo(sec)
	case ".text", ".data":
		if toks[i+1].kind != tEOF {
			a.errAt(st, toks[i+1].off, toks[i+1].end, "subsections are not supported: use .section "+name+".name")
			return
		}
		if name == ".text" {
			a.switchTo(a.section(".text", obj.SecText, obj.SlotText))
		} else {
			a.switchTo(a.section(".data", obj.SecData, obj.SlotData))
		}
	case ".bss":
		a.errAt(st, t.off, t.end, "avr-as has no .bss directive: write .section .bss")
	case ".popsection":
		if len(a.secStack) == 0 {
			a.errAt(st, t.off, t.end, ".popsection without .pushsection")
			return
		}
		a.switchTo(a.secStack[len(a.secStack)-1])
		a.secStack = a.secStack[:len(a.secStack)-1]
	case ".previous":
		if a.prev != nil {
			a.switchTo(a.prev)
		}
	case ".org":
		a.org(st, toks, i)
	case ".byte":
		a.data(st, toks, i, 1)
	case ".word", ".hword", ".short", ".2byte":
		a.data(st, toks, i, 2)
	case ".long", ".int", ".4byte":
		a.data(st, toks, i, 4)
	case ".quad", ".8byte":
		a.data(st, toks, i, 8)
	case ".ascii", ".asciz", ".string":
		a.ascii(st, toks, i, name != ".ascii")
	case ".space", ".skip", ".zero":
		a.space(st, toks, i, name == ".zero")
	case ".fill":
		a.fill(st, toks, i)
	case ".align", ".p2align", ".balign":
		a.align(st, toks, i, name == ".balign")
	case ".eqv":
		s := toks[i+1]
		if s.kind != tIdent || s.text == "." {
			a.errTok(st, &s, "expected symbol name after .eqv, found "+found(&s))
			return
		}
		if c := toks[i+2]; c.kind != tOp || c.text != "," {
			a.errTok(st, &c, "expected \",\" after the symbol name, found "+found(&c))
			return
		}
		a.defineEqv(s.text, st, toks, i+3, s.off, s.end)
	case ".struct":
		a.structDirective(st, toks, i)
	case ".equ", ".set", ".equiv":
		s := toks[i+1]
		if s.kind != tIdent || s.text == "." {
			a.errTok(st, &s, "expected symbol name after "+name+", found "+found(&s))
			return
		}
		if c := toks[i+2]; c.kind != tOp || c.text != "," {
			if c.kind == tOp && c.text == "=" && name != ".equiv" {
				// .equ X = 16 is AVRASM2's spelling of avr-as's .equ X, 16.
				a.errAt(st, toks[i].off, c.end, atmel.AtmelHint(st.src[toks[i].off:c.end], "assignment")+
					" (avr-as writes "+name+" "+s.text+", value)")
				return
			}
			a.errTok(st, &c, "expected \",\" after the symbol name, found "+found(&c))
			return
		}
		p := exprParser{a: a, st: st, toks: toks, i: i + 3, dotSec: a.cur, dotOff: a.cur.Size}
		x := p.parse()
		if x == nil || !a.endOfStatement(st, &p) {
			return
		}
		a.defineEqu(s.text, x, st, s.off, s.end, name != ".equiv")
	case ".global", ".globl":
		a.names(st, toks, i, func(n tok) { a.ref(n.text).Global = true })
	case ".weak":
		a.names(st, toks, i, func(n tok) {
			d := a.ref(n.text)
			if d.Common {
				a.errAt(st, n.off, n.end, textf.Sprintf("symbol %s cannot be both weak and common (.comm at %s)", quote(n.text), d.Pos.String()))
				return
			}
			d.Global, d.Weak = true, true
		})
	case ".local", ".extern":
		a.names(st, toks, i, func(tok) {})
	case ".type":
		// ".type name, @function" (also %function, STT_FUNC) marks a function: lab leaves a function
		// the measured call never enters out of its flash figure. Other types are accepted and ignored.
		if s := toks[i+1]; s.kind == tIdent && toks[i+2].kind == tOp && toks[i+2].text == "," {
			for _, t := range toks[i+3:] {
				if t.kind == tIdent && (t.text == "function" || t.text == "STT_FUNC") {
					a.ref(s.text).Func = true
				}
			}
		}
	case ".func", ".endfunc", ".file", ".ident", ".list", ".nolist", ".psize", ".title", ".sbttl", ".eject", ".print":
		// accepted and ignored, as avr-gcc's own output uses them
	case ".size":
		s := toks[i+1]
		if s.kind != tIdent || toks[i+2].kind != tOp || toks[i+2].text != "," {
			a.errAt(st, s.off, s.end, "expected \"name, size\" after .size")
			return
		}
		p := exprParser{a: a, st: st, toks: toks, i: i + 3, dotSec: a.cur, dotOff: a.cur.Size}
		x := p.parse()
		if x == nil || !a.endOfStatement(st, &p) {
			return
		}
		a.ref(s.text).Size = x
	case ".macro":
		a.defineMacro(st, t)
	case ".endm":
		a.errAt(st, t.off, t.end, ".endm without .macro")
	case ".exitm":
		a.exitMacro(st, t)
	case ".purgem":
		a.names(st, toks, i, func(n tok) {
			if a.macros[strings.ToLower(n.text)] == nil {
				a.errAt(st, n.off, n.end, "no macro called "+quote(n.text))
			}
			delete(a.macros, strings.ToLower(n.text))
		})
	case ".rept", ".irp", ".irpc":
		a.startRepeat(st, toks, i, name)
	case ".endr":
		a.errAt(st, t.off, t.end, ".endr without .rept, .irp or .irpc")
	case ".include":
		a.include(st, toks, i)
	case ".error", ".err", ".warning":
		msg := name[1:] + " directive"
		if s := toks[i+1]; s.kind == tStr {
			msg = s.str
		} else if s.kind != tEOF {
			a.errTok(st, &s, "expected string after "+name+", found "+found(&s))
			return
		}
		if name == ".warning" {
			a.diag.warnings = append(a.diag.warnings, &Error{Pos: st.Pos(t.off), Severity: SeverityWarning, Msg: msg})
			return
		}
		a.errAt(st, t.off, t.end, msg)
	case ".end":
		a.ended = true
	case ".lcomm", ".comm":
		a.common(st, toks, i, name)
	default:
		if a.diag.has(st.Pos(t.off)) {
			return
		}
		msg := "unknown directive " + quote(t.text)
		switch s := obj.Nearest(name, directiveNames); {
		case atmel.IsAtmelDirective(name):
			msg = atmel.AtmelHint(t.text, "directive")
		case s != "":
			msg += "; did you mean " + quote(s) + "?"
		}
		a.errAt(st, t.off, t.end, msg)
	}
}

// switchTo makes sec the current section.
func (a *assembler) switchTo(sec *section) {
	if sec != a.cur {
		a.prev, a.cur = a.cur, sec
	}
}

// sectionArg parses the name of .section (quoted or not; flags and type after it are ignored).
func (a *assembler) sectionArg(st *stmt, t tok) *section {
	s := st.src
	i := t.end
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	var name string
	start := i
	if i < len(s) && s[i] == '"' {
		j := strings.IndexByte(s[i+1:], '"')
		if j < 0 {
			a.errAt(st, i, len(s), "unterminated string")
			return nil
		}
		name = s[i+1 : i+1+j]
		i += j + 2
	} else {
		for i < len(s) && s[i] != ',' && s[i] != ' ' && s[i] != '\t' {
			i++
		}
		name = s[start:i]
	}
	if name == "" {
		a.errAt(st, start, start, "expected section name")
		return nil
	}
	kind, slot, ok := obj.Classify(name)
	if !ok {
		a.errAt(st, start, i, textf.Sprintf("unsupported section %s (%s)", quote(name), obj.KnownSections))
		return nil
	}
	return a.section(name, kind, slot)
}

// names calls fn for each name of a comma-separated list.
func (a *assembler) names(st *stmt, toks []tok, i int, fn func(tok)) {
	j := i + 1
	for {
		n := toks[j]
		if n.kind == tEOF && j == i+1 {
			a.errAt(st, toks[i].off, toks[i].end, "expected symbol name after "+strings.ToLower(toks[i].text))
			return
		}
		if n.kind != tIdent {
			a.errTok(st, &n, "expected symbol name, found "+found(&n))
			return
		}
		fn(n)
		j++
		switch c := toks[j]; {
		case c.kind == tEOF:
			return
		case c.kind == tOp && c.text == ",":
			j++
		default:
			a.errTok(st, &c, "expected \",\" or end of line, found "+found(&c))
			return
		}
	}
}

// exprList parses comma-separated expressions; dot gives the value of "." for the k-th one.
func (a *assembler) exprList(st *stmt, toks []tok, i int, dot func(k int) int64) ([]*node, bool) {
	if toks[i].kind == tEOF {
		return nil, true
	}
	n := 1
	for _, t := range toks[i:] {
		if t.kind == tOp && t.text == "," {
			n++
		}
	}
	xs := make([]*node, 0, n) // a value a comma, and one

	for {
		p := exprParser{a: a, st: st, toks: toks, i: i, dotSec: a.cur, dotOff: dot(len(xs))}
		x := p.parse()
		if x == nil {
			return nil, false
		}
		xs = append(xs, x)
		t := p.peek()
		switch {
		case t.kind == tEOF:
			return xs, true
		case t.kind == tOp && t.text == ",":
			i = p.i + 1
		default:
			a.errTok(st, t, "expected \",\" or end of line, found "+found(t))
			return nil, false
		}
	}
}

// data handles .byte, .word, .long and .quad: values of width bytes, evaluated in pass 2.
func (a *assembler) data(st *stmt, toks []tok, i int, width int) {
	base := a.cur.Size
	xs, ok := a.exprList(st, toks, i+1, func(k int) int64 { return base + int64(k*width) })
	if !ok || len(xs) == 0 {
		return
	}
	a.place(item{Kind: obj.ItemData, Width: width, Size: int64(len(xs) * width), Src: st, At: toks[i].off, Values: xs, Emitted: true})
}

// ascii handles .ascii, .asciz and .string.
func (a *assembler) ascii(st *stmt, toks []tok, i int, zero bool) {
	var b []byte
	j := i + 1
	for {
		t := toks[j]
		if t.kind == tEOF && j == i+1 {
			break
		}
		if t.kind != tStr {
			a.errTok(st, &t, "expected string, found "+found(&t))
			return
		}
		b = append(b, t.str...)
		if zero {
			b = append(b, 0)
		}
		j++
		if c := toks[j]; c.kind == tOp && c.text == "," {
			j++
			continue
		} else if c.kind != tEOF {
			a.errTok(st, &c, "expected \",\" or end of line, found "+found(&c))
			return
		}
		break
	}
	if len(b) > 0 {
		a.place(item{Kind: obj.ItemFill, Size: int64(len(b)), Fill: b, Src: st, At: toks[i].off, Emitted: true})
	}
}

// constArgs parses up to max comma-separated pass-1 constants; missing trailing ones are absent.
func (a *assembler) constArgs(st *stmt, toks []tok, i int, what string, maxN int) ([]int64, bool) {
	xs, ok := a.exprList(st, toks, i+1, func(int) int64 { return a.cur.Size })
	if !ok {
		return nil, false
	}
	if len(xs) > maxN {
		a.errAt(st, xs[maxN].Off, xs[len(xs)-1].End, textf.Sprintf("%s takes at most %d operands", what, maxN))
		return nil, false
	}
	vs := make([]int64, len(xs))
	for k, x := range xs {
		if vs[k], ok = a.constant(x, what); !ok {
			return nil, false
		}
	}
	return vs, true
}

// optConstArgs parses up to maxN comma-separated pass-1 constants of which any may be empty
// (".p2align 4,,15"); set[k] tells whether argument k was given.
func (a *assembler) optConstArgs(st *stmt, toks []tok, i int, what string, maxN int) ([]int64, []bool, bool) {
	var vs []int64
	var set []bool
	j := i + 1
	if toks[j].kind == tEOF {
		return nil, nil, true
	}
	for {
		if len(vs) == maxN {
			a.errAt(st, toks[j].off, toks[j].end, textf.Sprintf("%s takes at most %d operands", what, maxN))
			return nil, nil, false
		}
		t := toks[j]
		if t.kind == tEOF || t.kind == tOp && t.text == "," {
			vs, set = append(vs, 0), append(set, false)
		} else {
			p := exprParser{a: a, st: st, toks: toks, i: j, dotSec: a.cur, dotOff: a.cur.Size}
			x := p.parse()
			if x == nil {
				return nil, nil, false
			}
			v, ok := a.constant(x, what)
			if !ok {
				return nil, nil, false
			}
			vs, set = append(vs, v), append(set, true)
			j = p.i
		}
		switch t := toks[j]; {
		case t.kind == tEOF:
			return vs, set, true
		case t.kind == tOp && t.text == ",":
			j++
		default:
			a.errTok(st, &t, "expected \",\" or end of line, found "+found(&t))
			return nil, nil, false
		}
	}
}

// fillByte checks a fill value of one byte.
func (a *assembler) fillByte(st *stmt, t tok, v int64, what string) (byte, bool) {
	if v < -128 || v > 255 {
		a.errAt(st, t.off, t.end, textf.Sprintf("%s fill value %d does not fit in a byte", what, v))
		return 0, false
	}
	return byte(v), true
}

// space handles .space/.skip size[, fill] and .zero size.
func (a *assembler) space(st *stmt, toks []tok, i int, zero bool) {
	name := strings.ToLower(toks[i].text)
	n := 2
	if zero {
		n = 1
	}
	vs, ok := a.constArgs(st, toks, i, name, n)
	if !ok {
		return
	}
	if len(vs) == 0 {
		a.errAt(st, toks[i].off, toks[i].end, "missing size after "+name)
		return
	}
	if vs[0] < 0 {
		a.errAt(st, toks[i].off, toks[i].end, textf.Sprintf("%s size %d is negative", name, vs[0]))
		return
	}
	var pat []byte
	if len(vs) == 2 {
		b, ok := a.fillByte(st, toks[i], vs[1], name)
		if !ok {
			return
		}
		if b != 0 {
			pat = []byte{b}
		}
	}
	if vs[0] > 0 {
		a.place(item{Kind: obj.ItemFill, Size: vs[0], Fill: pat, Src: st, At: toks[i].off, Emitted: true})
	}
}

// fill handles .fill repeat[, size[, value]]: repeat copies of the low size bytes (at most 8) of the
// 8-byte number whose low 4 bytes are value, little-endian.
func (a *assembler) fill(st *stmt, toks []tok, i int) {
	vs, ok := a.constArgs(st, toks, i, ".fill", 3)
	if !ok {
		return
	}
	if len(vs) == 0 {
		a.errAt(st, toks[i].off, toks[i].end, "missing repeat count after .fill")
		return
	}
	size, val := int64(1), int64(0)
	if len(vs) > 1 {
		size = vs[1]
	}
	if len(vs) > 2 {
		val = vs[2]
	}
	switch {
	case vs[0] < 0:
		a.errAt(st, toks[i].off, toks[i].end, textf.Sprintf(".fill repeat count %d is negative", vs[0]))
		return
	case size < 0 || size > 8:
		a.errAt(st, toks[i].off, toks[i].end, textf.Sprintf(".fill size %d out of range 0..8", size))
		return
	}
	pat := make([]byte, size)
	for k := 0; k < int(size) && k < 4; k++ {
		pat[k] = byte(val >> (8 * k))
	}
	if vs[0] == 0 || size == 0 {
		return
	}
	// repeat × size without overflow: compare with what the section can still hold.
	if vs[0] > (a.sectionLimit(a.cur)-a.cur.Size)/size {
		msg := textf.Sprintf(".fill of %d × %d bytes does not fit in %s", vs[0], size, a.sectionMemory(a.cur))
		if a.cur.Size > 0 {
			msg += textf.Sprintf(" (section %s holds %d bytes already)", a.cur.Name, a.cur.Size)
		}
		a.errAt(st, toks[i].off, toks[i].end, msg)
		return
	}
	a.place(item{Kind: obj.ItemFill, Size: vs[0] * size, Fill: pat, Src: st, At: toks[i].off, Emitted: true})
}

// align handles .align/.p2align n[, fill[, max]] (2^n bytes, as avr-as reads .align) and .balign.
func (a *assembler) align(st *stmt, toks []tok, i int, bytes bool) {
	name := strings.ToLower(toks[i].text)
	vs, set, ok := a.optConstArgs(st, toks, i, name, 3)
	if !ok {
		return
	}
	if len(vs) == 0 || !set[0] {
		a.errAt(st, toks[i].off, toks[i].end, "missing alignment after "+name)
		return
	}
	n := vs[0]
	if bytes {
		if n <= 0 || n&(n-1) != 0 || n > 1<<20 {
			a.errAt(st, toks[i].off, toks[i].end, textf.Sprintf("%s %d: alignment must be a power of 2 up to 1048576", name, n))
			return
		}
	} else {
		if n < 0 || n > 20 {
			a.errAt(st, toks[i].off, toks[i].end, textf.Sprintf("%s %d: alignment must be 0..20 (a power of 2 exponent)", name, n))
			return
		}
		n = 1 << n
	}
	var pat []byte
	if len(vs) > 1 && set[1] {
		b, ok := a.fillByte(st, toks[i], vs[1], name)
		if !ok {
			return
		}
		pat = []byte{b}
	}
	a.cur.Align = max(a.cur.Align, n)
	padN := obj.AlignUp(a.cur.Size, n) - a.cur.Size
	if len(vs) > 2 && set[2] && padN > vs[2] {
		return
	}
	a.pad(padN, pat, st, toks[i].off)
}

// org handles .org expr[, fill]: move the location forward to an offset in the current section.
func (a *assembler) org(st *stmt, toks []tok, i int) {
	xs, ok := a.exprList(st, toks, i+1, func(int) int64 { return a.cur.Size })
	if !ok {
		return
	}
	if len(xs) == 0 || len(xs) > 2 {
		a.errAt(st, toks[i].off, toks[i].end, ".org takes an address and an optional fill byte")
		return
	}
	var fill *node
	if len(xs) == 2 {
		fill = xs[1]
	}
	a.orgTo(st, toks[i].off, xs[0], fill)
}

// orgTo moves the location of the current section forward to x (.org x, fill and ". = x"), filling
// the gap with the byte fill (nil: 0). at is the offset of the directive in st.
func (a *assembler) orgTo(st *stmt, at int, x, fill *node) {
	v, err := a.eval(x, false)
	if err != nil {
		if err.Undefined {
			a.errAt(err.X.Src, err.X.Off, err.X.End, ".org needs a known address: "+strings.TrimPrefix(err.Msg, "undefined ")+" is not defined yet")
		} else {
			a.report(err)
		}
		return
	}
	if v.Sec != nil && v.Sec != a.cur {
		a.errAt(st, x.Off, x.End, ".org address is in section "+v.Sec.Name+", not in "+a.cur.Name)
		return
	}
	var pat []byte
	if fill != nil {
		f, ok := a.constant(fill, ".org")
		if !ok {
			return
		}
		b, ok := a.fillByte(st, tok{off: fill.Off, end: fill.End}, f, ".org")
		if !ok {
			return
		}
		pat = []byte{b}
	}
	if v.N < a.cur.Size {
		a.errAt(st, x.Off, x.End, textf.Sprintf(".org %#x moves backwards (the location is already %#x)", v.N, a.cur.Size))
		return
	}
	a.pad(v.N-a.cur.Size, pat, st, at)
}

// structDirective handles .struct [offset]: the absolute section, where labels are numbers (offsets
// from the given one, 0 by default) and only .space, .skip, .org and .align advance the location; a
// section directive ends it.
func (a *assembler) structDirective(st *stmt, toks []tok, i int) {
	vs, ok := a.constArgs(st, toks, i, ".struct", 1)
	if !ok {
		return
	}
	off := int64(0)
	if len(vs) == 1 {
		off = vs[0]
	}
	if off < 0 || off > 1<<32 {
		a.errAt(st, toks[i].off, toks[i].end, textf.Sprintf(".struct offset %d out of range 0..4294967296", off))
		return
	}
	if a.abs == nil {
		a.abs = &section{Name: "*ABS*", Kind: obj.SecBSS, Align: 1}
	}
	a.abs.Size = off
	a.switchTo(a.abs)
}

// common handles .lcomm name, size[, align] (space in .bss now) and .comm (space at the end of .bss).
func (a *assembler) common(st *stmt, toks []tok, i int, name string) {
	s := toks[i+1]
	if s.kind != tIdent || toks[i+2].kind != tOp || toks[i+2].text != "," {
		a.errAt(st, s.off, s.end, "expected \"name, size\" after "+name)
		return
	}
	vs, ok := a.constArgs(st, toks, i+2, name, 2)
	if !ok {
		return
	}
	if len(vs) == 0 || vs[0] < 0 {
		a.errAt(st, s.off, s.end, name+" needs a size of 0 or more bytes")
		return
	}
	align := int64(1)
	if name == ".comm" {
		// avr-as's default: the size rounded up to a power of 2, at most 16.
		for align < vs[0] && align < 16 {
			align <<= 1
		}
	}
	if len(vs) == 2 {
		if vs[1] <= 0 || vs[1]&(vs[1]-1) != 0 || vs[1] > 1<<12 {
			a.errAt(st, s.off, s.end, name+" alignment must be a power of 2")
			return
		}
		align = vs[1]
	}
	if name == ".comm" {
		a.declareCommon(st, s, vs[0], align)
		return
	}
	sec := a.section(".bss(.lcomm)", obj.SecBSS, obj.SlotLcomm)
	save := a.cur
	a.cur = sec
	sec.Align = max(sec.Align, align)
	a.pad(obj.AlignUp(sec.Size, align)-sec.Size, nil, st, toks[i].off)
	a.defineLabel(s.text, st, s.off, s.end)
	if vs[0] > 0 {
		a.place(item{Kind: obj.ItemFill, Size: vs[0], Src: st, At: toks[i].off, Emitted: true})
	}
	a.cur = save
}

// declareCommon declares the common symbol of ".comm name, size": the linker allocates it after the
// .bss of every object, once per name (asm.Link). A second .comm of the name keeps the first size, as
// avr-as does, with its warning.
func (a *assembler) declareCommon(st *stmt, name tok, size, align int64) {
	d := a.ref(name.text)
	switch {
	case d.Defined():
		a.errAt(st, name.off, name.end, textf.Sprintf("symbol %s already defined at %s", quote(name.text), d.Pos.String()))
		return
	case d.Weak:
		a.errAt(st, name.off, name.end, textf.Sprintf("symbol %s cannot be both weak and common (it is .weak)", quote(name.text)))
		return
	case d.Common:
		if size != d.CommonSize {
			e := obj.At(st, name.off, name.end, textf.Sprintf("size of %s is already %d (.comm at %s); not changing to %d", quote(name.text), d.CommonSize, d.Pos.String(), size))
			e.Severity = SeverityWarning
			a.diag.warnings = append(a.diag.warnings, e)
		}
		return
	}
	d.Common, d.Global, d.CommonSize, d.CommonAlign, d.Pos = true, true, size, align, st.Pos(name.off)
}

// include handles .include "file": the file is read from the FS relative to the including file and
// assembled in place (not preprocessed, as with avr-gcc).
func (a *assembler) include(st *stmt, toks []tok, i int) {
	s := toks[i+1]
	if s.kind != tStr {
		a.errTok(st, &s, "expected quoted file name after .include, found "+found(&s))
		return
	}
	if toks[i+2].kind != tEOF {
		a.errTok(st, &toks[i+2], "unexpected "+found(&toks[i+2])+" after the file name")
		return
	}
	// avr-as looks in the current folder (where avr-gcc runs, next to the main file); avrlab first
	// looks next to the including file, then next to the main file, then in the -I folders.
	p, msg := includePath(st.line.file, s.str)
	if msg != "" {
		a.errAt(st, s.off, s.end, ".include "+quote(s.str)+": "+msg)
		return
	}
	if a.cfg.FS != nil {
		if _, err := a.cfg.FS.StatSource(p); err != nil {
			alts := []string{a.mainFile}
			for _, d := range a.cfg.Include {
				alts = append(alts, path.Join(d, "x"))
			}
			for _, from := range alts {
				alt, m := includePath(from, s.str)
				if m != "" || alt == p {
					continue
				}
				if _, err := a.cfg.FS.StatSource(alt); err == nil {
					p = alt
					break
				}
			}
		}
	}
	depth := 0
	for _, f := range a.frames {
		if f.kind == frFile {
			depth++
		}
	}
	if depth >= maxDepth || len(a.frames) >= maxDepth {
		a.errAt(st, s.off, s.end, textf.Sprintf(".include nested too deeply (more than %d levels)", maxDepth))
		return
	}
	data, msg := a.readInclude(p)
	at := st.Pos(toks[i].off)
	if msg != "" {
		a.followed.Add(at, s.str, "")
		if devreg.IncDevice(path.Base(s.str)) != "" && strings.HasSuffix(msg, " not found") {
			// m128def.inc is Atmel's device definition file; GNU sources #include <avr/io.h>.
			msg = atmel.AtmelHint(s.str, "device definition file") + " (GNU sources #include <avr/io.h>)"
		}
		a.errAt(st, s.off, s.end, msg)
		return
	}
	a.followed.Add(at, s.str, p)
	a.included(p, at)
	a.pushFile(p, rawLines(p, data))
}
