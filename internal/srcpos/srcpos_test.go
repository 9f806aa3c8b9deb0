package srcpos

import (
	"go/token"
	"testing"
)

// TestStringAsToken holds String to token.Position's String over the cases its doc lists and
// negative, zero and large numbers.
func TestStringAsToken(t *testing.T) {
	for _, name := range []string{"", "main.S", "a/b c.inc", "ü"} {
		for _, line := range []int{-1, 0, 1, 42, 1 << 40} {
			for _, col := range []int{-3, 0, 1, 17} {
				checkAsToken(t, Position{Filename: name, Offset: 5, Line: line, Column: col})
			}
		}
	}
}

// FuzzStringAsToken holds String to token.Position's String.
func FuzzStringAsToken(f *testing.F) {
	f.Add("main.S", 3, 1, 2)
	f.Add("", 0, 0, 0)
	f.Fuzz(func(t *testing.T, name string, off, line, col int) {
		checkAsToken(t, Position{Filename: name, Offset: off, Line: line, Column: col})
	})
}

// checkAsToken compares p's text and validity with token.Position's.
func checkAsToken(t *testing.T, p Position) {
	t.Helper()
	tp := token.Position(p)
	if got, want := p.String(), tp.String(); got != want {
		t.Errorf("%#v: String() = %q, token.Position's %q", p, got, want)
	}
	if p.IsValid() != tp.IsValid() {
		t.Errorf("%#v: IsValid() = %v, token.Position's %v", p, p.IsValid(), tp.IsValid())
	}
}
