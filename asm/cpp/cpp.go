// Package cpp is the C preprocessor that runs on assembler source before
// the assembler lexes it: the subset of GNU cpp that avr-gcc applies to .S
// files ("-x assembler-with-cpp"). It sits at the start of the assembler's
// flow: source bytes → [Preprocess] → []Line → lexer.
//
// Simple use:
//
//	lines, err := cpp.Preprocess("main.S", src, cpp.Config{FS: asm.FromFS(os.DirFS(dir))})
//
// Each [Line] knows the file, line and columns its text came from, so the
// assembler can report errors where the user typed the text, also inside
// macro arguments and #include'd files. err, when not nil, is an
// [ErrorList]; the lines are then partial.
//
// Supported: #define (object-like and function-like, variadic with
// __VA_ARGS__ and GNU named variadic parameters, # and ##, GNU ", ##
// __VA_ARGS__"), #undef, #if, #ifdef, #ifndef, #elif, #else, #endif with
// defined and a C integer constant expression, #include "file" and <file>,
// #error, #warning, #pragma (ignored except "#pragma once"), #line, #ident
// and #sccs (ignored), backslash-newline, /* */ and // comments, a leading
// UTF-8 byte-order mark in every file, and the predefined __FILE__,
// __LINE__, __COUNTER__ and __ASSEMBLER__ (= 1).
//
// As in GNU cpp for assembler, a line whose '#' is followed by something
// other than a directive name ("# 12 ...", "#foo", "# comment") is not an
// error: it stays in the output (after macro expansion, as GNU cpp does),
// and the assembler treats it as a comment. A quote that is not closed on
// its line is an ordinary character that runs to the end of the line, so
// an apostrophe opens a character literal up to the next apostrophe on the
// line: in "ldi r16, 'X ; don't X", neither X is expanded, exactly as with
// avr-gcc.
//
// # Differences from GNU cpp
//
//   - Expression values: #if arithmetic is 64-bit (intmax_t), character
//     constants follow avr-gcc (signed 8-bit char, 16-bit int for
//     multi-character constants).
//   - Not supported: #include_next, #import, #assert, #unassert (errors),
//     __DATE__, __TIME__, __TIMESTAMP__, __has_include, digraphs,
//     trigraphs, universal character names, raw strings, string prefixes.
//     Only __ASSEMBLER__ is predefined; the caller supplies device macros
//     (__AVR_ATmega128__, __AVR_ARCH__ ...) through [Config.Defines].
//   - Include files are read only through [Config.FS] and
//     [Config.Builtin]: absolute paths, backslashes and ".." leaving the
//     FS root are refused. File names in Lines, messages and __FILE__ are
//     clean FS paths ("inc/b.h" where GNU cpp says "inc/sub/../b.h").
//   - [Config.Defines] cannot tell -DNAME from -DNAME= (both give "1").
//   - A directive inside the arguments of a macro call is processed (as GNU
//     cpp does) but a call cannot run past the end of a file.
//   - Macro expansion uses hide sets (Prosser's algorithm); GNU cpp's
//     context-based "painting" differs only in contrived cases.
//   - Whitespace: a Line keeps the source spacing; a space is inserted only
//     where two tokens would otherwise run together. GNU cpp spaces its
//     output differently; the token sequence is the same.
//   - Warnings (#warning, extra tokens after a directive, redefinitions)
//     go to [Config.Warn]; GNU cpp warns about more things.
//   - Limits guard against hostile input: include depth (default 64);
//     only regular files are read (checked with fs.Stat before opening, so
//     a named pipe is never opened): "#include \"x.h\": is not a regular
//     file (named pipe)"; each #include'd file at most [Config.MaxFileBytes]
//     (1 MiB): "#include \"big.h\": is 1258291200 bytes; the limit is
//     1048576 bytes per file", all of them at most [Config.MaxTotalBytes]
//     (4 MiB): "... would bring the source read to N bytes; the limit is
//     4194304 bytes in all"; 8 MiB of input lexed, counting each #include
//     again ("input too large (limit 8 MiB read, counting every
//     #include)"); 64 MiB and 1M lines of output; 2M tokens of macro
//     expansion work, where building the hide sets of deeply nested
//     expansions counts too ("macro expansion too large (limit 2M
//     tokens)"); 256 levels of parentheses, unary operators and ?: in an
//     #if expression ("expression nested deeper than 256 levels"), of #if
//     in one file ("#if nested deeper than 256 levels"), of macro
//     expansions inside expansions ("macro expansion nested deeper than
//     256 levels") and of macro calls in macro arguments ("macro arguments
//     nested deeper than 256 levels"); a line (not in a skipped group, up to
//     a ';' comment) that opens more than 256 parentheses, or 256 unary
//     operators and parentheses in a row, is refused at that token without
//     tokenizing the rest ("expression nested deeper than 256 levels"), as
//     any expression parser would refuse it; 100 errors. Reaching a limit other
//     than a file's stops preprocessing with an error.
//
// Preprocess is safe for concurrent use as long as the Config's FS is.
package cpp

