//go:build !js

package translate

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
)

// TestBrowserRuntimeNode builds this package's tests for GOOS=js GOARCH=wasm and runs the browser
// runtime's (js_test.go: the page's engine on the JavaScript engine's WebAssembly API, against the
// interpreter) under Node, whose V8 is the page's WebAssembly engine, with the Go program's memory
// handed over as the page hands it (testdata/node_browser.js).
func TestBrowserRuntimeNode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package for js/wasm")
	}
	node := oracle.RequireTool(t, "node", "install with: apt-get install nodejs")
	goTool, err := exec.LookPath("go")
	oracle.Require(t, "go", err, "the go command on PATH")
	root, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(wasmExec); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "translate.test.wasm")
	build := exec.Command(goTool, "test", "-c", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the tests for js/wasm: %v\n%s", err, out)
	}
	script, err := filepath.Abs(filepath.Join("testdata", "node_browser.js"))
	if err != nil {
		t.Fatal(err)
	}
	run := exec.Command(node, script, bin, "-test.run", "^TestBrowser", "-test.v")
	run.Env = append(os.Environ(), "WASM_EXEC="+wasmExec)
	out, err := run.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestBrowserDiff") {
		t.Fatalf("the browser runtime's tests under Node: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
