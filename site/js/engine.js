// The engine: the Web Workers that run the Go modules built from cmd/wasm, and the one place that
// sends the engine its requests and schedules the runs.
//   engine    — engine.wasm: assemble, benchmark, run; terminated and restarted by Stop, so a
//               runaway program never freezes the page; started first (boot.js), it is on the path to
//               the first RANK;
//   tools     — tools.wasm: the debugger, the profiler, the leakage pane, linked programs; loaded when
//               first needed (see engine below), restarted by Stop as the engine is;
//   workspace — workspace.wasm: the files in IndexedDB (through hackpadfs), chroma highlighting and
//               Markdown; started after the first result on a first visit.
import { $, setStatus, afterFrame, afterFramePainted } from "./util.js";
import { store, timings, mainFile } from "./store.js";
import { clearScore, PREBUILT_PHASE } from "./score.js";
import { LIVE_BUDGET_CYCLES, freshSeed, makeRequest as buildRequest } from "./request.js";

// LIVE_DELAY_MS: edit → benchmark debounce. A run takes a few tens of ms, and a newer edit stops
// a live one running (the engine's worker asks between its calls, site/worker.js),
// so the debounce only gathers the keys of one burst (keys sent by a program, an input method's
// events, a paste with its input events). The page posts a live run at once and the engine's worker
// holds it this long: a newer edit's request replaces a held one (superseded). A timer on the page
// fired only after the page had laid out and drawn the keystroke, 11-22 ms after it.
export const LIVE_DELAY_MS = 5;
// BURST_MS: an edit that comes this soon after the one before is of a burst, and its run is held
// LIVE_DELAY_MS for the next; one that comes later (a person's keystroke: 30 ms and more apart, even
// a key's repeat) is run at once, unheld, since no next key is likely within the hold.
export const BURST_MS = 20;
// LIVE_BUDGET_CYCLES: what a live run's random vectors may take together (js/request.js).
export { LIVE_BUDGET_CYCLES };
const STALE_RESTART_MS = 1500; // a live run older than this is abandoned when a newer edit waits
export const DEFAULT_EXAMPLE = "cham64-v2";

// isDoc tells the files the page previews instead of assembling: Markdown (an exercise's README.md)
// and plain text (tests.txt).
export const isDoc = (name) => /\.(md|markdown|txt)$/i.test(name || "");

// firstResultP settles with the first result shown, or FIRST_RESULT_WAIT_MS after the page opened
// (colours and the workspace should not wait for ever on a failed first run). On a first visit, when
// the engine is still on a request then (the default example's bench on a loaded machine), it waits
// for the engine to answer, so that the workspace module's download, compilation and start-up do not
// compete with the first bench for the CPU; on a repeat visit the workspace started at once, and a
// saved program's first bench may be long, so the colours wait no longer than that.
let firstResultDone;
export const firstResultP = new Promise((resolve) => {
  firstResultDone = resolve;
});
const FIRST_RESULT_WAIT_MS = 3000;

export class StoppedError extends Error {
  constructor() {
    super("stopped");
  }
}

// SupersededError: a live run the worker held, or ran, was replaced by a newer one (see LIVE_DELAY_MS).
export class SupersededError extends Error {
  constructor() {
    super("superseded");
  }
}

// booted is what boot.js started for role (a worker compiling the module), or null.
function booted(role) {
  const b = self.avrlabBoot && self.avrlabBoot[role];
  if (!b) return null;
  self.avrlabBoot[role] = null; // adopted once
  return b;
}

