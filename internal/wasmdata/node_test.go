package wasmdata

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// nodeModule builds the test program testdata/<name> for js/wasm as serve.go builds the site's modules
// (trimmed paths, no symbol table) and merges its data segments; it returns that module and a function
// that runs a variant of it under Node (Go's wasm_exec_node.js) and returns what the program printed.
// Without Node it skips, or fails under CI.
func nodeModule(t *testing.T, name string) (merged []byte, run func(file string, module []byte) string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a WebAssembly program and runs it under Node")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("node is needed under CI: ", err)
		}
		t.Skip("no node")
	}
	dir := t.TempDir()
	built := filepath.Join(dir, name+".wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", built, "./testdata/"+name)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js")
	b, err := os.ReadFile(built)
	if err != nil {
		t.Fatal(err)
	}
	if merged, _, _, err = Merge(b, 256); err != nil {
		t.Fatal(err)
	}
	return merged, func(file string, module []byte) string {
		t.Helper()
		path := filepath.Join(dir, file)
		if err := os.WriteFile(path, module, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(node, execJS, path).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", file, err, out)
		}
		return string(out)
	}
}
