package engine

import (
	"github.com/avrlab/avrlab/internal/jsonw"
)

//go:generate go test -tags avrlab_jsongen -run TestJSONGenerated -update .

// The requests are read and the answers written without encoding/json (package jsonw, the writers
// generated into json_gen.go from the types), so that the page's core module links none of it:
// byte for byte what json.Marshal writes, and the values json.Unmarshal reads (TestCodecAsJSON,
// FuzzDecodeRequest, FuzzEncodeReport). tools.wasm's own answers (meta, leak, the debugger) keep
// encoding/json.

// decodeRequest reads a bench, assemble, hex or devices request into r as json.Unmarshal does.
func decodeRequest(data []byte, r *Request) error {
	return jsonw.DecodeObject(data, r.decodeField)
}

// decodeField reads the field of key (folded, jsonw.FoldKey) of a request; a key that names no
// field is skipped, as json.Unmarshal skips it.
func (r *Request) decodeField(d *jsonw.Decoder, key string) error {
	switch key {
	case "FILES":
		return d.StringMap(&r.Files)
	case "MAIN":
		return d.String(&r.Main)
	case "TASK":
		return d.String(&r.Task)
	case "DEVICE":
		return d.String(&r.Device)
	case "VECTORS":
		return d.Int(&r.Vectors)
	case "SEED":
		return d.Uint64(&r.Seed)
	case "MAX_CYCLES":
		return d.Uint64(&r.MaxCycles)
	case "CALL":
		return d.String(&r.Call)
	case "BINARY":
		return d.String(&r.Binary)
	case "DEFINES":
		return d.String(&r.Defines)
	case "SCENARIO":
		return d.String(&r.Scenario)
	case "RK":
		return d.String(&r.RK)
	case "GOALS":
		return d.String(&r.Goals)
	case "TESTS":
		return d.String(&r.Tests)
	case "BUDGET":
		return d.Uint64(&r.Budget)
	case "CALL_CYCLES":
		return d.Uint64(&r.CallCycles)
	case "LINK":
		return d.StringSlice(&r.Link)
	case "INTERP":
		return d.Bool(&r.Interp)
	}
	return d.Skip()
}

// decodeGoalsRequest reads a goals request into r as json.Unmarshal does.
func decodeGoalsRequest(data []byte, r *GoalsRequest) error {
	return jsonw.DecodeObject(data, func(d *jsonw.Decoder, key string) error {
		switch key {
		case "GOALS":
			return d.String(&r.Goals)
		case "TESTS":
			return d.String(&r.Tests)
		}
		return d.Skip()
	})
}

// errorAnswer is the answer {"error": ...} of a request that could not be served.
type errorAnswer struct {
	Error string `json:"error"`
}

// encodeAnswer writes handle's answer v as json.Marshal does: the engine's own answers with the
// generated writers, what only tools.wasm answers (meta, leak) with marshalTools.
func encodeAnswer(v any) ([]byte, error) {
	var w jsonw.Writer
	switch a := v.(type) {
	case Response:
		writeResponse(&w, &a)
	case GoalsResponse:
		writeGoalsResponse(&w, &a)
	case []DeviceResult:
		writeDeviceResults(&w, &a)
	case errorAnswer:
		writeErrorAnswer(&w, &a)
	default:
		return marshalTools(v)
	}
	if w.Err != nil {
		return nil, w.Err
	}
	return w.B, nil
}

func errorJSON(err error) []byte { return jsonw.ErrorObject(err.Error()) }
