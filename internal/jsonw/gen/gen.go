// Package gen writes the Go functions that encode types as json.Marshal does, with package
// jsonw's Writer: it walks the types with reflect (natively, at go generate time) and writes one
// function per struct type, so that the page's core module links no encoding/json. A type it cannot
// write exactly as json.Marshal does (a map, an interface, a json.Marshaler or
// encoding.TextMarshaler, an embedded field, a []byte, a float32, the tag options string and
// omitzero) is an error, so that a field added later cannot be dropped or written differently
// without the generator saying so.
package gen

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/avrlab/avrlab/internal/jsonw"
)

// Root is a type to write a function for: write<Name>(w *jsonw.Writer, v *Type). The struct types
// it holds get functions of their own, named after them.
type Root struct {
	Name string
	Type reflect.Type
}

// Options say what file to write.
type Options struct {
	Package   string // the package the file is in (its name)
	PkgPath   string // its import path: its types are named without a qualifier
	BuildTag  string // the file's //go:build line's expression; "" = none
	Generator string // the command that writes the file, for its header
}

// Generate writes the Go source of the functions that encode roots and every struct type they hold.
func Generate(opt Options, roots ...Root) ([]byte, error) {
	g := &generator{opt: opt, names: map[reflect.Type]string{}, imports: map[string]bool{}}
	for _, r := range roots {
		g.fn(r.Name, r.Type)
	}
	for i := 0; i < len(g.queue) && g.err == nil; i++ {
		g.structFn(g.queue[i])
	}
	if g.err != nil {
		return nil, g.err
	}
	return g.file()
}

