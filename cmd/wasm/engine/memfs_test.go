package engine

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
)

// TestMemFSAsMapFS checks that the request's file system answers every name as testing/fstest.MapFS
// did for the same files (which MapFS used before engine.wasm stopped linking fstest): the same file
// infos, the same folder listings in the same order, the same errors, word for word.
func TestMemFSAsMapFS(t *testing.T) {
	files := map[string]string{
		"main.S": "nop\n", "inc/a.inc": ".equ A = 1\n", "inc/B.INC": "", "inc/deep/c.inc": "ccc",
		"lib/x/y/z.S": "z", "m2.s": "m2",
	}
	mine, err := MapFS(files)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := mine.(memFS); !ok {
		t.Fatalf("MapFS returns a %T", mine)
	}
	ref := fstest.MapFS{}
	for n, d := range files {
		ref[n] = &fstest.MapFile{Data: []byte(d), Mode: 0o644}
	}
	if err := fstest.TestFS(mine, "main.S", "inc/a.inc", "inc/B.INC", "inc/deep/c.inc", "lib/x/y/z.S", "m2.s"); err != nil {
		t.Fatal(err)
	}
	describe := func(fsys fs.FS, name string) string {
		var b strings.Builder
		info, err := fs.Stat(fsys, name)
		if err != nil {
			fmt.Fprintf(&b, "stat: %v (not exist %v); ", err, errors.Is(err, fs.ErrNotExist))
		} else {
			fmt.Fprintf(&b, "stat: %q %d %v %v %v %v; ", info.Name(), info.Size(), info.Mode(), info.IsDir(), info.ModTime(), info.Sys())
		}
		data, err := fs.ReadFile(fsys, name)
		fmt.Fprintf(&b, "read: %q %v; ", data, err)
		ents, err := fs.ReadDir(fsys, name)
		fmt.Fprintf(&b, "readdir: %v;", err)
		for _, e := range ents {
			info, err := e.Info()
			fmt.Fprintf(&b, " %q %v %v %v %d %v", e.Name(), e.IsDir(), e.Type(), info.Mode(), info.Size(), err)
		}
		if f, err := fsys.Open(name); err == nil {
			n, err := f.Read(make([]byte, 2))
			fmt.Fprintf(&b, "; read 2: %d %v", n, err)
			if d, ok := f.(fs.ReadDirFile); ok {
				for {
					es, err := d.ReadDir(1)
					fmt.Fprintf(&b, "; readdir 1: %d %v", len(es), err)
					if err != nil {
						break
					}
				}
			}
			f.Close()
		}
		return b.String()
	}
	for _, name := range []string{".", "main.S", "inc", "inc/a.inc", "inc/B.INC", "inc/b.inc", "inc/deep", "inc/deep/c.inc",
		"lib", "lib/x", "lib/x/y", "lib/x/y/z.S", "m2.s", "missing", "inc/missing.inc", "in", "inc/", "/main.S",
		"./main.S", "inc/../main.S", "", "main.S/x", "lib/x/y/z.S/w"} {
		if got, want := describe(mine, name), describe(ref, name); got != want {
			t.Errorf("%q:\n got %s\nwant %s", name, got, want)
		}
	}
	empty, err := MapFS(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := describe(empty, "."), describe(fstest.MapFS{}, "."); got != want {
		t.Errorf("empty %q:\n got %s\nwant %s", ".", got, want)
	}
	f, _ := mine.Open("main.S")
	if b, err := io.ReadAll(f); string(b) != "nop\n" || err != nil {
		t.Errorf("ReadAll(main.S) = %q, %v", b, err)
	}
}

// TestMemFSAsFiles checks that the request's file system read as the assembler reads it (asm.Files,
// what the core links) answers every name as asm.FromFS of testing/fstest.MapFS and of MapFS's own
// io/fs face do: the same types, sizes, contents, listings and errors, word for word.
func TestMemFSAsFiles(t *testing.T) {
	files := map[string]string{
		"main.S": "nop\n", "inc/a.inc": ".equ A = 1\n", "inc/B.INC": "", "inc/deep/c.inc": "ccc",
		"lib/x/y/z.S": "z", "m2.s": "m2",
	}
	mine, err := mapFiles(files)
	if err != nil {
		t.Fatal(err)
	}
	ref := fstest.MapFS{}
	for n, d := range files {
		ref[n] = &fstest.MapFile{Data: []byte(d), Mode: 0o644}
	}
	describe := func(fsys asm.Files, name string) string {
		var b strings.Builder
		info, err := fsys.StatSource(name)
		fmt.Fprintf(&b, "stat: %v %d %v (not exist %v); ", info.Mode, info.Size, err, errors.Is(err, fs.ErrNotExist))
		names, err := fsys.SourceNames(name)
		fmt.Fprintf(&b, "names: %q %v; ", names, err)
		f, err := fsys.OpenSource(name)
		fmt.Fprintf(&b, "open: %v", err)
		if err == nil {
			info, err := f.StatSource()
			data, rerr := io.ReadAll(f)
			fmt.Fprintf(&b, "; %v %d %v; read %q %v; close %v", info.Mode, info.Size, err, data, rerr, f.Close())
		}
		return b.String()
	}
	for _, name := range []string{".", "main.S", "inc", "inc/a.inc", "inc/B.INC", "inc/b.inc", "inc/deep", "inc/deep/c.inc",
		"lib", "lib/x", "lib/x/y", "lib/x/y/z.S", "m2.s", "missing", "inc/missing.inc", "in", "inc/", "/main.S",
		"./main.S", "inc/../main.S", "", "main.S/x", "lib/x/y/z.S/w"} {
		got := describe(mine, name)
		if want := describe(asm.FromFS(ref), name); got != want {
			t.Errorf("%q:\n got %s\nwant %s (fstest.MapFS)", name, got, want)
		}
		if want := describe(asm.FromFS(fs.FS(mine)), name); got != want {
			t.Errorf("%q:\n got %s\nwant %s (MapFS as an fs.FS)", name, got, want)
		}
	}
}
