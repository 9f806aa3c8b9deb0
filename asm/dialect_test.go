package asm_test

import (
	"bytes"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/asm/obj"
)

// atmelSrc is an AVRASM2 program for the ATtiny85: LDI r16,0x12 = 1110 0001 0000 0010 (0xE102), RJMP
// -1 = 1100 1111 1111 1111 (AVR Instruction Set Manual), then an EEPROM byte.
const atmelSrc = ".device ATtiny85\n.def t = r16\n\tldi t, $12\nloop:\trjmp loop\n.eseg\n.db 7\n"

var atmelBytes = []byte{0x02, 0xE1, 0xFF, 0xCF}

// TestDialectDispatch assembles the AVRASM2 program through Assemble, AssembleFiles and Compile by
// its extension, by its marker line and by Config.Dialect: each gives the manual's bytes, the part of
// its .device and its EEPROM byte. Config.Dialect "gnu" reads it as GNU (and says what it is).
func TestDialectDispatch(t *testing.T) {
	marked := "; avrlab dialect: atmel\n" + atmelSrc
	fsys := fstest.MapFS{"p.asm": {Data: []byte(atmelSrc)}, "m.S": {Data: []byte(marked)}, "g.S": {Data: []byte(atmelSrc)}}
	check := func(what string, im *asm.Image, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", what, err)
			return
		}
		if !bytes.Equal(im.Flash, atmelBytes) || im.Device.Name != "attiny85" || !bytes.Equal(im.EEPROM, []byte{7}) {
			t.Errorf("%s: flash % x on %s, EEPROM % x; want % x on attiny85, EEPROM 07", what, im.Flash, im.Device.Name, im.EEPROM, atmelBytes)
		}
	}
	im, err := asm.Assemble("p.asm", []byte(atmelSrc), asm.Config{})
	check("Assemble by extension", im, err)
	im, err = asm.Assemble("m.S", []byte(marked), asm.Config{})
	check("Assemble by marker", im, err)
	im, err = asm.Assemble("g.S", []byte(atmelSrc), asm.Config{Dialect: "ATMEL"})
	check("Assemble by Config.Dialect", im, err)
	im, err = asm.AssembleFile("p.asm", asm.Config{FS: asm.FromFS(fsys)})
	check("AssembleFile", im, err)
	im, err = asm.AssembleFiles([]string{"m.S"}, asm.Config{FS: asm.FromFS(fsys)})
	check("AssembleFiles of one file", im, err)
	im, err = asm.Assemble("p.asm", []byte(atmelSrc), asm.Config{Device: "attiny85"})
	check("Assemble with the same -device", im, err)

	o, err := asm.Compile("p.asm", []byte(atmelSrc), asm.Config{})
	if err != nil || o.Dialect != obj.DialectAtmel || o.Device.Name != "attiny85" {
		t.Errorf("Compile: %v, dialect %q", err, o.Dialect)
	}
	o, err = asm.Compile("p.S", []byte("nop\n"), asm.Config{})
	if err != nil || o.Dialect != obj.DialectGNU || o.Device.Name != "atmega128" {
		t.Errorf("Compile of a GNU file: %v, dialect %q", err, o.Dialect)
	}

	for _, c := range []struct {
		name string
		cfg  asm.Config
		want string
	}{
		{"g.S", asm.Config{}, `g.S:1:1: ".device" is an AVRASM2 directive: name the file .asm or add "; avrlab dialect: atmel"`},
		{"p.asm", asm.Config{Dialect: "gnu"}, `p.asm:1:1: ".device" is an AVRASM2 directive: name the file .asm or add "; avrlab dialect: atmel"`},
		{"p.asm", asm.Config{Dialect: "masm"}, `p.asm: unknown dialect "masm" (avrlab reads gnu and atmel)`},
		{"p.asm", asm.Config{Device: "atmega128"}, "p.asm:1:9: .device ATtiny85, but the program is assembled for the ATmega128: choose attiny85 as the device"},
		{"p.asm", asm.Config{Device: "atmega9"}, `p.asm: unknown device "atmega9" (avrlab knows atmega128, atmega2560, atmega328p, atmega4809, attiny45, attiny85, atxmega128a1)`},
	} {
		_, err := asm.Assemble(c.name, []byte(atmelSrc), c.cfg)
		if err == nil || err.(asm.ErrorList)[0].Error() != c.want {
			t.Errorf("%s %+v: %v\nwant %s", c.name, c.cfg, err, c.want)
		}
	}
}

// TestDialectNotLinked checks that an AVRASM2 source among other files is refused at its file, as
// AVRASM2 has no linker, whether the files are read by AssembleFiles or compiled and given to Link.
func TestDialectNotLinked(t *testing.T) {
	fsys := fstest.MapFS{"p.asm": {Data: []byte(atmelSrc)}, "a.S": {Data: []byte("\tnop\n")}}
	want := "p.asm: an AVRASM2 source is a program of its own (one file and what it includes): it cannot be linked with other files"
	_, err := asm.AssembleFiles([]string{"a.S", "p.asm"}, asm.Config{FS: asm.FromFS(fsys), Device: "attiny85"})
	if err == nil || err.Error() != want {
		t.Errorf("AssembleFiles: %v\nwant %s", err, want)
	}
	a, _ := asm.Compile("a.S", []byte("\tnop\n"), asm.Config{Device: "attiny85"})
	p, _ := asm.Compile("p.asm", []byte(atmelSrc), asm.Config{Device: "attiny85"})
	_, err = asm.Link(p.Device, []*obj.Object{a, p}, 0)
	if err == nil || err.Error() != want {
		t.Errorf("Link: %v\nwant %s", err, want)
	}
}
