package asm

import (
	"errors"
	"io/fs"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm/atmel"
	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
	"github.com/avrlab/avrlab/isa"
)

// Config says what to assemble for and where included files come from. The zero value reads each file
// in its own dialect, assembles for isa.DefaultDevice (an AVRASM2 source: for the part its .device
// names) with no file system (no #include or .include of user files) and stops after 10 errors.
type Config struct {
	// Dialect is the syntax of the source files: "gnu" (GNU avr-as, as avr-gcc reads .S files),
	// "atmel" (Atmel AVRASM2, package asm/atmel; "avrasm2" is the same), in any case, or "" for each
	// file's own (see [DialectOf]): the one its "; avrlab dialect: NAME" line names, else the one its
	// extension implies (.asm and .inc are AVRASM2, everything else, .S and .s included, GNU).
	Dialect string
	// Device is the avr-gcc -mmcu name of the part; "" means isa.DefaultDevice for GNU sources and,
	// for an AVRASM2 source, the part its .device line names (isa.DefaultDevice when it names none).
	// When set, an AVRASM2 source's .device must name the same part.
	Device string
	// FS is where AssembleFile reads the file and where #include and .include read theirs; paths are
	// io/fs paths (slash-separated, no leading slash, no ".."). FromFS makes one of an io/fs.FS.
	FS Files
	// Defines are -D options: NAME mapped to its value ("" means 1).
	Defines map[string]string
	// Include are -I folders of FS (slash-separated, inside FS: no leading slash, no ".." leaving
	// it), searched in order after the including file's folder for #include "x" and .include "x",
	// and for #include <x> before the built-in headers.
	Include []string
	// MaxErrors stops assembling after that many errors (one per line); 0 means 10, negative unlimited.
	MaxErrors int
	// MaxFileBytes is the size limit of each source file: the file AssembleFile reads, the src given to
	// Assemble, and every #include'd and .include'd file. 0 or negative means 1 MiB (1,048,576 bytes).
	MaxFileBytes int64
	// MaxTotalBytes limits the bytes of all source files of one assembly together: the main source,
	// each #include'd file once (the preprocessor reads a file once) and each .include'd file as often
	// as it is included. 0 or negative means 4 MiB (4,194,304 bytes).
	MaxTotalBytes int64
	// OmitIncluded makes AssembleFiles leave out of the link each of its files that another of them
	// includes (#include or .include, as the assembler followed it: not in a comment or a false #if):
	// it is part of its includer, as in a folder whose main.S does #include "round.S". Without it such
	// a file is linked too, as avr-gcc main.S round.S links it, and its symbols are defined twice.
	OmitIncluded bool
}

// Limits that turn hostile or runaway input into errors instead of hangs (see "Limits" in the package
// documentation). The file size limits are in Config (MaxFileBytes, MaxTotalBytes).
const (
	maxStatements   = 1_000_000  // statements processed, after macro and .rept expansion
	maxDepth        = 100        // nested macro calls, .rept/.irp bodies and .include files
	maxExpandBytes  = 32 << 20   // bytes of text produced by macro argument substitution
	maxExprDepth    = 256        // parentheses, function calls and unary operators nested in one expression
	maxCondDepth    = 256        // .if nested in .if (all open ones, across macros and .include files)
	maxEffort       = 16_000_000 // steps of work: tokens read, expression nodes evaluated, 8 bytes of text
	defaultMaxError = 10
)

// ReadSource reads the source file name from fsys, as the assembler reads every source file: only a
// regular file is read (a named pipe, device, socket or folder is refused without being opened, so
// reading never blocks), and a file larger than limit bytes (limit <= 0 means 1 MiB, the default of
// Config.MaxFileBytes) is refused before it is read whole. Callers that read the main file themselves
// (to pass it to Assemble) should read it with ReadSource and cfg.MaxFileBytes.
//
// A refusal reads, for example, `"big.S" is 1258291200 bytes; the limit is 1048576 bytes per file`,
// `"fifo.S" is not a regular file (named pipe)` or `"inc" is not a regular file (folder)`; errors of
// fsys are returned as they are (errors.Is(err, fs.ErrNotExist) for a missing file).
func ReadSource(fsys fs.FS, name string, limit int64) ([]byte, error) {
	return srcfile.Read(srcfile.FromFS(fsys), name, limit)
}

// Files is a read-only tree of source files: the file system the assembler reads (Config.FS). Its
// three calls are fs.Stat's, Open's and fs.ReadDir's without io/fs's interfaces, whose FileInfo
// (ModTime, a time.Time) would link time's formatting into the playground's engine.wasm.
type Files = srcfile.Files

