package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"testing"

	"github.com/avrlab/avrlab/examples"
)

// pageJSON writes v as the page's JSON.stringify does: no HTML escaping (encoding/json writes <, >
// and & as \u escapes, which JSON.stringify does not).
func pageJSON(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// pageRequests are requests as the page sends them: every example (all its fields as site/js/request.js
// writes them) and every field set, one request each.
func pageRequests(t testing.TB) [][]byte {
	t.Helper()
	var out [][]byte
	for _, ex := range examples.List() {
		src, err := fs.ReadFile(examples.FS, ex.File)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, pageJSON(t, Request{Files: map[string]string{ex.File: string(src)}, Main: ex.File, Seed: 1<<53 - 1, Budget: 10_000_000, Link: []string{}}))
	}
	full := Request{
		Files: map[string]string{"a.S": "x\"\\/\b\f\n\r\t\x7fé€😀", "b.inc": "", "": "empty name"}, Main: "a.S", Task: "cham64-128",
		Device: "attiny45", Vectors: -1, Seed: 18446744073709551615, MaxCycles: 1, Call: "f(1, 2)", Binary: "AAEC", Defines: "A=1 B",
		Scenario: "unrolled", RK: "rk", Goals: "goal: rank >= 1", Tests: "vectors: 3", Budget: 0, CallCycles: 4913,
		Link: []string{"a.S", "b.S"}, Interp: true,
	}
	out = append(out, pageJSON(t, full), pageJSON(t, Request{Files: map[string]string{}, Link: []string{}}))
	return out
}

// TestReadRequestAsUnmarshal holds readRequest to json.Unmarshal: on the page's requests, which it
// must read itself (else the browser compiles encoding/json's decoder for the first bench again), and
// on requests that are not the page's, where either it reads what json.Unmarshal reads or leaves
// them to it; decodeRequest answers json.Unmarshal's value and error in every case.
func TestReadRequestAsUnmarshal(t *testing.T) {
	for i, arg := range pageRequests(t) {
		var got Request
		if !readRequest(arg, &got) {
			t.Errorf("page request %d (%.80s...): not read", i, arg)
			continue
		}
		checkAsUnmarshal(t, arg)
	}
	others := []string{
		``, `{}`, ` { } `, `{"main":"a.S"} x`, `{"main":"a.S",}`, `{"main" "a.S"}`, `{"main":"a.S"`, `[]`, `null`,
		`{"Main":"a.S"}`, `{"main":"a.S","other":1}`, `{"main":null}`, `{"files":null}`, `{"link":null}`,
		`{"files":{"a":"1"},"files":{"b":"2"}}`, `{"main":"a","main":"b"}`, `{"vectors":1e3}`, `{"vectors":1.0}`,
		`{"vectors":-0}`, `{"vectors":01}`, `{"vectors":-}`, `{"vectors":9223372036854775808}`, `{"seed":-1}`,
		`{"seed":18446744073709551616}`, `{"seed":"1"}`, `{"interp":1}`, `{"interp":tru}`, `{"interp":false}`,
		`{"main":"\u0041"}`, `{"main":"\ud83d\ude00"}`, `{"main":"\x"}`, "{\"main\":\"a\nb\"}", "{\"main\":\"\xff\"}",
		"{\"files\":{\"\xff\":\"a\"}}", `{"main":"a\"}`, `{"files":{"a":1}}`, `{"files":{"a":"1",}}`, `{"link":["a",]}`,
		`{"link":["a" "b"]}`, `{"link":[]}`, `{"files":{}}`, "\t\r\n{\t\"main\"\r:\n\"a\"}\n", `{"budget":10000000,"call_cycles":0}`,
	}
	for _, s := range others {
		checkAsUnmarshal(t, []byte(s))
	}
	checkAsUnmarshal(t, pageJSON(t, Request{})) // files and link null
}

// checkAsUnmarshal checks readRequest and decodeRequest on arg against json.Unmarshal.
func checkAsUnmarshal(t testing.TB, arg []byte) {
	t.Helper()
	var want Request
	werr := json.Unmarshal(arg, &want)
	var fast Request
	if readRequest(arg, &fast) && (werr != nil || !reflect.DeepEqual(fast, want)) {
		t.Errorf("%q: readRequest read %+v; json.Unmarshal %+v, %v", arg, fast, want, werr)
	}
	var got Request
	gerr := decodeRequest(arg, &got)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) || werr == nil && !reflect.DeepEqual(got, want) {
		t.Errorf("%q: decodeRequest %+v, %v; json.Unmarshal %+v, %v", arg, got, gerr, want, werr)
	}
}

// FuzzReadRequest: whatever readRequest reads, json.Unmarshal reads the same, and decodeRequest
// answers as json.Unmarshal does.
func FuzzReadRequest(f *testing.F) {
	for _, arg := range pageRequests(f) {
		f.Add(arg)
	}
	f.Add([]byte(`{"files":{"a":"1"},"link":["a"],"vectors":-3,"interp":true}`))
	f.Fuzz(func(t *testing.T, arg []byte) {
		checkAsUnmarshal(t, arg)
	})
}

// BenchmarkDecodeRequest reads the page's request of the default example with json.Unmarshal (json)
// and with decodeRequest (read): compare the two in one run.
func BenchmarkDecodeRequest(b *testing.B) {
	src, err := fs.ReadFile(examples.FS, "cham64-v2.S")
	if err != nil {
		b.Fatal(err)
	}
	arg := pageJSON(b, Request{Files: map[string]string{"cham64-v2.S": string(src)}, Main: "cham64-v2.S", Seed: 7, Budget: 10_000_000, Link: []string{}})
	for _, name := range []string{"json", "read"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var req Request
				if name == "json" {
					err = json.Unmarshal(arg, &req)
				} else {
					err = decodeRequest(arg, &req)
				}
				if err != nil || req.Main != "cham64-v2.S" {
					b.Fatal(err)
				}
			}
		})
	}
}
