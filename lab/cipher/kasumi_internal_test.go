package cipher

import "testing"

// TestKASUMISBoxesArePermutations checks S7 and S9 are permutations of 0..127 and 0..511.
func TestKASUMISBoxesArePermutations(t *testing.T) {
	var seen7 [128]bool
	for _, v := range kasumiS7 {
		if v >= 128 || seen7[v] {
			t.Fatalf("S7: %d out of range or repeated", v)
		}
		seen7[v] = true
	}
	var seen9 [512]bool
	for _, v := range kasumiS9 {
		if v >= 512 || seen9[v] {
			t.Fatalf("S9: %d out of range or repeated", v)
		}
		seen9[v] = true
	}
}
