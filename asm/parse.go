package asm

import (
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
)

// frameKind tells where a frame's statements come from.
type frameKind uint8

const (
	frFile  frameKind = iota // the lines of a file
	frMacro                  // a macro expansion
	frRept                   // .rept: the body count times
	frIrp                    // .irp/.irpc: the body once per value
)

// frame is one level of the input stack.
type frame struct {
	kind      frameKind
	file      string
	lines     []*srcLine
	li        int
	pending   []*stmt // file: statements of the current line; macro: the expansion
	lineBuf   []*stmt // file: where pending is built for each line
	body      []*stmt // rept/irp body
	count     int     // rept: iterations; irp: len(values)
	iter      int
	param     string   // irp parameter name
	values    []string // irp values
	exp       *expansion
	condDepth int    // len(a.conds) when the frame started
	st        *stmt  // the statement that started an expansion (macro call, .rept, .irp, .irpc)
	at        int    // offset in st of the macro name or directive
	dir       string // ".rept", ".irp" or ".irpc"
}

// expansion is the context of one macro call.
type expansion struct {
	m       *macro
	call    *stmt
	callOff int
}

// pushFile starts reading the lines of a file.
func (a *assembler) pushFile(name string, lines []*srcLine) {
	a.frames = append(a.frames, &frame{kind: frFile, file: name, lines: lines, condDepth: len(a.conds)})
}

// stmtBlock is how many statements newStmt allocates at once.
const stmtBlock = 64

// newStmt returns a pointer to a copy of st, allocated with others in a block: one allocation per
// stmtBlock statements of the source rather than one per statement. The statements stay as long as the
// assembler (items and messages point at them). Out of line, as exprParser.node.
//
//go:noinline
func (a *assembler) newStmt(st stmt) *stmt {
	if len(a.stmts) == cap(a.stmts) {
		a.stmts = make([]stmt, 0, stmtBlock)
	}
	a.stmts = append(a.stmts, st)
	return &a.stmts[len(a.stmts)-1]
}

// next returns the next statement of the input, or nil at the end.
func (a *assembler) next() *stmt {
	for len(a.frames) > 0 {
		f := a.frames[len(a.frames)-1]
		if len(f.pending) > 0 {
			st := f.pending[0]
			f.pending = f.pending[1:]
			return st
		}
		switch f.kind {
		case frFile:
			if f.li < len(f.lines) {
				l := f.lines[f.li]
				f.li++
				f.pending = f.lineBuf[:0]
				splitStatements(l.text, func(s, e int) {
					if !blank(l.text[s:e]) {
						f.pending = append(f.pending, a.newStmt(stmt{src: l.text[s:e], line: l, off: s, exact: e - s, span: e - s}))
					}
				})
				f.lineBuf = f.pending
				continue
			}
		case frRept:
			if f.iter < f.count {
				f.iter++
				f.pending = f.body
				continue
			}
		case frIrp:
			if f.iter < f.count {
				v := f.values[f.iter]
				f.iter++
				a.spend(4*len(f.body), f.st, f.at) // the body is copied before it is read
				f.pending = a.substitute(f.body, func(name string) (string, bool) {
					if name == f.param {
						return v, true
					}
					return "", false
				}, nil)
				continue
			}
		}
		a.popFrame()
	}
	return nil
}

// popFrame ends the innermost frame, reporting conditionals and definitions left open in it.
func (a *assembler) popFrame() {
	f := a.frames[len(a.frames)-1]
	if a.rec != nil && a.rec.depth == len(a.frames) {
		r := a.rec
		a.rec = nil
		a.errAt(r.st, r.at, r.at+len(r.dir), textf.Sprintf("missing %s for this %s", r.closer(), r.dir))
	}
	for len(a.conds) > f.condDepth {
		c := a.conds[len(a.conds)-1]
		a.conds = a.conds[:len(a.conds)-1]
		a.errAt(c.st, c.at, c.at+len(c.dir), "missing .endif for this "+c.dir)
	}
	a.frames = a.frames[:len(a.frames)-1]
}

