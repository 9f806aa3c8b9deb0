// The page's first script (a classic one in <head>, before the ES modules load): it starts the
// engine's Web Worker at once, named "boot engine URL", and the worker fetches (streaming), compiles
// and starts engine.wasm itself from its first line on, so the download, the compilation and the Go
// start-up overlap the loading of the page's modules and its layout without waiting for the page's
// thread. js/engine.js adopts the worker (avrlabBoot.engine) with the messages it sent meanwhile. On a
// repeat visit (or a link) the saved files decide the first run, so the workspace module starts here
// too; on a first visit it waits for the first result, and the default example's bench is posted
// from here (see boot.first below).
"use strict";
(() => {
  const boot = (self.avrlabBoot = {});
  try {
    boot.firstVisit = !location.hash && localStorage.getItem("avrlab.current") === null;
  } catch {
    boot.firstVisit = false;
  }
  const start = (role) => {
    const meta = document.querySelector(`meta[name="avrlab-wasm-${role}"]`);
    if (!meta || typeof Worker !== "function" || typeof WebAssembly !== "object") return;
    const b = { early: [], created: performance.now() }; // created: for the page's timings
    b.worker = new Worker("worker.js", { name: `boot ${role} ${meta.content}` });
    b.worker.onmessage = (e) => b.early.push(e.data);
    boot[role] = b;
  };
  // The page's long tasks (over 50 ms) until the first result, for the browser tests' timings.
  boot.longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (boot.longTasks.length < 100) boot.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no long-task timing in this browser
  }
  start("engine");
  if (!boot.firstVisit) start("workspace");
  // On a first visit the first result is the bench of the default example (js/engine.js, speculate).
  // Its request leaves from here, as soon as the example's text has come, so that it waits in the
  // worker for Go rather than in the page for its modules. The page takes the answer (id "boot") only
  // when the request is the one it would send itself (requestKey), and asks again otherwise.
  const ex = document.querySelector('meta[name="avrlab-first-example"]');
  if (boot.firstVisit && boot.engine && ex) {
    const w = new Uint32Array(2);
    crypto.getRandomValues(w);
    const first = (boot.first = { id: "boot", file: ex.content, seed: (w[0] & 0x1fffff) * 2 ** 32 + w[1] });
    first.source = fetch("examples/" + first.file)
      .then((r) => (r.ok ? r.text() : null))
      .then((source) => {
        if (source === null) return null;
        const q = new URLSearchParams(location.search);
        first.req = {
          files: { [first.file]: source }, main: first.file, task: "", device: "", vectors: 0, seed: first.seed,
          max_cycles: Math.max(0, parseInt(q.get("cycles") || "0", 10) || 0), call: "", binary: "", defines: "", scenario: "",
          rk: "", goals: "", tests: "", budget: 10_000_000, call_cycles: 0, interp: q.has("interp"), link: [],
        };
        first.sent = performance.now();
        boot.engine.worker.postMessage({ id: first.id, op: "bench", arg: first.req });
        return source;
      })
      .catch(() => null);
  }
})();
