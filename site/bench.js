// site/bench.html: run an Intel HEX program on engine.wasm and publish window.benchResult. The same
// file is the page's script and its worker: the worker starts engine.wasm itself, handing the Go
// program's memory over (globalThis.avrlabGoMemory) so that translated code can work on it, then
// calls avrlabBench (cmd/wasm/bench.go).
"use strict";

if (typeof window === "undefined") {
  importScripts("wasm_exec.js");
  let ready = null;
  const start = (url) => new Promise((resolve, reject) => {
    self.avrlabReady = resolve;
    const go = new Go();
    fetch(url)
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(url + ": " + r.status))))
      .then((b) => WebAssembly.instantiate(b, go.importObject))
      .then(({ instance }) => {
        self.avrlabGoMemory = instance.exports.mem;
        go.run(instance).then(() => reject(new Error("the Go program exited")));
      })
      .catch(reject);
  });
  self.onmessage = async (e) => {
    const m = e.data;
    try {
      if (!ready) {
        // &phases=1: the translator's runtime (emu/translate/js.go) appends the time of each module's
        // compile, instantiation and first calls to this array; the result carries those of the timed
        // run as phases. Off by default: the timing is itself in the timed run.
        if (m.phases) self.avrlabPhases = [];
        // The playground's worker warms the translator up when idle after its first result (the
        // "warm" operation); this one does the same before the timed run (avrlabWarm). Two
        // measurements, off by default: &warminterp=1 also warms the interpreter as the playground's
        // first result (an interpreted bench) has (cmd/wasm/warm.go's warmBench), and &idle=MS pauses
        // before the timed run, so that V8's background compiling is not timed with it. Neither is the
        // default: the pause only moves that compiling out of the window, and a user's run can start
        // while it goes on. warm_ms is the warm-up's time, idle_ms the pause; neither is in ms.
        ready = start(m.wasm).then(() => {
          const t = performance.now();
          if (typeof self.avrlabWarm === "function") self.avrlabWarm(m.warmInterp);
          const w = performance.now() - t;
          return new Promise((resolve) => setTimeout(() => resolve(w), m.idle));
        });
      }
      const warmMS = await ready;
      if (self.avrlabPhases) self.avrlabPhases.length = 0;
      const res = JSON.parse(self.avrlabBench(JSON.stringify(m.req)));
      if (self.avrlabPhases) res.phases = self.avrlabPhases.map((p) => p.op + (p.op === "call" ? p.n : "") + " " + p.ms);
      res.warm_ms = warmMS;
      res.idle_ms = m.idle;
      self.postMessage(res);
    } catch (err) {
      self.postMessage({ name: m.req.name, error: String((err && err.message) || err) });
    }
  };
} else {
  // IDLE_MAX_MS bounds &idle=MS, the worker's pause after its warm-up (above; 0, none, by default).
  const IDLE_MAX_MS = 1000;
  const show = (r) => {
    window.benchResult = r;
    document.getElementById("out").textContent = JSON.stringify(r, null, 1);
    document.title = r.error ? "avrlab bench: error" : "avrlab bench: done";
  };
  window.addEventListener("DOMContentLoaded", async () => {
    const q = new URLSearchParams(location.search);
    const url = q.get("hex");
    const name = url ? url.split("/").pop().split("?")[0] : "";
    if (!url) {
      show({ name, error: "no ?hex=URL" });
      return;
    }
    let hex;
    try {
      const r = await fetch(url);
      if (!r.ok) throw new Error(url + ": " + r.status);
      hex = await r.text();
    } catch (err) {
      show({ name, error: String((err && err.message) || err) });
      return;
    }
    const meta = document.querySelector('meta[name="avrlab-wasm-engine"]');
    const w = new Worker("bench.js");
    w.onmessage = (e) => {
      show(e.data);
      w.terminate();
    };
    w.onerror = (e) => show({ name, error: e.message || "worker failed" });
    w.postMessage({
      wasm: meta ? meta.content : "engine.wasm",
      idle: Math.max(0, Math.min(IDLE_MAX_MS, Number(q.get("idle") ?? 0) || 0)),
      warmInterp: q.get("warminterp") === "1",
      phases: q.get("phases") === "1",
      req: { name, hex, device: q.get("device") || "", interp: q.get("interp") === "1", eager: q.get("eager") === "1", max_cycles: Number(q.get("max") || 0) },
    });
  });
}
