package atmel

import (
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/isa/devreg"
)

// shape is what an operand looks like before its value is known.
type shape uint8

const (
	shExpr shape = iota // an expression
	shReg               // a register: rN, a .def name, or a pair rN+1:rN
	shPtr               // X, X+, -X, Y, Y+, -Y, Y+q, Z, Z+, -Z, Z+q
)

// operand is one parsed instruction operand.
type operand struct {
	shape    shape
	ptr      isa.Kind // shPtr: the pointer kind
	reg      int      // shReg: the register (a pair's lower one)
	pair     bool     // shReg written as a pair
	toks     []tok    // shExpr: the expression; Y+q, Z+q: q
	off, end int
	text     string
}

// regNumber parses a register name r0..r31 (any case).
func regNumber(s string) (int, bool) {
	if len(s) < 2 || len(s) > 3 || s[0] != 'r' && s[0] != 'R' {
		return 0, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '+' || s[1] == '-' || n > 31 || len(s) == 3 && s[1] == '0' {
		return 0, false
	}
	return n, true
}

// register returns the register a name stands for: rN or a .def name.
func (p *parser) register(s string) (int, bool) {
	if r, ok := regNumber(s); ok {
		return r, true
	}
	r, ok := p.regs[fold(s)]
	return r, ok
}

// pointerKind maps X, Y, Z (any case) to their kinds.
func pointerKind(s string) (isa.Kind, bool) {
	switch s {
	case "X", "x":
		return isa.PtrX, true
	case "Y", "y":
		return isa.PtrY, true
	case "Z", "z":
		return isa.PtrZ, true
	}
	return 0, false
}

// classify works out the shape of the operand made of toks (at least one token).
func (p *parser) classify(st *stmt, toks []tok) (operand, bool) {
	op := operand{off: toks[0].off, end: toks[len(toks)-1].end, toks: toks}
	op.text = strings.TrimSpace(st.text[op.off:op.end])
	isOp := func(t tok, s string) bool { return t.kind == tOp && t.text == s }
	t0 := toks[0]
	if t0.kind == tIdent && len(toks) == 1 {
		if r, ok := p.register(t0.text); ok {
			op.shape, op.reg = shReg, r
			return op, true
		}
		if k, ok := pointerKind(t0.text); ok {
			op.shape, op.ptr = shPtr, k
			return op, true
		}
		return op, true
	}
	if len(toks) == 3 && t0.kind == tIdent && isOp(toks[1], ":") && toks[2].kind == tIdent {
		hi, okHi := p.register(t0.text)
		lo, okLo := p.register(toks[2].text)
		if okHi && okLo {
			if hi != lo+1 || lo%2 != 0 {
				p.errAt(st, op.off, op.end, textf.Sprintf("%s is not a register pair: write rN+1:rN with an even N (r25:r24)", op.text))
				return op, false
			}
			op.shape, op.reg, op.pair = shReg, lo, true
			return op, true
		}
	}
	if t0.kind == tIdent && isOp(toks[1], "+") {
		if k, ok := pointerKind(t0.text); ok {
			if len(toks) == 2 {
				op.shape, op.ptr = shPtr, k+1 // X+ follows X in isa's kind order
				return op, true
			}
			if k == isa.PtrX {
				p.errAt(st, op.off, op.end, "X has no displacement form: use Y+q or Z+q")
				return op, false
			}
			op.shape, op.toks = shPtr, toks[2:]
			op.ptr = isa.PtrYDisp
			if k == isa.PtrZ {
				op.ptr = isa.PtrZDisp
			}
			return op, true
		}
	}
	if isOp(t0, "-") && len(toks) == 2 && toks[1].kind == tIdent {
		if k, ok := pointerKind(toks[1].text); ok {
			op.shape, op.ptr = shPtr, k+2 // -X follows X+
			return op, true
		}
	}
	return op, true
}

// accepts reports whether an operand of shape op can fill an operand slot of kind k.
func accepts(k isa.Kind, op *operand) bool {
	switch {
	case k.IsPointer():
		return op.shape == shPtr && op.ptr == k
	case k.IsRegister():
		return op.shape == shReg && (!op.pair || k == isa.RegEven || k == isa.RegWord)
	}
	return op.shape == shExpr
}

// onlyKind reports whether every form with n operands takes kind k at operand j (and one does).
func onlyKind(forms []*isa.Form, n, j int, k isa.Kind) bool {
	some := false
	for _, f := range forms {
		if len(f.Operands) == n {
			if f.Operands[j].Kind != k {
				return false
			}
			some = true
		}
	}
	return some
}

// pairOf returns the low register of the pair a plain pointer X, Y or Z is (26, 28, 30).
func pairOf(k isa.Kind) (int, bool) {
	switch k {
	case isa.PtrX:
		return 26, true
	case isa.PtrY:
		return 28, true
	case isa.PtrZ:
		return 30, true
	}
	return 0, false
}

// forwardReg is an instruction operand naming a register by a name no .def had given yet.
type forwardReg struct {
	st   *stmt
	name string
	kind isa.Kind     // what the form takes there
	op   *obj.Operand // the item's operand, its Reg set by resolveForward
}

// defined reports whether name is a symbol already defined, or a label of the macro expansion of st.
func (p *parser) defined(name string, st *stmt) bool {
	f := fold(name)
	for x := st.exp; x != nil; x = x.parent {
		if x.m.labels[f] {
			return true
		}
	}
	s := p.syms[f]
	return s != nil && s.Defined()
}

// resolveForward gives each operand that named a register before its .def the register of the name's
// last .def, as AVRASM2's second pass has it (and avra), or reports the name as no register.
func (p *parser) resolveForward() {
	for _, fw := range p.forward {
		if r, ok := p.regs[fold(fw.name)]; ok {
			fw.op.Reg = r
			continue
		}
		msg := textf.Sprintf("expected %s, found %s", fw.kind.String(), fw.op.Text)
		switch fold(fw.name) {
		case "xl", "xh", "yl", "yh", "zl", "zh":
			msg += textf.Sprintf(" (XL..ZH are named by the device definition file: .include %q)", devregIncFile(p.dev))
		default:
			msg += " (not a register name: .def gives registers names)"
		}
		p.errAt(fw.st, fw.op.Off, fw.op.End, msg)
	}
}

// wantsRegister reports whether some form with n operands takes a register at operand j.
func wantsRegister(forms []*isa.Form, n, j int) bool {
	for _, f := range forms {
		if len(f.Operands) == n && f.Operands[j].Kind.IsRegister() {
			return true
		}
	}
	return false
}

// chooseForm picks the form of mnemonic forms that fits the operand shapes and the device (with
// obj.ChooseForm, the chooser both front ends share), reporting why none does at its position with
// the hints of this dialect.
func (p *parser) chooseForm(st *stmt, name *tok, forms []*isa.Form, ops []operand) *isa.Form {
	mn := strings.ToLower(name.text)
	texts := make([]string, len(ops))
	for j := range ops {
		texts[j] = ops[j].text
	}
	f, prob := obj.ChooseForm(p.dev, mn, forms, texts, func(k isa.Kind, j int) bool { return accepts(k, &ops[j]) })
	switch {
	case prob == nil:
		return f
	case prob.Count:
		end := name.end
		if len(ops) > 0 {
			end = ops[len(ops)-1].end
		}
		p.errAt(st, name.off, end, prob.Msg)
	case prob.Operand >= 0:
		o := &ops[prob.Operand]
		msg := prob.Msg
		switch {
		case o.pair:
			msg += " (a register pair goes only in movw, adiw and sbiw)"
		case (o.ptr == isa.PtrYDisp || o.ptr == isa.PtrZDisp) && (mn == "ld" || mn == "st"):
			msg += textf.Sprintf(" (a displacement needs %sd)", mn)
		case o.shape == shExpr && len(o.toks) == 1 && o.toks[0].kind == tIdent && wantsRegister(forms, len(ops), prob.Operand):
			switch fold(o.toks[0].text) {
			case "xl", "xh", "yl", "yh", "zl", "zh":
				msg += textf.Sprintf(" (XL..ZH are named by the device definition file: .include %q)", devregIncFile(p.dev))
			default:
				msg += " (not a register name: .def gives registers names)"
			}
		}
		p.errAt(st, o.off, o.end, msg)
	default:
		p.errAt(st, name.off, name.end, prob.Msg)
	}
	return nil
}

// instruction handles a machine instruction: it parses the operands, chooses the form and places the
// instruction with its operand expressions.
func (p *parser) instruction(st *stmt, toks []tok, i int) {
	name := &toks[i]
	forms := isa.Lookup(name.text)
	if forms == nil {
		p.unknownMnemonic(st, toks, i)
		return
	}
	if p.cur != p.cseg {
		p.errAt(st, name.off, name.end, "instructions go in the code segment (.cseg), not in "+p.cur.Name)
		return
	}
	groups, ok := p.splitOperands(st, toks[i+1:])
	if !ok {
		return
	}
	ops := make([]operand, len(groups))
	for j, g := range groups {
		if ops[j], ok = p.classify(st, g); !ok {
			return
		}
	}
	var forward []int // operands naming a register that a .def further on names
	for j := range ops {
		op := &ops[j]
		switch {
		case op.shape == shPtr && op.ptr.IsPointer() && onlyKind(forms, len(ops), j, isa.RegWord):
			// adiw X, 1 / sbiw Y, 1: AVRASM2 takes the pointer's name for its pair (r27:r26 …).
			if lo, ok := pairOf(op.ptr); ok {
				op.shape, op.reg, op.pair = shReg, lo, true
			}
		case op.shape == shExpr && len(op.toks) == 1 && op.toks[0].kind == tIdent &&
			wantsRegister(forms, len(ops), j) && !p.defined(op.toks[0].text, st):
			// A name no symbol has yet, where a register goes: a .def further on may name it (AVRASM2
			// resolves a .def used before its line); resolveForward checks when the file is read.
			op.shape, op.reg = shReg, 0
			forward = append(forward, j)
		}
	}
	f := p.chooseForm(st, name, forms, ops)
	if f == nil {
		return
	}
	p.devUsed = true
	out := make([]obj.Operand, len(ops))
	for _, j := range forward {
		p.forward = append(p.forward, forwardReg{st: st, name: ops[j].toks[0].text, kind: f.Operands[j].Kind, op: &out[j]})
	}
	for j := range ops {
		op := &ops[j]
		k := f.Operands[j].Kind
		o := &out[j]
		o.Off, o.End, o.Text = op.off, op.end, op.text
		switch {
		case op.shape == shReg:
			o.Reg, o.IsReg = op.reg, true
			continue
		case op.shape == shPtr && op.ptr != isa.PtrYDisp && op.ptr != isa.PtrZDisp:
			continue
		}
		x := p.expr(st, append(op.toks[:len(op.toks):len(op.toks)], tok{kind: tEOF, off: op.end, end: op.end}), 0, true)
		if x == nil {
			return
		}
		if k.IsRelative() || k == isa.Abs22 {
			// AVRASM2 writes targets as word addresses; the encoder takes byte addresses.
			x = obj.Binary(obj.OpMul, x, obj.Num(2, st, op.off, op.end), st, op.off, op.end)
		}
		o.X = x
	}
	p.place(obj.Item{Kind: obj.ItemInst, Size: int64(2 * f.Words), Src: st, At: name.off, Form: f, Ops: out, Emitted: true})
}

// unknownMnemonic reports a statement whose first word is neither an instruction nor a macro.
func (p *parser) unknownMnemonic(st *stmt, toks []tok, i int) {
	name := &toks[i]
	if p.hasError(st, name.off) {
		return
	}
	msg := textf.Sprintf("unknown instruction or macro %s", quote(name.text))
	lower := strings.ToLower(name.text)
	bare := toks[i+1].kind == tEOF
	cands := append(isa.Mnemonics(), p.macroNames()...)
	s := obj.Nearest(lower, cands)
	switch {
	case s != "" && (!bare || obj.EditDistance(lower, s) == 1):
		msg += "; did you mean " + quote(s) + "?"
	case bare:
		msg += " (a label needs a colon: " + name.text + ":)"
	}
	p.errAt(st, name.off, name.end, msg)
}

// splitOperands splits tokens (ending with tEOF) at top-level commas.
func (p *parser) splitOperands(st *stmt, toks []tok) ([][]tok, bool) {
	var groups [][]tok
	if toks[0].kind == tEOF {
		return nil, true
	}
	depth, start := 0, 0
	for j := range toks {
		t := &toks[j]
		switch {
		case t.kind == tIllegal:
			p.errAt(st, t.off, t.end, t.str)
			return nil, false
		case t.kind == tOp && t.text == "(":
			depth++
		case t.kind == tOp && t.text == ")":
			depth--
		case t.kind == tEOF || t.kind == tOp && t.text == "," && depth <= 0:
			if j == start {
				p.errAt(st, t.off, t.end, "missing operand before "+found(t))
				return nil, false
			}
			groups = append(groups, toks[start:j])
			start = j + 1
			if t.kind == tEOF {
				return groups, true
			}
		}
	}
	return groups, true
}

// place appends an item of it.Size bytes at the current location of the current segment. A segment
// growing beyond its memory stops the assembly.
func (p *parser) place(it obj.Item) {
	s := p.cur
	limit, what := p.segmentLimit(s)
	if it.Size > limit-s.Size {
		p.fatal(it.Src, it.At, textf.Sprintf("%s grows to %d bytes, beyond %s", segmentName(s), uint64(s.Size)+uint64(it.Size), what))
	}
	it.Off = s.Size
	s.Size += it.Size
	s.Items = append(s.Items, it)
}

// segmentLimit returns the most bytes segment s can hold and a description for messages: the flash,
// the SRAM from its start (a .dseg counter starts there), the EEPROM.
func (p *parser) segmentLimit(s *obj.Section) (int64, string) {
	switch s {
	case p.dseg:
		return int64(p.dev.SRAMSize), textf.Sprintf("the %d bytes of SRAM of %s", p.dev.SRAMSize, p.dev.Name)
	case p.eseg:
		return int64(p.dev.EEPROM), textf.Sprintf("the %d bytes of EEPROM of %s", p.dev.EEPROM, p.dev.Name)
	}
	return int64(p.dev.Flash), textf.Sprintf("the %d bytes of flash of %s", p.dev.Flash, p.dev.Name)
}

func segmentName(s *obj.Section) string {
	switch s.Name {
	case ".dseg":
		return "the data segment"
	case ".eseg":
		return "the EEPROM segment"
	}
	return "the code segment"
}

// devregIncFile is the device definition file of d ("m128def.inc").
func devregIncFile(d *isa.Device) string {
	if f := devreg.IncFile(d.Name); f != "" {
		return f
	}
	return "m128def.inc"
}
