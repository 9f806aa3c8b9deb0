package benchrun

import (
	"bytes"
	"flag"
	"os"
	"reflect"
	"testing"

	"github.com/avrlab/avrlab/internal/jsonw/gen"
)

var updateJSON = flag.Bool("update", false, "write json_gen.go again (go generate)")

// TestJSONGenerated regenerates json_gen.go from Result and fails when the file in the tree
// differs (a field added, renamed or retagged since): go generate writes it again.
func TestJSONGenerated(t *testing.T) {
	src, err := gen.Generate(gen.Options{Package: "benchrun", PkgPath: reflect.TypeFor[Result]().PkgPath(),
		BuildTag: "!avrlab_jsongen", Generator: "TestJSONGenerated (go generate)"},
		gen.Root{Name: "Result", Type: reflect.TypeFor[Result]()})
	if err != nil {
		t.Fatal(err)
	}
	if *updateJSON {
		if err := os.WriteFile("json_gen.go", src, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile("json_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(old, src) {
		t.Error("json_gen.go is not what Result gives: run go generate ./cmd/wasm/benchrun")
	}
}
