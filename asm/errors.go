package asm

import (
	"strings"

	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/srcpos"
)

// Severity says whether a diagnostic stops the image from being used (see [obj.Severity]).
type Severity = obj.Severity

// Severities. The zero value is an error.
const (
	SeverityError   = obj.SeverityError   // the image is incomplete or wrong
	SeverityWarning = obj.SeverityWarning // the image is complete (.warning and #warning produce one)
	SeverityInfo    = obj.SeverityInfo    // a message the source prints (.message, #message)
)

// Error is one positioned diagnostic (see [obj.Error]): Pos is where the problem is (file, 1-based
// line, 1-based byte column); End is the column just past the offending text, 0 when unknown.
type Error = obj.Error

// ErrorList is a list of diagnostics, as go/scanner's ErrorList (see [obj.ErrorList]).
type ErrorList = obj.ErrorList

// bailout is the panic value the assembler uses to stop after too many errors or at a hard limit
// (obj.Protect recovers it).
type bailout = obj.Bailout

// lineKey identifies a source line for the one-error-per-line rule.
type lineKey struct {
	file string
	line int
}

// diag collects the diagnostics of one assembly. The error limit counts per file: a file reaching it
// stops the assembly when it is a main file (one given to the assembler), while an included file's
// further errors are dropped after a note, so that the includer's own errors still come; all files
// together stop at ten times the limit.
type diag struct {
	list     ErrorList
	warnings ErrorList
	lines    map[lineKey]bool
	max      int // per file; < 0: unlimited
	mains    map[string]bool
	perFile  map[string]int
}

// maxErrorsFactor times the per-file limit is the limit of all files together.
const maxErrorsFactor = 10

// add records an error unless its line already has one; it bails out when a limit is reached.
func (d *diag) add(pos srcpos.Position, end int, msg string) {
	k := lineKey{pos.Filename, pos.Line}
	if d.lines[k] {
		return
	}
	if d.lines == nil {
		d.lines = make(map[lineKey]bool)
		d.perFile = make(map[string]int)
	}
	f := pos.Filename
	if d.max >= 0 && d.perFile[f] >= d.max {
		if d.perFile[f] == d.max {
			d.perFile[f]++
			d.lines[k] = true
			d.list = append(d.list, &Error{Pos: pos, Msg: "too many errors in " + quote(f) + "; its other errors are not reported"})
		}
		return
	}
	d.lines[k] = true
	d.perFile[f]++
	d.list = append(d.list, &Error{Pos: pos, End: end, Msg: msg})
	if d.max >= 0 && (d.perFile[f] >= d.max && (d.mains[f] || len(d.mains) == 0) || len(d.list) >= maxErrorsFactor*d.max) {
		panic(bailout{})
	}
}

// main marks name as a main file: reaching the limit there stops the assembly.
func (d *diag) main(name string) {
	if d.mains == nil {
		d.mains = make(map[string]bool)
	}
	d.mains[name] = true
}

// errAt reports an error at bytes [off, end) of src, unless its line has one already.
func (d *diag) errAt(src obj.Source, off, end int, msg string) {
	if src == nil || isNilStmt(src) {
		d.add(srcpos.Position{}, 0, msg)
		return
	}
	pos := src.Pos(off)
	if d.has(pos) {
		return
	}
	e := obj.At(src, off, end, msg)
	d.add(e.Pos, e.End, e.Msg)
}

// isNilStmt reports whether src is a nil *stmt (a statement that does not exist, as lastStmt before
// the first statement).
func isNilStmt(src obj.Source) bool {
	st, ok := src.(*stmt)
	return ok && st == nil
}

// record adds an error found earlier (by a front end), marking its line and counting it, without
// stopping.
func (d *diag) record(e *Error) {
	if d.lines == nil {
		d.lines = make(map[lineKey]bool)
		d.perFile = make(map[string]int)
	}
	d.lines[lineKey{e.Pos.Filename, e.Pos.Line}] = true
	d.perFile[e.Pos.Filename]++
	d.list = append(d.list, e)
}

// check bails out when the errors recorded reach the limit of all files together.
func (d *diag) check() {
	if d.max >= 0 && len(d.list) >= maxErrorsFactor*d.max {
		panic(bailout{})
	}
}

// has reports whether the line of pos already has an error (later ones there are dropped).
func (d *diag) has(pos srcpos.Position) bool { return d.lines[lineKey{pos.Filename, pos.Line}] }

// fatal records an error and stops the assembly.
func (d *diag) fatal(pos srcpos.Position, msg string) {
	d.list = append(d.list, &Error{Pos: pos, Msg: msg})
	panic(bailout{})
}

// quote returns s in double quotes for a message, shortened when very long.
func quote(s string) string {
	const max = 40
	if len(s) > max {
		s = s[:max] + "..."
	}
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}
