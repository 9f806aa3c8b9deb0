package asm

import (
	"fmt"
	"slices"
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
	depth  int // nesting: parentheses, function calls and unary operators being parsed
}

func (p *exprParser) peek() *tok { return &p.toks[p.i] }

// nest enters one level of nesting at token t (an opening parenthesis, a function name or a unary
// operator); past maxExprDepth it reports an error and returns false. The caller leaves with depth--.
func (p *exprParser) nest(t *tok) bool {
	p.depth++
	if p.depth > maxExprDepth {
		p.fail(t, fmt.Sprintf("expression nested deeper than %d levels", maxExprDepth))
		return false
	}
	return true
}

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
	if t.kind != tOp {
		return p.primary()
	}
	var op opKind
	switch t.text {
	case "-":
		op = opNeg
	case "~":
		op = opCom
	case "!":
		op = opNot
	case "+":
	default:
		return p.primary()
	}
	if !p.nest(t) {
		return nil
	}
	p.i++
	x := p.unary()
	p.depth--
	if x == nil || t.text == "+" {
		return x
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
			if !p.nest(t) {
				return nil
			}
			p.i++
			x := p.binary(1)
			p.depth--
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
			if !p.nest(t) {
				return nil
			}
			p.i++
			x := p.binary(1)
			p.depth--
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
// defined symbol has its address. Every node evaluated counts against the effort budget, and the
// recursion is limited to maxEvalDepth levels.
func (a *assembler) eval(n *node, final bool) (value, *evalError) {
	if a.evalDepth >= maxEvalDepth {
		// A safety net: the parser bounds the depth of a tree, and symbols are resolved without recursion.
		return value{}, &evalError{n: n, msg: fmt.Sprintf("expression nested deeper than %d levels", maxEvalDepth)}
	}
	a.evalDepth++
	v, err := a.eval1(n, final)
	a.evalDepth--
	return v, err
}

// eval1 is eval without the depth count.
func (a *assembler) eval1(n *node, final bool) (value, *evalError) {
	a.spend(1, n.st, 0)
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
	// A binary operator. A chain of operators of one precedence (1+2+3+...) parses into a tree that
	// grows to the left, as deep as the chain is long: walk its left edge in a loop, not by recursion.
	var buf [16]*node
	spine := append(buf[:0], n)
	m := n.x
	for m.op >= opMul {
		a.spend(1, m.st, 0)
		spine = append(spine, m)
		m = m.x
	}
	x, err := a.eval(m, final)
	if err != nil {
		return x, err
	}
	for k := len(spine) - 1; k >= 0; k-- {
		b := spine[k]
		y, err := a.eval(b.y, final)
		if err != nil {
			return y, err
		}
		if x, err = combine(b, x, y); err != nil {
			return x, err
		}
	}
	return x, nil
}

// combine applies the binary operator of n to two values.
func combine(n *node, x, y value) (value, *evalError) {
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
			if err := d.failure(final); err != nil {
				return value{}, err
			}
			if err := a.resolve(d, final); err != nil {
				return value{}, err
			}
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

// failure returns why evaluating the deferred symbol d failed before, if that still holds: a symbol it
// needs is still undefined, or (before layout) it needs the layout. Evaluation is deterministic, so
// the answer would be the same error; remembering it keeps a chain of deferred symbols (.set a1, a0+1
// ... with a0 not yet defined) linear instead of quadratic.
func (d *symDef) failure(final bool) *evalError {
	e := d.fail
	if d.tmpFail != nil {
		return d.tmpFail
	}
	switch {
	case e == nil:
		return nil
	case e.undefined && e.n.def.kind == symUndef, e.notConst && !final:
		return e
	}
	return nil
}

// resolve evaluates the deferred symbol d0 and, first, every deferred symbol it needs, with an explicit
// stack instead of recursion: a chain of a million symbols each defined from the previous one must not
// grow the Go stack. Each symbol is evaluated once its deferred dependencies have values (or failed,
// remembered in tmpFail for the evaluations above it), so the evaluation of one never recurses into
// another, and the errors are those the plain recursive evaluation gives. On success d0 has its value.
func (a *assembler) resolve(d0 *symDef, final bool) *evalError {
	type pending struct {
		d       *symDef
		visited bool // dependencies pushed: evaluate when on top again
	}
	stack := []pending{{d: d0}}
	var failed []*symDef
	defer func() {
		for _, d := range failed {
			d.tmpFail = nil
		}
	}()
	for len(stack) > 0 {
		top := len(stack) - 1
		d := stack[top].d
		if !stack[top].visited {
			if d.known || d.x == nil || d.busy || d.failure(final) != nil {
				stack = stack[:top] // done meanwhile, or already on the path (its evaluation reports the loop)
				continue
			}
			stack[top].visited = true
			d.busy = true
			mark := len(stack)
			a.deferredDeps(d.x, final, func(dep *symDef) { stack = append(stack, pending{d: dep}) })
			slices.Reverse(stack[mark:]) // the leftmost dependency first
			continue
		}
		stack = stack[:top]
		v, err := a.eval(d.x, final)
		d.busy = false
		if err != nil {
			d.tmpFail = err
			failed = append(failed, d)
			if err.undefined || err.notConst && !final {
				d.fail = err
			}
			continue
		}
		d.val, d.known, d.x, d.fail = v, true, nil, nil
	}
	if !d0.known {
		return d0.tmpFail
	}
	return nil
}

// deferredDeps calls fn for each deferred symbol (assigned, without a value yet, not failed, not being
// evaluated) that x refers to, left to right. It walks the tree with its own stack: a long chain of
// one operator (a+a+...+a) makes a tree as deep as the chain is long.
func (a *assembler) deferredDeps(x *node, final bool, fn func(*symDef)) {
	var buf [32]*node
	todo := append(buf[:0], x)
	for len(todo) > 0 {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		a.spend(1, n.st, 0)
		switch {
		case n.op == opSym:
			if d := n.def; d.kind == symEqu && !d.known && d.x != nil && !d.busy && d.failure(final) == nil {
				fn(d)
			}
		case n.y != nil:
			todo = append(todo, n.y, n.x)
		case n.x != nil:
			todo = append(todo, n.x)
		}
	}
}

// report turns an evaluation error into a diagnostic at the node's text.
func (a *assembler) report(e *evalError) {
	a.errAt(e.n.st, e.n.off, e.n.end, e.msg)
}
