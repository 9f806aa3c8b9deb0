package cpp_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/internal/srcpos"
)

// Positions are worked out by hand: columns count bytes from 1, and a
// directive's error sits on the offending token (GNU cpp's choice).
var errorTests = []struct {
	name string
	src  string
	cfg  *cpp.Config
	want string // all errors, one per line
}{
	{"if incomplete", "#if 1 +\n#endif\n", nil, "t.S:1:8: expected value in #if expression, found end of line"},
	{"division by zero", "#if 1 / 0\n#endif\n", nil, "t.S:1:7: division by zero in #if"},
	{"modulo by zero", "#if 2 % (1 - 1)\n#endif\n", nil, "t.S:1:7: division by zero in #if"},
	{"missing paren", "#if (1\n#endif\n", nil, "t.S:1:7: expected ')' in #if expression, found end of line"},
	{"missing operator", "#if 1 2\n#endif\n", nil, "t.S:1:7: missing binary operator before \"2\""},
	{"stray paren", "#if 1 )\n#endif\n", nil, "t.S:1:7: missing '(' in #if expression"},
	{"missing colon", "#if 1 ? 2\n#endif\n", nil, "t.S:1:10: expected ':' in #if expression, found end of line"},
	{"no expression", "#if\n#endif\n", nil, "t.S:1:2: #if with no expression"},
	{"elif no expression", "#if 0\n#elif\n#endif\n", nil, "t.S:2:2: #elif with no expression"},
	{"string in if", "#if \"s\"\n#endif\n", nil, "t.S:1:5: token \"\\\"s\\\"\" is not valid in #if expressions"},
	{"assignment in if", "#if X = 1\n#endif\n", nil, "t.S:1:7: token \"=\" is not valid in #if expressions"},
	{"float", "#if 1.0\n#endif\n", nil, "t.S:1:5: floating constant in #if expression"},
	{"octal digit", "#if 08\n#endif\n", nil, "t.S:1:5: invalid digit \"8\" in octal constant"},
	{"binary digit", "#if 0b12\n#endif\n", nil, "t.S:1:5: invalid digit \"2\" in binary constant"},
	{"suffix", "#if 1x\n#endif\n", nil, "t.S:1:5: invalid suffix \"x\" on integer constant"},
	{"bare hex prefix", "#if 0x\n#endif\n", nil, "t.S:1:5: invalid suffix \"x\" on integer constant"},
	{"empty char", "#if ''\n#endif\n", nil, "t.S:1:5: empty character constant"},
	{"defined without name", "#if defined(\n#endif\n", nil, "t.S:1:5: operator \"defined\" requires an identifier"},
	{"defined without paren", "#if defined(X\n#endif\n", nil, "t.S:1:5: missing ')' after \"defined\""},
	{"else without if", "#else\n", nil, "t.S:1:2: #else without #if"},
	{"endif without if", "x\n  #  endif\n", nil, "t.S:2:6: #endif without #if"},
	{"elif without if", "#elif 1\n", nil, "t.S:1:2: #elif without #if"},
	{"else after else", "#if 1\n#else\n#else\n#endif\n", nil, "t.S:3:2: #else after #else"},
	{"elif after else", "#if 1\n#else\n#elif 1\n#endif\n", nil, "t.S:3:2: #elif after #else"},
	{"unterminated if", "#if 1\nx\n", nil, "t.S:1:2: unterminated #if"},
	{"unterminated ifdef", "#if 1\n#endif\n  #ifdef X\n#ifndef Y\n", nil, "t.S:3:4: unterminated #ifdef\nt.S:4:2: unterminated #ifndef"},
	// In source order: the included file's error at its #include, before the includer's next line.
	{"unterminated in include", "#include \"u.h\"\n#endif\n", &cpp.Config{FS: srcfile.FromFS(testFSWith("u.h", "\n#if 1\n"))},
		"u.h:2:2: unterminated #if\nt.S:2:2: #endif without #if"},
	{"include order", "#error one\n#include \"a.h\"\n#error three\n", &cpp.Config{FS: srcfile.FromFS(testFSWith("a.h", "#error two\n"))},
		"t.S:1:2: #error one\na.h:1:2: #error two\nt.S:3:2: #error three"},
	{"ifdef no name", "#ifdef\n#endif\n", nil, "t.S:1:2: no macro name given in #ifdef directive"},
	{"ifdef number", "#ifdef 3\n#endif\n", nil, "t.S:1:8: macro names must be identifiers, found \"3\""},
	{"undef no name", "#undef\n", nil, "t.S:1:2: no macro name given in #undef directive"},
	{"define no name", "#define\n", nil, "t.S:1:2: no macro name given in #define directive"},
	{"define number", "#define 3 x\n", nil, "t.S:1:9: macro names must be identifiers, found \"3\""},
	{"define defined", "#define defined 1\n", nil, "t.S:1:9: \"defined\" cannot be used as a macro name"},
	{"duplicate param", "#define F(a,a) a\n", nil, "t.S:1:13: duplicate macro parameter \"a\""},
	{"param list", "#define F(a b) a\n", nil, "t.S:1:13: expected ',' or ')' in macro parameter list, found \"b\""},
	{"param list end", "#define F(a\n", nil, "t.S:1:10: missing ')' in macro parameter list"},
	{"param name", "#define F(1) a\n", nil, "t.S:1:11: expected parameter name, found \"1\""},
	{"paste at start", "#define P(a) ## a\n", nil, "t.S:1:14: '##' cannot appear at either end of a macro expansion"},
	{"paste at end", "#define P(a) a ##\n", nil, "t.S:1:16: '##' cannot appear at either end of a macro expansion"},
	{"too few args", "#define F(a,b) a\n  F(1)\n", nil, "t.S:2:3: macro \"F\" requires 2 arguments, but only 1 given"},
	{"too many args", "#define F(a) a\nx F(1,2)\n", nil, "t.S:2:3: macro \"F\" passed 2 arguments, but takes just 1"},
	{"unterminated args", "#define F(a) a\nF(1\n2\n", nil, "t.S:2:1: unterminated argument list invoking macro \"F\""},
	{"unterminated args in include", "#define F(a) a\n#include \"f.h\"\n)\n", &cpp.Config{FS: srcfile.FromFS(testFSWith("f.h", "\n F(\n"))},
		"f.h:2:2: unterminated argument list invoking macro \"F\""},
	{"error", "#error stop  here X\n", nil, "t.S:1:2: #error stop  here X"},
	{"error in skipped group", "#if 0\n#error no\n#endif\n", nil, ""},
	{"unterminated comment", "a\n b /* open\n\n", nil, "t.S:2:4: unterminated comment"},
	{"absolute include", "#include \"/etc/passwd\"\n", nil, "t.S:1:2: #include \"/etc/passwd\": path outside the project folder"},
	{"absolute angled include", "#include </etc/passwd>\n", nil, "t.S:1:2: #include </etc/passwd>: path outside the project folder"},
	{"dotdot include", "#include \"../x.h\"\n", &cpp.Config{FS: srcfile.FromFS(testFS)}, "t.S:1:2: #include \"../x.h\": path outside the project folder"},
	{"hidden dotdot include", "#include \"inc/../../x.h\"\n", &cpp.Config{FS: srcfile.FromFS(testFS)}, "t.S:1:2: #include \"inc/../../x.h\": path outside the project folder"},
	{"windows drive", "#include \"C:/x.h\"\n", nil, "t.S:1:2: #include \"C:/x.h\": path outside the project folder"},
	{"backslash include", "#include \"a\\b.h\"\n", nil, "t.S:1:2: #include \"a\\b.h\": backslash in path (use '/')"},
	{"empty include", "#include <>\n", nil, "t.S:1:2: #include <>: empty file name"},
	{"unclosed angle", "#include <x.h\n", nil, "t.S:1:10: missing terminating > character"},
	{"include nothing", "#include\n", nil, "t.S:1:2: #include expects \"FILENAME\" or <FILENAME>"},
	{"include word", "#include nothere.h\n", nil, "t.S:1:10: #include expects \"FILENAME\" or <FILENAME>"},
	{"include missing", "#include \"missing.h\"\n", nil, "t.S:1:2: #include \"missing.h\": file not found"},
	{"include folder", "#include \"folder\"\n", nil, "t.S:1:2: #include \"folder\": is a folder"},
	{"include without fs", "#include \"x.h\"\n", &cpp.Config{}, "t.S:1:2: #include \"x.h\": file not found (no file system given)"},
	{"include self", "#include \"self.h\"\n", &cpp.Config{FS: srcfile.FromFS(testFS), MaxIncludeDepth: 3},
		"self.h:1:2: #include nested too deeply (limit 3)"},
	{"include self default", "#include \"self.h\"\n", nil, "self.h:1:2: #include nested too deeply (limit 64)"},
	{"line not number", "#line x\n", nil, "t.S:1:7: \"x\" after #line is not a positive integer"},
	{"line range", "#line 4294967296\n", nil, "t.S:1:7: line number out of range"},
	{"line file", "#line 5 x\n", nil, "t.S:1:9: invalid filename \"x\""},
	{"line empty filename", "#line 0\"\"\n00", nil, "t.S:1:8: empty filename in #line"}, // fuzz crasher 9eb1ac31d6ace021
	{"line empty", "#line\n", nil, "t.S:1:2: #line expects a line number"},
	{"error after line", "#line 20 \"gen.S\"\n#error here\n", nil, "gen.S:20:2: #error here"},
	{"include_next", "#include_next <x.h>\n", nil, "t.S:1:2: #include_next is not supported"},
	{"bad define option", "", &cpp.Config{Defines: map[string]string{"3x": "1"}}, "<command-line>:1:1: macro names must be identifiers, found \"3x\""},
	{"empty define name", "", &cpp.Config{Defines: map[string]string{"": "x"}}, "<command-line>:1: invalid define \"\"=\"x\""},
	{"newline in define", "", &cpp.Config{Defines: map[string]string{"A": "1\n#error"}}, "<command-line>:1: invalid define \"A\"=\"1\\n#error\""},
	{"bad include dir", "", &cpp.Config{IncludeDirs: []string{"../up"}}, "<command-line>:1: include dir \"../up\": path outside the project folder"},
	{"expansion limit", "#define A x x x x x x x x\n#define B A A A A A A A A\n#define C B B B B B B B B\n#define D C C C C C C C C\n" +
		"#define E D D D D D D D D\n#define F E E E E E E E E\n#define G F F F F F F F F\nok\n  G\nnever\n", nil,
		"t.S:9:3: macro expansion too large (limit 2M tokens)"},
}

