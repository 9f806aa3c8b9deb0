package cpp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/internal/textf"
)

// hideset is the set of macro names a token must not be expanded by (the
// Prosser algorithm's "hide set"): the names' ids (pp.nameID), sorted, so
// that membership, union and intersection cost O(log n) or O(n), not O(n²)
// as with a list (a chain of macros each defined by the next makes hide sets
// as large as the chain is long). It is immutable and shared freely; nil is
// the empty set.
type hideset struct{ ids []int32 }

func (h *hideset) size() int {
	if h == nil {
		return 0
	}
	return len(h.ids)
}

func (h *hideset) has(id int32) bool {
	if h == nil {
		return false
	}
	_, ok := slices.BinarySearch(h.ids, id)
	return ok
}

func (h *hideset) add(id int32) *hideset {
	if h == nil {
		return &hideset{[]int32{id}}
	}
	i, ok := slices.BinarySearch(h.ids, id)
	if ok {
		return h
	}
	ids := make([]int32, len(h.ids)+1)
	copy(ids, h.ids[:i])
	ids[i] = id
	copy(ids[i+1:], h.ids[i:])
	return &hideset{ids}
}

func union(a, b *hideset) *hideset {
	switch {
	case a == nil || a == b:
		return b
	case b == nil:
		return a
	}
	x, y := a.ids, b.ids
	out := make([]int32, 0, len(x)+len(y))
	for len(x) > 0 && len(y) > 0 {
		switch {
		case x[0] < y[0]:
			out, x = append(out, x[0]), x[1:]
		case x[0] > y[0]:
			out, y = append(out, y[0]), y[1:]
		default:
			out, x, y = append(out, x[0]), x[1:], y[1:]
		}
	}
	out = append(append(out, x...), y...)
	switch len(out) {
	case len(a.ids):
		return a
	case len(b.ids):
		return b
	}
	return &hideset{out}
}

func intersect(a, b *hideset) *hideset {
	switch {
	case a == nil || b == nil:
		return nil
	case a == b:
		return a
	}
	x, y := a.ids, b.ids
	var out []int32
	for len(x) > 0 && len(y) > 0 {
		switch {
		case x[0] < y[0]:
			x = x[1:]
		case x[0] > y[0]:
			y = y[1:]
		default:
			out, x, y = append(out, x[0]), x[1:], y[1:]
		}
	}
	switch len(out) {
	case 0:
		return nil
	case len(a.ids):
		return a
	case len(b.ids):
		return b
	}
	return &hideset{out}
}

// nameID returns the number standing for a macro name in hide sets.
func (p *pp) nameID(name string) int32 {
	id, ok := p.ids[name]
	if !ok {
		id = int32(len(p.ids))
		p.ids[name] = id
	}
	return id
}

// builtin macro kinds
const (
	bNone = iota
	bFile
	bLine
	bCounter
)

// macro is one #define. Body tokens that name a parameter carry its index
// in param (else -1).
type macro struct {
	name     string
	id       int32 // pp.nameID(name)
	fn       bool
	params   []string
	variadic bool // the last parameter takes the remaining arguments
	body     []btok
	builtin  int
}

type btok struct {
	token
	param int
}

// same reports whether two definitions are the same (redefinition is then
// silent, as in C).
func (m *macro) same(o *macro) bool {
	if m.fn != o.fn || m.variadic != o.variadic || m.builtin != o.builtin ||
		len(m.params) != len(o.params) || len(m.body) != len(o.body) {
		return false
	}
	for i := range m.params {
		if m.params[i] != o.params[i] {
			return false
		}
	}
	for i := range m.body {
		a, b := m.body[i], o.body[i]
		if a.text != b.text || a.param != b.param || (a.ws == "") != (b.ws == "") {
			return false
		}
	}
	return true
}

// fillResult says what a stream refill produced.
type fillResult int

const (
	fillLine      fillResult = iota // tokens were pushed
	fillDirective                   // (peek only) the next line is a directive, left unread
	fillFileEnd                     // the current file has ended
	fillDone                        // nothing more at all
)