class WorkerClient {
  // modulePromise is a function returning the promise of the compiled module; boot, what boot.js
  // started for the role ({worker, early}: a worker that compiles its module itself).
  constructor(role, modulePromise, boot = null) {
    this.role = role;
    this.seq = 0;
    this.pending = new Map();
    this.generation = 0; // counts restarts: state kept in the worker (a debug session) dies with it
    this.warmAfterRestarts = false; // warm a restarted worker after its first answer (the core's)
    this.warmNext = false;
    if (boot) {
      // The boot worker compiles the module itself and posts it ("compiled"), kept for restarts.
      this.modP = new Promise((res, rej) => {
        this.moduleRes = res;
        this.moduleRej = rej;
      });
      this.modP.catch(() => {});
    } else {
      this.modP = modulePromise();
    }
    this.start(boot);
  }
  start(boot = null) {
    this.w = boot ? boot.worker : new Worker("worker.js");
    this.ready = new Promise((res, rej) => {
      this.readyRes = res;
      this.readyRej = rej;
    });
    this.ready.catch(() => {});
    this.w.onmessage = (e) => this.onMessage(e.data);
    this.w.onerror = (e) => this.readyRej(new Error(e.message || `${this.role} worker failed`));
    const w = this.w;
    if (boot) {
      timings[this.role + "WorkerCreated"] = boot.created;
      this.given = Promise.resolve(); // the boot worker fetches its own module
      for (const m of boot.early) this.onMessage(m);
      return;
    }
    // given: the worker has been sent its module, so a request posted now is served after the init.
    this.given = this.modP.then(
      (module) => w.postMessage({ op: "init", module, role: this.role, url: wasmURL(this.role) }),
      (err) => this.readyRej(err),
    );
  }
  onMessage(m) {
    if (m.op === "compiled") {
      // From the boot worker: its module (or, from a browser that cannot post one, a compile of ours),
      // with the times on the worker's clock.
      timings[this.role + "FetchStart"] = m.fetchStart - performance.timeOrigin;
      timings[this.role + "Compiled"] = m.compiled - performance.timeOrigin;
      if (m.fetchEnd) timings[this.role + "FetchEnd"] = m.fetchEnd - performance.timeOrigin;
      timings[this.role + "CompileMs"] = m.compiled - m.fetchStart;
      if (this.moduleRes) this.moduleRes(m.module || compileModule(this.role));
      this.moduleRes = null;
      return;
    }
    if (m.op === "ready") {
      // When the worker's script began, had loaded the Go glue and began instantiating (page clock).
      timings[this.role + "WorkerUp"] = m.upAt - performance.timeOrigin;
      timings[this.role + "WorkerGlue"] = m.glueAt - performance.timeOrigin;
      timings[this.role + "WorkerInit"] = m.initAt - performance.timeOrigin;
      timings[this.role + "StartMs"] = m.startMs;
      timings[this.role + "Ready"] = performance.now();
      return this.readyRes();
    }
    if (m.op === "failed") {
      if (this.moduleRes) this.moduleRej(new Error(m.error));
      this.moduleRes = null;
      return this.readyRej(new Error(m.error));
    }
    const p = this.pending.get(m.id);
    if (!p) {
      // The answer to boot.js's first request before the page has taken it (adopt).
      if (m.id === "boot" && m.progress === undefined) this.bootAnswer = m;
      return;
    }
    if (m.progress !== undefined) {
      p.ran = true;
      if (p.onProgress) p.onProgress(m.progress);
      return;
    }
    this.pending.delete(m.id);
    if (m.superseded) {
      // Counted for the tests: superseded live runs, and those of them that had started in Go
      // (stopped running rather than replaced while held).
      timings.superseded = (timings.superseded || 0) + 1;
      if (p.ran) timings.stoppedRunning = (timings.stoppedRunning || 0) + 1;
      return p.reject(new SupersededError());
    }
    noteCall(this.role, p, m, this.generation);
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.result);
    if (this.warmNext && p.op !== "warm") {
      // A restarted worker is warmed after its first answer, as the first one is (warmAfterRestarts).
      this.warmNext = false;
      setTimeout(() => this.call("warm", {}).catch(() => {}), 0);
    }
  }
  // call posts a request; hold (ms, 0 included; null: not live) makes it a live run the worker holds
  // that long (see LIVE_DELAY_MS), which fails with SupersededError when a newer live one replaces it.
  // The request is posted once the worker has its module, not once the page has seen it ready: the
  // worker queues it until Go is up (worker.js), so a page busy laying itself out does not hold back
  // the first bench. A worker that fails to start fails its requests.
  async call(op, arg, onProgress, hold = null) {
    // The worker has its module (a restart meanwhile: the new worker has).
    for (let given = null; given !== this.given; ) await (given = this.given);
    const w = this.w;
    const ready = this.ready;
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress, op, sent: performance.now() });
      w.postMessage(hold !== null ? { id, op, arg, hold } : { id, op, arg });
      ready.catch((err) => {
        if (this.w === w && this.pending.get(id)) {
          this.pending.delete(id);
          reject(err);
        }
      });
    });
  }
  // adopt takes the answer to a request boot.js posted itself (id), which the page sends as op at
  // sent (page clock): as call's, from the answer kept if it came first.
  adopt(id, op, sent) {
    const ready = this.ready;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, op, sent });
      ready.catch((err) => {
        if (this.pending.get(id)) {
          this.pending.delete(id);
          reject(err);
        }
      });
      const m = this.bootAnswer;
      this.bootAnswer = null;
      if (m && m.id === id) this.onMessage(m);
    });
  }
  get busy() {
    return this.pending.size > 0;
  }
  restart() {
    this.w.terminate();
    this.generation++;
    const stopped = [...this.pending.values()];
    this.pending.clear();
    for (const p of stopped) p.reject(new StoppedError());
    this.start();
    this.warmNext = this.warmAfterRestarts;
    store.emit("engine-restarted", this.role);
  }
}