import (
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
)

// Limits (see the package documentation).
const (
	defaultMaxIncludeDepth = 64
	maxInput               = 8 << 20 // bytes lexed, each #include of a file counted again (~1 s of work)
	maxOutput              = 64 << 20
	maxLines               = 1 << 20
	maxSteps               = 2 << 20
	maxErrors              = 100
	maxExprDepth           = 256 // parentheses, unary operators and ?: nested in one #if expression
	maxCondDepth           = 256 // #if/#ifdef/#ifndef nested in one file
	maxMacroNest           = 256 // macro expansions nested in each other (hide set size)
	maxArgNest             = 256 // macro calls nested in the arguments of macro calls
)

// Config says where includes come from and what is predefined. The zero
// value allows no #include and predefines only the built-in macros.
type Config struct {
	// DollarHex reads, in #if, a $ followed by a hex digit as a hexadecimal number ($1F is 31), as
	// the AVR Assembler's preprocessor does; GNU cpp reads it as an identifier, which is 0. The text
	// is not rewritten, so every column stays the source's.
	DollarHex bool
	// FS is where #include reads files; nil means no file can be included
	// (except Builtin headers). Paths in it are slash-separated with no
	// leading '/' (io/fs.ValidPath); the main file's name, when it is a
	// valid FS path, gives the folder for its "..." includes.
	FS srcfile.Files
	// IncludeDirs are FS folders searched for <...> includes and, after
	// the including file's folder, for "..." includes ("." is the root).
	IncludeDirs []string
	// Defines are -D options: NAME or NAME(params) mapped to the
	// replacement text ("1" when empty), defined before the file, in
	// sorted order.
	Defines map[string]string
	// Builtin holds virtual headers by include name (for example
	// "avr/io.h"). <...> includes look here before FS; "..." includes look
	// here last.
	Builtin map[string]string
	// BuiltinFunc, when not nil, supplies virtual headers that are not in
	// Builtin, made only when included (ok false: no such header).
	BuiltinFunc func(name string) (text string, ok bool)
	// MaxIncludeDepth limits nested #include; 0 means 64.
	MaxIncludeDepth int
	// MaxFileBytes is the size limit of each #include'd file; 0 or negative means 1 MiB. Only regular
	// files are read: a named pipe, device, socket or folder is refused without being opened.
	MaxFileBytes int64
	// MaxTotalBytes limits the bytes of all #include'd files of one Preprocess call together (each file
	// counted once: it is read once); 0 or negative means 4 MiB.
	MaxTotalBytes int64
	// ReadFile, when not nil, reads #include'd files (name is an FS path) instead of the built-in reader
	// of FS with the two limits above; errors satisfying errors.Is(err, fs.ErrNotExist) mean "not
	// here, look in the next folder". The assembler passes one that counts #include'd and .include'd
	// files against one total.
	ReadFile func(name string) ([]byte, error)
	// NotFound, when not nil, is asked for the message of an #include whose file is in none of the
	// folders searched (dirs, cleaned FS paths, in order): "" keeps "file not found". The AVRASM2
	// front end names an unmodelled part's device file and a name that differs only in case.
	NotFound func(name string, dirs []string) string
	// Warn, when not nil, receives warnings (#warning, extra tokens after
	// a directive, macro redefinitions).
	Warn func(*Error)
	// Included, when not nil, is told of each file #include reads the
	// first time (an FS path or a Builtin name) and the position of the
	// #include directive, so that diagnostics can be put in source order
	// (see obj.SourceOrder).
	Included func(file string, at srcpos.Position)
	// Followed, when not nil, is told of every #include directive the preprocessor meets (not in a
	// false #if group): name as the directive gives it, file the file it read (an FS path or a
	// Builtin name; also when #pragma once skips it), "" when it found none (the error follows), and
	// the position of the directive.
	Followed func(name, file string, at srcpos.Position)
}

