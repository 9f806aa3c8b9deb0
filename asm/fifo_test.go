//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package asm_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/avrlab/avrlab/asm"
)

// TestFIFO assembles through a real named pipe, as main file, .include and #include target, through
// os.DirFS and os.Root: each must be refused at once. Opening a FIFO for reading waits for a writer, so
// a regression would hang; the test gives up after a minute, then opens the pipe for writing to free it.
func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.S")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "inc.S"), []byte(".include \"fifo.S\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cpp.S"), []byte("#include \"fifo.S\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, fsys := range []struct {
		name string
		fs   fs.FS
	}{{"DirFS", os.DirFS(dir)}, {"Root", root.FS()}} {
		cfg := asm.Config{FS: asm.FromFS(fsys.fs)}
		for _, c := range []struct{ main, want string }{
			{"fifo.S", `fifo.S: "fifo.S" is not a regular file (named pipe)`},
			{"inc.S", `inc.S:1:10: "fifo.S" is not a regular file (named pipe)`},
			{"cpp.S", `cpp.S:1:2: #include "fifo.S": is not a regular file (named pipe)`},
		} {
			done := make(chan string, 1)
			go func() {
				_, err := asm.AssembleFile(c.main, cfg)
				done <- errText(err)
			}()
			select {
			case got := <-done:
				if got != c.want {
					t.Errorf("%s %s:\n got %s\nwant %s", fsys.name, c.main, got, c.want)
				}
			case <-time.After(time.Minute):
				if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
					w.Close()
				}
				t.Fatalf("%s %s: assembling hangs on the named pipe", fsys.name, c.main)
			}
		}
		if _, err := asm.ReadSource(fsys.fs, "fifo.S", 0); err == nil || err.Error() != `"fifo.S" is not a regular file (named pipe)` {
			t.Errorf("%s: ReadSource: %v", fsys.name, err)
		}
	}
}
