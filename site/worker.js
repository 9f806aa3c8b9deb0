// One Go instance (engine.wasm, tools.wasm or workspace.wasm) in a Web Worker. The page sends
// {op: "init", module, role, url} once (the module it compiled, from url), unless boot.js started the worker to
// compile its own (below), then requests {id, op, arg} (a live run: {id, op, arg, hold}, see held);
// each gets {id, result} or {id, error} ({id, superseded: true} when a newer one replaced it while
// held or stopped it running, see liveId), and long engine requests also post {id, progress: "benchmarking"} on the way.
"use strict";

// compile fetches and compiles a module, streaming where the host serves application/wasm.
async function compile(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch (e) {
    // A static host that serves .wasm with another Content-Type: compile from bytes instead.
    const r = await fetch(url);
    if (!r.ok) throw new Error(`fetching ${url}: ${r.status} ${r.statusText}`);
    return WebAssembly.compile(await r.arrayBuffer());
  }
}

// A worker that boot.js names "boot ROLE URL" fetches and compiles its module from its first line on,
// before it loads the Go glue, posts the module to the page ({op: "compiled", module, fetchStart,
// compiled}: times on the page's clock's origin, performance.timeOrigin + ms) for restarts, and starts it.
const [bootTag, bootRole, bootURL] = self.name.split(" ");
const bootT0 = performance.now();
// upAt, glueAt: when this script began and when it had loaded the Go glue, on the page's clock's
// origin, for the page's timings (the worker's start-up is on the path to the first RANK).
const upAt = performance.timeOrigin + bootT0;
const booting = bootTag === "boot" && bootURL ? compile(bootURL) : null;
if (booting) booting.catch(() => {});
importScripts("wasm_exec.js");
const glueAt = performance.timeOrigin + performance.now();

// The modules' functions have short names (serve.go, internal/wasmdata.RenameFuncs). What Go prints
// (wasm_exec.js's fs.writeSync, a line at a time to the console) that names one, a traceback or a
// fatal error, is printed with the names translated back through the module's table
// (NAME.names.txt, whose first line names the module's URL and version), fetched only then; lines
// keep their order. moduleURL is the URL of the module this worker runs.
let moduleURL = bootURL || "";
const SHORT_NAME = /(?:runtime\.)+_[0-9a-f]+|\.+_[0-9a-f]+/g;
let namesP = null;
let printed = Promise.resolve();
let outText = "";
const outDecoder = new TextDecoder("utf-8");
globalThis.fs.writeSync = (fd, buf) => {
  outText += outDecoder.decode(buf);
  const nl = outText.lastIndexOf("\n");
  if (nl !== -1) {
    const text = outText.substring(0, nl);
    outText = outText.substring(nl + 1);
    SHORT_NAME.lastIndex = 0;
    const names = SHORT_NAME.test(text) ? loadNames() : null;
    printed = printed.then(() => names).then((n) => console.log(n ? translateNames(text, n) : text));
  }
  return buf.length;
};

// loadNames fetches the table of moduleURL's short names once: a Map, or null when there is none
// for this module (another version's, or none served).
function loadNames() {
  if (!namesP) {
    const [path, query] = moduleURL.split("?");
    namesP = fetch(path.replace(/\.wasm$/, ".names.txt") + (query ? "?" + query : ""))
      .then((r) => (r.ok ? r.text() : ""))
      .then((text) => {
        const lines = text.split("\n");
        if (lines[0] !== "# " + moduleURL) return null;
        const names = new Map();
        for (const l of lines.slice(1)) {
          const tab = l.indexOf("\t");
          if (tab > 0) names.set(l.substring(0, tab), l.substring(tab + 1));
        }
        return names;
      })
      .catch(() => null);
  }
  return namesP;
}

// translateNames replaces each short name of names that stands alone in text (not inside a longer
// name: internal/wasmdata's Names.Translate) by its function's name.
function translateNames(text, names) {
  return text.replace(SHORT_NAME, (m, at) => {
    const part = /[\w.]/;
    if ((at > 0 && part.test(text[at - 1])) || part.test(text[at + m.length] || "")) return m;
    return names.get(m) ?? m;
  });
}

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

if (booting) {
  ready = booting.then((module) => {
    const t1 = performance.now();
    const abs = (t) => performance.timeOrigin + t;
    const res = performance.getEntriesByType("resource").find((r) => r.name.includes(bootURL.split("?")[0]));
    const times = { op: "compiled", fetchStart: abs(bootT0), fetchEnd: res ? abs(res.responseEnd) : 0, compiled: abs(t1) };
    try {
      self.postMessage({ ...times, module });
    } catch {
      self.postMessage(times); // a browser that cannot post a module: the page compiles its own for restarts
    }
    return start(module).then(() => performance.now() - t1);
  });
  ready.then(
    (startMs) => self.postMessage({ op: "ready", role: bootRole, startMs, upAt, glueAt, initAt: performance.timeOrigin + performance.now() - startMs }),
    (err) => self.postMessage({ op: "failed", error: String((err && err.message) || err) }),
  );
}

