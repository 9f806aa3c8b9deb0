//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/avrlab/avrlab/examples"
)

// builtSite builds the real site once per test binary (the WASM build dominates: ~0.5 s warm, ~20 s
// with an empty build cache).
var builtSite = sync.OnceValues(func() (*site, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	return buildSite(context.Background(), root, "")
})

func testSite(t *testing.T) *site {
	t.Helper()
	s, err := builtSite()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func get(t *testing.T, h http.Handler, method, target string, hdr map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	if r.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func TestHandler(t *testing.T) {
	s := &site{assets: map[string]*asset{}}
	page := []byte("<!doctype html>" + strings.Repeat("<p>playground</p>", 100))
	s.add("index.html", page)
	s.add("app.js", []byte("'use strict';"))
	s.add("engine.wasm", append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{0}, 4096)...))

	r := get(t, s, "GET", "/", map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"})
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "text/html; charset=utf-8" ||
		r.Header.Get("Content-Encoding") != "gzip" || r.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("GET /: %d %v", r.StatusCode, r.Header)
	}
	if got := body(t, r); !bytes.Equal(got, page) {
		t.Errorf("GET / gave %d bytes, want index.html", len(got))
	}
	if r.Header.Get("Content-Security-Policy") == "" || r.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("missing security headers: %v", r.Header)
	}

	r = get(t, s, "GET", "/index.html", nil)
	if r.Header.Get("Content-Encoding") != "" || !bytes.Equal(body(t, r), page) {
		t.Errorf("no Accept-Encoding: got encoding %q", r.Header.Get("Content-Encoding"))
	}
	r = get(t, s, "GET", "/index.html", map[string]string{"Accept-Encoding": "gzip;q=0, identity"})
	if r.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 was gzipped")
	}

	r = get(t, s, "GET", "/engine.wasm", map[string]string{"Accept-Encoding": "gzip"})
	if r.Header.Get("Content-Type") != "application/wasm" || r.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("engine.wasm: %v", r.Header)
	}
	etag := r.Header.Get("ETag")
	r = get(t, s, "GET", "/engine.wasm", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag})
	if r.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match %s: status %d, want 304", etag, r.StatusCode)
	}
	r = get(t, s, "GET", "/engine.wasm", map[string]string{"If-None-Match": etag})
	if r.StatusCode != 200 {
		t.Errorf("the gzip ETag matched the identity body: status %d", r.StatusCode)
	}

	if cc := r.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("engine.wasm without its version: Cache-Control %q, want no-cache", cc)
	}
	// Under the URL index.html gives it (?v= its hash), a module is cached for good.
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{1}, 4096)...)
	s.addWASM("tools.wasm", wasm, sha256.Sum256(wasm))
	v := s.assets["tools.wasm"].version
	if len(v) != 12 {
		t.Fatalf("tools.wasm version %q", v)
	}
	r = get(t, s, "GET", "/tools.wasm?v="+v, map[string]string{"Accept-Encoding": "gzip"})
	if cc := r.Header.Get("Cache-Control"); r.StatusCode != 200 || cc != "public, max-age=31536000, immutable" || !bytes.Equal(body(t, r), wasm) {
		t.Errorf("tools.wasm?v=%s: %d, Cache-Control %q", v, r.StatusCode, cc)
	}
	for _, q := range []string{"", "?v=0", "?v=" + v + "0"} {
		if cc := get(t, s, "GET", "/tools.wasm"+q, nil).Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("tools.wasm%s: Cache-Control %q, want no-cache", q, cc)
		}
	}

	r = get(t, s, "GET", "/app.js", nil)
	if r.Header.Get("Content-Type") != "text/javascript; charset=utf-8" || r.Header.Get("Content-Encoding") != "" {
		t.Errorf("app.js (small, not worth compressing): %v", r.Header)
	}
	r = get(t, s, "HEAD", "/app.js", nil)
	if r.StatusCode != 200 || len(body(t, r)) != 0 {
		t.Errorf("HEAD: %d", r.StatusCode)
	}
	for _, p := range []string{"/nope.js", "/../go.mod", "/site/index.html", "/%2e%2e/serve.go"} {
		if r := get(t, s, "GET", p, nil); r.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, r.StatusCode)
		}
	}
	if r := get(t, s, "POST", "/", nil); r.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d", r.StatusCode)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"":                           false,
		"gzip":                       true,
		"gzip, deflate, br, zstd":    true,
		"br;q=1.0, gzip;q=0.8":       true,
		"GZIP":                       true,
		"gzip;q=0":                   false,
		"gzip; q=0.000":              false,
		"identity":                   false,
		"*":                          true,
		"deflate, x-gzip-not-really": false,
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", h)
		if got := acceptsGzip(r); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", h, got, want)
		}
	}
}

