package benchrun

import "github.com/avrlab/avrlab/internal/jsonw"

//go:generate go test -tags avrlab_jsongen -run TestJSONGenerated -update .

// DecodeRequest reads bench.html's request (JSON) as json.Unmarshal would, without encoding/json
// (package jsonw), which the page's core module does not link.
func DecodeRequest(data []byte) (Request, error) {
	var r Request
	err := jsonw.DecodeObject(data, func(d *jsonw.Decoder, key string) error {
		switch key {
		case "NAME":
			return d.String(&r.Name)
		case "HEX":
			return d.String(&r.Hex)
		case "DEVICE":
			return d.String(&r.Device)
		case "MAX_CYCLES":
			return d.Uint64(&r.MaxCycles)
		case "INTERP":
			return d.Bool(&r.Interp)
		case "EAGER":
			return d.Bool(&r.Eager)
		}
		return d.Skip()
	})
	return r, err
}

// MarshalResult writes r as json.Marshal does (its generated writer, json_gen.go).
func MarshalResult(r Result) ([]byte, error) {
	var w jsonw.Writer
	writeResult(&w, &r)
	if w.Err != nil {
		return nil, w.Err
	}
	return w.B, nil
}
