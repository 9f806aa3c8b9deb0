//go:build avrlab_jsongen

package engine

import "github.com/avrlab/avrlab/internal/jsonw"

// With the build tag avrlab_jsongen the package compiles without its generated writers (json_gen.go),
// so that TestJSONGenerated -update can write them again when they no longer compile.

func writeResponse(*jsonw.Writer, *Response)            {}
func writeGoalsResponse(*jsonw.Writer, *GoalsResponse)  {}
func writeDeviceResults(*jsonw.Writer, *[]DeviceResult) {}
func writeErrorAnswer(*jsonw.Writer, *errorAnswer)      {}