// noteCall keeps the timing of an answered call in avrlabTimings.calls (the last 40): when it was sent
// and answered, its time inside the worker (ms, and when each progress phase began: "assembling",
// "benchmarking ..."), how long the worker held it first (heldMs, a live run: LIVE_DELAY_MS), and
// the worker's JSON.parse of the answer (parseMs), and the worker's generation (its restarts before
// it); the first call of each
// op is also kept as firstCalls[op]. The browser tests log them as the phases of the first RANK and
// of a keystroke.
function noteCall(role, p, m, generation) {
  // received, posted: when the worker took the request and posted this answer, on the page's clock.
  const onPage = (at) => (at ? at - performance.timeOrigin : 0);
  const c = { role, generation, op: p.op, sent: p.sent, answered: performance.now(), ms: m.ms, parseMs: m.parseMs, marks: m.marks, heldMs: m.heldMs || 0, received: onPage(m.recvAt), posted: onPage(m.postAt) };
  timings.calls = timings.calls || [];
  timings.calls.push(c);
  if (timings.calls.length > 40) timings.calls.shift();
  timings.firstCalls = timings.firstCalls || {};
  if (!timings.firstCalls[p.op]) timings.firstCalls[p.op] = c;
}

// wasmURL is the URL of the module of a worker role (engine, workspace), with its version.
function wasmURL(role) {
  return document.querySelector(`meta[name="avrlab-wasm-${role}"]`).content;
}

// compileModule fetches and compiles the module of a worker role (engine, workspace).
async function compileModule(role) {
  const url = wasmURL(role);
  const t0 = performance.now();
  timings[role + "FetchStart"] = t0;
  let mod;
  try {
    mod = await WebAssembly.compileStreaming(fetch(url));
  } catch (e) {
    // A static host that serves .wasm with another Content-Type: compile from bytes instead.
    const r = await fetch(url);
    if (!r.ok) throw new Error(`fetching ${url}: ${r.status} ${r.statusText}`);
    mod = await WebAssembly.compile(await r.arrayBuffer());
  }
  timings[role + "Compiled"] = performance.now();
  timings[role + "CompileMs"] = timings[role + "Compiled"] - t0;
  return mod;
}

// The engine is two modules (cmd/wasm): engine.wasm, on the path to the first RANK, assembles,
// benchmarks and runs; tools.wasm, the whole engine, adds the debugger and profiler (debug-*), the
// leakage pane (leak), linked programs (a dropped ELF or HEX) and an exercise's leakage goals on Run.
// tools.wasm is loaded the first time it is needed or one of its panes opens (warmTools); the core
// answers {"redirect": "tools"} to what it leaves to it, and the request goes there.
const core = new WorkerClient("engine", () => compileModule("engine"), booted("engine"));
let tools = null;
// waitFirstResult settles firstResultP, on a first visit once the core worker has no request under way.
const waitFirstResult = () => (firstVisit && core.busy ? setTimeout(waitFirstResult, 250) : firstResultDone());
setTimeout(waitFirstResult, FIRST_RESULT_WAIT_MS);
const TOOLS_PANES = new Set(["debug", "cycles", "leak"]);

// warmTools starts tools.wasm (fetch, compile, Go start-up) unless it runs already.
export function warmTools() {
  if (!tools) {
    tools = new WorkerClient("tools", () => compileModule("tools"));
    // Its engine runs the longest live benches (P-192, Ring-LWE): warmed after its first answer and
    // after a restart, as the core is, so that they translate as soon as the core's would.
    tools.warmNext = tools.warmAfterRestarts = true;
  }
  return tools;
}
store.on("pane", (name) => {
  if (TOOLS_PANES.has(name)) warmTools();
});

