//go:build !js

// Command avrlab (the module root) serves the avrlab playground:
//
//	go run .                      # build cmd/wasm 3 times, serve site/ on http://127.0.0.1:8080
//	go run . -addr :9000          # another address
//	go run . -out public          # write the static site to public/ and exit
//	go run . -exercises DIR       # bundle the exercises of DIR (default: examples/exercises)
//
// It builds ./cmd/wasm for GOOS=js GOARCH=wasm with the same go command into three modules: engine.wasm
// (build tag avrlab_core: what the first result needs), tools.wasm (no tag: the whole engine, with the
// debugger, the profiler, the leakage simulation and linked programs, loaded when the page first needs
// them) and workspace.wasm (build tag avrlab_workspace), so the page compiles the engine, which is on the
// path to the first result, without chroma, hackpadfs, debug/elf or the leakage lab (Go's build cache
// makes a rebuild of unchanged modules take well under a second), takes wasm_exec.js from that Go installation
// so the glue matches the runtime, adds the engine's meta answer (meta.json), its answer to a first
// visit's bench of the default example (first.json, see firstAnswer; its score inlined in index.html
// too, see inlineFirstScore), the examples and the exercises
// (with an index page of the set) as static files, and serves it all from memory with correct Content-Types, gzip when
// the browser accepts it, ETags and a Content-Security-Policy. The written site uses relative URLs
// only, so any static host serves it, from its root or from a sub-path.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/avrlab/avrlab/asm"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/wasmdata"
	"github.com/avrlab/avrlab/lab"
)

// csp is the Content-Security-Policy of every response (index.html carries the same policy in a meta
// element for static hosts). Workers take their policy from their own response, so worker.js needs
// 'wasm-unsafe-eval' here too.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; " +
	"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"

// wasmModule is one WebAssembly module of the playground, built from ./cmd/wasm with its build tags.
type wasmModule struct {
	name string // file name in the site
	role string // the page's worker that runs it
	tags string // go build -tags
}

// wasmModules are the playground's modules: the engine's core (assembler, emulator, lab: the first
// result), the tools (the whole engine: debugger, profiler, leakage, linked programs) and the workspace
// (IndexedDB files and highlighting).
var wasmModules = []wasmModule{
	{name: "engine.wasm", role: "engine", tags: "avrlab_core"},
	{name: "tools.wasm", role: "tools", tags: ""},
	{name: "workspace.wasm", role: "workspace", tags: "avrlab_workspace"},
}

// meta is the element of index.html that tells app.js where the module is; the build appends a
// version to the URL so that browsers never run a stale module.
func (m wasmModule) meta(url string) string {
	return `<meta name="avrlab-wasm-` + m.role + `" content="` + url + `">`
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "serve on `host:port`")
	out := flag.String("out", "", "write the static site to `DIR` and exit instead of serving")
	exercises := flag.String("exercises", "", "bundle the exercises in the folders of `DIR` (each a README.md with goal: lines, a starter.S\nand an optional tests.txt) instead of examples/exercises")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run . [-addr host:port] [-out DIR] [-exercises DIR]\n\n"+
			"Builds the avrlab playground (cmd/wasm + site/) and serves it, or writes it to DIR.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*addr, *out, *exercises); err != nil {
		fmt.Fprintln(os.Stderr, "avrlab playground:", err)
		os.Exit(1)
	}
}

func run(addr, out, exercises string) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	start := time.Now()
	s, err := buildSite(context.Background(), root, exercises)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "built in %v:", time.Since(start).Round(time.Millisecond))
	for i, m := range wasmModules {
		w := s.assets[m.name]
		sep := ","
		if i == len(wasmModules)-1 {
			sep = "\n"
		}
		fmt.Fprintf(os.Stderr, " %s %d bytes (%d gzip)%s", m.name, len(w.body), len(w.gz), sep)
	}
	if out != "" {
		if err := s.writeDir(out); err != nil {
			return err
		}
		fmt.Printf("wrote the playground to %s\n", out)
		return nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("avrlab playground: http://%s/\n", ln.Addr())
	return newServer(s, defaultServerLimits()).Serve(ln)
}

