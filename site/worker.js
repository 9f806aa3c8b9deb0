// One Go instance (engine.wasm, tools.wasm or workspace.wasm) in a Web Worker. The page (or boot.js)
// sends {op: "init", module, role} once (the module it compiled), then requests {id, op, arg}; each
// gets {id, result} or {id, error}, and long engine requests also post {id, progress: "benchmarking"}
// on the way.
"use strict";
importScripts("wasm_exec.js");

let ready = null;

function start(module) {
  return new Promise((resolve, reject) => {
    self.avrlabReady = resolve;
    const go = new Go();
    WebAssembly.instantiate(module, go.importObject)
      .then((instance) => {
        // The translator (emu/translate) compiles AVR code to WebAssembly modules that import this
        // memory, so they work on the emulator's arrays in place.
        self.avrlabGoMemory = instance.exports.mem;
        go.run(instance).then(() => reject(new Error("the Go program exited")));
      })
      .catch(reject);
  });
}

self.onmessage = async (e) => {
  const m = e.data;
  if (m.op === "init") {
    const t0 = performance.now();
    ready = start(m.module);
    try {
      await ready;
      self.postMessage({ op: "ready", role: m.role, startMs: performance.now() - t0 });
    } catch (err) {
      self.postMessage({ op: "failed", error: String(err && err.message || err) });
    }
    return;
  }
  try {
    await ready;
    // ms: the call's time in this worker; marks: when (ms into the call) each progress phase began,
    // for the page's timings (avrlabTimings.calls: assembling, then benchmarking).
    const t0 = performance.now();
    const marks = [];
    const progress = (phase) => {
      marks.push([phase, performance.now() - t0]);
      self.postMessage({ id: m.id, progress: phase });
    };
    let out = self.avrlabCall(m.op, JSON.stringify(m.arg || {}), progress);
    if (out && typeof out.then === "function") out = await out;
    const t1 = performance.now();
    const result = JSON.parse(out);
    const ms = t1 - t0;
    const parseMs = performance.now() - t1;
    if (result && typeof result.error === "string" && Object.keys(result).length === 1) {
      self.postMessage({ id: m.id, error: result.error, ms, parseMs, marks });
    } else {
      self.postMessage({ id: m.id, result, ms, parseMs, marks });
    }
  } catch (err) {
    self.postMessage({ id: m.id, error: String(err && err.message || err) });
  }
};
