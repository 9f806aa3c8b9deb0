package asm

import (
	"fmt"
	"strings"
)

// opKind is the operation of an expression node.
type opKind uint8

const (
	opNum  opKind = iota // v
	opSym                // def
	opDot                // location sec+v, fixed when parsed
	opNeg                // -x
	opCom                // ~x
	opNot                // !x
	opFunc               // fn(x)
	// Binary operators, in GAS precedence groups (see binPrec).
	opMul
	opDiv
	opMod
	opShl
	opShr
	opOr
	opAnd
	opXor
	opOrNot // a ! b = a | ~b
	opAdd
	opSub
	opEq
	opNe
	opLt
	opGt
	opLe
	opGe
	opLAnd
	opLOr
)

// binOps maps operator spellings to binary operators.
var binOps = map[string]opKind{
	"*": opMul, "/": opDiv, "%": opMod, "<<": opShl, ">>": opShr,
	"|": opOr, "&": opAnd, "^": opXor, "!": opOrNot,
	"+": opAdd, "-": opSub,
	"==": opEq, "!=": opNe, "<>": opNe, "<": opLt, ">": opGt, "<=": opLe, ">=": opGe,
	"&&": opLAnd, "||": opLOr,
}

// binPrec is the binding strength of a binary operator. GNU as ranks them (expr.c, measured with
// avr-as 2.26): * / % << >> above | & ^ ! above + - above comparisons above && above ||.
func binPrec(op opKind) int {
	switch {
	case op >= opMul && op <= opShr:
		return 6
	case op >= opOr && op <= opOrNot:
		return 5
	case op == opAdd || op == opSub:
		return 4
	case op >= opEq && op <= opGe:
		return 3
	case op == opLAnd:
		return 2
	case op == opLOr:
		return 1
	}
	return 0
}

// fnKind is a relocation modifier of avr-as: lo8(x) and friends.
type fnKind uint8

const (
	fnLo8 fnKind = iota
	fnHi8
	fnHh8
	fnHlo8
	fnHhi8
	fnPm
	fnPmLo8
	fnPmHi8
	fnPmHh8
	fnGs
)

var fnNames = map[string]fnKind{
	"lo8": fnLo8, "hi8": fnHi8, "hh8": fnHh8, "hlo8": fnHlo8, "hhi8": fnHhi8,
	"pm": fnPm, "pm_lo8": fnPmLo8, "pm_hi8": fnPmHi8, "pm_hh8": fnPmHh8, "gs": fnGs,
}

// node is an expression tree node. st, off and end locate its text for messages.
type node struct {
	op   opKind
	fn   fnKind
	v    int64
	sec  *section
	def  *symDef
	x, y *node
	st   *stmt
	off  int
	end  int
}

// value is an evaluated expression: a number, or before layout an offset into a section.
type value struct {
	v   int64
	sec *section // nil: absolute
}

// evalError is why an expression has no value (yet).
type evalError struct {
	n         *node
	msg       string
	undefined bool // a symbol is not defined (yet)
	notConst  bool // the value depends on the final layout
}

// exprParser parses one expression from a statement's tokens.
type exprParser struct {
	a      *assembler
	st     *stmt
	toks   []tok
	i      int
	dotSec *section // what "." means
	dotOff int64
	failed bool
}

func (p *exprParser) peek() *tok { return &p.toks[p.i] }

// fail reports a syntax error at token t (once per expression).
func (p *exprParser) fail(t *tok, msg string) *node {
	if !p.failed {
		p.failed = true
		p.a.errTok(p.st, t, msg)
	}
	return nil
}

// found describes a token for an "expected X, found Y" message.
func found(t *tok) string {
	switch t.kind {
	case tEOF:
		return "end of line"
	case tIllegal:
		return t.str
	case tStr:
		return "string"
	}
	return quote(t.text)
}

// parse parses a full expression; it returns nil after reporting an error.
func (p *exprParser) parse() *node {
	n := p.binary(1)
	if p.failed {
		return nil
	}
	return n
}

func (p *exprParser) binary(prec int) *node {
	x := p.unary()
	if x == nil {
		return nil
	}
	for {
		t := p.peek()
		if t.kind != tOp {
			return x
		}
		op, ok := binOps[t.text]
		if !ok || binPrec(op) < prec {
			return x
		}
		p.i++
		y := p.binary(binPrec(op) + 1)
		if y == nil {
			return nil
		}
		x = &node{op: op, x: x, y: y, st: p.st, off: t.off, end: t.end}
	}
}

