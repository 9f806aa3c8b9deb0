package atmel

import (
	"regexp"
	"sync"
	"testing"
)

// incPartRe is the expression incPart stands for (compiled on first use, as the package's are not at
// initialisation).
var incPartRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?i)(m|tn|pwm|usb|can|atmega|attiny|atxmega|at90s|at90pwm|at90usb|at90can)?([0-9]+[a-z0-9]*)def\.inc$`)
})

func checkIncPart(t *testing.T, name string) {
	t.Helper()
	prefix, num, ok := incPart(name)
	m := incPartRe().FindStringSubmatch(name)
	if ok != (m != nil) || ok && (prefix != m[1] || num != m[2]) {
		t.Errorf("incPart(%q) = %q, %q, %v; the expression %q", name, prefix, num, ok, m)
	}
}

var incPartCases = []string{
	"m161def.inc", "tn13Adef.inc", "2313def.inc", "pwm3def.inc", "usb1287def.inc", "can128def.inc",
	"ATxmega128A1def.inc", "M328PDEF.INC", "atmega328pdef.inc", "at90s8515def.inc", "AT90PWM3Bdef.inc",
	"at90usb1287def.inc", "at90can128def.inc", "attiny85def.inc", "def.inc", "mdef.inc", "m def.inc",
	"m16def.inc.bak", "m16_def.inc", "xm16def.inc", "m16defdef.inc", "m16Def.Inc", "uſb1287def.inc",
	"at90ſ2313def.inc", "m16Kdef.inc", "m16ſdef.inc", "tn13\xffdef.inc", "\xffm16def.inc", "m16def.in",
	"16def.inc", "a16def.inc", "atmega16", "", "m", "at90pwm", "at90s", "at9016def.inc", "m16adef.inc",
}

// TestIncPartAsRegexp checks incPart against the expression it replaced.
func TestIncPartAsRegexp(t *testing.T) {
	for _, c := range incPartCases {
		checkIncPart(t, c)
	}
	for _, c := range []struct{ file, part string }{{"m161def.inc", "ATmega161"}, {"inc/tn13Adef.inc", "ATtiny13A"},
		{"2313def.inc", "AT90S2313"}, {"ATxmega128A1def.inc", "ATxmega128A1"}, {"usb1287def.inc", "AT90USB1287"}, {"x.inc", ""}} {
		if got := IncPart(c.file); got != c.part {
			t.Errorf("IncPart(%q) = %q, want %q", c.file, got, c.part)
		}
	}
}

// FuzzIncPart compares incPart with the expression it replaced on any name.
func FuzzIncPart(f *testing.F) {
	for _, c := range incPartCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, name string) { checkIncPart(t, name) })
}