type generator struct {
	opt     Options
	names   map[reflect.Type]string // struct type → its function's name
	queue   []reflect.Type          // struct types whose functions are still to write
	imports map[string]bool
	body    bytes.Buffer
	err     error
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

func (g *generator) fail(format string, a ...any) {
	if g.err == nil {
		g.err = fmt.Errorf(format, a...)
	}
}

// fn writes the function of a root type.
func (g *generator) fn(name string, t reflect.Type) {
	if t.Kind() == reflect.Struct {
		g.names[t] = "write" + name
		g.queue = append(g.queue, t)
		return
	}
	fmt.Fprintf(&g.body, "\n// write%s writes *v as json.Marshal does.\nfunc write%s(w *jsonw.Writer, v *%s) {\n", name, name, g.typeName(t))
	g.value(t, "(*v)", 0)
	g.body.WriteString("}\n")
}

// funcName is the name of struct type t's function, queued to be written when new.
func (g *generator) funcName(t reflect.Type) string {
	if n, ok := g.names[t]; ok {
		return n
	}
	if t.Name() == "" {
		g.fail("gen: an unnamed struct type %v", t)
		return ""
	}
	n := "write" + t.Name()
	if t.PkgPath() != g.opt.PkgPath {
		n = "write" + exportedName(path.Base(t.PkgPath())) + t.Name()
	}
	g.names[t] = n
	g.queue = append(g.queue, t)
	return n
}

func exportedName(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// typeName is how the file names t.
func (g *generator) typeName(t reflect.Type) string {
	if t.Name() != "" {
		if t.PkgPath() == g.opt.PkgPath || t.PkgPath() == "" {
			return t.Name()
		}
		g.imports[t.PkgPath()] = true
		return path.Base(t.PkgPath()) + "." + t.Name()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + g.typeName(t.Elem())
	case reflect.Slice:
		return "[]" + g.typeName(t.Elem())
	case reflect.Array:
		return "[" + strconv.Itoa(t.Len()) + "]" + g.typeName(t.Elem())
	}
	g.fail("gen: cannot name type %v", t)
	return ""
}

// structFn writes the function of struct type t.
func (g *generator) structFn(t reflect.Type) {
	name := g.names[t]
	fmt.Fprintf(&g.body, "\n// %s writes *v as json.Marshal does.\nfunc %s(w *jsonw.Writer, v *%s) {\n\tw.Byte('{')\n", name, name, g.typeName(t))
	seen := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		g.field(t, t.Field(i), seen)
	}
	g.body.WriteString("\tw.Byte('}')\n}\n")
}

// field writes the code of one field of struct type t; seen holds the names written before.
func (g *generator) field(t reflect.Type, f reflect.StructField, seen map[string]bool) {
	if f.Anonymous {
		g.fail("gen: %v.%s: embedded fields are not supported", t, f.Name)
		return
	}
	tag, tagged := f.Tag.Lookup("json")
	if !f.IsExported() || tag == "-" {
		return
	}
	name, opts, _ := strings.Cut(tag, ",")
	if !tagged || name == "" {
		name = f.Name
	}
	if !plainName(name) {
		g.fail("gen: %v.%s: the name %q is not supported", t, f.Name, name)
	}
	omit := false
	for _, o := range strings.Split(opts, ",") {
		switch o {
		case "":
		case "omitempty":
			omit = true
		default:
			g.fail("gen: %v.%s: the tag option %q is not supported", t, f.Name, o)
		}
	}
	if seen[name] {
		g.fail("gen: %v: two fields named %q", t, name)
	}
	seen[name] = true
	expr := "v." + f.Name
	if omit {
		fmt.Fprintf(&g.body, "\tif %s {\n", g.nonEmpty(f.Type, expr))
	}
	if call, ok := basicField(f.Type, quotedKey(name), expr); ok {
		g.body.WriteString(call)
	} else {
		g.keyed(f.Type, quotedKey(name), expr, omit)
	}
	if omit {
		g.body.WriteString("\t}\n")
	}
}

// basicField is the one call that writes key and expr when expr is a bool, a string, an integer
// or a float (Writer.StringField and the like).
func basicField(t reflect.Type, key, expr string) (string, bool) {
	var method, basic string
	switch t.Kind() {
	case reflect.Bool:
		method, basic = "BoolField", "bool"
	case reflect.String:
		method, basic = "StringField", "string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		method, basic = "IntField", "int64"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		method, basic = "UintField", "uint64"
	case reflect.Float64:
		method, basic = "Float64Field", "float64"
	default:
		return "", false
	}
	return fmt.Sprintf("\tw.%s(`%s`, %s)\n", method, key, convert(basic, t, expr)), true
}

// keyed writes the key of a field, then its value, which is not of a basic type; omit says the
// field is written only when not empty (a pointer or slice then not nil).
func (g *generator) keyed(t reflect.Type, key, expr string, omit bool) {
	fmt.Fprintf(&g.body, "\tw.Key(`%s`)\n", key)
	if omit && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice) {
		g.present(t, expr, 0) // not nil: its omitempty condition holds
	} else {
		g.value(t, expr, 0)
	}
}

