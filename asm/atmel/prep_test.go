package atmel

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/avrlab/avrlab/asm/cpp"
	"github.com/avrlab/avrlab/asm/internal/srcfile"
)

func TestPrepare(t *testing.T) {
	in := "\t.INCLUDE \"a.inc\" ; x\n.includex\nlbl: .include \"b.inc\"\n  .include<c.inc>\n.include"
	want := "\t#include \"a.inc\"    \n.includex\nlbl: .include \"b.inc\"\n  #include<c.inc>\n#include"
	got, incs := prepare([]byte(in), false)
	if string(got) != want || fmt.Sprint(incs) != "[1 4 5]" {
		t.Errorf("prepare =\n%q %v\nwant\n%q [1 4 5]", got, incs, want)
	}
	if got, _ := prepare([]byte("nop \\"), true); string(got) != "nop \\\n\n"+eofMarker+"\n" {
		t.Errorf("prepare of an included file = %q", got)
	}
	src := []byte("nop\n")
	if out, _ := prepare(src, false); &out[0] != &src[0] {
		t.Error("prepare copied a source it had nothing to change in")
	}
}

func TestPreprocess(t *testing.T) {
	fsys := fstest.MapFS{
		"lib/x.inc": {Data: []byte("#define FROM_X 7 ; a comment the #define does not keep\n.include \"y.inc\"\nldi r16, 'a' ; don't\n")},
		"lib/y.inc": {Data: []byte(".equ Y = 1")},
	}
	src := "; avrlab dialect: atmel\n.include \"M128DEF.INC\"\n.include \"lib/x.inc\"\nldi r17, FROM_X\n#ifdef _M128DEF_INC_\n.device ok\n#endif\n"
	lines, _, err := preprocess("main.asm", []byte(src), preprocessConfig{fs: srcfile.FromFS(fsys)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	devEnd := false
	for _, l := range lines {
		text := strings.TrimSpace(l.Text)
		if l.File == "M128DEF.INC" {
			devEnd = devEnd || text == eofMarker
			continue
		}
		got = append(got, l.File+": "+text)
	}
	want := []string{
		"lib/y.inc: .equ Y = 1", "lib/y.inc: " + eofMarker,
		"lib/x.inc: ldi r16, 'a'", "lib/x.inc: " + eofMarker,
		"main.asm: ldi r17, 7", "main.asm: .device ok",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !devEnd {
		t.Error("the generated m128def.inc was not included (or has no end marker)")
	}

	// Without a file system the device files are still there; other files are not.
	if _, _, err := preprocess("m.asm", []byte(".include \"tn45def.inc\"\n"), preprocessConfig{}); err != nil {
		t.Errorf("tn45def.inc without an FS: %v", err)
	}
	_, _, err = preprocess("m.asm", []byte(".include \"mine.inc\"\n"), preprocessConfig{})
	if err == nil || !strings.Contains(err.Error(), `#include "mine.inc": file not found`) {
		t.Errorf("missing file: %v", err)
	}
	// Size limits count the main source and every included file.
	_, _, err = preprocess("m.asm", []byte(".include \"lib/x.inc\"\n"), preprocessConfig{fs: srcfile.FromFS(fsys), maxTotal: 40})
	if err == nil || !strings.Contains(err.Error(), "limit is 40 bytes in all") {
		t.Errorf("total limit: %v", err)
	}
}

// TestDollarHexInIf: the preprocessor reads $hex in #if, and in #define bodies used there, as a
// hexadecimal number (the AVR Assembler guide's preprocessor); a $ in a character constant is a
// character; the source text is kept, so the columns after a $ number are the source's.
func TestDollarHexInIf(t *testing.T) {
	src := "#define X 31\n#define Z $a0+1\n#if X == $1F && Z == 161 && '$' == 36\nldi r16, $10\n#endif\n#if $10 ==\n#endif\n"
	lines, _, err := preprocess("m.asm", []byte(src), preprocessConfig{})
	var list cpp.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Error() != "m.asm:6:11: expected value in #if expression, found end of line" {
		t.Fatalf("want one error at the end of line 6 (column 11 of the 10-byte line): %v", err)
	}
	var code []string
	for _, l := range lines {
		if strings.TrimSpace(l.Text) != "" {
			code = append(code, l.Text)
		}
	}
	if strings.Join(code, "|") != "ldi r16, $10" {
		t.Errorf("the lines kept: %q; want the ldi of the true #if, as written", code)
	}
}
