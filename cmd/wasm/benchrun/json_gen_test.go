package benchrun

import (
	"flag"
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
	if err := gen.WriteOrCompare("json_gen.go", src, *updateJSON, "go generate ./cmd/wasm/benchrun"); err != nil {
		t.Error(err)
	}
}
