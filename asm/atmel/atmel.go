package atmel

import (
	"errors"
	"slices"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// Config says what to assemble for and where included files come from, as asm.Config does for the
// GNU dialect. The zero value assembles for the part the source's .device names (isa.DefaultDevice
// when it names none), with no file system (only the generated device definition files can be
// included) and stops after 10 errors.
type Config struct {
	// Device is the avr-gcc -mmcu name of the part. When set, a .device line must name the same part.
	Device string
	// FS is where the file is read from and where #include and .include read theirs (io/fs paths).
	FS srcfile.Files
	// Defines are -D options: NAME mapped to its value ("" means 1), for #if and #ifdef.
	Defines map[string]string
	// Include are -I folders of FS, searched in order after the including file's folder for
	// .include "x" and #include "x".
	Include []string
	// MaxErrors stops after that many errors (one per line); 0 means 10, negative unlimited.
	MaxErrors int
	// MaxFileBytes and MaxTotalBytes limit each source file and all of them together; 0 or negative
	// means 1 MiB and 4 MiB.
	MaxFileBytes, MaxTotalBytes int64
}

// Limits that turn hostile or runaway input into errors (as package asm has them).
const (
	maxStatements  = 1_000_000  // statements processed, after macro expansion
	maxDepth       = 100        // nested macro calls and include files
	maxExpandBytes = 32 << 20   // bytes of text made by macro argument substitution
	maxExprDepth   = 256        // parentheses, functions and unary operators nested in one expression
	maxCondDepth   = 256        // open .if
	maxEffort      = 16_000_000 // steps of work, as package asm counts them
	defaultMaxErrs = 10
	maxParams      = 10 // @0..@9
)

// Parse reads an AVRASM2 source file (src, named name; includes from cfg.FS) and returns its object,
// for asm.Link: the code segment (.cseg, flash from byte 0), the data segment (.dseg, SRAM from the
// device's SRAM start, reservations only) and the EEPROM segment (.eseg, an [obj.SecEEPROM] section
// from EEPROM address 0), with the labels of all three in its symbols, and Device the part the source's
// .device line (or cfg.Device) names. It never fails as such: problems are in the object's Errors, and
// its Incomplete says whether it can be linked. An unknown cfg.Device is an error of the object. Parse
// is safe for concurrent use.
func Parse(name string, src []byte, cfg Config) *obj.Object {
	p := &parser{cfg: cfg, name: name, syms: map[string]*obj.Symbol{}, sets: map[*obj.Symbol]bool{},
		pending: map[*obj.Symbol][]*obj.Expr{}, regs: map[string]int{}, macros: map[string]*macro{}}
	p.maxErrs = cfg.MaxErrors
	if p.maxErrs == 0 {
		p.maxErrs = defaultMaxErrs
	}
	p.ev.MaxEffort = maxEffort
	p.ev.OnEffort = func(src obj.Source, off int) {
		p.fatal(src, off, textf.Sprintf("assembly effort limit reached (more than %d steps of work)", maxEffort))
	}
	complete := obj.Protect(func() { p.run(src) })
	return p.object(complete)
}

// bailout stops the front end (too many errors, a limit); Parse recovers it with obj.Protect.
type bailout = obj.Bailout

// parser is the state of one front-end run.
type parser struct {
	cfg  Config
	name string
	dev  *isa.Device
	// devFrom is the .device statement that chose dev (nil: Config.Device or the default); devUsed
	// is true once something depends on the device (an instruction, a data segment address).
	devFrom *stmt
	devUsed bool
	ev      obj.Evaluator

	errs, warnings obj.ErrorList
	errLines       map[srcpos.Position]bool // lines with an error (file and line only)
	maxErrs        int

	cseg, dseg, eseg *obj.Section
	cur              *obj.Section

	syms    map[string]*obj.Symbol // by folded name: the current definition of each name
	sets    map[*obj.Symbol]bool   // symbols assigned with .set (may be assigned again)
	pending map[*obj.Symbol][]*obj.Expr
	regs    map[string]int // .def names (folded) to register numbers
	forward []forwardReg   // operands naming a register before its .def
	assigns []assignment   // .equ and .set whose value used a name not defined yet
	macros  map[string]*macro

	includes map[string]srcpos.Position // included file → where it was first included
	followed obj.Followed               // every include directive met (obj.Object.Followed)

	lines   []cpp.Line
	li      int      // next line of lines
	frames  []*frame // macro expansions being read, innermost last
	conds   []cond
	rec     *recording // the .macro being recorded
	nstmt   int
	nexp    int // bytes made by macro substitution
	skipTo  string
	stopped bool // .exit in the main file
	last    *stmt
}

// errAt reports an error about bytes [off, end) of src, one per line; past the limit it stops.
func (p *parser) errAt(src obj.Source, off, end int, msg string) {
	e := obj.At(src, off, end, msg)
	key := srcpos.Position{Filename: e.Pos.Filename, Line: e.Pos.Line}
	if p.errLines == nil {
		p.errLines = map[srcpos.Position]bool{}
	}
	if p.errLines[key] {
		return
	}
	p.errLines[key] = true
	p.errs = append(p.errs, e)
	if p.maxErrs > 0 && len(p.errs) >= p.maxErrs {
		panic(bailout{})
	}
}

// errTok reports an error at token t: its own message for a malformed token, else msg.
func (p *parser) errTok(st *stmt, t *tok, msg string) {
	if t.kind == tIllegal {
		msg = t.str
	}
	p.errAt(st, t.off, t.end, msg)
}

// warn records a warning about bytes [off, end) of src.
func (p *parser) warn(src obj.Source, off, end int, msg string) {
	e := obj.At(src, off, end, msg)
	e.Severity = obj.SeverityWarning
	p.warnings = append(p.warnings, e)
}

// info records a message the source prints (.message, #message) at bytes [off, end) of src.
func (p *parser) info(src obj.Source, off, end int, msg string) {
	e := obj.At(src, off, end, msg)
	e.Severity = obj.SeverityInfo
	p.warnings = append(p.warnings, e)
}

// fatal reports an error and stops.
func (p *parser) fatal(src obj.Source, off int, msg string) {
	e := obj.At(src, off, off, msg)
	if src == nil {
		e.Pos.Filename = p.name
	}
	p.errs = append(p.errs, e)
	panic(bailout{})
}

// hasError reports whether the line of byte off of src has an error already.
func (p *parser) hasError(src obj.Source, off int) bool {
	pos := src.Pos(off)
	return p.errLines[srcpos.Position{Filename: pos.Filename, Line: pos.Line}]
}

// spend counts steps of work against the effort budget.
func (p *parser) spend(steps int, src obj.Source, off int) {
	p.ev.Effort += steps
	if p.ev.Effort > maxEffort {
		p.ev.OnEffort(src, off)
	}
}

// object returns what the run made.
func (p *parser) object(complete bool) *obj.Object {
	o := &obj.Object{Name: p.name, Device: p.dev, Dialect: obj.DialectAtmel, Effort: p.ev.Effort, Incomplete: !complete,
		Includes: p.includes, Followed: p.followed.List()}
	if p.dev == nil {
		o.Incomplete = true
	}
	for _, s := range []*obj.Section{p.cseg, p.dseg, p.eseg} {
		if s != nil {
			o.Sections = append(o.Sections, s)
		}
	}
	for _, s := range p.syms {
		o.Symbols = append(o.Symbols, s)
	}
	sort.Slice(o.Symbols, func(i, j int) bool { return o.Symbols[i].Name < o.Symbols[j].Name })
	if p.last != nil {
		o.Last = p.last
	}
	sort.SliceStable(p.warnings, func(i, j int) bool { return p.warnings[i].Pos.Line < p.warnings[j].Pos.Line })
	o.Errors = append(p.errs, p.warnings...)
	return o
}

// run preprocesses the source and reads every statement.
func (p *parser) run(src []byte) {
	if err := srcfile.CheckSize(p.name, int64(len(src)), p.cfg.MaxFileBytes); err != nil {
		p.fatal(nil, 0, err.Error())
	}
	if p.cfg.Device != "" {
		p.dev = isa.LookupDevice(strings.ToLower(p.cfg.Device))
		if p.dev == nil {
			p.fatal(nil, 0, textf.Sprintf("unknown device %s (avrlab knows %s)", quote(p.cfg.Device), strings.Join(isa.DeviceNames(), ", ")))
		}
	} else {
		p.dev = isa.LookupDevice(isa.DefaultDevice)
	}
	p.setDevice(p.dev)
	lines, includes, err := preprocess(p.name, src, preprocessConfig{
		fs: p.cfg.FS, include: p.cfg.Include, maxFile: p.cfg.MaxFileBytes, maxTotal: p.cfg.MaxTotalBytes,
		defines: p.defines(), maxDepth: maxDepth,
		included: func(file string, at srcpos.Position) {
			if p.includes == nil {
				p.includes = map[string]srcpos.Position{}
			}
			if _, ok := p.includes[file]; !ok {
				p.includes[file] = at
			}
		},
		followed: func(name, file string, at srcpos.Position) { p.followed.Add(at, name, file) },
		warn: func(e *cpp.Error) {
			// #warning "text" prints text, as AVRASM2 (and avra) print it.
			if m, ok := strings.CutPrefix(e.Msg, "#warning "); ok {
				e.Msg = strings.Trim(strings.TrimSpace(m), `"`)
			}
			p.warnings = append(p.warnings, e)
		},
	})
	if err != nil {
		if list, ok := errors.AsType[cpp.ErrorList](err); ok {
			for _, e := range list {
				if slices.Contains(includes[e.Pos.Filename], e.Pos.Line) {
					e.Msg = strings.Replace(e.Msg, "#include", ".include", 1)
				}
				p.errs = append(p.errs, e)
			}
		} else {
			p.errs.Add(srcpos.Position{Filename: p.name}, err.Error())
		}
		panic(bailout{})
	}
	p.lines = lines
	for !p.stopped {
		st := p.next()
		if st == nil {
			break
		}
		p.statement(st)
	}
	p.resolveForward()
	p.checkAssigns()
	if p.rec != nil {
		p.errAt(p.rec.st, p.rec.at, p.rec.at, ".macro "+p.rec.m.name+" has no .endm or .endmacro")
	}
	if len(p.conds) > 0 {
		c := p.conds[len(p.conds)-1]
		p.errAt(c.st, c.at, c.at, c.dir+" has no .endif")
	}
}

// defines returns the macros the preprocessor starts with: the -D options and AVRASM2's predefined
// names for the device (__PART_NAME__, __ATmega128__) and the assembler (__AVRASM_VERSION__).
func (p *parser) defines() map[string]string {
	part := partName(p.dev)
	m := map[string]string{
		"__AVRASM_VERSION__": "2001",
		"__PART_NAME__":      part,
		"__" + part + "__":   "1",
	}
	for k, v := range p.cfg.Defines {
		if v == "" {
			v = "1"
		}
		m[k] = v
	}
	return m
}

// partName is the part's name as Atmel spells it (ATmega128, ATtiny45, ATxmega128A1).
func partName(d *isa.Device) string {
	n := d.Name
	for _, pre := range []string{"atmega", "attiny", "atxmega"} {
		if strings.HasPrefix(n, pre) {
			return "AT" + pre[2:] + strings.ToUpper(n[len(pre):])
		}
	}
	return strings.ToUpper(n)
}

// setDevice makes d the device: the segments' addresses follow from it.
func (p *parser) setDevice(d *isa.Device) {
	p.dev = d
	if p.cseg == nil {
		p.cseg = &obj.Section{Name: ".cseg", Kind: obj.SecText, Slot: obj.SlotText, Align: 1}
		p.dseg = &obj.Section{Name: ".dseg", Kind: obj.SecBSS, Slot: obj.SlotBSS, Align: 1}
		p.eseg = &obj.Section{Name: ".eseg", Kind: obj.SecEEPROM, Align: 1}
		p.cur = p.cseg
	}
	// The code segment is the object's only flash section and the data segment its only SRAM one,
	// so the linker puts them at flash 0 and at the SRAM start: labels are absolute from the start,
	// as AVRASM2 has them ("no linking is necessary").
	p.dseg.Addr = int64(d.SRAMStart)
}

// next returns the next statement: from the innermost macro expansion, else the next line.
func (p *parser) next() *stmt {
	for len(p.frames) > 0 {
		f := p.frames[len(p.frames)-1]
		if f.i < len(f.body) {
			st := f.expand(p, f.i)
			f.i++
			return st
		}
		p.frames = p.frames[:len(p.frames)-1]
	}
	for p.li < len(p.lines) {
		l := &p.lines[p.li]
		p.li++
		text := strings.TrimSpace(l.Text)
		if text == eofMarker {
			if p.skipTo == l.File {
				p.skipTo = ""
			}
			continue
		}
		if p.skipTo != "" || text == "" {
			continue
		}
		return &stmt{text: l.Text, line: l}
	}
	return nil
}

// statement handles one statement.
func (p *parser) statement(st *stmt) {
	p.nstmt++
	if p.nstmt > maxStatements {
		p.fatal(st, 0, textf.Sprintf("more than %d statements after macro expansion", maxStatements))
	}
	p.last = st
	toks := lex(st.text)
	p.spend(len(toks)+len(st.text)/8, st, 0)
	if p.rec != nil {
		p.record(st, toks)
		return
	}
	i := 0
	if toks[0].kind == tIllegal && toks[0].text == "#" {
		p.hashLine(st, toks)
		return
	}
	if !p.active() {
		if toks[0].kind == tIdent && isCondDirective(toks[0].text) {
			p.directive(st, toks, 0)
		}
		return
	}
	if toks[0].kind == tIdent && toks[1].kind == tOp && toks[1].text == ":" && toks[0].text[0] != '.' {
		p.defineLabel(st, &toks[0])
		i = 2
	} else if toks[0].kind == tNum && toks[1].kind == tOp && toks[1].text == ":" {
		p.errAt(st, toks[0].off, toks[1].end, GNUHint(st.text[toks[0].off:toks[1].end], "numeric local label"))
		return
	}
	t := &toks[i]
	switch {
	case t.kind == tEOF:
	case t.kind == tIdent && t.text[0] == '.':
		p.directive(st, toks, i)
	case t.kind == tIdent:
		if m := p.macros[fold(t.text)]; m != nil {
			p.callMacro(st, toks, i, m)
			return
		}
		if toks[i+1].kind == tOp && toks[i+1].text == "=" {
			p.errAt(st, t.off, toks[i+1].end, GNUHint(t.text+" =", "assignment")+" (AVRASM2 writes .equ "+t.text+" = ...)")
			return
		}
		p.instruction(st, toks, i)
	default:
		p.errTok(st, t, "expected a label, instruction, directive or macro, found "+found(t))
	}
}

// hashLine handles a line the preprocessor passed on with its '#': #message is AVRASM2's, anything
// else (#pragma, "# 12 ...") needs nothing.
func (p *parser) hashLine(st *stmt, toks []tok) {
	if !p.active() || len(toks) < 2 || toks[1].kind != tIdent || !strings.EqualFold(toks[1].text, "message") {
		return
	}
	msg := strings.TrimSpace(st.text[toks[1].end:])
	p.info(st, toks[0].off, toks[1].end, strings.Trim(msg, `"`))
}

// fold is the form of a name AVRASM2 compares: names ignore case.
func fold(s string) string { return strings.ToLower(s) }

// found describes a token for an "expected X, found Y" message.
func found(t *tok) string {
	switch t.kind {
	case tEOF:
		return "end of line"
	case tIllegal:
		return t.str
	case tStr:
		return "string"
	}
	return quote(t.text)
}
