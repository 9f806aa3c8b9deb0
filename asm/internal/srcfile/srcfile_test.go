package srcfile

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"
	"time"
)

// liar says its file has 1 byte and then gives endless data, as a file growing while it is read.
type liar struct{ read int64 }

func (l *liar) Open(name string) (fs.File, error) { return &liarFile{l}, nil }

type liarFile struct{ l *liar }

func (f *liarFile) Stat() (fs.FileInfo, error) { return liarInfo{}, nil }
func (f *liarFile) Close() error               { return nil }
func (f *liarFile) Read(b []byte) (int, error) {
	f.l.read += int64(len(b))
	return len(b), nil
}

type liarInfo struct{}

func (liarInfo) Name() string       { return "grow.S" }
func (liarInfo) Size() int64        { return 1 }
func (liarInfo) Mode() fs.FileMode  { return 0 }
func (liarInfo) ModTime() time.Time { return time.Time{} }
func (liarInfo) IsDir() bool        { return false }
func (liarInfo) Sys() any           { return nil }

func TestReader(t *testing.T) {
	l := &liar{}
	r := Reader{FS: FromFS(l), MaxFile: 100, MaxTotal: 50, Used: 10}
	if _, err := r.Read("grow.S"); err == nil || err.Error() != `"grow.S" would bring the source read to more than 50 bytes in all (the limit)` {
		t.Errorf("growing file over the total: %v", err)
	}
	if l.read > 4096 {
		t.Errorf("read %d bytes", l.read)
	}
	r = Reader{FS: FromFS(fstest.MapFS{"a": {Data: make([]byte, 30)}, "b": {Data: make([]byte, 30)}}), MaxTotal: 50}
	if _, err := r.Read("a"); err != nil || r.Used != 30 {
		t.Errorf("a: %v, used %d", err, r.Used)
	}
	_, err := r.Read("b")
	var se *Error
	if !errors.As(err, &se) || err.Error() != `"b" would bring the source read to 60 bytes; the limit is 50 bytes in all` || r.Used != 30 {
		t.Errorf("b: %v, used %d", err, r.Used)
	}
	if _, err := r.Read("c"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("c: %v", err)
	}
	if err := CheckSize("m.S", DefaultMaxFile+1, 0); err == nil || err.Error() != `"m.S" is 1048577 bytes; the limit is 1048576 bytes per file` {
		t.Errorf("CheckSize: %v", err)
	}
}
