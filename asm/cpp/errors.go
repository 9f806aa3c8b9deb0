package cpp

import (
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/srcpos"
)

// Error is one preprocessor diagnostic: the object layer's [obj.Error], the one diagnostic type of the
// preprocessor, the assembler front ends and the linker. Pos is the presumed position (after any #line
// directive): Pos.Line and Pos.Column are 1-based and Column counts bytes; Column is 0 when the message
// concerns the whole line (Error() then prints "file:line: msg"). Warnings given to [Config.Warn]
// have Severity obj.SeverityWarning.
type Error = obj.Error

// ErrorList is a list of diagnostics ([obj.ErrorList]): Add, Sort, Error and Err as in go/scanner.
// The zero value is an empty list ready to use; it is not safe for concurrent use.
type ErrorList = obj.ErrorList

// at is the position of a diagnostic at 1-based line and byte column col (0: the whole line) of file.
func at(file string, line, col int) srcpos.Position {
	return srcpos.Position{Filename: file, Line: line, Column: col}
}
