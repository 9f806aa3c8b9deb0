package atmel

import (
	"strings"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// The binary operators of AVRASM2 with the guide's precedence ("Operators": C's), loosest first; ?:
// binds loosest of all. Comparisons give 1 or 0 and >> shifts arithmetically, as in C on signed
// 64-bit values.
var binPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5,
	"==": 6, "!=": 6, "<": 7, "<=": 7, ">": 7, ">=": 7,
	"<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

var binOps = map[string]obj.Op{
	"||": obj.OpLOr, "&&": obj.OpLAnd, "|": obj.OpOr, "^": obj.OpXor, "&": obj.OpAnd,
	"==": obj.OpEq, "!=": obj.OpNe, "<": obj.OpLt, "<=": obj.OpLe, ">": obj.OpGt, ">=": obj.OpGe,
	"<<": obj.OpShl, ">>": obj.OpShr, "+": obj.OpAdd, "-": obj.OpSub, "*": obj.OpMul, "/": obj.OpDiv, "%": obj.OpMod,
}

// functions maps the guide's functions ("Functions") to the evaluator's; the others are built from
// operators (ABS) or read when parsed (DEFINED, STRLEN).
var functions = map[string]obj.Fn{
	"low": obj.FnLo8, "byte1": obj.FnLo8, "high": obj.FnHi8, "byte2": obj.FnHi8, "byte3": obj.FnHh8,
	"byte4": obj.FnHhi8, "lwrd": obj.FnLwrd, "hwrd": obj.FnHwrd, "page": obj.FnPage, "exp2": obj.FnExp2,
	"log2": obj.FnLog2,
}

// exprParser parses one expression of a statement's tokens into an obj.Expr tree.
type exprParser struct {
	p      *parser
	st     *stmt
	toks   []tok
	i      int
	pc     int64 // the code segment's location counter where the statement starts, in bytes
	failed bool
	depth  int
}

func (e *exprParser) peek() *tok { return &e.toks[e.i] }

// fail reports a syntax error at token t (once per expression) and returns nil.
func (e *exprParser) fail(t *tok, msg string) *obj.Expr {
	if !e.failed {
		e.failed = true
		e.p.errTok(e.st, t, msg)
	}
	return nil
}

// nest enters one level of nesting at t; past maxExprDepth it fails.
func (e *exprParser) nest(t *tok) bool {
	e.depth++
	if e.depth > maxExprDepth {
		e.fail(t, textf.Sprintf("expression nested deeper than %d levels", maxExprDepth))
		return false
	}
	return true
}

// parse parses a whole expression; nil after an error.
func (e *exprParser) parse() *obj.Expr {
	x := e.cond()
	if e.failed {
		return nil
	}
	return x
}

// cond parses c ? a : b (right-associative) or a binary expression.
func (e *exprParser) cond() *obj.Expr {
	c := e.binary(1)
	if c == nil {
		return nil
	}
	q := e.peek()
	if q.kind != tOp || q.text != "?" {
		return c
	}
	if !e.nest(q) {
		return nil
	}
	defer func() { e.depth-- }()
	e.i++
	a := e.cond()
	if a == nil {
		return nil
	}
	colon := e.peek()
	if colon.kind != tOp || colon.text != ":" {
		return e.fail(colon, `expected ":" of "?:", found `+found(colon))
	}
	e.i++
	b := e.cond()
	if b == nil {
		return nil
	}
	// c ? a : b is (a & m) | (b & ~m) with m = -1 when c is not 0, else 0: the evaluator's != gives -1.
	src, off, end := e.st, q.off, q.end
	m := obj.Binary(obj.OpNe, c, obj.Num(0, src, off, end), src, off, end)
	return obj.Binary(obj.OpOr,
		obj.Binary(obj.OpAnd, a, m, src, off, end),
		obj.Binary(obj.OpAnd, b, obj.Unary(obj.OpCom, m, src, off, end), src, off, end), src, off, end)
}

func (e *exprParser) binary(prec int) *obj.Expr {
	x := e.unary()
	if x == nil {
		return nil
	}
	for {
		t := e.peek()
		pr, ok := binPrec[t.text]
		if t.kind != tOp || !ok || pr < prec {
			return x
		}
		e.i++
		y := e.binary(pr + 1)
		if y == nil {
			return nil
		}
		x = e.combine(t, x, y)
	}
}

// combine builds x op y with C's meaning on top of the evaluator's GNU as operators.
func (e *exprParser) combine(t *tok, x, y *obj.Expr) *obj.Expr {
	src, off, end := e.st, t.off, t.end
	op := binOps[t.text]
	switch op {
	case obj.OpEq, obj.OpNe, obj.OpLt, obj.OpLe, obj.OpGt, obj.OpGe:
		// GNU as gives -1 for true, C (and AVRASM2) 1.
		return obj.Unary(obj.OpNeg, obj.Binary(op, x, y, src, off, end), src, off, end)
	case obj.OpShr:
		// Arithmetic, from the evaluator's logical shift: ((x + 2^63) >> y) - (2^63 >> y). Adding 2^63
		// maps the signed values onto the unsigned ones in order, so the logical shift floors, and the
		// shifted bias is taken off again. x appears once, so chains (a >> 1 >> 1 ...) stay linear.
		bias := obj.Num(-1<<63, src, off, end)
		return obj.Binary(obj.OpSub,
			obj.Binary(obj.OpShr, obj.Binary(obj.OpAdd, x, bias, src, off, end), y, src, off, end),
			obj.Binary(obj.OpShr, bias, y, src, off, end), src, off, end)
	}
	return obj.Binary(op, x, y, src, off, end)
}

func (e *exprParser) unary() *obj.Expr {
	t := e.peek()
	if t.kind != tOp {
		return e.primary()
	}
	var op obj.Op
	switch t.text {
	case "-":
		op = obj.OpNeg
	case "~":
		op = obj.OpCom
	case "!":
		op = obj.OpNot
	case "+":
	default:
		return e.primary()
	}
	if !e.nest(t) {
		return nil
	}
	e.i++
	x := e.unary()
	e.depth--
	if x == nil || t.text == "+" {
		return x
	}
	return obj.Unary(op, x, e.st, t.off, x.End)
}

func (e *exprParser) primary() *obj.Expr {
	t := e.peek()
	switch t.kind {
	case tNum:
		e.i++
		return obj.Num(t.val, e.st, t.off, t.end)
	case tIdent:
		e.i++
		if n := e.peek(); n.kind == tOp && n.text == "(" {
			return e.call(t)
		}
		return e.name(t)
	case tOp:
		if t.text == "(" {
			if !e.nest(t) {
				return nil
			}
			e.i++
			x := e.cond()
			e.depth--
			if x == nil {
				return nil
			}
			c := e.peek()
			if c.kind != tOp || c.text != ")" {
				return e.fail(c, `expected ")", found `+found(c))
			}
			e.i++
			return x
		}
	case tParam:
		return e.fail(t, "macro parameter "+t.text+" outside a macro")
	case tStr:
		return e.fail(t, "a string is not a value here (strings go in .db, .message, .warning, .error and STRLEN)")
	case tEOF:
		return e.fail(t, "missing expression")
	}
	return e.fail(t, "expected expression, found "+found(t))
}

// name parses a name used as a value: PC, a symbol; registers are refused.
func (e *exprParser) name(t *tok) *obj.Expr {
	f := fold(t.text)
	if f == "pc" {
		// PC is the code segment's location counter, in words, where the statement starts.
		dot := obj.Dot(e.p.cseg, e.pc, e.st, t.off, t.end)
		return obj.Binary(obj.OpDiv, dot, obj.Num(2, e.st, t.off, t.end), e.st, t.off, t.end)
	}
	if r, ok := regNumber(t.text); ok {
		return e.fail(t, textf.Sprintf("register r%d cannot be used in an expression", r))
	}
	if r, ok := e.p.regs[f]; ok {
		return e.fail(t, textf.Sprintf("%s is a register (.def %s = r%d), not a value", t.text, t.text, r))
	}
	if t.text[0] == '.' {
		return e.fail(t, "expected expression, found "+quote(t.text))
	}
	return e.p.ref(e.p.lookup(t.text, e.st), e.st, t.off, t.end)
}

// call parses a function call; the name is t and the current token is "(".
func (e *exprParser) call(t *tok) *obj.Expr {
	name := fold(t.text)
	if !e.nest(t) {
		return nil
	}
	defer func() { e.depth-- }()
	e.i++ // "("
	closeParen := func() bool {
		c := e.peek()
		if c.kind != tOp || c.text != ")" {
			e.fail(c, `expected ")", found `+found(c))
			return false
		}
		e.i++
		return true
	}
	switch name {
	case "defined":
		a := e.peek()
		if a.kind != tIdent {
			return e.fail(a, "DEFINED takes a symbol name, found "+found(a))
		}
		e.i++
		if !closeParen() {
			return nil
		}
		v := int64(0)
		if e.p.isDefined(a.text, e.st) {
			v = 1
		}
		return obj.Num(v, e.st, t.off, e.toks[e.i-1].end)
	case "strlen":
		a := e.peek()
		if a.kind != tStr {
			return e.fail(a, "STRLEN takes a string, found "+found(a))
		}
		e.i++
		if !closeParen() {
			return nil
		}
		return obj.Num(int64(len(a.str)), e.st, t.off, e.toks[e.i-1].end)
	case "int", "frac", "q7", "q15":
		return e.fail(t, strings.ToUpper(name)+"() works on floating point values, which avrlab does not read")
	}
	fn, known := functions[name]
	if !known && name != "abs" {
		if IsGNUFunction(name) {
			return e.fail(t, GNUHint(t.text, "function"))
		}
		return e.fail(t, "unknown function "+quote(t.text))
	}
	x := e.cond()
	if x == nil || !closeParen() {
		return nil
	}
	end := e.toks[e.i-1].end
	if name == "abs" {
		// ABS(x) is (x ^ m) - m with m = -1 for a negative x (the evaluator's < gives -1), else 0.
		m := obj.Binary(obj.OpLt, x, obj.Num(0, e.st, t.off, end), e.st, t.off, end)
		return obj.Binary(obj.OpSub, obj.Binary(obj.OpXor, x, m, e.st, t.off, end), m, e.st, t.off, end)
	}
	return obj.Call(fn, x, e.st, t.off, end)
}
