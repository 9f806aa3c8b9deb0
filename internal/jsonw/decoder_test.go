package jsonw

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// sample has a field of every kind Decoder reads.
type sample struct {
	Files  map[string]string `json:"files"`
	Main   string            `json:"main"`
	N      int               `json:"n"`
	Seed   uint64            `json:"seed"`
	Interp bool              `json:"interp"`
	Link   []string          `json:"link"`
	Max    uint64            `json:"max_cycles"`
	Skip   string            `json:"-"`
}

func decodeSample(data []byte) (sample, error) {
	var s sample
	err := DecodeObject(data, func(d *Decoder, key string) error {
		switch key {
		case "FILES":
			return d.StringMap(&s.Files)
		case "MAIN":
			return d.String(&s.Main)
		case "N":
			return d.Int(&s.N)
		case "SEED":
			return d.Uint64(&s.Seed)
		case "INTERP":
			return d.Bool(&s.Interp)
		case "LINK":
			return d.StringSlice(&s.Link)
		case "MAX_CYCLES":
			return d.Uint64(&s.Max)
		}
		return d.Skip()
	})
	return s, err
}

var decodeCases = []string{
	`{}`, `null`, ` {"main":"a.S"} `, `{"files":{"a.S":"nop\n","b":"\u00e9\ud83d\ude00"},"main":"a.S"}`,
	`{"files":{}}`, `{"files":null}`, `{"files":{"a":null}}`, `{"files":{"a":"1"},"files":{"b":"2"}}`,
	`{"link":[]}`, `{"link":null}`, `{"link":["a",null,"c"]}`, `{"link":["a","b"],"link":[null]}`,
	`{"link":["a"],"link":["b","c"]}`, `{"n":-12,"seed":18446744073709551615,"interp":true}`,
	`{"n":1.5}`, `{"n":1e2}`, `{"n":-0}`, `{"seed":-0}`, `{"seed":-1}`, `{"seed":18446744073709551616}`,
	`{"n":9223372036854775808}`, `{"n":"1"}`, `{"interp":"true"}`, `{"interp":null,"main":null}`,
	`{"MAIN":"x","Max_Cycles":3}`, `{"ma\u0131n":"dotless"}`, `{"ſeed":5}`, `{"\u212a":1}`, `{"-":"x"}`,
	`{"other":{"deep":[1,2.5e-3,true,false,null,"s",{}]},"main":"m"}`, `{"main":"a"}x`, `{"main":"a",}`,
	`{"main" "a"}`, `{main:"a"}`, `{"main":"a`, `{"main":"\x01"}`, `{"main":"\q"}`, `{"main":"\u12"}`,
	`{"main":"\ud800"}`, `{"main":"\ud800\u0041"}`, `{"main":"\udc00\ud800"}`, `{"main":"\ud83d\ude00"}`,
	"{\"main\":\"\xff\xfe\"}", `[]`, `"s"`, `1`, `true`, ``, ` `, `nul`, `{"n":01}`, `{"n":-}`, `{"n":1.}`,
	`{"n":1e}`, `{"n":.5}`, `{"n":+1}`, `{"other":[1,]}`, `{"other":tru}`, `{"link":[1]}`, `{"files":[]}`,
	`{"files":{"a":1}}`, "{\"main\":\"a\"}\t\r\n", "\ufeff{}", `{"main":"a"} {}`, `{"main":"\/\b\f\n\r\t\"\\"}`,
}

func TestDecodeAsUnmarshal(t *testing.T) {
	for _, c := range decodeCases {
		checkDecode(t, []byte(c))
	}
	deep := strings.Repeat("[", MaxDepth-1) + strings.Repeat("]", MaxDepth-1)
	checkDecode(t, []byte(`{"other":`+deep+`}`))
	checkDecode(t, []byte(`{"other":[`+deep+`]}`))
}

func FuzzDecode(f *testing.F) {
	for _, c := range decodeCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecode(t, data) })
}

// checkDecode holds the decoder to json.Unmarshal: both refuse data, or both read the same value.
func checkDecode(t *testing.T, data []byte) {
	t.Helper()
	var want sample
	werr := json.Unmarshal(data, &want)
	got, err := decodeSample(data)
	switch {
	case (werr == nil) != (err == nil):
		t.Errorf("%q: error %v, json.Unmarshal's %v", data, err, werr)
	case err == nil && !reflect.DeepEqual(got, want):
		t.Errorf("%q: %#v, json.Unmarshal %#v", data, got, want)
	}
}

func TestFoldKey(t *testing.T) {
	for key, want := range map[string]string{"max_cycles": "MAX_CYCLES", "MAIN": "MAIN", "ſeed": "SEED",
		"\u212aey": "KEY", "é": "É", "": ""} {
		if got := FoldKey(key); got != want {
			t.Errorf("FoldKey(%q) = %q, want %q", key, got, want)
		}
	}
}