// TestBuildSite builds the real playground and checks what a static host would receive.
func TestBuildSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WASM modules")
	}
	s := testSite(t)
	for _, m := range wasmModules {
		w := s.assets[m.name]
		if w == nil || !bytes.HasPrefix(w.body, []byte("\x00asm")) {
			t.Fatalf("%s is missing or does not start with the WebAssembly magic", m.name)
		}
		if !gunzipEquals(w.gz, w.body) {
			t.Errorf("the gzip form of %s is not %s", m.name, m.name)
		}
		t.Logf("%s: %d bytes raw, %d bytes gzip -9", m.name, len(w.body), len(w.gz))
		if !bytes.Contains(s.assets["index.html"].body, []byte(`<meta name="avrlab-wasm-`+m.role+`" content="`+m.name+`?v=`)) {
			t.Errorf("index.html does not name %s with its version", m.name)
		}
	}
	if bytes.Equal(s.assets["engine.wasm"].body, s.assets["workspace.wasm"].body) {
		t.Errorf("engine.wasm and workspace.wasm are the same module")
	}
	var meta struct {
		Tasks   []struct{ ID string }
		Devices []string
	}
	if a := s.assets["meta.json"]; a == nil || json.Unmarshal(a.body, &meta) != nil || len(meta.Tasks) == 0 || len(meta.Devices) == 0 {
		t.Errorf("meta.json is missing or holds no tasks and devices")
	}
	for _, name := range []string{"index.html", "boot.js", "app.js", "worker.js", "style.css", "highlight.css", "wasm_exec.js"} {
		if s.assets[name] == nil {
			t.Errorf("the site lacks %s", name)
		}
	}
	if !bytes.Contains(s.assets["wasm_exec.js"].body, []byte("globalThis.Go = class")) {
		t.Errorf("wasm_exec.js does not define globalThis.Go")
	}
	// The page, its modules, the worker and styles refer to their files relatively, so the site works
	// from a sub-path.
	var pageFiles []string
	for name := range s.assets {
		if strings.HasSuffix(name, ".js") && name != "wasm_exec.js" || strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".css") {
			pageFiles = append(pageFiles, name)
		}
	}
	sort.Strings(pageFiles)
	for _, name := range pageFiles {
		b := s.assets[name].body
		for _, abs := range []string{`src="/`, `href="/`, `fetch("/`, `Worker("/`, `importScripts("/`, `url(/`, `from "/`, `import("/`} {
			if bytes.Contains(b, []byte(abs)) {
				t.Errorf("%s has an absolute URL (%s…)", name, abs)
			}
		}
	}

	dir := t.TempDir()
	if err := s.writeDir(dir); err != nil {
		t.Fatal(err)
	}
	for name, a := range s.assets {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(b, a.body) {
			t.Errorf("written %s differs (%v)", name, err)
		}
	}
	for _, m := range wasmModules {
		gz, err := os.ReadFile(filepath.Join(dir, m.name+".gz"))
		if err != nil || !gunzipEquals(gz, s.assets[m.name].body) {
			t.Errorf("%s.gz is not %s gzipped (%v)", m.name, m.name, err)
		}
	}
}

