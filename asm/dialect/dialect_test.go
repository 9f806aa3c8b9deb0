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
		// mayMark's quick test: blanks of every kind around the comment mark, Unicode's trimmed too.
		{"a.S", "nop\n\t\v;\f AvrLab DIALECT:atmel \r\n", Atmel},
		{"a.S", "\u00a0; avrlab dialect: atmel\n", Atmel},
		{"a.S", "//\u0085avrlab dialect: atmel\n", Atmel},
		{"a.S", "; avrlab  dialect: atmel\n;; avrlab dialect: atmel\n/ / avrlab dialect: atmel\n", GNU},
	} {
		if got := Detect(c.name, []byte(c.src)); got != c.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", c.name, c.src, got, c.want)
		}
	}
	if _, ok := ParseDialect("intel"); ok {
		t.Error("ParseDialect accepted intel")
	}
}

// TestMarkerAllocates: looking for the marker line allocates nothing for a source without one (the
// engine asks it of every file of every request), whatever its comment lines.
func TestMarkerAllocates(t *testing.T) {
	src := []byte("; title: a routine with a title longer than thirty-two bytes\n// a comment\n; avrlab task: cham64-128\n\tnop\n; another comment line\n\tret\n")
	if n := testing.AllocsPerRun(100, func() { Marker(src) }); n != 0 {
		t.Errorf("Marker allocated %v times a call, want 0", n)
	}
	if d, ok := Marker(append(src, "; avrlab dialect: atmel\n"...)); !ok || d != Atmel {
		t.Errorf("Marker after the comments = %v, %v; want atmel", d, ok)
	}
}