// serverLimits bound what one client can hold of the server.
type serverLimits struct {
	ReadHeader time.Duration // to read a request's headers (a client that sends them slowly is cut)
	Read       time.Duration // to read a whole request (the site takes GETs only)
	Write      time.Duration // from the end of the headers to the end of the response
	Idle       time.Duration // a keep-alive connection waiting for its next request
	HeaderMax  int           // bytes of request headers
}

// defaultServerLimits are the playground server's. Write must let a slow link fetch the largest
// WebAssembly module (a few MB gzipped: 5 minutes is about 100 kbit/s).
func defaultServerLimits() serverLimits {
	return serverLimits{
		ReadHeader: 10 * time.Second,
		Read:       30 * time.Second,
		Write:      5 * time.Minute,
		Idle:       60 * time.Second,
		HeaderMax:  64 << 10,
	}
}

// newServer is the http.Server of the playground: h with the limits lim.
func newServer(h http.Handler, lim serverLimits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: lim.ReadHeader,
		ReadTimeout:       lim.Read,
		WriteTimeout:      lim.Write,
		IdleTimeout:       lim.Idle,
		MaxHeaderBytes:    lim.HeaderMax,
	}
}

// moduleRoot returns the directory of the go.mod that holds this command: the current directory or one
// above it (go run . runs in the module root; tests run in it too).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil &&
			bytes.Contains(b, []byte("module github.com/avrlab/avrlab\n")) {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("run this from the avrlab module (no go.mod of github.com/avrlab/avrlab found above the current directory)")
		}
		dir = up
	}
}

// asset is one file of the site, held in memory with its gzip form when compressing pays.
type asset struct {
	body  []byte
	gz    []byte // nil when not worth compressing
	ctype string
	etag  string
	// version is what index.html appends to a module's URL (?v=VERSION); a request that names it
	// is cached for good (the URL changes with the module).
	version string
}

// site is the whole playground: path (no leading slash) → asset. It is immutable once built and serves
// concurrent requests.
type site struct {
	assets map[string]*asset
	// policy is the Content-Security-Policy of every response: csp with the hash of index.html's
	// inline script (inlineFirstScore); empty: csp.
	policy string
}