const toolsOp = (op, arg) => op === "leak" || op.startsWith("debug-") || !!(arg && arg.binary);

// engine is the page's one handle on the two: call routes a request, generation counts the restarts
// of the worker that keeps debugger sessions (tools), restart ends what runs (Stop).
export const engine = {
  async call(op, arg, onProgress, hold = null) {
    if (toolsOp(op, arg)) return warmTools().call(op, arg, onProgress, hold);
    const res = await core.call(op, arg, onProgress, hold);
    // A live run goes on live (hold): tools.wasm stops it for a newer one as the core does.
    if (res && res.redirect === "tools") return warmTools().call(op, arg, onProgress, hold);
    return res;
  },
  get generation() {
    return tools ? tools.generation : 0;
  },
  get busy() {
    return core.busy || (tools !== null && tools.busy);
  },
  // restart terminates the workers that are running a request and starts them afresh (their pending
  // calls fail with StoppedError); with none running, the core.
  restart() {
    const busy = [core, tools].filter((c) => c && c.busy);
    for (const c of busy.length ? busy : [core]) c.restart();
  },
};

// On a first visit the engine benches the default example before the workspace is needed, so the
// workspace module is fetched, compiled and started after the first result instead of competing with
// the engine for the network and the CPU. On a repeat visit (or a link) the saved files decide what to
// bench, so it starts right away.
export const firstVisit = (() => {
  if (self.avrlabBoot && self.avrlabBoot.firstVisit !== undefined) return self.avrlabBoot.firstVisit;
  try {
    return !location.hash && localStorage.getItem("avrlab.current") === null;
  } catch {
    return false;
  }
})();
// After the first result, while the page is idle, the engine's worker runs a small program translated
// ("warm", cmd/wasm/warm.go), so that V8 has compiled the translator's and the emulator's Go code
// before the first run long enough to be translated (a fresh worker's first translation took tens of
// ms more than later ones). The interpreter needs no such step: the first bench ran on it.
// A worker that Stop (or a stale live run) restarted is warmed the same way after its own first
// answer (warmAfterRestarts): else its translated runs would pay V8's first compile again, and its
// engine would never be told it is warmed (translate.Engine.Warmed), waiting longer to translate.
firstResultP.then(() => setTimeout(() => core.call("warm", {}).catch(() => {}), 0));
core.warmAfterRestarts = true;
export const ws = new WorkerClient(
  "workspace",
  () => (firstVisit ? firstResultP.then(() => compileModule("workspace")) : compileModule("workspace")),
  booted("workspace"),
);

// ---- requests ----------------------------------------------------------------------------------------

// runSeed is the seed of the runs the page makes: drawn when the page opens and again for every Run
// (Ctrl+Enter); the live runs while typing keep it, so that their figures move only with the code.
let runSeed = freshSeed();

// makeRequest is the bench request of main among fileMap with the page's settings s, on the page's
// seed (js/request.js).
export function makeRequest(fileMap, main, s, budget = LIVE_BUDGET_CYCLES) {
  return buildRequest(fileMap, main, s, runSeed, budget);
}

// request is the engine request for what the page shows now: the current program, the settings, the
// open exercise's goals and tests, or a dropped binary. full asks for every vector (no live budget).
export function request(full = false) {
  if (full) runSeed = freshSeed();
  const req = makeRequest(Object.fromEntries(store.files()), mainFile(), store.settings, full ? 0 : LIVE_BUDGET_CYCLES);
  if (store.settings.link) {
    // The workspace as a project: every GNU source, the one measured first so its errors lead.
    const srcs = [...store.files().keys()].filter((n) => /\.s$/i.test(n)).sort();
    if (srcs.includes(req.main)) req.link = [req.main, ...srcs.filter((n) => n !== req.main)];
  }
  const ex = store.exercise;
  if (ex && req.files[ex.file] !== undefined) {
    req.goals = ex.readme;
    req.tests = ex.tests || "";
  }
  if (store.dropped) Object.assign(req, { files: {}, main: store.dropped.name, binary: store.dropped.b64 });
  // What the call took when this file was last measured: the engine plans a live run from it.
  const last = store.result && store.result.report;
  if (last && last.official && store.resultMain === req.main) req.call_cycles = last.official.cycles;
  return req;
}

