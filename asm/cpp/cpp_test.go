package cpp_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
	"github.com/avrlab/avrlab/asm/obj"
)

// render prints lines as "file:line: text" (file only when it is not the
// main file t.S), one per line.
func render(lines []cpp.Line) string {
	var b strings.Builder
	for _, l := range lines {
		if l.File != "t.S" {
			b.WriteString(l.File + ":")
		}
		fmt.Fprintf(&b, "%d: %s\n", l.Line, l.Text)
	}
	return b.String()
}

var testFS = fstest.MapFS{
	"inc/a.h":     {Data: []byte("#include \"b.h\"\nA_H __FILE__ __LINE__\n")},
	"inc/b.h":     {Data: []byte("\ufeff#define B_VALUE 42\nB_H B_VALUE\n")},
	"sys/c.h":     {Data: []byte("C_H\n")},
	"once.h":      {Data: []byte("#pragma once\nONCE\n")},
	"guard.h":     {Data: []byte("#ifndef GUARD\n#define GUARD\nGUARDED\n#endif\n")},
	"self.h":      {Data: []byte("#include \"self.h\"\n")},
	"x.h":         {Data: []byte("X_H\n")},
	"dir/sub.h":   {Data: []byte("#include \"../x.h\"\n")},
	"folder/keep": {Data: []byte("")},
}

var testCfg = cpp.Config{
	FS:          srcfile.FromFS(testFS),
	IncludeDirs: []string{"sys"},
	Builtin: map[string]string{
		"avr/io.h":       "#include <avr/sfr_defs.h>\n#define PORTB _SFR_IO8(0x18)\n",
		"avr/sfr_defs.h": "#define _SFR_IO8(a) ((a) + 0x20)\n",
	},
}

