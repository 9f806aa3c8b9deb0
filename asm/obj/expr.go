package obj

import (
	"slices"
	"strings"

	"github.com/avrlab/avrlab/internal/textf"
)

// Op is the operation of an expression node.
type Op uint8

// Operations. The binary ones are listed in GNU as precedence groups (front ends parse with their own
// precedence; the tree is the same).
const (
	OpNum   Op = iota // the number Val
	OpSym             // the value of symbol Sym
	OpDot             // the location Val bytes into section Sec, fixed when parsed (GNU ".", Atmel "PC")
	OpNeg             // -X
	OpCom             // ^X (bitwise complement)
	OpNot             // !X: 1 if X is 0, else 0
	OpFunc            // Fn(X)
	OpMul             // X * Y
	OpDiv             // X / Y (truncated; division by zero is an error)
	OpMod             // X % Y
	OpShl             // X << Y (Y in 0..63)
	OpShr             // X >> Y, logical (Y in 0..63)
	OpOr              // X | Y
	OpAnd             // X & Y
	OpXor             // X ^ Y
	OpOrNot           // X | ^Y (GNU as "a ! b")
	OpAdd             // X + Y
	OpSub             // X - Y
	OpEq              // X == Y: -1 if true, else 0 (GNU as); negate for C's 1
	OpNe              // X != Y: -1 or 0
	OpLt              // X < Y: -1 or 0
	OpGt              // X > Y: -1 or 0
	OpLe              // X <= Y: -1 or 0
	OpGe              // X >= Y: -1 or 0
	OpLAnd            // X && Y: 1 or 0
	OpLOr             // X || Y: 1 or 0
)

// Binary reports whether op takes two operands (X and Y).
func (op Op) Binary() bool { return op >= OpMul }

// Fn is a function of one operand: the relocation modifiers of avr-as and the functions of AVRASM2.
type Fn uint8

// Functions. Addresses are byte addresses: a front end whose labels are word addresses (AVRASM2)
// multiplies them by 2 where it means bytes.
const (
	FnLo8   Fn = iota // bits 0-7 (GNU lo8, Atmel LOW and BYTE1)
	FnHi8             // bits 8-15 (hi8, HIGH, BYTE2)
	FnHh8             // bits 16-23 (hh8, BYTE3)
	FnHlo8            // bits 16-23 (hlo8)
	FnHhi8            // bits 24-31 (hhi8, BYTE4)
	FnPm              // X >> 1: the word address of byte address X (pm)
	FnPmLo8           // bits 1-8 (pm_lo8)
	FnPmHi8           // bits 9-16 (pm_hi8)
	FnPmHh8           // bits 17-24 (pm_hh8)
	FnGs              // X >> 1, refused from 128 KiB on, where avr-ld would make a stub (gs)
	FnLwrd            // bits 0-15 (Atmel LWRD)
	FnHwrd            // bits 16-31 (Atmel HWRD)
	FnPage            // bits 16-21 (Atmel PAGE)
	FnExp2            // 1 << X, X in 0..63 (Atmel EXP2)
	FnLog2            // the index of the highest set bit of X > 0 (Atmel LOG2; 0 for X <= 0)
)

// Expr is an expression node. A front end builds the tree with its symbols bound (a symbol redefined
// later keeps, in earlier trees, its earlier definition); the expressions of items are the object's
// relocations, evaluated by the linker with the final addresses. Src, Off and End locate the node's
// text for messages.
type Expr struct {
	Op   Op
	Fn   Fn       // OpFunc
	Val  int64    // OpNum: the number; OpDot: the offset in Sec
	Sec  *Section // OpDot
	Sym  *Symbol  // OpSym
	X, Y *Expr
	Src  Source
	Off  int
	End  int
}

// Value is an evaluated expression: the number N, or, before layout, the offset N into section Sec.
type Value struct {
	N   int64
	Sec *Section // nil: absolute
}

// EvalError is why an expression has no value (yet).
type EvalError struct {
	X         *Expr  // the node that failed
	Msg       string // the message, as "undefined symbol \"x\""
	Undefined bool   // a symbol is not defined (yet)
	NotConst  bool   // the value depends on the final layout
}

// Error returns the message.
func (e *EvalError) Error() string { return e.Msg }

// maxEvalDepth limits nested evaluation through symbols defined in terms of other symbols (a safety
// net: front ends bound the depth of a tree, and symbols are resolved without recursion).
const maxEvalDepth = 10_000