// buildSite builds the WebAssembly modules and reads site/ and wasm_exec.js into memory, with the
// exercises of exercisesDir ("" = the bundled examples/exercises).
func buildSite(ctx context.Context, root, exercisesDir string) (*site, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("the go command is needed to build the playground: %v", err)
	}
	// The engine's meta answer (tasks, devices, published rows) is the same for every visit: the page
	// fetches it as meta.json beside the module instead of asking the engine, whose first call is on
	// the path to the first RANK. cmd/wasm/engine/meta prints it (the engine's own answer: the two cannot
	// differ), natively, while the modules build. The first answer (first.json, see firstAnswer) is
	// made beside it.
	metaC := make(chan engineOutput, 1)
	go func() {
		out, err := runEngineCommand(ctx, goTool, root, nil, "./cmd/wasm/engine/meta")
		if err != nil {
			err = fmt.Errorf("the engine's meta answer (go run ./cmd/wasm/engine/meta): %v", err)
		}
		metaC <- engineOutput{out, err}
	}()
	firstC := make(chan engineOutput, 1)
	go func() {
		out, err := firstAnswer(ctx, goTool, root)
		firstC <- engineOutput{out, err}
	}()
	wasm, names, err := buildWASM(ctx, goTool, root)
	if err != nil {
		return nil, err
	}
	glue, err := wasmExecJS(ctx, goTool)
	if err != nil {
		return nil, err
	}
	s := &site{assets: map[string]*asset{}}
	siteDir := filepath.Join(root, "site")
	err = filepath.WalkDir(siteDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if strings.HasPrefix(name, ".") && p != siteDir {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(siteDir, p)
		s.add(filepath.ToSlash(rel), b)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading site/: %v", err)
	}
	index, ok := s.assets["index.html"]
	if !ok {
		return nil, errors.New("site/index.html is missing")
	}
	first := <-firstC
	if first.err != nil {
		return nil, first.err
	}
	if first.json != nil {
		s.add("first.json", first.json)
	}
	// The first answer's score in the page's first frame: first.json's answer and js/score.js's code
	// inlined after the score's figures (serve_firstscore.go).
	score, util := s.assets["js/score.js"], s.assets["js/util.js"]
	if score == nil || util == nil {
		return nil, errors.New("site/js/score.js or site/js/util.js is missing")
	}
	page, policy, err := inlineFirstScore(index.body, first.json, score.body, util.body, csp)
	if err != nil {
		return nil, fmt.Errorf("site/index.html's first score: %v", err)
	}
	s.policy = policy
	for i, m := range wasmModules {
		if !bytes.Contains(page, []byte(m.meta(m.name))) {
			return nil, fmt.Errorf("site/index.html must contain %s", m.meta(m.name))
		}
		sum := sha256.Sum256(wasm[i])
		s.addWASM(m.name, wasm[i], sum)
		version := s.assets[m.name].version
		if names[i] != nil {
			s.add(namesAsset(m.name), namesFile(m.name+"?v="+version, names[i]))
		}
		page = bytes.Replace(page, []byte(m.meta(m.name)), []byte(m.meta(m.name+"?v="+version)), 1)
	}
	s.add("index.html", page)
	s.add("wasm_exec.js", glue)
	meta := <-metaC
	if meta.err != nil {
		return nil, meta.err
	}
	s.add("meta.json", meta.json)
	if err := s.addExamples(); err != nil {
		return nil, err
	}
	if exercisesDir != "" {
		if err := s.addExercisesDir(exercisesDir); err != nil {
			return nil, err
		}
		return s, nil
	}
	exFS, err := fs.Sub(examples.FS, "exercises")
	if err != nil {
		return nil, err
	}
	if err := s.addExercises(exFS, ""); err != nil {
		return nil, err
	}
	return s, nil
}

// engineOutput is what a native engine command printed (JSON), or why it failed.
type engineOutput struct {
	json []byte
	err  error
}

// runEngineCommand runs go run PKG ARGS... in root with stdin as its standard input and returns what it
// printed, which must be JSON; an error carries its standard error.
func runEngineCommand(ctx context.Context, goTool, root string, stdin []byte, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, goTool, append([]string{"run"}, args...)...)
	cmd.Dir = root
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err == nil && !json.Valid(out) {
		err = errors.New("not JSON")
	}
	if err != nil {
		return nil, fmt.Errorf("%v\n%s", err, stderr.Bytes())
	}
	return out, nil
}

// liveBudgetCycles is LIVE_BUDGET_CYCLES of site/js/request.js, the budget of the page's live runs,
// which the first request carries (TestFirstRequestIsRequestJS holds the two together).
const liveBudgetCycles = 10_000_000

// firstRequest is the bench request that boot.js sends on a first visit: site/js/request.js's
// makeRequest for the default example with no settings, its fields in makeRequest's order (the page
// compares the two as JSON.stringify writes them).
type firstRequest struct {
	Files      map[string]string `json:"files"`
	Main       string            `json:"main"`
	Task       string            `json:"task"`
	Device     string            `json:"device"`
	Vectors    int               `json:"vectors"`
	Seed       uint64            `json:"seed"`
	MaxCycles  uint64            `json:"max_cycles"`
	Call       string            `json:"call"`
	Binary     string            `json:"binary"`
	Defines    string            `json:"defines"`
	Scenario   string            `json:"scenario"`
	RK         string            `json:"rk"`
	Goals      string            `json:"goals"`
	Tests      string            `json:"tests"`
	Budget     uint64            `json:"budget"`
	CallCycles uint64            `json:"call_cycles"`
	Interp     bool              `json:"interp"`
	Link       []string          `json:"link"`
}

// newFirstRequest is makeRequest({[file]: src}, file, {}, seed): the default example alone, every
// setting empty (the engine resolves the task from the source, its device and vectors), the live budget.
func newFirstRequest(file, src string, seed uint64) firstRequest {
	return firstRequest{Files: map[string]string{file: src}, Main: file, Seed: seed, Budget: liveBudgetCycles, Link: []string{}}
}