// held is the live request waiting out its hold ({m, timer}): a request with hold (ms; a live run,
// 0 included) is served that long after it came unless a newer live one comes first, which replaces
// it (the older is answered {id, superseded: true}); one with hold 0 is served at once. The page's debounce of its live runs is this wait: here, not on
// the page, so the page's rendering of the keystroke does not delay the run.
let held = null;
// liveId is the id of the newest live request (one with hold, 0 included). An older one that is already
// running is stale: engine.wasm runs a live bench in a goroutine that gives this event loop a turn
// between its calls (at most every 4 ms), and then asks (stale, avrlabCall's fourth argument) whether
// a newer one came; when it did, the bench ends there and is answered {id, superseded: true}.
let liveId = 0;
// turn is the call into Go under way (settled when it has answered): a live bench answers later
// (a Promise), and the next call waits for it, so that Go serves one request at a time. The
// workspace's calls (IndexedDB, each a Promise) do not wait: they may overlap, as they always did.
let turn = Promise.resolve();
let role = bootRole;
// PROGRESS_MS: the least time between two progress messages of one phase (see answer).
const PROGRESS_MS = 200;

// now is the time on the page's clock's origin (performance.timeOrigin + ms), so that the page can
// place a request's arrival here and its answer's posting on its own clock (avrlabTimings.calls).
const now = () => performance.timeOrigin + performance.now();

self.onmessage = (e) => {
  const m = e.data;
  m.recvAt = now();
  if (m.op === "init") {
    init(m);
    return;
  }
  if (m.hold !== undefined) {
    liveId = m.id;
    if (held) {
      clearTimeout(held.timer);
      self.postMessage({ id: held.m.id, superseded: true });
      held = null;
    }
    if (!(m.hold > 0)) {
      serve(m, 0);
      return;
    }
    const h = { m, t0: performance.now() };
    h.timer = setTimeout(() => {
      if (held === h) held = null;
      serve(m, performance.now() - h.t0);
    }, m.hold);
    held = h;
    return;
  }
  serve(m, 0);
};

// init starts the module the page compiled ({op: "init", module, role}).
async function init(m) {
  role = m.role;
  moduleURL = m.url || moduleURL;
  const t0 = performance.now();
  ready = start(m.module);
  try {
    await ready;
    self.postMessage({ op: "ready", role: m.role, startMs: performance.now() - t0, upAt, glueAt, initAt: performance.timeOrigin + t0 });
  } catch (err) {
    self.postMessage({ op: "failed", error: String(err && err.message || err) });
  }
}

// serve answers request m, after the call into Go under way (turn); heldMs is how long it was held
// (see held), for the page's timings.
async function serve(m, heldMs) {
  if (role === "workspace") return answer(m, heldMs);
  const before = turn;
  let done;
  turn = new Promise((resolve) => (done = resolve));
  try {
    await before;
    await answer(m, heldMs);
  } finally {
    done();
  }
}

// answer calls Go with request m and posts its answer.
async function answer(m, heldMs) {
  try {
    await ready;
    const stale = m.hold !== undefined ? () => liveId !== m.id : null;
    if (stale && stale()) {
      self.postMessage({ id: m.id, superseded: true }); // a newer one came while this one waited
      return;
    }
    // ms: the call's time in this worker; marks: when (ms into the call) each progress phase began,
    // for the page's timings (avrlabTimings.calls: assembling, then benchmarking).
    const t0 = performance.now();
    const marks = [];
    // A phase goes to the page when its first word is new ("assembling", "benchmarking") or
    // PROGRESS_MS after the last one it got: the calls run so far (every tenth of them) show only
    // once a run has taken 1.5 s (js/engine.js, showPhase), and each message costs this worker and
    // the page's thread a turn while a short bench runs.
    let posted = "", postedAt = 0;
    const progress = (phase) => {
      const now = performance.now();
      marks.push([phase, now - t0]);
      const word = phase.split(" ", 1)[0];
      if (word === posted && now - postedAt < PROGRESS_MS) return;
      posted = word;
      postedAt = now;
      self.postMessage({ id: m.id, progress: phase });
    };
    let out = stale ? self.avrlabCall(m.op, JSON.stringify(m.arg || {}), progress, stale) : self.avrlabCall(m.op, JSON.stringify(m.arg || {}), progress);
    if (out && typeof out.then === "function") out = await out;
    const t1 = performance.now();
    const result = JSON.parse(out);
    const ms = t1 - t0;
    const parseMs = performance.now() - t1;
    if (result && result.superseded === true) {
      self.postMessage({ id: m.id, superseded: true });
    } else if (result && typeof result.error === "string" && Object.keys(result).length === 1) {
      self.postMessage({ id: m.id, error: result.error, ms, parseMs, marks, heldMs, recvAt: m.recvAt, postAt: now() });
    } else {
      self.postMessage({ id: m.id, result, ms, parseMs, marks, heldMs, recvAt: m.recvAt, postAt: now() });
    }
  } catch (err) {
    self.postMessage({ id: m.id, error: String(err && err.message || err) });
  }
}