func testFSWith(name, text string) testFSType {
	m := testFSType{}
	for k, v := range testFS {
		m[k] = v
	}
	m[name] = &fileData{Data: []byte(text)}
	return m
}

func TestErrors(t *testing.T) {
	for _, tc := range errorTests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := testCfg
			if tc.cfg != nil {
				cfg = *tc.cfg
			}
			_, err := cpp.Preprocess("t.S", []byte(tc.src), cfg)
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
			if g := strings.Join(got, "\n"); g != tc.want {
				t.Errorf("source:\n%s\ngot:\n%s\nwant:\n%s", tc.src, g, tc.want)
			}
		})
	}
}

func TestPartialOutput(t *testing.T) {
	lines, err := cpp.Preprocess("t.S", []byte("a\n#error x\nb\n"), cpp.Config{})
	if err == nil || render(lines) != "1: a\n3: b\n" {
		t.Errorf("got %q, %v", render(lines), err)
	}
}

func TestErrorList(t *testing.T) {
	var l cpp.ErrorList
	if l.Err() != nil {
		t.Fatal("empty list: Err() != nil")
	}
	l.Add(srcpos.Position{Filename: "b.S", Line: 1, Column: 1}, "z")
	l.Add(srcpos.Position{Filename: "a.S", Line: 2}, "y")
	l.Add(srcpos.Position{Filename: "a.S", Line: 1, Column: 5}, "x")
	l.Sort()
	if got := l.Error(); got != "a.S:1:5: x (and 2 more errors)" {
		t.Errorf("Error() = %q", got)
	}
	if got := l[1].Error(); got != "a.S:2: y" {
		t.Errorf("no column: %q", got)
	}
}

type testFSType = fstest.MapFS
type fileData = fstest.MapFile