// firstDoc is first.json: the request boot.js sends on a first visit, with a seed made from it (firstSeed),
// and the core engine's answer to it. The page shows the answer at once when its own request is this one
// but for the seed (site/js/request.js, prebuiltFor), then shows the engine's live answer to its own.
type firstDoc struct {
	Request firstRequest    `json:"request"`
	Answer  json.RawMessage `json:"answer"`
}

// firstExampleMeta finds the default example's file in index.html, which boot.js benches on a first visit.
var firstExampleMeta = regexp.MustCompile(`<meta name="avrlab-first-example" content="([^"]+)">`)

// firstAnswer builds first.json: the request boot.js sends on a first visit (the example that
// site/index.html names, from examples.FS as the site serves it) on its firstSeed, answered by
// cmd/wasm/engine/answer with the core's build tag (the code and codecs of engine.wasm, natively).
// It returns nil when index.html names no first example.
func firstAnswer(ctx context.Context, goTool, root string) ([]byte, error) {
	page, err := os.ReadFile(filepath.Join(root, "site", "index.html"))
	if err != nil {
		return nil, err
	}
	m := firstExampleMeta.FindSubmatch(page)
	if m == nil {
		return nil, nil
	}
	file := string(m[1])
	src, err := fs.ReadFile(examples.FS, file)
	if err != nil {
		return nil, fmt.Errorf("the first example %s (site/index.html): %v", file, err)
	}
	doc := firstDoc{Request: newFirstRequest(file, string(src), 0)}
	if doc.Request.Seed, err = firstSeed(doc.Request); err != nil {
		return nil, err
	}
	req, err := json.Marshal(doc.Request)
	if err != nil {
		return nil, err
	}
	if doc.Answer, err = runEngineCommand(ctx, goTool, root, req, "-tags=avrlab_core", "./cmd/wasm/engine/answer", "bench"); err != nil {
		return nil, fmt.Errorf("the first answer (go run -tags=avrlab_core ./cmd/wasm/engine/answer bench): %v", err)
	}
	return json.Marshal(doc)
}

// firstSeed is the first answer's seed: the first 53 bits of the SHA-256 of req (its seed 0), so
// that two builds of one commit write the same first.json and index.html (the site's only bytes that
// differed between builds) and a new default example gets a new seed. Nothing depends on its being
// unpredictable: the page shows that answer only for that request, and its own runs draw fresh seeds
// (site/js/request.js, freshSeed).
func firstSeed(req firstRequest) (uint64, error) {
	req.Seed = 0
	b, err := json.Marshal(req)
	if err != nil {
		return 0, err
	}
	sum := sha256.Sum256(b)
	return binary.LittleEndian.Uint64(sum[:8]) & (1<<53 - 1), nil
}

// exampleEntry is an example as examples/index.json lists it: examples.Example and the example files
// it includes (as the assembler follows its includes, asm.Includes on the task's device), which
// opening the example or its short link brings along (sneikha256.S includes sneik-f512.S).
type exampleEntry struct {
	examples.Example
	Includes []string `json:"includes,omitempty"`
}

// addExamples writes the examples as examples/index.json (the list) and examples/FILE (the sources):
// the page fetches them, so they stay out of the WebAssembly module.
func (s *site) addExamples() error {
	list := []exampleEntry{}
	for _, ex := range examples.List() {
		src, err := fs.ReadFile(examples.FS, ex.File)
		if err != nil {
			return fmt.Errorf("example %s: %v", ex.ID, err)
		}
		s.add("examples/"+ex.File, src)
		e := exampleEntry{Example: ex}
		incs, err := asm.Includes(ex.File, src, asm.Config{FS: asm.FromFS(examples.FS), Device: lab.Resolve(lab.Options{}, src).Device})
		if err != nil {
			return fmt.Errorf("example %s: %v", ex.ID, err)
		}
		for _, in := range incs {
			if in.At.Filename == ex.File && in.File != "" && in.File != ex.File && !slices.Contains(e.Includes, in.File) {
				if _, err := fs.Stat(examples.FS, in.File); err == nil {
					e.Includes = append(e.Includes, in.File)
				}
			}
		}
		list = append(list, e)
	}
	index, err := json.Marshal(list)
	if err != nil {
		return err
	}
	s.add("examples/index.json", index)
	return nil
}