// Each case's want was worked out from the C standard and GNU cpp's
// documented behaviour; the token sequences of the trickier ones are also
// checked against avr-gcc in gcc_test.go.
var outputTests = []struct {
	name string
	src  string
	cfg  *cpp.Config
	want string
}{
	{"object", "#define X 5\nldi r16, X\n", nil, "2: ldi r16, 5\n"},
	{"case sensitive", "#define x 1\nX x\n", nil, "2: X 1\n"},
	{"redefine same", "#define X 1\n#define X 1\n#undef X\nX\n", nil, "4: X\n"},
	{"function", "#define F(a,b) a+b\nF(1, 2) F (3,4) F\n", nil, "2: 1+2 3+4 F\n"},
	{"call across lines", "#define F(a,b) a+b\nF(\n1,\n2) after\nnext\n", nil, "2: 1+2 after\n5: next\n"},
	{"name then paren on next line", "#define F(x) [x]\nF\n(1) F\nz\n", nil, "2: [1] F\n4: z\n"},
	{"name then directive", "#define F(x) [x]\nF\n#define Y 2\n(Y)\n", nil, "2: F\n4: (2)\n"},
	{"nested call", "#define F(x) (x)\n#define G(x) F(x)+F(x)\nG(F(1))\n", nil, "3: ((1))+((1))\n"},
	{"parens in args", "#define F(a,b) b a\nF((1,2),(3))\n", nil, "2: (3) (1,2)\n"},
	{"stringify", "#define S(x) #x\nS(hello \"w\\n\" 'c')  S( a  +\tb )\n", nil,
		"2: \"hello \\\"w\\\\n\\\" 'c'\"  \"a + b\"\n"},
	{"hash not before param", "#define M(a) # a #b a\nM(z)\n", nil, "2: \"z\" #b z\n"},
	{"paste", "#define P(a,b) a##b\nP(r,16) P(X,1) P(,2) P(1,) P(,)\n", nil, "2: r16 X1 2 1\n"},
	{"paste makes macro", "#define AB 7\n#define P(a,b) a ## b\nP(A,B)\n", nil, "3: 7\n"},
	{"paste not one token", "#define P(a,b) a##b\nP(+,-) P(.,L1) P(<,<)\n", nil, "2: +- .L1 <<\n"},
	{"object paste", "#define Q x ## y\nQ\n", nil, "2: xy\n"},
	{"arg not expanded for paste", "#define X 1\n#define P(a) a##2 a\nP(X)\n", nil, "3: X2 1\n"},
	{"self reference", "#define R R+1\nR\n", nil, "2: R+1\n"},
	{"mutual reference", "#define A B\n#define B A\nA B\n", nil, "3: A B\n"},
	{"recursive arg", "#define G(x) x G(x)\nG(G(1))\n", nil, "2: 1 G(1) G(1 G(1))\n"},
	{"variadic", "#define V(a, ...) a: __VA_ARGS__\nV(1,2,3) V(1)\n", nil, "2: 1: 2,3 1:\n"},
	{"gnu comma", "#define E(f, args...) g(f , ## args)\nE(a) E(a,b,c)\n", nil, "2: g(a) g(a ,b,c)\n"},
	{"empty macro", "#define E\n[E]\n", nil, "2: []\n"},
	{"empty args", "#define N() nn\n#define O(x) [x]\nN() N ( ) N O() O( )\n", nil, "3: nn nn N [] []\n"},
	{"avoid paste", "#define M -\n-M M-\n", nil, "2: - - - -\n"},
	{"object body parens", "#define O (1)\n#define F (x) x\nO F\n", nil, "3: (1) (x) x\n"},
	{"line and file", "a\n__LINE__ __FILE__\n#line 100 \"z.S\"\n__LINE__ __FILE__\n", nil,
		"1: a\n2: 2 \"t.S\"\nz.S:100: 100 \"z.S\"\n"},
	{"line in macro", "#define L __LINE__\n\nL\n", nil, "3: 3\n"},
	{"line number only", "#line 10\n__LINE__\n", nil, "10: 10\n"},
	{"counter", "__COUNTER__ __COUNTER__\n", nil, "1: 0 1\n"},
	{"assembler", "#ifdef __ASSEMBLER__\nasm __ASSEMBLER__\n#endif\n", nil, "2: asm 1\n"},
	{"conditionals", "#define X\n#ifdef X\na\n#else\nb\n#endif\n#ifndef X\nc\n#elif 1\nd\n#else\ne\n#endif\n", nil,
		"3: a\n10: d\n"},
	{"nested skip", "#if 0\n#if 1/0\n#error no\n#else\nx\n#endif\n#garbage\n#elif 1\ny\n#endif\n", nil, "9: y\n"},
	{"elif chain", "#if 0\na\n#elif 0\nb\n#elif 2\nc\n#elif 1/0\nd\n#else\ne\n#endif\n", nil, "6: c\n"},
	{"defined forms", "#define X\n#if defined X && defined(X) && !defined Y && !defined ( Y )\nok\n#endif\n", nil, "3: ok\n"},
	{"defined from macro", "#define D defined(X)\n#define X\n#if D\nok\n#endif\n", nil, "4: ok\n"},
	{"unknown ident is 0", "#if UNKNOWN == 0 && !FOO\nok\n#endif\n", nil, "2: ok\n"},
	{"block comment", "a /* x */ b // c X\nd /* multi\nline */ e\n", nil, "1: a b\n2: d e\n"},
	{"comment ends line then text", "x /* 1\n2 */ y\n", nil, "1: x y\n"},
	{"comment markers in strings", "\"/* no\" x // yes\n'/' '*' z\n", nil, "1: \"/* no\" x\n2: '/' '*' z\n"},
	{"splice", "ldi r16, \\\n  5\n#define LONG 1 + \\\n 2\nLONG\n", nil, "1: ldi r16,   5\n5: 1 + 2\n"},
	{"splice with blanks", "a \\  \nb\n", nil, "1: a b\n"},
	{"crlf", "#define X 1\r\nX\r\n", nil, "2: 1\n"},
	{"bom", "\ufeff#define X 1\nX\n", nil, "2: 1\n"},
	{"strings and chars", "#define X 1\n.ascii \"X 'X'\" 'X' X\n", nil, ".ascii \"X 'X'\" 'X' 1\n"},
	{"apostrophe to next apostrophe", "#define X 5\nldi r16, 'X ; don't X here\nldi r16, X ; it's X\nnop ; \"open X\n", nil,
		"2: ldi r16, 'X ; don't 5 here\n3: ldi r16, 5 ; it's X\n4: nop ; \"open X\n"},
	{"hash lines", "#define X 5\n# comment X\n#foo\n# 12 \"f.S\"\n#\n  # x\n##\n", nil,
		"2: # comment 5\n3: #foo\n4: # 12 \"f.S\"\n6:   # x\n7: ##\n"},
	{"indented directive", "  #  define Y 7\nY\n", nil, "2: 7\n"},
	{"pragma ident", "#pragma foo bar\n#ident \"x\"\n#sccs \"y\"\nz\n", nil, "4: z\n"},
	{"directive in args", "#define F(x) x\nF(1\n#define Y 2\nY)\n", nil, "2: 1 2\n"},
	{"include", "#include \"inc/a.h\"\n#include <c.h>\nend\n", nil,
		"inc/b.h:2: B_H 42\ninc/a.h:2: A_H \"inc/a.h\" 2\nsys/c.h:1: C_H\n3: end\n"},
	{"include once", "#include \"once.h\"\n#include \"once.h\"\n#include \"guard.h\"\n#include \"guard.h\"\n", nil,
		"once.h:2: ONCE\nguard.h:3: GUARDED\n"},
	{"include macro", "#define H \"x.h\"\n#include H\n#define A <c.h>\n#include A\n", nil, "x.h:1: X_H\nsys/c.h:1: C_H\n"},
	{"include dotdot inside", "#include \"dir/sub.h\"\n", nil, "x.h:1: X_H\n"},
	{"builtin", "#include <avr/io.h>\nout PORTB, r16\n", nil, "2: out ((0x18) + 0x20), r16\n"},
	{"defines", "X Y F(3)\n", &cpp.Config{Defines: map[string]string{"X": "", "Y": "2", "F(a)": "a*2"}}, "1: 1 2 3*2\n"},
	{"quoted builtin fallback", "#include \"avr/sfr_defs.h\"\n_SFR_IO8(1)\n", nil, "2: ((1) + 0x20)\n"},
}

