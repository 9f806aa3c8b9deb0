package asm_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/oracle"
)

// testdata/eeprom is a program of two files with .eeprom sections. avr-gcc's answers are committed
// beside it: eeprom.eep (avr-objcopy -O ihex -j .eeprom --change-section-lma .eeprom=0) and
// eeprom.hex (avr-objcopy -O ihex -j .text -j .data); TestEEPROMOracle checks they are still the
// tools' answers.
const eepromDir = "testdata/eeprom"

var eepromFiles = []string{"1-main.S", "2-config.S"}

// TestEEPROMLink links the program and compares both HEX files with avr-gcc's byte for byte: the
// sections in link order from EEPROM address 0, the .org fill and the alignment pads written, the
// .word of an EEPROM label its 16-bit address, hh8 of one 0x81.
func TestEEPROMLink(t *testing.T) {
	im, err := asm.AssembleFiles(eepromFiles, asm.Config{FS: asm.FromFS(os.DirFS(eepromDir))})
	if err != nil {
		t.Fatal(err)
	}
	var eep, hex bytes.Buffer
	if err := im.WriteEEPROMHex(&eep); err != nil {
		t.Fatal(err)
	}
	if err := im.WriteHex(&hex); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, got string }{{"eeprom.eep", eep.String()}, {"eeprom.hex", hex.String()}} {
		want, err := os.ReadFile(filepath.Join(eepromDir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		if c.got != string(want) {
			t.Errorf("%s differs from avr-gcc's:\n got %q\nwant %q", c.file, c.got, want)
		}
	}
	if len(im.EEPROM) != 20 || len(im.EEPROMPresent) != 20 {
		t.Errorf("EEPROM of %d bytes (%d flags), want 20 (0x0c + 5 bytes of config + 3 of pad)", len(im.EEPROM), len(im.EEPROMPresent))
	}
	if _, ok := im.Symbol("config"); ok {
		t.Errorf("an EEPROM label is listed among the image's symbols")
	}
}

// TestEEPROMOracle runs avr-gcc and avr-objcopy on testdata/eeprom: their files must be the committed
// ones.
func TestEEPROMOracle(t *testing.T) {
	oracle.NeedGNU(t)
	dir := t.TempDir()
	elf := filepath.Join(dir, "p.elf")
	args := append([]string{"-mmcu=atmega128", "-nostartfiles", "-nostdlib", "-x", "assembler-with-cpp", "-o", elf}, eepromFiles...)
	gcc := exec.Command("avr-gcc", args...)
	gcc.Dir = eepromDir
	if out, err := gcc.CombinedOutput(); err != nil {
		t.Fatalf("avr-gcc: %v\n%s", err, out)
	}
	for file, sections := range map[string][]string{
		"eeprom.eep": {"-j", ".eeprom", "--change-section-lma", ".eeprom=0"},
		"eeprom.hex": {"-j", ".text", "-j", ".data"},
	} {
		out := filepath.Join(dir, file)
		cmd := exec.Command("avr-objcopy", append(append([]string{"-O", "ihex"}, sections...), elf, out)...)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("avr-objcopy: %v\n%s", err, msg)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join(eepromDir, file))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("avr-objcopy's %s is no longer the committed one:\n%q\n%q", file, got, want)
		}
	}
}

// TestEEPROMErrors checks what does not go in the EEPROM: instructions, more bytes than the part has
// (in one section, and in two files together), a byte value out of range. A program without EEPROM
// contents has none and writes an EEPROM HEX of the end record only.
func TestEEPROMErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"a.S": {Data: []byte(".section .eeprom\n\t.space 300\n")},
		"b.S": {Data: []byte(".section .eeprom\nbig:\t.space 300\n")},
	}
	_, err := asm.AssembleFiles([]string{"a.S", "b.S"}, asm.Config{Device: "attiny85", FS: asm.FromFS(fsys)})
	if err == nil || err.Error() != "b.S:2:6: EEPROM sections need 600 bytes, more than the 512 bytes of EEPROM of attiny85" {
		t.Errorf("two files: %v", err)
	}
	for _, c := range []struct{ src, want string }{
		{".section .eeprom\n\tnop\n", "t.S:2:2: instructions cannot go in .eeprom (the EEPROM holds data; code runs from flash)"},
		{".section .eeprom\n\t.space 513\n", "t.S:2:2: section .eeprom grows to 513 bytes, beyond the 512 bytes of EEPROM of attiny85"},
		{".section .eeprom\n\t.byte 1, 300\n", "t.S:2:11: value 300 does not fit in .byte (-128..255)"},
	} {
		_, err := asm.Assemble("t.S", []byte(c.src), asm.Config{Device: "attiny85"})
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %s", c.src, err, c.want)
		}
	}
	im, err := asm.Assemble("t.S", []byte("\tnop\n"), asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := im.WriteEEPROMHex(&b); err != nil || im.EEPROM != nil || b.String() != ":00000001FF\r\n" {
		t.Errorf("no EEPROM contents: %v % x %q", err, im.EEPROM, b.String())
	}
}
