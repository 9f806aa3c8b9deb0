package engine

import (
	"errors"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/avrlab/avrlab/asm"
)

// memFS is the read-only file system of one request: file name → contents, folders implied by the
// names. It answers Open, Stat and ReadDir as testing/fstest.MapFS does for a map of regular files
// (the same errors, modes and order: TestMemFSAsMapFS), without linking that package, which brings
// time formatting, log and testing/iotest into engine.wasm.
type memFS map[string][]byte

// Open opens the file or folder name.
func (m memFS) Open(name string) (fs.File, error) {
	file, dir, err := m.open(name)
	switch {
	case err != nil:
		return nil, err
	case file != nil:
		return file, nil
	}
	return dir, nil
}

// StatSource describes the file or folder name, as fs.Stat of m does (asm.Files).
func (m memFS) StatSource(name string) (asm.SourceInfo, error) {
	f, err := m.OpenSource(name)
	if err != nil {
		return asm.SourceInfo{}, err
	}
	return f.StatSource()
}

// OpenSource opens the file or folder name, as Open does (asm.Files).
func (m memFS) OpenSource(name string) (asm.SourceFile, error) {
	file, dir, err := m.open(name)
	switch {
	case err != nil:
		return nil, err
	case file != nil:
		return file, nil
	}
	return dir, nil
}

// SourceNames lists the folder dir, as fs.ReadDir of m does (asm.Files): the names sorted, or the
// error of opening it, or for a file fs.ReadDir's "not implemented".
func (m memFS) SourceNames(dir string) ([]string, error) {
	_, d, err := m.open(dir)
	if err != nil {
		return nil, err
	}
	if d == nil {
		return nil, &fs.PathError{Op: "readdir", Path: dir, Err: errors.New("not implemented")}
	}
	names := make([]string, len(d.ents))
	for i, e := range d.ents {
		names[i] = e.Name()
	}
	return names, nil
}

// open opens the file or folder name: a file, or else a folder, or else the error.
func (m memFS) open(name string) (*memFile, *memDir, error) {
	if !fs.ValidPath(name) {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if data, ok := m[name]; ok {
		return &memFile{info: memInfo{name: name, size: int64(len(data)), mode: 0o644}, data: data}, nil, nil
	}
	prefix := name + "/"
	if name == "." {
		prefix = ""
	}
	byName := map[string]*memInfo{}
	var names []string
	for fname, data := range m {
		rest, ok := strings.CutPrefix(fname, prefix)
		if !ok {
			continue
		}
		elem, _, sub := strings.Cut(rest, "/")
		if byName[elem] != nil {
			continue
		}
		names = append(names, elem)
		if sub {
			byName[elem] = &memInfo{name: elem, mode: fs.ModeDir | 0o555}
		} else {
			byName[elem] = &memInfo{name: elem, size: int64(len(data)), mode: 0o644}
		}
	}
	if name != "." && len(names) == 0 {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	// The entries in the order of their names, sorted as strings: a sort of the entries themselves
	// instantiated slices' sort for fs.DirEntry in engine.wasm (5 KB gzipped).
	slices.Sort(names)
	ents := make([]*memInfo, len(names))
	for i, n := range names {
		ents[i] = byName[n]
	}
	return nil, &memDir{info: memInfo{name: name, mode: fs.ModeDir | 0o555}, ents: ents}, nil
}

// memInfo describes a file or a folder of a memFS; name is its path or its last element.
type memInfo struct {
	name string
	size int64
	mode fs.FileMode
}

func (i *memInfo) Name() string {
	return i.name[strings.LastIndexByte(i.name, '/')+1:]
}
func (i *memInfo) Size() int64                { return i.size }
func (i *memInfo) Mode() fs.FileMode          { return i.mode }
func (i *memInfo) Type() fs.FileMode          { return i.mode.Type() }
func (i *memInfo) ModTime() time.Time         { return time.Time{} }
func (i *memInfo) IsDir() bool                { return i.mode.IsDir() }
func (i *memInfo) Sys() any                   { return nil }
func (i *memInfo) Info() (fs.FileInfo, error) { return i, nil }

// memFile is an open regular file of a memFS.
type memFile struct {
	info memInfo
	data []byte
	off  int
}

func (f *memFile) Stat() (fs.FileInfo, error) { return &f.info, nil }
func (f *memFile) StatSource() (asm.SourceInfo, error) {
	return asm.SourceInfo{Mode: f.info.mode, Size: f.info.size}, nil
}
func (f *memFile) Close() error { return nil }
func (f *memFile) Read(b []byte) (int, error) {
	if f.off >= len(f.data) {
		return 0, io.EOF
	}
	n := copy(b, f.data[f.off:])
	f.off += n
	return n, nil
}

// memDir is an open folder of a memFS.
type memDir struct {
	info memInfo
	ents []*memInfo
	off  int
}

func (d *memDir) Stat() (fs.FileInfo, error) { return &d.info, nil }
func (d *memDir) StatSource() (asm.SourceInfo, error) {
	return asm.SourceInfo{Mode: d.info.mode, Size: d.info.size}, nil
}
func (d *memDir) Close() error { return nil }
func (d *memDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: fs.ErrInvalid}
}

// ReadDir returns the next n entries (all that are left when n <= 0), as fs.ReadDirFile describes.
func (d *memDir) ReadDir(n int) ([]fs.DirEntry, error) {
	left := len(d.ents) - d.off
	if n > 0 && left == 0 {
		return nil, io.EOF
	}
	if n > 0 && n < left {
		left = n
	}
	out := make([]fs.DirEntry, left)
	for i, e := range d.ents[d.off : d.off+left] {
		out[i] = e
	}
	d.off += left
	return out, nil
}
