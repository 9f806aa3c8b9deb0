package obj

import "sort"

// Nearest returns the candidate closest to s by edit distance when it is close enough to be a typo
// (distance 1 or 2, less than len(s)), for "did you mean" messages of both front ends. Ties go to an anagram of s ("lid" → "ldi"), then to a candidate
// of the same length, then to the first.
func Nearest(s string, cands []string) string {
	best, bestD, bestRank := "", 3, 0
	sorted := ""
	for _, c := range cands {
		if len(c) > len(s)+2 || len(s) > len(c)+2 {
			continue // the distance is at least the difference in length: no typo (and a long s stays cheap)
		}
		d := EditDistance(s, c)
		if sorted == "" {
			sorted = sortedLetters(s)
		}
		rank := 0
		switch {
		case sortedLetters(c) == sorted:
			rank = 2
		case len(c) == len(s):
			rank = 1
		}
		if d < bestD || d == bestD && rank > bestRank {
			best, bestD, bestRank = c, d, rank
		}
	}
	if bestD >= len(s) {
		return ""
	}
	return best
}

// sortedLetters returns the letters of s in order (anagrams compare equal).
func sortedLetters(s string) string {
	b := []byte(s)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	return string(b)
}

// EditDistance is the Damerau–Levenshtein distance (adjacent transpositions count once).
func EditDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
