//go:build !js

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
)

// inlineScripts finds index.html's JSON element of first.json's answer and the classic script after it.
var inlineScripts = regexp.MustCompile(`(?s)<script type="application/json" id="first-answer">(.*?)</script>\n<script>(.*?)</script>`)

// TestFirstScoreInlined checks the built index.html: first.json's answer in its JSON element, as
// first.json holds it, right after the score's figures; a classic script after it made of
// js/score.js's lines (its imports and re-export aside) and js/util.js's helpers, that runs
// showInlinedScore; and its hash in the Content-Security-Policy of both the page's meta element
// and every response, which allows no other inline script.
func TestFirstScoreInlined(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WASM modules")
	}
	s := testSite(t)
	page := string(s.assets["index.html"].body)
	m := inlineScripts.FindStringSubmatch(page)
	if m == nil || strings.Count(page, `id="first-answer"`) != 1 || strings.Contains(page, firstScoreMarker) {
		t.Fatalf("index.html has not one inlined first score in place of its marker")
	}
	if i, j := strings.Index(page, `id="m-ram"`), strings.Index(page, m[0]); i < 0 || j < i || strings.Contains(page[i:j], "<section") {
		t.Errorf("the inlined score is not right after the score's figures (m-ram at %d, the score at %d)", i, j)
	}
	doc, _ := siteFirst(t)
	var inlined, answer any
	if err := json.Unmarshal([]byte(m[1]), &inlined); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(doc.Answer, &answer); err != nil {
		t.Fatal(err)
	}
	if a, b := mustJSON(t, inlined), mustJSON(t, answer); a != b || strings.ContainsAny(m[1], "<>&") {
		t.Errorf("the inlined answer is not first.json's, or holds <, > or &:\n%s\n%s", a, b)
	}
	code := m[2]
	score, err := os.ReadFile("site/js/score.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(score), "\n") {
		if strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "export {") {
			if strings.Contains(code, line) {
				t.Errorf("the inline script keeps %q", line)
			}
			continue
		}
		if !strings.Contains(code, strings.TrimPrefix(line, "export ")) {
			t.Errorf("the inline script lacks js/score.js's line %q", line)
		}
	}
	for _, want := range []string{"const $ = (id) =>", "function el(tag, props", "const fmt = (x, d) =>", "function setStatus(text, kind)", "showInlinedScore();\n})();"} {
		if !strings.Contains(code, want) {
			t.Errorf("the inline script lacks %q", want)
		}
	}
	if strings.Contains(code, "export ") || strings.Contains(code, "import ") {
		t.Error("the inline script is not a classic script: it holds export or import")
	}
	sum := sha256.Sum256([]byte(code))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	want := strings.Replace(csp, "script-src 'self'", "script-src 'self' "+hash, 1)
	if !strings.Contains(page, `<meta http-equiv="Content-Security-Policy" content="`+want+`">`) {
		t.Errorf("index.html's policy does not allow the inline script alone (want %s)", want)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/boot.js", nil))
	if got := rec.Header().Get("Content-Security-Policy"); got != want || strings.Count(got, "'sha256-") != 1 {
		t.Errorf("a response's policy %q, want %q", got, want)
	}
}

// mustJSON is v as JSON.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestInlineFirstScoreRefuses checks that the build fails rather than writing a broken inline copy:
// a module import it cannot replace, a helper js/util.js does not declare, a policy that is not
// serve.go's; and that a page without the marker, or a site without first.json, is left as it is.
func TestInlineFirstScoreRefuses(t *testing.T) {
	util := []byte("export const $ = (id) => document.getElementById(id);\nexport function setStatus(text, kind) {\n  $(\"status\").textContent = text;\n}\n")
	score := []byte("import { $, setStatus } from \"./util.js\";\nexport { afterFrame } from \"./util.js\";\nexport function showInlinedScore() {\n  setStatus(\"x\");\n}\n")
	first := []byte(`{"request":{},"answer":{"report":{"rank":1}}}`)
	page := []byte(`<meta http-equiv="Content-Security-Policy" content="` + csp + `">` + firstScoreMarker)
	got, policy, err := inlineFirstScore(page, first, score, util, csp)
	if err != nil || !bytes.Contains(got, []byte("function setStatus(text, kind) {")) || !strings.Contains(policy, "'sha256-") || bytes.Contains(got, []byte("afterFrame")) {
		t.Fatalf("a small score.js: %v, %s, %s", err, got, policy)
	}
	for name, bad := range map[string][]byte{
		"another module":      append([]byte("import { x } from \"./store.js\";\n"), score...),
		"an unknown helper":   bytes.Replace(score, []byte("$, setStatus"), []byte("$, nope"), 1),
		"no showInlinedScore": bytes.Replace(score, []byte("showInlinedScore"), []byte("other"), 1),
		"a script end":        append(append([]byte{}, score...), []byte("// </script>\n")...),
	} {
		if _, _, err := inlineFirstScore(page, first, bad, util, csp); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, _, err := inlineFirstScore(page, first, score, util, "default-src 'self'"); err == nil {
		t.Error("another policy: no error")
	}
	for name, p := range map[string][]byte{"no marker": []byte("<p>"), "no first.json": page} {
		f := first
		if name == "no first.json" {
			f = nil
		}
		if got, policy, err := inlineFirstScore(p, f, score, util, csp); err != nil || !bytes.Equal(got, p) || policy != csp {
			t.Errorf("%s: %v, %s, %s", name, err, got, policy)
		}
	}
}
