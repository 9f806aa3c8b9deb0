//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
	"github.com/avrlab/avrlab/examples"
	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/lab"
)

// siteFirst reads the built site's first.json.
func siteFirst(t *testing.T) (firstDoc, []byte) {
	t.Helper()
	a := testSite(t).assets["first.json"]
	if a == nil {
		t.Fatal("the site has no first.json")
	}
	var doc firstDoc
	if err := json.Unmarshal(a.body, &doc); err != nil {
		t.Fatalf("first.json: %v", err)
	}
	return doc, a.body
}

// nativeBench is the engine's answer to the bench request req, as a fresh worker gives it
// (engine.HandleCore with fresh caches), natively.
func nativeBench(t *testing.T, req firstRequest) []byte {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	c := engine.Caches{Includes: new(engine.IncludeCache), Bench: new(engine.BenchCache), Machines: new(lab.Machines)}
	return engine.HandleCore(nil, c, "bench", b, nil, nil)
}

// TestFirstAnswer checks first.json: the request is the one boot.js sends for the default example that
// index.html names (the example as the site serves it, every setting empty, the live budget) on a seed
// below 2^53 made from that request (firstSeed: the build is reproducible), and the answer is the engine's to it, byte for byte; a bench of the same request on
// another seed (a page's fresh one) reports the same figures.
func TestFirstAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WASM modules")
	}
	doc, _ := siteFirst(t)
	file := "cham64-v2.S"
	if !bytes.Contains(testSite(t).assets["index.html"].body, []byte(`<meta name="avrlab-first-example" content="`+file+`">`)) {
		t.Fatalf("index.html does not name %s as the first example", file)
	}
	src, err := fs.ReadFile(examples.FS, file)
	if err != nil {
		t.Fatal(err)
	}
	if served := testSite(t).assets["examples/"+file]; served == nil || !bytes.Equal(served.body, src) {
		t.Fatalf("examples/%s is not served as examples.FS holds it", file)
	}
	if doc.Request.Seed >= 1<<53 {
		t.Errorf("first.json's seed %d is not below 2^53", doc.Request.Seed)
	}
	// The seed is made from the request, so that two builds write the same first.json (and index.html,
	// which inlines it); another default example, or another version of it, gets another seed.
	if seed, err := firstSeed(doc.Request); err != nil || seed != doc.Request.Seed {
		t.Errorf("first.json's seed %d is not its request's firstSeed %d (%v)", doc.Request.Seed, seed, err)
	}
	if other, _ := firstSeed(newFirstRequest(file, string(src)+"\n", 0)); other == doc.Request.Seed || other >= 1<<53 {
		t.Errorf("an edited example's first seed is %d (the example's %d)", other, doc.Request.Seed)
	}
	if want := newFirstRequest(file, string(src), doc.Request.Seed); !reflect.DeepEqual(doc.Request, want) {
		t.Errorf("first.json's request is not the default example's first request:\n%+v\nwant\n%+v", doc.Request, want)
	}
	live := nativeBench(t, doc.Request)
	var compact bytes.Buffer
	if err := json.Compact(&compact, live); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doc.Answer, compact.Bytes()) {
		t.Errorf("first.json's answer is not the engine's to its request:\n%s\nwant\n%s", doc.Answer, live)
	}
	var pre, other engine.Response
	if err := json.Unmarshal(doc.Answer, &pre); err != nil {
		t.Fatal(err)
	}
	if pre.Report == nil || !pre.Report.Pass || pre.Report.Seed != doc.Request.Seed {
		t.Fatalf("first.json's answer: %s, want a PASS on its request's seed", doc.Answer)
	}
	req := doc.Request
	req.Seed = doc.Request.Seed ^ 0x5a5a5a5a5a
	if err := json.Unmarshal(nativeBench(t, req), &other); err != nil {
		t.Fatal(err)
	}
	p, o := pre.Report, other.Report
	if o == nil || o.Seed != req.Seed {
		t.Fatalf("the bench on seed %d gave no report of that seed", req.Seed)
	}
	type figures struct {
		Pass                bool
		Rank, CPB, Mean     float64
		Min, Max, Official  uint64
		Flash, RAM, Vectors int
		Failures, RespFlash int
		ConstantTime, ABIOK bool
	}
	fig := func(r engine.Response) figures {
		x := r.Report
		return figures{x.Pass, x.Rank, x.CPB, x.CyclesMean, x.CyclesMin, x.CyclesMax, x.Official.Cycles, x.Flash, x.RAM, x.Vectors,
			x.Failures, r.Flash, x.ConstantTime, x.ABIOK}
	}
	if fig(pre) != fig(other) {
		t.Errorf("figures on the build's seed %+v, on seed %d %+v", fig(pre), req.Seed, fig(other))
	}
	t.Logf("first.json: %d bytes; RANK %.2f, %d cycles, flash %d, RAM %d, seed %d", len(testSite(t).assets["first.json"].body), p.Rank, p.Official.Cycles, p.Flash, p.RAM, p.Seed)
}

// TestFirstRequestIsRequestJS runs site/js/request.js under Node: makeRequest for the default example as
// boot.js calls it is first.json's request but for the seed (field by field, in the same order), and
// prebuiltFor gives first.json's answer for it on any seed and for no request that differs in anything
// else: the source by one character, the file's name, the task, the device, the vectors, the cycle
// limit, the call, the defines, ?interp, a linked project, the budget of a full run.
func TestFirstRequestIsRequestJS(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WASM modules")
	}
	node := oracle.RequireTool(t, "node", "the request builder's test runs site/js/request.js (Debian: apt-get install nodejs)")
	_, first := siteFirst(t)
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	script := `
globalThis.location = { search: "" };
const r = await import(process.argv[1]);
const pre = JSON.parse(process.argv[2]);
const file = pre.request.main, src = pre.request.files[file];
const boot = (f, s, set = { maxCycles: 0 }, budget) => r.makeRequest({ [f]: s }, f, set, r.freshSeed(), budget);
const req = boot(file, src);
const out = { order: JSON.stringify(Object.keys(req)) === JSON.stringify(Object.keys(pre.request)),
  same: JSON.stringify({ ...req, seed: pre.request.seed }) === JSON.stringify(pre.request),
  taken: JSON.stringify(r.prebuiltFor(pre, req)) === JSON.stringify(pre.answer),
  fresh: req.seed !== pre.request.seed };
const others = {
  edited: boot(file, src.replace(";", "; ")), renamed: boot("main.S", src), task: boot(file, src, { task: "cham64-128" }),
  device: boot(file, src, { device: "atmega2560" }), vectors: boot(file, src, { vectors: "5" }),
  cycles: boot(file, src, { maxCycles: 5000000 }), call: boot(file, src, { call: "cham64_128_encrypt(block)" }),
  defines: boot(file, src, { defines: "ROUNDS=88" }), full: boot(file, src, { maxCycles: 0 }, 0),
  linked: { ...req, link: [file] }, interp: { ...req, interp: true }, goals: { ...req, goals: "goal: pass" },
};
out.taken_by = Object.keys(others).filter((k) => r.prebuiltFor(pre, others[k]) !== null);
out.none = [r.prebuiltFor(null, req), r.prebuiltFor({}, req), r.prebuiltFor(pre, null)].every((x) => x === null);
console.log(JSON.stringify(out));
`
	cmd := exec.Command(node, "--input-type=module", "-e", script, "file://"+filepath.Join(root, "site", "js", "request.js"), string(first))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	want := `{"order":true,"same":true,"taken":true,"fresh":true,"taken_by":[],"none":true}`
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("request.js against first.json: %s, want %s", got, want)
	}
}
