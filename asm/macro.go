package asm

import (
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
)

// macro is a .macro definition.
type macro struct {
	name   string
	params []param
	index  map[string]int // parameter name → position in params (the first, with duplicates)
	body   []*stmt
	pos    srcpos.Position
}

// param is one macro parameter.
type param struct {
	name   string
	def    string
	req    bool
	vararg bool
}

// recKind is what a recording collects.
type recKind uint8

const (
	recMacro recKind = iota
	recRept
	recIrp
	recIrpc
)

// recording collects the body of a .macro, .rept, .irp or .irpc up to its .endm or .endr.
type recording struct {
	kind   recKind
	st     *stmt
	at     int
	dir    string
	depth  int // len(a.frames) when it started: the body must end in the same frame
	nest   int
	body   []*stmt
	m      *macro
	count  int
	param  string
	values []string
}

func (r *recording) closer() string {
	if r.kind == recMacro {
		return ".endm"
	}
	return ".endr"
}

// record adds a statement to the body being recorded, or ends the body.
func (a *assembler) record(st *stmt, toks []tok) {
	r := a.rec
	i := skipLabels(toks)
	name := ""
	if toks[i].kind == tIdent {
		name = strings.ToLower(toks[i].text)
	}
	if r.kind == recMacro {
		switch name {
		case ".macro":
			r.nest++
		case ".endm":
			r.nest--
		}
	} else {
		switch name {
		case ".rept", ".irp", ".irpc":
			r.nest++
		case ".endr":
			r.nest--
		}
	}
	if r.nest > 0 {
		r.body = append(r.body, st)
		return
	}
	a.rec = nil
	a.noArgs(st, toks, i)
	switch r.kind {
	case recMacro:
		if r.m != nil {
			r.m.body = r.body
			a.macros[strings.ToLower(r.m.name)] = r.m
		}
	case recRept:
		if r.count > 1 {
			for _, b := range r.body {
				b.reuse = true
			}
		}
		if r.count > 0 && len(r.body) > 0 {
			a.pushFrame(&frame{kind: frRept, body: r.body, count: r.count, dir: r.dir}, r.st, r.at)
		}
	default:
		a.pushFrame(&frame{kind: frIrp, body: r.body, count: len(r.values), param: r.param, values: r.values, dir: r.dir}, r.st, r.at)
	}
}

// startRecording begins collecting a body.
func (a *assembler) startRecording(r *recording) {
	r.depth = len(a.frames)
	r.nest = 1
	a.rec = r
}

// defineMacro handles ".macro name params".
func (a *assembler) defineMacro(st *stmt, t tok) {
	s := st.src
	i := t.end
	skip := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == ',') {
			i++
		}
	}
	ident := func() string {
		j := i
		for i < len(s) && isIdentChar(s[i]) {
			i++
		}
		return s[j:i]
	}
	skip()
	nameOff := i
	name := ident()
	r := &recording{kind: recMacro, st: st, at: t.off, dir: ".macro"}
	if name == "" || !isIdentStart(name[0]) {
		a.errAt(st, nameOff, nameOff, "expected macro name after .macro")
		a.startRecording(r) // still swallow the body
		return
	}
	m := &macro{name: name, pos: st.Pos(nameOff), index: make(map[string]int)}
	for {
		skip()
		if i >= len(s) {
			break
		}
		po := i
		pn := ident()
		if pn == "" {
			a.errAt(st, i, i+1, "expected parameter name, found "+quote(s[i:i+1]))
			break
		}
		p := param{name: pn}
		if i < len(s) && s[i] == ':' {
			i++
			q := ident()
			switch q {
			case "req":
				p.req = true
			case "vararg":
				p.vararg = true
			default:
				a.errAt(st, po, i, "unknown parameter qualifier "+quote(q)+" (use :req or :vararg)")
			}
		}
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i < len(s) && s[i] == '=' {
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			v, n := scanArg(s, i, false)
			p.def, i = v, n
		}
		if _, dup := m.index[p.name]; dup {
			a.errAt(st, po, po+len(pn), "duplicate parameter "+quote(pn))
		} else {
			m.index[p.name] = len(m.params)
		}
		m.params = append(m.params, p)
	}
	for j, p := range m.params {
		if p.vararg && j != len(m.params)-1 {
			a.errAt(st, t.off, t.end, "only the last parameter can be :vararg")
		}
	}
	if old := a.macros[strings.ToLower(name)]; old != nil {
		a.errAt(st, nameOff, nameOff+len(name), textf.Sprintf("macro %s already defined at %s", quote(name), old.pos.String()))
		m = nil
	}
	r.m = m
	a.startRecording(r)
}

