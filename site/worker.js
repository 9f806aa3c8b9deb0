// One Go instance (engine.wasm or workspace.wasm) in a Web Worker. The page sends {op: "init", module,
// role} once (the module compiled by the page), then requests {id, op, arg}; each gets {id, result} or
// {id, error}, and long engine requests also post {id, progress: "benchmarking"} on the way.
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
    const progress = (phase) => self.postMessage({ id: m.id, progress: phase });
    let out = self.avrlabCall(m.op, JSON.stringify(m.arg || {}), progress);
    if (out && typeof out.then === "function") out = await out;
    const result = JSON.parse(out);
    if (result && typeof result.error === "string" && Object.keys(result).length === 1) {
      self.postMessage({ id: m.id, error: result.error });
    } else {
      self.postMessage({ id: m.id, result });
    }
  } catch (err) {
    self.postMessage({ id: m.id, error: String(err && err.message || err) });
  }
};