// pushFrame adds an expansion frame, with the nesting limit.
func (a *assembler) pushFrame(f *frame, st *stmt, at int) bool {
	if len(a.frames) >= maxDepth {
		a.errAt(st, at, at, textf.Sprintf("nesting too deep (more than %d levels of macros, repetitions and includes)", maxDepth))
		return false
	}
	f.condDepth = len(a.conds)
	f.st, f.at = st, at
	a.frames = append(a.frames, f)
	return true
}

// skipLabels returns the index of the first token after leading "name:" labels.
func skipLabels(toks []tok) int {
	i := 0
	for toks[i].kind == tIdent || toks[i].kind == tNum {
		if toks[i+1].kind == tOp && toks[i+1].text == ":" {
			i += 2
			continue
		}
		break
	}
	return i
}

// statement processes one statement in pass 1.
func (a *assembler) statement(st *stmt) {
	a.lastStmt = st
	a.nstmt++
	if a.nstmt > maxStatements {
		a.diag.fatal(st.Pos(0), textf.Sprintf("more than %d statements after macro and .rept expansion", maxStatements))
	}
	toks, lent := st.tokens(a.toksBuf)
	if lent {
		a.toksBuf = nil // not lent twice should a statement read another
	}
	a.statementToks(st, toks)
	if lent {
		a.toksBuf = toks[:0]
	}
}

// statementToks is statement's work on the statement's tokens.
func (a *assembler) statementToks(st *stmt, toks []tok) {
	a.spend(len(toks)+len(st.src)/8, st, 0)
	if a.rec != nil {
		a.record(st, toks)
		return
	}
	if a.skipping() {
		i := skipLabels(toks)
		if t := toks[i]; t.kind == tIdent && isConditional(strings.ToLower(t.text)) {
			a.conditional(st, toks, i, strings.ToLower(t.text))
		}
		return
	}
	i := 0
	for {
		t := toks[i]
		if t.kind == tEOF || toks[i+1].kind != tOp || toks[i+1].text != ":" {
			break
		}
		switch {
		case t.kind == tIdent && t.text != ".":
			a.defineLabel(t.text, st, t.off, t.end)
		case t.kind == tNum && isDecimal(st.src[t.off:t.end]):
			n, err := strconv.Atoi(st.src[t.off:t.end])
			if err != nil || n > 1<<30 {
				a.errAt(st, t.off, t.end, "local label number too large")
				return
			}
			a.defineLocal(n, st, t.off)
		default:
			a.errTok(st, &t, "expected label name, found "+found(&t))
			return
		}
		i += 2
	}
	t := toks[i]
	switch {
	case t.kind == tEOF:
	case t.kind == tIdent && toks[i+1].kind == tOp && toks[i+1].text == "=" && t.text != ".":
		p := exprParser{a: a, st: st, toks: toks, i: i + 2, dotSec: a.cur, dotOff: a.cur.Size}
		x := p.parse()
		if x == nil {
			return
		}
		if !a.endOfStatement(st, &p) {
			return
		}
		a.defineEqu(t.text, x, st, t.off, t.end, true)
	case t.kind == tIdent && toks[i+1].kind == tOp && toks[i+1].text == "==" && t.text != ".":
		a.defineEqv(t.text, st, toks, i+2, t.off, t.end)
	case t.kind == tIdent && t.text == "." && toks[i+1].kind == tOp && toks[i+1].text == "=":
		// ". = expr" moves the location as .org does.
		p := exprParser{a: a, st: st, toks: toks, i: i + 2, dotSec: a.cur, dotOff: a.cur.Size}
		x := p.parse()
		if x == nil || !a.endOfStatement(st, &p) {
			return
		}
		a.orgTo(st, t.off, x, nil)
	case t.kind == tIdent && t.text[0] == '.':
		a.directive(st, toks, i)
	case t.kind == tIdent:
		if m := a.macros[strings.ToLower(t.text)]; m != nil {
			a.invoke(m, st, t)
			return
		}
		a.instruction(st, toks, i)
	case t.kind == tIllegal:
		a.errAt(st, t.off, t.end, t.str)
	default:
		a.errTok(st, &t, "expected instruction, directive or label, found "+found(&t))
	}
}