func TestOutput(t *testing.T) {
	for _, tc := range outputTests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := testCfg
			if tc.cfg != nil {
				cfg = *tc.cfg
			}
			lines, err := cpp.Preprocess("t.S", []byte(tc.src), cfg)
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			got := render(lines)
			if tc.name == "strings and chars" {
				got = lines[0].Text + "\n"
			}
			if got != tc.want {
				t.Errorf("source:\n%s\ngot:\n%s\nwant:\n%s", tc.src, got, tc.want)
			}
		})
	}
}

// TestIfExpressions checks #if arithmetic; every row also runs through
// avr-gcc in TestAgainstGCC.
var ifTests = []struct {
	expr string
	want bool
}{
	{"1 + 2 * 3 == 7", true},
	{"(1 + 2) * 3 == 9", true},
	{"(1 << 4) == 16", true},
	{"-1 < 0", true},
	{"-1 > 0u", true},
	{"-1 > 0U", true},
	{"0x10 == 16 && 0XfF == 255", true},
	{"0b101 == 5", true},
	{"010 == 8", true},
	{"0 == 0 && 00 == 0", true},
	{"'a' == 97", true},
	{"'\\n' == 10 && '\\0' == 0 && '\\x41' == 65 && '\\101' == 65 && '\\'' == 39", true},
	{"'\\377' < 0 && '\\xff' == -1", true},
	{"'ab' == 0x6162", true},
	{"'abc' == 0x6263", true},
	{"'\\xff\\xff' == -1", true},
	{"~0 == -1", true},
	{"!0 && !!5 == 1", true},
	{"5 / 2 == 2 && -5 / 2 == -2 && -5 % 2 == -1 && 10 % 3 == 1", true},
	{"1 ? 2 : 3 == 2", true},
	{"0 ? 1 : 0", false},
	{"2 || 1 / 0", true},
	{"0 && 1 / 0", false},
	{"1 ? 1 : 1 / 0", true},
	{"3 > 2 > 1", false},
	{"1 == 1 == 1", true},
	{"(1 | 2) ^ 1 == 2", true},
	{"6 & 3 == 3", false},
	{"(0x7fffffffffffffff + 1) < 0", true},
	{"18446744073709551615u == -1", true},
	{"0xffffffffffffffff > 0", true},
	{"(1 << 63) < 0", true},
	{"(-1 >> 70) == -1", true},
	{"(1 << 64) == 0", true},
	{"(4 >> -1) == 8 && (4 << -1) == 2", true},
	{"(-1u >> 63) == 1", true},
	{"-1 / 2u > 0", true},
	{"(1 ? -1 : 0u) > 0", true},
	{"1, 0", false},
	{"(0, 1)", true},
	{"10L == 10 && 10ul == 10 && 10LL == 10 && 10llu == 10", true},
	{"- - 1 == 1 && +1 == 1", true},
	{"1 < 2 && 2 <= 2 && 3 > 2 && 2 >= 2 && 1 != 2", true},
	{"(7 & 3) == 3 && (4 | 1) == 5 && (6 ^ 3) == 5", true},
	{"UNDEFINED_NAME + 1 == 1", true},
}