// pp is the state of one Preprocess call.
type pp struct {
	plain    bool // lines that need no preprocessing are taken as they are (plainLine)
	plains   int  // the lines so taken
	cfg      Config
	spans    []span // the block output lines' spans are kept in (keepSpans)
	read     func(name string) ([]byte, error)
	maxDepth int
	incDirs  []string
	macros   map[string]*macro
	// named says, by a name's first byte, which lengths (bit min(len, 63)) a macro's name has or
	// had (#undef leaves it): a name it does not hold is no macro, without a look-up.
	named    [256]uint64
	files    []*source
	cache    map[string]string
	once     map[string]bool
	errs     ErrorList
	stopped  bool
	out      []Line
	outBytes int
	inBytes  int
	steps    int
	argDepth int              // macro arguments being expanded, nested (maxArgNest)
	ids      map[string]int32 // macro name → hide set id
	counter  int
	stash    []token   // a directive line read while peeking, not yet processed
	deep     *deepLine // the last line lexLine read was cut at parentheses nested too deeply
	segBuf   []seg
	arena    []token // where lexLine puts the lines' tokens (lineToks)
	defToks  []token // defineText's directive line
	main     stream
	cur      outLine
	sites    map[string]srcpos.Position // included file → its first #include
}

// outLine is the output line being built.
type outLine struct {
	buf     []byte
	spans   []span
	file    string
	line    int
	started bool
	prev    token
}

// Preprocess runs the preprocessor over src, the contents of the file
// named file. It returns the output lines and, when something was wrong,
// an [ErrorList] (sorted); the lines are then partial. User input never
// makes it panic.
func Preprocess(file string, src []byte, cfg Config) ([]Line, error) {
	lines, _, err := preprocess(file, src, cfg, true)
	return lines, err
}

// preprocess is Preprocess, with plain lines (plain.go) taken as they are when plain is set (else
// every line goes token by token); it also returns how many lines were taken so.
func preprocess(file string, src []byte, cfg Config, plain bool) ([]Line, int, error) {
	p := &pp{
		plain:    plain,
		cfg:      cfg,
		maxDepth: cfg.MaxIncludeDepth,
		macros:   make(map[string]*macro, len(cfg.Defines)+4),
		cache:    map[string]string{},
		once:     map[string]bool{},
		ids:      make(map[string]int32, len(cfg.Defines)+4),
		// The main file's lines, about: the output grows from there only with includes and splits.
		out: make([]Line, 0, strings.Count(string(src), "\n")+1),
	}
	if p.maxDepth <= 0 {
		p.maxDepth = defaultMaxIncludeDepth
	}
	p.read = cfg.ReadFile
	if p.read == nil {
		r := &srcfile.Reader{FS: cfg.FS, MaxFile: cfg.MaxFileBytes, MaxTotal: cfg.MaxTotalBytes}
		p.read = r.Read
	}
	p.main.refill = p.fill
	for _, m := range []macro{{name: "__FILE__", builtin: bFile}, {name: "__LINE__", builtin: bLine}, {name: "__COUNTER__", builtin: bCounter}} {
		m.id = p.nameID(m.name)
		p.setMacro(&m)
	}
	p.defineText("<built-in>", "__ASSEMBLER__ 1")
	names := make([]string, 0, len(cfg.Defines))
	for k := range cfg.Defines {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v := cfg.Defines[k]
		if k == "" || strings.ContainsAny(k, " \t\r\n") || strings.ContainsAny(v, "\r\n") {
			p.errorf("<command-line>", 1, 0, "invalid define %q=%q", k, v)
			continue
		}
		if v == "" {
			v = "1"
		}
		p.defineText("<command-line>", k+" "+v)
	}
	for _, d := range cfg.IncludeDirs {
		c, why := cleanPath(".", d)
		if why != "" {
			p.errorf("<command-line>", 1, 0, "include dir %q: %s", d, why)
			continue
		}
		p.incDirs = append(p.incDirs, c)
	}
	dir := "."
	if srcfile.ValidPath(file) {
		dir = pathDir(file)
	}
	p.files = append(p.files, newSource(file, dir, "file:"+file, string(src)))
	p.run()
	p.sortErrors(file)
	return p.out, p.plains, p.errs.Err()
}

