package engine

import (
	"encoding/json"
	"io/fs"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/examples"
)

// exampleFiles are an example's file and the examples it includes, as the page sends them.
func exampleFiles(t *testing.T, file string) map[string]string {
	t.Helper()
	src, err := fs.ReadFile(examples.FS, file)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{file: string(src)}
	incs, _ := asm.Includes(file, src, asm.Config{FS: asm.FromFS(examples.FS)})
	for _, in := range incs {
		if dep, err := fs.ReadFile(examples.FS, in.File); in.File != "" && err == nil {
			files[in.File] = string(dep)
		}
	}
	return files
}

// sameAsMarshal fails unless encodeAnswer writes v byte for byte as json.Marshal does (or both
// fail with the same message).
func sameAsMarshal(t *testing.T, what string, v any) {
	t.Helper()
	want, werr := json.Marshal(v)
	got, err := encodeAnswer(v)
	switch {
	case werr != nil || err != nil:
		if werr == nil || err == nil || werr.Error() != err.Error() {
			t.Errorf("%s: error %v, json.Marshal's %v", what, err, werr)
		}
	case string(got) != string(want):
		t.Errorf("%s: the codec writes\n%s\njson.Marshal\n%s", what, got, want)
	}
}

// sameRequest fails unless decodeRequest reads arg as json.Unmarshal does, and returns it.
func sameRequest(t *testing.T, what string, arg []byte) Request {
	t.Helper()
	var want, got Request
	werr := json.Unmarshal(arg, &want)
	err := decodeRequest(arg, &got)
	if (werr == nil) != (err == nil) || err == nil && !reflect.DeepEqual(got, want) {
		t.Errorf("%s: decoded %+v (%v), json.Unmarshal %+v (%v)", what, got, err, want, werr)
	}
	return got
}

// TestCodecAsJSON benches every example through the engine as the page asks (its request in the
// page's JSON, a run's and a live run's), and holds the request's reading and the answer's writing
// to encoding/json's; and the same for assemble and hex answers, an exercise's goals and a device
// comparison.
func TestCodecAsJSON(t *testing.T) {
	for _, ex := range examples.List() {
		files := exampleFiles(t, ex.File)
		for _, r := range []Request{{Files: files, Main: ex.File, Seed: 1}, {Files: files, Main: ex.File, Seed: 7, Budget: 2_000_000, Link: []string{}}} {
			req := sameRequest(t, ex.ID, pageJSON(t, r))
			resp := Bench(req, nil)
			if resp.Mode == "bench" && resp.Report == nil && resp.Error == "" {
				t.Errorf("%s: no report: %+v", ex.ID, resp)
			}
			sameAsMarshal(t, ex.ID+" bench", resp)
		}
		sameAsMarshal(t, ex.ID+" hex", Assemble(Request{Files: files, Main: ex.File}, true))
	}
	exercises, err := fs.ReadDir(examples.FS, "exercises")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range exercises {
		if !e.IsDir() {
			continue
		}
		id := e.Name()
		readme, _ := examples.FS.ReadFile("exercises/" + id + "/README.md")
		tests, _ := examples.FS.ReadFile("exercises/" + id + "/tests.txt")
		sameAsMarshal(t, id+" goals", ParseGoals(GoalsRequest{Goals: string(readme), Tests: string(tests)}))
		starter, _ := examples.FS.ReadFile("exercises/" + id + "/starter.S")
		r := Request{Files: map[string]string{"starter.S": string(starter)}, Main: "starter.S", Goals: string(readme), Tests: string(tests), Budget: 1_000_000}
		sameAsMarshal(t, id+" bench", Bench(sameRequest(t, id, pageJSON(t, r)), nil))
	}
	sameAsMarshal(t, "devices", Devices(Request{Files: exampleFiles(t, "cham64-v2.S"), Main: "cham64-v2.S", Vectors: 2}, nil))
	sameAsMarshal(t, "error", errorAnswer{Error: "<bad> & \u2028"})
	sameAsMarshal(t, "nil devices", []DeviceResult(nil))
}

// TestHandleAsJSON: Handle's answers are what json.Marshal writes of the same bench, a failure's
// {"error": ...} included.
func TestHandleAsJSON(t *testing.T) {
	r := Request{Files: exampleFiles(t, "cham64-v2.S"), Main: "cham64-v2.S", Seed: 3, Vectors: 4}
	want, _ := json.Marshal(Bench(r, nil))
	if got := Handle("bench", pageJSON(t, r), nil); string(got) != string(want) {
		t.Errorf("Handle bench:\n%s\nwant\n%s", got, want)
	}
	wantErr, _ := json.Marshal(map[string]string{"error": `unknown request "<x>"`})
	if got := Handle("<x>", nil, nil); string(got) != string(wantErr) {
		t.Errorf("Handle <x>: %s, want %s", got, wantErr)
	}
}