func isDecimal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// endOfStatement checks that the parser consumed the whole statement.
func (a *assembler) endOfStatement(st *stmt, p *exprParser) bool {
	if t := p.peek(); t.kind != tEOF {
		a.errTok(st, t, "unexpected "+found(t)+" at end of statement")
		return false
	}
	return true
}

// cond is one open .if.
type cond struct {
	st      *stmt
	at      int
	dir     string
	parent  bool // the enclosing code is assembled
	active  bool // the current branch is assembled
	taken   bool // some branch has been taken
	sawElse bool
}

// skipping reports whether statements are being skipped by a false conditional.
func (a *assembler) skipping() bool {
	if len(a.conds) == 0 {
		return false
	}
	c := &a.conds[len(a.conds)-1]
	return !(c.parent && c.active)
}

func isConditional(name string) bool {
	switch name {
	case ".if", ".ifdef", ".ifndef", ".ifnotdef", ".ifeq", ".ifne", ".ifgt", ".ifge", ".iflt", ".ifle",
		".ifb", ".ifnb", ".ifc", ".ifnc", ".ifeqs", ".ifnes", ".else", ".elseif", ".endif":
		return true
	}
	return false
}

// conditional handles .if*, .elseif, .else and .endif.
func (a *assembler) conditional(st *stmt, toks []tok, i int, name string) {
	t := toks[i]
	switch name {
	case ".else", ".elseif":
		if len(a.conds) == 0 || a.conds[len(a.conds)-1].sawElse {
			if len(a.conds) == 0 {
				a.errAt(st, t.off, t.end, name+" without .if")
			} else {
				a.errAt(st, t.off, t.end, name+" after .else")
			}
			return
		}
		c := &a.conds[len(a.conds)-1]
		if name == ".else" {
			c.sawElse = true
			c.active = !c.taken
			c.taken = true
			a.noArgs(st, toks, i)
			return
		}
		if c.taken || !c.parent {
			c.active = false
			return
		}
		c.active = a.condValue(st, toks, i, ".if")
		c.taken = c.active
	case ".endif":
		if len(a.conds) == 0 {
			a.errAt(st, t.off, t.end, ".endif without .if")
			return
		}
		if f := a.frames[len(a.frames)-1]; len(a.conds) <= f.condDepth {
			a.errAt(st, t.off, t.end, ".endif without .if in this file or macro")
			return
		}
		a.conds = a.conds[:len(a.conds)-1]
		a.noArgs(st, toks, i)
	default:
		if len(a.conds) >= maxCondDepth {
			a.diag.fatal(st.Pos(t.off), textf.Sprintf("%s nested deeper than %d levels", name, maxCondDepth))
		}
		parent := !a.skipping()
		c := cond{st: st, at: t.off, dir: name, parent: parent}
		if parent {
			c.active = a.condValue(st, toks, i, name)
			c.taken = c.active
		}
		a.conds = append(a.conds, c)
	}
}

// noArgs reports anything after a directive that takes no operands.
func (a *assembler) noArgs(st *stmt, toks []tok, i int) {
	if t := toks[i+1]; t.kind != tEOF {
		a.errTok(st, &t, "unexpected "+found(&t)+" after "+strings.ToLower(toks[i].text))
	}
}

