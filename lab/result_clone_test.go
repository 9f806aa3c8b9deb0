package lab

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/srcpos"
)

// jsonRoundTrip is what the engine's bench cache made of a report before Clone: its JSON decoded into
// a new Report.
func jsonRoundTrip(t *testing.T, r *Report) *Report {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	out := new(Report)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
	return out
}

// fillFields sets every exported field reachable from v (a settable value) to a value that is not zero and
// differs from field to field (n counts them): strings, numbers, bools, pointers to filled values,
// slices of two filled elements; a recursive type is filled depth levels deep.
func fillFields(v reflect.Value, n *int, depth int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", *n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(*n) + 0.25)
	case reflect.Pointer:
		if depth > 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fillFields(v.Elem(), n, depth-1)
		}
	case reflect.Slice:
		if depth > 0 {
			v.Set(reflect.MakeSlice(v.Type(), 2, 2))
			for i := range 2 {
				fillFields(v.Index(i), n, depth-1)
			}
		}
	case reflect.Map:
		if depth > 0 {
			v.Set(reflect.MakeMap(v.Type()))
			for range 2 {
				k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
				fillFields(k, n, depth-1)
				fillFields(e, n, depth-1)
				v.SetMapIndex(k, e)
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillFields(v.Field(i), n, depth)
			}
		}
	}
}

// shared returns the path of the first memory that a and b (values of one type) share: a pointer,
// a slice's array or a map that is the same in both, "" when none is.
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Len() > 0 && b.Len() > 0 && a.Pointer() == b.Pointer() {
			return path
		}
		for i := range min(a.Len(), b.Len()) {
			if p := shared(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	case reflect.Map:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			return path
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if p := shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
				return p
			}
		}
	}
	return ""
}

// fullReport returns a report with every exported field reachable from it set (pointers, slices,
// a Problem's segments' alternatives two levels deep).
func fullReport(t *testing.T) *Report {
	t.Helper()
	r := new(Report)
	n := 0
	fillFields(reflect.ValueOf(r).Elem(), &n, 3)
	if r.Problem == nil || r.Problem.Pos == nil || len(r.NoteProblems) != 2 || len(r.Problem.Text[0].Either) != 2 ||
		r.Official == nil || len(r.Official.Inputs) != 2 || r.EnergyUJ == nil || r.RKTable == nil || len(r.Notes) != 2 {
		t.Fatalf("fillFields left a field unset: %+v", r)
	}
	return r
}

// checkClone holds r.Clone() to r and to r's JSON round trip (reflect.DeepEqual), its JSON to r's
// byte for byte, and checks that the clone shares no memory with r.
func checkClone(t *testing.T, what string, r *Report) {
	t.Helper()
	c := r.Clone()
	if !reflect.DeepEqual(c, r) {
		t.Errorf("%s: the clone differs from the report:\n got %+v\nwant %+v", what, c, r)
	}
	if rt := jsonRoundTrip(t, r); !reflect.DeepEqual(c, rt) {
		t.Errorf("%s: the clone differs from the JSON round trip:\n got %+v\nwant %+v", what, c, rt)
	}
	cj, _ := json.Marshal(c)
	rj, _ := json.Marshal(r)
	if string(cj) != string(rj) {
		t.Errorf("%s: the clone's JSON differs:\n got %s\nwant %s", what, cj, rj)
	}
	if p := shared(reflect.ValueOf(c), reflect.ValueOf(r), "Report"); p != "" {
		t.Errorf("%s: the clone shares %s with the report", what, p)
	}
}

// TestCloneEveryField: a report with every exported field set (found by reflection, so that a field
// added later is set too) clones to an equal report, equal to its JSON round trip, that shares no
// pointer, slice or map with it; changing the clone's slices leaves the report as it was.
func TestCloneEveryField(t *testing.T) {
	r := fullReport(t)
	checkClone(t, "every field", r)
	want := fullReport(t)
	c := r.Clone()
	c.Buffers[0].Touched, c.Functions[1].Name, c.Measurement[0], c.Notes[1] = -1, "x", "x", "x"
	c.Official.Inputs[0].Hex, c.FirstFailure.Inputs[1].Role = "x", "x"
	c.Problem.Pos.Line, c.Problem.Text[0].Either[1].Text, c.NoteProblems[1].Text[1].Value = -1, "x", "x"
	c.EnergyUJ.UJ, c.RKTable.Symbol = -1, "x"
	if !reflect.DeepEqual(r, want) {
		t.Errorf("changing the clone changed the report:\n got %+v\nwant %+v", r, want)
	}
	if (*Report)(nil).Clone() != nil {
		t.Errorf("nil's clone is not nil")
	}
}

// TestCloneKeepsNilAndEmpty: nil and empty slices and a nil pointer stay nil and empty in the clone,
// so its JSON is the report's (an empty Buffers is [] and a nil one null); a Problem's cause is kept.
func TestCloneKeepsNilAndEmpty(t *testing.T) {
	cause := errors.New("the cause")
	r := &Report{Buffers: []BufferUse{}, Official: &VectorResult{}, Problem: &Problem{Kind: ProblemCall, Pos: &srcpos.Position{Line: 3},
		Text: Text{{Text: "a"}, {Either: []Segment{}}}, cause: cause}}
	c := r.Clone()
	if c.Buffers == nil || len(c.Buffers) != 0 || c.Functions != nil || c.Official.Inputs != nil || c.FirstFailure != nil ||
		c.Problem.Text[1].Either == nil || c.Problem.Text[0].Either != nil || c.NoteProblems != nil || c.EnergyUJ != nil {
		t.Errorf("nil and empty not kept: %+v, problem %+v", c, c.Problem)
	}
	if !errors.Is(c.Problem, cause) {
		t.Errorf("the clone's problem lost its cause")
	}
	cj, _ := json.Marshal(c)
	rj, _ := json.Marshal(r)
	if string(cj) != string(rj) {
		t.Errorf("JSON differs:\n got %s\nwant %s", cj, rj)
	}
}

// TestCloneExamples: every example's report (benched as TestEngineSameReport does) clones to an equal
// report, equal to its JSON round trip, sharing nothing with it.
func TestCloneExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("benches every example")
	}
	for _, e := range examples.List() {
		r, _, err := BenchFile(examples.FS, e.File, Options{Task: e.Task})
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		if len(r.Buffers) == 0 || r.Official == nil {
			t.Errorf("%s: a report without buffers or official vector: %+v", e.ID, r)
		}
		checkClone(t, e.ID, r)
	}
}

// BenchmarkReportCopy copies the default example's report (cham64-v2) as Clone does and as the
// engine's bench cache did (json.Marshal, then json.Unmarshal into a new Report).
func BenchmarkReportCopy(b *testing.B) {
	r, _, err := BenchFile(examples.FS, "cham64-v2.S", Options{Task: "cham64-128"})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("clone", func(b *testing.B) {
		for b.Loop() {
			if r.Clone() == nil {
				b.Fatal("nil")
			}
		}
	})
	b.Run("json", func(b *testing.B) {
		for b.Loop() {
			j, err := json.Marshal(r)
			if err != nil {
				b.Fatal(err)
			}
			if err := json.Unmarshal(j, new(Report)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