// TestWASMSplit checks that each module links only its side: the engine, on the path to the first
// result, has no highlighter or file system, and the workspace has no assembler, emulator or lab.
func TestWASMSplit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list for js/wasm")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	banned := map[string][]string{
		"engine.wasm": {"github.com/alecthomas/chroma", "github.com/hack-pad/", "github.com/yuin/goldmark", "/cmd/wasm/workspace",
			"/cmd/wasm/highlight", "/internal/markdown"},
		"tools.wasm": {"github.com/alecthomas/chroma", "github.com/hack-pad/", "github.com/yuin/goldmark", "/cmd/wasm/workspace",
			"/cmd/wasm/highlight", "/internal/markdown"},
		"workspace.wasm": {"github.com/avrlab/avrlab/asm", "github.com/avrlab/avrlab/emu", "github.com/avrlab/avrlab/lab",
			"/cmd/wasm/engine"},
	}
	// asm/dialect is the standard-library-only leaf that tells the dialect of a file name; the
	// highlighter needs it, and it links no assembler.
	allowed := map[string]bool{"github.com/avrlab/avrlab/asm/dialect": true}
	needed := map[string]string{"engine.wasm": "/cmd/wasm/engine", "tools.wasm": "/cmd/wasm/engine", "workspace.wasm": "/cmd/wasm/workspace"}
	for _, m := range wasmModules {
		cmd := exec.Command("go", "list", "-deps", "-tags="+m.tags, "./cmd/wasm")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %s: %v", m.name, err)
		}
		deps := strings.Fields(string(out))
		found := false
		for _, d := range deps {
			for _, b := range banned[m.name] {
				if strings.Contains(d, b) && !allowed[d] {
					t.Errorf("%s links %s", m.name, d)
				}
			}
			found = found || strings.HasSuffix(d, needed[m.name])
		}
		if !found {
			t.Errorf("%s does not link %s", m.name, needed[m.name])
		}
	}
}

// TestExercisesBundle reads an exercise folder as `go run . -exercises DIR` does: the list, the files,
// the index page, and the refusals naming the folder.
func TestExercisesBundle(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ks/README.md", "# Key <schedule>\n\ngoal: pass\n- goal: rank >= 3\n")
	write("ks/starter.S", "; avrlab task: speck64-128\n")
	write("ks/tests.txt", "scenario: key-schedule\n")
	write("notes/readme.txt", "not an exercise")
	s := &site{assets: map[string]*asset{}}
	if err := s.addExercises(os.DirFS(dir), dir); err != nil {
		t.Fatal(err)
	}
	if got := string(s.assets["exercises/index.json"].body); got != `[{"id":"ks","title":"Key \u003cschedule\u003e","task":"speck64-128","goals":["pass","rank \u003e= 3"],"tests":true}]` {
		t.Errorf("index.json %s", got)
	}
	for _, name := range []string{"exercises/ks/README.md", "exercises/ks/starter.S", "exercises/ks/tests.txt"} {
		if s.assets[name] == nil {
			t.Errorf("no %s", name)
		}
	}
	page := string(s.assets["exercises/index.html"].body)
	if !strings.Contains(page, `<a href="../index.html#exercise=ks">Key &lt;schedule&gt;</a>`) || strings.Contains(page, "<schedule>") {
		t.Errorf("index page:\n%s", page)
	}
	for name, text := range map[string]string{
		"bad name/README.md": "goal: pass\n",
		"nogoal/README.md":   "# x\n",
		"badgoal/README.md":  "goal: speed > 1\n",
		"badtests/tests.txt": "colour: red\n",
	} {
		d := t.TempDir()
		ex := filepath.Dir(filepath.Join(d, filepath.FromSlash(name)))
		os.MkdirAll(ex, 0o755)
		os.WriteFile(filepath.Join(d, filepath.FromSlash(name)), []byte(text), 0o644)
		if _, err := os.Stat(filepath.Join(ex, "README.md")); err != nil {
			os.WriteFile(filepath.Join(ex, "README.md"), []byte("goal: pass\n"), 0o644)
		}
		os.WriteFile(filepath.Join(ex, "starter.S"), []byte("nop\n"), 0o644)
		err := (&site{assets: map[string]*asset{}}).addExercises(os.DirFS(d), d)
		if err == nil || !strings.Contains(err.Error(), filepath.Base(ex)) {
			t.Errorf("%s: error %v, want one naming the folder", name, err)
		}
	}
	// A README the page would refuse to render (a wide table: 24 KB of text, 100 MB of HTML) stops
	// the build with the page's message.
	wide := t.TempDir()
	os.MkdirAll(filepath.Join(wide, "wide"), 0o755)
	os.WriteFile(filepath.Join(wide, "wide", "README.md"), []byte("goal: pass\n\n"+strings.Repeat("|a", 3000)+"\n"+strings.Repeat("|-", 3000)+"\n"+strings.Repeat("x\n", 6000)), 0o644)
	os.WriteFile(filepath.Join(wide, "wide", "starter.S"), []byte("nop\n"), 0o644)
	err := (&site{assets: map[string]*asset{}}).addExercises(os.DirFS(wide), "set")
	if want := "exercise set/wide: README.md: line 4: the table has 6001 rows of 3000 columns; the tables of instructions may have 65536 cells in all"; err == nil || err.Error() != want {
		t.Errorf("wide table: %v\nwant %s", err, want)
	}
	// The bundled set: every exercise of examples/exercises, with its goals.
	bundled := testSiteAssets(t)
	var list []exerciseInfo
	if err := json.Unmarshal(bundled["exercises/index.json"].body, &list); err != nil || len(list) != 6 {
		t.Fatalf("bundled exercises %v: %s", err, bundled["exercises/index.json"].body)
	}
}