// On a first visit the page will measure the default example. Its source is fetched with the module,
// the engine starts on it the moment it is up (the workspace is still opening), and the first run
// takes this answer when its request turns out the same. The first call of a fresh WebAssembly
// instance is several times slower than later ones, so starting it early is most of the first RANK's
// time.
let speculative = null; // {req, answer: Promise}
const defaultFile = DEFAULT_EXAMPLE + ".S"; // examples.List: the file of example ID is ID.S
// boot.js's request of the default example (see boot.first there), when it made one.
const bootFirst = (self.avrlabBoot && self.avrlabBoot.first) || null;
const defaultSourceP = bootFirst
  ? bootFirst.source
  : firstVisit
    ? fetch("examples/" + defaultFile).then((r) => (r.ok ? r.text() : null))
    : Promise.resolve(null);
defaultSourceP.catch(() => {});

// requestKey compares requests (an empty Vectors field is 0 in both: the engine resolves it).
function requestKey(req) {
  return JSON.stringify(req);
}

// dropBootScore keeps boot.js from showing first.json's score, and clears it if shown, when the page's
// first request is not the one first.json answers.
function dropBootScore() {
  if (!bootFirst || bootFirst.taken) return;
  bootFirst.taken = true;
  if (bootFirst.scoreAt !== undefined) clearScore();
}

export async function speculate() {
  const source = await defaultSourceP;
  if (source === null) return null;
  if (bootFirst && bootFirst.req) runSeed = bootFirst.seed; // the seed boot.js drew for the page's runs
  const req = makeRequest({ [defaultFile]: source }, defaultFile, { task: "", device: "", vectors: "", maxCycles: store.settings.maxCycles });
  let answer;
  let prebuilt = null;
  if (bootFirst && bootFirst.req && bootFirst.file === defaultFile && requestKey(bootFirst.req) === requestKey(req)) {
    // boot.js posted this very request: take its answer (a redirect goes on as engine.call's would),
    // and show first.json's until it comes when that is the answer to this request (showPrebuilt).
    timings.firstBenchFromBoot = true;
    prebuilt = bootFirst.prebuilt || null;
    answer = core.adopt(bootFirst.id, "bench", bootFirst.sent).then((res) => (res && res.redirect === "tools" ? warmTools().call("bench", req) : res));
  } else {
    dropBootScore();
    answer = engine.call("bench", req);
  }
  answer.catch(() => {});
  speculative = { req, answer, prebuilt };
  return { id: DEFAULT_EXAMPLE, file: defaultFile, source };
}

// showPrebuilt shows first.json's answer to the first run's request (spec.prebuilt, site/js/request.js
// prebuiltFor: the same request but for the seed) when it comes before the engine's answer, with
// the status line saying it is the build's and is being confirmed; it returns that answer, or null
// when there is none to show. The score and its figures come first, alone ("score"), in a frame of
// their own; the whole answer (setResult: vectors, tables, chart) in a task after that frame.
async function showPrebuilt(spec, run, main) {
  const pre = await Promise.race([spec.prebuilt, spec.answer.then(() => null, () => null)]).catch(() => null);
  if (!pre || running !== run) return null;
  let showing = performance.now();
  // boot.js wrote this score already when it could (boot.first.score), with the same writer.
  const early = bootFirst !== null && bootFirst.prebuilt === spec.prebuilt && (await bootFirst.score.catch(() => false));
  if (running !== run) return null;
  if (!early) store.emit("score", pre);
  run.phase = PREBUILT_PHASE;
  showPhase(run);
  let now = performance.now();
  timings.prebuiltScore = early ? bootFirst.scoreAt : now;
  timings.prebuiltScoreFromBoot = early;
  let ms = now - showing;
  await (early ? bootFirst.scorePainted : afterFrame());
  if (running !== run) return null; // a newer run shows its own answer
  showing = performance.now();
  store.setResult(pre, main);
  now = performance.now();
  timings.prebuiltShowMs = ms + (now - showing);
  timings.prebuiltShown = now;
  if (pre.report && pre.report.pass) timings.prebuiltRank = now;
  return pre;
}

// firstPrebuilt is showPrebuilt's promise for the page's first run (null when it has none): the page
// starts on the rest (the tables, the editor) once the prebuilt answer is shown, or is not.
let firstPrebuilt = null;