func (p *exprParser) unary() *node {
	t := p.peek()
	if t.kind == tOp {
		var op opKind
		switch t.text {
		case "-":
			op = opNeg
		case "~":
			op = opCom
		case "!":
			op = opNot
		case "+":
			p.i++
			return p.unary()
		default:
			return p.primary()
		}
		p.i++
		x := p.unary()
		if x == nil {
			return nil
		}
		if x.op == opNum { // fold constants: keeps big tables cheap
			v := x.v
			switch op {
			case opNeg:
				v = -v
			case opCom:
				v = ^v
			case opNot:
				v = b2i(v == 0)
			}
			return &node{op: opNum, v: v, st: p.st, off: t.off, end: x.end}
		}
		return &node{op: op, x: x, st: p.st, off: t.off, end: x.end}
	}
	return p.primary()
}

func (p *exprParser) primary() *node {
	t := p.peek()
	switch t.kind {
	case tNum:
		p.i++
		return &node{op: opNum, v: t.val, st: p.st, off: t.off, end: t.end}
	case tLocal:
		p.i++
		def, msg := p.a.localRef(int(t.val), t.text[len(t.text)-1] == 'f')
		if def == nil {
			return p.fail(t, msg)
		}
		return &node{op: opSym, def: def, st: p.st, off: t.off, end: t.end}
	case tIdent:
		p.i++
		if t.text == "." {
			return &node{op: opDot, sec: p.dotSec, v: p.dotOff, st: p.st, off: t.off, end: t.end}
		}
		if p.peek().kind == tOp && p.peek().text == "(" {
			fn, ok := fnNames[t.text]
			if !ok {
				if _, lower := fnNames[strings.ToLower(t.text)]; lower {
					return p.fail(t, fmt.Sprintf("unknown function %s (modifiers are lower case: %s)", quote(t.text), strings.ToLower(t.text)))
				}
				return p.fail(t, "unknown function "+quote(t.text))
			}
			p.i++
			x := p.binary(1)
			if x == nil {
				return nil
			}
			c := p.peek()
			if c.kind != tOp || c.text != ")" {
				return p.fail(c, "expected \")\", found "+found(c))
			}
			p.i++
			return &node{op: opFunc, fn: fn, x: x, st: p.st, off: t.off, end: c.end}
		}
		if r, ok := regNumber(t.text); ok {
			return p.fail(t, fmt.Sprintf("register r%d cannot be used in an expression", r))
		}
		def := p.a.ref(t.text)
		return &node{op: opSym, def: def, st: p.st, off: t.off, end: t.end}
	case tOp:
		if t.text == "(" {
			p.i++
			x := p.binary(1)
			if x == nil {
				return nil
			}
			c := p.peek()
			if c.kind != tOp || c.text != ")" {
				return p.fail(c, "expected \")\", found "+found(c))
			}
			p.i++
			return x
		}
	case tEOF:
		return p.fail(t, "missing expression")
	}
	return p.fail(t, "expected expression, found "+found(t))
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func cmp(b bool) int64 {
	if b {
		return -1
	}
	return 0
}

// eval computes the value of n. Before layout (final false) labels are section offsets and only
// expressions whose value does not depend on the layout have one; after layout (final true) every
// defined symbol has its address.
func (a *assembler) eval(n *node, final bool) (value, *evalError) {
	switch n.op {
	case opNum:
		return value{v: n.v}, nil
	case opDot:
		if final {
			return value{v: n.sec.base + n.v}, nil
		}
		return value{v: n.v, sec: n.sec}, nil
	case opSym:
		return a.symValue(n, final)
	case opNeg, opCom, opNot:
		x, err := a.eval(n.x, final)
		if err != nil {
			return x, err
		}
		if x.sec != nil {
			return value{}, &evalError{n: n, notConst: true, msg: "address arithmetic needs the final layout"}
		}
		switch n.op {
		case opNeg:
			return value{v: -x.v}, nil
		case opCom:
			return value{v: ^x.v}, nil
		}
		return value{v: b2i(x.v == 0)}, nil
	case opFunc:
		x, err := a.eval(n.x, final)
		if err != nil {
			return x, err
		}
		if x.sec != nil {
			return value{}, &evalError{n: n, notConst: true, msg: "address arithmetic needs the final layout"}
		}
		return applyFn(n, x.v)
	}
	x, err := a.eval(n.x, final)
	if err != nil {
		return x, err
	}
	y, err := a.eval(n.y, final)
	if err != nil {
		return y, err
	}
	if x.sec != nil || y.sec != nil {
		switch {
		case n.op == opAdd && y.sec == nil:
			return value{v: x.v + y.v, sec: x.sec}, nil
		case n.op == opAdd && x.sec == nil:
			return value{v: x.v + y.v, sec: y.sec}, nil
		case n.op == opSub && y.sec == nil:
			return value{v: x.v - y.v, sec: x.sec}, nil
		case n.op == opSub && x.sec == y.sec:
			return value{v: x.v - y.v}, nil
		}
		return value{}, &evalError{n: n, notConst: true, msg: "address arithmetic needs the final layout"}
	}
	return binary(n, x.v, y.v)
}

// binary applies a binary operator to two numbers.
func binary(n *node, x, y int64) (value, *evalError) {
	var v int64
	switch n.op {
	case opMul:
		v = x * y
	case opDiv, opMod:
		if y == 0 {
			return value{}, &evalError{n: n, msg: "division by zero"}
		}
		if n.op == opDiv {
			v = x / y
		} else {
			v = x % y
		}
	case opShl, opShr:
		if y < 0 || y > 63 {
			return value{}, &evalError{n: n, msg: fmt.Sprintf("shift count %d out of range 0..63", y)}
		}
		if n.op == opShl {
			v = int64(uint64(x) << uint(y))
		} else {
			v = int64(uint64(x) >> uint(y))
		}
	case opOr:
		v = x | y
	case opAnd:
		v = x & y
	case opXor:
		v = x ^ y
	case opOrNot:
		v = x | ^y
	case opAdd:
		v = x + y
	case opSub:
		v = x - y
	case opEq:
		v = cmp(x == y)
	case opNe:
		v = cmp(x != y)
	case opLt:
		v = cmp(x < y)
	case opGt:
		v = cmp(x > y)
	case opLe:
		v = cmp(x <= y)
	case opGe:
		v = cmp(x >= y)
	case opLAnd:
		v = b2i(x != 0 && y != 0)
	case opLOr:
		v = b2i(x != 0 || y != 0)
	}
	return value{v: v}, nil
}

// applyFn applies a relocation modifier.
func applyFn(n *node, v int64) (value, *evalError) {
	switch n.fn {
	case fnLo8:
		v &= 0xFF
	case fnHi8:
		v = v >> 8 & 0xFF
	case fnHh8, fnHlo8:
		v = v >> 16 & 0xFF
	case fnHhi8:
		v = v >> 24 & 0xFF
	case fnPm:
		v >>= 1
	case fnPmLo8:
		v = v >> 1 & 0xFF
	case fnPmHi8:
		v = v >> 9 & 0xFF
	case fnPmHh8:
		v = v >> 17 & 0xFF
	case fnGs:
		if v >= 0x20000 {
			return value{}, &evalError{n: n, msg: fmt.Sprintf("gs() of 0x%x needs a linker stub (target beyond 128 KiB), which avrlab does not generate", v)}
		}
		v >>= 1
	}
	return value{v: v}, nil
}

// symValue evaluates a symbol reference.
func (a *assembler) symValue(n *node, final bool) (value, *evalError) {
	d := n.def
	switch d.kind {
	case symLabel:
		if final {
			return value{v: d.sec.base + d.off}, nil
		}
		return value{v: d.off, sec: d.sec}, nil
	case symEqu:
		if !d.known && d.x != nil {
			if d.busy {
				return value{}, &evalError{n: n, msg: "symbol " + quote(d.name) + " is defined in terms of itself"}
			}
			d.busy = true
			v, err := a.eval(d.x, final)
			d.busy = false
			if err != nil {
				return v, err
			}
			d.val, d.known, d.x = v, true, nil
			return v, nil
		}
		if final && d.val.sec != nil {
			return value{v: d.val.sec.base + d.val.v}, nil
		}
		return d.val, nil
	}
	if d.local {
		return value{}, &evalError{n: n, undefined: true, msg: fmt.Sprintf("local label %s has no %s: definition after it", d.name, d.name[:len(d.name)-1])}
	}
	return value{}, &evalError{n: n, undefined: true, msg: "undefined symbol " + quote(d.name)}
}

// report turns an evaluation error into a diagnostic at the node's text.
func (a *assembler) report(e *evalError) {
	a.errAt(e.n.st, e.n.off, e.n.end, e.msg)
}
