package atmel

import (
	"strings"
	"testing"
)

// TestInSet checks the word sets' look-up: every word in any case, nothing that spans words or is
// part of one.
func TestInSet(t *testing.T) {
	for _, set := range []string{atmelOnly, gnuOnly, gnuFunctions, atmelFunctions} {
		words := strings.Fields(set)
		if len(words) < 10 || set[0] != ' ' || set[len(set)-1] != ' ' {
			t.Fatalf("set %q: want 10 or more words between spaces", set)
		}
		for _, w := range words {
			if !inSet(set, w) || !inSet(set, strings.ToUpper(w)) {
				t.Errorf("%q not found in its set", w)
			}
			if inSet(set, w[1:]) && !strings.Contains(set, " "+w[1:]+" ") {
				t.Errorf("%q (part of %q) found", w[1:], w)
			}
		}
		if inSet(set, "") || inSet(set, words[0]+" "+words[1]) || inSet(set, " "+words[0]) {
			t.Errorf("set %q holds an empty name or two words", set)
		}
	}
	if !IsAtmelDirective(".DB") || IsAtmelDirective(".byte") || !IsGNUDirective(".Rept") || IsGNUDirective(".db") ||
		!IsAtmelFunction("LOW") || IsAtmelFunction("lo8") || !IsGNUFunction("pm_lo8") || IsGNUFunction("low") {
		t.Error("a directive or function in the wrong dialect")
	}
}
