package atmel_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
)

// guideCase is a program where avra (1.4.2) departs from Microchip's AVR Assembler user guide: want
// holds the bytes the guide's definition gives (the section is named), which avrlab must produce;
// avra's answer is committed in testdata/avra-differs.json and must differ. The README lists these.
type guideCase struct {
	name    string
	section string // where the guide says it
	src     string
	want    []byte
}

// ldi16 is LDI r16,K (1110 KKKK 0000 KKKK), little-endian.
func ldi16(k byte) []byte { return []byte{k & 0x0F, 0xE0 | k>>4} }

func cat(bs ...[]byte) []byte { return bytes.Join(bs, nil) }

var guideCases = []guideCase{
	{"octal", "7.2 Operands: octal with a leading zero", "ldi r16, 010\nldi r16, 077\n", cat(ldi16(8), ldi16(63))},
	{"dd", "5.5 DD: 32-bit, strictly little-endian (the guide's example)",
		".dd 0, 0xfadebabe, -2147483648, 1 << 30\n",
		[]byte{0, 0, 0, 0, 0xBE, 0xBA, 0xDE, 0xFA, 0, 0, 0, 0x80, 0, 0, 0, 0x40}},
	{"dq", "5.7 DQ: 64-bit, strictly little-endian (the guide's example)",
		".dq 0, 0xfadebabedeadbeef, 1 << 62\n",
		[]byte{0, 0, 0, 0, 0, 0, 0, 0, 0xEF, 0xBE, 0xAD, 0xDE, 0xBE, 0xBA, 0xDE, 0xFA, 0, 0, 0, 0, 0, 0, 0, 0x40}},
	{"conditional", "7.3 Operators: ? (conditional operator)", "ldi r16, 1 ? 4 : 5\nldi r16, 0 ? 4 : 5\n", cat(ldi16(4), ldi16(5))},
	{"abs", "7.1 Functions: ABS()", "ldi r16, abs(-5)\nldi r16, ABS(7)\n", cat(ldi16(5), ldi16(7))},
	{"strlen", "7.1 Functions: STRLEN()", "ldi r16, strlen(\"abc\")\n", ldi16(3)},
	{"escapes", "4.6 Strings and Character Constants: C escapes in character constants",
		".db '\\n', '\\r', '\\t', '\\0', '\\\\', '\\177', '\\xff', 'a'\n", []byte{10, 13, 9, 0, '\\', 127, 0xFF, 'a'}},
	{"concatenation", "4.6 Strings and Character Constants: adjacent strings are joined",
		".db \"This is a \" \"long string\"\n", []byte("This is a long string\x00")},
	{"block-comment", "4.2 Preprocessor directives: C-style comments", "ldi r16, 1 /* one\n   two */\nldi r16, 2 // three\n",
		cat(ldi16(1), ldi16(2))},
	{"function-macro", "4.2 Preprocessor directives: the C preprocessor's #define with parameters",
		"#define SQR(x) ((x)*(x))\nldi r16, SQR(3)\n", ldi16(9)},
	{"undef", "4.2 Preprocessor directives: #undef", "#define X 1\n#undef X\n#ifdef X\nldi r16, 1\n#else\nldi r16, 2\n#endif\n", ldi16(2)},
}

var avraDiffersPath = filepath.Join("testdata", "avra-differs.json")

// avraAnswer is what avra made of a guide case: its bytes (hex) or its first error line.
type avraAnswer struct {
	Hex   string `json:"hex,omitempty"`
	Error string `json:"error,omitempty"`
}

func guideSource(c guideCase) string { return ".device ATmega128\n" + c.src }

// runAvraGuide assembles the guide cases with avra.
func runAvraGuide() (map[string]avraAnswer, error) {
	var sources []oracle.Source
	for _, c := range guideCases {
		sources = append(sources, oracle.Source{Name: c.name + ".asm", Text: guideSource(c)})
	}
	res, err := oracle.Avra(sources)
	if err != nil {
		return nil, err
	}
	out := map[string]avraAnswer{}
	for i, c := range guideCases {
		r := res[i]
		if r.Err != "" {
			first := strings.SplitN(r.Err, "\n", 2)[0]
			out[c.name] = avraAnswer{Error: strings.TrimPrefix(first, c.name+".asm")}
			continue
		}
		out[c.name] = avraAnswer{Hex: hex.EncodeToString(r.Flash)}
	}
	return out, nil
}

func writeAvraDiffers() error {
	ans, err := runAvraGuide()
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(ans, "", "\t")
	if err != nil {
		return err
	}
	return os.WriteFile(avraDiffersPath, append(b, '\n'), 0o644)
}

func readAvraDiffers(t *testing.T) map[string]avraAnswer {
	t.Helper()
	b, err := os.ReadFile(avraDiffersPath)
	if err != nil {
		t.Fatal(err)
	}
	var ans map[string]avraAnswer
	if err := json.Unmarshal(b, &ans); err != nil {
		t.Fatal(err)
	}
	return ans
}

// TestGuide checks that avrlab follows the guide where avra does not, and that avra's committed answer
// does differ from the guide (else the case belongs with the hand-written programs).
func TestGuide(t *testing.T) {
	ans := readAvraDiffers(t)
	for _, c := range guideCases {
		r := assemble(t, c.name+".asm", guideSource(c), nil, "")
		if r.err != nil {
			t.Errorf("%s (%s): %v", c.name, c.section, r.err)
		} else if got := r.im.Flash; !bytes.Equal(got, c.want) {
			t.Errorf("%s (%s): avrlab % x, the guide % x", c.name, c.section, got, c.want)
		}
		a, ok := ans[c.name]
		switch {
		case !ok:
			t.Errorf("%s: no avra answer in %s (go test -update)", c.name, avraDiffersPath)
		case a.Error == "" && a.Hex == hex.EncodeToString(c.want):
			t.Errorf("%s: avra agrees with the guide: not a difference", c.name)
		}
	}
}

// TestGuideAvra runs avra on the guide cases again: its answers must still be the committed ones.
func TestGuideAvra(t *testing.T) {
	oracle.NeedAvra(t)
	want := readAvraDiffers(t)
	got, err := runAvraGuide()
	if err != nil {
		t.Fatal(err)
	}
	for name, a := range got {
		if want[name] != a {
			t.Errorf("%s: avra now says %+v, %s has %+v", name, a, avraDiffersPath, want[name])
		}
	}
}
