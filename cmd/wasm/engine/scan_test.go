package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// scanExprs are the expressions the scans stand for, as fit.go and hints.go had them (compiled on
// first use: TestInitDoesNoWork counts the test files' initialisation too).
var scanExprs = sync.OnceValue(func() (e struct{ label, addrOf, ld, family, sized, secondArg, wordChar, define *regexp.Regexp }) {
	e.label = regexp.MustCompile(`(?m)^[ \t]*([A-Za-z_.$][A-Za-z0-9_.$]*)[ \t]*:`)
	e.addrOf = regexp.MustCompile(`(?i)\b(?:lo8|hi8|pm_lo8|pm_hi8|low|high|byte1|byte2)[ \t]*\([ \t]*([A-Za-z_.$][A-Za-z0-9_.$]*)`)
	e.ld = regexp.MustCompile(`(?im)^[ \t]*(?:[A-Za-z_.$][A-Za-z0-9_.$]*:[ \t]*)?ldd?[ \t]+r\d+[ \t]*,[ \t]*(?:[XYZ][ \t]*\+(?:[ \t]*(\d+))?|-[XYZ]|[XYZ])\b`)
	e.family = regexp.MustCompile(`^[a-z]+`)
	e.sized = regexp.MustCompile(`^[a-z]+\d+`)
	e.secondArg = regexp.MustCompile(`(?im)^[ \t]*(?:[A-Za-z_.$][A-Za-z0-9_.$]*:[ \t]*)?(?:movw[ \t]+r(?:26|28|30)[ \t]*,[ \t]*r22|mov[ \t]+r(?:2[6-9]|3[01])[ \t]*,[ \t]*r2[23])\b`)
	e.wordChar = regexp.MustCompile(`[^a-z0-9]+`)
	e.define = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$`)
	return e
})

// checkScans compares every scan with its expression on s.
func checkScans(t *testing.T, s string) {
	t.Helper()
	e := scanExprs()
	labelRe, addrOfRe, ldRe, familyRe, sizedRe := e.label, e.addrOf, e.ld, e.family, e.sized
	secondArgRe, wordCharRe, defineRe := e.secondArg, e.wordChar, e.define
	var labels, syms []string
	for _, m := range labelRe.FindAllStringSubmatch(s, -1) {
		labels = append(labels, m[1])
	}
	for _, m := range addrOfRe.FindAllStringSubmatch(s, -1) {
		syms = append(syms, m[1])
	}
	if got := sourceLabels(s); !reflect.DeepEqual(got, labels) {
		t.Errorf("sourceLabels(%q) = %q, the expression %q", s, got, labels)
	}
	if got := addrOfSymbols(s); !reflect.DeepEqual(got, syms) {
		t.Errorf("addrOfSymbols(%q) = %q, the expression %q", s, got, syms)
	}
	if got, want := countLoads(s), len(ldRe.FindAllString(s, -1)); got != want {
		t.Errorf("countLoads(%q) = %d, the expression %d", s, got, want)
	}
	if got, want := takesSecondPointer(s), secondArgRe.MatchString(s); got != want {
		t.Errorf("takesSecondPointer(%q) = %v, the expression %v", s, got, want)
	}
	if got, want := lowerPrefix(s), familyRe.FindString(s); got != want {
		t.Errorf("lowerPrefix(%q) = %q, the expression %q", s, got, want)
	}
	if got, want := sizedPrefix(s), sizedRe.FindString(s); got != want {
		t.Errorf("sizedPrefix(%q) = %q, the expression %q", s, got, want)
	}
	if got, want := spaceNonWords(s), wordCharRe.ReplaceAllString(s, " "); got != want {
		t.Errorf("spaceNonWords(%q) = %q, the expression %q", s, got, want)
	}
	name, value, ok := parseDefine(s)
	m := defineRe.FindStringSubmatch(s)
	if ok != (m != nil) || ok && (name != m[1] || value != m[2]) {
		t.Errorf("parseDefine(%q) = %q, %q, %v, the expression %q", s, name, value, ok, m)
	}
}

// scanCases are lines the expressions tell apart, each tried alone, in pairs and after a label.
var scanCases = []string{
	"", "x", "main:", "  main :", "\tloop:\tld r24, X+", "$a.b_9:", "9a:", ".L1 :nop", "a b:", "a:b:",
	"ld r0, X", "LDD R17, y+3", "ldd r1,Z+ 12", "ld r2 , -Z", "ld r3, -z1", "ld r4, X+3a", "ld r4, X+ 3a",
	"ld r5, X+", "ld r5, X +", "ld r6, Xa", "ld\tr7,\tY+63", "ldx r1, X", "ld r, X", "ld r1 X", "ld  r1, X+ ",
	"l: ld r1, X", "l:ld r1, X", "ſ: ld r1, Y", "K: ldd r1, Z+1", "ld r1, X_", "ld r1, X+_", "ld r1, -X+",
	"ldi r16, lo8(tab)", "ldi r17, hi8 ( tab2 )", "LDI R30, PM_LO8(Sbox)", "ldi r31, pm_hi8(sbox)",
	"ldi r30, low(RK)", "ldi r31, high(RK*2)", "ldi r0, byte1(x)", "ldi r0, byte2($y)", "ldi r0, byte3(z)",
	"xlo8(a)", "_lo8(a)", "(lo8(a))", "lo8(ſ)", "lo8(Kx)", "lo8(9)", "lo8()", "lo8(a", "Lo8(a)lo8(b)",
	"movw r26, r22", "movw r28,r22", "movw r30 , r22 ", "movw r26, r24", "movw r27, r22", "MOV r26, r22",
	"mov r31, r23", "mov r25, r22", "mov r30,r23x", "mov r30, r223", "movw r26, r22_", "mov\tr29,\tr22",
	"key: movw r30, r22", "movwr26, r22", "mov r32, r22",
	"cham", "cham64-128", "p192-mul", "mpmul-256", "aes128", "-x", "AES", "a1b2", "speck64-round",
	"N", "N=1", "ROUNDS=88", "_x=", "a=b=c", "9=1", "a-b", "a b", "x=\n", "x=é", "x=\xff", "é", "a\xff",
	"x\ny:", "a:\r\nld r1, X\r\n", "\xffb:", "é lo8(a)", "ldd r1, Y+\xff", "foo lo8\t(\tbar)",
}

// TestScansAsRegexp checks the scans against the expressions they replace, on lines that tell them
// apart and on every example and exercise source of the repository.
func TestScansAsRegexp(t *testing.T) {
	for _, a := range scanCases {
		checkScans(t, a)
		checkScans(t, "lbl: "+a)
		for _, b := range scanCases[:40] {
			checkScans(t, a+"\n"+b)
			checkScans(t, a+" "+b)
		}
	}
	for _, id := range lab.TaskIDs() {
		checkScans(t, id)
	}
	n := 0
	for _, pat := range []string{"../../../examples/*.S", "../../../examples/*.s", "../../../examples/*.asm",
		"../../../examples/*/*/*.S", "testdata/*.s"} {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			checkScans(t, string(b))
			n++
		}
	}
	if n < 30 {
		t.Fatalf("only %d sources found", n)
	}
	if got := countLoads(strings.Repeat("ld r1, X+\n", 5)); got != 5 {
		t.Errorf("countLoads of 5 loads = %d", got)
	}
}

// FuzzScans compares the scans with the expressions they replace on any text.
func FuzzScans(f *testing.F) {
	for _, c := range scanCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkScans(t, s)
	})
}
