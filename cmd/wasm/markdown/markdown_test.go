package markdown

import (
	"strings"
	"testing"

	"github.com/avrlab/avrlab/examples"
)

func TestHTML(t *testing.T) {
	got, err := HTML("# Title\n\nSome `code` and **bold**.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nldi r16, 1\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<h1>Title</h1>", "<code>code</code>", "<strong>bold</strong>", "<td>1</td>", "<pre><code>ldi r16, 1\n</code></pre>"} {
		if !strings.Contains(got, want) {
			t.Errorf("HTML lacks %q:\n%s", want, got)
		}
	}
}

// TestHostile: markup in the text never reaches the page as markup.
func TestHostile(t *testing.T) {
	src := "<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\nText <b onclick=x>b</b> " +
		"[link](javascript:alert(3)) [v](vbscript:x) ![i](data:text/html,x) <a href=\"javascript:y\">a</a>\n\n" +
		"```\n<script>in code</script>\n```\n"
	got, err := HTML(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script", "<img src=x", "onerror", "onclick", "javascript:", "vbscript:", "<b ", "<a href=\"javascript"} {
		if strings.Contains(got, bad) {
			t.Errorf("rendered HTML holds %q:\n%s", bad, got)
		}
	}
	if !strings.Contains(got, "&lt;script&gt;in code&lt;/script&gt;") {
		t.Errorf("code blocks lost their text:\n%s", got)
	}
	if _, err := HTML(strings.Repeat("x", MaxBytes+1)); err == nil {
		t.Error("no limit")
	}
}

// TestExerciseREADMEs renders every bundled exercise's instructions.
func TestExerciseREADMEs(t *testing.T) {
	ents, err := examples.FS.ReadDir("exercises")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		b, err := examples.FS.ReadFile("exercises/" + e.Name() + "/README.md")
		if err != nil {
			t.Fatal(err)
		}
		h, err := HTML(string(b))
		if err != nil || !strings.Contains(h, "<h1>") || !strings.Contains(h, "goal:") {
			t.Errorf("%s: %v\n%.300s", e.Name(), err, h)
		}
		n++
	}
	if n < 5 {
		t.Errorf("%d exercises rendered", n)
	}
}
