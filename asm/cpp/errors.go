package cpp

import (
	"fmt"
	"sort"
	"strconv"
)

// Error is one preprocessor diagnostic. File and Line are the presumed
// position (after any #line directive), Line and Col are 1-based and Col
// counts bytes; Col is 0 when the message concerns the whole line.
type Error struct {
	File string
	Line int
	Col  int
	Msg  string
}

// Error formats the diagnostic as "file:line:col: msg" (or "file:line: msg"
// when Col is 0).
func (e *Error) Error() string {
	s := e.File + ":" + strconv.Itoa(e.Line)
	if e.Col > 0 {
		s += ":" + strconv.Itoa(e.Col)
	}
	return s + ": " + e.Msg
}

// ErrorList is a list of diagnostics. The zero value is an empty list ready
// to use; it is not safe for concurrent use.
type ErrorList []*Error

// Add appends an error at the given position.
func (l *ErrorList) Add(file string, line, col int, msg string) {
	*l = append(*l, &Error{File: file, Line: line, Col: col, Msg: msg})
}

// Sort orders the list by file, line, column and message.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Msg < b.Msg
	})
}

// Error returns the first error, followed by "(and N more errors)" when the
// list holds more than one.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns nil for an empty list and the list itself otherwise, so that
// callers never see a non-nil error interface around an empty list.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