// stream is the token input of the expander: a stack of token lists, each
// read from its front (GNU cpp's "contexts": the top list is the most
// recent macro expansion), and, for the main text, a refill that reads more
// lines. Lists are never written to, so pushing one shares it.
type stream struct {
	segs   [][]token
	refill func(peek bool) fillResult
}

func (s *stream) next(peek bool) (token, fillResult) {
	for len(s.segs) == 0 {
		if s.refill == nil {
			return token{}, fillDone
		}
		if r := s.refill(peek); r != fillLine {
			return token{}, r
		}
	}
	top := &s.segs[len(s.segs)-1]
	t := (*top)[0]
	*top = (*top)[1:]
	if len(*top) == 0 {
		s.segs[len(s.segs)-1] = nil
		s.segs = s.segs[:len(s.segs)-1]
	}
	return t, fillLine
}

// push makes toks the next tokens, toks[0] first.
func (s *stream) push(toks ...token) {
	if len(toks) > 0 {
		s.segs = append(s.segs, toks)
	}
}

// step counts n tokens of macro work against the limit.
func (p *pp) step(t token, n int) bool {
	p.steps += n
	if p.steps > maxSteps {
		p.fatal(p.fileName(), t.line, t.col, "macro expansion too large (limit 2M tokens)")
		return false
	}
	return !p.stopped
}

// expand expands the macro named by the identifier t, just taken from s,
// pushing the result back onto s. It returns false (and consumes nothing
// more) when t is not a macro, is hidden, or is a function-like macro name
// not followed by '('.
func (p *pp) expand(s *stream, t token) bool {
	m := p.macros[t.text]
	if m == nil || t.hide.has(m.id) {
		return false
	}
	switch m.builtin {
	case bFile:
		s.push(p.gen(t, kString, quote(p.fileName())))
		return true
	case bLine:
		s.push(p.gen(t, kNumber, strconv.Itoa(t.line)))
		return true
	case bCounter:
		s.push(p.gen(t, kNumber, strconv.Itoa(p.counter)))
		p.counter++
		return true
	}
	if !m.fn {
		hs := t.hide.add(m.id)
		if !p.nestOK(t, hs) {
			return true
		}
		out := p.subst(m, t, nil, hs)
		if p.step(t, len(out)) {
			s.push(out...)
		}
		return true
	}
	// A function-like macro is called only if '(' follows, possibly on a
	// later line (but not past a directive or the end of the file).
	var held []token
	for {
		u, r := s.next(true)
		if r != fillLine {
			s.push(held...)
			return false
		}
		if u.kind == kNewline {
			held = append(held, u)
			continue
		}
		if u.is("(") {
			break
		}
		held = append(held, u)
		s.push(held...)
		return false
	}
	args := [][]token{nil}
	depth, nl := 0, false
	var rparen token
collect:
	for {
		u, r := s.next(false)
		if p.stopped {
			return true
		}
		if r != fillLine {
			p.errorf(p.fileName(), t.line, t.col, "unterminated argument list invoking macro %q", m.name)
			return true
		}
		if u.kind == kNewline {
			nl = true
			continue
		}
		if nl && u.ws == "" {
			u.ws = " "
		}
		nl = false
		if !p.step(t, 1) {
			return true
		}
		if u.kind == kPunct {
			switch u.text {
			case "(":
				depth++
			case ")":
				if depth == 0 {
					rparen = u
					break collect
				}
				depth--
			case ",":
				if depth == 0 && !(m.variadic && len(args) == len(m.params)) {
					args = append(args, nil)
					continue
				}
			}
		}
		args[len(args)-1] = append(args[len(args)-1], u)
	}
	n := len(m.params)
	switch {
	case n == 0 && len(args) == 1 && len(args[0]) == 0:
		args = nil
	case len(args) < n && m.variadic && len(args) == n-1:
		args = append(args, nil)
	case len(args) < n:
		p.errorf(p.fileName(), t.line, t.col, "macro %q requires %d arguments, but only %d given", m.name, n, len(args))
		return true
	case len(args) > n:
		p.errorf(p.fileName(), t.line, t.col, "macro %q passed %d arguments, but takes just %d", m.name, len(args), n)
		return true
	}
	hs := intersect(t.hide, rparen.hide).add(m.id)
	if !p.nestOK(t, hs) {
		return true
	}
	out := p.subst(m, t, args, hs)
	if p.step(t, len(out)) {
		s.push(out...)
	}
	return true
}

