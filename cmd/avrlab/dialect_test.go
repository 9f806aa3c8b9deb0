package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
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

// TestBenchAtmel benches examples/speck64-atmel.asm and its GNU twin examples/speck64.S with avrlab
// bench -json: the AVRASM2 file is read in its dialect by its extension, and the two reports are equal,
// file names aside.
func TestBenchAtmel(t *testing.T) {
	var reports []string
	for _, f := range []string{"speck64-atmel.asm", "speck64.S"} {
		code, stdout, stderr := runCLI(t, "bench", "-json", "-vectors", "5", "-seed", "3", filepath.Join("..", "..", "examples", f))
		if code != 0 {
			t.Fatalf("%s: exit %d: %s%s", f, code, stdout, stderr)
		}
		reports = append(reports, strings.ReplaceAll(stdout, f, "FILE"))
	}
	if reports[0] != reports[1] || !strings.Contains(reports[0], `"pass":true`) || !strings.Contains(reports[0], `"cycles_min":1199`) {
		t.Errorf("reports differ or do not pass in 1199 cycles:\n%s\n%s", reports[0], reports[1])
	}
}

// readHexFile decodes an Intel HEX file.
func readHexFile(t *testing.T, path string) ([]byte, []bool) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, present, err := ihex.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return data, present
}

// TestAsmEEPROM checks the .eep.hex avrlab asm writes beside the HEX file: for the hand-written AVRASM2
// program of asm/atmel (every directive), the bytes and gaps of avra's .eep.hex and the code of its .hex
// (avra's committed answers); for the two-file GNU program of asm/testdata/eeprom, avr-objcopy -j
// .eeprom's file byte for byte (avr-gcc's committed answer). A program without EEPROM contents writes
// none.
func TestAsmEEPROM(t *testing.T) {
	dir := t.TempDir()
	hand := filepath.Join("..", "..", "asm", "atmel", "testdata", "hand")
	out := filepath.Join(dir, "d.hex")
	code, stdout, stderr := runCLI(t, "asm", "-o", out, filepath.Join(hand, "directives.asm"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "bytes of EEPROM -> "+filepath.Join(dir, "d.eep.hex")) {
		t.Errorf("stdout %q does not name the EEPROM file", stdout)
	}
	for _, c := range []struct{ got, avra string }{{"d.eep.hex", "directives.eep"}, {"d.hex", "directives.hex"}} {
		got, gotPresent := readHexFile(t, filepath.Join(dir, c.got))
		want, wantPresent := readHexFile(t, filepath.Join(hand, c.avra))
		for i := range want {
			if wantPresent[i] && (i >= len(got) || got[i] != want[i]) {
				t.Errorf("%s: byte 0x%x differs from avra's %s", c.got, i, c.avra)
				break
			}
		}
		if c.got == "d.eep.hex" && (len(got) != len(want) || !slices.Equal(gotPresent, wantPresent)) {
			t.Errorf("%s holds other bytes than avra's %s: % x (%v)\nwant % x (%v)", c.got, c.avra, got, gotPresent, want, wantPresent)
		}
	}

	gnu := filepath.Join("..", "..", "asm", "testdata", "eeprom")
	out = filepath.Join(dir, "g.hex")
	if code, _, stderr := runCLI(t, "asm", "-o", out, filepath.Join(gnu, "1-main.S"), filepath.Join(gnu, "2-config.S")); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := os.ReadFile(filepath.Join(dir, "g.eep.hex"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(gnu, "eeprom.eep"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("g.eep.hex %q, want avr-objcopy's %q", got, want)
	}

	out = filepath.Join(dir, "n.hex")
	if code, _, stderr := runCLI(t, "asm", "-o", out, writeFile(t, dir, "n.S", "\tnop\n")); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "n.eep.hex")); !os.IsNotExist(err) {
		t.Errorf("an .eep.hex for a program without EEPROM contents: %v", err)
	}
}
