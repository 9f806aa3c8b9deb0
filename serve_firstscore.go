package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// firstScoreMarker is where site/index.html takes first.json's answer and the inline copy of
// js/score.js that writes its score before the page's first frame (inlineFirstScore): right after the
// score's figures in the markup.
const firstScoreMarker = "<!-- avrlab-first-score -->"

// firstAnswerID is the id of the JSON element that holds first.json's answer (js/score.js,
// FIRST_ANSWER_ID).
const firstAnswerID = "first-answer"

// scoreImport is js/score.js's import of the helpers it takes from js/util.js.
var scoreImport = regexp.MustCompile(`^import \{([^}]*)\} from "\./util\.js";$`)

// scoreReexport is a re-export of js/score.js (for boot.js), which its inline copy does without.
var scoreReexport = regexp.MustCompile(`^export \{[^}]*\} from "[^"]+";`)

// inlinedScore is what inlineFirstScore adds to index.html: the markup at firstScoreMarker and the
// Content-Security-Policy source that lets its script run.
type inlinedScore struct {
	markup string
	source string // 'sha256-…' of the script's text
}

// newInlinedScore makes the inline copy of js/score.js (scoreJS, with the helpers it imports from
// js/util.js, utilJS) as a classic script that runs showInlinedScore, and the JSON element of answer
// (first.json's) before it. There is still one writer of the score: its code, not a copy in Go.
func newInlinedScore(answer, scoreJS, utilJS []byte) (inlinedScore, error) {
	code, err := classicScoreScript(scoreJS, utilJS)
	if err != nil {
		return inlinedScore{}, err
	}
	if strings.Contains(strings.ToLower(code), "</script") {
		return inlinedScore{}, errors.New("js/score.js holds </script, which would end its inline copy")
	}
	var data bytes.Buffer
	json.HTMLEscape(&data, answer) // no <, > or & in the element's text
	sum := sha256.Sum256([]byte(code))
	return inlinedScore{
		markup: `<script type="application/json" id="` + firstAnswerID + `">` + data.String() + "</script>\n<script>" + code + "</script>",
		source: "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'",
	}, nil
}

// classicScoreScript turns the module js/score.js into a classic script: its imports from js/util.js
// replaced by those declarations of utilJS, its re-exports dropped, "export " taken off its
// declarations, all in a function that ends by calling showInlinedScore.
func classicScoreScript(scoreJS, utilJS []byte) (string, error) {
	var helpers, body strings.Builder
	for _, line := range strings.Split(string(scoreJS), "\n") {
		if m := scoreImport.FindStringSubmatch(line); m != nil {
			for _, name := range strings.Split(m[1], ",") {
				decl, err := utilDeclaration(string(utilJS), strings.TrimSpace(name))
				if err != nil {
					return "", err
				}
				helpers.WriteString(decl + "\n")
			}
			continue
		}
		if scoreReexport.MatchString(line) {
			continue
		}
		if strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "export {") || strings.HasPrefix(line, "export default") {
			return "", fmt.Errorf("js/score.js: %q has no classic-script form", line)
		}
		body.WriteString(strings.TrimPrefix(line, "export ") + "\n")
	}
	if !strings.Contains(body.String(), "function showInlinedScore(") {
		return "", errors.New("js/score.js has no showInlinedScore")
	}
	return "\n(() => {\n\"use strict\";\n" + helpers.String() + body.String() + "showInlinedScore();\n})();\n", nil
}

// utilDeclaration is the declaration of name in js/util.js without its "export ": a one-line
// "export const name = …;" or an "export function name(" up to the first line that is "}".
func utilDeclaration(util, name string) (string, error) {
	lines := strings.Split(util, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "export const "+name+" = ") && strings.HasSuffix(line, ";") {
			return strings.TrimPrefix(line, "export "), nil
		}
		if !strings.HasPrefix(line, "export function "+name+"(") {
			continue
		}
		for j := i + 1; j < len(lines); j++ {
			if lines[j] == "}" {
				return strings.TrimPrefix(strings.Join(lines[i:j+1], "\n"), "export "), nil
			}
		}
	}
	return "", fmt.Errorf("js/util.js declares no %s in a form js/score.js's inline copy can take", name)
}

// inlineFirstScore puts first.json's answer (firstJSON, firstDoc) and the inline copy of js/score.js
// at firstScoreMarker of page, and their hash into its Content-Security-Policy, which it returns too;
// page unchanged, and policy, when there is no first.json or no marker.
func inlineFirstScore(page, firstJSON, scoreJS, utilJS []byte, policy string) ([]byte, string, error) {
	if firstJSON == nil || !bytes.Contains(page, []byte(firstScoreMarker)) {
		return page, policy, nil
	}
	var doc firstDoc
	if err := json.Unmarshal(firstJSON, &doc); err != nil {
		return nil, "", err
	}
	in, err := newInlinedScore(doc.Answer, scoreJS, utilJS)
	if err != nil {
		return nil, "", err
	}
	const scripts = "script-src 'self'"
	if !strings.Contains(policy, scripts) || !bytes.Contains(page, []byte(`content="`+policy+`"`)) {
		return nil, "", errors.New("site/index.html's Content-Security-Policy is not serve.go's")
	}
	withHash := strings.Replace(policy, scripts, scripts+" "+in.source, 1)
	page = bytes.Replace(page, []byte(`content="`+policy+`"`), []byte(`content="`+withHash+`"`), 1)
	page = bytes.Replace(page, []byte(firstScoreMarker), []byte(in.markup), 1)
	return page, withHash, nil
}
