// Package examples holds avrlab's example implementations and classroom exercises as AVR sources,
// embedded so that the CLI and the browser playground carry them.
//
// Each example is a file NAME.S (GNU avr-as dialect) or NAME.asm (Atmel AVRASM2) at the top of [FS];
// its ID is NAME (used in short links such as #example=cham64-v2), so the two kinds share one name
// space: an AVRASM2 twin of a GNU example is NAME-atmel.asm. Its first lines name its task ("; avrlab
// task: ID") and its title ("; title: ..."), and optionally the published implementation it is
// compared with ("; compare: ..."). Exercises live under exercises/NAME/ with a README.md and a
// starter.S.
package examples

//go:generate go run ./internal/mpmulgen
//go:generate go run ./internal/p192gen

import (
	"bufio"
	"bytes"
	"embed"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
)

// FS holds the example sources and the exercises.
//
//go:embed *.S *.asm all:exercises
var FS embed.FS

// Example is one example source.
type Example struct {
	ID    string `json:"id"`    // file name without .S or .asm, e.g. "cham64-v2", "speck64-atmel"
	Title string `json:"title"` // from the "; title:" line
	Task  string `json:"task"`  // from the "; avrlab task:" line
	File  string `json:"file"`  // path in FS (its extension tells the dialect)
	// Compare names the published implementation ("impl" in the published rows) the example is measured
	// against, from a "; compare:" line; "" compares with the best published row of the cipher.
	Compare string `json:"compare,omitempty"`
}

var (
	taskRe    = regexp.MustCompile(`^\s*(?:;|//)\s*avrlab\s+task:\s*(\S+)`)
	titleRe   = regexp.MustCompile(`^\s*(?:;|//)\s*title:\s*(.+?)\s*$`)
	compareRe = regexp.MustCompile(`^\s*(?:;|//)\s*compare:\s*(.+?)\s*$`)
)

// List returns the examples at the top of FS (.S and .asm files), sorted by ID.
func List() []Example {
	ents, err := fs.ReadDir(FS, ".")
	if err != nil {
		return nil
	}
	var out []Example
	for _, e := range ents {
		ext := path.Ext(e.Name())
		if e.IsDir() || ext != ".S" && ext != ".asm" {
			continue
		}
		src, err := fs.ReadFile(FS, e.Name())
		if err != nil {
			continue
		}
		ex := Example{ID: strings.TrimSuffix(e.Name(), ext), File: e.Name()}
		sc := bufio.NewScanner(bytes.NewReader(src))
		for n := 0; n < 20 && sc.Scan(); n++ {
			if m := taskRe.FindStringSubmatch(sc.Text()); m != nil && ex.Task == "" {
				ex.Task = m[1]
			}
			if m := titleRe.FindStringSubmatch(sc.Text()); m != nil && ex.Title == "" {
				ex.Title = m[1]
			}
			if m := compareRe.FindStringSubmatch(sc.Text()); m != nil && ex.Compare == "" {
				ex.Compare = m[1]
			}
		}
		if ex.Title == "" {
			ex.Title = ex.ID
		}
		out = append(out, ex)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Lookup returns the example with the given ID.
func Lookup(id string) (Example, bool) {
	for _, e := range List() {
		if e.ID == id {
			return e, true
		}
	}
	return Example{}, false
}

// Source returns the text of an example.
func Source(id string) ([]byte, bool) {
	e, ok := Lookup(id)
	if !ok {
		return nil, false
	}
	b, err := fs.ReadFile(FS, e.File)
	return b, err == nil
}
