package highlight

import (
	"flag"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite ../../../site/highlight.css from Style")

// spans returns (class, text) for every innermost token span of out, in order.
func spans(out string) [][2]string {
	re := regexp.MustCompile(`<span class="([a-z0-9]+)">([^<]*)</span>`)
	var res [][2]string
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		if m[1] == "w" {
			continue
		}
		res = append(res, [2]string{m[1], html.UnescapeString(m[2])})
	}
	return res
}

func TestTokenClasses(t *testing.T) {
	src := "; fixed-key CHAM\n" +
		"#include <avr/io.h>\n" +
		"cham_enc:\n" +
		"1:\tLDI r16, lo8(0x1F)\n" +
		"\t.global main ; entry\n" +
		"\tld r0, X+\n" +
		"\tbrne 1b\n" +
		"\t.ascii \"a<b\"\n" +
		"/* two\nlines */ nop\n"
	out, err := HTML(src)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{
		{"c1", "; fixed-key CHAM"},
		{"cp", "#include <avr/io.h>"},
		{"nl", "cham_enc"}, {"p", ":"},
		{"nl", "1"}, {"p", ":"}, {"k", "LDI"}, {"nv", "r16"}, {"p", ","}, {"nf", "lo8"}, {"p", "("}, {"m", "0x1F"}, {"p", ")"},
		{"nb", ".global"}, {"n", "main"}, {"c1", "; entry"},
		{"k", "ld"}, {"nv", "r0"}, {"p", ","}, {"nv", "X"}, {"o", "+"},
		{"k", "brne"}, {"m", "1b"},
		{"nb", ".ascii"}, {"s", `"a<b"`},
		{"cm", "/*"}, {"cm", " two"}, {"cm", "\n"}, {"cm", "lines "}, {"cm", "*/"}, {"k", "nop"},
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

// TestEscapesAndKeepsText checks that the HTML holds no markup from the source and that its text is
// exactly the source, line for line, so the highlighted layer lines up with the editor's textarea.
func TestEscapesAndKeepsText(t *testing.T) {
	for _, src := range []string{
		"<img src=x onerror=alert(1)>\n<script>alert(2)</script>\n",
		"ldi r16, '<'\n\"</span><b>\" & &amp;",
		"",
		"\t\t\n\n",
		"unterminated \"string\n/* open comment",
	} {
		out, err := HTML(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"<img", "<script", "<b>", "</b>"} {
			if strings.Contains(out, bad) {
				t.Errorf("HTML(%q) contains %q unescaped:\n%s", src, bad, out)
			}
		}
		text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(out, ""))
		if text != src {
			t.Errorf("text of HTML(%q) = %q, want the source", src, text)
		}
		lines := strings.Count(src, "\n")
		if src != "" && !strings.HasSuffix(src, "\n") {
			lines++
		}
		if n := strings.Count(out, `<span class="line">`); n != lines {
			t.Errorf("HTML(%q) has %d lines, want %d", src, n, lines)
		}
	}
}

// TestMnemonicsFromTable checks a few mnemonics of the AVR instruction set manual (DS40002198A §5) that
// only newer cores have, so they must come from isa's table rather than a list typed here.
func TestMnemonicsFromTable(t *testing.T) {
	for _, mn := range []string{"xch", "lac", "des", "spm", "elpm", "movw", "fmulsu", "eicall"} {
		out, err := HTML(mn + " r0\n")
		if err != nil {
			t.Fatal(err)
		}
		if got := spans(out); len(got) == 0 || got[0] != [2]string{"k", mn} {
			t.Errorf("%s: got %q, want a mnemonic", mn, got)
		}
	}
	out, _ := HTML("frobnicate r0\n")
	if got := spans(out); got[0] != [2]string{"n", "frobnicate"} {
		t.Errorf("unknown word: got %q, want a plain name", got[0])
	}
}

// TestCSSFile checks that site/highlight.css is what Style generates; run with -update to rewrite it.
func TestCSSFile(t *testing.T) {
	css, err := CSS()
	if err != nil {
		t.Fatal(err)
	}
	want := CSSFileHeader + css
	path := filepath.Join("..", "..", "..", "site", "highlight.css")
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is stale: run go test ./cmd/wasm/highlight -update", path)
	}
}

func BenchmarkHTML(b *testing.B) {
	line := "loop:\tldi r16, lo8(0x1F) ; comment here\n\tadd r0, r1\n\tst X+, r16\n\tbrne loop\n"
	src := strings.Repeat(line, 100)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := HTML(src); err != nil {
			b.Fatal(err)
		}
	}
}
