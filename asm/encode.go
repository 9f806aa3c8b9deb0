package asm

import (
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/isa"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// shape is what an operand looks like before its value is known.
type shape uint8

const (
	shExpr shape = iota // an expression (a constant, an address, or a register given by number)
	shReg               // r0..r31
	shPtr               // X, X+, -X, Y, Y+, -Y, Y+q, Z, Z+, -Z, Z+q
)

// operand is one parsed instruction operand.
type operand struct {
	shape shape
	ptr   isa.Kind // shPtr: the pointer kind
	reg   int      // shReg: the register; bare X/Y/Z: 26/28/30
	bare  bool     // shPtr written as a bare X, Y or Z (also usable as r26/r28/r30 or a symbol)
	half  bool     // shReg written XL..ZH: a symbol where the form wants no register
	toks  []tok    // expression tokens (shExpr, Y+q/Z+q displacement, bare pointer names)
	x     *node    // parsed expression, after the form is chosen
	off   int      // text range of the operand in the statement
	end   int
	text  string
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

// isTooHighRegister reports r32..r999 spellings, which avr-as rejects as registers.
func isTooHighRegister(s string) bool {
	if len(s) < 3 || len(s) > 4 || s[0] != 'r' && s[0] != 'R' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// halfReg maps the names avr-as gives the bytes of the pointer registers, XL XH YL YH ZL ZH (any
// case), to r26..r31. They name registers only where a register operand goes: in an expression they
// are ordinary symbols, as in avr-as.
func halfReg(s string) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	r := 0
	switch s[0] | 0x20 {
	case 'x':
		r = 26
	case 'y':
		r = 28
	case 'z':
		r = 30
	default:
		return 0, false
	}
	switch s[1] | 0x20 {
	case 'l':
		return r, true
	case 'h':
		return r + 1, true
	}
	return 0, false
}

// pointerReg maps X, Y, Z (any case) to their kinds and register numbers.
func pointerReg(s string) (isa.Kind, int, bool) {
	switch s {
	case "X", "x":
		return isa.PtrX, 26, true
	case "Y", "y":
		return isa.PtrY, 28, true
	case "Z", "z":
		return isa.PtrZ, 30, true
	}
	return 0, 0, false
}

// classifyOperand works out the shape of the operand made of toks (at least one token).
func (a *assembler) classifyOperand(st *stmt, toks []tok) (operand, bool) {
	op := operand{off: toks[0].off, end: toks[len(toks)-1].end, toks: toks}
	op.text = strings.TrimSpace(st.src[op.off:op.end])
	t0 := toks[0]
	if len(toks) == 1 && t0.kind == tIdent {
		if r, ok := regNumber(t0.text); ok {
			op.shape, op.reg = shReg, r
			return op, true
		}
		if r, ok := halfReg(t0.text); ok {
			op.shape, op.reg, op.half = shReg, r, true
			return op, true
		}
		if isTooHighRegister(t0.text) {
			a.errAt(st, op.off, op.end, textf.Sprintf("no register %s: registers are r0..r31", t0.text))
			return op, false
		}
		if k, r, ok := pointerReg(t0.text); ok {
			op.shape, op.ptr, op.reg, op.bare = shPtr, k, r, true
			return op, true
		}
		return op, true
	}
	isOp := func(t tok, s string) bool { return t.kind == tOp && t.text == s }
	if len(toks) == 3 && t0.kind == tIdent && isOp(toks[1], ":") && toks[2].kind == tIdent {
		if _, ok := regNumber(t0.text); ok {
			if r, ok := regNumber(toks[2].text); ok {
				a.errAt(st, op.off, op.end, textf.Sprintf("register pairs like %s are not supported: write the lower register (r%d)", op.text, r))
				return op, false
			}
		}
	}
	if t0.kind == tIdent {
		if k, _, ok := pointerReg(t0.text); ok && isOp(toks[1], "+") {
			if len(toks) == 2 {
				op.shape, op.ptr = shPtr, k+1 // X+ follows X in isa's kind order
				return op, true
			}
			if k == isa.PtrX {
				a.errAt(st, op.off, op.end, "X has no displacement form: use Y+q or Z+q")
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
		if k, _, ok := pointerReg(toks[1].text); ok {
			op.shape, op.ptr = shPtr, k+2 // -X follows X+
			return op, true
		}
	}
	return op, true
}

// accepts reports whether an operand of shape op can fill an operand slot of kind k.
func accepts(k isa.Kind, op *operand) bool {
	if k.IsPointer() {
		return op.shape == shPtr && op.ptr == k
	}
	return op.shape != shPtr || op.bare
}

// chooseForm picks the form of mnemonic forms that fits the operand shapes and the device (with
// obj.ChooseForm, the chooser both front ends share), reporting why none does at its position.
func (a *assembler) chooseForm(st *stmt, name tok, forms []*isa.Form, ops []operand) *isa.Form {
	mn := strings.ToLower(name.text)
	texts := make([]string, len(ops))
	for j := range ops {
		texts[j] = ops[j].text
	}
	f, prob := obj.ChooseForm(a.dev, mn, forms, texts, func(k isa.Kind, j int) bool { return accepts(k, &ops[j]) })
	switch {
	case prob == nil:
		return f
	case prob.Count:
		end := name.end
		if len(ops) > 0 {
			end = ops[len(ops)-1].end
		}
		a.errAt(st, name.off, end, prob.Msg)
	case prob.Operand >= 0:
		o := &ops[prob.Operand]
		msg := prob.Msg
		if (o.ptr == isa.PtrYDisp || o.ptr == isa.PtrZDisp) && (mn == "ld" || mn == "st") {
			msg += textf.Sprintf(" (a displacement needs %sd)", mn)
		}
		a.errAt(st, o.off, o.end, msg)
	default:
		a.errAt(st, name.off, name.end, prob.Msg)
	}
	return nil
}

// instruction handles a machine instruction statement in pass 1: it parses the operands, chooses the
// form, reserves its words and keeps the operand expressions for pass 2.
func (a *assembler) instruction(st *stmt, toks []tok, i int) {
	name := toks[i]
	forms := isa.Lookup(name.text)
	if forms == nil {
		if a.diag.has(st.Pos(name.off)) {
			return // the line already has an error (a .rept body): skip the suggestion search
		}
		msg := "unknown instruction " + quote(name.text)
		lower := strings.ToLower(name.text)
		s := obj.Nearest(lower, isa.Mnemonics())
		bare := toks[i+1].kind == tEOF
		switch {
		case s != "" && (!bare || obj.EditDistance(lower, s) == 1):
			msg += "; did you mean " + quote(s) + "?"
		case bare:
			msg += " (a label needs a colon: " + name.text + ":)"
		}
		a.errAt(st, name.off, name.end, msg)
		return
	}
	if a.cur == a.abs {
		a.errAt(st, name.off, name.end, "instructions cannot go in the absolute section of .struct")
		return
	}
	if a.cur.Kind == obj.SecBSS {
		a.errAt(st, name.off, name.end, "instructions cannot go in "+a.cur.Name+" (it is cleared, not loaded)")
		return
	}
	if a.cur.Kind == obj.SecEEPROM {
		a.errAt(st, name.off, name.end, "instructions cannot go in "+a.cur.Name+" (the EEPROM holds data; code runs from flash)")
		return
	}
	var gbuf [4][]tok // an instruction's operands: no allocation for them
	groups, ok := a.splitOperands(st, toks[i+1:], gbuf[:0])
	if !ok {
		return
	}
	var buf [4]operand
	ops := buf[:0]
	if len(groups) > len(buf) {
		ops = make([]operand, 0, len(groups))
	}
	ops = ops[:len(groups)]
	for j, g := range groups {
		if ops[j], ok = a.classifyOperand(st, g); !ok {
			return
		}
	}
	f := a.chooseForm(st, name, forms, ops)
	if f == nil {
		return
	}
	size := int64(f.Words * 2)
	for j := range ops {
		op := &ops[j]
		k := f.Operands[j].Kind
		switch {
		case op.shape == shPtr && op.bare && !k.IsPointer():
			if k == isa.RegWord || k == isa.RegEven {
				op.shape = shReg
				continue
			}
			op.shape = shExpr
		case op.shape == shReg && op.half && !k.IsRegister():
			op.shape = shExpr
		case op.shape != shExpr && !(op.shape == shPtr && (op.ptr == isa.PtrYDisp || op.ptr == isa.PtrZDisp)):
			continue
		}
		// In an instruction operand "." is the address after the instruction, as in avr-as.
		p := exprParser{a: a, st: st, toks: op.toks, eof: tok{kind: tEOF, off: op.end, end: op.end}, dotSec: a.cur, dotOff: a.cur.Size + size}
		op.x = p.parse()
		if op.x == nil {
			return
		}
		if t := p.peek(); t.kind != tEOF {
			a.errTok(st, t, "unexpected "+found(t)+" after operand")
			return
		}
		if k.IsRegister() && !a.registerConstant(st, op) {
			return
		}
		if k == isa.Imm8 && op.x.Op == obj.OpFunc && (op.x.Fn == obj.FnPm || op.x.Fn == obj.FnGs) {
			fn := "pm"
			if op.x.Fn == obj.FnGs {
				fn = "gs"
			}
			a.errAt(st, op.off, op.end, textf.Sprintf("%s() is a 16-bit word address: use pm_lo8(x) and pm_hi8(x), or lo8(%s(x))", fn, fn))
			return
		}
		op.toks = nil
	}
	out := make([]obj.Operand, len(ops))
	for j := range ops {
		op := &ops[j]
		out[j] = obj.Operand{X: op.x, Reg: op.reg, IsReg: op.shape == shReg, Off: op.off, End: op.end, Text: op.text}
	}
	a.place(item{Kind: obj.ItemInst, Size: size, Src: st, At: name.off, Form: f, Ops: out, Emitted: true})
}

// registerConstant checks that a register given by an expression (mov 3, r1, clr tmp with .equ tmp,
// 16) has a number known at this point, as avr-as requires ("constant value required"): not a label,
// not a symbol defined further down or in another file.
func (a *assembler) registerConstant(st *stmt, op *operand) bool {
	v, err := a.eval(op.x, false)
	switch {
	case err == nil && v.Sec == nil:
		return true
	case err == nil || err.NotConst:
		a.errAt(st, op.off, op.end, textf.Sprintf("constant value required: %s is an address, not a register", quote(op.text)))
	case err.Undefined:
		a.errAt(st, op.off, op.end, textf.Sprintf("constant value required: %s is not defined yet (a register symbol must be set before it is used)", quote(op.text)))
	default:
		a.report(err)
	}
	return false
}

// splitOperands splits tokens (ending with tEOF) at top-level commas, appending the groups to groups.
func (a *assembler) splitOperands(st *stmt, toks []tok, groups [][]tok) ([][]tok, bool) {
	if toks[0].kind == tEOF {
		return nil, true
	}
	depth, start := 0, 0
	for j, t := range toks {
		switch {
		case t.kind == tIllegal:
			a.errAt(st, t.off, t.end, t.str)
			return nil, false
		case t.kind == tOp && t.text == "(":
			depth++
		case t.kind == tOp && t.text == ")":
			depth--
		case t.kind == tEOF || t.kind == tOp && t.text == "," && depth <= 0:
			if j == start {
				a.errAt(st, t.off, t.end, "missing operand before "+found(&toks[j]))
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
