package atmel

import (
	"strings"
	"testing"
)

func TestLexNumbers(t *testing.T) {
	// Values from the guide's "Operands" section: decimal, 0x and $ hex, 0b binary, octal with a leading
	// zero; character constants with C escapes from "Strings and Character Constants".
	good := map[string]int64{
		"255": 255, "0": 0, "0x0a": 10, "$0a": 10, "0xff": 255, "$ff": 255, "$FF": 255, "0XAB": 0xAB,
		"0b00001010": 10, "0B11111111": 255, "010": 8, "077": 63, "00": 0,
		"18446744073709551615": -1, "$FFFFFFFFFFFFFFFF": -1,
		"'a'": 'a', "' '": ' ', `'\n'`: 10, `'\r'`: 13, `'\a'`: 7, `'\b'`: 8, `'\f'`: 12, `'\t'`: 9, `'\v'`: 11,
		`'\\'`: '\\', `'\0'`: 0, `'\177'`: 127, `'\xff'`: 255, `'\x4'`: 4, `'\''`: '\'', `';'`: ';',
	}
	for src, want := range good {
		toks := lex(src)
		if len(toks) != 2 || toks[0].kind != tNum || toks[0].val != want || toks[0].end != len(src) {
			t.Errorf("lex(%s) = %+v, want the number %d", src, toks, want)
		}
	}
	bad := map[string]string{
		"09":                   "malformed octal number 09",
		"0x":                   "no digits after the prefix",
		"0b102":                "malformed binary number 0b102",
		"1.5":                  "floating point constant 1.5",
		"2e3":                  "floating point constant 2e3",
		"12ab":                 "malformed decimal number 12ab",
		"$":                    "expected hex digits after $",
		"$G1":                  "malformed hex number $G1",
		"18446744073709551616": "does not fit in 64 bits",
		"'ab'":                 "unterminated character constant",
		"'a":                   "unterminated character constant",
		`'\q'`:                 `unknown escape \q`,
		`'\400'`:               `octal escape \400 is more than 255`,
		`'\x'`:                 `expected hex digits after \x`,
		`"abc`:                 "unterminated string",
		"@a":                   "macro parameters are @0 to @9",
		"@10":                  "macro parameters are @0 to @9",
		"#":                    "unexpected character '#'",
		"\xc3\xa9":             "unexpected non-ASCII character",
	}
	for src, want := range bad {
		toks := lex(src)
		if toks[0].kind != tIllegal || !strings.Contains(toks[0].str, want) {
			t.Errorf("lex(%q) = %+v, want an error containing %q", src, toks[0], want)
		}
	}
}

func TestLexStatement(t *testing.T) {
	toks := lex(`lbl: LDI r16, low(@2)<<1 ; "x" "y"  "z" $1F?a:b&&c||d!=e`)
	var kinds []tokKind
	var texts []string
	for _, tk := range toks {
		kinds = append(kinds, tk.kind)
		texts = append(texts, tk.text)
	}
	want := []string{"lbl", ":", "LDI", "r16", ",", "low", "(", "@2", ")", "<<", "1", ";", `"x" "y"  "z"`, "$1F",
		"?", "a", ":", "b", "&&", "c", "||", "d", "!=", "e", ""}
	if strings.Join(texts, " ") != strings.Join(want, " ") {
		t.Fatalf("texts %q\nwant  %q", texts, want)
	}
	if toks[7].kind != tParam || toks[7].val != 2 {
		t.Errorf("@2 lexed as %+v", toks[7])
	}
	if toks[11].kind != tIllegal {
		t.Errorf("';' (comments are removed before lexing) lexed as %+v", toks[11])
	}
	if toks[12].kind != tStr || toks[12].str != "xyz" {
		t.Errorf("adjacent strings lexed as %+v, want one string xyz", toks[12])
	}
	if toks[13].kind != tNum || toks[13].val != 0x1F {
		t.Errorf("$1F lexed as %+v", toks[13])
	}
	if d := lex(".DEF x"); d[0].kind != tIdent || d[0].text != ".DEF" {
		t.Errorf(".DEF lexed as %+v", d[0])
	}
	if s := lex(`"a\tb"`); s[0].str != `a\tb` {
		t.Errorf(`strings are literal: "a\tb" lexed as %q`, s[0].str)
	}
}

func TestStripComments(t *testing.T) {
	cases := map[string]string{
		"ldi r16, 1 ; don't\n":            "ldi r16, 1        \n",
		".db \"a;b\", ';' ; c\n":          ".db \"a;b\", ';'    \n",
		"/* ; */ nop ; x\n":               "/* ; */ nop    \n",
		"/* a\n ; b */ nop\n":             "/* a\n ; b */ nop\n",
		"#define X 5 ; five\r\nnop ;\r\n": "#define X 5       \r\nnop  \r\n",
		"// ; kept for cpp\n; gone":       "// ; kept for cpp\n      ",
		"ldi r16, '\\'' ; q\n":            "ldi r16, '\\''    \n",
		"nop\n":                           "nop\n",
	}
	for in, want := range cases {
		if got := string(stripComments([]byte(in))); got != want {
			t.Errorf("stripComments(%q) = %q, want %q", in, got, want)
		}
	}
}
