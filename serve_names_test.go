//go:build !js

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/avrlab/avrlab/internal/oracle"
	"github.com/avrlab/avrlab/internal/wasmdata"
)

// TestWorkerTranslatesNames runs site/worker.js under Node with a fake worker around it (its fetch
// reads a directory) and has the Go program it runs print a traceback through wasm_exec.js's
// fs.writeSync: the lines are printed in order with the short names translated as
// wasmdata.Names.Translate does, through the table namesFile wrote for the module's URL, which it
// fetches once; with another version's table the lines are printed as they came.
func TestWorkerTranslatesNames(t *testing.T) {
	node := oracle.RequireTool(t, "node", "the worker's test runs site/worker.js (Debian: apt-get install nodejs)")
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	names := wasmdata.Names{"..._1f": "main.(*T).run", "._1f": "github.com/avrlab/avrlab/lab.Bench",
		"runtime.runtime._2": "runtime.park_m", "._3": "main.F[...]"}
	text := "plain line\ngoroutine 1 [running]:\n..._1f(...)\n\t?:0 +0x2\n._1f()\ncreated by runtime.runtime._2 in goroutine 1\n" +
		"x._3 ._3 1.._1f ..._4\n"
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "engine.names.txt"), namesFile("engine.wasm?v=abc", names), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `
const fs = require("fs"), path = require("path");
const [worker, glue, dir, url, text] = process.argv.slice(1);
const logged = [], fetched = [];
console.log = (s) => logged.push(s);
globalThis.self = globalThis;
self.name = "";
self.postMessage = () => {};
self.importScripts = () => (0, eval)(fs.readFileSync(glue, "utf8"));
globalThis.fetch = async (u) => {
  fetched.push(u);
  const f = path.join(dir, u.split("?")[0]);
  return fs.existsSync(f) ? { ok: true, text: async () => fs.readFileSync(f, "utf8") } : { ok: false, text: async () => "" };
};
(0, eval)(fs.readFileSync(worker, "utf8"));
self.onmessage({ data: { op: "init", module: null, role: "engine", url } });
const enc = new TextEncoder();
for (const part of text.match(/[^]{1,7}/g)) globalThis.fs.writeSync(2, enc.encode(part));
setTimeout(() => process.stdout.write(JSON.stringify({ logged, fetched })), 50);
`
	run := func(url string) (logged, fetched []string) {
		cmd := exec.Command(node, "-e", script, filepath.Join(root, "site", "worker.js"),
			filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"), dir, url, text)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("node: %v\n%s", err, out)
		}
		var got struct{ Logged, Fetched []string }
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("node printed %q: %v", out, err)
		}
		return got.Logged, got.Fetched
	}
	logged, fetched := run("engine.wasm?v=abc")
	if got, want := strings.Join(logged, "\n")+"\n", names.Translate(text); got != want || !strings.Contains(got, "main.(*T).run(...)") {
		t.Errorf("worker.js printed\n%s\nwant (Names.Translate)\n%s", got, want)
	}
	if len(fetched) != 1 || fetched[0] != "engine.names.txt?v=abc" {
		t.Errorf("worker.js fetched %q, want engine.names.txt?v=abc once", fetched)
	}
	if logged, _ := run("engine.wasm?v=def"); strings.Join(logged, "\n")+"\n" != text {
		t.Errorf("with another version's table worker.js printed\n%s\nwant the lines as they came", strings.Join(logged, "\n"))
	}
}