// SourceFile is an open file of a Files.
type SourceFile = srcfile.File

// SourceInfo is a file's type and size, as a Files describes it.
type SourceInfo = srcfile.Info

// FromFS returns fsys as a Files (nil for nil), read through fs.Stat, fsys.Open and fs.ReadDir with
// their errors.
func FromFS(fsys fs.FS) Files { return srcfile.FromFS(fsys) }

// CheckSource refuses the file name described by info as ReadSource would, with its messages: a file
// that is not regular, or one of more than limit bytes (limit <= 0 means 1 MiB). It is for a file
// system that opens source files itself and must refuse them before opening (lab's grading folder).
func CheckSource(name string, info fs.FileInfo, limit int64) error {
	return srcfile.Check(name, info, limit)
}

// AssembleFile reads name from cfg.FS (with ReadSource and cfg.MaxFileBytes) and assembles it. On
// errors it returns the partial image and an ErrorList; the image is nil only when the file cannot be
// read or the device is unknown.
func AssembleFile(name string, cfg Config) (*Image, error) {
	pos := srcpos.Position{Filename: name}
	if cfg.FS == nil {
		return nil, ErrorList{{Pos: pos, Msg: "no file system to read " + quote(name) + " from"}}
	}
	src, err := srcfile.Read(cfg.FS, name, cfg.MaxFileBytes)
	if err != nil {
		return nil, ErrorList{{Pos: pos, Msg: readError(name, false, err)}}
	}
	return Assemble(name, src, cfg)
}

// readError is the message for a file that could not be read: the refusal of ReadSource, or (include
// false) `file "x" not found` and `cannot read "x": ...`, (include true) `include file "x" not found`
// and `cannot read include file "x": ...`.
func readError(name string, include bool, err error) string {
	se, isSE := errors.AsType[*srcfile.Error](err)
	what := ""
	if include {
		what = "include file "
	}
	switch {
	case isSE:
		return se.Error()
	case errors.Is(err, fs.ErrNotExist) && include:
		return what + quote(name) + " not found"
	case errors.Is(err, fs.ErrNotExist):
		return "file " + quote(name) + " not found"
	}
	return "cannot read " + what + quote(name) + ": " + err.Error()
}

// Assemble assembles src as file name, in its dialect (see [Config.Dialect]; includes are still read
// from cfg.FS; src counts against cfg.MaxTotalBytes, and a src larger than cfg.MaxFileBytes is refused
// like a file). It returns the image (partial when there are errors: after too many errors it may hold
// only the Device) and, on errors, an ErrorList sorted by position with at most one error per line.
// The image is nil only when cfg.Device or cfg.Dialect is unknown. Assemble is safe for concurrent use.
func Assemble(name string, src []byte, cfg Config) (*Image, error) {
	o, err := Compile(name, src, cfg)
	if err != nil {
		return nil, err
	}
	return Link(objectDevice(o, cfg), []*obj.Object{o}, cfg.MaxErrors)
}

// objectDevice is the device to link o for: the one it was made for (an AVRASM2 source's .device),
// else (an object that stopped before choosing one) cfg's.
func objectDevice(o *obj.Object, cfg Config) *isa.Device {
	if o.Device != nil {
		return o.Device
	}
	if d := isa.LookupDevice(cfg.Device); d != nil {
		return d
	}
	return isa.LookupDevice(isa.DefaultDevice)
}

// device returns the device of cfg, or an ErrorList naming the known ones (at file name).
func device(name string, cfg Config) (*isa.Device, error) {
	devName := cfg.Device
	if devName == "" {
		devName = isa.DefaultDevice
	}
	dev := isa.LookupDevice(devName)
	if dev == nil {
		msg := textf.Sprintf("unknown device %s (avrlab knows %s)", quote(devName), strings.Join(isa.DeviceNames(), ", "))
		return nil, ErrorList{{Pos: srcpos.Position{Filename: name}, Msg: msg}}
	}
	return dev, nil
}

// DialectOf returns the dialect asm reads file name (with contents src) in under the Config.Dialect
// dialect: [obj.DialectGNU] or [obj.DialectAtmel]. For "" it is the file's own: the dialect its
// "; avrlab dialect: atmel|gnu" line names, else the one its extension implies (.asm and .inc are
// AVRASM2, everything else GNU), as atmel.Detect tells. An unknown dialect name is an error.
func DialectOf(name string, src []byte, dialect string) (string, error) {
	d := atmel.Detect(name, src)
	if dialect != "" {
		var ok bool
		if d, ok = atmel.ParseDialect(dialect); !ok {
			return "", textf.Errorf("unknown dialect %s (avrlab reads gnu and atmel)", quote(dialect))
		}
	}
	if d == atmel.Atmel {
		return obj.DialectAtmel, nil
	}
	return obj.DialectGNU, nil
}

