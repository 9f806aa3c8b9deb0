package obj

import (
	"sort"

	"github.com/avrlab/avrlab/internal/srcpos"
	"github.com/avrlab/avrlab/internal/textf"
)

// Severity says whether a diagnostic stops the image from being used.
type Severity uint8

// Severities. The zero value is an error.
const (
	SeverityError   Severity = iota // the image is incomplete or wrong
	SeverityWarning                 // the image is complete (.warning and #warning produce one)
	SeverityInfo                    // a message the source prints (AVRASM2's .message and #message)
)

// String returns "error", "warning" or "info".
func (s Severity) String() string {
	switch s {
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	}
	return "error"
}

// Error is one positioned diagnostic of a front end, the preprocessor or the linker. Pos is where the
// problem is (file, 1-based line, 1-based byte column); End is the column just past the offending
// text, 0 when unknown.
type Error struct {
	Pos      srcpos.Position
	End      int
	Severity Severity
	Msg      string
}

// Error formats the diagnostic as "file:line:col: msg" ("file:line:col: warning: msg" for a warning,
// "file:line:col: info: msg" for a message).
func (e *Error) Error() string {
	p := e.Pos.String()
	if e.Severity != SeverityError {
		return p + ": " + e.Severity.String() + ": " + e.Msg
	}
	return p + ": " + e.Msg
}

// At returns the error msg about bytes [off, end) of src: at src.Pos(off), with End set when end is
// on the same line, and src.Context() appended to the message. A nil src gives an error without a
// position.
func At(src Source, off, end int, msg string) *Error {
	if src == nil {
		return &Error{Msg: msg}
	}
	pos := src.Pos(off)
	e := 0
	if end > off {
		if ep := src.Pos(end); ep.Line == pos.Line && ep.Column > pos.Column {
			e = ep.Column
		}
	}
	return &Error{Pos: pos, End: e, Msg: msg + src.Context()}
}

// ErrorList is a list of diagnostics, as go/scanner's ErrorList. The zero value is an empty list ready to
// use; it is not safe for concurrent modification.
type ErrorList []*Error

// Add appends an error at pos.
func (p *ErrorList) Add(pos srcpos.Position, msg string) {
	*p = append(*p, &Error{Pos: pos, Msg: msg})
}

// Len returns the number of diagnostics.
func (p ErrorList) Len() int { return len(p) }

// Swap exchanges two diagnostics.
func (p ErrorList) Swap(i, j int) { p[i], p[j] = p[j], p[i] }

// Less orders by file name, line, column, then message.
func (p ErrorList) Less(i, j int) bool {
	a, b := &p[i].Pos, &p[j].Pos
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Column != b.Column {
		return a.Column < b.Column
	}
	return p[i].Msg < p[j].Msg
}

// Sort sorts the list by position (file, line, column) and message.
func (p ErrorList) Sort() { sort.Stable(p) }

// RemoveMultiples sorts the list and keeps only the first diagnostic of each line.
func (p *ErrorList) RemoveMultiples() {
	p.Sort()
	var last srcpos.Position
	i := 0
	for _, e := range *p {
		if e.Pos.Filename != last.Filename || e.Pos.Line != last.Line || i == 0 {
			last = e.Pos
			(*p)[i] = e
			i++
		}
	}
	*p = (*p)[:i]
}

// Error returns the first diagnostic followed by "(and N more errors)" when there are more.
func (p ErrorList) Error() string {
	switch len(p) {
	case 0:
		return "no errors"
	case 1:
		return p[0].Error()
	}
	return textf.Sprintf("%s (and %d more errors)", p[0], len(p)-1)
}

// Err returns nil for an empty list and the list otherwise, so that an empty list is never a non-nil
// error.
func (p ErrorList) Err() error {
	if len(p) == 0 {
		return nil
	}
	return p
}

// SourceOrder orders positions as a reader meets them: the main files in the order given, and the
// text of an included file at the place it is included, not by file name. The zero value orders by
// file name, line and column.
type SourceOrder struct {
	// Mains are the files given to the assembler (the objects' Name), in link order.
	Mains []string
	// Sites maps an included file to where it was first included (the position of the #include or
	// .include in the including file).
	Sites map[string]srcpos.Position
}

// maxSiteDepth bounds the chain of include sites followed for one position (include nesting is
// bounded far below it; the bound also stops a cycle in a hand-made Sites map).
const maxSiteDepth = 256

// chain returns the include sites leading to pos, outermost first, ending with pos.
func (o *SourceOrder) chain(pos srcpos.Position) []srcpos.Position {
	out := []srcpos.Position{pos}
	for len(out) < maxSiteDepth {
		s, ok := o.Sites[out[0].Filename]
		if !ok {
			break
		}
		out = append([]srcpos.Position{s}, out...)
	}
	return out
}

// rank is the position of a main file in Mains (len(Mains) for a file that is none).
func (o *SourceOrder) rank(file string) int {
	for i, m := range o.Mains {
		if m == file {
			return i
		}
	}
	return len(o.Mains)
}

// Less reports whether a reader meets position a before position b.
func (o *SourceOrder) Less(a, b srcpos.Position) bool {
	ca, cb := o.chain(a), o.chain(b)
	if ra, rb := o.rank(ca[0].Filename), o.rank(cb[0].Filename); ra != rb {
		return ra < rb
	}
	for i := 0; i < len(ca) && i < len(cb); i++ {
		x, y := ca[i], cb[i]
		if x.Filename != y.Filename {
			return x.Filename < y.Filename
		}
		if x.Line != y.Line {
			return x.Line < y.Line
		}
		if x.Column != y.Column {
			// The include directive's own column comes before the included text.
			return x.Column < y.Column
		}
	}
	return len(ca) < len(cb)
}

// Sort sorts list in source order (see Less), then by message.
func (o *SourceOrder) Sort(list ErrorList) {
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.Pos == b.Pos {
			return a.Msg < b.Msg
		}
		return o.Less(a.Pos, b.Pos)
	})
}

// Bailout is the panic value a front end or the linker uses to stop at once (too many errors, a hard
// limit); Protect recovers it.
type Bailout struct{}

// Protect runs f and reports whether it finished without a Bailout; any other panic is not ours and
// goes on.
func Protect(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(Bailout); !is {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}