// scanArg reads one macro argument starting at s[i] as GNU as does: a quoted string (quotes removed),
// or characters up to a comma or, until a bracket has been seen, a blank. It returns the value and the
// offset after it.
func scanArg(s string, i int, vararg bool) (string, int) {
	if vararg {
		return strings.TrimRight(s[i:], " \t"), len(s)
	}
	if i < len(s) && s[i] == '"' {
		var b strings.Builder
		j := i + 1
		for j < len(s) && s[j] != '"' {
			if s[j] == '\\' && j+1 < len(s) && s[j+1] == '"' {
				j++
			}
			b.WriteByte(s[j])
			j++
		}
		if j < len(s) {
			j++
		}
		return b.String(), j
	}
	j := i
	depth, bracket := 0, false
	for j < len(s) {
		c := s[j]
		if c == ',' {
			break
		}
		if (c == ' ' || c == '\t') && depth == 0 && !bracket {
			break
		}
		switch c {
		case '(', '[':
			depth++
			bracket = true
		case ')', ']':
			depth--
		case '"', '\'':
			k := j + 1
			for k < len(s) && s[k] != c {
				k++
			}
			if c == '"' {
				j = k
			}
		}
		j++
	}
	return strings.TrimRight(s[i:min(j, len(s))], " \t"), min(j, len(s))
}

// argList splits a macro call or .irp list into arguments. Each argument is a value and, for name=value
// keyword arguments, the name; vararg says whether the parameter at each position takes the rest.
type arg struct {
	name  string
	value string
	off   int
}

func scanArgs(s string, i int, isVararg func(pos int) bool) []arg {
	var out []arg
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			return out
		}
		var ar arg
		ar.off = i
		// keyword argument: name=value
		j := i
		for j < len(s) && isIdentChar(s[j]) {
			j++
		}
		if j > i && j < len(s) && s[j] == '=' && (j+1 >= len(s) || s[j+1] != '=') && isIdentStart(s[i]) {
			ar.name = s[i:j]
			i = j + 1
		}
		ar.value, i = scanArg(s, i, ar.name == "" && isVararg(len(out)))
		out = append(out, ar)
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i < len(s) && s[i] == ',' {
			i++
			// "m 1," gives an empty last argument
			k := i
			for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
				k++
			}
			if k >= len(s) {
				out = append(out, arg{off: k})
			}
		}
	}
}

// invoke expands a macro call.
func (a *assembler) invoke(m *macro, st *stmt, t tok) {
	args := scanArgs(st.src, t.end, func(pos int) bool { return pos < len(m.params) && m.params[pos].vararg })
	vals := make([]string, len(m.params))
	set := make([]bool, len(m.params))
	pos := 0
	for _, ar := range args {
		k := -1
		if ar.name != "" {
			j, ok := m.index[ar.name]
			if !ok {
				a.errAt(st, ar.off, ar.off+len(ar.name), textf.Sprintf("macro %s has no parameter %s", quote(m.name), quote(ar.name)))
				return
			}
			k = j
		} else {
			if pos >= len(m.params) {
				a.errAt(st, ar.off, len(st.src), textf.Sprintf("too many arguments for macro %s (it takes %d)", quote(m.name), len(m.params)))
				return
			}
			k = pos
			pos++
		}
		vals[k], set[k] = ar.value, ar.value != ""
	}
	for j, p := range m.params {
		if !set[j] {
			if p.req {
				a.errAt(st, t.off, t.end, textf.Sprintf("missing value for required parameter %s of macro %s", quote(p.name), quote(m.name)))
				return
			}
			vals[j] = p.def
		}
	}
	// Each parameter is set and the body copied (4 steps a statement) before it is read.
	a.spend(len(m.params)+4*len(m.body), st, t.off)
	count := strconv.Itoa(a.nmacro)
	a.nmacro++
	exp := &expansion{m: m, call: st, callOff: t.off}
	body := a.substitute(m.body, func(name string) (string, bool) {
		if name == "@" {
			return count, true
		}
		if j, ok := m.index[name]; ok {
			return vals[j], true
		}
		return "", false
	}, exp)
	a.pushFrame(&frame{kind: frMacro, pending: body, exp: exp}, st, t.off)
}

