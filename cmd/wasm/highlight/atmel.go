package highlight

import (
	"strings"

	"github.com/alecthomas/chroma/v2"

	"github.com/avrlab/avrlab/asm/dialect"
	"github.com/avrlab/avrlab/isa"
)

// Token types of the AVRASM2 lexer beyond the GNU one's: PC (the location counter) and the macro
// parameters @0..@9. Their parents (Keyword, NameVariable) give their colour when [Style] has none.
const (
	pcType    = chroma.KeywordPseudo
	paramType = chroma.NameVariableMagic
)

// atmelWords maps the words the AVRASM2 lexer treats specially (lower case) to their token types: the
// mnemonics of the instruction table, r0..r31, X Y Z and the XL..ZH names of the device definition
// files, the guide's functions and PC.
var atmelWords = func() map[string]chroma.TokenType {
	m := map[string]chroma.TokenType{}
	for _, mn := range isa.Mnemonics() {
		m[strings.ToLower(mn)] = mnemonicType
	}
	for i := 0; i < 32; i++ {
		m["r"+itoa(i)] = registerType
	}
	for _, r := range []string{"x", "y", "z", "xl", "xh", "yl", "yh", "zl", "zh"} {
		m[r] = registerType
	}
	for _, f := range []string{"low", "high", "byte1", "byte2", "byte3", "byte4", "lwrd", "hwrd", "page", "exp2",
		"log2", "int", "frac", "q7", "q15", "abs", "defined", "strlen"} {
		m[f] = operatorFunc
	}
	m["pc"] = pcType
	return m
}()

// AtmelLexer is the lexer of the Atmel AVRASM2 dialect (.asm, .inc): ';', '//' and '/* */' comments,
// # preprocessor lines, directives, labels, the guide's number forms ($1F, 0x1F, 0b101, octal 017),
// character constants with C escapes, literal strings, macro parameters @0..@9 and the functions
// LOW() … STRLEN(). Safe for concurrent use once built, like [Lexer].
var AtmelLexer = chroma.MustNewLexer(&chroma.Config{
	Name:            "AVR Assembly (AVRASM2)",
	Aliases:         []string{"avrasm2", "atmel"},
	Filenames:       []string{"*.asm", "*.inc"},
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
			{Pattern: `#[^\n]*`, Type: chroma.CommentPreproc},
			// A label is a name, a colon and a space or the end of the line; a register pair (r25:r24,
			// XH:XL) has no space after its colon.
			{Pattern: `[a-z_]\w*(?=[ \t]*:(?:[ \t\r\n]|$))`, Type: chroma.NameLabel},
			{Pattern: `\.[a-z_]\w*`, Type: directiveType},
			{Pattern: `@[0-9]`, Type: paramType},
			{Pattern: `[a-z_]\w*`, Type: wordIn(atmelWords)},
			{Pattern: `0x[0-9a-f]+|\$[0-9a-f]+|0b[01]+|\d+`, Type: chroma.LiteralNumber},
			{Pattern: `'(\\(x[0-9a-f]{1,2}|[0-7]{1,3}|.)|[^\\'\n])'?`, Type: chroma.LiteralStringChar},
			{Pattern: `"[^"\n]*"?`, Type: chroma.LiteralString},
			{Pattern: `<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^~!<>=?]`, Type: chroma.Operator},
			{Pattern: `[,:()]`, Type: chroma.Punctuation},
			{Pattern: `.`, Type: chroma.Text},
		},
		"comment": {
			{Pattern: `\*/`, Type: chroma.CommentMultiline, Mutator: chroma.Pop(1)},
			{Pattern: `[^*\n]+|\*|\n`, Type: chroma.CommentMultiline},
		},
	}
})

// HTMLAtmel is [HTML] for an AVRASM2 source: the same markup, classes and guarantees, tokens from
// [AtmelLexer].
func HTMLAtmel(src string) (string, error) {
	it, err := AtmelLexer.Tokenise(nil, src)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := formatter().Format(&b, Style, it); err != nil {
		return "", err
	}
	return b.String(), nil
}

// HTMLFile highlights the file name with the lexer of its dialect (dialect.Detect: its "; avrlab
// dialect:" line, else its extension): [HTMLAtmel] for AVRASM2 sources, [HTML] for the others.
func HTMLFile(name, src string) (string, error) {
	if dialect.Detect(name, []byte(src)) == dialect.Atmel {
		return HTMLAtmel(src)
	}
	return HTML(src)
}
