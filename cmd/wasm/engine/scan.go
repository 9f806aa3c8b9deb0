package engine

import (
	"strings"
	"unicode/utf8"
)

// The source scans of the fixes and the Defines field, read by hand so that engine.wasm links no
// regexp package (its compiler and matchers were 134 KB of the gzipped module with those of asm/atmel
// and lab). Each says the regular expression it stands for; TestScansAsRegexp and FuzzScans hold them
// to it with the regexp package, match for match.

// isIdentStart and isIdentChar are [A-Za-z_.$] and [A-Za-z0-9_.$]; with fold, as under (?i), where
// Unicode's simple case folding adds ſ (U+017F, s) and K (U+212A, the Kelvin sign, k).
func isIdentStart(r rune, fold bool) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_' || r == '.' || r == '$' ||
		fold && (r == 'ſ' || r == 'K')
}

func isIdentChar(r rune, fold bool) bool { return isIdentStart(r, fold) || r >= '0' && r <= '9' }

// identAt returns the end of the identifier [A-Za-z_.$][A-Za-z0-9_.$]* at s[i:], or -1.
func identAt(s string, i int, fold bool) int {
	r, n := utf8.DecodeRuneInString(s[i:])
	if i >= len(s) || !isIdentStart(r, fold) {
		return -1
	}
	for i += n; i < len(s); i += n {
		r, n = utf8.DecodeRuneInString(s[i:])
		if !isIdentChar(r, fold) {
			break
		}
	}
	return i
}

// skipBlanks returns the end of [ \t]* at s[i:].
func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// skipDigits returns the end of [0-9]* at s[i:].
func skipDigits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// hasFold reports whether s[i:] starts with lit (ASCII letters, digits and punctuation without s or k)
// in any case.
func hasFold(s string, i int, lit string) bool {
	return len(s)-i >= len(lit) && strings.EqualFold(s[i:i+len(lit)], lit)
}

// isWordByte is \w, [0-9A-Za-z_], which \b reads: ASCII only.
func isWordByte(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_'
}

// boundaryAt is \b at s[i] for i > 0.
func boundaryAt(s string, i int) bool {
	after := i < len(s) && isWordByte(s[i])
	return isWordByte(s[i-1]) != after
}

// lineStarts calls f with the index of every line's start in s, as (?m)^ matches: 0 and after each \n.
func lineStarts(s string, f func(i int)) {
	for i := 0; ; {
		f(i)
		nl := strings.IndexByte(s[i:], '\n')
		if nl < 0 {
			return
		}
		i += nl + 1
	}
}

// labelAtLine matches (?m)^[ \t]*([A-Za-z_.$][A-Za-z0-9_.$]*)[ \t]*: at line start i: the label, or "".
func labelAtLine(s string, i int) string {
	j := skipBlanks(s, i)
	e := identAt(s, j, false)
	if e < 0 {
		return ""
	}
	if k := skipBlanks(s, e); k < len(s) && s[k] == ':' {
		return s[j:e]
	}
	return ""
}

// sourceLabels is the first group of every match of (?m)^[ \t]*([A-Za-z_.$][A-Za-z0-9_.$]*)[ \t]*: in src.
func sourceLabels(src string) []string {
	var out []string
	lineStarts(src, func(i int) {
		if l := labelAtLine(src, i); l != "" {
			out = append(out, l)
		}
	})
	return out
}

// addrOfs are the operators of addrOfSymbols, in the expression's order.
var addrOfs = [...]string{"lo8", "hi8", "pm_lo8", "pm_hi8", "low", "high", "byte1", "byte2"}

// addrOfSymbols is the group of every match of
// (?i)\b(?:lo8|hi8|pm_lo8|pm_hi8|low|high|byte1|byte2)[ \t]*\([ \t]*([A-Za-z_.$][A-Za-z0-9_.$]*) in src.
func addrOfSymbols(src string) []string {
	var out []string
	for i := 0; i < len(src); {
		if end, sym := addrOfAt(src, i); end >= 0 {
			out = append(out, sym)
			i = end
			continue
		}
		i++
	}
	return out
}

// addrOfAt matches addrOfSymbols' expression at s[i:]: the end of the match and its group, or -1.
func addrOfAt(s string, i int) (int, string) {
	if i > 0 && !boundaryAt(s, i) || i == 0 && (len(s) == 0 || !isWordByte(s[0])) {
		return -1, ""
	}
	for _, op := range addrOfs {
		if !hasFold(s, i, op) {
			continue
		}
		j := skipBlanks(s, i+len(op))
		if j >= len(s) || s[j] != '(' {
			continue
		}
		j = skipBlanks(s, j+1)
		if e := identAt(s, j, true); e >= 0 {
			return e, s[j:e]
		}
	}
	return -1, ""
}

// afterLabel returns where a line's instruction may start under
// (?:[A-Za-z_.$][A-Za-z0-9_.$]*:[ \t]*)? after its blanks at j: after a label first, then at j
// (the order in which the expression tries them).
func afterLabel(s string, j int) []int {
	if e := identAt(s, j, true); e >= 0 && e < len(s) && s[e] == ':' {
		return []int{skipBlanks(s, e+1), j}
	}
	return []int{j}
}

// isXYZ is [XYZ] under (?i).
func isXYZ(s string, i int) bool {
	return i < len(s) && strings.IndexByte("XYZxyz", s[i]) >= 0
}

