//go:build !js

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fontWeight and fontFamily are the weight and family declarations of a style sheet; fontShorthand
// is a font: shorthand, whose family list follows its size (and line height).
var (
	fontWeight    = regexp.MustCompile(`font-weight:\s*([^;}!]+)`)
	fontFamily    = regexp.MustCompile(`font-family:\s*([^;}]+)`)
	fontShorthand = regexp.MustCompile(`font:\s*([^;}]+)`)
)

// TestFirstFrameFonts checks what keeps the first frame's font look-ups few (README "Session 15: the
// first RANK"): the page's style sheets (style.css, highlight.css) use one bold weight (700, no 600, which DejaVu Sans, the
// system-ui face on Linux, draws with its bold anyway, at the cost of a family look-up of its own), and
// every family is the body's stack, var(--mono) or inherited: no generic monospace of its own (the
// user agent's for code elements is replaced by var(--mono)), which would be one more family look-up.
func TestFirstFrameFonts(t *testing.T) {
	var families []string
	// leak.css is the Leakage pane's, hidden in the first frame (its hover line has a family of its own).
	for _, name := range []string{"style.css", "highlight.css"} {
		b, err := os.ReadFile(filepath.Join("site", name))
		if err != nil {
			t.Fatal(err)
		}
		css := regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(string(b), "")
		for _, m := range fontWeight.FindAllStringSubmatch(css, -1) {
			switch w := strings.TrimSpace(m[1]); w {
			case "normal", "400", "bold", "700":
			default:
				t.Errorf("%s: font-weight %s, want normal or bold (400 or 700): another weight is another font look-up in the first frame", name, w)
			}
		}
		for _, m := range fontFamily.FindAllStringSubmatch(css, -1) {
			families = append(families, name+": "+strings.TrimSpace(m[1]))
		}
		for _, m := range fontShorthand.FindAllStringSubmatch(css, -1) {
			// inherit, or the family list after the size: "14px/1.45 system-ui, …", "13px/var(--lh) var(--mono)".
			fam := strings.TrimSpace(m[1])
			if f := strings.Fields(fam); len(f) > 1 && strings.Contains(f[0], "px") {
				fam = strings.Join(f[1:], " ")
			}
			families = append(families, name+": "+fam)
		}
	}
	body := ""
	for _, f := range families {
		_, fam, _ := strings.Cut(f, ": ")
		switch {
		case fam == "var(--mono)" || fam == "inherit":
		case strings.HasPrefix(fam, "system-ui,") && (body == "" || body == fam):
			body = fam
		default:
			t.Errorf("font family %s: want the body's stack, var(--mono) or inherit", f)
		}
	}
	if body == "" {
		t.Errorf("no body font stack starting with system-ui among %q", families)
	}
	css, err := os.ReadFile(filepath.Join("site", "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^code \{ font-family: var\(--mono\); \}`).Match(css) {
		t.Error("site/style.css does not set code elements in var(--mono): the user agent's generic monospace is a family of its own")
	}
}
