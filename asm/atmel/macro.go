package atmel

import (
	"strings"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// macro is a macro defined with .macro NAME ... .endm (or .endmacro).
type macro struct {
	name   string
	body   []*stmt
	labels map[string]bool // labels the body defines (folded): local to each expansion
	pos    *stmt
}

// recording is a .macro being read.
type recording struct {
	m  *macro
	st *stmt
	at int
}

// expansion is one call of a macro.
type expansion struct {
	m       *macro
	call    *stmt
	callOff int
	args    []string
	argOffs []int
	parent  *expansion
	locals  map[string]*obj.Symbol
}

// local returns the expansion's symbol for the body label f (folded; name as written).
func (x *expansion) local(f, name string) *obj.Symbol {
	s := x.locals[f]
	if s == nil {
		s = &obj.Symbol{Name: name}
		if x.locals == nil {
			x.locals = map[string]*obj.Symbol{}
		}
		x.locals[f] = s
	}
	return s
}

// frame is a macro expansion being read.
type frame struct {
	body []*stmt
	i    int
	exp  *expansion
}

// macroNames lists the macros defined so far, for suggestions.
func (p *parser) macroNames() []string {
	var out []string
	for n := range p.macros {
		out = append(out, n)
	}
	return out
}

// startMacro handles .macro NAME.
func (p *parser) startMacro(st *stmt, toks []tok, i int) {
	n := tokAt(toks, i+1)
	if n.kind != tIdent || n.text[0] == '.' {
		p.errTok(st, n, "expected a macro name after .macro, found "+found(n))
		return
	}
	if t := tokAt(toks, i+2); t.kind != tEOF {
		p.errTok(st, t, "AVRASM2 macros take no parameter list (the body reads them as @0 to @9), found "+found(t))
		return
	}
	f := fold(n.text)
	if prev := p.macros[f]; prev != nil {
		p.errAt(st, n.off, n.end, textf.Sprintf("macro %s already defined at %s", quote(n.text), prev.pos.Pos(0).String()))
		return
	}
	if isa.Lookup(f) != nil {
		p.errAt(st, n.off, n.end, textf.Sprintf("macro name %s is an instruction", quote(n.text)))
		return
	}
	p.rec = &recording{m: &macro{name: n.text, labels: map[string]bool{}, pos: st}, st: st, at: toks[i].off}
}

// record handles a statement while a .macro is being read: .endm or .endmacro ends it, anything else
// joins the body.
func (p *parser) record(st *stmt, toks []tok) {
	i := 0
	if toks[0].kind == tIdent && toks[1].kind == tOp && toks[1].text == ":" && toks[0].text[0] != '.' {
		p.rec.m.labels[fold(toks[0].text)] = true
		i = 2
	}
	if toks[i].kind == tIdent {
		switch fold(toks[i].text) {
		case ".endm", ".endmacro":
			if i == 0 {
				p.macros[fold(p.rec.m.name)] = p.rec.m
				p.rec = nil
				return
			}
		case ".macro":
			p.errAt(st, toks[i].off, toks[i].end, textf.Sprintf(".macro inside the body of macro %s (missing .endm?)", quote(p.rec.m.name)))
			return
		}
	}
	p.rec.m.body = append(p.rec.m.body, st)
	p.spend(4, st, 0)
}

// callMacro expands macro m called by toks[i] with the arguments after it.
func (p *parser) callMacro(st *stmt, toks []tok, i int, m *macro) {
	name := &toks[i]
	if len(p.frames) >= maxDepth {
		p.fatal(st, name.off, textf.Sprintf("nesting too deep (more than %d levels of macro calls)", maxDepth))
	}
	x := &expansion{m: m, call: st, callOff: name.off, parent: st.exp}
	rest := toks[i+1:]
	if rest[0].kind != tEOF {
		depth, start := 0, rest[0].off
		for j := range rest {
			t := &rest[j]
			switch {
			case t.kind == tIllegal && t.text != "#":
				p.errAt(st, t.off, t.end, t.str)
				return
			case t.kind == tOp && t.text == "(":
				depth++
			case t.kind == tOp && t.text == ")":
				depth--
			case t.kind == tEOF || t.kind == tOp && t.text == "," && depth <= 0:
				end := t.off
				if t.kind == tEOF {
					end = rest[len(rest)-2].end
				}
				seg := st.text[start:end]
				x.args = append(x.args, strings.TrimSpace(seg))
				x.argOffs = append(x.argOffs, start+len(seg)-len(strings.TrimLeft(seg, " \t")))
				start = t.end
			}
		}
	}
	if len(x.args) > maxParams {
		p.errAt(st, name.off, name.end, textf.Sprintf("macro %s called with %d arguments; AVRASM2 macros take at most 10 (@0 to @9)", quote(m.name), len(x.args)))
		return
	}
	p.frames = append(p.frames, &frame{body: m.body, exp: x})
}

// expand returns body statement k of the frame's macro with the arguments put in for @0..@9 (a
// parameter without an argument becomes empty).
func (f *frame) expand(p *parser, k int) *stmt {
	b := f.body[k]
	x := f.exp
	text := b.text
	if !strings.Contains(text, "@") {
		return &stmt{text: text, pieces: []piece{{0, b, 0}}, exp: x}
	}
	var out strings.Builder
	pieces := []piece{{0, b, 0}}
	last := 0
	for i := 0; i < len(text); i++ {
		if text[i] != '@' || i+1 >= len(text) || text[i+1] < '0' || text[i+1] > '9' ||
			i+2 < len(text) && isIdentChar(text[i+2]) {
			continue
		}
		out.WriteString(text[last:i])
		n := int(text[i+1] - '0')
		if n < len(x.args) {
			pieces = append(pieces, piece{out.Len(), x.call, x.argOffs[n]})
			out.WriteString(x.args[n])
		}
		last = i + 2
		pieces = append(pieces, piece{out.Len(), b, last})
		i++
	}
	out.WriteString(text[last:])
	p.nexp += out.Len()
	if p.nexp > maxExpandBytes {
		p.fatal(x.call, x.callOff, textf.Sprintf("macro expansion produces more than %d MiB of text", maxExpandBytes>>20))
	}
	return &stmt{text: out.String(), pieces: pieces, exp: x}
}