// nestOK checks the nesting of macro expansions: a token made by expanding
// a macro inside the expansion of another ... carries all their names in its
// hide set hs. Past maxMacroNest names preprocessing stops with an error at
// the call t. Building hs cost its size: every 8 names count as one token of
// expansion work (nothing for the usual few levels).
func (p *pp) nestOK(t token, hs *hideset) bool {
	if hs.size() > maxMacroNest {
		p.fatal(p.fileName(), t.line, t.col, textf.Sprintf("macro expansion nested deeper than %d levels", maxMacroNest))
		return false
	}
	return p.step(t, hs.size()/8)
}

// gen makes a token produced by a macro at the call t.
func (p *pp) gen(t token, k kind, text string) token {
	return token{kind: k, flags: fGen, text: text, ws: t.ws, line: t.line, col: t.col, hide: t.hide}
}

// subst builds the replacement of the call t of m with the given arguments:
// stringizing (#), pasting (##) and fully expanded arguments elsewhere.
// Tokens from the body take the call's position; tokens from arguments keep
// their own.
func (p *pp) subst(m *macro, t token, args [][]token, hs *hideset) []token {
	out := make([]token, 0, len(m.body))
	var expanded [][]token
	fromBody := func(b btok) token {
		u := b.token
		u.flags |= fGen
		u.line, u.col = t.line, t.col
		return u
	}
	withWS := func(toks []token, ws string) []token {
		r := append([]token(nil), toks...)
		if len(r) > 0 {
			r[0].ws = ws
		}
		return r
	}
	body := m.body
	for i := 0; i < len(body); i++ {
		b := body[i]
		if m.fn && b.is("#") && i+1 < len(body) && body[i+1].param >= 0 {
			u := fromBody(b)
			u.kind, u.text = kString, stringify(args[body[i+1].param])
			out = append(out, u)
			i++
			continue
		}
		if b.is("##") && i+1 < len(body) {
			r := body[i+1]
			i++
			var rhs []token
			if r.param >= 0 {
				rhs = withWS(args[r.param], "")
				// GNU: ", ## __VA_ARGS__" drops the comma when the
				// variable arguments are empty.
				if m.variadic && r.param == len(m.params)-1 && len(out) > 0 && out[len(out)-1].is(",") {
					if len(rhs) == 0 {
						out = out[:len(out)-1]
					}
					out = append(out, rhs...)
					continue
				}
			} else {
				rhs = []token{fromBody(r)}
				rhs[0].ws = ""
			}
			if len(rhs) == 0 {
				continue
			}
			if len(out) == 0 || out[len(out)-1].kind == kPlacemarker {
				if len(out) > 0 {
					out = out[:len(out)-1]
				}
				out = append(out, rhs...)
				continue
			}
			lhs := out[len(out)-1]
			out = append(out[:len(out)-1], p.paste(lhs, rhs[0], t)...)
			out = append(out, rhs[1:]...)
			continue
		}
		if b.param >= 0 {
			a := args[b.param]
			if i+1 < len(body) && body[i+1].is("##") {
				if len(a) == 0 {
					out = append(out, token{kind: kPlacemarker})
				} else {
					out = append(out, withWS(a, b.ws)...)
				}
				continue
			}
			if expanded == nil {
				expanded = make([][]token, len(args))
			}
			if expanded[b.param] == nil {
				// An argument is expanded on its own, by recursion: f(f(f(...))) nests.
				if p.argDepth >= maxArgNest {
					p.fatal(p.fileName(), t.line, t.col, textf.Sprintf("macro arguments nested deeper than %d levels", maxArgNest))
					return nil
				}
				p.argDepth++
				expanded[b.param] = append(p.expandTokens(a, false), token{kind: kPlacemarker})
				p.argDepth--
			}
			e := expanded[b.param]
			out = append(out, withWS(e[:len(e)-1], b.ws)...)
			continue
		}
		out = append(out, fromBody(b))
	}
	k := 0
	var lastIn, lastOut *hideset // the tokens of one argument mostly share a hide set
	for _, u := range out {
		if u.kind == kPlacemarker {
			continue
		}
		if u.hide != lastIn || lastOut == nil {
			lastIn, lastOut = u.hide, union(u.hide, hs)
		}
		u.hide = lastOut
		out[k] = u
		k++
	}
	out = out[:k]
	if len(out) > 0 {
		out[0].ws = t.ws
	}
	return out
}