// Compile runs the front end of src's dialect (see [Config.Dialect]) on src as file name (pass 1:
// preprocess, read, lay out) and returns its object, for [Link] to link with others; the object's
// Errors hold the diagnostics. A GNU source goes to this package's front end, an AVRASM2 one to
// package asm/atmel (its object's Device is then the part its .device names when cfg.Device is ""). The
// error is an ErrorList only when cfg.Device or cfg.Dialect is unknown, or for an AVRASM2 source in a
// build with the tag avrlab_core (the playground's engine.wasm, which leaves that dialect to tools.wasm). Compile is safe for
// concurrent use.
func Compile(name string, src []byte, cfg Config) (*obj.Object, error) {
	d, err := DialectOf(name, src, cfg.Dialect)
	if err != nil {
		return nil, ErrorList{{Pos: srcpos.Position{Filename: name}, Msg: err.Error()}}
	}
	dev, err := device(name, cfg)
	if err != nil {
		return nil, err
	}
	if d == obj.DialectAtmel {
		return compileAtmel(name, src, cfg)
	}
	return assemble(name, src, cfg, dev), nil
}

// Includes returns the include directives that assembling src as file name with cfg meets, as
// [Image.Includes] lists them, without linking: it runs the front end's first pass (as [Compile]
// does), so the files are found as the assembly finds them (next to the including file, the main
// file's folder, the -I folders, the built-in headers) and a directive in a false #if or .if does not
// count. The error is an ErrorList only when cfg.Device or cfg.Dialect is unknown; problems of the
// source (an include not found among them) are in the object, not returned here.
func Includes(name string, src []byte, cfg Config) ([]Include, error) {
	o, err := Compile(name, src, cfg)
	if err != nil {
		return nil, err
	}
	return o.Followed, nil
}

// MaxFiles is the most source files AssembleFiles links into one program.
const MaxFiles = 256