// wasmNoInline are the -gcflags of the WebAssembly builds: no inlining in the standard packages that
// format and encode the answers (encoding/json, fmt, reflect, strconv, time), which are off the
// emulator's and the assembler's hot paths. It makes engine.wasm 36 KB (2%) smaller gzipped; built
// with and without it and run interleaved under Node, BenchmarkLiveBench (the default example's live
// bench) and BenchmarkAssemble5000 showed no slowdown beyond the noise (ratios 0.6–1.1 on a machine at
// load average 15). No inlining in the assembler's own packages would save 72 KB more, but made
// BenchmarkAssemble5000 1.1–1.5 times slower, so they keep it. Session 9 added the packages around the
// bench that no call loop runs in (the lab's harness and task tables, the engine's requests, the kernel
// references, the device registers, HEX, the disassembler, the bridge, and sort, io/fs, os, base64, hex,
// fmtsort, bufio, path): 17 KB more (engine.wasm with its line tables stripped), with BenchmarkLiveBench's
// fresh and edits under Node at medians of 1.03 and 1.09 times the inlined build over 10 alternating
// rounds (load average 12–15; each round's ratio 0.25–2.18, the fastest runs 11.9 against 12.3 ms and
// 21.4 against 25.6 ms): no slowdown beyond the noise. The emulator, the translator, the assembler and
// lab/cipher keep their inlining. Session 12 added internal/textf, the messages' formatter (7 KB: its
// Sprintf no longer inlined into its 540 callers).
var wasmNoInline = []string{"-gcflags=encoding/json=-l", "-gcflags=fmt=-l", "-gcflags=reflect=-l",
	"-gcflags=strconv=-l", "-gcflags=internal/strconv=-l", "-gcflags=time=-l",
	"-gcflags=github.com/avrlab/avrlab/lab=-l", "-gcflags=github.com/avrlab/avrlab/cmd/wasm/engine=-l",
	"-gcflags=github.com/avrlab/avrlab/lab/kernel=-l", "-gcflags=github.com/avrlab/avrlab/isa/devreg=-l",
	"-gcflags=github.com/avrlab/avrlab/asm/ihex=-l", "-gcflags=github.com/avrlab/avrlab/asm/disasm=-l",
	"-gcflags=github.com/avrlab/avrlab/cmd/wasm=-l", "-gcflags=sort=-l", "-gcflags=io/fs=-l", "-gcflags=os=-l",
	"-gcflags=encoding/base64=-l", "-gcflags=encoding/hex=-l", "-gcflags=internal/fmtsort=-l", "-gcflags=bufio=-l",
	"-gcflags=path=-l", "-gcflags=github.com/avrlab/avrlab/internal/textf=-l"}

// wasmDataGap is the longest run of zeros between two of a module's data segments that
// internal/wasmdata.Merge fills in to make them one. Go's linker starts a new segment after every 9
// zero bytes or more: 72,122 segments in engine.wasm, whose headers took 127 KB of its 1,970 KB
// gzipped. Joined across gaps of up to 256 bytes they are 8, and the module is 1,843 KB gzipped (raw it
// grows from 7.32 to 8.04 MB: the zeros are written out). Its memory starts the same.
const wasmDataGap = 256