// prebuiltShown resolves, once the first run has shown first.json's answer whole, to that answer;
// to null at once when the first run shows none (another request, no first.json, a repeat visit).
export function prebuiltShown() {
  return firstPrebuilt || Promise.resolve(null);
}

// FIGURES are what the engine reports that the live answer must repeat of the prebuilt one: the
// response's, and its report's (the random vectors and the seed differ, these may not).
const FIGURES = ["mode", "task", "device", "flash", "no_task", "no_code", "error", "vectors"];
const REPORT_FIGURES = ["pass", "rank", "cpb", "cycles_min", "cycles_max", "cycles_mean", "flash", "ram", "vectors", "failures", "constant_time", "abi_ok", "error"];

// figureDiff lists the figures in which the live answer differs from the prebuilt one ("rank:
// 34.01 → 33.5"), none when they agree.
function figureDiff(pre, live) {
  const diff = [];
  const cmp = (name, a, b) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) diff.push(`${name}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  };
  for (const f of FIGURES) cmp(f, pre[f], live[f]);
  cmp("errors", (pre.errors || []).length, (live.errors || []).length);
  const pr = pre.report || {}, lr = live.report || {};
  for (const f of REPORT_FIGURES) cmp("report." + f, pr[f], lr[f]);
  cmp("report.official.cycles", pr.official && pr.official.cycles, lr.official && lr.official.cycles);
  return diff;
}

// confirmPrebuilt compares the live answer with the prebuilt one shown before it: the live one is
// shown in any case (its own seed's vectors); a difference in the figures goes to the console and to
// avrlabTimings.prebuiltDiff (none: []).
function confirmPrebuilt(pre, live) {
  const diff = figureDiff(pre, live);
  timings.prebuiltDiff = diff;
  if (diff.length) console.warn("avrlab: the engine's live answer differs from first.json's, the live one is shown: " + diff.join(", "));
}

// ---- run scheduling ------------------------------------------------------------------------------

let running = null; // {startedAt, inputAt, phase}
let queued = false;
let fullNext = false; // the next run measures every vector (Run, Ctrl+Enter)
let redirected = false; // the last run's answer sent the page to the file that includes its main file
let busyTimer = 0;
let editAt = -Infinity; // when the last edit scheduled a run (see BURST_MS)

// scheduleRun runs soon (an edit, a live setting): at once, as a live run the worker holds for
// LIVE_DELAY_MS, replacing a live run it still holds or stopping the one it runs (which then shows
// nothing: site/worker.js, liveId); after the run going when that is not a live one (Run).
export function scheduleRun() {
  const at = performance.now();
  const hold = at - editAt < BURST_MS ? LIVE_DELAY_MS : 0;
  editAt = at;
  if (!store.meta) return;
  if (running && running.live) {
    startRun(true, hold);
    return;
  }
  if (running) {
    runNow();
    return;
  }
  startRun(true, hold);
}
scheduleRun.cancel = () => {};

export function isRunning() {
  return running !== null;
}

// runFull runs now with every vector, as the Run button asks.
export function runFull() {
  fullNext = true;
  runNow();
}

export function runNow() {
  scheduleRun.cancel();
  if (!store.meta) return;
  if (running) {
    queued = true;
    // A live edit supersedes a run that is still going: restart the engine rather than wait.
    if (performance.now() - running.startedAt > STALE_RESTART_MS) engine.restart();
    return;
  }
  startRun();
}

// showPhase puts the run's phase on the status line (its first words, and the seconds once the run is
// long) and then the whole phase above the results: what the bench runs, the calls run so far (at
// every tenth), the seconds and that Stop ends it.
function showPhase(run) {
  const secs = (performance.now() - run.startedAt) / 1000;
  const short = run.phase.replace(/ \d.*$/, "");
  const p = $("progress");
  if (secs < 1.5) {
    setStatus(short + "…", "busy");
    if (!p.hidden) p.hidden = true;
    return;
  }
  setStatus(`${short}… ${secs.toFixed(1)} s`, "busy");
  p.textContent = `${run.phase[0].toUpperCase() + run.phase.slice(1)}: ${secs.toFixed(1)} s so far; Stop ends it.`;
  p.hidden = false;
}

// startRun starts a run; live, one the worker holds for hold ms (0: none; see BURST_MS), which a newer
// live run may replace or stop (scheduleRun): the replaced one then shows nothing and leaves the
// page's state to the newer.
async function startRun(live = false, hold = LIVE_DELAY_MS) {
  const full = fullNext;
  fullNext = false;
  live = live && !full;
  const run = { startedAt: performance.now(), inputAt: timings.lastInputAt || 0, phase: "assembling", live };
  running = run;
  $("stop").disabled = false;
  showPhase(run);
  clearInterval(busyTimer);
  busyTimer = setInterval(() => {
    if (running === run) showPhase(run);
  }, 250);
  try {
    const req = request(full);
    if (!store.dropped && isDoc(req.main)) {
      // Markdown and text are shown, never assembled.
      store.setResult({ mode: "preview", errors: [], file: req.main }, req.main);
      timings.resultInputAt = run.inputAt;
      setStatus("ready", "");
      return;
    }
    const spec = speculative;
    speculative = null;
    let res = null;
    let pre = null; // first.json's answer, shown until the engine's (showPrebuilt)
    if (spec && requestKey(spec.req) !== requestKey(req)) dropBootScore();
    if (spec && requestKey(spec.req) === requestKey(req)) {
      if (spec.prebuilt) {
        firstPrebuilt = showPrebuilt(spec, run, req.main).catch(() => null);
        pre = await firstPrebuilt;
      }
      res = await spec.answer.catch(() => null);
    }
    if (!res) {
      res = await engine.call("bench", req, (phase) => {
        timings.lastPhase = phase;
        if (running !== run || phase === "reused") return; // "reused": answered from the engine's last bench
        run.phase = phase;
        showPhase(run);
      }, live ? hold : null);
    }
    if (running !== run) return; // a newer run replaced this one: it shows its own answer
    if (pre) confirmPrebuilt(pre, res);
    // The answer's include graph (what the assembler followed) may show that another file includes
    // the one measured, as when the page opens on an included file before any answer: measure that
    // file instead, with its settings (once: the graph of the same files does not change).
    if (res.includes && !store.dropped) {
      store.includeGraph = res.includes;
      const main = mainFile();
      if (main !== req.main && !redirected) {
        redirected = true;
        fullNext = fullNext || full;
        store.useFileSettings(main);
        queued = true;
        return;
      }
    }
    redirected = false;
    const showing = performance.now();
    store.setResult(res, store.dropped ? store.dropped.name : req.main, run.live);
    const now = performance.now();
    // A live run's chart and published table come after the frame that paints its score (afterPaint):
    // the result is shown whole (resultInputAt, for the tests) once they are in.
    if (run.live) {
      afterFramePainted().then(() => {
        timings.resultInputAt = run.inputAt;
        if (timings.lastRun && timings.lastRun.startedAt === run.startedAt) timings.lastRun.whole = performance.now();
      });
    } else timings.resultInputAt = run.inputAt;
    if (timings.firstResult === undefined) timings.firstShowMs = now - showing; // setResult's work, for the tests
    if (run.inputAt && run.inputAt === timings.lastInputAt) {
      timings.lastEditToRank = now - run.inputAt;
      timings.editToRank.push(timings.lastEditToRank);
    }
    timings.lastRunMs = now - run.startedAt;
    // What the run's time went to: the debounce (inputAt → startedAt, then call.heldMs in the
    // worker), the engine call (sent → answered, ms of it in the worker), and showing the result
    // (→ shown).
    const call = timings.calls && timings.calls[timings.calls.length - 1];
    timings.lastRun = { inputAt: run.inputAt, startedAt: run.startedAt, call, shown: now };
    if (timings.firstResult === undefined) {
      timings.firstResult = now;
      firstResultDone();
    }
    if (timings.firstRank === undefined && res.report && res.report.pass) timings.firstRank = now;
    setStatus(res.error ? "error" : "ready", res.error ? "error" : "");
  } catch (e) {
    if (e instanceof SupersededError || running !== run) return;
    if (e instanceof StoppedError) {
      if (!queued) setStatus("stopped", "error");
    } else {
      setStatus("engine error", "error");
      store.emit("engine-error", e.message);
    }
  } finally {
    if (running === run) {
      clearInterval(busyTimer);
      $("progress").hidden = true;
      running = null;
      $("stop").disabled = true;
      if (queued) {
        queued = false;
        startRun();
      }
    }
  }
}

export function stop() {
  if (!running) return;
  queued = false;
  scheduleRun.cancel();
  engine.restart();
  store.emit("stopped");
}
