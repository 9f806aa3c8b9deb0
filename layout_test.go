//go:build !js

package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportEdges enforces the one-way data flow: source → asm → image → emu → lab → CLI / page.
// isa imports no other avrlab package but the leaf helpers under internal/ (those that import no avrlab
// package themselves, such as internal/textf's formatting), asm and emu never import each other, neither
// imports lab, and nothing imports a command.
func TestImportEdges(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}:{{join .Imports " "}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const mod = "github.com/avrlab/avrlab/"
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	// leaf: the packages under internal/ that import no avrlab package.
	leaf := map[string]bool{}
	for _, line := range lines {
		from, imps, _ := strings.Cut(line, ":")
		if strings.HasPrefix(from, mod+"internal/") && !strings.Contains(imps, mod) {
			leaf[from] = true
		}
	}
	forbidden := func(from, to string) bool {
		f, tt := strings.TrimPrefix(from, mod), strings.TrimPrefix(to, mod)
		top := func(p string) string { return strings.SplitN(p, "/", 2)[0] }
		switch {
		case top(f) == "isa":
			return !leaf[to]
		case top(f) == "asm" && (top(tt) == "emu" || top(tt) == "lab"):
			return true
		case top(f) == "emu" && (top(tt) == "asm" || top(tt) == "lab"):
			return true
		case strings.HasPrefix(tt, "cmd/"):
			return !strings.HasPrefix(f, tt)
		case tt == "internal/oracle":
			return true // test support only: no production package may import it
		}
		return false
	}
	n := 0
	for _, line := range lines {
		from, imps, _ := strings.Cut(line, ":")
		for _, imp := range strings.Fields(imps) {
			if !strings.HasPrefix(imp, mod) {
				continue
			}
			n++
			if forbidden(from, imp) {
				t.Errorf("%s imports %s, against the data flow in README.md", from, imp)
			}
		}
	}
	if n == 0 {
		t.Fatal("no avrlab imports seen: go list output unexpected")
	}
}
