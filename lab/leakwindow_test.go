package lab

import (
	"regexp"
	"sync"
	"testing"
)

// leakWindowRe is the expression leakWindowLine stands for (compiled on first use: TestInitDoesNoWork
// counts the test files' initialisation too).
var leakWindowRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:;|//|#)\s*avrlab\s+leak\s+window:\s*(\S+)\s+(\S+)`)
})

func checkLeakWindowLine(t *testing.T, line string) {
	t.Helper()
	from, to, ok := leakWindowLine([]byte(line))
	m := leakWindowRe().FindSubmatch([]byte(line))
	if ok != (m != nil) || ok && (string(from) != string(m[1]) || string(to) != string(m[2])) {
		t.Errorf("leakWindowLine(%q) = %q, %q, %v; the expression %q", line, from, to, ok, m)
	}
}

var leakWindowCases = []string{
	"; avrlab leak window: start end", "// avrlab leak window: a b", "#avrlab leak window:a b",
	";avrlab\tleak\fwindow:\ra\r\rb c", "; avrlab leak window: a", "; avrlab leak window: a ", "; avrlab leak window:",
	"; avrlab  leak window: a b", "; avrlableak window: a b", "; avrlab leak\twindow : a b", "/ avrlab leak window: a b",
	"///avrlab leak window: x y", "; x ; avrlab leak window: p q", "; avrlab leak window: a ; avrlab leak window: b c",
	"nop ; avrlab leak window: é \xff", "; AVRLAB leak window: a b", "", ";", "# avrlab leak window: a\x0bb c",
	"; avrlab leak window: a\u00a0b c", "#; avrlab leak window: a b",
}

// TestLeakWindowAsRegexp checks leakWindowLine against the expression it replaced, and DetectLeakWindow
// on a source.
func TestLeakWindowAsRegexp(t *testing.T) {
	for _, c := range leakWindowCases {
		checkLeakWindowLine(t, c)
	}
	src := "; cham64\n.text\n; avrlab leak window: round_start round_end\nnop\n"
	if got := DetectLeakWindow([]byte(src)); got != [2]string{"round_start", "round_end"} {
		t.Errorf("DetectLeakWindow = %q", got)
	}
}

// FuzzLeakWindowLine compares leakWindowLine with the expression it replaced on any line.
func FuzzLeakWindowLine(f *testing.F) {
	for _, c := range leakWindowCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, line string) { checkLeakWindowLine(t, line) })
}
