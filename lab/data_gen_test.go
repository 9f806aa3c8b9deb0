//go:build !js

package lab

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// goTool returns the go command of the toolchain running the tests.
func goTool() string {
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err != nil {
		return "go"
	}
	return p
}

// TestDataGenerated regenerates data_gen.go from data/*.json (go run ./internal/datagen -o -) and
// fails when the file differs: a data file changed without go generate ./lab.
func TestDataGenerated(t *testing.T) {
	cmd := exec.Command(goTool(), "run", "./internal/datagen", "-o", "-")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	src, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %v\n%s", cmd, err, stderr.Bytes())
	}
	have, err := os.ReadFile("data_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, src) {
		t.Errorf("data_gen.go is not what data/*.json give (%d bytes against %d): run go generate ./lab", len(have), len(src))
	}
}

// TestNoJSONDecoder: lab, in the native, js/wasm and core builds, depends on no encoding/json (the
// page's core would compile its decoder on the first call only for lab's data).
func TestNoJSONDecoder(t *testing.T) {
	for _, b := range []struct{ goos, goarch, tags string }{
		{runtime.GOOS, runtime.GOARCH, ""}, {"js", "wasm", ""}, {"js", "wasm", "avrlab_core"},
	} {
		cmd := exec.Command(goTool(), "list", "-deps", "-tags", b.tags, ".")
		cmd.Env = append(os.Environ(), "GOOS="+b.goos, "GOARCH="+b.goarch)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v", cmd, err)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 10 {
			t.Fatalf("%s/%s %q: go list -deps gave %q", b.goos, b.goarch, b.tags, deps)
		}
		for _, d := range deps {
			if d == "encoding/json" {
				t.Errorf("%s/%s tags %q: lab depends on encoding/json", b.goos, b.goarch, b.tags)
			}
		}
	}
}