// Evaluator evaluates expressions, counting its work. The zero value is ready to use, with no limit on
// the work. It is not safe for concurrent use, and neither are the objects it evaluates in (symbols
// remember their values).
type Evaluator struct {
	// Effort counts steps of work: one per node evaluated or visited. A front end adds its own steps
	// (tokens read, text copied) to the same count.
	Effort int
	// MaxEffort is the most steps; past it OnEffort is called (0: no limit).
	MaxEffort int
	// OnEffort is called with the source and byte offset being evaluated when Effort passes MaxEffort;
	// it is expected not to return (the assembler panics with its own bailout value and recovers it).
	OnEffort func(src Source, off int)
	// Globals resolves, in final evaluations, a symbol with no definition in its own object: the
	// linker sets it to the global symbols of all the objects linked, by name.
	Globals map[string]*Symbol

	depth int // nested Eval calls (maxEvalDepth)
}

// spend counts steps of work done on the text at byte off of src.
func (e *Evaluator) spend(steps int, src Source, off int) {
	e.Effort += steps
	if e.MaxEffort > 0 && e.Effort > e.MaxEffort && e.OnEffort != nil {
		e.OnEffort(src, off)
	}
}

// Num returns the number v as an expression located at bytes [off, end) of src.
func Num(v int64, src Source, off, end int) *Expr {
	return &Expr{Op: OpNum, Val: v, Src: src, Off: off, End: end}
}

// Ref returns a reference to symbol s.
func Ref(s *Symbol, src Source, off, end int) *Expr {
	return &Expr{Op: OpSym, Sym: s, Src: src, Off: off, End: end}
}

// Dot returns the location off bytes into section sec.
func Dot(sec *Section, off int64, src Source, at, end int) *Expr {
	return &Expr{Op: OpDot, Sec: sec, Val: off, Src: src, Off: at, End: end}
}

// Unary returns op x for OpNeg, OpCom and OpNot, located at bytes [off, end) of src. A number is
// folded into the number op x (it keeps big tables of negated constants cheap).
func Unary(op Op, x *Expr, src Source, off, end int) *Expr {
	if x.Op == OpNum {
		v := x.Val
		switch op {
		case OpNeg:
			v = -v
		case OpCom:
			v = ^v
		case OpNot:
			v = b2i(v == 0)
		}
		return Num(v, src, off, end)
	}
	return &Expr{Op: op, X: x, Src: src, Off: off, End: end}
}

// Call returns fn(x), located at bytes [off, end) of src.
func Call(fn Fn, x *Expr, src Source, off, end int) *Expr {
	return &Expr{Op: OpFunc, Fn: fn, X: x, Src: src, Off: off, End: end}
}

// Binary returns x op y; the node is located at the operator, bytes [off, end) of src.
func Binary(op Op, x, y *Expr, src Source, off, end int) *Expr {
	return &Expr{Op: op, X: x, Y: y, Src: src, Off: off, End: end}
}

