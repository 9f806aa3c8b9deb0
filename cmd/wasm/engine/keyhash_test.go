package engine

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/isa"
	"github.com/avrlab/avrlab/lab"
)

// notInKey are the fields the bench cache's key leaves out on purpose (see benchKey and keyWriter):
// the image's device (its name is written instead), the options' hooks and what lab keeps
// unexported (lab.Resolve sets it from the source's "avrlab" lines, which the key holds), and the
// request's files (the image and those lines stand for them), its binary (not benched by the
// core), the call's cycles (which only plan the vectors) and its caches and hooks.
var notInKey = map[string]bool{
	"Image.Device":   true,
	"Options.Engine": true, "Options.Progress": true, "Options.Machines": true, "Options.Stop": true,
	"Options.callFromSource": true, "Options.noAccess": true,
	"Request.Files": true, "Request.Binary": true, "Request.CallCycles": true, "Request.Exec": true,
	"Request.includes": true, "Request.machines": true, "Request.Cache": true, "Request.stop": true,
}

// TestBenchKeyFields: changing any one field of the image, the options or the request that the
// bench cache's key is made of (a byte of flash, one Emitted flag, a symbol's value, a line's
// column, the seed, a define, the task, ...) changes the key, so no kept report is served for
// another program, seed or setting; and a field added to one of those types that keyWriter does
// not write fails here. Fields are reached through slices of one element, maps of one entry and
// non-nil pointers; nil and empty differ.
func TestBenchKeyFields(t *testing.T) {
	src, err := os.ReadFile("../../../examples/cham64-v2.S")
	if err != nil {
		t.Fatal(err)
	}
	im, err := asm.Assemble("cham64-v2.S", src, asm.Config{})
	if err != nil {
		t.Fatal(err)
	}
	opts := lab.Resolve(lab.Options{Seed: 7}, src)
	req := Request{Files: map[string]string{"cham64-v2.S": string(src)}, Main: "cham64-v2.S", Seed: 7, Budget: 10_000_000}
	c := &BenchCache{}
	key := func() cacheKey {
		return c.benchKey(im, opts, req)
	}
	k0 := key()
	if k1 := key(); k1 != k0 {
		t.Fatal("the same bench gives two keys")
	}
	n := 0
	for _, root := range []struct {
		name string
		v    reflect.Value
	}{{"Image", reflect.ValueOf(im).Elem()}, {"Options", reflect.ValueOf(&opts).Elem()}, {"Request", reflect.ValueOf(&req).Elem()}} {
		perturbFields(t, root.name, root.v, key, &n)
	}
	if key() != k0 {
		t.Fatal("the fields were not restored")
	}
	if n < 60 {
		t.Fatalf("only %d fields changed", n)
	}
	t.Logf("%d changes, each a new key", n)

	// The device by its name, the main file's "avrlab" lines, and what stays out.
	other := *im
	other.Device = isa.LookupDevice("ATmega328P")
	if other.Device == nil || other.Device == im.Device {
		t.Fatal("no second device")
	}
	if k := c.benchKey(&other, opts, req); k == k0 {
		t.Error("another device: the same key")
	}
	edited := req
	edited.Files = map[string]string{"cham64-v2.S": strings.Replace(string(src), "; avrlab task:", "; avrlab  task:", 1)}
	if k := c.benchKey(im, opts, edited); k == k0 {
		t.Error("an avrlab line changed: the same key")
	}
	edited.Files = map[string]string{"cham64-v2.S": strings.Replace(string(src), "; title:", "; title: x", 1)}
	edited.CallCycles = 1611
	if k := c.benchKey(im, opts, edited); k != k0 {
		t.Error("a comment and the call's cycles changed the key")
	}
}

// perturbFields changes each field of struct v (settable) in turn, checks that key changes, and
// puts it back; n counts the changes.
func perturbFields(t *testing.T, path string, v reflect.Value, key func() cacheKey, n *int) {
	t.Helper()
	for i := 0; i < v.NumField(); i++ {
		name := path + "." + v.Type().Field(i).Name
		if notInKey[name] {
			continue
		}
		f := v.Field(i)
		if !f.CanSet() {
			f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
		}
		perturb(t, name, f, key, n)
	}
}

// perturb changes settable value v (and what it holds) in every way perturbFields describes.
func perturb(t *testing.T, path string, v reflect.Value, key func() cacheKey, n *int) {
	t.Helper()
	old := reflect.New(v.Type()).Elem()
	old.Set(v)
	defer v.Set(old)
	change := func(what string, set func()) {
		t.Helper()
		before := key()
		set()
		*n++
		if key() == before {
			t.Errorf("%s %s: the key did not change", path, what)
		}
	}
	switch v.Kind() {
	case reflect.Bool:
		change("flipped", func() { v.SetBool(!v.Bool()) })
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		change("+1", func() { v.SetInt(v.Int() + 1) })
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		change("+1", func() { v.SetUint(v.Uint() + 1) })
	case reflect.Float64:
		change("+0.5", func() { v.SetFloat(v.Float() + 0.5) })
	case reflect.String:
		change("+x", func() { v.SetString(v.String() + "x") })
	case reflect.Struct:
		perturbFields(t, path, v, key, n)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			perturb(t, path+"[i]", v.Index(i), key, n)
		}
	case reflect.Pointer:
		if v.IsNil() {
			change("nil → new", func() { v.Set(reflect.New(v.Type().Elem())) })
		} else {
			change("→ nil", func() { v.Set(reflect.Zero(v.Type())) })
			v.Set(old)
		}
		perturb(t, "*"+path, v.Elem(), key, n)
	case reflect.Slice:
		if v.IsNil() {
			change("nil → empty", func() { v.Set(reflect.MakeSlice(v.Type(), 0, 0)) })
		} else if v.Len() == 0 {
			change("empty → nil", func() { v.Set(reflect.Zero(v.Type())) })
		}
		// One element of its own (a copy of the first, when there is one), then that element changed.
		one := reflect.MakeSlice(v.Type(), 1, 1)
		if old.Len() > 0 {
			one.Index(0).Set(old.Index(0))
		}
		if v.Type().Elem().Kind() == reflect.Pointer && one.Index(0).IsNil() {
			one.Index(0).Set(reflect.New(v.Type().Elem().Elem()))
		}
		if old.Len() != 1 {
			change("with one element", func() { v.Set(one) })
		} else {
			v.Set(one)
		}
		perturb(t, path+"[0]", v.Index(0), key, n)
	case reflect.Map:
		if v.IsNil() {
			change("nil → empty", func() { v.Set(reflect.MakeMap(v.Type())) })
		}
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		k.SetString("K")
		e.SetString("V")
		change("with one entry", func() { m.SetMapIndex(k, e); v.Set(m) })
		change("its key changed", func() { m.SetMapIndex(k, reflect.Value{}); m.SetMapIndex(reflect.ValueOf("K2").Convert(k.Type()), e) })
		change("its value changed", func() {
			m.SetMapIndex(reflect.ValueOf("K2").Convert(k.Type()), reflect.ValueOf("V2").Convert(e.Type()))
		})
	default:
		t.Errorf("%s: a %s, which the key cannot hold: leave it out (notInKey) or write it", path, v.Kind())
	}
}
