package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/ihex"
)

// TestAsmDialect assembles an AVRASM2 source by its extension, by -dialect and by its marker line, and
// checks the HEX bytes against the encodings of the AVR Instruction Set Manual.
func TestAsmDialect(t *testing.T) {
	dir := t.TempDir()
	src := ".def t = r16\n\tldi t, $12\nloop:\trjmp loop\n"
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// LDI r16,0x12 = 1110 0001 0000 0010 (0xE102); RJMP -1 = 0xCFFF.
	want := []byte{0x02, 0xE1, 0xFF, 0xCF}
	cases := []struct {
		name string
		args []string
	}{
		{"by extension", []string{write("a.asm", src)}},
		{"by -dialect", []string{"-dialect", "atmel", write("b.S", src)}},
		{"by marker", []string{write("c.S", "; avrlab dialect: atmel\n"+src)}},
	}
	for _, c := range cases {
		out := filepath.Join(dir, "out.hex")
		var stdout, stderr bytes.Buffer
		if code := cmdAsm(append([]string{"-o", out}, c.args...), &stdout, &stderr); code != 0 {
			t.Errorf("%s: exit %d: %s", c.name, code, stderr.String())
			continue
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		flash, _, err := ihex.Read(f)
		f.Close()
		if err != nil || !bytes.Equal(flash, want) {
			t.Errorf("%s: flash % x (%v), want % x", c.name, flash, err, want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := cmdAsm([]string{"-dialect", "gnu", write("d.asm", src)}, &stdout, &stderr); code == 0 ||
		!strings.Contains(stderr.String(), ".def") {
		t.Errorf("-dialect gnu on an AVRASM2 source: exit %d, %s", code, stderr.String())
	}
	stderr.Reset()
	if code := cmdAsm([]string{"-dialect", "masm", write("e.asm", src)}, &stdout, &stderr); code == 0 ||
		!strings.Contains(stderr.String(), `unknown -dialect "masm"`) {
		t.Errorf("-dialect masm: exit %d, %s", code, stderr.String())
	}
}
