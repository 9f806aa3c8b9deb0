package textf

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// corePackage is one package of engine.wasm's build as go list names it: its export data and, for the
// module's own packages, its directory and the files the core compiles.
type corePackage struct {
	path, export, dir string
	standard          bool
	files             []string
}

// listCore lists the packages engine.wasm links (GOOS=js GOARCH=wasm, tag avrlab_core) with their
// export data, which go list builds.
func listCore(t *testing.T) []corePackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-tags=avrlab_core",
		"-f", "{{.ImportPath}}\t{{.Export}}\t{{.Standard}}\t{{.Dir}}\t{{join .GoFiles \",\"}}", "./cmd/wasm")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []corePackage
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 {
			t.Fatalf("go list: bad line %q", sc.Text())
		}
		p := corePackage{path: f[0], export: f[1], standard: f[2] == "true", dir: f[3]}
		if f[4] != "" {
			p.files = strings.Split(f[4], ",")
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// call is one call of this package's formatting functions in the core: where, the verbs of its
// constant format with the kind of each verb's operand.
type call struct {
	fset *token.FileSet
	pos  token.Position
	uses []use
	bad  string
}

// use is one verb of a format (flags, width and precision included, as written) with its operand's kind.
type use struct {
	verb string
	kind kind
	op   ast.Expr
	typ  types.Type
}

// formatIndex says which argument of each function is the format (-1: none, every argument an operand;
// -2: none, the operands after the writer).
var formatIndex = map[string]int{"Sprintf": 0, "Errorf": 0, "Fprintf": 1, "Appendf": 1, "Sprint": -1, "Fprintln": -2}

// coreCalls type-checks the module's packages in engine.wasm from their sources (their imports from
// go list's export data) and returns every call of this package's functions and of the functions that
// pass their format and operands on to them (wrappers: errorf(format string, args ...any)).
func coreCalls(t *testing.T) []call {
	pkgs := listCore(t)
	exports := map[string]string{}
	for _, p := range pkgs {
		exports[p.path] = p.export
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) { return os.Open(exports[path]) })
	c := &checker{fset: fset, wrappers: map[string]int{}, errorf: map[string]bool{}}
	for _, p := range pkgs {
		if p.standard {
			continue
		}
		var files []*ast.File
		for _, name := range p.files {
			f, err := parser.ParseFile(fset, filepath.Join(p.dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		c.info = &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: imp, GoVersion: "go1.26"}
		if _, err := conf.Check(p.path, fset, files, c.info); err != nil {
			t.Fatalf("type-checking %s: %v", p.path, err)
		}
		for c.findWrappers(files) {
		}
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				if ce, ok := n.(*ast.CallExpr); ok {
					if cl, ok := c.checkCall(ce); ok {
						c.calls = append(c.calls, cl)
					}
				}
				return true
			})
		}
	}
	return c.calls
}

// checker holds what coreCalls has found: the wrappers by key (objectKey) with their format's index,
// and the calls.
type checker struct {
	fset     *token.FileSet
	info     *types.Info
	wrappers map[string]int
	errorf   map[string]bool // the wrappers that pass their format on to Errorf (%w allowed)
	calls    []call
}

// objectKey names a function across packages (its full name) or a local function variable (where it
// is declared).
func (c *checker) objectKey(o types.Object) string {
	if f, ok := o.(*types.Func); ok {
		return f.FullName()
	}
	return c.fset.Position(o.Pos()).String()
}

// callee is the function or function variable a call calls, or nil.
func (c *checker) callee(ce *ast.CallExpr) types.Object {
	switch f := ce.Fun.(type) {
	case *ast.Ident:
		return c.info.Uses[f]
	case *ast.SelectorExpr:
		return c.info.Uses[f.Sel]
	}
	return nil
}

// formatOf returns the index of the format among a callee's arguments and whether it formats for
// Errorf: ok false when it is neither one of this package's functions nor a wrapper (-1: Sprint's
// operands without a format).
func (c *checker) formatOf(o types.Object) (i int, errorf, ok bool) {
	if o == nil {
		return 0, false, false
	}
	if f, isFunc := o.(*types.Func); isFunc && f.Pkg() != nil && f.Pkg().Path() == "github.com/avrlab/avrlab/internal/textf" {
		i, ok = formatIndex[f.Name()]
		return i, f.Name() == "Errorf", ok
	}
	key := c.objectKey(o)
	i, ok = c.wrappers[key]
	return i, c.errorf[key], ok
}

