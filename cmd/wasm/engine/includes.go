package engine

import (
	"path"
	"sort"
	"strings"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/internal/textf"
)

// Include is one #include or .include directive of a file the request sent, as the assembler followed
// it (asm.Image.Includes, asm.Includes): the page reads which file includes which from these instead
// of scanning the sources itself.
type Include struct {
	From string `json:"from"` // the including file
	Line int    `json:"line"` // where the directive is in From (from 1)
	Col  int    `json:"col"`
	Name string `json:"name"` // the file as the directive names it
	// File is the file it read, one of the request's files; "" when the assembler found none (the
	// include is also among Response.IncludeProblems, or the main file's errors).
	File string `json:"file"`
}

// includeGraph collects the include directives of a request's files, each once, from the assemblies
// that met them.
type includeGraph struct {
	files map[string]string
	seen  map[Include]bool
	list  []Include
}

// add records the directives of one assembly that concern the request's files: a built-in header
// (avr/io.h) or a generated device file (m128def.inc) is none of them, and neither are the
// directives inside those.
func (g *includeGraph) add(incs []asm.Include) {
	for _, in := range incs {
		if _, ok := g.files[in.At.Filename]; !ok {
			continue
		}
		if _, ok := g.files[in.File]; !ok && in.File != "" {
			continue
		}
		e := Include{From: in.At.Filename, Line: in.At.Line, Col: in.At.Column, Name: in.Name, File: in.File}
		if g.seen[e] {
			continue
		}
		if g.seen == nil {
			g.seen = map[Include]bool{}
		}
		g.seen[e] = true
		g.list = append(g.list, e)
	}
}

// sorted returns the directives by file and position.
func (g *includeGraph) sorted() []Include {
	out := append([]Include{}, g.list...)
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.From != b.From {
			return a.From < b.From
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return out
}

// includersOf returns the files other than name whose directives read name, sorted.
func includersOf(graph []Include, name string) []string {
	var out []string
	for _, e := range graph {
		if e.File == name && e.From != name && (len(out) == 0 || out[len(out)-1] != e.From) {
			out = append(out, e.From)
		}
	}
	return out
}

// otherIncludes assembles, as far as its includes (asm.Includes: the assembler's first pass), each
// source file of the request other than main that has an include directive to meet, with cfg, and
// adds what they met to g. Markdown and text files are not sources; a file that cannot hold a
// directive (mayInclude) is not assembled. A file whose directives cache
// holds from an earlier request, for the same text, settings and the same texts of the files they
// read, is not assembled again (nil: no cache).
func otherIncludes(g *includeGraph, files map[string]string, main string, cfg asm.Config, cache *IncludeCache) {
	names := sortedNames(files)
	cache.start(names)
	settings := cfg.Device + "\x00" + definesKey(cfg.Defines)
	for _, n := range names {
		src := files[n]
		if n == main || isDoc(n) {
			continue
		}
		if incs, ok := cache.get(n, settings, src, files); ok {
			g.add(incs)
			continue
		}
		var incs []asm.Include
		if mayInclude(src) {
			c := cfg
			c.Dialect = "" // each file in its own dialect: it is not assembled as the includer's part here
			var err error
			if incs, err = asm.Includes(n, []byte(src), c); err != nil {
				continue
			}
		}
		g.add(incs)
		cache.put(n, settings, src, files, incs)
	}
}

// IncludeCache keeps the include directives of the files of earlier requests, so that a request
// assembles only the files that changed (the page sends every file of the workspace every time, and
// asm.Includes of a P-192 source takes a tenth of a second). The zero value is empty; a cache is for
// one goroutine (the bridge of the page's engine worker keeps one).
type IncludeCache struct {
	names string // the file names of the last request: another set of files empties the cache
	// entries are keyed by file name and settings (device, defines): the Devices comparison assembles
	// for every device in turn.
	entries map[string]includeEntry
}

// includeEntry is what asm.Includes gave for a file, and what that depended on.
type includeEntry struct {
	src  string
	read map[string]string // the request's files its directives read → their text then
	incs []asm.Include
}

// start empties the cache when the request's files are not those of the last one (a file found or
// not found depends on the names).
func (c *IncludeCache) start(names []string) {
	if c == nil {
		return
	}
	key := strings.Join(names, "\x00")
	if key != c.names {
		c.names, c.entries = key, map[string]includeEntry{}
	}
}

// get returns the directives of file name when they were found for the same text and settings,
// and the files they read still hold the same text.
func (c *IncludeCache) get(name, settings, src string, files map[string]string) ([]asm.Include, bool) {
	if c == nil {
		return nil, false
	}
	e, ok := c.entries[name+"\x00"+settings]
	if !ok || e.src != src {
		return nil, false
	}
	for f, text := range e.read {
		if files[f] != text {
			return nil, false
		}
	}
	return e.incs, true
}

// put records the directives of file name.
func (c *IncludeCache) put(name, settings, src string, files map[string]string, incs []asm.Include) {
	if c == nil {
		return
	}
	read := map[string]string{}
	for _, in := range incs {
		if text, ok := files[in.File]; ok {
			read[in.File] = text
		}
	}
	c.entries[name+"\x00"+settings] = includeEntry{src: src, read: read, incs: incs}
}

// definesKey writes defines in name order.
func definesKey(defines map[string]string) string {
	keys := make([]string, 0, len(defines))
	for k := range defines {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "=" + defines[k] + "\x00")
	}
	return b.String()
}

// includeProblems are the directives of the graph that found no file, as warnings at the directive,
// except those of the files the main file's assembly read (its errors hold them).
func includeProblems(graph []Include, read map[string]bool) []Diagnostic {
	out := []Diagnostic{}
	for _, e := range graph {
		if e.File != "" || read[e.From] {
			continue
		}
		out = append(out, Diagnostic{File: e.From, Line: e.Line, Col: e.Col, Severity: "warning",
			Msg: textf.Sprintf("%s includes %q, which is not among the files", e.From, e.Name)})
	}
	return out
}

// isDoc tells the files the page previews instead of assembling: Markdown and plain text.
func isDoc(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".md", ".markdown", ".txt":
		return true
	}
	return false
}

// mayInclude reports whether src could hold an include directive: the word include, in any case,
// after a '.' or a '#' (spaces and tabs between). A file without one is not assembled for its
// includes; one with it is, and the assembler decides what it follows (a comment or a false #if
// is not followed).
func mayInclude(src string) bool {
	const word = "include"
	for i := 1; i+len(word) <= len(src); i++ {
		if src[i]|0x20 != 'i' || !strings.EqualFold(src[i:i+len(word)], word) {
			continue
		}
		j := i - 1
		for j > 0 && (src[j] == ' ' || src[j] == '\t') {
			j--
		}
		if src[j] == '.' || src[j] == '#' {
			return true
		}
	}
	return false
}

func sortedNames(files map[string]string) []string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