// sortErrors puts the errors in the order a reader meets them: an included file's at its #include.
func (p *pp) sortErrors(main string) {
	order := obj.SourceOrder{Mains: []string{main}, Sites: p.sites}
	sort.SliceStable(p.errs, func(i, j int) bool {
		a, b := p.errs[i].Pos, p.errs[j].Pos
		if a == b {
			return p.errs[i].Msg < p.errs[j].Msg
		}
		return order.Less(a, b)
	})
}

func newSource(name, dir, key, text string) *source {
	text = strings.TrimPrefix(text, "\ufeff")
	return &source{name: name, dir: dir, key: key, src: text, line: 1}
}

// defineText defines a macro from "NAME body" text (for -D and built-ins).
func (p *pp) defineText(file, text string) {
	s := newSource(file, ".", "", text)
	save := p.files
	p.files = []*source{s}
	toks, ok := p.lexLine(s)
	if ok {
		// "#define" and the line, in a buffer kept for the next one (define copies what it keeps).
		p.defToks = append(append(p.defToks[:0], token{kind: kPunct, text: "#"}, token{kind: kIdent, text: "define"}), toks...)
		p.define(p.defToks)
	}
	p.files = save
}

func (p *pp) top() *source {
	if len(p.files) == 0 {
		return nil
	}
	return p.files[len(p.files)-1]
}

// fileName is the presumed name of the file being read.
func (p *pp) fileName() string {
	if s := p.top(); s != nil {
		return s.name
	}
	return ""
}

func (p *pp) errorf(file string, line, col int, format string, args ...any) {
	if p.stopped {
		return
	}
	p.errs.Add(at(file, line, col), textf.Sprintf(format, args...))
	if len(p.errs) >= maxErrors {
		p.fatal(file, line, col, "too many errors")
	}
}

// fatal reports an error and stops preprocessing.
func (p *pp) fatal(file string, line, col int, msg string) {
	if p.stopped {
		return
	}
	p.errs.Add(at(file, line, col), msg)
	p.stopped = true
}

func (p *pp) warnf(file string, line, col int, format string, args ...any) {
	if p.cfg.Warn != nil && !p.stopped {
		p.cfg.Warn(&Error{Pos: at(file, line, col), Severity: obj.SeverityWarning, Msg: textf.Sprintf(format, args...)})
	}
}

// run is the main loop: read tokens, expand macros, write lines.
func (p *pp) run() {
	for !p.stopped {
		if p.plainLine() {
			continue
		}
		t, r := p.main.next(false)
		switch r {
		case fillDone:
			p.flush()
			return
		case fillFileEnd:
			p.flush()
			p.endFile()
			continue
		}
		if t.kind == kNewline {
			p.flush()
			continue
		}
		if !p.cur.started {
			p.cur.started = true
			p.cur.file = p.fileName()
			p.cur.line = t.line
		}
		if t.kind == kIdent && p.expand(&p.main, t) {
			continue
		}
		p.emit(t)
	}
	p.flush()
}

// fill reads the next line of text into the main stream, processing
// directives and skipping lines in false #if groups. With peek, it stops
// before a directive (leaving it for the next call without peek).
func (p *pp) fill(peek bool) fillResult {
	for !p.stopped {
		s := p.top()
		if s == nil {
			return fillDone
		}
		toks := p.stash
		p.stash = nil
		if toks == nil && s.skipping() && p.skipPlain(s) {
			continue
		}
		if toks == nil {
			var ok bool
			if toks, ok = p.lexLine(s); !ok {
				if p.stopped {
					return fillDone
				}
				return fillFileEnd
			}
		}
		if e := p.deep; e != nil && !s.skipping() && !isCondition(toks) {
			// A line cut short by lexLine (parentheses nested too deeply): refused, not read on.
			// A cut #if or #elif goes on to its expression, which refuses it at the same place.
			p.deep = nil
			p.errorf(e.file, e.line, e.col, "%s nested deeper than %d levels", e.what, maxExprDepth)
			continue
		}
		if isDirective(toks) {
			if peek {
				p.stash = toks
				return fillDirective
			}
			p.directive(s, toks)
			continue
		}
		if s.skipping() {
			continue
		}
		p.main.push(toks...)
		return fillLine
	}
	return fillDone
}

