// Package markdown renders an exercise's instructions (its README.md) to HTML for the playground, with
// goldmark: CommonMark plus GitHub tables and strikethrough, raw HTML left out (goldmark's default:
// an HTML block or inline tag becomes a comment, its text is not copied) and links whose scheme could
// run code (javascript:, vbscript:, file:, data: other than images) emptied. It is linked into
// workspace.wasm, the module the page loads after the first result, so it costs the first RANK
// nothing; the site builder (go run . -exercises DIR) renders every README with it too, so a README
// the page would refuse stops the build (it is in internal/, not cmd/wasm/, because both use it).
//
// The rendering is bounded whatever the text holds: its size (MaxBytes), the nesting of its blocks
// (MaxBlockNesting, checked on the text before goldmark reads it, as goldmark's work grows with the
// square of that nesting), the depth of the document (MaxDepth: emphasis, links and blocks), the cells
// of its tables (MaxTableCells: goldmark gives every row of a table as many cells as its header, so a
// wide header over many short lines is a small text of many cells) and the HTML it writes (MaxOutput).
package markdown

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Limits of HTML.
const (
	// MaxBytes is the largest text HTML renders (an exercise README is a few KiB).
	MaxBytes = 256 << 10
	// MaxBlockNesting is the most block quote and list markers that may open one line.
	MaxBlockNesting = 32
	// MaxDepth is the deepest the document tree may be: blocks, emphasis and links in each other.
	MaxDepth = 128
	// MaxTableCells is the most cells all the tables of the text may have, counted as goldmark makes
	// them: each row has as many as the header.
	MaxTableCells = 1 << 16
	// MaxOutput is the most HTML the text may render to.
	MaxOutput = 4 << 20
)

// HTML renders src (CommonMark with tables) to HTML that holds no markup from src: raw HTML is
// omitted and unsafe link targets are dropped. It fails, with one line saying which limit and where,
// for a text over any of the limits above.
func HTML(src string) (string, error) {
	if len(src) > MaxBytes {
		return "", fmt.Errorf("the text is %d bytes; instructions may have %d at most", len(src), MaxBytes)
	}
	if err := checkBlockNesting(src); err != nil {
		return "", err
	}
	guard := &tableGuard{}
	md := goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough),
		// Before the table extension's transformer (200), which builds the cells.
		goldmark.WithParserOptions(parser.WithParagraphTransformers(util.Prioritized(guard, 100))),
	)
	source := []byte(src)
	doc := md.Parser().Parse(text.NewReader(source))
	if guard.err != nil {
		return "", guard.err
	}
	if err := checkTree(doc, source); err != nil {
		return "", err
	}
	w := &cappedBuffer{max: MaxOutput}
	if err := md.Renderer().Render(w, source, doc); err != nil || w.over {
		if w.over || errors.Is(err, errOutput) {
			return "", errTooMuchHTML
		}
		return "", err
	}
	return w.String(), nil
}

// lineOf is the 1-based line of byte offset off of src.
func lineOf(src []byte, off int) int { return bytes.Count(src[:min(off, len(src))], []byte{'\n'}) + 1 }

// checkBlockNesting refuses a line opened by more than MaxBlockNesting container markers (">", "-",
// "+", "*", "1." or "1)" each followed by a space, in any mix, with any indentation). It counts as
// goldmark could read them, so it may count markers an indented code block holds; a thematic break
// ("- - -", "* * *") is not counted.
func checkBlockNesting(src string) error {
	line := 1
	for start := 0; start < len(src); line++ {
		end := start
		for end < len(src) && src[end] != '\n' {
			end++
		}
		if n := markers(src[start:end]); n > MaxBlockNesting && !thematicBreak(src[start:end]) {
			return fmt.Errorf("line %d: blocks nested %d levels deep (block quotes and lists); instructions may nest %d", line, n, MaxBlockNesting)
		}
		start = end + 1
	}
	return nil
}

// markers counts the container markers that open line.
func markers(line string) int {
	n, i := 0, 0
	space := func(j int) bool { return j >= len(line) || line[j] == ' ' || line[j] == '\t' }
	for {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		switch {
		case i < len(line) && line[i] == '>':
			i++
		case i < len(line) && (line[i] == '-' || line[i] == '+' || line[i] == '*') && space(i+1):
			i++
		default:
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j == i || j >= len(line) || (line[j] != '.' && line[j] != ')') || !space(j+1) {
				return n
			}
			i = j + 1
		}
		n++
	}
}