// quote returns s in double quotes for a message, shortened when very long.
func quote(s string) string {
	const max = 40
	if len(s) > max {
		s = s[:max] + "..."
	}
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
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

// Eval computes the value of n. Before layout (final false) labels are section offsets and only
// expressions whose value does not depend on the layout have one; after layout (final true) every
// defined symbol has its address. Every Expr evaluated counts against the effort budget, and the
// recursion is limited to maxEvalDepth levels.
func (e *Evaluator) Eval(n *Expr, final bool) (Value, *EvalError) {
	if e.depth >= maxEvalDepth {
		// A safety net: the parser bounds the depth of a tree, and symbols are resolved without recursion.
		return Value{}, &EvalError{X: n, Msg: textf.Sprintf("expression nested deeper than %d levels", maxEvalDepth)}
	}
	e.depth++
	v, err := e.eval1(n, final)
	e.depth--
	return v, err
}

// eval1 is eval without the depth count.
func (e *Evaluator) eval1(n *Expr, final bool) (Value, *EvalError) {
	e.spend(1, n.Src, 0)
	switch n.Op {
	case OpNum:
		return Value{N: n.Val}, nil
	case OpDot:
		if final {
			return Value{N: n.Sec.Addr + n.Val}, nil
		}
		return Value{N: n.Val, Sec: n.Sec}, nil
	case OpSym:
		return e.symValue(n, final)
	case OpNeg, OpCom, OpNot:
		x, err := e.Eval(n.X, final)
		if err != nil {
			return x, err
		}
		if x.Sec != nil {
			return Value{}, &EvalError{X: n, NotConst: true, Msg: "address arithmetic needs the final layout"}
		}
		switch n.Op {
		case OpNeg:
			return Value{N: -x.N}, nil
		case OpCom:
			return Value{N: ^x.N}, nil
		}
		return Value{N: b2i(x.N == 0)}, nil
	case OpFunc:
		x, err := e.Eval(n.X, final)
		if err != nil {
			return x, err
		}
		if x.Sec != nil {
			return Value{}, &EvalError{X: n, NotConst: true, Msg: "address arithmetic needs the final layout"}
		}
		return applyFn(n, x.N)
	}
	// A binary operator. A chain of operators of one precedence (1+2+3+...) parses into a tree that
	// grows to the left, as deep as the chain is long: walk its left edge in a loop, not by recursion.
	var buf [16]*Expr
	spine := append(buf[:0], n)
	m := n.X
	for m.Op >= OpMul {
		e.spend(1, m.Src, 0)
		spine = append(spine, m)
		m = m.X
	}
	x, err := e.Eval(m, final)
	if err != nil {
		return x, err
	}
	for k := len(spine) - 1; k >= 0; k-- {
		b := spine[k]
		y, err := e.Eval(b.Y, final)
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
func combine(n *Expr, x, y Value) (Value, *EvalError) {
	if x.Sec != nil || y.Sec != nil {
		switch {
		case n.Op == OpAdd && y.Sec == nil:
			return Value{N: x.N + y.N, Sec: x.Sec}, nil
		case n.Op == OpAdd && x.Sec == nil:
			return Value{N: x.N + y.N, Sec: y.Sec}, nil
		case n.Op == OpSub && y.Sec == nil:
			return Value{N: x.N - y.N, Sec: x.Sec}, nil
		case n.Op == OpSub && x.Sec == y.Sec:
			return Value{N: x.N - y.N}, nil
		}
		return Value{}, &EvalError{X: n, NotConst: true, Msg: "address arithmetic needs the final layout"}
	}
	return binary(n, x.N, y.N)
}

// binary applies a binary operator to two numbers.
func binary(n *Expr, x, y int64) (Value, *EvalError) {
	var v int64
	switch n.Op {
	case OpMul:
		v = x * y
	case OpDiv, OpMod:
		if y == 0 {
			return Value{}, &EvalError{X: n, Msg: "division by zero"}
		}
		if n.Op == OpDiv {
			v = x / y
		} else {
			v = x % y
		}
	case OpShl, OpShr:
		if y < 0 || y > 63 {
			return Value{}, &EvalError{X: n, Msg: textf.Sprintf("shift count %d out of range 0..63", y)}
		}
		if n.Op == OpShl {
			v = int64(uint64(x) << uint(y))
		} else {
			v = int64(uint64(x) >> uint(y))
		}
	case OpOr:
		v = x | y
	case OpAnd:
		v = x & y
	case OpXor:
		v = x ^ y
	case OpOrNot:
		v = x | ^y
	case OpAdd:
		v = x + y
	case OpSub:
		v = x - y
	case OpEq:
		v = cmp(x == y)
	case OpNe:
		v = cmp(x != y)
	case OpLt:
		v = cmp(x < y)
	case OpGt:
		v = cmp(x > y)
	case OpLe:
		v = cmp(x <= y)
	case OpGe:
		v = cmp(x >= y)
	case OpLAnd:
		v = b2i(x != 0 && y != 0)
	case OpLOr:
		v = b2i(x != 0 || y != 0)
	}
	return Value{N: v}, nil
}

// applyFn applies the function of n to v.
func applyFn(n *Expr, v int64) (Value, *EvalError) {
	switch n.Fn {
	case FnLo8:
		v &= 0xFF
	case FnHi8:
		v = v >> 8 & 0xFF
	case FnHh8, FnHlo8:
		v = v >> 16 & 0xFF
	case FnHhi8:
		v = v >> 24 & 0xFF
	case FnPm:
		v >>= 1
	case FnPmLo8:
		v = v >> 1 & 0xFF
	case FnPmHi8:
		v = v >> 9 & 0xFF
	case FnPmHh8:
		v = v >> 17 & 0xFF
	case FnGs:
		if v >= 0x20000 {
			return Value{}, &EvalError{X: n, Msg: textf.Sprintf("gs() of 0x%x needs a linker stub (target beyond 128 KiB), which avrlab does not generate", v)}
		}
		v >>= 1
	case FnLwrd:
		v &= 0xFFFF
	case FnHwrd:
		v = v >> 16 & 0xFFFF
	case FnPage:
		v = v >> 16 & 0x3F
	case FnExp2:
		if v < 0 || v > 63 {
			return Value{}, &EvalError{X: n, Msg: textf.Sprintf("EXP2 of %d out of range 0..63", v)}
		}
		v = int64(uint64(1) << uint(v))
	case FnLog2:
		n := int64(0)
		for v > 1 {
			v >>= 1
			n++
		}
		v = n
	}
	return Value{N: v}, nil
}

// symValue evaluates a symbol reference.
func (e *Evaluator) symValue(n *Expr, final bool) (Value, *EvalError) {
	d := n.Sym
	if final && (d.Kind == SymUndef || d.Weak) {
		if g := e.global(d); g != nil {
			d = g // the definition in another object, or the one that overrides this weak one
		}
		if d.Kind == SymUndef && d.Weak {
			return Value{}, nil // a weak symbol no object defines is 0
		}
	}
	switch d.Kind {
	case SymLabel:
		if final {
			return Value{N: d.Sec.Addr + d.Off}, nil
		}
		return Value{N: d.Off, Sec: d.Sec}, nil
	case SymEqu:
		if !d.known && d.x != nil {
			if d.busy {
				return Value{}, &EvalError{X: n, Msg: "symbol " + quote(d.Name) + " is defined in terms of itself"}
			}
			if err := e.failure(d, final); err != nil {
				return Value{}, err
			}
			if err := e.resolve(d, final); err != nil {
				return Value{}, err
			}
		}
		if final && d.val.Sec != nil {
			return Value{N: d.val.Sec.Addr + d.val.N}, nil
		}
		return d.val, nil
	}
	if d.Local {
		return Value{}, &EvalError{X: n, Undefined: true, Msg: textf.Sprintf("local label %s has no %s: definition after it", d.Name, d.Name[:len(d.Name)-1])}
	}
	return Value{}, &EvalError{X: n, Undefined: true, Msg: "undefined symbol " + quote(d.Name)}
}

// failure returns why evaluating the deferred symbol d failed before, if that still holds: a symbol it
// needs is still undefined, or (before layout) it needs the layout. Evaluation is deterministic, so
// the answer would be the same error; remembering it keeps a chain of deferred symbols (.set a1, a0+1
// ... with a0 not yet defined) linear instead of quadratic.
func (e *Evaluator) failure(d *Symbol, final bool) *EvalError {
	f := d.fail
	if d.tmpFail != nil {
		return d.tmpFail
	}
	switch {
	case f == nil:
		return nil
	case f.Undefined && f.X.Sym.Kind == SymUndef && !(final && (e.global(f.X.Sym) != nil || f.X.Sym.Weak)), f.NotConst && !final:
		return f
	}
	return nil
}

// global returns the definition in another object of d, a symbol without one in its own, or the
// definition that overrides d, a weak one (nil if none, or if d is a numeric local label).
func (e *Evaluator) global(d *Symbol) *Symbol {
	if e.Globals == nil || d.Local {
		return nil
	}
	if g := e.Globals[d.Name]; g != nil && g != d && g.Kind != SymUndef {
		return g
	}
	return nil
}

// resolve evaluates the deferred symbol d0 and, first, every deferred symbol it needs, with an explicit
// stack instead of recursion: a chain of a million symbols each defined from the previous one must not
// grow the Go stack. Each symbol is evaluated once its deferred dependencies have values (or failed,
// remembered in tmpFail for the evaluations above it), so the evaluation of one never recurses into
// another, and the errors are those the plain recursive evaluation gives. On success d0 has its value.
func (e *Evaluator) resolve(d0 *Symbol, final bool) *EvalError {
	type pending struct {
		d       *Symbol
		visited bool // dependencies pushed: evaluate when on top again
	}
	stack := []pending{{d: d0}}
	var failed []*Symbol
	defer func() {
		for _, d := range failed {
			d.tmpFail = nil
		}
	}()
	for len(stack) > 0 {
		top := len(stack) - 1
		d := stack[top].d
		if !stack[top].visited {
			if d.known || d.x == nil || d.busy || e.failure(d, final) != nil {
				stack = stack[:top] // done meanwhile, or already on the path (its evaluation reports the loop)
				continue
			}
			stack[top].visited = true
			d.busy = true
			mark := len(stack)
			e.deferredDeps(d.x, final, func(dep *Symbol) { stack = append(stack, pending{d: dep}) })
			slices.Reverse(stack[mark:]) // the leftmost dependency first
			continue
		}
		stack = stack[:top]
		v, err := e.Eval(d.x, final)
		d.busy = false
		if err != nil {
			d.tmpFail = err
			failed = append(failed, d)
			if err.Undefined || err.NotConst && !final {
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
func (e *Evaluator) deferredDeps(x *Expr, final bool, fn func(*Symbol)) {
	var buf [32]*Expr
	todo := append(buf[:0], x)
	for len(todo) > 0 {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		e.spend(1, n.Src, 0)
		switch {
		case n.Op == OpSym:
			if d := n.Sym; d.Kind == SymEqu && !d.known && d.x != nil && !d.busy && e.failure(d, final) == nil {
				fn(d)
			}
		case n.Y != nil:
			todo = append(todo, n.Y, n.X)
		case n.X != nil:
			todo = append(todo, n.X)
		}
	}
}
