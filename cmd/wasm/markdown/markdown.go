// Package markdown renders an exercise's instructions (its README.md) to HTML for the playground, with
// goldmark: CommonMark plus GitHub tables and strikethrough, raw HTML left out (goldmark's default:
// an HTML block or inline tag becomes a comment, its text is not copied) and links whose scheme could
// run code (javascript:, vbscript:, file:, data: other than images) emptied. It is linked into
// workspace.wasm, the module the page loads after the first result, so it costs the first RANK
// nothing.
package markdown

import (
	"bytes"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// MaxBytes is the largest text HTML renders (an exercise README is a few KiB).
const MaxBytes = 256 << 10

// HTML renders src (CommonMark with tables) to HTML that holds no markup from src: raw HTML is
// omitted and unsafe link targets are dropped. It fails only for a text over MaxBytes.
func HTML(src string) (string, error) {
	if len(src) > MaxBytes {
		return "", fmt.Errorf("the text is %d bytes; instructions may have %d at most", len(src), MaxBytes)
	}
	md := goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		return "", err
	}
	return b.String(), nil
}