// isCondition reports whether toks is an #if or #elif line.
func isCondition(toks []token) bool {
	return isDirective(toks) && len(toks) > 1 && (toks[1].text == "if" || toks[1].text == "elif")
}

// endFile closes the file on top of the include stack.
func (p *pp) endFile() {
	s := p.top()
	if s == nil {
		return
	}
	for i := len(s.conds) - 1; i >= 0; i-- {
		c := s.conds[i]
		p.errorf(s.name, c.line, c.col, "unterminated #%s", c.name)
	}
	p.files = p.files[:len(p.files)-1]
}

// emit appends a token to the output line.
func (p *pp) emit(t token) {
	c := &p.cur
	ws := t.ws
	if len(c.buf) > 0 && ws == "" && needSpace(c.prev, t) {
		ws = " "
	}
	c.buf = append(c.buf, ws...)
	off := len(c.buf)
	c.buf = append(c.buf, t.text...)
	gen := t.flags&fGen != 0
	c.prev = t
	if n := len(c.spans); n == 0 || !c.spans[n-1].continues(off, t.line, t.col, gen) {
		c.spans = append(c.spans, span{off: off, line: t.line, col: t.col, gen: gen})
	}
	if !gen && t.splits != nil {
		for _, sp := range *t.splits {
			c.spans = append(c.spans, span{off: off + sp.off, line: sp.line, col: sp.col})
		}
	}
}

// needSpace reports whether a space must separate two tokens that are
// adjacent in the output but were not adjacent in the source, so that they
// do not read back as one token (or as a comment).
func needSpace(a, b token) bool {
	if a.flags&fGen == 0 && b.flags&fGen == 0 && a.line == b.line && a.col+len(a.text) == b.col {
		return false
	}
	if a.text == "" || b.text == "" {
		return false
	}
	if a.text[len(a.text)-1] == '/' && (b.text[0] == '/' || b.text[0] == '*') {
		return true
	}
	s := a.text + b.text
	_, end := scanToken(s, 0)
	return end != len(a.text)
}

// spanBlock is how many spans keepSpans allocates at once.
const spanBlock = 256

// keepSpans returns a copy of spans for an output line, taken from a block shared with other lines
// (one allocation per spanBlock spans rather than one per line); nil when there are none. The copy's
// capacity ends at its length, so nothing appended to it reaches another line's spans.
func (p *pp) keepSpans(spans []span) []span {
	if len(spans) == 0 {
		return nil
	}
	if cap(p.spans)-len(p.spans) < len(spans) {
		p.spans = make([]span, 0, max(spanBlock, len(spans)))
	}
	i := len(p.spans)
	p.spans = append(p.spans, spans...)
	return p.spans[i:len(p.spans):len(p.spans)]
}

// flush ends the output line.
func (p *pp) flush() {
	c := &p.cur
	if c.started && len(c.buf) > 0 {
		p.addLine(string(c.buf), c.file, c.line, c.spans)
	}
	c.buf, c.spans, c.started, c.prev = c.buf[:0], c.spans[:0], false, token{}
}

// addLine appends an output line (its spans copied), unless preprocessing has stopped or the output
// would pass its limits (then it stops).
func (p *pp) addLine(text, file string, line int, spans []span) {
	if p.stopped {
		return
	}
	p.outBytes += len(text) + 1
	if p.outBytes > maxOutput || len(p.out) >= maxLines {
		p.fatal(file, line, 0, "output too large (limit 64 MiB or 1M lines)")
		return
	}
	p.out = append(p.out, Line{Text: text, File: file, Line: line, spans: p.keepSpans(spans)})
}