// findWrappers adds the functions of files (declared or bound to a variable) that pass their own
// format parameter and variadic operands on to a formatting function; it reports whether it found any
// new one.
func (c *checker) findWrappers(files []*ast.File) bool {
	found := false
	consider := func(key string, ft *ast.FuncType, body *ast.BlockStmt) {
		if body == nil || ft.Params == nil {
			return
		}
		if _, done := c.wrappers[key]; done {
			return
		}
		var params []types.Object
		for _, f := range ft.Params.List {
			for _, n := range f.Names {
				params = append(params, c.info.Defs[n])
			}
		}
		ast.Inspect(body, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok || !ce.Ellipsis.IsValid() {
				return true
			}
			fi, errorf, ok := c.formatOf(c.callee(ce))
			if !ok || fi < 0 || fi >= len(ce.Args)-1 {
				return true
			}
			id, ok := ce.Args[fi].(*ast.Ident)
			last, ok2 := ce.Args[len(ce.Args)-1].(*ast.Ident)
			if !ok || !ok2 || len(params) == 0 || c.info.Uses[last] != params[len(params)-1] {
				return true
			}
			for i, p := range params {
				if c.info.Uses[id] == p {
					c.wrappers[key], c.errorf[key] = i, errorf
					found = true
				}
			}
			return true
		})
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch d := n.(type) {
			case *ast.FuncDecl:
				consider(c.objectKey(c.info.Defs[d.Name]), d.Type, d.Body)
			case *ast.AssignStmt:
				if len(d.Lhs) == 1 && len(d.Rhs) == 1 {
					id, ok := d.Lhs[0].(*ast.Ident)
					lit, ok2 := d.Rhs[0].(*ast.FuncLit)
					if ok && ok2 {
						o := c.info.Defs[id]
						if o == nil {
							o = c.info.Uses[id]
						}
						consider(c.objectKey(o), lit.Type, lit.Body)
					}
				}
			}
			return true
		})
	}
	return found
}

// checkCall reads a call of a formatting function or wrapper (ok false for any other call, and for a
// wrapper's passing its operands on, which its own calls are checked for).
func (c *checker) checkCall(ce *ast.CallExpr) (call, bool) {
	fi, errorf, ok := c.formatOf(c.callee(ce))
	if !ok {
		return call{}, false
	}
	cl := call{fset: c.fset, pos: c.fset.Position(ce.Pos())}
	if ce.Ellipsis.IsValid() {
		if c.forwards(ce) {
			return call{}, false
		}
		cl.bad = "operands passed with ..."
		return cl, true
	}
	if fi < 0 {
		if len(ce.Args)+fi+1 != 1 {
			cl.bad = "more than one operand without a format (Sprint's spacing is by reflect.Kind)"
			return cl, true
		}
		for _, a := range ce.Args[-fi-1:] {
			ty := c.info.Types[a].Type
			cl.uses = append(cl.uses, use{"%v", kindOfType(ty), a, ty})
		}
		return cl, true
	}
	tv := c.info.Types[ce.Args[fi]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		cl.bad = "format is not a constant"
		return cl, true
	}
	verbs, err := parseVerbs(constant.StringVal(tv.Value))
	if err != "" {
		cl.bad = err
		return cl, true
	}
	ops := ce.Args[fi+1:]
	if len(verbs) != len(ops) {
		cl.bad = "verbs and operands differ in number"
		return cl, true
	}
	for i, v := range verbs {
		if v == "%w" && errorf {
			v = "%v" // Errorf wraps the error and writes it as %v
		}
		ty := c.info.Types[ops[i]].Type
		cl.uses = append(cl.uses, use{v, kindOfType(ty), ops[i], ty})
	}
	return cl, true
}

