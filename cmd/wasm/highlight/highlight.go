// Package highlight colours AVR assembly (GNU avr-as dialect, with the C preprocessor lines of .S files)
// for the playground editor. It holds avrlab's own chroma lexer and one light style, and renders with
// chroma's HTML formatter using CSS classes, so the page needs the style sheet once (site/highlight.css,
// generated from [Style] by this package's test).
//
// It sits beside the syscall/js bridge in cmd/wasm and runs in the browser's workspace worker; it has no
// build tags so it is tested natively. Entry points: [HTML] for a whole source, [CSS] for the style sheet.
//
// Only the chroma core and formatters/html are imported: the lexers and styles packages would add about
// 4 MB to the WASM and 60–250 ms of start-up (../shared/docs/stack-notes.md §2).
package highlight

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters/html"

	"github.com/avrlab/avrlab/isa"
)

// Token types used for the parts of a line that the lexer tells apart. They are chroma's standard
// types, so the formatter's class names apply: mnemonics "k", directives "nb", registers "nv",
// relocation operators (lo8, pm, ...) "nf", labels "nl".
const (
	mnemonicType  = chroma.Keyword
	directiveType = chroma.NameBuiltin
	registerType  = chroma.NameVariable
	operatorFunc  = chroma.NameFunction
)

// words maps every lower-case word the lexer treats specially to its token type. Mnemonics come from the
// instruction table, so a new instruction is coloured as soon as isa knows it.
var words = func() map[string]chroma.TokenType {
	m := map[string]chroma.TokenType{}
	for _, mn := range isa.Mnemonics() {
		m[strings.ToLower(mn)] = mnemonicType
	}
	for i := 0; i < 32; i++ {
		m["r"+itoa(i)] = registerType
	}
	for _, r := range []string{"x", "y", "z"} {
		m[r] = registerType
	}
	for _, f := range []string{"lo8", "hi8", "hh8", "hhi8", "hlo8", "pm", "pm_lo8", "pm_hi8", "pm_hh8", "gs",
		"defined", "sizeof", "_sfr_io_addr", "_sfr_mem_addr", "_sfr_byte", "_sfr_word", "_bv"} {
		m[f] = operatorFunc
	}
	return m
}()

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// wordIn's emitter emits an identifier as a mnemonic, register or relocation operator when it is one, else as a name.
// One identifier rule plus a map lookup compiles in a few milliseconds under WASM, where a 110-word
// case-insensitive alternation took about 200 ms on its first use (stack-notes §3).
// wordIn makes that emitter for the words of m (one per dialect: words, atmelWords).
func wordIn(m map[string]chroma.TokenType) chroma.EmitterFunc {
	return func(groups []string, _ *chroma.LexerState) chroma.Iterator {
		t, ok := m[strings.ToLower(groups[0])]
		if !ok {
			t = chroma.Name
		}
		return chroma.Literator(chroma.Token{Type: t, Value: groups[0]})
	}
}

// Lexer is the AVR assembly lexer. It is safe for concurrent use once built (chroma compiles the rules on
// the first Tokenise under a lock).
var Lexer = chroma.MustNewLexer(&chroma.Config{
	Name:            "AVR Assembly",
	Aliases:         []string{"avr", "avrasm"},
	Filenames:       []string{"*.S", "*.s", "*.asm", "*.inc"},
	CaseInsensitive: true,
	EnsureNL:        true,
}, func() chroma.Rules {
	return chroma.Rules{
		"root": {
			{Pattern: `\n`, Type: chroma.TextWhitespace},
			{Pattern: `[ \t\r\f\v]+`, Type: chroma.TextWhitespace},
			{Pattern: `;[^\n]*`, Type: chroma.CommentSingle},
			{Pattern: `//[^\n]*`, Type: chroma.CommentSingle},
			{Pattern: `/\*`, Type: chroma.CommentMultiline, Mutator: chroma.Push("comment")},
			// A # line: preprocessor directive in a .S file, a comment for avr-as alone.
			{Pattern: `#[^\n]*`, Type: chroma.CommentPreproc},
			{Pattern: `[a-z_.$][\w.$]*(?=[ \t]*:)`, Type: chroma.NameLabel},
			{Pattern: `\d+(?=[ \t]*:)`, Type: chroma.NameLabel},
			{Pattern: `\.[a-z_][\w.]*`, Type: directiveType},
			{Pattern: `[a-z_$][\w$]*`, Type: wordIn(words)},
			{Pattern: `0x[0-9a-f]+|\$[0-9a-f]+|0b[01]+|\d+[bf]\b|\d+`, Type: chroma.LiteralNumber},
			{Pattern: `'(\\.|[^\\'\n])'?`, Type: chroma.LiteralStringChar},
			{Pattern: `"(\\.|[^\\"\n])*"?`, Type: chroma.LiteralString},
			{Pattern: `<<|>>|&&|\|\||[-+*/%&|^~!<>=]`, Type: chroma.Operator},
			{Pattern: `[,:()\[\]@]`, Type: chroma.Punctuation},
			{Pattern: `.`, Type: chroma.Text},
		},
		"comment": {
			{Pattern: `\*/`, Type: chroma.CommentMultiline, Mutator: chroma.Pop(1)},
			{Pattern: `[^*\n]+|\*|\n`, Type: chroma.CommentMultiline},
		},
	}
})

// Style is the playground's light theme: dark text on white, one hue per token kind, contrast of at
// least 4.5:1 against the background for every colour.
var Style = chroma.MustNewStyle("avrlab", chroma.StyleEntries{
	chroma.Background:       "#1f2328 bg:#ffffff",
	chroma.Comment:          "italic #57606a",
	chroma.CommentPreproc:   "noitalic #8a4600",
	mnemonicType:            "bold #0550ae",
	directiveType:           "#6f42c1",
	registerType:            "#116329",
	operatorFunc:            "#a0111f",
	chroma.NameLabel:        "bold #953800",
	chroma.LiteralNumber:    "#0a3069",
	chroma.LiteralString:    "#0a3069",
	chroma.Operator:         "#1f2328",
	chroma.Punctuation:      "#1f2328",
	chroma.Error:            "#a0111f",
	chroma.LineHighlight:    "bg:#fff8c5",
	chroma.TextWhitespace:   "",
	chroma.CommentMultiline: "italic #57606a",
})

// noPre writes nothing around the lines: the page supplies its own <pre class="chroma">.
type noPre struct{}

func (noPre) Start(bool, string) string { return "" }
func (noPre) End(bool) string           { return "" }

func formatter() *html.Formatter {
	return html.New(html.WithClasses(true), html.WithPreWrapper(noPre{}))
}

// HTML returns src as HTML: one <span class="line"> per source line (holding its newline, if any), tokens
// as <span class="…"> using the classes of [CSS]. The text of the result is exactly src. All source text
// is HTML-escaped by the formatter, so the result may be assigned to innerHTML. An empty src gives "".
func HTML(src string) (string, error) {
	it, err := Lexer.Tokenise(nil, src)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := formatter().Format(&b, Style, it); err != nil {
		return "", err
	}
	return b.String(), nil
}

// CSS returns the style sheet for [HTML]'s classes under a ".chroma" ancestor.
func CSS() (string, error) {
	var b strings.Builder
	if err := formatter().WriteCSS(&b, Style); err != nil {
		return "", err
	}
	return b.String(), nil
}

// CSSFileHeader starts site/highlight.css, which is [CSS] written out by this package's test.
const CSSFileHeader = "/* Code generated by go test ./cmd/wasm/highlight -update from highlight.Style. DO NOT EDIT. */\n"
