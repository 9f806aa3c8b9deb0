package obj

import (
	"fmt"
	"go/token"
	"sort"
)

// Severity says whether a diagnostic stops the image from being used.
type Severity uint8

// Severities. The zero value is an error.
const (
	SeverityError   Severity = iota // the image is incomplete or wrong
	SeverityWarning                 // the image is complete (.warning and #warning produce one)
)

// String returns "error" or "warning".
func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// Error is one positioned diagnostic of a front end, the preprocessor or the linker. Pos is where the
// problem is (file, 1-based line, 1-based byte column); End is the column just past the offending
// text, 0 when unknown.
type Error struct {
	Pos      token.Position
	End      int
	Severity Severity
	Msg      string
}

// Error formats the diagnostic as "file:line:col: msg" ("file:line:col: warning: msg" for a warning).
func (e *Error) Error() string {
	p := e.Pos.String()
	if e.Severity == SeverityWarning {
		return p + ": warning: " + e.Msg
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
func (p *ErrorList) Add(pos token.Position, msg string) {
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
	var last token.Position
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
	return fmt.Sprintf("%s (and %d more errors)", p[0], len(p)-1)
}

// Err returns nil for an empty list and the list otherwise, so that an empty list is never a non-nil
// error.
func (p ErrorList) Err() error {
	if len(p) == 0 {
		return nil
	}
	return p
}
