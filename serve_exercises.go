//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/internal/markdown"
	"github.com/avrlab/avrlab/lab"
)

// An exercise is a folder: README.md (instructions in Markdown with "goal:" lines), starter.S (the code
// the student starts from) and optionally tests.txt (the settings it is checked with, see
// lab.ExerciseTests). The site holds each as exercises/ID/FILE, the list as exercises/index.json and an
// index page of the set as exercises/index.html; the page opens one with #exercise=ID.

// exerciseInfo is one entry of exercises/index.json.
type exerciseInfo struct {
	ID    string   `json:"id"`
	Title string   `json:"title"`
	Task  string   `json:"task"`
	Goals []string `json:"goals"`
	Tests bool     `json:"tests"` // it has a tests.txt
}

// maxExercises is the most exercises a site holds (the files' limits are lab's).
const (
	maxExercises = 500
)

var exerciseID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

var headingRe = regexp.MustCompile(`(?m)^#[ \t]+(.+?)[ \t#]*$`)

// readExercises reads the exercise folders at the top of fsys, sorted by ID. A folder without README.md
// or starter.S is not an exercise and is skipped; a bad goal or tests.txt line, a file over its limit or
// a folder name that cannot be a link's ID is an error naming the folder (where is the folder for
// messages).
func readExercises(fsys fs.FS, where string) ([]exerciseInfo, map[string][]byte, error) {
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, nil, fmt.Errorf("exercises %s: %v", where, err)
	}
	files := map[string][]byte{}
	var list []exerciseInfo
	for _, e := range ents {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		id := e.Name()
		dir := path.Join(where, id)
		if _, err := fs.Stat(fsys, id+"/starter.S"); errorsIsNotExist(err) {
			continue // no starter: not an exercise of the site
		}
		ex, err := lab.ReadExercise(fsys, id)
		if errors.Is(err, lab.ErrNoExercise) {
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("exercise %s: %v", dir, err)
		}
		if ex.Starter == nil {
			continue
		}
		if !exerciseID.MatchString(id) {
			return nil, nil, fmt.Errorf("exercise %s: the folder name must be letters, digits, '.', '_' or '-' (it is the link's #exercise=ID)", dir)
		}
		// The page renders the instructions with the same package and limits: a README it would
		// refuse stops the build here instead.
		if _, err := markdown.HTML(string(ex.Readme)); err != nil {
			return nil, nil, fmt.Errorf("exercise %s: README.md: %v", dir, err)
		}
		if len(ex.Goals) == 0 {
			return nil, nil, fmt.Errorf("exercise %s: README.md has no goal: lines (e.g. goal: pass)", dir)
		}
		info := exerciseInfo{ID: id, Title: id, Task: ex.Task, Tests: ex.HasTests()}
		if m := headingRe.FindSubmatch(ex.Readme); m != nil {
			info.Title = strings.TrimSpace(string(m[1]))
		}
		for _, g := range ex.Goals {
			info.Goals = append(info.Goals, g.Text)
		}
		files[id+"/README.md"], files[id+"/starter.S"] = ex.Readme, ex.Starter
		if ex.HasTests() {
			files[id+"/tests.txt"] = ex.TestsText
		}
		list = append(list, info)
		if len(list) > maxExercises {
			return nil, nil, fmt.Errorf("exercises %s: more than %d", where, maxExercises)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	return list, files, nil
}

func errorsIsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// addExercisesDir adds the exercises of the folder dir (-exercises DIR), read through an os.Root as
// grading reads a submission: a symbolic link or a path that leads out of dir is refused, with the
// file's name, and so is a file that is not regular or is over its limit.
func (s *site) addExercisesDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("-exercises %s: not a folder", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("-exercises %s: %v", dir, err)
	}
	defer root.Close()
	return s.addExercises(root.FS(), dir)
}

var indexPage = template.Must(template.New("index").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>avrlab exercises</title>
<link rel="stylesheet" href="../style.css">
<link rel="icon" href="data:,">
</head>
<body class="exercise-index">
<header class="bar"><h1>avrlab <span class="sub">exercises</span></h1><div></div><a href="../index.html">playground</a></header>
<main class="index-list">
<p class="muted">Each exercise opens in the playground with its instructions beside the editor, the starter code in the editor and its goals as a checklist that ticks as you work. Your work stays in your browser.</p>
<table class="published">
<thead><tr><th>exercise</th><th>task</th><th>goals</th></tr></thead>
<tbody>
{{range .}}<tr><td><a href="../index.html#exercise={{.ID}}">{{.Title}}</a> <span class="muted">({{.ID}})</span></td><td>{{.Task}}</td><td>{{range $i, $g := .Goals}}{{if $i}}, {{end}}{{$g}}{{end}}</td></tr>
{{end}}</tbody>
</table>
</main>
</body>
</html>
`))

// addExercises adds the exercises of fsys to the site.
func (s *site) addExercises(fsys fs.FS, where string) error {
	if where == "" {
		where = "examples/exercises"
	}
	list, files, err := readExercises(fsys, where)
	if err != nil {
		return err
	}
	if list == nil {
		list = []exerciseInfo{}
	}
	for name, b := range files {
		s.add("exercises/"+name, b)
	}
	index, err := json.Marshal(list)
	if err != nil {
		return err
	}
	s.add("exercises/index.json", index)
	var page bytes.Buffer
	if err := indexPage.Execute(&page, list); err != nil {
		return err
	}
	s.add("exercises/index.html", page.Bytes())
	return nil
}
