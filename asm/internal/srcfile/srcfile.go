// Package srcfile reads source files for the assembler (package asm) and its preprocessor (package
// asm/cpp) with the checks hostile input needs: only regular files are read (a named pipe, a device or a
// socket could block forever or never end), each file up to a size limit, and all the files of one
// assembly up to a total. asm.ReadSource is its exported face.
package srcfile

import (
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/internal/textf"
)

// ValidPath is fs.ValidPath for names of any bytes: a file name need not be UTF-8 on Linux, and a
// submission named so must be read like any other. The elements must still not be empty, "." or "..".
func ValidPath(name string) bool { return fs.ValidPath(strings.ToValidUTF8(name, "_")) }

// Default limits.
const (
	DefaultMaxFile  = 1 << 20 // bytes per file
	DefaultMaxTotal = 4 << 20 // bytes read for one assembly
)

// Error is why a file was refused. Its text is the quoted file name followed by Msg.
type Error struct {
	Name string
	Msg  string      // "is not a regular file (named pipe)", "is 2000000 bytes; the limit is ..."
	Mode fs.FileMode // the file's type when that is the reason (fs.ModeDir for a folder), else 0
}

// Error returns the quoted file name followed by Msg.
func (e *Error) Error() string { return strconv.Quote(e.Name) + " " + e.Msg }

// Read reads the file name from fsys if it is a regular file of at most limit bytes (limit <= 0 means
// DefaultMaxFile). A file that is not regular is refused before it is opened, so a named pipe is
// never opened (that would wait for a writer); the check is repeated on the open file. The file is
// read through a reader that stops one byte past the limit, so a file growing while it is read is
// refused too, without reading it whole. Errors from fsys (fs.ErrNotExist ...) are returned as they
// are; refusals are an *Error.
func Read(fsys Files, name string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = DefaultMaxFile
	}
	return read(fsys, name, limit, -1)
}

// Check refuses the file name described by info with Read's messages when it is not a regular file or
// has more than limit bytes (limit <= 0 means DefaultMaxFile), for a reader that opens files itself.
func Check(name string, info fs.FileInfo, limit int64) error {
	if limit <= 0 {
		limit = DefaultMaxFile
	}
	return check(name, Info{Mode: info.Mode(), Size: info.Size()}, limit, -1)
}

// CheckSize refuses size bytes of source named name (given, not read) with Read's message when they
// are more than limit (limit <= 0 means DefaultMaxFile).
func CheckSize(name string, size, limit int64) error {
	if limit <= 0 {
		limit = DefaultMaxFile
	}
	if size > limit {
		return &Error{Name: name, Msg: textf.Sprintf("is %d bytes; the limit is %d bytes per file", size, limit)}
	}
	return nil
}

// Reader reads the files of one assembly: each at most MaxFile bytes and all of them together, with
// Used counted in from the start, at most MaxTotal bytes (0 means the defaults). It is not safe for
// concurrent use.
type Reader struct {
	FS       Files
	MaxFile  int64
	MaxTotal int64
	Used     int64 // bytes read so far (the caller may count the main source in)
}

// Read reads name from r.FS as the package function Read does, also counting it against r.MaxTotal.
func (r *Reader) Read(name string) ([]byte, error) {
	maxFile, maxTotal := r.MaxFile, r.MaxTotal
	if maxFile <= 0 {
		maxFile = DefaultMaxFile
	}
	if maxTotal <= 0 {
		maxTotal = DefaultMaxTotal
	}
	b, err := read(r.FS, name, maxFile, maxTotal-r.Used)
	if te, ok := err.(*totalError); ok {
		msg := textf.Sprintf("would bring the source read to %d bytes; the limit is %d bytes in all", r.Used+te.size, maxTotal)
		if te.grew {
			msg = textf.Sprintf("would bring the source read to more than %d bytes in all (the limit)", maxTotal)
		}
		return nil, &Error{Name: name, Msg: msg}
	}
	r.Used += int64(len(b))
	return b, err
}

// totalError says that the file (size bytes; more when it grew while read) does not fit in what is
// left of the total.
type totalError struct {
	size int64
	grew bool
}

// Error is for the error interface only: Reader.Read turns a totalError into an *Error.
// Error is for the error interface only: Reader.Read turns a totalError into an *Error.
func (e *totalError) Error() string { return "over the total" }

// read implements Read; left >= 0 is what remains of a total (-1: no total).
func read(fsys Files, name string, limit, left int64) ([]byte, error) {
	info, err := fsys.StatSource(name)
	if err != nil {
		return nil, err
	}
	if err := check(name, info, limit, left); err != nil {
		return nil, err
	}
	f, err := fsys.OpenSource(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err = f.StatSource(); err != nil {
		return nil, err
	}
	if err := check(name, info, limit, left); err != nil {
		return nil, err
	}
	n := limit
	if left >= 0 && left < n {
		n = left
	}
	data, err := io.ReadAll(io.LimitReader(f, n+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &Error{Name: name, Msg: textf.Sprintf("has more than %d bytes; the limit is %d bytes per file", limit, limit)}
	}
	if left >= 0 && int64(len(data)) > left {
		return nil, &totalError{size: int64(len(data)), grew: true}
	}
	return data, nil
}

// check refuses a file that is not regular or too large.
func check(name string, info Info, limit, left int64) error {
	mode := info.Mode
	if !mode.IsRegular() {
		return &Error{Name: name, Msg: "is not a regular file (" + kind(mode) + ")", Mode: mode.Type()}
	}
	if err := CheckSize(name, info.Size, limit); err != nil {
		return err
	}
	if left >= 0 && info.Size > left {
		return &totalError{size: info.Size}
	}
	return nil
}

// kind names the type of a file that is not regular.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "folder"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	}
	return "irregular file"
}

// Resolve joins the name of an included file (as written in #include or .include) to dir, the FS
// folder it is looked up in (the including file's folder, or an -I folder), and applies the one
// confinement rule of the assembler, its preprocessor and the page: a name is a relative,
// slash-separated path; it must not be empty, contain a backslash or a NUL byte, start with "/" or a
// drive letter ("C:"), nor climb out of the FS root with "..". It returns the clean FS path, or why
// the name is refused ("path outside the project folder", "backslash in path (use '/')", "empty file
// name", "invalid path").
func Resolve(dir, name string) (string, string) {
	switch {
	case name == "":
		return "", "empty file name"
	case strings.ContainsRune(name, '\\'):
		return "", "backslash in path (use '/')"
	case strings.ContainsRune(name, 0):
		return "", "invalid path"
	case strings.HasPrefix(name, "/") || len(name) >= 2 && name[1] == ':':
		return "", "path outside the project folder"
	}
	if dir == "" || !ValidPath(dir) {
		dir = "."
	}
	full := path.Join(dir, name)
	if full == ".." || strings.HasPrefix(full, "../") {
		return "", "path outside the project folder"
	}
	if !ValidPath(full) {
		return "", "invalid path"
	}
	return full, ""
}
