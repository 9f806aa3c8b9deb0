package cpp_test

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
)

// TestLimits checks that inputs built to crash the preprocessor (deep recursion), hang it (work that
// grows faster than the input) or make it read what it must not end with one positioned error.
func TestLimits(t *testing.T) {
	var chain, chain256, fchain strings.Builder
	chain.WriteString("#define M0 x\n")
	chain256.WriteString("#define M0 x\n")
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&chain, "#define M%d M%d\n", i, i-1)
		if i < 256 {
			fmt.Fprintf(&chain256, "#define M%d M%d\n", i, i-1)
		}
	}
	chain.WriteString("a M300\n")
	chain256.WriteString("M255\n")
	// 250 levels of function-like macros used 20,000 times: the hide sets are large, and their cost
	// counts as expansion work.
	fchain.WriteString("#define F0(x) x\n")
	for i := 1; i <= 250; i++ {
		fmt.Fprintf(&fchain, "#define F%d(x) F%d(x)\n", i, i-1)
	}
	fchain.WriteString(strings.Repeat("F250(y)\n", 20000))
	files := fstest.MapFS{
		"big.h":  {Data: make([]byte, 1<<20+1)},
		"fifo.h": {Mode: fs.ModeNamedPipe},
		"dev.h":  {Mode: fs.ModeDevice},
		"a.h":    {Data: []byte(strings.Repeat("/", 40) + "\n")},
		"b.h":    {Data: []byte(strings.Repeat("/", 40) + "\n")},
		"dir/x":  {},
		"c.h":    {Data: []byte(strings.Repeat("/* a comment of thirty bytes */\n", 1<<20/32))},
	}
	for _, c := range []struct {
		name string
		src  string
		cfg  cpp.Config
		want string
	}{
		{"parentheses", "#if " + strings.Repeat("(", 400000) + "1" + strings.Repeat(")", 400000) + "\n#endif\n", cpp.Config{},
			"t.S:1:261: expression nested deeper than 256 levels"},
		{"256 parentheses", "#if " + strings.Repeat("(", 256) + "1" + strings.Repeat(")", 256) + "\n#endif\n", cpp.Config{}, ""},
		{"not", "#if " + strings.Repeat("!", 1000000) + "1\n#endif\n", cpp.Config{},
			"t.S:1:261: expression nested deeper than 256 levels"},
		{"unary minus", "#if " + strings.Repeat("- ", 300000) + "1\n#endif\n", cpp.Config{},
			"t.S:1:517: expression nested deeper than 256 levels"},
		{"plus and complement", "#if " + strings.Repeat("+~", 100000) + "1\n#endif\n", cpp.Config{},
			"t.S:1:261: expression nested deeper than 256 levels"},
		{"conditional", "#if " + strings.Repeat("0?0:", 100000) + "1\n#endif\n", cpp.Config{},
			"t.S:1:1030: expression nested deeper than 256 levels"},
		{"long sum", "#if " + strings.Repeat("1+", 300000) + "1\n#endif\n", cpp.Config{}, ""},
		{"#if nesting", strings.Repeat("#if 1\n", 300) + strings.Repeat("#endif\n", 300), cpp.Config{},
			"t.S:257:2: #if nested deeper than 256 levels"},
		{"#ifdef nesting", strings.Repeat("#if 0\n", 10) + strings.Repeat("#ifdef X\n", 300), cpp.Config{},
			"t.S:257:2: #ifdef nested deeper than 256 levels"},
		{"256 #if", strings.Repeat("#ifndef X\n", 256) + strings.Repeat("#endif\n", 256), cpp.Config{}, ""},
		{"macro chain", chain.String(), cpp.Config{}, "t.S:302:3: macro expansion nested deeper than 256 levels"},
		{"255 macros", chain256.String(), cpp.Config{}, ""},
		{"function chain", fchain.String(), cpp.Config{}, "t.S:644:1: macro expansion too large (limit 2M tokens)"},
		{"nested arguments", "#define f(x) x\n" + strings.Repeat("f(", 300) + "1" + strings.Repeat(")", 300) + "\n", cpp.Config{},
			"t.S:2:513: macro arguments nested deeper than 256 levels"},
		{"big file", "#include \"big.h\"\n", cpp.Config{FS: srcfile.FromFS(files)},
			`t.S:1:2: #include "big.h": is 1048577 bytes; the limit is 1048576 bytes per file`},
		{"MaxFileBytes", "#include \"a.h\"\n", cpp.Config{FS: srcfile.FromFS(files), MaxFileBytes: 40},
			`t.S:1:2: #include "a.h": is 41 bytes; the limit is 40 bytes per file`},
		{"named pipe", "#include \"fifo.h\"\n", cpp.Config{FS: srcfile.FromFS(files)},
			`t.S:1:2: #include "fifo.h": is not a regular file (named pipe)`},
		{"device", "#include <dev.h>\n", cpp.Config{FS: srcfile.FromFS(files), IncludeDirs: []string{"."}},
			`t.S:1:2: #include <dev.h>: is not a regular file (device)`},
		{"folder", "#include \"dir\"\n", cpp.Config{FS: srcfile.FromFS(files)}, `t.S:1:2: #include "dir": is a folder`},
		{"total", "#include \"a.h\"\n#include \"b.h\"\n#include \"a.h\"\n", cpp.Config{FS: srcfile.FromFS(files), MaxTotalBytes: 60},
			`t.S:2:2: #include "b.h": would bring the source read to 82 bytes; the limit is 60 bytes in all`},
		{"input read", strings.Repeat("#include \"c.h\"\n", 10), cpp.Config{FS: srcfile.FromFS(files)},
			"c.h:32765: input too large (limit 8 MiB read, counting every #include)"},
		{"ReadFile", "#include \"a.h\"\n#include \"x.h\"\n", cpp.Config{FS: srcfile.FromFS(files), ReadFile: func(name string) ([]byte, error) {
			if name == "a.h" {
				return []byte("A\n"), nil
			}
			return nil, fs.ErrNotExist
		}}, `t.S:2:2: #include "x.h": file not found`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := cpp.Preprocess("t.S", []byte(c.src), c.cfg)
			var got []string
			if err != nil {
				var list cpp.ErrorList
				if !errors.As(err, &list) {
					t.Fatalf("error %T is not an ErrorList", err)
				}
				for _, e := range list {
					got = append(got, e.Error())
				}
			}
			if g := strings.Join(got, "\n"); g != c.want {
				t.Errorf("\n got %s\nwant %s", g, c.want)
			}
		})
	}
}
