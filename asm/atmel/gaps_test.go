package atmel_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm/ihex"
	"github.com/avrlab/avrlab/asm/obj"
	"github.com/avrlab/avrlab/internal/oracle"
)

// handFile reads a program of testdata/hand.
func handFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(handDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestHexEmittedOnly writes the HEX file of a program with .org gaps: it holds the bytes avra's does,
// and no record in a gap (the image used to be written from 0 with the gaps as 0x00).
func TestHexEmittedOnly(t *testing.T) {
	r := assemble(t, "gap.asm", handFile(t, "gap.asm"), nil, "")
	if r.err != nil {
		t.Fatal(r.err)
	}
	var b bytes.Buffer
	if err := r.im.WriteHex(&b); err != nil {
		t.Fatal(err)
	}
	data, present, err := ihex.Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	want, wantPresent := readHex(t, filepath.Join(handDir, "gap.hex"))
	if d := sameImage(data, present, want, wantPresent); d != "" {
		t.Errorf("HEX: %s", d)
	}
	n := 0
	for _, p := range present {
		if p {
			n++
		}
	}
	if n != 4+4+2+4+2 {
		t.Errorf("HEX holds %d bytes, want 16 (jmp, two .dw, ldi, .db, rjmp)", n)
	}
}

// avraMessage is one line avra prints about the main file: "f.asm(3) : Warning : text".
var avraMessage = regexp.MustCompile(`(?m)^([^\s(]+)\((\d+)\) : (Warning : )?(.*)$`)

// TestMessagesAvra compares what .message, .warning, #message and #warning print with avra's lines
// for the same program: the same lines, texts and kinds (avra's "Warning :" is a warning, its plain
// line a message, an info here).
func TestMessagesAvra(t *testing.T) {
	oracle.NeedAvra(t)
	src := handFile(t, "messages.asm")
	res, err := oracle.Avra([]oracle.Source{{Name: "messages.asm", Text: src}})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Err != "" {
		t.Fatalf("avra: %s", res[0].Err)
	}
	var want []string
	for _, m := range avraMessage.FindAllStringSubmatch(res[0].Log, -1) {
		if filepath.Base(m[1]) != "messages.asm" {
			continue // avra's notes about its own device file's #pragma lines
		}
		sev := "info"
		if m[3] != "" {
			sev = "warning"
		}
		want = append(want, fmt.Sprintf("%s %s %s", m[2], sev, strings.TrimSpace(m[4])))
	}
	r := assemble(t, "messages.asm", src, nil, "")
	if r.err != nil {
		t.Fatal(r.err)
	}
	var got []string
	for _, w := range r.im.Warnings {
		if w.Pos.Filename == "messages.asm" {
			got = append(got, fmt.Sprintf("%d %s %s", w.Pos.Line, w.Severity, w.Msg))
		}
	}
	if len(want) != 4 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("avrlab prints\n%s\navra\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPointerPairs checks adiw and sbiw with X, Y and Z in either case: the bytes of the pair
// spellings (avra takes only the lower case, AVRASM2 both).
func TestPointerPairs(t *testing.T) {
	for _, c := range []struct{ ptr, pair string }{{"X", "r27:r26"}, {"x", "r26"}, {"Y", "YH:YL"}, {"Z", "r30"}} {
		a := assemble(t, "a.asm", ".include \"m128def.inc\"\n\tadiw "+c.ptr+", 1\n\tsbiw "+c.ptr+", 63\n", nil, "")
		b := assemble(t, "b.asm", ".include \"m128def.inc\"\n\tadiw "+c.pair+", 1\n\tsbiw "+c.pair+", 63\n", nil, "")
		if a.err != nil || b.err != nil {
			t.Fatalf("%s: %v / %v", c.ptr, a.err, b.err)
		}
		if !bytes.Equal(a.im.Flash, b.im.Flash) {
			t.Errorf("adiw %s = % x, adiw %s = % x", c.ptr, a.im.Flash, c.pair, b.im.Flash)
		}
	}
	// Elsewhere a pointer is no register: movw X, Y stays an error.
	if r := assemble(t, "m.asm", "\tmovw X, Y\n", nil, ""); r.err == nil {
		t.Error("movw X, Y assembled")
	}
}

// TestForwardDefErrors checks the refusals around forward .def names: a name no .def ever names is
// reported at its use with the hint, after the whole file is read.
func TestForwardDefErrors(t *testing.T) {
	r := assemble(t, "f.asm", "\tldi temp, 1\n\tinc temp\n.def other = r16\n", nil, "")
	var list obj.ErrorList
	if r.err == nil || !errors.As(r.err, &list) {
		t.Fatalf("no errors: %v", r.err)
	}
	var got []string
	for _, e := range list {
		got = append(got, fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Column, e.Msg))
	}
	want := "1:6: expected register r16..r31, found temp (not a register name: .def gives registers names)|" +
		"2:6: expected register r0..r31, found temp (not a register name: .def gives registers names)"
	if strings.Join(got, "|") != want {
		t.Errorf("errors\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
}

// TestEquUndefined checks that .equ of a name the file never defines is refused at its own line, as
// avra refuses it, while a name defined further on (a label) is left to the second pass.
func TestEquUndefined(t *testing.T) {
	r := assemble(t, "e.asm", ".equ A = later\n.equ B = nowhere + 1\nlater:\n\tldi r16, A\n", nil, "")
	var list obj.ErrorList
	if r.err == nil || !errors.As(r.err, &list) {
		t.Fatalf("no errors: %v", r.err)
	}
	if len(list) != 1 || list[0].Pos.Line != 2 || list[0].Pos.Column != 10 ||
		list[0].Msg != `undefined symbol "nowhere" (in .equ B)` {
		t.Errorf("errors: %v", list)
	}
}

// TestIncludeHints checks the messages of an .include whose file is missing: a device definition file
// of a part avrlab does not model names the part and the modelled ones (the file need not exist), and
// a file beside the includer whose name differs only in case is named.
func TestIncludeHints(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{".include \"m161def.inc\"\n", `1:2: .include "m161def.inc": avrlab does not model ATmega161 (m161def.inc is its device definition file); modelled parts: ATmega128, ATmega2560, ATmega328P, ATmega4809, ATtiny45, ATtiny85, ATxmega128A1`},
		{".include \"tn13Adef.inc\"\n", `1:2: .include "tn13Adef.inc": avrlab does not model ATtiny13A (tn13Adef.inc is its device definition file); modelled parts: ATmega128, ATmega2560, ATmega328P, ATmega4809, ATtiny45, ATtiny85, ATxmega128A1`},
		{".include \"Keys.INC\"\n", `1:2: .include "Keys.INC": file not found, but "keys.inc" is there: file names differ in case here (AVRASM2 on Windows ignores case)`},
		{".include \"other.inc\"\n", `1:2: .include "other.inc": file not found`},
	} {
		r := assemble(t, "main.asm", c.src, map[string]string{"keys.inc": "nop\n"}, "")
		var list obj.ErrorList
		if !errors.As(r.err, &list) || len(list) != 1 {
			t.Errorf("%q: %v", c.src, r.err)
			continue
		}
		if got := fmt.Sprintf("%d:%d: %s", list[0].Pos.Line, list[0].Pos.Column, list[0].Msg); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
	// A modelled part's file is still generated, in any case.
	if r := assemble(t, "main.asm", ".include \"M328PDEF.INC\"\n\tldi r16, OC0Aaddr\n", nil, ""); r.err != nil {
		t.Error(r.err)
	}
}
