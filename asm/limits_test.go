package asm_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/avrlab/avrlab/asm"
)

// assembleErr assembles src as t.S and returns all diagnostics, one per line ("" for none).
func assembleErr(t *testing.T, src string, cfg asm.Config) string {
	t.Helper()
	_, err := asm.Assemble("t.S", []byte(src), cfg)
	return errText(err)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	var list asm.ErrorList
	if !errors.As(err, &list) {
		return "not an ErrorList: " + err.Error()
	}
	var b []string
	for _, e := range list {
		b = append(b, e.Error())
	}
	return strings.Join(b, "\n")
}

// hugeFS reports name as a file of size bytes whose reads never end, and counts the bytes read from it.
type hugeFS struct {
	name string
	size int64 // what Stat says
	read *int64
}

func (h hugeFS) Open(name string) (fs.File, error) {
	if name != h.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &hugeFile{h}, nil
}

func (h hugeFS) Stat(name string) (fs.FileInfo, error) {
	if name != h.name {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	return hugeInfo{h}, nil
}

type hugeFile struct{ h hugeFS }

func (f *hugeFile) Stat() (fs.FileInfo, error) { return hugeInfo(*f), nil }
func (f *hugeFile) Close() error               { return nil }
func (f *hugeFile) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = '\n'
	}
	*f.h.read += int64(len(b))
	return len(b), nil
}

type hugeInfo struct{ h hugeFS }

func (i hugeInfo) Name() string       { return i.h.name }
func (i hugeInfo) Size() int64        { return i.h.size }
func (i hugeInfo) Mode() fs.FileMode  { return 0o644 }
func (i hugeInfo) ModTime() time.Time { return time.Time{} }
func (i hugeInfo) IsDir() bool        { return false }
func (i hugeInfo) Sys() any           { return nil }

// TestReadLimits checks that each source file is a regular file within MaxFileBytes and all of them
// within MaxTotalBytes, refused before being read whole, for AssembleFile, .include and #include.
func TestReadLimits(t *testing.T) {
	var read int64
	huge := hugeFS{name: "big.inc", size: 1258291200, read: &read}
	for _, c := range []struct {
		name string
		src  string
		fsys fs.FS
		cfg  asm.Config
		want string
	}{
		{"huge .include", `.include "big.inc"`, huge, asm.Config{},
			`t.S:1:10: "big.inc" is 1258291200 bytes; the limit is 1048576 bytes per file`},
		{"huge #include", `#include "big.inc"`, huge, asm.Config{},
			`t.S:1:2: #include "big.inc": is 1258291200 bytes; the limit is 1048576 bytes per file`},
		{"growing file", `.include "big.inc"`, hugeFS{name: "big.inc", size: 10, read: &read}, asm.Config{},
			`t.S:1:10: "big.inc" has more than 1048576 bytes; the limit is 1048576 bytes per file`},
		{"one byte over", `.include "a.inc"`, fstest.MapFS{"a.inc": {Data: make([]byte, 1<<20+1)}}, asm.Config{},
			`t.S:1:10: "a.inc" is 1048577 bytes; the limit is 1048576 bytes per file`},
		{"at the limit", `.include "a.inc"`, fstest.MapFS{"a.inc": {Data: []byte(strings.Repeat(";\n", 1<<19))}}, asm.Config{}, ""},
		{"MaxFileBytes", `.include "a.inc"`, fstest.MapFS{"a.inc": {Data: []byte("nop\n")}}, asm.Config{MaxFileBytes: 3},
			`t.S: "t.S" is 16 bytes; the limit is 3 bytes per file`},
		{"named pipe .include", `.include "fifo.inc"`, fstest.MapFS{"fifo.inc": {Mode: fs.ModeNamedPipe}}, asm.Config{},
			`t.S:1:10: "fifo.inc" is not a regular file (named pipe)`},
		{"named pipe #include", `#include "fifo.h"`, fstest.MapFS{"fifo.h": {Mode: fs.ModeNamedPipe}}, asm.Config{},
			`t.S:1:2: #include "fifo.h": is not a regular file (named pipe)`},
		{"device", `.include "dev"`, fstest.MapFS{"dev": {Mode: fs.ModeDevice | fs.ModeCharDevice}}, asm.Config{},
			`t.S:1:10: "dev" is not a regular file (character device)`},
		{"socket", `.include "sock"`, fstest.MapFS{"sock": {Mode: fs.ModeSocket}}, asm.Config{},
			`t.S:1:10: "sock" is not a regular file (socket)`},
		{"folder", `.include "d"`, fstest.MapFS{"d/x": {}}, asm.Config{},
			`t.S:1:10: "d" is not a regular file (folder)`},
		{"total", ".include \"a.inc\"\n.include \"b.inc\"\n#include \"c.inc\"\n.include \"a.inc\"\n",
			fstest.MapFS{"a.inc": {Data: []byte(strings.Repeat(";", 30) + "\n")}, "b.inc": {Data: []byte(strings.Repeat(";", 30) + "\n")},
				"c.inc": {Data: []byte(strings.Repeat(";", 30) + "\n")}},
			asm.Config{MaxTotalBytes: 150},
			// main 68 bytes + c.inc 31 (the preprocessor reads it first) + a.inc 31 = 130; b.inc makes 161.
			`t.S:2:10: "b.inc" would bring the source read to 161 bytes; the limit is 150 bytes in all` + "\n" +
				`t.S:4:10: "a.inc" would bring the source read to 161 bytes; the limit is 150 bytes in all`},
	} {
		read = 0
		cfg := c.cfg
		cfg.FS = c.fsys
		if got := assembleErr(t, c.src, cfg); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if read > 1<<20+1<<16 {
			t.Errorf("%s: read %d bytes of a file over the limit", c.name, read)
		}
	}
}

