package highlight

import (
	"html"
	"regexp"
	"strings"
	"testing"
)

func TestAtmelTokenClasses(t *testing.T) {
	src := "; SPECK\n" +
		".include \"m128def.inc\"\n" +
		".def tmp = r16\n" +
		"start:\tLDI ZL, LOW(table*2)\n" +
		"\tmovw XH:XL, r25:r24\n" +
		"\tbrne PC-1 // back\n" +
		".macro m\n\tldi @0, $1F\n.endm\n" +
		"table: .db 'a', '\\n', \"x;y\", 0b101, 017\n" +
		"#ifdef X\n"
	out, err := HTMLAtmel(src)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{
		{"c1", "; SPECK"},
		{"nb", ".include"}, {"s", `"m128def.inc"`},
		{"nb", ".def"}, {"n", "tmp"}, {"o", "="}, {"nv", "r16"},
		{"nl", "start"}, {"p", ":"}, {"k", "LDI"}, {"nv", "ZL"}, {"p", ","}, {"nf", "LOW"}, {"p", "("}, {"n", "table"},
		{"o", "*"}, {"m", "2"}, {"p", ")"},
		{"k", "movw"}, {"nv", "XH"}, {"p", ":"}, {"nv", "XL"}, {"p", ","}, {"nv", "r25"}, {"p", ":"}, {"nv", "r24"},
		{"k", "brne"}, {"kp", "PC"}, {"o", "-"}, {"m", "1"}, {"c1", "// back"},
		{"nb", ".macro"}, {"n", "m"}, {"k", "ldi"}, {"vm", "@0"}, {"p", ","}, {"m", "$1F"}, {"nb", ".endm"},
		{"nl", "table"}, {"p", ":"}, {"nb", ".db"}, {"sc", "'a'"}, {"p", ","}, {"sc", `'\n'`}, {"p", ","}, {"s", `"x;y"`},
		{"p", ","}, {"m", "0b101"}, {"p", ","}, {"m", "017"},
		{"cp", "#ifdef X"},
	}
	got := spans(out)
	if len(got) != len(want) {
		t.Fatalf("got %d tokens, want %d:\n%q", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("token %d: got %q, want %q", i, got[i], want[i])
		}
	}
}

func TestHTMLFile(t *testing.T) {
	src := "\tldi r16, low(5)\n"
	gnu, err := HTMLFile("a.S", src)
	if err != nil {
		t.Fatal(err)
	}
	at, err := HTMLFile("a.asm", src)
	if err != nil {
		t.Fatal(err)
	}
	marked, err := HTMLFile("a.S", "; avrlab dialect: atmel\n"+src)
	if err != nil {
		t.Fatal(err)
	}
	fn := `<span class="nf">low</span>`
	if strings.Contains(gnu, fn) || !strings.Contains(at, fn) || !strings.Contains(marked, fn) {
		t.Errorf("low() as a function: .S %v, .asm %v, marked .S %v",
			strings.Contains(gnu, fn), strings.Contains(at, fn), strings.Contains(marked, fn))
	}
	for _, s := range []string{"<script>alert(1)</script>\n", "ldi r16, '<'\n\"</span>\" &", "", "/* open"} {
		out, err := HTMLAtmel(s)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "<script") || strings.Contains(out, "</span>\"") {
			t.Errorf("HTMLAtmel(%q) has markup from the source: %s", s, out)
		}
		if text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(out, ""); html.UnescapeString(text) != s {
			t.Errorf("HTMLAtmel(%q) text is %q", s, html.UnescapeString(text))
		}
	}
}
