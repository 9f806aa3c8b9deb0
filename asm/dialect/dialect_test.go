package dialect

import "testing"

func TestDetect(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      Dialect
	}{
		{"a.S", "nop\n", GNU},
		{"a.s", "nop\n", GNU},
		{"a.asm", "nop\n", Atmel},
		{"A.INC", "nop\n", Atmel},
		{"a.S", "; comment\n  ; AVRLAB Dialect: atmel\nnop\n", Atmel},
		{"a.asm", "// avrlab dialect: gnu\n", GNU},
		{"a.asm", "nop ; avrlab dialect: gnu\n", Atmel}, // a marker must be a comment line of its own
		{"a.S", "; avrlab dialect: avrasm2\n", Atmel},
	} {
		if got := Detect(c.name, []byte(c.src)); got != c.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", c.name, c.src, got, c.want)
		}
	}
	if _, ok := ParseDialect("intel"); ok {
		t.Error("ParseDialect accepted intel")
	}
}