// paste joins two tokens with ##. When the result is not one token, GNU cpp
// in assembler mode keeps both tokens, side by side, without an error.
func (p *pp) paste(lhs, rhs token, t token) []token {
	text := lhs.text + rhs.text
	if k, end := scanToken(text, 0); end == len(text) && !strings.HasPrefix(text, "//") && !strings.HasPrefix(text, "/*") {
		u := lhs
		u.kind, u.text, u.flags = k, text, lhs.flags|fGen
		u.line, u.col = t.line, t.col
		u.hide = nil
		return []token{u}
	}
	rhs.ws = ""
	return []token{lhs, rhs}
}

// stringify spells an argument as a string literal: one space where the
// argument had whitespace, and \ and " escaped inside string and character
// literals.
func stringify(arg []token) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, u := range arg {
		if i > 0 && u.ws != "" {
			b.WriteByte(' ')
		}
		if u.text != "" && (u.text[0] == '"' || u.text[0] == '\'') {
			for j := 0; j < len(u.text); j++ {
				if c := u.text[j]; c == '"' || c == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(u.text[j])
			}
		} else {
			b.WriteString(u.text)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// quote spells s as a C string literal (for __FILE__).
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '"' || c == '\\' {
			b.WriteByte('\\')
		}
		if c == '\n' {
			b.WriteString(`\n`)
			continue
		}
		b.WriteByte(c)
	}
	b.WriteByte('"')
	return b.String()
}

// expandTokens fully expands a token list on its own (a macro argument, or
// the operands of #if, #include and #line). With inIf, "defined X" and
// "defined(X)" become 1 or 0 first.
func (p *pp) expandTokens(toks []token, inIf bool) []token {
	s := &stream{}
	s.push(toks...)
	out := make([]token, 0, len(toks))
	for !p.stopped {
		t, r := s.next(false)
		if r != fillLine {
			break
		}
		if inIf && t.kind == kIdent && t.text == "defined" {
			out = append(out, p.defined(s, t))
			continue
		}
		if t.kind == kIdent && p.expand(s, t) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// defined reads the operand of the defined operator from s.
func (p *pp) defined(s *stream, t token) token {
	res := token{kind: kNumber, text: "0", ws: t.ws, line: t.line, col: t.col}
	u, r := s.next(false)
	paren := r == fillLine && u.is("(")
	if paren {
		u, r = s.next(false)
	}
	if r != fillLine || u.kind != kIdent {
		p.errorf(p.fileName(), t.line, t.col, "operator \"defined\" requires an identifier")
		if r == fillLine {
			s.push(u)
		}
		return res
	}
	if p.macros[u.text] != nil {
		res.text = "1"
	}
	if paren {
		if v, r := s.next(false); r != fillLine || !v.is(")") {
			p.errorf(p.fileName(), t.line, t.col, "missing ')' after \"defined\"")
			if r == fillLine {
				s.push(v)
			}
		}
	}
	return res
}