func TestIfExpressions(t *testing.T) {
	for _, tc := range ifTests {
		src := "#if " + tc.expr + "\nyes\n#else\nno\n#endif\n"
		lines, err := cpp.Preprocess("t.S", []byte(src), cpp.Config{})
		if err != nil {
			t.Errorf("#if %s: %v", tc.expr, err)
			continue
		}
		want := "no"
		if tc.want {
			want = "yes"
		}
		if len(lines) != 1 || lines[0].Text != want {
			t.Errorf("#if %s: got %q, want %s", tc.expr, render(lines), want)
		}
	}
}

func TestColumns(t *testing.T) {
	src := "#define R r16\n#define X 5\n  ldi R, X\n#define LDI(r, v) ldi r, v\n  LDI(r5, 300)\nldi r16, \\\n  5\nab /* c */ cd\nmo\\\nvw r2, r4\n"
	lines, err := cpp.Preprocess("t.S", []byte(src), cpp.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 5 {
		t.Fatalf("got %d lines:\n%s", len(lines), render(lines))
	}
	type at struct{ off, line, col int }
	checks := []struct {
		text string
		pos  []at
	}{
		// "  ldi R, X": ldi at column 3, R at 7, ',' at 8, X at 10.
		{"  ldi r16, 5", []at{{0, 3, 1}, {2, 3, 3}, {4, 3, 5}, {6, 3, 7}, {8, 3, 7}, {9, 3, 8}, {11, 3, 10}, {12, 3, 10}}},
		// "  LDI(r5, 300)": LDI at 3, r5 at 7, 300 at 11; body text maps to LDI.
		{"  ldi r5, 300", []at{{2, 5, 3}, {4, 5, 3}, {6, 5, 7}, {7, 5, 8}, {8, 5, 3}, {10, 5, 11}, {12, 5, 13}}},
		// The 5 is on line 7, column 3.
		{"ldi r16,   5", []at{{0, 6, 1}, {4, 6, 5}, {11, 7, 3}}},
		// cd is at column 12.
		{"ab cd", []at{{0, 8, 1}, {1, 8, 2}, {3, 8, 12}, {4, 8, 13}}},
		// "mo\" then "vw r2, r4": the one token movw goes on at column 1 of line 10; r2 is at 4.
		{"movw r2, r4", []at{{0, 9, 1}, {1, 9, 2}, {2, 10, 1}, {3, 10, 2}, {5, 10, 4}, {9, 10, 8}, {11, 10, 10}}},
	}
	for i, c := range checks {
		l := lines[i]
		if l.Text != c.text {
			t.Errorf("line %d: text %q, want %q", i, l.Text, c.text)
			continue
		}
		for _, a := range c.pos {
			line, col := l.Pos(a.off)
			if line != a.line || col != a.col || l.Col(a.off) != a.col {
				t.Errorf("%q offset %d: got %d:%d, want %d:%d", l.Text, a.off, line, col, a.line, a.col)
			}
		}
	}
	if !lines[1].Expanded(2) || lines[1].Expanded(6) {
		t.Errorf("Expanded: want ldi generated and r5 from the source")
	}
}

func TestWarnings(t *testing.T) {
	src := "#warning careful  now\n#define X 1\n#define X 2\n#if 1\n#else junk\n#endif junk\n#ifdef X Y\n#endif\n#if 'ab'\n#endif\n"
	var got []string
	cfg := cpp.Config{Warn: func(e *cpp.Error) {
		if e.Severity != obj.SeverityWarning {
			t.Errorf("warning %q has severity %v", e.Msg, e.Severity)
		}
		got = append(got, e.Error())
	}}
	if _, err := cpp.Preprocess("t.S", []byte(src), cfg); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"t.S:1:2: warning: #warning careful  now",
		"t.S:3:9: warning: \"X\" redefined",
		"t.S:5:7: warning: extra tokens at end of #else directive",
		"t.S:6:8: warning: extra tokens at end of #endif directive",
		"t.S:7:10: warning: extra tokens at end of #ifdef directive",
		"t.S:9:5: warning: multi-character character constant",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