// thematicBreak reports whether line is only one of '-', '*', '_' and blanks.
func thematicBreak(line string) bool {
	var c byte
	for i := 0; i < len(line); i++ {
		switch b := line[i]; b {
		case ' ', '\t', '\r':
		case '-', '*', '_':
			if c != 0 && c != b {
				return false
			}
			c = b
		default:
			return false
		}
	}
	return c != 0
}

// tableGuard is a paragraph transformer that runs before the table extension's: it counts the cells
// the table of each paragraph would have (its delimiter row's columns × its rows) and, past
// MaxTableCells over the text, records the error and leaves the paragraph no table to build.
type tableGuard struct {
	cells int
	err   error
}

// Transform implements parser.ParagraphTransformer.
func (g *tableGuard) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	for i := 1; i < lines.Len() && g.err == nil; i++ {
		seg := lines.At(i)
		cols, ok := delimiterColumns(seg.Value(reader.Source()))
		if !ok {
			continue
		}
		rows := lines.Len() - i // the header and the rows after the delimiter row
		g.cells += cols * rows
		if g.cells > MaxTableCells {
			g.err = fmt.Errorf("line %d: the table has %d rows of %d columns; the tables of instructions may have %d cells in all",
				lineOf(reader.Source(), seg.Start), rows, cols, MaxTableCells)
			lines.SetSliced(0, 0)
		}
		return // the table extension builds at most one table of a paragraph
	}
}

// delimiterColumns reports whether line could be a table's delimiter row (pipes, dashes, colons and
// blanks, with a pipe and a dash) and its columns, counted as the table extension counts them: the
// cells between pipes, less a blank one at either end.
func delimiterColumns(line []byte) (int, bool) {
	pipes, dash := 0, false
	for _, c := range line {
		switch c {
		case '|':
			pipes++
		case '-':
			dash = true
		case ':', ' ', '\t', '\r', '\n':
		default:
			return 0, false
		}
	}
	if pipes == 0 || !dash {
		return 0, false
	}
	cols := pipes + 1
	if first := bytes.IndexByte(line, '|'); util.IsBlank(line[:first]) {
		cols--
	}
	if last := bytes.LastIndexByte(line, '|'); util.IsBlank(line[last+1:]) && cols > 0 {
		cols--
	}
	return cols, true
}

// checkTree refuses a document tree deeper than MaxDepth, before anything walks it recursively, and one
// whose links and images repeat long targets (a reference definition's, at each use) past MaxOutput,
// before the renderer escapes each of them.
func checkTree(doc ast.Node, src []byte) error {
	type entry struct {
		n     ast.Node
		depth int
	}
	stack, targets := []entry{{doc, 0}}, 0
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if e.depth > MaxDepth {
			where := ""
			for n := e.n; n != nil && where == ""; n = n.Parent() {
				if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
					where = fmt.Sprintf("line %d: ", lineOf(src, n.Lines().At(0).Start))
				}
			}
			return fmt.Errorf("%sthe text nests more than %d levels deep (block quotes, lists, emphasis, links); instructions may nest %d", where, MaxDepth, MaxDepth)
		}
		switch n := e.n.(type) {
		case *ast.Link:
			targets += len(n.Destination) + len(n.Title)
		case *ast.Image:
			targets += len(n.Destination) + len(n.Title)
		}
		if 3*targets > MaxOutput { // a reference's target, escaped, at every use of it
			return errTooMuchHTML
		}
		for c := e.n.FirstChild(); c != nil; c = c.NextSibling() {
			stack = append(stack, entry{c, e.depth + 1})
		}
	}
	return nil
}

// errOutput is the error of a write past a cappedBuffer's max.
var errOutput = errors.New("output limit")

// errTooMuchHTML is HTML's error for a text that renders to more than MaxOutput bytes.
var errTooMuchHTML = fmt.Errorf("the instructions render to more than %d bytes of HTML", MaxOutput)

// cappedBuffer is a bytes.Buffer that takes at most max bytes; a write past it fails and sets over.
type cappedBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

// Write implements io.Writer.
func (b *cappedBuffer) Write(p []byte) (int, error) {
	if b.over || b.Len()+len(p) > b.max {
		b.over = true
		return 0, errOutput
	}
	return b.Buffer.Write(p)
}