// AssembleFiles assembles the files names of cfg.FS separately (each with cfg, as Compile does) and
// links them in that order, as avr-gcc -nostartfiles -nostdlib a.S b.S does: the sections of all files
// placed by the default linker script (those of one kind in the order of names), a symbol a file uses
// without defining it resolved to the .global symbol of that name in another file. A .global symbol
// defined in two files, and a symbol no file defines, are errors naming both positions where there
// are two. An AVRASM2 source is a program on its own (AVRASM2 has no linker): it is assembled as
// Assemble does when it is the only file, and refused among others (see [Link]). It returns the image
// (partial on errors, nil when a file cannot be read or the device or dialect is unknown) and an
// ErrorList sorted by file and position. The size limits apply to each file. With cfg.OmitIncluded a
// file that another of names includes is left to its includer.
func AssembleFiles(names []string, cfg Config) (*Image, error) {
	if len(names) == 0 {
		return nil, ErrorList{{Msg: "no source files to assemble"}}
	}
	if len(names) > MaxFiles {
		return nil, ErrorList{{Pos: srcpos.Position{Filename: names[MaxFiles]}, Msg: textf.Sprintf("%d source files; the limit is %d files in one program", len(names), MaxFiles)}}
	}
	dev, err := device(names[0], cfg)
	if err != nil {
		return nil, err
	}
	if _, err := DialectOf(names[0], nil, cfg.Dialect); err != nil {
		return nil, ErrorList{{Pos: srcpos.Position{Filename: names[0]}, Msg: err.Error()}}
	}
	var errs ErrorList
	seen := make(map[string]bool, len(names))
	objs := make([]*obj.Object, 0, len(names))
	for _, name := range names {
		pos := srcpos.Position{Filename: name}
		switch {
		case cfg.FS == nil:
			errs = append(errs, &Error{Pos: pos, Msg: "no file system to read " + quote(name) + " from"})
			continue
		case seen[name]:
			errs = append(errs, &Error{Pos: pos, Msg: "file " + quote(name) + " is named twice (avr-gcc would define its symbols twice)"})
			continue
		}
		seen[name] = true
		src, err := srcfile.Read(cfg.FS, name, cfg.MaxFileBytes)
		if err != nil {
			errs = append(errs, &Error{Pos: pos, Msg: readError(name, false, err)})
			continue
		}
		o, err := Compile(name, src, cfg)
		if err != nil {
			return nil, err
		}
		objs = append(objs, o)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if cfg.OmitIncluded {
		objs = omitIncluded(objs)
	}
	if len(objs) == 1 {
		dev = objectDevice(objs[0], cfg)
	}
	return Link(dev, objs, cfg.MaxErrors)
}

// omitIncluded returns the objects of objs whose file no other object of objs includes; all of them
// when every file is included by another (files that include each other: each object reports the loop).
func omitIncluded(objs []*obj.Object) []*obj.Object {
	included := map[string]bool{}
	for _, o := range objs {
		for f := range o.Includes {
			if f != o.Name {
				included[f] = true
			}
		}
	}
	var kept []*obj.Object
	for _, o := range objs {
		if !included[o.Name] {
			kept = append(kept, o)
		}
	}
	if len(kept) == 0 {
		return objs
	}
	return kept
}

// assemble runs the GNU front end on src: pass 1 makes the object.
func assemble(name string, src []byte, cfg Config, dev *isa.Device) *obj.Object {
	a := &assembler{
		cfg:       cfg,
		dev:       dev,
		syms:      make(map[string]*symDef),
		localBack: make(map[int]*symDef),
		localFwd:  make(map[int]*symDef),
		secByName: make(map[string]*section),
		macros:    make(map[string]*macro),
	}
	a.diag.max = cfg.MaxErrors
	if a.diag.max == 0 {
		a.diag.max = defaultMaxError
	}
	a.diag.main(name)
	a.ev.MaxEffort = maxEffort
	a.ev.OnEffort = func(src obj.Source, off int) { a.effortFatal(src, off) }
	complete := obj.Protect(func() { a.pass1(name, src) })
	return a.object(name, complete)
}

// object returns what pass 1 made: the sections, the symbols sorted by name, the diagnostics in the
// order they were found (warnings included).
func (a *assembler) object(name string, complete bool) *obj.Object {
	o := &obj.Object{Name: name, Device: a.dev, Dialect: obj.DialectGNU, Sections: a.sections, DataBase: dataOffset,
		EEPROMBase: eepromOffset, Effort: a.ev.Effort, Incomplete: !complete}
	if a.lastStmt != nil {
		o.Last = a.lastStmt
	}
	o.Symbols = make([]*symDef, 0, len(a.syms))
	for _, d := range a.syms {
		o.Symbols = append(o.Symbols, d)
	}
	sort.Slice(o.Symbols, func(i, j int) bool { return o.Symbols[i].Name < o.Symbols[j].Name })
	o.Errors = append(a.diag.list, a.diag.warnings...)
	o.Includes = a.sites
	o.Followed = a.followed.List()
	return o
}

// assembler is the state of one assembly.
type assembler struct {
	cfg  Config
	dev  *isa.Device
	diag diag
	// stmts is the block the source's statements are allocated from (newStmt), a line at a time.
	stmts []stmt
	nodes []node // the block expression nodes are allocated from (exprParser.node)

	// symbols
	syms      map[string]*symDef
	localBack map[int]*symDef
	localFwd  map[int]*symDef

	// sections
	sections  []*section
	secByName map[string]*section
	cur       *section
	prev      *section                   // for .previous
	secStack  []*section                 // .pushsection
	commons   []*symDef                  // .comm symbols, allocated at the end of .bss
	abs       *section                   // the absolute section of .struct (not linked), nil until used
	sites     map[string]srcpos.Position // included file → where it was first included
	followed  obj.Followed               // every include directive met (Object.Followed)
	eqvs      map[*symDef]*eqv

	// input
	reader   srcfile.Reader // reads #include'd and .include'd files, with the size limits
	mainFile string
	frames   []*frame
	conds    []cond
	rec      *recording
	macros   map[string]*macro
	nmacro   int // expansions so far: the value of \@
	nstmt    int
	toksBuf  []tok         // the buffer statement lexes a statement into (stmt.tokens), reused
	expanded int           // bytes produced by macro substitution
	ev       obj.Evaluator // evaluates expressions; its Effort counts all the work (see spend)
	ended    bool
	lastStmt *stmt
}

// spend counts steps of work against the effort budget: one per token of a statement read (after
// expansion, also in skipped .if groups and recorded bodies), one per 8 bytes of its text, one per
// macro parameter set, four per statement copied for a macro or .irp expansion and one per expression
// node evaluated or visited. Past maxEffort the assembly stops with an error at byte off of st (the
// statement being read or evaluated) that names the construct that used the budget up: the outermost
// macro call, .rept, .irp or .irpc being expanded.
func (a *assembler) spend(steps int, st *stmt, off int) {
	a.ev.Effort += steps
	if a.ev.Effort <= maxEffort {
		return
	}
	a.effortFatal(st, off)
}

// effortFatal stops the assembly with the effort limit's message at byte off of src.
func (a *assembler) effortFatal(src obj.Source, off int) {
	var pos srcpos.Position
	if src != nil && !isNilStmt(src) {
		pos = src.Pos(off)
	}
	msg := textf.Sprintf("assembly effort limit reached (more than %d steps of work)", maxEffort)
	for _, f := range a.frames {
		if f.kind == frFile || f.st == nil {
			continue
		}
		what := f.dir
		if f.kind == frMacro {
			what = "macro " + quote(f.exp.m.name) + " called"
		}
		cp := f.st.Pos(f.at)
		where := textf.Sprintf("%d:%d", cp.Line, cp.Column)
		if cp.Filename != pos.Filename {
			where = cp.String()
		}
		msg = textf.Sprintf("assembly effort limit reached (%s at %s expands to more than %d steps of work)", what, where, maxEffort)
		break
	}
	a.diag.fatal(pos, msg)
}

// errAt reports an error at bytes [off, end) of src.
func (a *assembler) errAt(src obj.Source, off, end int, msg string) { a.diag.errAt(src, off, end, msg) }

// errTok reports an error at token t: its own message for a malformed token, else msg.
func (a *assembler) errTok(st *stmt, t *tok, msg string) {
	if t.kind == tIllegal {
		msg = t.str
	}
	a.errAt(st, t.off, t.end, msg)
}

// pass1 preprocesses the source and reads every statement: it expands macros and repetitions, follows
// conditionals and includes, defines symbols and sizes every instruction and directive.
func (a *assembler) pass1(name string, src []byte) {
	a.reader = srcfile.Reader{FS: a.cfg.FS, MaxFile: a.cfg.MaxFileBytes, MaxTotal: a.cfg.MaxTotalBytes, Used: int64(len(src))}
	if err := srcfile.CheckSize(name, int64(len(src)), a.cfg.MaxFileBytes); err != nil {
		a.diag.fatal(srcpos.Position{Filename: name}, err.Error())
	}
	defines := deviceDefines(a.dev)
	for k, v := range a.cfg.Defines {
		if v == "" {
			v = "1"
		}
		defines[k] = v
	}
	lines, err := cpp.Preprocess(name, src, cpp.Config{
		FS:          a.cfg.FS,
		IncludeDirs: a.cfg.Include,
		Defines:     defines,
		BuiltinFunc: func(n string) (string, bool) {
			if n == "avr/io.h" {
				return ioHeader(a.dev), true
			}
			h, ok := deviceHeaders(a.dev)[n] // made only for a source that includes one
			return h, ok
		},
		MaxIncludeDepth: maxDepth,
		ReadFile:        a.reader.Read,
		Warn: func(e *cpp.Error) {
			a.diag.warnings = append(a.diag.warnings, e)
		},
		Included: a.included,
		Followed: func(name, file string, at srcpos.Position) { a.followed.Add(at, name, file) },
	})
	if err != nil {
		if list, ok := errors.AsType[cpp.ErrorList](err); ok {
			a.diag.list = append(a.diag.list, list...)
		} else {
			a.diag.list.Add(srcpos.Position{Filename: name}, err.Error())
		}
		panic(bailout{})
	}
	src2 := make([]*srcLine, 0, len(lines))
	kept := make([]srcLine, len(lines)) // one allocation for all the lines
	for i := range lines {
		l := &lines[i]
		if blank(l.Text) {
			continue
		}
		kept[i] = srcLine{text: l.Text, file: l.File, line: l.Line, cl: l}
		src2 = append(src2, &kept[i])
	}
	a.cur = a.section(".text", obj.SecText, obj.SlotText)
	a.mainFile = name
	a.pushFile(name, src2)
	a.run()
}

// included records where file was first included (for diagnostics in source order).
func (a *assembler) included(file string, at srcpos.Position) {
	if a.sites == nil {
		a.sites = make(map[string]srcpos.Position)
	}
	if _, ok := a.sites[file]; !ok {
		a.sites[file] = at
	}
}

// run processes statements until the input ends.
func (a *assembler) run() {
	for !a.ended {
		st := a.next()
		if st == nil {
			break
		}
		a.statement(st)
	}
	for len(a.frames) > 0 {
		a.popFrame()
	}
}
