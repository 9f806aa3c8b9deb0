package asm

import "testing"

// TestTypeFunction checks that ".type NAME, @function" reaches the image's symbol table with its .size.
func TestTypeFunction(t *testing.T) {
	src := ".text\n.global f\n.type f, @function\nf: nop\nret\n.size f, .-f\ng: nop\n.type h, %function\nh: ret\n"
	im, err := Assemble("t.S", []byte(src), Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		fn   bool
		size int64
	}{{"f", true, 4}, {"g", false, 0}, {"h", true, 0}} {
		s, ok := im.Symbol(c.name)
		if !ok || s.Func != c.fn || s.Size != c.size {
			t.Errorf("%s: got %+v, want Func %v Size %d", c.name, s, c.fn, c.size)
		}
	}
}
