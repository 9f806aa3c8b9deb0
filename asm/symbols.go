package asm

import (
	"fmt"
	"go/token"
	"sort"
)

// symKind says what a symbol definition is.
type symKind uint8

const (
	symUndef symKind = iota // referenced, not (yet) defined
	symLabel                // a location: sec + off
	symEqu                  // an assigned value (.equ, .set, =, .equiv)
)

// symDef is one definition of a name. Redefining a name with .set makes a new symDef: expressions parsed
// earlier keep pointing at the old one, as GNU as keeps the value a symbol had where it was used.
type symDef struct {
	name string
	kind symKind
	sec  *section
	off  int64
	x    *node // equ: expression still to evaluate (nil once val is known)
	// fail is why evaluating x failed (see failure); tmpFail is a failure remembered only during one
	// resolve.
	fail, tmpFail *evalError
	val           value
	known         bool
	busy          bool
	global        bool
	local         bool // a numeric local label ("1:"), not listed in the image
	used          bool // an expression refers to this definition
	pos           token.Position
	size          *node // from .size
	fn            bool  // .type name, @function
}

// ref returns the current definition of name for a use, creating an undefined one.
func (a *assembler) ref(name string) *symDef {
	d := a.syms[name]
	if d == nil {
		d = &symDef{name: name}
		a.syms[name] = d
	}
	d.used = true
	return d
}

// defineLabel defines name at the current location.
func (a *assembler) defineLabel(name string, st *stmt, off, end int) {
	d := a.syms[name]
	pos := st.pos(off)
	switch {
	case d == nil:
		d = &symDef{name: name}
		a.syms[name] = d
	case d.kind != symUndef:
		a.errAt(st, off, end, fmt.Sprintf("symbol %s already defined at %s", quote(name), d.pos))
		return
	}
	d.kind, d.sec, d.off, d.pos = symLabel, a.cur, a.cur.size, pos
}

// defineEqu assigns x to name. redefine allows a previous assignment (.set, .equ, =), not a label.
func (a *assembler) defineEqu(name string, x *node, st *stmt, off, end int, redefine bool) {
	d := a.syms[name]
	switch {
	case d == nil || d.kind == symUndef:
	case d.kind == symEqu && redefine && !d.used:
		// nothing refers to the old value: assign in place
	case d.kind == symEqu && redefine:
		d = nil // a new version: earlier uses keep the old value
	default:
		a.errAt(st, off, end, fmt.Sprintf("symbol %s already defined at %s", quote(name), d.pos))
		return
	}
	// Evaluate before defining, so that ".set x, x+1" reads the previous x.
	v, err := a.eval(x, false)
	if d == nil {
		old := a.syms[name]
		d = &symDef{name: name}
		if old != nil {
			d.global = old.global
		}
		a.syms[name] = d
	}
	d.kind, d.pos, d.x, d.known, d.fail = symEqu, st.pos(off), nil, false, nil
	switch {
	case err == nil:
		d.val, d.known = v, true
	case err.undefined || err.notConst:
		d.x, d.fail = x, err
	default:
		a.report(err)
		d.val, d.known = value{}, true
	}
}

// localRef resolves a reference to numeric local label n: the latest "n:" for nb, the next one for nf.
func (a *assembler) localRef(n int, forward bool) (*symDef, string) {
	if !forward {
		d := a.localBack[n]
		if d == nil {
			return nil, fmt.Sprintf("local label %db has no earlier %d: definition", n, n)
		}
		return d, ""
	}
	d := a.localFwd[n]
	if d == nil {
		d = &symDef{name: fmt.Sprintf("%df", n), local: true}
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
		d = &symDef{local: true}
	}
	d.name = fmt.Sprintf("%d:", n)
	d.kind, d.sec, d.off, d.pos = symLabel, a.cur, a.cur.size, st.pos(off)
	a.localBack[n] = d
}

// symbols builds the image's symbol table: the last definition of every name.
func (a *assembler) symbols() []Symbol {
	var out []Symbol
	for name, d := range a.syms {
		if d.kind == symUndef {
			continue
		}
		s := Symbol{Name: name, Global: d.global, Func: d.fn, Pos: d.pos}
		switch d.kind {
		case symLabel:
			s.Section, s.Value = d.sec.kind.imageSection(), d.sec.base+d.off
		case symEqu:
			v := d.val
			if !d.known {
				var err *evalError
				v, err = a.eval(d.x, true)
				if err != nil {
					continue
				}
			}
			s.Section, s.Value = SectionAbs, v.v
			if v.sec != nil {
				s.Section, s.Value = v.sec.kind.imageSection(), v.v+v.sec.base
			}
		}
		if s.Section == SectionData || s.Section == SectionBSS {
			s.Value -= dataOffset
		}
		if d.size != nil {
			if v, err := a.eval(d.size, true); err == nil {
				s.Size = v.v
			}
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
