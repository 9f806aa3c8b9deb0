package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/avrlab/avrlab/lab"
)

// TestCopyReportShares: copyReport of random reports is equal to the report and shares none of its
// pointers and slices, so that changing the copy (pageResponse) leaves the cache's report as it
// was. A pointer or slice field added to lab.Report and not copied fails here.
func TestCopyReportShares(t *testing.T) {
	for seed := range uint64(200) {
		src := rand.New(rand.NewPCG(seed, 2))
		r := new(lab.Report)
		fillRandom(reflect.ValueOf(r).Elem(), func(n int) int { return src.IntN(n) }, randomFloats[:8], 0) // no NaN: DeepEqual
		c := copyReport(r)
		if !reflect.DeepEqual(c, r) {
			t.Fatalf("copy %+v of %+v", c, r)
		}
		if path := shared(reflect.ValueOf(c).Elem(), reflect.ValueOf(r).Elem(), "Report"); path != "" {
			t.Fatalf("the copy shares %s with the report", path)
		}
	}
	if copyReport(nil) != nil {
		t.Error("a copy of nil is not nil")
	}
}

// shared returns the path of the first pointer or slice that a and b (equal values of one type)
// share, "" when none.
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			return path
		}
		for i := range a.Len() {
			if p := shared(a.Index(i), b.Index(i), path+"[]"); p != "" {
				return p
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				if p := shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
					return p
				}
			}
		}
	}
	return ""
}
