package engine

import (
	"flag"
	"reflect"
	"testing"

	"github.com/avrlab/avrlab/internal/jsonw/gen"
)

var updateJSON = flag.Bool("update", false, "write json_gen.go again (go generate)")

// jsonRoots are the answers the engine writes with generated writers (encodeAnswer).
var jsonRoots = []gen.Root{
	{Name: "Response", Type: reflect.TypeFor[Response]()},
	{Name: "GoalsResponse", Type: reflect.TypeFor[GoalsResponse]()},
	{Name: "DeviceResults", Type: reflect.TypeFor[[]DeviceResult]()},
	{Name: "ErrorAnswer", Type: reflect.TypeFor[errorAnswer]()},
}

// TestJSONGenerated regenerates json_gen.go from the answers' types and fails when the file in
// the tree differs (a field added, renamed or retagged since): go generate writes it again.
func TestJSONGenerated(t *testing.T) {
	src, err := gen.Generate(gen.Options{Package: "engine", PkgPath: reflect.TypeFor[Response]().PkgPath(),
		BuildTag: "!avrlab_jsongen", Generator: "TestJSONGenerated (go generate)"}, jsonRoots...)
	if err != nil {
		t.Fatal(err)
	}
	if err := gen.WriteOrCompare("json_gen.go", src, *updateJSON, "go generate ./cmd/wasm/engine"); err != nil {
		t.Error(err)
	}
}