// TestReadSource checks the exported reader used for main files.
func TestReadSource(t *testing.T) {
	var read int64
	fsys := fstest.MapFS{
		"ok.S":   {Data: []byte("nop\n")},
		"fifo.S": {Mode: fs.ModeNamedPipe},
	}
	if b, err := asm.ReadSource(fsys, "ok.S", 0); err != nil || string(b) != "nop\n" {
		t.Errorf("ReadSource(ok.S) = %q, %v", b, err)
	}
	if _, err := asm.ReadSource(fsys, "ok.S", 3); err == nil || err.Error() != `"ok.S" is 4 bytes; the limit is 3 bytes per file` {
		t.Errorf("ReadSource(ok.S, 3): %v", err)
	}
	if _, err := asm.ReadSource(fsys, "fifo.S", 0); err == nil || err.Error() != `"fifo.S" is not a regular file (named pipe)` {
		t.Errorf("ReadSource(fifo.S): %v", err)
	}
	if _, err := asm.ReadSource(fsys, "none.S", 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadSource(none.S): %v, want fs.ErrNotExist", err)
	}
	huge := hugeFS{name: "big.S", size: 1258291200, read: &read}
	if _, err := asm.ReadSource(huge, "big.S", 0); err == nil || err.Error() != `"big.S" is 1258291200 bytes; the limit is 1048576 bytes per file` || read != 0 {
		t.Errorf("ReadSource(big.S): %v (%d bytes read)", err, read)
	}
	for _, c := range []struct {
		fsys       fs.FS
		name, want string
	}{
		{huge, "big.S", `big.S: "big.S" is 1258291200 bytes; the limit is 1048576 bytes per file`},
		{fsys, "fifo.S", `fifo.S: "fifo.S" is not a regular file (named pipe)`},
		{fsys, "none.S", `none.S: file "none.S" not found`},
	} {
		im, err := asm.AssembleFile(c.name, asm.Config{FS: c.fsys})
		if got := errText(err); im != nil || got != c.want {
			t.Errorf("AssembleFile(%s): image %v, error %s; want %s", c.name, im != nil, got, c.want)
		}
	}
}
