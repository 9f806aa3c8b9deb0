package cpp_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/cpp"
)

// preprocessBoth runs src through Preprocess and through the token-by-token path alone
// (PreprocessLong) and fails unless the lines (texts, files, line numbers and every column map), the
// errors and the warnings are the same.
func preprocessBoth(t *testing.T, name, src string, cfg cpp.Config) {
	t.Helper()
	run := func(f func(string, []byte, cpp.Config) ([]cpp.Line, error)) ([]cpp.Line, string, []string) {
		var warns []string
		c := cfg
		c.Warn = func(e *cpp.Error) { warns = append(warns, e.Error()) }
		lines, err := f("t.S", []byte(src), c)
		msg := ""
		if err != nil {
			msg = err.Error()
			if list, ok := err.(cpp.ErrorList); ok {
				for _, e := range list {
					msg += "\n" + e.Error()
				}
			}
		}
		return lines, msg, warns
	}
	lines, err, warns := run(cpp.Preprocess)
	longLines, longErr, longWarns := run(cpp.PreprocessLong)
	if !reflect.DeepEqual(lines, longLines) {
		t.Errorf("%s: the lines differ from the token-by-token path's:\n%q\n%q\nsource %q", name, render(lines), render(longLines), src)
		for i := range min(len(lines), len(longLines)) {
			if !reflect.DeepEqual(lines[i], longLines[i]) {
				t.Errorf("first different line %d: %#v\n%#v", i, lines[i], longLines[i])
				break
			}
		}
	}
	if err != longErr {
		t.Errorf("%s: errors %q, token by token %q", name, err, longErr)
	}
	if !reflect.DeepEqual(warns, longWarns) {
		t.Errorf("%s: warnings %q, token by token %q", name, warns, longWarns)
	}
}

// plainCases are lines at the edges of what a plain line is (plain.go): each must come out as the
// token-by-token path gives it.
var plainCases = []string{
	"a\\\nb\n", "a\\  \t\nb\n", "x \\ y\n", "x\\", "x \\\r\ny\n", ".if\\\nne 1\n",
	"#define X 1\n; X in a comment\nldi r16, X ; the X\nno x here\n",
	"/* a\n b */ c\nd\n", "a // b\nc\n", "a /* b */ c\n", "a / b */ c\n",
	"a\r\nb\r\n", "a\rb\r", "a\r\r\nb", "   \n\t\n\f\v\n", "  abc \t\f\v\n\v abc\n",
	"#if 0\n a\n /* \n#endif */\n#endif\nb\n", "#if 0\n# else\nx\n#endif\ny\n",
	"#if 0\n  // #endif\n x\n#endif\ny\n", "#if 0\n  x \\\n#endif\n#endif\nz\n", "#ifdef NOPE\nF(\n#else\nelse\n#endif\n",
	"  # 12 foo\n# comment\n#\nx\n", "#line 100 \"x.S\"\nabc\n def\n",
	strings.Repeat("(", 300) + "\nafter\n", strings.Repeat("-", 257) + "\n", strings.Repeat("(", 256) + "\n", strings.Repeat("x+", 200) + "\n",
	"#define F(a) [a]\nF\n(1)\nF\nx\nF x\n", "#define F(a) [a]\nG F\n\n(2)\n",
	"__LINE__ __FILE__ __COUNTER__\n__COUNTER__\n", "\ufeffabc\n", "é ü \xff\n",
	"#define X Y\nldi r16, 'X ; don't X\nout 'a', X\n\"X\" x\n", "abc", "\n\n\nabc\n\n",
	"#define E\nE\n E E\nx E\n", "#define $x 5\na $x\nb y$x\n", "#define x1f 9\n0x1f\nx1f\n1.5e+x1f\n",
	"#include \"inc/a.h\"\nplain\n#include <c.h>\nmore\n", "#include \"once.h\"\nx\n#include \"once.h\"\ny\n",
	"#define A B\n#define B A\nA B\nplain\n#undef A\nA\n", "\tld r19, X+ ; X0 -> A\n\tlpm r0, Z+\n",
	"#if 1\nkept\n#else\ndropped\n#endif\n#if 0\ngone\n#elif 1\nshown\n#endif\n",
	"\" \n", "x 'ab  \t\n", "'a' \"b\\\"c\" d  \n", "\"a\\\" \n", "x \"it's\" y 'q' \n", "a 'b\\' \n",
	"#error stop\nafter\n", "#warning w\nafter\n", "x\n#define Y \\\n 2\nY\n",
}

// TestPlainLinesSame checks that lines taken as plain lines come out as the token-by-token path gives
// them: the package's output and error cases, the avr-gcc comparison files, every example program
// and plainCases, each also with every line indented and with CRLF line ends.
func TestPlainLinesSame(t *testing.T) {
	type input struct {
		name, src string
		cfg       cpp.Config
	}
	var inputs []input
	for _, tc := range outputTests {
		cfg := testCfg
		if tc.cfg != nil {
			cfg = *tc.cfg
		}
		inputs = append(inputs, input{tc.name, tc.src, cfg})
	}
	for _, tc := range errorTests {
		cfg := testCfg
		if tc.cfg != nil {
			cfg = *tc.cfg
		}
		inputs = append(inputs, input{tc.name, tc.src, cfg})
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "gcc", "*", "*.S"))
	examples, _ := filepath.Glob(filepath.Join("..", "..", "examples", "*.S"))
	if len(files) == 0 || len(examples) < 20 {
		t.Fatalf("%d test files, %d examples", len(files), len(examples))
	}
	for _, f := range append(files, examples...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cfg := testCfg
		cfg.Defines = map[string]string{"__AVR_ATmega128__": "1", "AVR": "1"}
		inputs = append(inputs, input{f, string(b), cfg})
	}
	for i, src := range plainCases {
		inputs = append(inputs, input{"plainCases " + string(rune('a'+i%26)), src, testCfg})
	}
	for _, in := range inputs {
		preprocessBoth(t, in.name, in.src, in.cfg)
		preprocessBoth(t, in.name+" indented", strings.ReplaceAll(in.src, "\n", "\n \t"), in.cfg)
		preprocessBoth(t, in.name+" CRLF", strings.ReplaceAll(in.src, "\n", "\r\n"), in.cfg)
	}
}

// TestPlainLinesTaken: the playground's default example goes nearly all as plain lines (the lines
// that name ROUNDS, AVR, ... or hold "/*" do not), so that the comparison above covers the path.
func TestPlainLinesTaken(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "cham64-v2.S"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Count(string(src), "\n")
	cfg := cpp.Config{Defines: map[string]string{"__AVR_ATmega128__": "1", "AVR": "1"}}
	if n := cpp.PreprocessPlains("cham64-v2.S", src, cfg); n < lines*9/10 || n >= lines {
		t.Errorf("%d of %d lines plain, want at least 90%% and not the #ifndef lines", n, lines)
	}
	if n := cpp.PreprocessPlains("t.S", []byte("#define X 1\nX\n; X\nY\n"), cpp.Config{}); n != 1 {
		t.Errorf("%d plain lines, want 1 (Y)", n)
	}
}
