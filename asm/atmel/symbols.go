package atmel

import (
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// lookup returns the symbol name refers to in st: a label of a macro body, local to each expansion
// (innermost first), else the program's symbol of that name (any case), created undefined.
func (p *parser) lookup(name string, st *stmt) *obj.Symbol {
	f := fold(name)
	for x := st.exp; x != nil; x = x.parent {
		if x.m.labels[f] {
			s := x.local(f, name)
			s.Used = true
			return s
		}
	}
	s := p.syms[f]
	if s == nil {
		s = &obj.Symbol{Name: name}
		p.syms[f] = s
	}
	s.Used = true
	return s
}

// ref returns a reference to s for an expression. A code label stands for its word address, as in
// AVRASM2 (the object keeps byte addresses): its reference is divided by 2, at once when the label is
// known, else when it is defined (a forward reference may turn out to be a data label, which counts
// bytes).
func (p *parser) ref(s *obj.Symbol, src obj.Source, off, end int) *obj.Expr {
	r := obj.Ref(s, src, off, end)
	switch {
	case s.Kind == obj.SymLabel && s.Sec == p.cseg:
		toWords(r)
	case s.Kind == obj.SymUndef:
		p.pending[s] = append(p.pending[s], r)
	}
	return r
}

// toWords turns the reference r into r/2 in place, so that every tree holding it (deferred symbols
// included) sees the word address. The node keeps its symbol: an evaluation error remembered about
// it still names the symbol.
func toWords(r *obj.Expr) {
	inner := *r
	*r = obj.Expr{Op: obj.OpDiv, X: &inner, Y: obj.Num(2, r.Src, r.Off, r.End), Sym: r.Sym, Src: r.Src, Off: r.Off, End: r.End}
}

// defineLabel defines the label t at the current location.
func (p *parser) defineLabel(st *stmt, t *tok) {
	f := fold(t.text)
	var s *obj.Symbol
	for x := st.exp; x != nil && s == nil; x = x.parent {
		if x.m.labels[f] {
			s = x.local(f, t.text)
		}
	}
	if s == nil {
		if r, ok := p.regs[f]; ok {
			p.errAt(st, t.off, t.end, textf.Sprintf("%s is a register name (.def %s = r%d), not a label", t.text, t.text, r))
			return
		}
		if f == "pc" {
			p.errAt(st, t.off, t.end, "PC is the location counter, not a label name")
			return
		}
		s = p.syms[f]
		if s == nil {
			s = &obj.Symbol{}
			p.syms[f] = s
		}
	}
	if s.Defined() {
		p.errAt(st, t.off, t.end, textf.Sprintf("symbol %s already defined at %s", quote(t.text), s.Pos.String()))
		return
	}
	if p.cur != p.cseg {
		p.devUsed = true // data and EEPROM addresses depend on the device
	}
	s.Name, s.Kind, s.Sec, s.Off, s.Pos = t.text, obj.SymLabel, p.cur, p.cur.Size, st.Pos(t.off)
	if p.cur == p.cseg {
		for _, r := range p.pending[s] {
			toWords(r)
		}
	}
	delete(p.pending, s)
}

// isDefined reports whether name is defined at st: a symbol, a label or a .def register name.
func (p *parser) isDefined(name string, st *stmt) bool {
	f := fold(name)
	if _, ok := p.regs[f]; ok {
		return true
	}
	for x := st.exp; x != nil; x = x.parent {
		if x.m.labels[f] {
			s := x.locals[f]
			return s != nil && s.Defined()
		}
	}
	s := p.syms[f]
	return s != nil && s.Defined()
}

// assign handles .equ NAME = expr (set false) and .set NAME = expr (set true): a name given by .equ
// cannot be given again, one given by .set can, and later lines see the new value.
func (p *parser) assign(st *stmt, toks []tok, i int, set bool) {
	dir := toks[i].text
	n := tokAt(toks, i+1)
	if n.kind != tIdent || n.text[0] == '.' {
		p.errTok(st, n, textf.Sprintf("expected a name after %s, found %s", dir, found(n)))
		return
	}
	eq := tokAt(toks, i+2)
	if eq.kind != tOp || eq.text != "=" {
		msg := textf.Sprintf(`expected "=" after %s %s, found %s`, dir, n.text, found(eq))
		if eq.kind == tOp && eq.text == "," {
			msg += textf.Sprintf(" (AVRASM2 writes %s %s = value)", dir, n.text)
		}
		p.errTok(st, eq, msg)
		return
	}
	f := fold(n.text)
	if r, ok := p.regs[f]; ok {
		p.errAt(st, n.off, n.end, textf.Sprintf("%s is a register name (.def %s = r%d)", n.text, n.text, r))
		return
	}
	if f == "pc" {
		p.errAt(st, n.off, n.end, "PC is the location counter and cannot be assigned")
		return
	}
	x := p.expr(st, toks, i+3, true)
	if x == nil {
		return
	}
	s := p.syms[f]
	switch {
	case s == nil || s.Kind == obj.SymUndef:
	case set && p.sets[s] && !s.Used:
		// nothing refers to the old value: assign in place
	case set && p.sets[s]:
		s = nil // a new version: earlier uses keep the old value
	case s.Kind == obj.SymEqu && p.sets[s]:
		p.errAt(st, n.off, n.end, textf.Sprintf("%s was assigned with .set at %s: assign it with .set again, not .equ", n.text, s.Pos.String()))
		return
	default:
		p.errAt(st, n.off, n.end, textf.Sprintf("symbol %s already defined at %s", quote(n.text), s.Pos.String()))
		return
	}
	// Evaluate before defining, so that ".set x = x+1" reads the previous x.
	v, err := p.ev.Eval(x, true)
	if err != nil && !err.Undefined {
		p.report(err)
	}
	if err != nil && err.Undefined {
		p.assigns = append(p.assigns, assignment{dir: dir, name: n.text, x: x})
	}
	if s == nil {
		s = &obj.Symbol{}
		p.syms[f] = s
	}
	s.Name, s.Pos = n.text, st.Pos(n.off)
	s.Assign(x, v, err)
	if set {
		p.sets[s] = true
	}
	delete(p.pending, s)
}

// report turns an evaluation error into a diagnostic at the node's text.
func (p *parser) report(e *obj.EvalError) { p.errAt(e.X.Src, e.X.Off, e.X.End, e.Msg) }

// value evaluates an expression that must have a value now (.if, .org, .byte): every symbol it uses
// must be defined by this line. ok is false after an error was reported.
func (p *parser) value(x *obj.Expr) (int64, bool) {
	v, err := p.ev.Eval(x, true)
	if err != nil {
		if err.Undefined {
			err.Msg += " (it must be defined before this line)"
		}
		p.report(err)
		return 0, false
	}
	return v.N, true
}

// expr parses the expression of toks[i:], which must end the statement (end true) or be followed by
// a comma; nil after an error.
func (p *parser) expr(st *stmt, toks []tok, i int, end bool) *obj.Expr {
	e := exprParser{p: p, st: st, toks: toks, i: i, pc: p.cseg.Size}
	x := e.parse()
	if x == nil {
		return nil
	}
	if t := e.peek(); end && t.kind != tEOF {
		p.errTok(st, t, "unexpected "+found(t)+" after the expression")
		return nil
	}
	return x
}

// assignment is a .equ or .set whose value used a name not defined at its line.
type assignment struct {
	dir, name string
	x         *obj.Expr
}

// checkAssigns reports, at its own line, each .equ or .set whose value uses a name the file never
// defines (avra refuses it there too; the uses of the name would otherwise be the first to say so).
// A name defined further on (a label after the .equ) is left to AVRASM2's second pass.
func (p *parser) checkAssigns() {
	for _, a := range p.assigns {
		_, err := p.ev.Eval(a.x, true)
		if err == nil || !err.Undefined || err.X == nil || err.X.Sym == nil || err.X.Sym.Defined() {
			continue
		}
		p.errAt(err.X.Src, err.X.Off, err.X.End, textf.Sprintf("%s (in %s %s)", err.Msg, a.dir, a.name))
	}
}
