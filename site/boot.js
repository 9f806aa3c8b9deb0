// The page's first script (a classic one in <head>, before the ES modules load): it starts fetching and
// compiling engine.wasm (streaming) and the engine's Web Worker at once, and hands the module to the
// worker when it is compiled, so the download, the compilation and the Go start-up overlap the loading
// of the page's modules and its layout. js/engine.js adopts the worker (avrlabBoot.engine) with the
// messages it sent meanwhile. On a repeat visit (or a link) the saved files decide the first run, so
// the workspace module starts here too; on a first visit it waits for the first result.
"use strict";
(() => {
  const boot = (self.avrlabBoot = {});
  try {
    boot.firstVisit = !location.hash && localStorage.getItem("avrlab.current") === null;
  } catch {
    boot.firstVisit = false;
  }
  // compile fetches and compiles a module, streaming where the host serves application/wasm.
  const compile = async (url) => {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch (e) {
      // A static host that serves .wasm with another Content-Type: compile from bytes instead.
      const r = await fetch(url);
      if (!r.ok) throw new Error(`fetching ${url}: ${r.status} ${r.statusText}`);
      return WebAssembly.compile(await r.arrayBuffer());
    }
  };
  const start = (role) => {
    const meta = document.querySelector(`meta[name="avrlab-wasm-${role}"]`);
    if (!meta || typeof Worker !== "function" || typeof WebAssembly !== "object") return;
    const b = { fetchStart: performance.now(), early: [] };
    b.module = compile(meta.content).then((module) => {
      b.compiled = performance.now();
      return module;
    });
    b.module.catch(() => {});
    b.worker = new Worker("worker.js");
    b.worker.onmessage = (e) => b.early.push(e.data);
    b.module.then((module) => b.worker.postMessage({ op: "init", module, role }), () => {});
    boot[role] = b;
  };
  start("engine");
  if (!boot.firstVisit) start("workspace");
})();
