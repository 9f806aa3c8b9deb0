package cpp_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
)

// FuzzPreprocess checks that no input panics or runs away (the limits stop
// it), that every position handed back is a real one, and that the lines and
// errors are those of the token-by-token path alone (PreprocessLong: plain
// lines change nothing).
func FuzzPreprocess(f *testing.F) {
	for _, tc := range outputTests {
		f.Add(tc.src)
	}
	for _, tc := range errorTests {
		f.Add(tc.src)
	}
	mains, _ := filepath.Glob(filepath.Join("testdata", "gcc", "*", "main.S"))
	for _, m := range mains {
		if b, err := os.ReadFile(m); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("#include \"twice.h\"\n")
	fsys := fstest.MapFS{}
	for k, v := range testFS {
		fsys[k] = v
	}
	// A file that includes itself twice: 2^depth includes without the limits.
	fsys["twice.h"] = &fstest.MapFile{Data: []byte("#include \"twice.h\"\n#include \"twice.h\"\n")}
	cfg := testCfg
	cfg.FS = srcfile.FromFS(fsys)
	cfg.Warn = func(e *cpp.Error) {
		if e.Pos.Line < 0 || e.Pos.Column < 0 {
			panic("warning with a negative position: " + e.Error())
		}
	}
	for _, src := range plainCases {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lines, err := cpp.Preprocess("f.S", []byte(src), cfg)
		longLines, longErr := cpp.PreprocessLong("f.S", []byte(src), cfg)
		if !reflect.DeepEqual(lines, longLines) || fmt.Sprint(err) != fmt.Sprint(longErr) {
			t.Fatalf("plain lines differ from the token-by-token path:\n%q %v\n%q %v", render(lines), err, render(longLines), longErr)
		}
		for _, l := range lines {
			if l.File == "" || l.Text == "" {
				t.Fatalf("bad line %+v", l)
			}
			for off := 0; off <= len(l.Text); off++ {
				line, col := l.Pos(off)
				if line < 0 || col < 1 {
					t.Fatalf("%s:%d %q offset %d: position %d:%d", l.File, l.Line, l.Text, off, line, col)
				}
			}
		}
		if err != nil {
			var list cpp.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %v is not a non-empty ErrorList", err)
			}
			for _, e := range list {
				if e.Pos.Line < 0 || e.Pos.Column < 0 || e.Msg == "" {
					t.Fatalf("bad error %q", e.Error())
				}
			}
		}
	})
}
