package asm

import (
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// symDef is the object layer's symbol, by the name the GNU front end uses for it.
type symDef = obj.Symbol

// ref returns the current definition of name for a use, creating an undefined one.
func (a *assembler) ref(name string) *symDef {
	d := a.syms[name]
	if d == nil {
		d = &symDef{Name: name}
		a.syms[name] = d
	}
	d.Used = true
	return d
}

// defineLabel defines name at the current location.
func (a *assembler) defineLabel(name string, st *stmt, off, end int) {
	d := a.syms[name]
	pos := st.Pos(off)
	switch {
	case d == nil:
		d = &symDef{Name: name}
		a.syms[name] = d
	case d.Kind != obj.SymUndef:
		a.errAt(st, off, end, textf.Sprintf("symbol %s already defined at %s", quote(name), d.Pos.String()))
		return
	case d.Common:
		a.errAt(st, off, end, textf.Sprintf("symbol %s is declared by .comm at %s (a label cannot define it too)", quote(name), d.Pos.String()))
		return
	}
	d.Kind, d.Sec, d.Off, d.Pos = obj.SymLabel, a.cur, a.cur.Size, pos
	if a.cur == a.abs {
		d.Sec, d.Off = nil, 0
		d.Assign(nil, value{N: a.abs.Size}, nil) // .struct: a label is its offset
	}
}

// eqv is a symbol defined by .eqv or "==": its expression is read again at each use, with the
// symbols' definitions at that point (GNU as takes "a snapshot of its current value" at each use).
type eqv struct {
	st   *stmt
	toks []tok // the expression, ending with tEOF
}

// defineEqv defines name (at bytes [off, end) of st) as the expression starting at toks[i], for
// .eqv and "name == expr". Like .equiv, it cannot redefine a symbol.
func (a *assembler) defineEqv(name string, st *stmt, toks []tok, i, off, end int) {
	if d := a.syms[name]; d != nil && d.Defined() {
		a.errAt(st, off, end, textf.Sprintf("symbol %s already defined at %s", quote(name), d.Pos.String()))
		return
	}
	p := exprParser{a: a, st: st, toks: toks, i: i, dotSec: a.cur, dotOff: a.cur.Size}
	x := p.parse()
	if x == nil || !a.endOfStatement(st, &p) {
		return
	}
	a.defineEqu(name, x, st, off, end, false)
	if a.eqvs == nil {
		a.eqvs = make(map[*symDef]*eqv)
	}
	a.eqvs[a.syms[name]] = &eqv{st: st, toks: append([]tok(nil), toks[i:]...)} // toks are the statement's lent buffer
}

// defineEqu assigns x to name. redefine allows a previous assignment (.set, .equ, =), not a label.
func (a *assembler) defineEqu(name string, x *node, st *stmt, off, end int, redefine bool) {
	d := a.syms[name]
	switch {
	case d == nil || d.Kind == obj.SymUndef:
	case a.eqvs[d] != nil:
		a.errAt(st, off, end, textf.Sprintf("symbol %s already defined at %s (by .eqv or ==, which cannot be redefined)", quote(name), d.Pos.String()))
		return
	case d.Kind == obj.SymEqu && redefine && !d.Used:
		// nothing refers to the old value: assign in place
	case d.Kind == obj.SymEqu && redefine:
		d = nil // a new version: earlier uses keep the old value
	default:
		a.errAt(st, off, end, textf.Sprintf("symbol %s already defined at %s", quote(name), d.Pos.String()))
		return
	}
	// Evaluate before defining, so that ".set x, x+1" reads the previous x.
	v, err := a.eval(x, false)
	if d == nil {
		old := a.syms[name]
		d = &symDef{Name: name}
		if old != nil {
			d.Global = old.Global
		}
		a.syms[name] = d
	}
	d.Pos = st.Pos(off)
	d.Assign(x, v, err)
	if err != nil && !err.Undefined && !err.NotConst {
		a.report(err)
	}
}

// localRef resolves a reference to numeric local label n: the latest "n:" for nb, the next one for nf.
func (a *assembler) localRef(n int, forward bool) (*symDef, string) {
	if !forward {
		d := a.localBack[n]
		if d == nil {
			return nil, textf.Sprintf("local label %db has no earlier %d: definition", n, n)
		}
		return d, ""
	}
	d := a.localFwd[n]
	if d == nil {
		d = &symDef{Name: textf.Sprintf("%df", n), Local: true}
		a.localFwd[n] = d
	}
	return d, ""
}

// defineLocal defines numeric local label n at the current location.
func (a *assembler) defineLocal(n int, st *stmt, off int) {
	d := a.localFwd[n]
	if d != nil {
		delete(a.localFwd, n)
	} else {
		d = &symDef{Local: true}
	}
	d.Name = textf.Sprintf("%d:", n)
	d.Kind, d.Sec, d.Off, d.Pos = obj.SymLabel, a.cur, a.cur.Size, st.Pos(off)
	if a.cur == a.abs {
		d.Sec, d.Off = nil, 0
		d.Assign(nil, value{N: a.abs.Size}, nil)
	}
	a.localBack[n] = d
}