// substitute replaces \name (via lookup; "@" for \@) and \() in body statements and splits the results
// into statements again. The statements get exp as their macro context (or keep theirs when exp is nil).
func (a *assembler) substitute(body []*stmt, lookup func(string) (string, bool), exp *expansion) []*stmt {
	out := make([]*stmt, 0, len(body))
	for _, b := range body {
		text, first := substText(b.src, lookup)
		mac := b.mac
		if exp != nil {
			mac = exp
		}
		if first < 0 {
			// The copy reads the body statement's tokens, lexed once for every expansion.
			if b.toks == nil {
				b.toks = lexKept(b.src)
			}
			nb := *b
			nb.mac = mac
			out = append(out, a.newStmt(nb))
			continue
		}
		a.expanded += len(text)
		if a.expanded > maxExpandBytes {
			a.diag.fatal(b.Pos(0), textf.Sprintf("macro expansion produces more than %d MiB of text", maxExpandBytes>>20))
		}
		// Positions: the text before the first substitution is the source's; later bytes are clamped
		// to the statement as written.
		exact := min(first, b.exact)
		splitStatements(text, func(s, e int) {
			if blank(text[s:e]) {
				return
			}
			so := min(s, exact)
			out = append(out, a.newStmt(stmt{src: text[s:e], line: b.line, off: b.off + so, exact: max(0, exact-s),
				span: max(0, b.span-so), mac: mac}))
		})
	}
	return out
}

// substText performs the substitutions in one statement; first is the offset of the first one, -1 if
// the text is unchanged.
func substText(s string, lookup func(string) (string, bool)) (string, int) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, -1
	}
	var b strings.Builder
	first := -1
	i := 0
	for i < len(s) {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			i++
			continue
		}
		n := s[i+1]
		switch {
		case n == '(' && i+2 < len(s) && s[i+2] == ')':
			if first < 0 {
				first = i
			}
			i += 3
			continue
		case n == '@':
			if v, ok := lookup("@"); ok {
				if first < 0 {
					first = i
				}
				b.WriteString(v)
				i += 2
				continue
			}
		case isIdentStart(n):
			j := i + 1
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			if v, ok := lookup(s[i+1 : j]); ok {
				if first < 0 {
					first = i
				}
				b.WriteString(v)
				i = j
				continue
			}
			b.WriteString(s[i:j])
			i = j
			continue
		}
		b.WriteByte(c)
		i++
	}
	if first < 0 {
		return s, -1
	}
	return b.String(), first
}

// exitMacro handles .exitm: it leaves the innermost macro expansion.
func (a *assembler) exitMacro(st *stmt, t tok) {
	for k := len(a.frames) - 1; k >= 0; k-- {
		if a.frames[k].kind == frMacro {
			a.conds = a.conds[:a.frames[k].condDepth]
			a.frames = a.frames[:k]
			return
		}
		if a.frames[k].kind == frFile {
			break
		}
	}
	a.errAt(st, t.off, t.end, ".exitm outside a macro")
}

// startRepeat handles .rept, .irp and .irpc.
func (a *assembler) startRepeat(st *stmt, toks []tok, i int, name string) {
	t := toks[i]
	r := &recording{st: st, at: t.off, dir: name}
	switch name {
	case ".rept":
		r.kind = recRept
		p := exprParser{a: a, st: st, toks: toks, i: i + 1, dotSec: a.cur, dotOff: a.cur.Size}
		x := p.parse()
		if x != nil && a.endOfStatement(st, &p) {
			if n, ok := a.constant(x, ".rept"); ok {
				switch {
				case n < 0:
					a.errAt(st, x.Off, x.End, textf.Sprintf(".rept count %d is negative", n))
				case n > maxStatements:
					a.errAt(st, x.Off, x.End, textf.Sprintf(".rept count %d is more than the limit of %d statements", n, maxStatements))
				default:
					r.count = int(n)
				}
			}
		}
	default:
		r.kind = recIrp
		if name == ".irpc" {
			r.kind = recIrpc
		}
		s := st.src
		j := t.end
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		k := j
		for k < len(s) && isIdentChar(s[k]) {
			k++
		}
		r.param = s[j:k]
		if r.param == "" {
			a.errAt(st, j, j, "expected parameter name after "+name)
			r.values = nil
			r.count = 0
			break
		}
		for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
			k++
		}
		if k < len(s) && s[k] == ',' {
			k++
		}
		args := scanArgs(s, k, func(int) bool { return false })
		if r.kind == recIrp {
			for _, ar := range args {
				v := ar.value
				if ar.name != "" {
					v = ar.name + "=" + v
				}
				r.values = append(r.values, v)
			}
			if len(r.values) == 0 {
				r.values = []string{""}
			}
		} else {
			var b strings.Builder
			for _, ar := range args {
				b.WriteString(ar.value)
			}
			str := b.String()
			for c := 0; c < len(str); c++ {
				r.values = append(r.values, str[c:c+1])
			}
			if len(r.values) == 0 {
				r.values = []string{""}
			}
		}
	}
	a.startRecording(r)
}
