package markdown

import (
	"runtime"
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

// TestLimits: every hostile text of at most MaxBytes gives one line naming the limit and where,
// having allocated under 256 MiB, and the texts just within each limit render.
func TestLimits(t *testing.T) {
	const w = 4000
	wide := strings.Repeat("|a", w) + "\n" + strings.Repeat("|-", w) + "\n" + strings.Repeat("x\n", 8000) // 32 KB
	for _, c := range []struct {
		name, src, want string
	}{
		{"wide table", wide, "line 2: the table has 8001 rows of 4000 columns; the tables of instructions may have 65536 cells in all"},
		{"two tables", "intro\n\n" + strings.Repeat("|a|b|\n|-|-|\n"+strings.Repeat("x\n", 10000)+"\n", 4),
			"line 30013: the table has 10001 rows of 2 columns; the tables of instructions may have 65536 cells in all"},
		{"block quotes", strings.Repeat(">", MaxBytes), "line 1: blocks nested 262144 levels deep (block quotes and lists); instructions may nest 32"},
		{"ordered lists", strings.Repeat("1. ", MaxBytes/3) + "x", "line 1: blocks nested 87381 levels deep (block quotes and lists); instructions may nest 32"},
		{"lists and quotes", "text\n\n" + strings.Repeat("- > 2) ", 6) + "x", "line 3: blocks nested 18 levels deep (block quotes and lists); instructions may nest 32"},
		{"emphasis", strings.Repeat("*", MaxBytes/2-1) + "a" + strings.Repeat("*", MaxBytes/2-1),
			"line 1: the text nests more than 128 levels deep (block quotes, lists, emphasis, links); instructions may nest 128"},
		{"images in links", strings.Repeat("[![", 20000) + "x" + strings.Repeat("](y)](z)", 20000),
			"line 1: the text nests more than 128 levels deep (block quotes, lists, emphasis, links); instructions may nest 128"},
		{"references", "[a]: /" + strings.Repeat("x", 100000) + "\n\n" + strings.Repeat("[a]", 50000), "the instructions render to more than 4194304 bytes of HTML"},
		{"too long", strings.Repeat("x", MaxBytes+1), "the text is 262145 bytes; instructions may have 262144 at most"},
	} {
		if c.name == "lists and quotes" {
			c.src = "text\n\n" + strings.Repeat("- > 2) ", 11) + "x" // 33 markers
			c.want = "line 3: blocks nested 33 levels deep (block quotes and lists); instructions may nest 32"
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		h, err := HTML(c.src)
		runtime.ReadMemStats(&after)
		if err == nil || err.Error() != c.want || h != "" {
			t.Errorf("%s (%d B): %d B of HTML, %v\nwant %s", c.name, len(c.src), len(h), err, c.want)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 256<<20 {
			t.Errorf("%s: %d MiB allocated, want under 256", c.name, n>>20)
		}
	}
	for _, c := range []struct{ name, src string }{
		{"65536 cells", "|" + strings.Repeat("a|", 256) + "\n|" + strings.Repeat("-|", 256) + "\n" + strings.Repeat("x\n", 255)},
		{"escapes", strings.Repeat("<&\"", MaxBytes/3)},
		{"32 block markers", strings.Repeat("> - ", 16) + "x"},
		{"thematic break", strings.Repeat("- ", 100) + "\n\n" + strings.Repeat("*", 1000)},
		{"long text", strings.Repeat("word ", MaxBytes/5)},
		{"brackets", strings.Repeat("[", MaxBytes)},
		{"lazy lines in 32 quotes", strings.Repeat("> ", 32) + "x\n" + strings.Repeat("y\n", MaxBytes/2-40)},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := HTML(c.src)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 256<<20 {
			t.Errorf("%s: %d MiB allocated, want under 256", c.name, n>>20)
		}
	}
}

// FuzzHTML: any text renders or gives an error, never a panic, and never more than MaxOutput bytes.
func FuzzHTML(f *testing.F) {
	for _, s := range []string{"# T\n\n| a | b |\n|---|:-:|\nx\n", "> - 1. x\n", "***a***", "[a]: /x\n\n[a][a]", "- - -\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		h, err := HTML(src)
		if err == nil && len(h) > MaxOutput {
			t.Errorf("%d bytes of HTML", len(h))
		}
		if err != nil && (h != "" || strings.Contains(err.Error(), "\n")) {
			t.Errorf("error %q with %d bytes of HTML", err, len(h))
		}
	})
}
