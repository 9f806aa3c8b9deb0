package main

import (
	"strings"
	"testing"
)

// TestParse reads a small definition file in Atmel's layout: .equ in every notation, an alias of an
// earlier name, .def, .device, the guard and #pragma lines, comments; and refuses what it cannot read.
func TestParse(t *testing.T) {
	src := ";* Version           : 2.35\n#ifndef _X_\n#define _X_\n#pragma partinc 0\n.device ATmega328P\n" +
		".equ\tSREG\t= 0x3f\n.equ\tPB3 = 3\t; bit\n.equ A = $10\n.equ B = 0b101\n.equ SMALL = SREG\n" +
		".def\tXL\t= r26\n#endif\n"
	f, err := Parse("x.inc", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if f.Part != "ATmega328P" || f.Version != "2.35" || len(f.Entries) != 6 ||
		f.Entries[0].Value != 0x3f || f.Entries[2].Value != 16 || f.Entries[3].Value != 5 || f.Entries[4].Value != 0x3f ||
		!f.Entries[5].Def || f.Entries[5].Value != 26 {
		t.Errorf("parsed %+v", f)
	}
	for _, bad := range []string{
		".device X\n.equ A = B\n",             // an alias of nothing
		".device X\n.equ A = 1\n.equ a = 2\n", // twice, but for case
		".device X\n.org 0\n",                 // not a definition
		".equ A = 1\n",                        // no .device
		".device X\n.equ A = 1+2\n",           // an expression
	} {
		if _, err := Parse("bad.inc", []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if enc := encode(f); !strings.HasPrefix(enc, "0SREG=3f\n0PB3=3\n0A=10\n0B=5\n0SMALL=3f\n0XL@1a\n") {
		t.Errorf("encoding %q", enc)
	}
}
