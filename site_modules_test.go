//go:build !js

package main

import (
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// staticImport matches a module's static imports (import … from "./x.js", export … from "./x.js").
var staticImport = regexp.MustCompile(`(?m)^(?:import|export)\s[^;]*?\sfrom\s+"(\./[^"]+)"`)

// appGraph returns the modules under site/js that site/app.js imports, directly or not, by name
// without ".js" ("util", "store", ...), in sorted order.
func appGraph(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	var walk func(file string)
	walk = func(file string) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range staticImport.FindAllStringSubmatch(string(src), -1) {
			dep := path.Join(path.Dir(file), m[1])
			if seen[dep] {
				continue
			}
			seen[dep] = true
			walk(dep)
		}
	}
	walk("site/app.js")
	var names []string
	for dep := range seen {
		if !strings.HasPrefix(dep, "site/js/") {
			t.Errorf("app.js imports %s, outside site/js", dep)
			continue
		}
		names = append(names, strings.TrimSuffix(strings.TrimPrefix(dep, "site/js/"), ".js"))
	}
	slices.Sort(names)
	return names
}

// TestBootLoadsAppGraph: the modules boot.js preloads before it adds app.js (MODULES) are the ones
// app.js imports, directly or not, so that none is found only when its importer has been parsed (a
// round trip more before app.js runs), and index.html loads app.js only through boot.js.
func TestBootLoadsAppGraph(t *testing.T) {
	boot, err := os.ReadFile("site/boot.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const MODULES = \[([^\]]*)\];`).FindSubmatch(boot)
	if m == nil {
		t.Fatal("site/boot.js has no MODULES list")
	}
	var listed []string
	for _, q := range regexp.MustCompile(`"([a-z]+)"`).FindAllSubmatch(m[1], -1) {
		listed = append(listed, string(q[1]))
	}
	slices.Sort(listed)
	want := appGraph(t)
	if len(want) < 10 {
		t.Fatalf("app.js's graph has %d modules (%v): the import pattern no longer matches", len(want), want)
	}
	if !slices.Equal(listed, want) {
		t.Errorf("boot.js's MODULES %v, app.js's graph %v", listed, want)
	}
	page, err := os.ReadFile("site/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(page), `src="app.js"`) {
		t.Error(`index.html loads app.js itself: boot.js adds it (loadModules), after a first visit's score`)
	}
}
