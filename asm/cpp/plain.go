package cpp

import "strings"

// Plain lines: most lines of an assembler source (an instruction and its ';' comment, a comment line)
// name no macro, hold no C comment, no backslash-newline and no directive. Such a line comes out of
// the preprocessor as it went in, less its trailing blanks, with one span: the token-by-token path
// (lexLine, the stream, emit) gives exactly that, so it is skipped for them. Whatever might make a
// line differ (a name of a macro, anywhere on the line, strings and ';' comments included; "/*" or
// "//"; a backslash before the end of the line; a '#' first; enough parentheses and unary operators
// to nest past maxExprDepth) sends it the long way.

// plainScan is what scanPlain found on a physical line.
type plainScan struct {
	text string // the line, without its newline
	next int    // the offset in the source after its newline
	ok   bool   // nothing on it that the long way could treat otherwise (see the file's comment)
	open bool   // it ends in a quote not closed on it, one token to its end, trailing blanks and all
}

// scanPlain looks at the physical line of s starting at s.off; with names, a name that is a macro now
// makes it no plain line (without, names do not matter: a line in a skipped group).
func (p *pp) scanPlain(s *source, names bool) plainScan {
	src := s.src
	end := len(src)
	if k := strings.IndexByte(src[s.off:], '\n'); k >= 0 {
		end = s.off + k
	}
	if k := strings.IndexByte(src[s.off:end], '\r'); k >= 0 {
		end = s.off + k
	}
	l := plainScan{text: src[s.off:end], next: end}
	if end < len(src) {
		l.next += newlineLen(src, end)
	}
	text := l.text
	nest, first, quoted := 0, true, 0 // quoted: where the last string or character literal ended
	for i := 0; i < len(text); i++ {
		c := text[i]
		if nameByte(c) {
			j := i + 1
			for j < len(text) && nameByte(text[j]) {
				j++
			}
			if names && isIdentStart(c) && p.isMacro(text[i:j]) {
				return plainScan{}
			}
			i, first = j-1, false
			continue
		}
		switch c {
		case ' ', '\t', '\f', '\v':
			continue
		case '#':
			if first {
				return plainScan{}
			}
		case '\\':
			if splices(src, s.off+i) {
				return plainScan{}
			}
		case '/':
			if i+1 < len(text) && (text[i+1] == '/' || text[i+1] == '*') {
				return plainScan{}
			}
		case '(', '!', '~', '-', '+':
			if nest++; nest > maxExprDepth {
				return plainScan{}
			}
		case '"', '\'':
			if i >= quoted && !l.open {
				quoted = quoteEnd(text, i)
				l.open = quoted < 0
			}
		}
		first = false
	}
	l.ok = true
	return l
}

// nameByte is isIdentChar in fewer tests (c|0x20 is a lower-case letter for letters only).
func nameByte(c byte) bool {
	lower := c | 0x20
	return lower >= 'a' && lower <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '$'
}

// quoteEnd returns the end of the string or character literal that starts at text[i], as scanToken
// reads it, or -1 when it is not closed on the line (then it is one token to the line's end).
func quoteEnd(text string, i int) int {
	q := text[i]
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			if j+1 < len(text) {
				j++
			}
		case q:
			return j + 1
		}
	}
	return -1
}

// splices reports whether the backslash at src[i] joins its line to the next (readLogical: blanks
// may come between it and the newline).
func splices(src string, i int) bool {
	j := i + 1
	for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f' || src[j] == '\v') {
		j++
	}
	return j < len(src) && (src[j] == '\n' || src[j] == '\r')
}

// isMacro reports whether name (not empty) is a macro now.
func (p *pp) isMacro(name string) bool {
	return p.named[name[0]]&lenBit(name) != 0 && p.macros[name] != nil
}

// setMacro defines m.
func (p *pp) setMacro(m *macro) {
	p.macros[m.name] = m
	p.named[m.name[0]] |= lenBit(m.name)
}

// lenBit is name's bit in pp.named.
func lenBit(name string) uint64 { return 1 << min(len(name), 63) }

// plainLine takes the next line of the file being read as a plain line, when it is one and nothing of
// the line before is pending (the expander holds no tokens, no output line is open, no directive was
// read ahead): it writes its output line and reports true. Otherwise it reads nothing.
func (p *pp) plainLine() bool {
	s := p.top()
	if !p.plain || s == nil || s.off >= len(s.src) || p.stash != nil || len(p.main.segs) != 0 || p.cur.started || s.skipping() {
		return false
	}
	l := p.scanPlain(s, true)
	if !l.ok || !p.takePlain(s, l) {
		return false
	}
	lead := 0
	for lead < len(l.text) && isSpace(l.text[lead]) {
		lead++
	}
	end := len(l.text)
	for end > lead && !l.open && isSpace(l.text[end-1]) {
		end--
	}
	p.plains++
	if end > lead {
		line := s.line - 1 + s.delta
		p.addLine(l.text[:end], s.name, line, []span{{off: lead, line: line, col: lead + 1}})
	}
	return true
}

// skipPlain passes over the next line of a skipped group when nothing on it could end the group or
// reach past the line (a '#' first, "/*", a backslash-newline), as fill would, and reports whether
// it did.
func (p *pp) skipPlain(s *source) bool {
	if !p.plain || s.off >= len(s.src) {
		return false
	}
	l := p.scanPlain(s, false)
	if !l.ok || !p.takePlain(s, l) {
		return false
	}
	p.plains++
	return true
}

// takePlain consumes line l of s as lexLine would (the bytes read counted, the line number on) and
// reports true; false, consuming nothing, when the line would pass the input limit (lexLine then
// reports it).
func (p *pp) takePlain(s *source, l plainScan) bool {
	if p.inBytes+len(l.text)+1 > maxInput {
		return false
	}
	p.inBytes += len(l.text) + 1
	p.deep = nil
	s.line++
	s.off = l.next
	return true
}
