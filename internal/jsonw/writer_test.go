package jsonw

import (
	"encoding/json"
	"math"
	"testing"
)

var stringCases = []string{
	"", "plain", `quote " and \ backslash`, "<script>&amp;</script>", "\b\f\n\r\t", "\x00\x01\x1f\x7f",
	"\u2028\u2029", "é日本\U0001F600", "\xff\xfe", "a\xc3", "\xed\xa0\x80", "\xef\xbf\xbd", "\u00e9\u0301",
	"tab\there", "/slash/",
}

func TestStringAsJSON(t *testing.T) {
	for _, s := range stringCases {
		checkString(t, s)
	}
}

func FuzzString(f *testing.F) {
	for _, s := range stringCases {
		f.Add(s)
	}
	f.Fuzz(checkString)
}

func checkString(t *testing.T, s string) {
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var w Writer
	w.String(s)
	if string(w.B) != string(want) {
		t.Errorf("String(%q) = %s, json.Marshal %s", s, w.B, want)
	}
}

var floatCases = []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1.5, 123.456, 1e-6, 9.99e-7, 1e-7, 1.2345e-9, 1e20,
	1e21, 1.5e21, 1e100, -1e-100, math.MaxFloat64, math.SmallestNonzeroFloat64, 264988, 2.6498800001e5, 1.0 / 3,
	math.NaN(), math.Inf(1), math.Inf(-1)}

func TestFloatAsJSON(t *testing.T) {
	for _, f := range floatCases {
		checkFloat(t, f)
	}
}

func FuzzFloat64(f *testing.F) {
	for _, v := range floatCases {
		f.Add(math.Float64bits(v))
	}
	f.Fuzz(func(t *testing.T, bits uint64) { checkFloat(t, math.Float64frombits(bits)) })
}

// checkFloat holds Float64 to json.Marshal: the same text, or the same error.
func checkFloat(t *testing.T, f float64) {
	want, werr := json.Marshal(f)
	var w Writer
	w.Float64(f)
	switch {
	case werr != nil || w.Err != nil:
		if werr == nil || w.Err == nil || werr.Error() != w.Err.Error() {
			t.Errorf("Float64(%v): error %v, json.Marshal's %v", f, w.Err, werr)
		}
	case string(w.B) != string(want):
		t.Errorf("Float64(%v) = %s, json.Marshal %s", f, w.B, want)
	}
}

func TestErrorObject(t *testing.T) {
	msg := `bad "bench" request: <at byte 3>` + "\n\xff"
	want, _ := json.Marshal(map[string]string{"error": msg})
	if got := ErrorObject(msg); string(got) != string(want) {
		t.Errorf("ErrorObject = %s, json.Marshal %s", got, want)
	}
}

func TestKeyCommas(t *testing.T) {
	var w Writer
	w.Byte('{')
	w.Key(`"a":`)
	w.Byte('[')
	w.Byte('{')
	w.Key(`"b":`)
	w.Bool(true)
	w.Key(`"c":`)
	w.Null()
	w.Raw("}]")
	w.Key(`"d":`)
	w.Int(-3)
	w.Byte('}')
	if want := `{"a":[{"b":true,"c":null}],"d":-3}`; string(w.B) != want {
		t.Errorf("got %s, want %s", w.B, want)
	}
}
