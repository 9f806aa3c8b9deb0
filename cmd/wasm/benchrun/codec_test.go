package benchrun

import (
	"encoding/json"
	"math"
	"testing"
)

// TestMarshalResultAsJSON: MarshalResult writes Warm's result and results with every field set or
// empty (floats JSON writes in exponent form, what it refuses) as json.Marshal does.
func TestMarshalResultAsJSON(t *testing.T) {
	warmed, err := Warm(nil)
	if err != nil {
		t.Fatal(err)
	}
	results := []Result{warmed, {}, {Name: "<x&y>", Cycles: 1 << 63, MS: 1e-7, Regs: "00 FF", Stop: "fault: \xff", Engine: "translated",
		MHz: 3e21, TranslateMS: 0.25, CompileMS: 1, Translated: 7, Chunks: []float64{}, Error: "e"},
		{Chunks: []float64{1.5, 2}}, {MS: math.NaN()}, {Chunks: []float64{math.Inf(1)}}}
	for _, r := range results {
		want, werr := json.Marshal(r)
		got, err := MarshalResult(r)
		if (werr == nil) != (err == nil) || err != nil && err.Error() != werr.Error() || string(got) != string(want) {
			t.Errorf("%+v: %s (%v), json.Marshal %s (%v)", r, got, err, want, werr)
		}
	}
}

func FuzzDecodeRequest(f *testing.F) {
	f.Add([]byte(`{"name":"cham","hex":":00000001FF\n","device":"atmega128","max_cycles":1000,"interp":true,"eager":false}`))
	f.Add([]byte(`{"Name":null,"EAGER":true,"other":[{}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var want Request
		werr := json.Unmarshal(data, &want)
		got, err := DecodeRequest(data)
		if (werr == nil) != (err == nil) || err == nil && got != want {
			t.Errorf("%q: %+v (%v), json.Unmarshal %+v (%v)", data, got, err, want, werr)
		}
	})
}
