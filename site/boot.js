// The page's first script (a classic one in <head>, before the ES modules load): it starts the
// engine's Web Worker at once, named "boot engine URL", and the worker fetches (streaming), compiles
// and starts engine.wasm itself from its first line on, so the download, the compilation and the Go
// start-up overlap the loading of the page's modules and its layout without waiting for the page's
// thread. js/engine.js adopts the worker (avrlabBoot.engine) with the messages it sent meanwhile. On a
// repeat visit (or a link) the saved files decide the first run, so the workspace module starts here
// too; on a first visit it waits for the first result, and the default example's bench is posted
// from here (see boot.first below), beside the fetch of first.json: that bench's answer measured when
// the site was built, which the page shows while its engine starts (boot.first.prebuilt).
//
// The page's modules (app.js and what it imports) load from here too (loadModules): at once on a
// repeat visit; on a first visit once first.json's score has been drawn (or could not be), so that
// their responses and compilation do not hold the page's thread between the first frame and the score.
"use strict";
(() => {
  const boot = (self.avrlabBoot = { began: performance.now() }); // began: for the page's timings
  // The page's timings until js/store.js makes them (avrlabTimings): on a first visit the modules may
  // load after the page's load event, and the browser tests read them from then on.
  if (!self.avrlabTimings) self.avrlabTimings = { editToRank: [] };
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
  // The document parsed (readyState no longer "loading"): app.js runs only then, as a module script of
  // the page's HTML would.
  const parsed = new Promise((resolve) => {
    if (document.readyState !== "loading") return resolve();
    document.addEventListener("readystatechange", resolve, { once: true }); // "interactive": parsed, before the modules run
  });
  // The modules app.js imports, directly or not (TestBootLoadsAppGraph), preloaded so that they load
  // side by side rather than import by import.
  const MODULES = ["util", "store", "request", "score", "engine", "editor", "workspace", "share", "results", "published", "controls", "exercises", "debugger", "profile", "chart", "devices", "leak"];
  const MODULES_WAIT_MS = 1000; // a first visit's longest wait for its score before the modules load
  let modulesAsked = false;
  const loadModules = () => {
    if (modulesAsked) return;
    modulesAsked = true;
    boot.modulesAsked = performance.now(); // for the page's timings
    for (const m of MODULES) {
      const l = document.createElement("link");
      l.rel = "modulepreload";
      l.href = `js/${m}.js`;
      document.head.append(l);
    }
    parsed.then(() => {
      const app = document.createElement("script");
      app.type = "module";
      app.src = "app.js";
      document.head.append(app);
    });
  };
  // The engine's worker first: it is needed on every visit, and the first read of localStorage in a
  // fresh profile may wait for the browser to open the origin's storage.
  start("engine");
  try {
    boot.firstVisit = !location.hash && localStorage.getItem("avrlab.current") === null;
  } catch {
    boot.firstVisit = false;
  }
  if (!boot.firstVisit) start("workspace");
  // On a first visit the first result is the bench of the default example (js/engine.js, speculate).
  // Its request leaves from here, as soon as the example's text has come, so that it waits in the
  // worker for Go rather than in the page for its modules. The page takes the answer (id "boot") only
  // when the request is the one it would send itself (requestKey), and asks again otherwise.
  const ex = document.querySelector('meta[name="avrlab-first-example"]');
  if (boot.firstVisit && boot.engine && ex) {
    const first = (boot.first = { id: "boot", file: ex.content });
    // js/request.js builds the request, as it does the page's: the page takes this answer only when
    // its own request is the same.
    const requestP = import("./js/request.js").catch(() => null); // none: the page sends its own
    // first.json: the engine's answer to this request, measured when the site was built (serve.go), which
    // the page shows until its engine answers when the request is the same but for the seed (prebuilt).
    const preP = fetch("first.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);
    requestP.then(() => (first.requestAt = performance.now())); // for the page's timings
    first.source = Promise.all([fetch("examples/" + first.file).then((r) => (r.ok ? r.text() : null)).then((t) => ((first.sourceAt = performance.now()), t)), requestP])
      .then(([source, r]) => {
        if (source === null || r === null) return source;
        first.seed = r.freshSeed();
        const cycles = Math.max(0, parseInt(new URLSearchParams(location.search).get("cycles") || "0", 10) || 0);
        first.req = r.makeRequest({ [first.file]: source }, first.file, { maxCycles: cycles }, first.seed);
        first.sent = performance.now();
        boot.engine.worker.postMessage({ id: first.id, op: "bench", arg: first.req });
        return source;
      })
      .catch(() => null);
    first.prebuilt = Promise.all([preP, requestP, first.source])
      .then(([pre, r]) => (pre && r && first.req ? r.prebuiltFor(pre, first.req) : null))
      .catch(() => null);
    // Its score and figures are written before the page's first frame by index.html's inline copy of
    // js/score.js (first.inlined, see showInlinedScore there) when it could; else from here, by
    // js/score.js (the page's own writer of them), as soon as the answer and the parsed document are
    // both in, without waiting for the page's modules; unless the page has decided on its first
    // request by then (first.taken, js/engine.js speculate). The inlined score is withdrawn when
    // first.json does not answer the page's real request, and written again from first.json should
    // the two differ. first.scoreAt: when they were written; first.scorePainted: a frame rendered since.
    const scoreP = import("./js/score.js").catch(() => null);
    const parsedP = parsed.then(() => (first.parsedAt = performance.now())); // for the page's timings, as prebuiltAt
    first.prebuilt.then(() => (first.prebuiltAt = performance.now()));
    first.score = Promise.all([first.prebuilt, scoreP, parsedP])
      .then(([pre, s]) => {
        if (!s) return false;
        if (!pre || first.taken) return s.withdrawInlinedScore(first), false;
        if (first.inlined !== JSON.stringify(pre)) {
          if (!s.showScoreFirst(pre)) return s.withdrawInlinedScore(first), false;
          first.scoreAt = performance.now();
        }
        first.scorePainted = s.afterFrame();
        return true;
      })
      .catch(() => false);
    // The page's modules once that score is drawn, or will not be, or after MODULES_WAIT_MS at most.
    Promise.race([first.score.then((shown) => shown && first.scorePainted), new Promise((resolve) => setTimeout(resolve, MODULES_WAIT_MS))]).then(loadModules, loadModules);
  }
  if (!boot.first) loadModules(); // a first visit's wait for its score is above
})();
