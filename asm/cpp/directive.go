package cpp

import (
	"errors"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
)

// cond is one open #if/#ifdef/#ifndef.
type cond struct {
	name      string // "if", "ifdef" or "ifndef", for "unterminated #if"
	line, col int
	taken     bool // a group was taken, or the whole conditional is skipped
	sawElse   bool
	skip      bool // the current group is skipped
}

var directives = map[string]bool{
	"define": true, "undef": true, "include": true, "include_next": true, "import": true,
	"if": true, "ifdef": true, "ifndef": true, "elif": true, "else": true, "endif": true,
	"line": true, "error": true, "warning": true, "pragma": true, "ident": true, "sccs": true,
	"assert": true, "unassert": true,
}

// isDirective reports whether a lexed line is a directive: '#' first, then
// nothing (the null directive) or a directive name. Other '#' lines are
// assembler comments and stay as text.
func isDirective(toks []token) bool {
	if len(toks) < 2 || !toks[0].is("#") {
		return false
	}
	return toks[1].kind == kNewline || toks[1].kind == kIdent && directives[toks[1].text]
}

// rest returns the text of tokens as written (for #error messages).
func rawText(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 {
			b.WriteString(t.ws)
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// directive processes one directive line (toks ends with its newline).
func (p *pp) directive(s *source, toks []token) {
	if toks[1].kind == kNewline {
		return
	}
	d := toks[1]
	args := toks[2 : len(toks)-1]
	end := toks[len(toks)-1]
	switch d.text {
	case "if", "ifdef", "ifndef":
		if len(s.conds) >= maxCondDepth {
			p.fatal(s.name, d.line, d.col, textf.Sprintf("#%s nested deeper than %d levels", d.text, maxCondDepth))
			return
		}
		c := cond{name: d.text, line: d.line, col: d.col}
		if s.skipping() {
			c.taken, c.skip = true, true
		} else {
			v := false
			if d.text == "if" {
				v = p.evalIf(d, args, end)
			} else if name, ok := p.macroName(d, args); ok {
				v = (p.macros[name] != nil) == (d.text == "ifdef")
			}
			c.taken, c.skip = v, !v
		}
		s.conds = append(s.conds, c)
		return
	case "elif", "else", "endif":
		if len(s.conds) == 0 {
			p.errorf(s.name, d.line, d.col, "#%s without #if", d.text)
			return
		}
		c := &s.conds[len(s.conds)-1]
		switch d.text {
		case "elif":
			if c.sawElse {
				p.errorf(s.name, d.line, d.col, "#elif after #else")
			}
			if c.taken {
				c.skip = true
			} else {
				v := p.evalIf(d, args, end)
				c.taken, c.skip = v, !v
			}
		case "else":
			if c.sawElse {
				p.errorf(s.name, d.line, d.col, "#else after #else")
			}
			if len(args) > 0 && !p.parentSkipping(s) {
				p.warnf(s.name, args[0].line, args[0].col, "extra tokens at end of #else directive")
			}
			c.sawElse = true
			c.skip = c.taken
			c.taken = true
		case "endif":
			if len(args) > 0 && !p.parentSkipping(s) {
				p.warnf(s.name, args[0].line, args[0].col, "extra tokens at end of #endif directive")
			}
			s.conds = s.conds[:len(s.conds)-1]
		}
		return
	}
	if s.skipping() {
		return
	}
	switch d.text {
	case "define":
		p.define(toks)
	case "undef":
		if name, ok := p.macroName(d, args); ok {
			delete(p.macros, name)
		}
	case "include":
		p.include(s, d, args)
	case "line":
		p.line(s, d, args)
	case "error":
		p.errorf(s.name, d.line, d.col, "#error %s", rawText(args))
	case "warning":
		p.warnf(s.name, d.line, d.col, "#warning %s", rawText(args))
	case "pragma":
		if len(args) == 1 && args[0].text == "once" {
			p.once[s.key] = true
		}
	case "ident", "sccs":
	default: // include_next, import, assert, unassert
		p.errorf(s.name, d.line, d.col, "#%s is not supported", d.text)
	}
}

// parentSkipping reports whether the innermost conditional lies inside a
// skipped group.
func (p *pp) parentSkipping(s *source) bool {
	n := len(s.conds)
	return n >= 2 && s.conds[n-2].skip
}

// macroName reads the single macro name of #ifdef, #ifndef or #undef.
func (p *pp) macroName(d token, args []token) (string, bool) {
	f := p.fileName()
	if len(args) == 0 {
		p.errorf(f, d.line, d.col, "no macro name given in #%s directive", d.text)
		return "", false
	}
	if args[0].kind != kIdent {
		p.errorf(f, args[0].line, args[0].col, "macro names must be identifiers, found %q", args[0].text)
		return "", false
	}
	if args[0].text == "defined" && d.text == "undef" {
		p.errorf(f, args[0].line, args[0].col, "\"defined\" cannot be used as a macro name")
		return "", false
	}
	if len(args) > 1 {
		p.warnf(f, args[1].line, args[1].col, "extra tokens at end of #%s directive", d.text)
	}
	return args[0].text, true
}

// define processes "# define NAME[(params)] body" (toks as lexed, with the
// final newline).
func (p *pp) define(toks []token) {
	f := p.fileName()
	d := toks[1]
	rest := toks[2:]
	if len(rest) > 0 && rest[len(rest)-1].kind == kNewline {
		rest = rest[:len(rest)-1]
	}
	if len(rest) == 0 {
		p.errorf(f, d.line, d.col, "no macro name given in #define directive")
		return
	}
	n := rest[0]
	if n.kind != kIdent {
		p.errorf(f, n.line, n.col, "macro names must be identifiers, found %q", n.text)
		return
	}
	if n.text == "defined" {
		p.errorf(f, n.line, n.col, "\"defined\" cannot be used as a macro name")
		return
	}
	m := &macro{name: n.text, id: p.nameID(n.text)}
	i := 1
	if i < len(rest) && rest[i].is("(") && rest[i].ws == "" {
		m.fn = true
		open := rest[i]
		i++
		m.params = []string{}
	params:
		for {
			if i >= len(rest) {
				p.errorf(f, open.line, open.col, "missing ')' in macro parameter list")
				return
			}
			u := rest[i]
			i++
			switch {
			case u.is(")") && len(m.params) == 0:
				break params
			case u.is("..."):
				m.params = append(m.params, "__VA_ARGS__")
				m.variadic = true
			case u.kind == kIdent:
				for _, q := range m.params {
					if q == u.text {
						p.errorf(f, u.line, u.col, "duplicate macro parameter %q", u.text)
						return
					}
				}
				m.params = append(m.params, u.text)
				if i < len(rest) && rest[i].is("...") {
					m.variadic = true
					i++
				}
			default:
				p.errorf(f, u.line, u.col, "expected parameter name, found %q", u.text)
				return
			}
			if i >= len(rest) {
				p.errorf(f, open.line, open.col, "missing ')' in macro parameter list")
				return
			}
			u = rest[i]
			i++
			if u.is(")") {
				break
			}
			if !u.is(",") || m.variadic {
				p.errorf(f, u.line, u.col, "expected ',' or ')' in macro parameter list, found %q", u.text)
				return
			}
		}
	}
	body := rest[i:]
	m.body = make([]btok, 0, len(body))
	for j, u := range body {
		b := btok{token: u, param: -1}
		b.ws = ""
		if j > 0 && u.ws != "" {
			b.ws = " "
		}
		b.line, b.col = 0, 0
		if m.fn && u.kind == kIdent {
			for k, q := range m.params {
				if q == u.text {
					b.param = k
				}
			}
		}
		m.body = append(m.body, b)
	}
	if len(body) > 0 && (body[0].is("##") || body[len(body)-1].is("##")) {
		u := body[0]
		if !u.is("##") {
			u = body[len(body)-1]
		}
		p.errorf(f, u.line, u.col, "'##' cannot appear at either end of a macro expansion")
		return
	}
	if old := p.macros[m.name]; old != nil && !old.same(m) {
		p.warnf(f, n.line, n.col, "%q redefined", m.name)
	}
	p.setMacro(m)
}

// line processes "#line N ["file"]" (macro-expanded).
func (p *pp) line(s *source, d token, args []token) {
	toks := p.expandTokens(args, false)
	if len(toks) == 0 {
		p.errorf(s.name, d.line, d.col, "#line expects a line number")
		return
	}
	t := toks[0]
	n, err := strconv.ParseUint(t.text, 10, 64)
	if t.kind != kNumber || strings.Trim(t.text, "0123456789") != "" || err != nil && !errors.Is(err, strconv.ErrRange) {
		p.errorf(s.name, t.line, t.col, "%q after #line is not a positive integer", t.text)
		return
	}
	if err != nil || n > 2147483647 {
		p.errorf(s.name, t.line, t.col, "line number out of range")
		return
	}
	name := s.name
	if len(toks) > 1 {
		f := toks[1]
		if f.kind != kString {
			p.errorf(s.name, f.line, f.col, "invalid filename %q", f.text)
			return
		}
		name = unquote(f.text)
		if name == "" {
			p.errorf(s.name, f.line, f.col, "empty filename in #line")
			return
		}
		if len(toks) > 2 {
			p.warnf(s.name, toks[2].line, toks[2].col, "extra tokens at end of #line directive")
		}
	}
	// s.line is now the physical line after the directive.
	s.delta = int(n) - s.line
	s.name = name
}

// unquote returns the contents of a string literal with simple escapes
// resolved.
func unquote(lit string) string {
	lit = lit[1 : len(lit)-1]
	var b strings.Builder
	for i := 0; i < len(lit); i++ {
		if lit[i] == '\\' && i+1 < len(lit) {
			i++
		}
		b.WriteByte(lit[i])
	}
	return b.String()
}

// include processes #include "file", <file> or a macro giving one of them.
func (p *pp) include(s *source, d token, args []token) {
	toks := args
	if len(toks) > 0 && toks[0].kind != kString && !toks[0].is("<") {
		toks = p.expandTokens(toks, false)
	}
	if len(toks) == 0 {
		p.errorf(s.name, d.line, d.col, "#include expects \"FILENAME\" or <FILENAME>")
		return
	}
	var name string
	angled := false
	var extra []token
	switch t := toks[0]; {
	case t.kind == kString:
		name = t.text[1 : len(t.text)-1]
		extra = toks[1:]
	case t.is("<"):
		angled = true
		var b strings.Builder
		closed := false
		for j := 1; j < len(toks); j++ {
			if toks[j].is(">") {
				closed, extra = true, toks[j+1:]
				break
			}
			if j > 1 {
				b.WriteString(toks[j].ws)
			}
			b.WriteString(toks[j].text)
		}
		if !closed {
			p.errorf(s.name, t.line, t.col, "missing terminating > character")
			return
		}
		name = b.String()
	default:
		p.errorf(s.name, t.line, t.col, "#include expects \"FILENAME\" or <FILENAME>")
		return
	}
	spelled := "\"" + name + "\""
	if angled {
		spelled = "<" + name + ">"
	}
	if len(extra) > 0 {
		p.warnf(s.name, extra[0].line, extra[0].col, "extra tokens at end of #include directive")
	}
	if len(p.files)-1 >= p.maxDepth {
		p.errorf(s.name, d.line, d.col, "#include nested too deeply (limit %d)", p.maxDepth)
		return
	}
	if why := checkName(name); why != "" {
		p.errorf(s.name, d.line, d.col, "#include %s: %s", spelled, why)
		return
	}
	ns, why := p.find(s, name, angled)
	at := srcpos.Position{Filename: s.name, Line: d.line, Column: d.col}
	if ns == nil {
		if p.cfg.Followed != nil {
			p.cfg.Followed(name, "", at)
		}
		p.errorf(s.name, d.line, d.col, "#include %s: %s", spelled, why)
		return
	}
	if p.cfg.Followed != nil {
		p.cfg.Followed(name, ns.name, at)
	}
	if p.once[ns.key] {
		return
	}
	if _, seen := p.sites[ns.name]; !seen {
		if p.sites == nil {
			p.sites = map[string]srcpos.Position{}
		}
		p.sites[ns.name] = at
		if p.cfg.Included != nil {
			p.cfg.Included(ns.name, at)
		}
	}
	p.files = append(p.files, ns)
}

// find locates an include file and returns it as a new source, or the
// reason it was not found.
func (p *pp) find(s *source, name string, angled bool) (*source, string) {
	builtin := func(n string) *source {
		text, ok := p.cfg.Builtin[n]
		if !ok && p.cfg.BuiltinFunc != nil {
			text, ok = p.cfg.BuiltinFunc(n)
		}
		if ok {
			ns := newSource(n, pathDir(n), "builtin:"+n, text)
			ns.builtin = true
			return ns
		}
		return nil
	}
	if angled {
		if ns := builtin(name); ns != nil {
			return ns, ""
		}
	}
	var dirs []string
	if !angled {
		if s.builtin {
			if ns := builtin(path.Join(s.dir, name)); ns != nil {
				return ns, ""
			}
		} else {
			dirs = append(dirs, s.dir)
		}
	}
	dirs = append(dirs, p.incDirs...)
	outside := ""
	var searched []string
	for _, dir := range dirs {
		if p.cfg.FS == nil {
			break
		}
		full, why := cleanPath(dir, name)
		if why != "" {
			outside = why
			continue
		}
		searched = append(searched, path.Dir(full))
		key := "file:" + full
		text, ok := p.cache[key]
		if !ok {
			b, err := p.read(full)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			se, isSE := errors.AsType[*srcfile.Error](err)
			switch {
			case isSE && se.Mode.IsDir():
				return nil, "is a folder"
			case isSE:
				return nil, se.Msg
			case err != nil:
				return nil, "cannot read file"
			}
			text = string(b)
			p.cache[key] = text
		}
		return newSource(full, pathDir(full), key, text), ""
	}
	if !angled {
		if ns := builtin(name); ns != nil {
			return ns, ""
		}
	}
	if p.cfg.NotFound != nil {
		if msg := p.cfg.NotFound(name, searched); msg != "" {
			return nil, msg
		}
	}
	switch {
	case p.cfg.FS == nil:
		return nil, "file not found (no file system given)"
	case outside != "":
		return nil, outside
	}
	return nil, "file not found"
}

// cleanPath joins an include name to a folder of the FS and checks that the
// result stays inside the FS (srcfile.Resolve: the assembler's one rule). It
// returns the path or why it is refused.
func cleanPath(dir, name string) (string, string) { return srcfile.Resolve(dir, name) }

// checkName checks an include name on its own (the rule of cleanPath).
func checkName(name string) string {
	_, why := srcfile.Resolve(".", name)
	if why == "path outside the project folder" && !strings.HasPrefix(name, "/") && !(len(name) >= 2 && name[1] == ':') {
		return "" // ".." is judged against the folder the name is looked up in
	}
	return why
}

// pathDir is path.Dir for FS paths ("." for a name without a folder).
func pathDir(name string) string { return path.Dir(name) }