// buildWASM builds ./cmd/wasm for js/wasm once per entry of wasmModules, small (-trimpath -s -w and
// wasmNoInline, then its data segments merged: wasmDataGap, and its functions' file and line tables
// left out: wasmdata.StripLines, 120 KB of engine.wasm gzipped; a Go panic's traceback in the page
// then names the functions, at "?:0"; and the other tables only tracebacks read, the inline trees
// above all, and the unsafe points js/wasm never reads: wasmdata.StripTraceback, 80 KB, the traceback
// then without the inlined calls and the arguments' values), and returns the modules in the order
// of wasmModules, with its type links dropped where nothing reads them (wasmdata.DropTypelinks) and
// each one's functions' names short: wasmdata.RenameFuncs, 23 KB of engine.wasm,
// whose table of the names (nil for a module served with its own) the site serves beside it
// (namesAsset) for reading a traceback. The engine goes first, alone: tools.wasm differs
// from it only in cmd/wasm and cmd/wasm/engine, so on a fresh machine the two others then find the
// packages they share with it in Go's build cache instead of compiling them three times at once.
func buildWASM(ctx context.Context, goTool, root string) ([][]byte, []wasmdata.Names, error) {
	tmp, err := os.MkdirTemp("", "avrlab-wasm-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	mods := make([][]byte, len(wasmModules))
	names := make([]wasmdata.Names, len(wasmModules))
	errs := make([]error, len(wasmModules))
	build := func(i int) {
		m := wasmModules[i]
		out := filepath.Join(tmp, m.name)
		args := append([]string{"build", "-tags=" + m.tags, "-trimpath", "-ldflags=-s -w"}, wasmNoInline...)
		cmd := exec.CommandContext(ctx, goTool, append(args, "-o", out, "./cmd/wasm")...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			errs[i] = fmt.Errorf("building cmd/wasm (%s): %v\n%s", m.name, err, stderr.Bytes())
			return
		}
		b, err := os.ReadFile(out)
		if err != nil {
			errs[i] = err
			return
		}
		if b, _, _, err = wasmdata.Merge(b, wasmDataGap); err != nil {
			errs[i] = fmt.Errorf("%s: merging its data segments: %v", m.name, err)
			return
		}
		mods[i], names[i] = shrinkModule(m.name, b)
	}
	build(0)
	if errs[0] != nil {
		return nil, nil, errs[0]
	}
	var wg sync.WaitGroup
	for i := 1; i < len(wasmModules); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			build(i)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	return mods, names, nil
}

// shrinkModule strips a merged module as buildWASM describes and returns it with the table of its
// short function names (nil when it keeps its names). A Go version whose function table
// internal/wasmdata does not know still gets a playground: the module is served with what it could
// not strip, and says so (TestCoreSize, on the Go of go.mod, would catch the size).
func shrinkModule(name string, b []byte) ([]byte, wasmdata.Names) {
	lines, _, _, err := wasmdata.StripLines(b)
	if err != nil {
		fmt.Fprintf(os.Stderr, "avrlab playground: %s served with its line tables (wasmdata.StripLines: %v)\n", name, err)
		return b, nil
	}
	b, _, _, err = wasmdata.StripTraceback(lines)
	if err != nil {
		fmt.Fprintf(os.Stderr, "avrlab playground: %s served with its inline trees (wasmdata.StripTraceback: %v)\n", name, err)
		return lines, nil
	}
	// The type links go where nothing reads them (engine.wasm, 3 KB: no reflect.typelinks); a module
	// that links their reader keeps them.
	if dropped, _, err := wasmdata.DropTypelinks(b); err == nil {
		b = dropped
	}
	renamed, names, err := wasmdata.RenameFuncs(b)
	if err != nil {
		fmt.Fprintf(os.Stderr, "avrlab playground: %s served with its functions' names (wasmdata.RenameFuncs: %v)\n", name, err)
		return b, nil
	}
	return renamed, names
}

// namesAsset is where the site serves the table of a module's short function names (engine.wasm:
// engine.names.txt), which site/worker.js fetches only to translate a traceback the module prints.
func namesAsset(module string) string {
	return strings.TrimSuffix(module, ".wasm") + ".names.txt"
}

// namesFile is the names asset of the module at url (with its version, which worker.js checks
// against the module it runs before it translates): a first line "# url", then names' table.
func namesFile(url string, names wasmdata.Names) []byte {
	return append([]byte("# "+url+"\n"), names.Marshal()...)
}

// wasmExecJS returns the JavaScript glue of the Go installation that builds the module. Go 1.24 moved it
// from misc/wasm to lib/wasm.
func wasmExecJS(ctx context.Context, goTool string) ([]byte, error) {
	out, err := exec.CommandContext(ctx, goTool, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		if b, err := os.ReadFile(filepath.Join(goroot, dir, "wasm_exec.js")); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("wasm_exec.js is in neither lib/wasm nor misc/wasm of %s", goroot)
}

// contentTypes fixes the types that matter; others come from the mime package.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".json": "application/json",
	".svg":  "image/svg+xml",
	".S":    "text/plain; charset=utf-8",
	".md":   "text/plain; charset=utf-8",
	".txt":  "text/plain; charset=utf-8",
}

func contentType(name string) string {
	ext := path.Ext(name)
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func compressible(ctype string) bool {
	return strings.HasPrefix(ctype, "text/") || strings.HasPrefix(ctype, "application/wasm") ||
		strings.HasPrefix(ctype, "application/json") || strings.HasPrefix(ctype, "image/svg")
}

func (s *site) add(name string, body []byte) {
	a := &asset{body: body, ctype: contentType(name)}
	sum := sha256.Sum256(body)
	a.etag = `"` + hex.EncodeToString(sum[:8]) + `"`
	if compressible(a.ctype) && len(body) > 512 {
		a.gz = gzipBytes(body, gzip.DefaultCompression)
	}
	s.assets[name] = a
}

// addWASM adds a module, gzipped at the best level. That takes about a second for 6 MB, so the result
// is kept in the user's cache directory under the module's hash.
func (s *site) addWASM(name string, wasm []byte, sum [32]byte) {
	a := &asset{body: wasm, ctype: "application/wasm", etag: `"` + hex.EncodeToString(sum[:8]) + `"`,
		version: hex.EncodeToString(sum[:6])}
	var cached string
	if dir, err := os.UserCacheDir(); err == nil {
		cached = filepath.Join(dir, "avrlab", "playground", hex.EncodeToString(sum[:])+".wasm.gz")
		if b, err := os.ReadFile(cached); err == nil && gunzipEquals(b, wasm) {
			a.gz = b
		}
	}
	if a.gz == nil {
		a.gz = gzipBytes(wasm, gzip.BestCompression)
		if cached != "" && os.MkdirAll(filepath.Dir(cached), 0o755) == nil {
			tmp := cached + ".tmp"
			if os.WriteFile(tmp, a.gz, 0o644) == nil {
				_ = os.Rename(tmp, cached)
			}
		}
	}
	s.assets[name] = a
}

func gzipBytes(b []byte, level int) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, level)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

func gunzipEquals(gz, want []byte) bool {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return false
	}
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(zr); err != nil {
		return false
	}
	return bytes.Equal(buf.Bytes(), want)
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// ServeHTTP serves the site: GET and HEAD only, "/" is index.html, gzip when accepted and smaller,
// revalidated at every use (no-cache, ETag) except a module under its versioned URL.
func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	a, ok := s.assets[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("X-Content-Type-Options", "nosniff")
	policy := s.policy
	if policy == "" {
		policy = csp
	}
	h.Set("Content-Security-Policy", policy)
	if a.version != "" && r.URL.Query().Get("v") == a.version {
		// The module under its versioned URL (index.html's): never revalidated, a new build has a new URL.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	body, etag := a.body, a.etag
	if a.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
			body, etag = a.gz, strings.TrimSuffix(a.etag, `"`)+`-gz"`
		}
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// writeDir writes the site as static files under dir, plus every module gzipped (engine.wasm.gz, ...) for
// hosts that serve precompressed siblings (nginx gzip_static, Caddy precompressed).
func (s *site) writeDir(dir string) error {
	names := make([]string, 0, len(s.assets))
	for name := range s.assets {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, s.assets[name].body, 0o644); err != nil {
			return err
		}
	}
	for _, m := range wasmModules {
		if err := os.WriteFile(filepath.Join(dir, m.name+".gz"), s.assets[m.name].gz, 0o644); err != nil {
			return err
		}
	}
	return nil
}
