package srcfile

import (
	"io"
	"io/fs"
)

// Files is a read-only tree of source files, what the assembler and its preprocessor read: the three
// calls they make of a file system. It names no io/fs interface (fs.File's Stat returns an
// fs.FileInfo, whose ModTime is a time.Time), so a program that assembles from a Files of its own
// links none of time's formatting; FromFS makes one of an fs.FS.
type Files interface {
	// StatSource describes the file or folder name, with the errors of fs.Stat.
	StatSource(name string) (Info, error)
	// OpenSource opens the file name for reading, with the errors of fs.FS's Open.
	OpenSource(name string) (File, error)
	// SourceNames lists the names in the folder dir sorted, with the errors of fs.ReadDir.
	SourceNames(dir string) ([]string, error)
}

// File is an open file of a Files.
type File interface {
	io.ReadCloser
	// StatSource describes the open file, as fs.File's Stat does.
	StatSource() (Info, error)
}

// Info is what the assembler reads of a file's description: its type and permissions, and its size.
type Info struct {
	Mode fs.FileMode
	Size int64
}

// FromFS returns fsys as a Files: each call is fs.Stat, fsys.Open (and the open file's Stat) or
// fs.ReadDir, with their errors; nil for a nil fsys.
func FromFS(fsys fs.FS) Files {
	if fsys == nil {
		return nil
	}
	return ioFS{fsys}
}

// ioFS is the Files of an fs.FS.
type ioFS struct{ fsys fs.FS }

func (f ioFS) StatSource(name string) (Info, error) {
	st, err := fs.Stat(f.fsys, name)
	if err != nil {
		return Info{}, err
	}
	return Info{Mode: st.Mode(), Size: st.Size()}, nil
}

func (f ioFS) OpenSource(name string) (File, error) {
	file, err := f.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	return ioFile{file}, nil
}

func (f ioFS) SourceNames(dir string) ([]string, error) {
	ents, err := fs.ReadDir(f.fsys, dir)
	names := make([]string, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
	}
	return names, err
}

// ioFile is the File of an fs.File.
type ioFile struct{ fs.File }

func (f ioFile) StatSource() (Info, error) {
	st, err := f.Stat()
	if err != nil {
		return Info{}, err
	}
	return Info{Mode: st.Mode(), Size: st.Size()}, nil
}
