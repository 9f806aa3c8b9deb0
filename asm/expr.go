package asm

import (
	"strings"

	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// binOps are the operator spellings of the binary operators, looked up by binOp. An array, not a
// map: a map literal is a call an entry in engine.wasm's initialization.
var binOps = [...]struct {
	s  string
	op obj.Op
}{
	{"*", obj.OpMul}, {"/", obj.OpDiv}, {"%", obj.OpMod}, {"<<", obj.OpShl}, {">>", obj.OpShr},
	{"|", obj.OpOr}, {"&", obj.OpAnd}, {"^", obj.OpXor}, {"!", obj.OpOrNot},
	{"+", obj.OpAdd}, {"-", obj.OpSub},
	{"==", obj.OpEq}, {"!=", obj.OpNe}, {"<>", obj.OpNe}, {"<", obj.OpLt}, {">", obj.OpGt}, {"<=", obj.OpLe}, {">=", obj.OpGe},
	{"&&", obj.OpLAnd}, {"||", obj.OpLOr},
}

// binOp returns the binary operator spelled s.
func binOp(s string) (obj.Op, bool) {
	for _, b := range binOps {
		if b.s == s {
			return b.op, true
		}
	}
	return 0, false
}

// binPrec is the binding strength of a binary operator. GNU as ranks them (expr.c, measured with
// avr-as 2.26): * / % << >> above | & ^ ! above + - above comparisons above && above ||.
func binPrec(op obj.Op) int {
	switch {
	case op >= obj.OpMul && op <= obj.OpShr:
		return 6
	case op >= obj.OpOr && op <= obj.OpOrNot:
		return 5
	case op == obj.OpAdd || op == obj.OpSub:
		return 4
	case op >= obj.OpEq && op <= obj.OpGe:
		return 3
	case op == obj.OpLAnd:
		return 2
	case op == obj.OpLOr:
		return 1
	}
	return 0
}

// fnNames are the names of the functions of expressions, looked up by fnName (as binOps).
var fnNames = [...]struct {
	s  string
	fn obj.Fn
}{
	{"lo8", obj.FnLo8}, {"hi8", obj.FnHi8}, {"hh8", obj.FnHh8}, {"hlo8", obj.FnHlo8}, {"hhi8", obj.FnHhi8},
	{"pm", obj.FnPm}, {"pm_lo8", obj.FnPmLo8}, {"pm_hi8", obj.FnPmHi8}, {"pm_hh8", obj.FnPmHh8}, {"gs", obj.FnGs},
}

// fnName returns the function called s.
func fnName(s string) (obj.Fn, bool) {
	for _, f := range fnNames {
		if f.s == s {
			return f.fn, true
		}
	}
	return 0, false
}

// exprParser parses one expression from a statement's tokens.
type exprParser struct {
	a      *assembler
	st     *stmt
	toks   []tok
	eof    tok // what peek gives past toks: an operand's toks stop before the statement's tEOF
	i      int
	dotSec *section // what "." means
	dotOff int64
	failed bool
	depth  int // nesting: parentheses, function calls and unary operators being parsed
}

// nodeBlock is how many expression nodes exprParser.node allocates at once.
const nodeBlock = 64

// node returns a pointer to a copy of n with the statement being parsed as its Src, allocated with
// others in a block (as newStmt allocates statements): the nodes stay as long as the assembler. It
// stays out of line: inlined at its seven calls it made engine.wasm 5 KB larger.
//
//go:noinline
func (p *exprParser) node(n node) *node {
	a := p.a
	if len(a.nodes) == cap(a.nodes) {
		a.nodes = make([]node, 0, nodeBlock)
	}
	n.Src = p.st
	a.nodes = append(a.nodes, n)
	return &a.nodes[len(a.nodes)-1]
}

func (p *exprParser) peek() *tok {
	if p.i < len(p.toks) {
		return &p.toks[p.i]
	}
	return &p.eof
}

// nest enters one level of nesting at token t (an opening parenthesis, a function name or a unary
// operator); past maxExprDepth it reports an error and returns false. The caller leaves with depth--.
func (p *exprParser) nest(t *tok) bool {
	p.depth++
	if p.depth > maxExprDepth {
		p.fail(t, textf.Sprintf("expression nested deeper than %d levels", maxExprDepth))
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
		op, ok := binOp(t.text)
		if !ok || binPrec(op) < prec {
			return x
		}
		p.i++
		y := p.binary(binPrec(op) + 1)
		if y == nil {
			return nil
		}
		x = p.node(node{Op: op, X: x, Y: y, Off: t.off, End: t.end})
	}
}

func (p *exprParser) unary() *node {
	t := p.peek()
	if t.kind != tOp {
		return p.primary()
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
	return obj.Unary(op, x, p.st, t.off, x.End)
}

func (p *exprParser) primary() *node {
	t := p.peek()
	switch t.kind {
	case tNum:
		p.i++
		return p.node(node{Op: obj.OpNum, Val: t.val, Off: t.off, End: t.end})
	case tLocal:
		p.i++
		def, msg := p.a.localRef(int(t.val), t.text[len(t.text)-1] == 'f')
		if def == nil {
			return p.fail(t, msg)
		}
		return p.node(node{Op: obj.OpSym, Sym: def, Off: t.off, End: t.end})
	case tIdent:
		p.i++
		if t.text == "." && p.dotSec != nil && p.dotSec == p.a.abs {
			return p.node(node{Op: obj.OpNum, Val: p.dotOff, Off: t.off, End: t.end})
		}
		if t.text == "." {
			return p.node(node{Op: obj.OpDot, Sec: p.dotSec, Val: p.dotOff, Off: t.off, End: t.end})
		}
		if p.peek().kind == tOp && p.peek().text == "(" {
			fn, ok := fnName(t.text)
			if !ok {
				if _, lower := fnName(strings.ToLower(t.text)); lower {
					return p.fail(t, textf.Sprintf("unknown function %s (modifiers are lower case: %s)", quote(t.text), strings.ToLower(t.text)))
				}
				if atmel.IsAtmelFunction(t.text) {
					return p.fail(t, atmel.AtmelHint(t.text, "function"))
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
			return p.node(node{Op: obj.OpFunc, Fn: fn, X: x, Off: t.off, End: c.end})
		}
		if r, ok := regNumber(t.text); ok {
			return p.fail(t, textf.Sprintf("register r%d cannot be used in an expression", r))
		}
		def := p.a.ref(t.text)
		if p.a.eqvs != nil {
			if e := p.a.eqvs[def]; e != nil {
				return p.eqv(e, t)
			}
		}
		return p.node(node{Op: obj.OpSym, Sym: def, Off: t.off, End: t.end})
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

// eqv reads the expression of an .eqv symbol used at token t, with the symbols as they are defined
// now and "." the location of the use.
func (p *exprParser) eqv(e *eqv, t *tok) *node {
	if !p.nest(t) {
		return nil
	}
	q := exprParser{a: p.a, st: e.st, toks: e.toks, dotSec: p.dotSec, dotOff: p.dotOff, depth: p.depth}
	x := q.parse()
	p.depth--
	if x == nil {
		p.failed = true
		return nil
	}
	return x
}

// The expression types of the object layer, by the names the GNU front end uses for them.
type (
	node      = obj.Expr
	value     = obj.Value
	evalError = obj.EvalError
)

// eval computes the value of n (see [obj.Evaluator.Eval]), counting its work against the assembly's
// effort budget.
func (a *assembler) eval(n *node, final bool) (value, *evalError) { return a.ev.Eval(n, final) }

// report turns an evaluation error into a diagnostic at the node's text.
func (a *assembler) report(e *evalError) {
	a.errAt(e.X.Src, e.X.Off, e.X.End, e.Msg)
}
