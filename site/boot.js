// The page's first script (a classic one in <head>, before the ES modules load): it starts the
// engine's Web Worker at once, named "boot engine URL", and the worker fetches (streaming), compiles
// and starts engine.wasm itself from its first line on, so the download, the compilation and the Go
// start-up overlap the loading of the page's modules and its layout without waiting for the page's
// thread. js/engine.js adopts the worker (avrlabBoot.engine) with the messages it sent meanwhile. On a
// repeat visit (or a link) the saved files decide the first run, so the workspace module starts here
// too; on a first visit it waits for the first result.
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
})();