// loadAtLine matches, at line start i,
// (?im)^[ \t]*(?:[A-Za-z_.$][A-Za-z0-9_.$]*:[ \t]*)?ldd?[ \t]+r\d+[ \t]*,[ \t]*(?:[XYZ][ \t]*\+(?:[ \t]*(\d+))?|-[XYZ]|[XYZ])\b.
func loadAtLine(s string, i int) bool {
	for _, k := range afterLabel(s, skipBlanks(s, i)) {
		if !hasFold(s, k, "ld") {
			continue
		}
		for _, m := range []int{k + 3, k + 2} { // ldd?: "ldd" first
			if m == k+3 && !hasFold(s, k, "ldd") {
				continue
			}
			p := skipBlanks(s, m)
			if p == m || !hasFold(s, p, "r") {
				continue
			}
			q := skipDigits(s, p+1)
			if q == p+1 {
				continue
			}
			q = skipBlanks(s, q)
			if q >= len(s) || s[q] != ',' {
				continue
			}
			if pointerOperand(s, skipBlanks(s, q+1)) {
				return true
			}
		}
	}
	return false
}

// pointerOperand matches (?i)(?:[XYZ][ \t]*\+(?:[ \t]*(\d+))?|-[XYZ]|[XYZ])\b at s[p:].
func pointerOperand(s string, p int) bool {
	if isXYZ(s, p) {
		if q := skipBlanks(s, p+1); q < len(s) && s[q] == '+' {
			if d := skipBlanks(s, q+1); skipDigits(s, d) > d && boundaryAt(s, skipDigits(s, d)) {
				return true
			}
			if boundaryAt(s, q+1) {
				return true
			}
		}
	}
	if p < len(s) && s[p] == '-' && isXYZ(s, p+1) && boundaryAt(s, p+2) {
		return true
	}
	return isXYZ(s, p) && boundaryAt(s, p+1)
}

// countLoads counts the matches of loadAtLine's expression in src.
func countLoads(src string) int {
	n := 0
	lineStarts(src, func(i int) {
		if loadAtLine(src, i) {
			n++
		}
	})
	return n
}

// takesSecondPointer reports whether src matches
// (?im)^[ \t]*(?:[A-Za-z_.$][A-Za-z0-9_.$]*:[ \t]*)?(?:movw[ \t]+r(?:26|28|30)[ \t]*,[ \t]*r22|mov[ \t]+r(?:2[6-9]|3[01])[ \t]*,[ \t]*r2[23])\b.
func takesSecondPointer(src string) bool {
	found := false
	lineStarts(src, func(i int) {
		if !found {
			found = secondPointerAtLine(src, i)
		}
	})
	return found
}

func secondPointerAtLine(s string, i int) bool {
	// reg matches r followed by one of the two-digit numbers in nums, then [ \t]*, and returns its end.
	reg := func(p int, nums ...string) int {
		if !hasFold(s, p, "r") {
			return -1
		}
		for _, n := range nums {
			if strings.HasPrefix(s[p+1:], n) {
				return p + 1 + len(n)
			}
		}
		return -1
	}
	for _, k := range afterLabel(s, skipBlanks(s, i)) {
		for _, movw := range []bool{true, false} {
			op, dst, src := "mov", []string{"26", "27", "28", "29", "30", "31"}, []string{"22", "23"}
			if movw {
				op, dst, src = "movw", []string{"26", "28", "30"}, []string{"22"}
			}
			if !hasFold(s, k, op) {
				continue
			}
			p := skipBlanks(s, k+len(op))
			if p == k+len(op) {
				continue
			}
			q := reg(p, dst...)
			if q < 0 {
				continue
			}
			q = skipBlanks(s, q)
			if q >= len(s) || s[q] != ',' {
				continue
			}
			if e := reg(skipBlanks(s, q+1), src...); e >= 0 && boundaryAt(s, e) {
				return true
			}
		}
	}
	return false
}

// lowerPrefix is ^[a-z]+ 's match in id ("" when none).
func lowerPrefix(id string) string {
	i := 0
	for i < len(id) && id[i] >= 'a' && id[i] <= 'z' {
		i++
	}
	return id[:i]
}

// sizedPrefix is ^[a-z]+\d+ 's match in id ("" when none).
func sizedPrefix(id string) string {
	i := len(lowerPrefix(id))
	if i == 0 {
		return ""
	}
	e := skipDigits(id, i)
	if e == i {
		return ""
	}
	return id[:e]
}

// spaceNonWords replaces every run of [^a-z0-9] in s by one space, as ReplaceAllString does.
func spaceNonWords(s string) string {
	var b strings.Builder
	run := false
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteByte(c)
			run = false
		} else if !run {
			b.WriteByte(' ')
			run = true
		}
	}
	return b.String()
}

// parseDefine matches ^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$ (the dot any character but \n): the name, the
// value ("" without "=") and whether it matched.
func parseDefine(s string) (name, value string, ok bool) {
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || i > 0 && s[i] >= '0' && s[i] <= '9') {
		i++
	}
	if i == 0 {
		return "", "", false
	}
	if i == len(s) {
		return s, "", true
	}
	if s[i] != '=' || strings.IndexByte(s[i+1:], '\n') >= 0 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}