// plainName reports whether a field's JSON name is letters, digits, '_' and '-' only, which json
// writes as they are and takes as a tag's name.
func plainName(s string) bool {
	for _, c := range s {
		if !(c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return s != ""
}

// quotedKey is a key as json.Marshal writes it, quoted, with its colon.
func quotedKey(name string) string {
	var w jsonw.Writer
	w.String(name)
	return string(w.B) + ":"
}

// nonEmpty is the condition under which json.Marshal writes a field with omitempty.
func (g *generator) nonEmpty(t reflect.Type, expr string) string {
	switch t.Kind() {
	case reflect.Bool:
		return expr
	case reflect.String:
		return expr + ` != ""`
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float64:
		return expr + " != 0"
	case reflect.Pointer:
		return expr + " != nil"
	case reflect.Slice, reflect.Array:
		return "len(" + expr + ") != 0"
	case reflect.Struct:
		return "true"
	}
	g.fail("gen: omitempty of %v is not supported", t)
	return "true"
}

// value writes the code that writes expr, of type t; depth numbers the loops' variables.
func (g *generator) value(t reflect.Type, expr string, depth int) {
	if t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) ||
		t.Implements(textMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType) {
		g.fail("gen: %v marshals itself: not supported", t)
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		fmt.Fprintf(&g.body, "\tw.Bool(%s)\n", convert("bool", t, expr))
	case reflect.String:
		fmt.Fprintf(&g.body, "\tw.String(%s)\n", convert("string", t, expr))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		fmt.Fprintf(&g.body, "\tw.Int(%s)\n", convert("int64", t, expr))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		fmt.Fprintf(&g.body, "\tw.Uint(%s)\n", convert("uint64", t, expr))
	case reflect.Float64:
		fmt.Fprintf(&g.body, "\tw.Float64(%s)\n", convert("float64", t, expr))
	case reflect.Struct:
		fmt.Fprintf(&g.body, "\t%s(w, &%s)\n", g.funcName(t), expr)
	case reflect.Pointer, reflect.Slice:
		fmt.Fprintf(&g.body, "\tif %s == nil {\n\tw.Null()\n\t} else {\n", expr)
		g.present(t, expr, depth)
		g.body.WriteString("\t}\n")
	case reflect.Array:
		g.elements(t, expr, depth)
	default:
		g.fail("gen: %v (%v) is not supported", t, t.Kind())
	}
}

// present writes the code that writes pointer or slice expr, which is not nil.
func (g *generator) present(t reflect.Type, expr string, depth int) {
	switch {
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		g.fail("gen: %v: a byte slice (base64) is not supported", t)
	case t.Kind() == reflect.Slice:
		g.elements(t, expr, depth)
	case t.Elem().Kind() == reflect.Struct:
		fmt.Fprintf(&g.body, "\t%s(w, %s)\n", g.funcName(t.Elem()), expr)
	default:
		g.value(t.Elem(), "(*"+expr+")", depth)
	}
}

// convert is expr converted to the basic type named basic, unless it is of that type already.
func convert(basic string, t reflect.Type, expr string) string {
	if t.PkgPath() == "" && t.Name() == basic {
		return expr
	}
	return basic + "(" + expr + ")"
}

// elements writes the code that writes the elements of array or slice expr in brackets.
func (g *generator) elements(t reflect.Type, expr string, depth int) {
	i := "i" + strconv.Itoa(depth)
	fmt.Fprintf(&g.body, "\tw.Byte('[')\n\tfor %s := range %s {\n\tif %s > 0 {\n\tw.Byte(',')\n\t}\n", i, expr, i)
	g.value(t.Elem(), expr+"["+i+"]", depth+1)
	g.body.WriteString("\t}\n\tw.Byte(']')\n")
}

// file puts the header, the imports and the functions together, formatted.
func (g *generator) file() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by %s; DO NOT EDIT.\n\n", g.opt.Generator)
	if g.opt.BuildTag != "" {
		fmt.Fprintf(&b, "//go:build %s\n\n", g.opt.BuildTag)
	}
	fmt.Fprintf(&b, "package %s\n\nimport (\n", g.opt.Package)
	paths := []string{"github.com/avrlab/avrlab/internal/jsonw"}
	for p := range g.imports {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		fmt.Fprintf(&b, "\t%q\n", p)
	}
	b.WriteString(")\n")
	b.Write(g.body.Bytes())
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("gen: formatting: %v", err)
	}
	return out, nil
}

// WriteOrCompare writes src to the file at path when update is set (go generate), and otherwise
// returns an error naming what regenerates it when the file there is not src (a field added,
// renamed or retagged since it was written).
func WriteOrCompare(path string, src []byte, update bool, regenerate string) error {
	if update {
		return os.WriteFile(path, src, 0o644)
	}
	old, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !bytes.Equal(old, src) {
		return fmt.Errorf("%s is not what the types give: run %s", path, regenerate)
	}
	return nil
}