// TestDecodeRequestFields sets every field of Request that JSON holds, one at a time, and checks
// that decodeRequest reads it as json.Unmarshal does: a field added to Request and not to
// decodeField fails here.
func TestDecodeRequestFields(t *testing.T) {
	typ := reflect.TypeFor[Request]()
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		var r Request
		v := reflect.ValueOf(&r).Elem().Field(i)
		switch v.Kind() {
		case reflect.String:
			v.SetString("x<\u00e9>")
		case reflect.Int:
			v.SetInt(-42)
		case reflect.Uint64:
			v.SetUint(1 << 60)
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Map:
			v.Set(reflect.ValueOf(map[string]string{"a.S": "nop", "b": ""}))
		case reflect.Slice:
			v.Set(reflect.ValueOf([]string{"a.S", "b.S"}))
		default:
			t.Fatalf("Request.%s: a %v, which the test does not set", f.Name, v.Kind())
		}
		arg, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var got Request
		if err := decodeRequest(arg, &got); err != nil || !reflect.DeepEqual(got, r) {
			t.Errorf("Request.%s: decoded %+v (%v) from %s", f.Name, got, err, arg)
		}
	}
}

func FuzzDecodeRequest(f *testing.F) {
	f.Add([]byte(`{"files":{"a.S":"\tldi r16, 1\n\tsleep\n"},"main":"a.S","max_cycles":1000,"link":[]}`))
	f.Add([]byte(`{"Files":{"a.S":"x"},"vectors":-3,"seed":9007199254740991,"interp":true,"budget":0,"call_cycles":1e3}`))
	f.Add([]byte(`{"goals":"goal: cycles < 10\u003c","tests":null,"link":["a","b"],"exec":{},"cache":[1]}`))
	f.Fuzz(func(t *testing.T, arg []byte) {
		sameRequest(t, "fuzz", arg)
		var want, got GoalsRequest
		werr := json.Unmarshal(arg, &want)
		err := decodeGoalsRequest(arg, &got)
		if (werr == nil) != (err == nil) || err == nil && got != want {
			t.Errorf("goals request %q: %+v (%v), json.Unmarshal %+v (%v)", arg, got, err, want, werr)
		}
	})
}

// TestEncodeRandomAnswers writes random answers (every field of Response, its report and run, set
// or not, strings with what JSON escapes, floats up to NaN) with the codec and with json.Marshal.
func TestEncodeRandomAnswers(t *testing.T) {
	for seed := range uint64(300) {
		src := rand.New(rand.NewPCG(seed, 1))
		var resp Response
		fillRandom(reflect.ValueOf(&resp).Elem(), func(n int) int { return src.IntN(n) }, randomFloats, 0)
		sameAsMarshal(t, "random answer", resp)
	}
}

func FuzzEncodeReport(f *testing.F) {
	f.Add([]byte("report"))
	f.Add([]byte{0xff, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90, 0xa0})
	f.Fuzz(func(t *testing.T, data []byte) {
		pick := func(n int) int {
			if len(data) == 0 {
				return 0
			}
			c := int(data[0])
			data = data[1:]
			return c % n
		}
		var resp Response
		fillRandom(reflect.ValueOf(&resp).Elem(), pick, randomFloats, 0)
		sameAsMarshal(t, "fuzzed answer", resp)
	})
}

// randomTexts are the strings fillRandom picks from: what JSON escapes, invalid UTF-8, nothing.
var randomTexts = []string{"", "cham64", "<b>&</b>", "\"\\\n\t\x00\x1f", "\u2028\u2029", "é\U0001F600", "\xff\xc3", "a b"}

// randomFloats are the floats fillRandom picks from, JSON's exponent forms and what it refuses
// included.
var randomFloats = []float64{0, 1, -2.5, 264988.25, 1e-7, 3e21, 1.0 / 3, math.MaxFloat64, math.NaN(), math.Inf(-1)}

// fillRandom sets the exported fields of v at random (pick(n) is in [0, n)): floats from floats,
// pointers nil or set, slices nil, empty or of up to 3 elements, below a depth of 4 only nil.
func fillRandom(v reflect.Value, pick func(n int) int, floats []float64, depth int) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(pick(2) == 1)
	case reflect.String:
		v.SetString(randomTexts[pick(len(randomTexts))] + strings.Repeat("x", pick(3)))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(pick(1<<16)-1<<15) << (8 * pick(4)))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(pick(1<<16)) << (8 * pick(7)) & (1<<(8*v.Type().Size()) - 1))
	case reflect.Float64:
		v.SetFloat(floats[pick(len(floats))])
	case reflect.Pointer:
		if depth < 4 && pick(3) > 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fillRandom(v.Elem(), pick, floats, depth+1)
		}
	case reflect.Slice:
		n := pick(5) - 1
		if depth >= 4 || n < 0 {
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			fillRandom(v.Index(i), pick, floats, depth+1)
		}
	case reflect.Array:
		for i := range v.Len() {
			fillRandom(v.Index(i), pick, floats, depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillRandom(v.Field(i), pick, floats, depth)
			}
		}
	}
}