func testSiteAssets(t *testing.T) map[string]*asset {
	t.Helper()
	s := &site{assets: map[string]*asset{}}
	exFS, err := fs.Sub(examples.FS, "exercises")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.addExercises(exFS, ""); err != nil {
		t.Fatal(err)
	}
	return s.assets
}

// TestExercisesConfined: -exercises DIR reads only what lies in DIR, as grading reads a submission:
// a README or starter that is a symbolic link out of DIR stops the build with the file's name (it was
// served and copied by -out), a named pipe is refused without blocking, and a link inside DIR is read.
func TestExercisesConfined(t *testing.T) {
	base := t.TempDir()
	set := filepath.Join(base, "set")
	secret := filepath.Join(base, "secret.txt")
	for name, text := range map[string]string{
		"secret.txt":        "goal: pass\nthe teacher's secret\n",
		"set/ok/README.md":  "# OK\n\ngoal: pass\n",
		"set/ok/starter.S":  "nop\n",
		"set/out/starter.S": "nop\n",
	} {
		p := filepath.Join(base, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := func() ([]string, error) {
		s := &site{assets: map[string]*asset{}}
		err := s.addExercisesDir(set)
		var names []string
		for n := range s.assets {
			names = append(names, n)
		}
		sort.Strings(names)
		return names, err
	}
	// A link out of the folder, absolute or relative.
	for _, target := range []string{secret, "../../secret.txt"} {
		link := filepath.Join(set, "out", "README.md")
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		names, err := build()
		if err == nil || !strings.Contains(err.Error(), "exercise "+set+"/out: README.md: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("README.md -> %s: assets %v, error %v; want the build refused naming out/README.md", target, names, err)
		}
	}
	// A link inside the folder is read.
	os.Remove(filepath.Join(set, "out", "README.md"))
	if err := os.Symlink("../ok/README.md", filepath.Join(set, "out", "README.md")); err != nil {
		t.Fatal(err)
	}
	if names, err := build(); err != nil || !slices.Contains(names, "exercises/out/README.md") {
		t.Errorf("a link inside the folder: %v, %v", names, err)
	}
	// A named pipe as the starter: refused, not waited on.
	os.Remove(filepath.Join(set, "out", "starter.S"))
	if err := syscall.Mkfifo(filepath.Join(set, "out", "starter.S"), 0o644); err != nil {
		t.Skip(err)
	}
	if _, err := build(); err == nil || !strings.Contains(err.Error(), "starter.S: not a regular file (p") {
		t.Errorf("a named pipe as starter.S: %v", err)
	}
}

// TestServerLimits serves a site on 127.0.0.1 with the playground's server, its timeouts made short,
// and checks with a raw TCP client (each read bounded by a deadline far above the limits, so the test
// measures that the server ends the connection, not how fast) that an idle keep-alive connection and
// one whose headers never end are closed, and that oversized headers are refused.
func TestServerLimits(t *testing.T) {
	s := &site{assets: map[string]*asset{}}
	s.add("index.html", []byte("<!doctype html><title>t</title>"))
	// Short, but not so short that a busy machine's scheduling delay between the client's dial and its
	// write (a request, 64 KiB of headers) outlasts them: the test must not depend on the load.
	lim := serverLimits{ReadHeader: 2 * time.Second, Read: 3 * time.Second, Write: 5 * time.Second,
		Idle: 500 * time.Millisecond, HeaderMax: 4 << 10}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(s, lim)
	go srv.Serve(ln)
	defer srv.Close()
	const bound = 30 * time.Second // far above every limit: a closed connection, not a fast one
	dial := func() net.Conn {
		c, err := net.DialTimeout("tcp", ln.Addr().String(), bound)
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(bound))
		return c
	}
	// readAll reads until the server closes the connection; a deadline error means it never did.
	readAll := func(c net.Conn, what string) string {
		b, err := io.ReadAll(c)
		if err != nil {
			t.Errorf("%s: the server kept the connection open (%v)", what, err)
		}
		return string(b)
	}

	c := dial()
	fmt.Fprint(c, "GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
	if got := readAll(c, "idle keep-alive connection"); !strings.HasPrefix(got, "HTTP/1.1 200 OK") {
		t.Errorf("first response %.100q", got)
	}
	c.Close()

	c = dial()
	fmt.Fprint(c, "GET /index.html HTTP/1.1\r\nHost: x\r\nX-Slow: ")
	readAll(c, "headers that never end")
	c.Close()

	c = dial()
	fmt.Fprintf(c, "GET /index.html HTTP/1.1\r\nHost: x\r\nX-Big: %s\r\n\r\n", strings.Repeat("a", 64<<10))
	if got := readAll(c, "oversized headers"); !strings.HasPrefix(got, "HTTP/1.1 431") {
		t.Errorf("64 KiB of headers: %.100q, want 431", got)
	}
	c.Close()

	if d := defaultServerLimits(); d.ReadHeader <= 0 || d.Read <= 0 || d.Write < time.Minute || d.Idle <= 0 || d.HeaderMax <= 0 || d.HeaderMax > 1<<20 {
		t.Errorf("playground limits %+v: every timeout set, Write long enough for the WebAssembly download", d)
	}
}

// TestExampleIncludes: examples/index.json lists the example files each example includes, as the
// assembler follows them (sneikha256.S's #include "sneik-f512.S"); a built-in header (mpmul256.S's
// <avr/io.h>) and a generated device file (speck64-atmel.asm's m128def.inc) are no example files.
func TestExampleIncludes(t *testing.T) {
	s := &site{assets: map[string]*asset{}}
	if err := s.addExamples(); err != nil {
		t.Fatal(err)
	}
	var list []exampleEntry
	if err := json.Unmarshal(s.assets["examples/index.json"].body, &list); err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, e := range list {
		if len(e.Includes) > 0 {
			got[e.ID] = e.Includes
		}
	}
	want := map[string][]string{"sneikha256": {"sneik-f512.S"}, "sneiken128": {"sneik-f512.S"},
		"rlwe256-enc-xmega": {"ntt256-xmega.S"}, "rlwe256-keygen-xmega": {"ntt256-xmega.S"}, "rlwe256-dec-xmega": {"intt256-xmega.S"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("examples' includes %v, want %v", got, want)
	}
}