// condValue evaluates the condition of an .if-family directive.
func (a *assembler) condValue(st *stmt, toks []tok, i int, name string) bool {
	t := toks[i]
	rest := st.src[t.end:]
	restOff := t.end
	switch name {
	case ".ifdef", ".ifndef", ".ifnotdef":
		s := toks[i+1]
		if s.kind != tIdent || toks[i+2].kind != tEOF {
			a.errTok(st, &s, "expected symbol name after "+name+", found "+found(&s))
			return false
		}
		d := a.syms[s.text]
		def := d != nil && d.Kind != obj.SymUndef
		return def == (name == ".ifdef")
	case ".ifb", ".ifnb":
		return blank(rest) == (name == ".ifb")
	case ".ifc", ".ifnc", ".ifeqs", ".ifnes":
		s1, s2, ok := a.twoStrings(st, rest, restOff, name == ".ifeqs" || name == ".ifnes")
		if !ok {
			return false
		}
		return (s1 == s2) == (name == ".ifc" || name == ".ifeqs")
	}
	p := exprParser{a: a, st: st, toks: toks, i: i + 1, dotSec: a.cur, dotOff: a.cur.Size}
	x := p.parse()
	if x == nil || !a.endOfStatement(st, &p) {
		return false
	}
	v, ok := a.constant(x, name)
	if !ok {
		return false
	}
	switch name {
	case ".ifeq":
		return v == 0
	case ".ifgt":
		return v > 0
	case ".ifge":
		return v >= 0
	case ".iflt":
		return v < 0
	case ".ifle":
		return v <= 0
	}
	return v != 0
}

// constant evaluates x in pass 1, where it must not depend on later symbols or on the layout.
func (a *assembler) constant(x *node, what string) (int64, bool) {
	v, err := a.eval(x, false)
	switch {
	case err == nil && v.Sec == nil:
		return v.N, true
	case err == nil:
		a.errAt(x.Src, x.Off, x.End, what+" needs a constant, not an address")
	case err.Undefined:
		a.errAt(err.X.Src, err.X.Off, err.X.End, what+" needs a constant: "+strings.TrimPrefix(err.Msg, "undefined ")+" is not defined yet")
	case err.NotConst:
		a.errAt(x.Src, x.Off, x.End, what+" needs a constant, not an address")
	default:
		a.report(err)
	}
	return 0, false
}

// twoStrings splits the operands of .ifc and .ifeqs into two strings separated by a comma. For .ifeqs
// they are "double-quoted" C strings; for .ifc they are 'single-quoted' (” is a quote) or unquoted,
// the first ending at the comma and the second at the end of the line, blanks around them dropped.
func (a *assembler) twoStrings(st *stmt, s string, off int, quoted bool) (string, string, bool) {
	var out [2]string
	i := 0
	q := byte('\'')
	if quoted {
		q = '"'
	}
	for k := 0; k < 2; k++ {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i < len(s) && s[i] == q {
			j := i + 1
			var b strings.Builder
			for {
				if j >= len(s) {
					a.errAt(st, off+i, off+len(s), "unterminated string")
					return "", "", false
				}
				if s[j] == q {
					if q == '\'' && j+1 < len(s) && s[j+1] == '\'' {
						b.WriteByte(q)
						j += 2
						continue
					}
					break
				}
				if q == '"' && s[j] == '\\' && j+1 < len(s) {
					j++
				}
				b.WriteByte(s[j])
				j++
			}
			out[k] = b.String()
			i = j + 1
		} else {
			if quoted {
				a.errAt(st, off+i, off+len(s), "expected quoted string, found "+quote(strings.TrimSpace(s[i:])))
				return "", "", false
			}
			j := i
			for j < len(s) && (k == 1 || s[j] != ',') {
				j++
			}
			out[k] = strings.TrimSpace(s[i:j])
			i = j
		}
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if k == 0 {
			if i >= len(s) || s[i] != ',' {
				a.errAt(st, off+i, off+len(s), "expected \",\" between the two strings")
				return "", "", false
			}
			i++
		} else if i < len(s) {
			a.errAt(st, off+i, off+len(s), "unexpected "+quote(s[i:])+" after the second string")
			return "", "", false
		}
	}
	return out[0], out[1], true
}