// forwards reports whether an ellipsis call is a wrapper's passing on its own format and operands
// (findWrappers registered the function it is in).
func (c *checker) forwards(ce *ast.CallExpr) bool {
	last, ok := ce.Args[len(ce.Args)-1].(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.info.Uses[last].(*types.Var)
	if !ok {
		return false
	}
	sig, ok := v.Type().(*types.Slice)
	return ok && types.Identical(sig.Elem(), types.NewInterfaceType(nil, nil))
}

// parseVerbs returns the verbs of a format as written ("%04x"), "%%" left out, or why it cannot.
func parseVerbs(format string) ([]string, string) {
	var out []string
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		if j == len(format) {
			return nil, "format ends in a verb's flags"
		}
		if format[j] == '*' || format[j] == '[' {
			return nil, "width from an operand or an explicit index"
		}
		if format[j] != '%' {
			out = append(out, format[i:j+1])
		} else if j != i+1 {
			return nil, "flags on %%"
		}
		i = j
	}
	return out, ""
}

// kindOfType is the kind formatOne gives an operand of static type ty; kindOther when its dynamic
// type could be one it does not format as fmt does.
func kindOfType(ty types.Type) kind {
	if types.Identical(ty, types.NewInterfaceType(nil, nil)) {
		return kindAny
	}
	if b, ok := ty.(*types.Basic); ok {
		switch b.Kind() {
		case types.Bool, types.UntypedBool:
			return kindBool
		case types.Int, types.Int8, types.Int16, types.Int32, types.Int64, types.UntypedInt, types.UntypedRune:
			return kindInt
		case types.Uint, types.Uint8, types.Uint16, types.Uint32, types.Uint64, types.Uintptr:
			return kindUint
		case types.Float64, types.UntypedFloat:
			return kindFloat
		case types.String, types.UntypedString:
			return kindString
		}
		return kindOther
	}
	if s, ok := ty.(*types.Slice); ok && types.Identical(s.Elem(), types.Typ[types.Byte]) {
		if _, named := ty.(*types.Named); !named {
			return kindBytes
		}
	}
	errorType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	if types.Implements(ty, errorType) {
		if _, isIface := ty.Underlying().(*types.Interface); isIface && !types.Identical(ty.Underlying(), errorType) {
			return kindOther
		}
		return kindError
	}
	if hasMethod(ty, "Format") || hasMethod(ty, "GoString") {
		return kindOther
	}
	if m := stringMethod(ty); m {
		if _, isIface := ty.Underlying().(*types.Interface); isIface {
			return kindOther
		}
		return kindStringer
	}
	return kindOther
}

// hasMethod reports whether ty's method set has a method called name.
func hasMethod(ty types.Type, name string) bool {
	ms := types.NewMethodSet(ty)
	for i := range ms.Len() {
		if ms.At(i).Obj().Name() == name {
			return true
		}
	}
	return false
}

// stringMethod reports whether ty's method set has String() string.
func stringMethod(ty types.Type) bool {
	ms := types.NewMethodSet(ty)
	for i := range ms.Len() {
		f := ms.At(i).Obj()
		if f.Name() != "String" {
			continue
		}
		sig := f.Type().(*types.Signature)
		return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
	}
	return false
}

// TestCoreCallsFormattable type-checks every call of Sprintf, Errorf, Fprintf, Sprint and Fprintln in
// the packages engine.wasm links and checks that each verb and operand's static type is one this
// package formats as fmt does (Supported, which TestAsFmt and FuzzAsFmt hold to fmt), so that no call
// can write other text than fmt wrote.
func TestCoreCallsFormattable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the core's export data")
	}
	calls := coreCalls(t)
	hist := map[string]int{}
	for _, c := range calls {
		if c.bad != "" {
			t.Errorf("%s: %s", c.pos, c.bad)
			continue
		}
		for _, u := range c.uses {
			if !supported(u.verb, u.kind) {
				t.Errorf("%s: %s of %s (%s, a %s operand) is not formatted as fmt does", c.fset.Position(u.op.Pos()), u.verb, types.ExprString(u.op), u.typ, u.kind)
			}
			hist[u.verb+" "+u.kind.String()]++
		}
	}
	var keys []string
	for k := range hist {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%5d %s", hist[k], k)
	}
	if len(calls) < 100 {
		t.Errorf("found %d calls in the core, want the engine's (over 100)", len(calls))
	}
}
