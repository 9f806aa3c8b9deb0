package atmel

import (
	"strings"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// cond is one open .if group.
type cond struct {
	st      *stmt
	at      int
	dir     string
	active  bool // this group is assembled
	taken   bool // a group of this .if chain was assembled (or the chain sits in a skipped group)
	sawElse bool
}

// active reports whether statements are assembled (no enclosing .if group is skipped).
func (p *parser) active() bool { return len(p.conds) == 0 || p.conds[len(p.conds)-1].active }

func isCondDirective(name string) bool {
	switch fold(name) {
	case ".if", ".ifdef", ".ifndef", ".elif", ".else", ".endif":
		return true
	}
	return false
}

// directives are AVRASM2's directives (the guide's "Assembler Directives"), for suggestions.
var directives = []string{".byte", ".cseg", ".csegsize", ".db", ".dd", ".def", ".device", ".dq", ".dseg", ".dw",
	".elif", ".else", ".endif", ".endm", ".endmacro", ".equ", ".error", ".eseg", ".exit", ".if", ".ifdef",
	".ifndef", ".include", ".list", ".listmac", ".macro", ".message", ".nolist", ".org", ".overlap",
	".nooverlap", ".set", ".undef", ".warning"}

// directive handles the directive toks[i].
func (p *parser) directive(st *stmt, toks []tok, i int) {
	d := &toks[i]
	name := fold(d.text)
	if isCondDirective(name) {
		p.conditional(st, toks, i)
		return
	}
	switch name {
	case ".equ":
		p.assign(st, toks, i, false)
	case ".set":
		p.assign(st, toks, i, true)
	case ".def":
		p.def(st, toks, i)
	case ".undef":
		n := tokAt(toks, i+1)
		if n.kind != tIdent || tokAt(toks, i+2).kind != tEOF {
			p.errTok(st, n, "expected a register name after .undef, found "+found(n))
			return
		}
		if _, ok := p.regs[fold(n.text)]; !ok {
			p.errAt(st, n.off, n.end, textf.Sprintf("no register name %s to undefine (.undef undoes a .def)", n.text))
			return
		}
		delete(p.regs, fold(n.text))
	case ".cseg", ".dseg", ".eseg":
		if p.noOperands(st, toks, i) {
			p.cur = map[string]*obj.Section{".cseg": p.cseg, ".dseg": p.dseg, ".eseg": p.eseg}[name]
		}
	case ".org":
		p.org(st, toks, i)
	case ".db":
		p.data(st, toks, i, 1)
	case ".dw":
		p.data(st, toks, i, 2)
	case ".dd":
		p.data(st, toks, i, 4)
	case ".dq":
		p.data(st, toks, i, 8)
	case ".byte":
		p.reserve(st, toks, i)
	case ".macro":
		p.startMacro(st, toks, i)
	case ".endm", ".endmacro":
		p.errAt(st, d.off, d.end, d.text+" without .macro")
	case ".device":
		p.device(st, toks, i)
	case ".error", ".warning", ".message":
		p.message(st, toks, i, name)
	case ".exit":
		p.exit(st, toks, i)
	case ".list", ".nolist", ".listmac", ".overlap", ".nooverlap":
		// The listing always shows everything; overlapping code is always an error.
		p.noOperands(st, toks, i)
	case ".csegsize":
		// The AT94K's program memory split: nothing to do for the parts avrlab models.
	case ".include":
		p.errAt(st, d.off, d.end, ".include must be alone on its line (no label before it)")
	case ".define":
		p.errAt(st, d.off, d.end, ".define is avra's, not AVRASM2's: write .equ NAME = value, or #define NAME value")
	default:
		switch {
		case IsGNUDirective(name):
			p.errAt(st, d.off, d.end, GNUHint(d.text, "directive"))
		default:
			msg := "unknown directive " + quote(d.text)
			if s := obj.Nearest(name, directives); s != "" {
				msg += "; did you mean " + quote(s) + "?"
			}
			p.errAt(st, d.off, d.end, msg)
		}
	}
}

// noOperands checks that directive toks[i] stands alone.
func (p *parser) noOperands(st *stmt, toks []tok, i int) bool {
	if t := tokAt(toks, i+1); t.kind != tEOF {
		p.errTok(st, t, textf.Sprintf("%s takes no operands, found %s", toks[i].text, found(t)))
		return false
	}
	return true
}

// conditional handles .if .ifdef .ifndef .elif .else .endif, in assembled and skipped groups alike.
func (p *parser) conditional(st *stmt, toks []tok, i int) {
	d := &toks[i]
	name := fold(d.text)
	var top *cond
	if len(p.conds) > 0 {
		top = &p.conds[len(p.conds)-1]
	}
	switch name {
	case ".if", ".ifdef", ".ifndef":
		parent := p.active()
		if len(p.conds) >= maxCondDepth {
			p.fatal(st, d.off, textf.Sprintf(".if nested deeper than %d levels", maxCondDepth))
		}
		c := cond{st: st, at: d.off, dir: d.text, taken: !parent}
		if parent {
			c.active = p.condition(st, toks, i, name)
			c.taken = c.active
		}
		p.conds = append(p.conds, c)
	case ".elif":
		switch {
		case top == nil:
			p.errAt(st, d.off, d.end, ".elif without .if")
		case top.sawElse:
			p.errAt(st, d.off, d.end, textf.Sprintf(".elif after .else (the .else is at %s)", top.st.Pos(top.at).String()))
		case top.taken:
			top.active = false
		default:
			v := p.condition(st, toks, i, ".if")
			top.active, top.taken = v, v
		}
	case ".else":
		switch {
		case top == nil:
			p.errAt(st, d.off, d.end, ".else without .if")
		case top.sawElse:
			p.errAt(st, d.off, d.end, textf.Sprintf("second .else of one .if (the first is at %s)", top.st.Pos(top.at).String()))
		default:
			p.noOperands(st, toks, i)
			top.sawElse, top.st, top.at = true, st, d.off
			top.active, top.taken = !top.taken, true
		}
	case ".endif":
		if top == nil {
			p.errAt(st, d.off, d.end, ".endif without .if")
			return
		}
		p.conds = p.conds[:len(p.conds)-1]
	}
}

// condition evaluates the condition of .if (an expression), .ifdef and .ifndef (a name).
func (p *parser) condition(st *stmt, toks []tok, i int, name string) bool {
	if name == ".if" {
		x := p.expr(st, toks, i+1, true)
		if x == nil {
			return false
		}
		v, _ := p.value(x)
		return v != 0
	}
	n := tokAt(toks, i+1)
	if n.kind != tIdent || tokAt(toks, i+2).kind != tEOF {
		p.errTok(st, n, textf.Sprintf("expected a name after %s, found %s", toks[i].text, found(n)))
		return false
	}
	return p.isDefined(n.text, st) == (name == ".ifdef")
}

// def handles .def NAME = register.
func (p *parser) def(st *stmt, toks []tok, i int) {
	n, eq, r := tokAt(toks, i+1), tokAt(toks, i+2), tokAt(toks, i+3)
	if n.kind != tIdent || n.text[0] == '.' {
		p.errTok(st, n, "expected a name after .def, found "+found(n))
		return
	}
	if eq.kind != tOp || eq.text != "=" {
		p.errTok(st, eq, textf.Sprintf(`expected "=" after .def %s, found %s`, n.text, found(eq)))
		return
	}
	reg, ok := -1, false
	if r.kind == tIdent {
		reg, ok = p.register(r.text)
	}
	if !ok {
		p.errTok(st, r, "expected a register r0..r31 after .def "+n.text+" =, found "+found(r))
		return
	}
	if t := tokAt(toks, i+4); t.kind != tEOF {
		p.errTok(st, t, "unexpected "+found(t)+" after the register")
		return
	}
	f := fold(n.text)
	if _, isReg := regNumber(n.text); isReg {
		p.errAt(st, n.off, n.end, textf.Sprintf("%s is a register already and cannot be renamed", n.text))
		return
	}
	if _, isPtr := pointerKind(n.text); isPtr || f == "pc" {
		p.errAt(st, n.off, n.end, textf.Sprintf("%s is reserved (a pointer register or the location counter)", n.text))
		return
	}
	if s := p.syms[f]; s != nil && s.Defined() {
		p.errAt(st, n.off, n.end, textf.Sprintf("%s is a symbol already (defined at %s)", n.text, s.Pos.String()))
		return
	}
	p.regs[f] = reg
}

// org handles .org: the location counter of the segment moves forward to the given address (words in
// the code segment, bytes in the others; the data segment's addresses are SRAM addresses).
func (p *parser) org(st *stmt, toks []tok, i int) {
	x := p.expr(st, toks, i+1, true)
	if x == nil {
		return
	}
	v, ok := p.value(x)
	if !ok {
		return
	}
	d := &toks[i]
	target := v
	unit := ""
	switch p.cur {
	case p.cseg:
		target, unit = 2*v, " (a word address)"
		if v < 0 || v > int64(p.dev.Flash/2) {
			p.errAt(st, x.Off, x.End, textf.Sprintf(".org 0x%x is outside the %d words of flash of %s", v, p.dev.Flash/2, p.dev.Name))
			return
		}
	case p.dseg:
		p.devUsed = true
		start := int64(p.dev.SRAMStart)
		if v < start || v > start+int64(p.dev.SRAMSize) {
			p.errAt(st, x.Off, x.End, textf.Sprintf(".org 0x%x is outside the SRAM of %s (0x%x..0x%x)", v, p.dev.Name, start, p.dev.RAMEND()))
			return
		}
		target = v - start
	case p.eseg:
		p.devUsed = true
		if v < 0 || v > int64(p.dev.EEPROM) {
			p.errAt(st, x.Off, x.End, textf.Sprintf(".org 0x%x is outside the %d bytes of EEPROM of %s", v, p.dev.EEPROM, p.dev.Name))
			return
		}
	}
	if target < p.cur.Size {
		here := p.cur.Size
		if p.cur == p.cseg {
			here /= 2
		} else if p.cur == p.dseg {
			here += int64(p.dev.SRAMStart)
		}
		p.errAt(st, d.off, x.End, textf.Sprintf(".org 0x%x%s goes back over %s, which is at 0x%x already (avrlab does not overlap code)", v, unit, segmentName(p.cur), here))
		return
	}
	if gap := target - p.cur.Size; gap > 0 {
		p.place(obj.Item{Kind: obj.ItemFill, Size: gap, Src: st, At: d.off})
	}
}

// data handles .db (width 1), .dw (2), .dd (4) and .dq (8): a list of expressions, for .db also
// strings and character constants, stored little-endian. In the code segment .db adds a zero byte to
// an odd count, as AVRASM2 does (with a warning), so that code stays word-aligned.
func (p *parser) data(st *stmt, toks []tok, i, width int) {
	d := &toks[i]
	if p.cur == p.dseg {
		p.errAt(st, d.off, d.end, d.text+" puts constants in flash or EEPROM; the data segment only reserves SRAM (.byte)")
		return
	}
	groups, ok := p.splitOperands(st, toks[i+1:])
	if !ok {
		return
	}
	if len(groups) == 0 {
		p.errAt(st, d.off, d.end, d.text+" needs at least one value")
		return
	}
	var values []*obj.Expr
	for _, g := range groups {
		if len(g) == 1 && g[0].kind == tStr {
			if width != 1 {
				p.errAt(st, g[0].off, g[0].end, "a string goes in .db, not in "+d.text)
				return
			}
			for k := 0; k < len(g[0].str); k++ {
				values = append(values, obj.Num(int64(g[0].str[k]), st, g[0].off, g[0].end))
			}
			continue
		}
		x := p.expr(st, append(g[:len(g):len(g)], tok{kind: tEOF, off: g[len(g)-1].end, end: g[len(g)-1].end}), 0, true)
		if x == nil {
			return
		}
		values = append(values, x)
	}
	if p.cur == p.eseg {
		p.devUsed = true
	}
	p.place(obj.Item{Kind: obj.ItemData, Width: width, Size: int64(width * len(values)), Values: values,
		Src: st, At: d.off, Emitted: true})
	if p.cur == p.cseg && width == 1 && len(values)%2 != 0 {
		p.warn(st, d.off, d.end, ".db with an odd number of bytes in the code segment: a zero byte is added")
		p.place(obj.Item{Kind: obj.ItemFill, Size: 1, Src: st, At: d.off, Emitted: true})
	}
}

// reserve handles .byte N: N bytes of SRAM in the data segment.
func (p *parser) reserve(st *stmt, toks []tok, i int) {
	d := &toks[i]
	if p.cur != p.dseg {
		p.errAt(st, d.off, d.end, ".byte reserves SRAM and goes in the data segment (.dseg); constant bytes are .db")
		return
	}
	x := p.expr(st, toks, i+1, true)
	if x == nil {
		return
	}
	n, ok := p.value(x)
	if !ok {
		return
	}
	if n < 0 {
		p.errAt(st, x.Off, x.End, textf.Sprintf(".byte %d: the count cannot be negative", n))
		return
	}
	p.devUsed = true
	p.place(obj.Item{Kind: obj.ItemFill, Size: n, Src: st, At: d.off})
}

// device handles .device PART: the part the program is for. It must come before anything that
// depends on the part, and agree with Config.Device when that is given.
func (p *parser) device(st *stmt, toks []tok, i int) {
	n := tokAt(toks, i+1)
	if n.kind != tIdent || tokAt(toks, i+2).kind != tEOF {
		p.errTok(st, n, "expected a part name after .device (ATmega128), found "+found(n))
		return
	}
	d := isa.LookupDevice(strings.ToLower(n.text))
	switch {
	case d == nil:
		p.errAt(st, n.off, n.end, textf.Sprintf("avrlab does not model %s; modelled parts: %s", n.text, strings.Join(modelledParts(), ", ")))
	case d == p.dev:
		p.devFrom = st
	case p.cfg.Device != "":
		p.errAt(st, n.off, n.end, textf.Sprintf(".device %s, but the program is assembled for the %s: choose %s as the device", n.text, partName(p.dev), d.Name))
	case p.devFrom != nil:
		p.errAt(st, n.off, n.end, textf.Sprintf(".device %s after .device %s at %s", n.text, partName(p.dev), p.devFrom.Pos(0).String()))
	case p.devUsed:
		p.errAt(st, n.off, n.end, textf.Sprintf(".device %s comes after code assembled for the %s: put it (or the .include of its definition file) first", n.text, partName(p.dev)))
	default:
		p.setDevice(d)
		p.devFrom = st
	}
}

// message handles .error, .warning and .message with a string (or any text) as the message.
func (p *parser) message(st *stmt, toks []tok, i int, name string) {
	d := &toks[i]
	msg := strings.TrimSpace(st.text[d.end:])
	if t := tokAt(toks, i+1); t.kind == tStr && tokAt(toks, i+2).kind == tEOF {
		msg = t.str
	}
	switch name {
	case ".error":
		p.errAt(st, d.off, d.end, ".error: "+msg)
	case ".warning":
		p.warn(st, d.off, d.end, msg)
	default:
		p.info(st, d.off, d.end, msg)
	}
}

// exit handles .exit: the rest of the file is not read (all of the input for the main file).
func (p *parser) exit(st *stmt, toks []tok, i int) {
	if !p.noOperands(st, toks, i) {
		return
	}
	if st.line == nil {
		p.errAt(st, toks[i].off, toks[i].end, ".exit in a macro: it ends a file, not a macro")
		return
	}
	file := st.line.File
	// The .if groups opened in the file end with it.
	for len(p.conds) > 0 {
		c := p.conds[len(p.conds)-1]
		if c.st.line == nil || c.st.line.File != file {
			break
		}
		p.conds = p.conds[:len(p.conds)-1]
	}
	if file == p.name {
		p.stopped = true
		return
	}
	p.skipTo = file
}
