package asm

import (
	"errors"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/internal/srcpos"
)

// TestIncludes: the include graph an assembly followed is every #include and .include met, with the
// file it read, "" for one not found (an error at the directive), nothing for a directive in a
// false #if or .if, each directive once although a .rept meets it again; asm.Includes (first pass
// only) gives what Assemble's image holds.
func TestIncludes(t *testing.T) {
	fsys := fstest.MapFS{
		"lib/a.h":      {Data: []byte("#include \"c.h\"\n")},
		"lib/c.h":      {Data: []byte("; nothing\n")},
		"b.inc":        {Data: []byte("nop\n")},
		"keys/k.S":     {Data: []byte(".byte 1\n")},
		"atmel/x.inc":  {Data: []byte(".equ X = 1\n")},
		"atmel/m.asm":  {Data: []byte(".include \"m128def.inc\"\n.include \"x.inc\"\n.include \"y.inc\"\nnop\n")},
		"main.S":       {Data: []byte("#include <avr/io.h>\n#include \"lib/a.h\"\n#if 0\n#include \"no.h\"\n#endif\n.if 0\n.include \"no.inc\"\n.endif\n.rept 2\n.include \"b.inc\"\n.endr\n  .include \"gone.inc\"\n#include \"keys/k.S\"\n")},
		"lib/unused.h": {Data: []byte("#include \"never.h\"\n")},
	}
	pos := func(f string, l, c int) srcpos.Position { return srcpos.Position{Filename: f, Line: l, Column: c} }
	want := []Include{
		{At: pos("main.S", 1, 2), Name: "avr/io.h", File: "avr/io.h"},
		{At: pos("avr/io.h", 4, 2), Name: "avr/sfr_defs.h", File: "avr/sfr_defs.h"}, // built-in headers count
		{At: pos("main.S", 2, 2), Name: "lib/a.h", File: "lib/a.h"},
		{At: pos("lib/a.h", 1, 2), Name: "c.h", File: "lib/c.h"},
		{At: pos("main.S", 13, 2), Name: "keys/k.S", File: "keys/k.S"},
		{At: pos("main.S", 10, 1), Name: "b.inc", File: "b.inc"},
		{At: pos("main.S", 12, 3), Name: "gone.inc", File: ""},
	}
	src, _ := fsys.ReadFile("main.S")
	cfg := Config{FS: FromFS(fsys)}
	im, err := Assemble("main.S", src, cfg)
	if im == nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(im.Includes, want) {
		t.Errorf("image includes:\n got %+v\nwant %+v", im.Includes, want)
	}
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Pos != pos("main.S", 12, 12) {
		t.Errorf("errors %v, want one at main.S:12:12 (the name of the missing include)", err)
	}
	got, err := Includes("main.S", src, cfg)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Includes: %+v, %v; want %+v", got, err, want)
	}

	// AVRASM2: .include becomes #include; the device file is generated, y.inc is not found.
	asrc, _ := fsys.ReadFile("atmel/m.asm")
	got, err = Includes("atmel/m.asm", asrc, cfg)
	want = []Include{
		{At: pos("atmel/m.asm", 1, 2), Name: "m128def.inc", File: "atmel/m128def.inc"},
		{At: pos("atmel/m.asm", 2, 2), Name: "x.inc", File: "atmel/x.inc"},
		{At: pos("atmel/m.asm", 3, 2), Name: "y.inc", File: ""},
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("AVRASM2 includes: %+v, %v; want %+v", got, err, want)
	}
	im, err = Assemble("atmel/m.asm", asrc, cfg)
	if !errors.As(err, &list) || len(list) != 1 || list[0].Pos != pos("atmel/m.asm", 3, 2) || !reflect.DeepEqual(im.Includes, want) {
		t.Errorf("AVRASM2: errors %v, want one at atmel/m.asm:3:2 (the missing include); includes %+v", err, im.Includes)
	}
}
