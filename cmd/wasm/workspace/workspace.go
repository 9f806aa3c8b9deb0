// Package workspace keeps the playground's files: a flat folder of named texts on any hackpadfs file
// system. In the browser that file system is IndexedDB (cmd/wasm opens it), so the files survive
// reloads; tests use hackpadfs's in-memory FS.
//
// File names are single path elements: no slash or backslash, no control characters, not "." or "..",
// at most [MaxNameBytes] bytes of UTF-8. Anything else is a valid name (the page shows names as text,
// never as HTML). Texts are at most [MaxFileBytes].
//
// A Workspace is safe for concurrent use as far as its file system is; the IndexedDB and memory file
// systems of hackpadfs are.
package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hack-pad/hackpadfs"
)

// Limits on names and texts.
const (
	MaxNameBytes = 128
	MaxFileBytes = 1 << 20
)

// dir is the folder of the file system that holds the workspace.
const dir = "workspace"

// Workspace is the set of files under one folder of a file system.
type Workspace struct {
	fsys hackpadfs.FS
}

// Open returns the workspace kept in fsys, creating its folder when missing.
func Open(fsys hackpadfs.FS) (*Workspace, error) {
	if err := hackpadfs.MkdirAll(fsys, dir, 0o755); err != nil {
		return nil, fmt.Errorf("workspace: %v", err)
	}
	return &Workspace{fsys: fsys}, nil
}

// ValidName returns nil when name can name a workspace file, else an error saying why not.
func ValidName(name string) error {
	switch {
	case name == "":
		return errors.New("a file name cannot be empty")
	case len(name) > MaxNameBytes:
		return fmt.Errorf("a file name has at most %d bytes", MaxNameBytes)
	case !utf8.ValidString(name):
		return errors.New("a file name must be UTF-8")
	case name == "." || name == "..":
		return fmt.Errorf("%q cannot name a file", name)
	case strings.ContainsAny(name, `/\`):
		return errors.New("a file name cannot hold / or \\ (the workspace has no folders)")
	case strings.TrimSpace(name) != name:
		return errors.New("a file name cannot start or end with a space")
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return errors.New("a file name cannot hold control characters")
		}
	}
	return nil
}

func (w *Workspace) path(name string) (string, error) {
	if err := ValidName(name); err != nil {
		return "", err
	}
	return dir + "/" + name, nil
}

// File is one file of the workspace.
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// List returns the names of the files, sorted.
func (w *Workspace) List() ([]string, error) {
	ents, err := hackpadfs.ReadDir(w.fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("workspace: %v", err)
	}
	names := []string{}
	for _, e := range ents {
		if !e.IsDir() && ValidName(e.Name()) == nil {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// ReadAll returns every file with its text, sorted by name.
func (w *Workspace) ReadAll() ([]File, error) {
	names, err := w.List()
	if err != nil {
		return nil, err
	}
	files := make([]File, 0, len(names))
	for _, n := range names {
		text, err := w.Read(n)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: n, Text: text})
	}
	return files, nil
}

// Read returns the text of the named file.
func (w *Workspace) Read(name string) (string, error) {
	p, err := w.path(name)
	if err != nil {
		return "", err
	}
	b, err := hackpadfs.ReadFile(w.fsys, p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("no file %q", name)
	}
	if err != nil {
		return "", fmt.Errorf("reading %q: %v", name, err)
	}
	return string(b), nil
}

// Write creates or replaces the named file.
func (w *Workspace) Write(name, text string) error {
	p, err := w.path(name)
	if err != nil {
		return err
	}
	if len(text) > MaxFileBytes {
		return fmt.Errorf("%q is %d bytes; a file holds at most %d", name, len(text), MaxFileBytes)
	}
	if err := hackpadfs.WriteFullFile(w.fsys, p, []byte(text), 0o644); err != nil {
		return fmt.Errorf("saving %q: %v", name, err)
	}
	return nil
}

// Exists reports whether the named file exists.
func (w *Workspace) Exists(name string) bool {
	p, err := w.path(name)
	if err != nil {
		return false
	}
	_, err = hackpadfs.Stat(w.fsys, p)
	return err == nil
}

// Rename gives a file a new name. It refuses to replace another file.
func (w *Workspace) Rename(from, to string) error {
	pf, err := w.path(from)
	if err != nil {
		return err
	}
	pt, err := w.path(to)
	if err != nil {
		return err
	}
	if from == to {
		return nil
	}
	if !w.Exists(from) {
		return fmt.Errorf("no file %q", from)
	}
	if w.Exists(to) {
		return fmt.Errorf("%q already exists", to)
	}
	if err := hackpadfs.Rename(w.fsys, pf, pt); err != nil {
		return fmt.Errorf("renaming %q: %v", from, err)
	}
	return nil
}

// Remove deletes the named file.
func (w *Workspace) Remove(name string) error {
	p, err := w.path(name)
	if err != nil {
		return err
	}
	if !w.Exists(name) {
		return fmt.Errorf("no file %q", name)
	}
	if err := hackpadfs.Remove(w.fsys, p); err != nil {
		return fmt.Errorf("deleting %q: %v", name, err)
	}
	return nil
}

// FS returns the workspace as a read-only io/fs.FS rooted at its folder, for the assembler's includes.
func (w *Workspace) FS() (fs.FS, error) { return fs.Sub(w.fsys, dir) }
