package lab

import (
	"regexp"
	"sync"
	"testing"
)

// sourceLineREs returns the expressions the hand-written readers of lines.go replace, as they were
// (compiled on first use: TestInitDoesNoWork counts this package's test files too).
var sourceLineREs = sync.OnceValue(func() (r struct{ task, rk, device, call, callSyntax *regexp.Regexp }) {
	r.task = regexp.MustCompile(`(?:;|//|#)\s*avrlab\s+task:\s*([A-Za-z0-9_-]+)`)
	r.rk = regexp.MustCompile(`(?:;|//|#)\s*avrlab\s+rk:\s*([A-Za-z_.$][A-Za-z0-9_.$]*)`)
	r.device = regexp.MustCompile(`(?:;|//|#)\s*avrlab\s+device:\s*([A-Za-z0-9_]+)`)
	r.call = regexp.MustCompile(`(?:;|//|#)\s*avrlab\s+call:\s*(.+?)\s*(?:\*/)?$`)
	r.callSyntax = regexp.MustCompile(`^\s*([A-Za-z_.$][A-Za-z0-9_.$]*|0[xX][0-9a-fA-F]+|[0-9]+)\s*\(([^()]*)\)\s*;?\s*$`)
	return r
})

// checkSourceLine compares the readers with the expressions on one line (and on it as a call spec).
func checkSourceLine(t *testing.T, line string) {
	t.Helper()
	re := sourceLineREs()
	for _, c := range []struct {
		key  string
		re   *regexp.Regexp
		kind int
	}{{"task", re.task, taskValue}, {"rk", re.rk, rkValue}, {"device", re.device, deviceValue}, {"call", re.call, callValue}} {
		m := c.re.FindSubmatch([]byte(line))
		v, ok := lineValue([]byte(line), c.key, c.kind)
		if ok != (m != nil) || ok && string(v) != string(m[1]) {
			t.Errorf("%s line %q: read %q %v, the expression %q", c.key, line, v, ok, m)
		}
	}
	m := re.callSyntax.FindStringSubmatch(line)
	name, args, ok := splitCallSyntax(line)
	if ok != (m != nil) || ok && (name != m[1] || args != m[2]) {
		t.Errorf("call %q: read %q %q %v, the expression %q", line, name, args, ok, m)
	}
}

// TestSourceLines holds the readers of "; avrlab" lines and call specs to the expressions they
// replace on the cases where a reader could differ: blanks the expressions give back, a closing
// comment, markers that fail and a later one that matches, hex and decimal entries.
func TestSourceLines(t *testing.T) {
	for _, l := range []string{
		"; avrlab task: cham64-128", "// avrlab task:cham64-128 rest", "#avrlab  task:\tpresent80", "; avrlab task: ",
		";avrlab task:x", "; avrlabtask: x", "; avrlab  task : x", "///avrlab task: x", "/ / avrlab task: x",
		"; avrlab task ; avrlab task: second", "x ; avrlab rk: LUT_1 more", "; avrlab rk: 1abc", "; avrlab rk: .a$b9",
		"; avrlab device: atmega128 ", "; avrlab device: -x", "; avrlab call: f(out, in, rk)", "/* avrlab call: f(a) */",
		"// avrlab call: f(a)  */", "// avrlab call: f(a) */  ", "; avrlab call:", "; avrlab call: ", "; avrlab call:   \t",
		"; avrlab call: */", "; avrlab call:*/", "; avrlab call: x*/", "; avrlab call: ; avrlab call: g()", "; avrlab call: a */ */",
		"; avrlab call:\f", "# avrlab call: é(ü)", "; avrlab task: \xff", "; avrlab call: \xff\xfe */",
		"f()", " f ( a, b ) ; ", "0x1F(block)", "0x(block)", "0(x)", "12 (a)", "0X(a)", "f(a", "f(a))", "f((a))", "f()x",
		"f() ;;", "f()\n", "; avrlab call:\n", "; avrlab call: \n", "; avrlab call:\n\t\n", "; avrlab call: a\nb", "; avrlab call: a\n */", "; avrlab call:\n a */", "\tf(\na\n)\n;\n", "$x.y(a)", "9abc()", "",
	} {
		checkSourceLine(t, l)
	}
}

// FuzzSourceLines holds the readers to the expressions on any line.
func FuzzSourceLines(f *testing.F) {
	for _, s := range []string{"; avrlab task: cham64-128", "// avrlab call: f(a, b) */", "# avrlab rk: x ; avrlab device: y",
		"; avrlab call:  ", " 0x1f ( a ) ; ", "12(a)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) { checkSourceLine(t, line) })
}
