// The page's one store: the files (the saved workspace, or the files of an opened link), the current
// file, the link and exercise modes, the settings of the pickers and fields, and the last result. The
// modules read it and change it through its methods; a change emits an event ("settings", "files",
// "current", "result", "mode"; "score": a result's score alone, before its whole "result") that the
// modules owning the affected DOM listen to. Nothing is read back from the DOM.

const params = new URLSearchParams(location.search);
// ?cycles=N sets the initial cycle limit of one call (for very slow code, and for tests of Stop).
const urlCycles = Math.max(0, parseInt(params.get("cycles") || "0", 10) || 0);

// Settings kept across visits (in localStorage, not in link mode) and their defaults; vectors default
// to "" (the task's count, which the engine resolves and reports), device to "" (the task's device:
// attiny45 for the ATtiny45 ciphers, ...).
const persisted = ["task", "device", "vectors", "live", "maxCycles"];

const listeners = new Map();

// The settings a file keeps for itself (its Task, Call, RK symbol and Defines): a pasted routine keeps
// its task and its entry and table names beside the file, while the example next to it keeps the
// task's defaults ("from the source").
export const FILE_SETTINGS = ["task", "call", "rk", "defines"];
const FILE_SETTINGS_KEY = "avrlab.fileSettings"; // {name: {task, call, rk, defines}}

function loadFileSettings() {
  try {
    const v = JSON.parse(localStorage.getItem(FILE_SETTINGS_KEY) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

export const timings = (window.avrlabTimings = { editToRank: [], modulesBegan: performance.now() }); // modulesBegan: the first module evaluated, for the tests

export const store = {
  meta: null, // the engine's description: tasks, devices, published rows
  wsFiles: new Map(), // the workspace as saved in IndexedDB (plus edits being saved)
  linkFiles: null, // the files of an opened link, or null in workspace mode
  current: "", // the file in the editor
  lastMain: "", // the file last measured
  diagnostics: [], // of the last result: assembler errors and warnings, a fault line, include problems
  result: null, // the last engine response
  // includeGraph is the include graph of the last answer that had one (its includes: every #include
  // and .include of the files sent as the assembler followed it, {from, line, col, name, file}).
  includeGraph: [],
  resultMain: "", // the file (or dropped binary) it measured
  scoreFirst: false, // while a live run's answer is being shown (setResult): the chart and table wait for the frame
  good: null, // {res, main}: the last response that assembled, shown dimmed while the source does not
  persistent: true, // the workspace survives reloads
  exampleSources: new Map(), // example id → source, for short links
  wsOpened: false, // the saved workspace has been read (before that nothing is written)
  dropped: null, // {name, b64}: a dropped ELF or HEX measured until the source is edited
  exercise: null, // {id, title, readme, starter, tests, file, link}: the open exercise
  settings: { task: "", device: "", vectors: "", live: true, call: "", defines: "", rk: "", maxCycles: urlCycles },
  fileSettings: loadFileSettings(), // file name → {task, call, rk, defines} of the workspace's files

  files() {
    return this.linkFiles || this.wsFiles;
  },
  // task returns the engine's description of task id (kind, device, scenario, table, rows), or null.
  task(id) {
    return (this.meta && id && this.meta.tasks.find((t) => t.id === id)) || null;
  },
  // shownTask is the task of the last answer, else the picked one: what the tables and the chart
  // compare with.
  shownTask() {
    return this.task((this.result && this.result.task) || this.settings.task);
  },
  inLink() {
    return this.linkFiles !== null;
  },

  on(ev, fn) {
    if (!listeners.has(ev)) listeners.set(ev, []);
    listeners.get(ev).push(fn);
  },
  emit(ev, ...args) {
    for (const fn of listeners.get(ev) || []) fn(...args);
  },

  // set changes one setting; it is remembered across visits unless a link is open.
  set(key, value, { persist = true, quiet = false } = {}) {
    if (this.settings[key] === value) return;
    this.settings[key] = value;
    if (persist && !this.inLink() && persisted.includes(key)) saveSetting(key, value);
    if (!quiet) this.emit("settings", key);
  },

  // restoreSettings loads the remembered settings, checked against what the engine offers.
  restoreSettings() {
    const m = this.meta;
    const t = loadSetting("task", "");
    this.settings.task = t === "run" || m.tasks.some((x) => x.id === t) ? t : "";
    const d = loadSetting("device", "");
    this.settings.device = m.devices.includes(d) ? d : "";
    this.settings.live = loadSetting("live", "true") !== "false";
    this.settings.vectors = loadSetting("vectors", ""); // empty: the task's (the engine says how many)
    const c = parseInt(loadSetting("maxCycles", "0"), 10);
    this.settings.maxCycles = urlCycles || (Number.isFinite(c) && c > 0 ? c : 0);
    this.emit("settings", "*");
  },

  // keepFileSettings records the current Task, Call, RK symbol and Defines as the settings of file name
  // (not in link mode: a link's files keep the link's).
  keepFileSettings(name) {
    if (this.inLink() || !name) return;
    const rec = {};
    for (const k of FILE_SETTINGS) if (this.settings[k]) rec[k] = this.settings[k];
    if (Object.keys(rec).length) this.fileSettings[name] = rec;
    else delete this.fileSettings[name];
    this.saveFileSettings();
  },
  // useFileSettings puts the settings file name keeps into the fields (empty for a file that keeps
  // none); in link mode the link's stay.
  useFileSettings(name) {
    if (this.inLink()) return;
    const rec = this.fileSettings[name] || {};
    let changed = false;
    for (const k of FILE_SETTINGS) {
      let v = typeof rec[k] === "string" ? rec[k] : "";
      if (k === "task" && v && v !== "run" && !(this.meta && this.meta.tasks.some((t) => t.id === v))) v = "";
      if (this.settings[k] !== v) {
        this.settings[k] = v;
        changed = true;
      }
    }
    if (changed) this.emit("settings", "file");
  },
  // moveFileSettings follows a rename (to) or a delete (to empty).
  moveFileSettings(from, to) {
    if (this.inLink() || !(from in this.fileSettings)) return;
    if (to) this.fileSettings[to] = this.fileSettings[from];
    delete this.fileSettings[from];
    this.saveFileSettings();
  },
  saveFileSettings() {
    try {
      localStorage.setItem(FILE_SETTINGS_KEY, JSON.stringify(this.fileSettings));
    } catch {
      /* storage disabled: for this page only */
    }
  },

  remembered(key, dflt) {
    return loadSetting(key, dflt);
  },
  remember(key, value) {
    saveSetting(key, value);
  },

  // setResult records an engine response and tells the modules; scoreFirst (a live run's answer) lets
  // what is beyond the score wait for the frame that paints it (js/util.js afterPaint).
  setResult(res, main, scoreFirst = false) {
    this.result = res;
    this.resultMain = main;
    if (res.includes) this.includeGraph = res.includes;
    this.diagnostics = (res.errors || []).slice();
    if (res.fault_at) this.diagnostics.push({ ...res.fault_at });
    // Includes of the other files that name no file (a renamed include): warnings at the directive.
    for (const d of res.include_problems || []) this.diagnostics.push({ ...d });
    const errs = this.diagnostics.filter((d) => d.severity === "error");
    if (!res.error && !errs.length && !res.no_code) this.good = { res, main };
    this.scoreFirst = scoreFirst;
    try {
      this.emit("result", res);
    } finally {
      this.scoreFirst = false;
    }
  },
};

// The key is the old name for settings the previous page kept ("current", "task", ...), except the
// device: the old page always stored one (its default, atmega128, included), and a device kept now is
// one the user picked over the task's, so it lives under a new key.
const storageKey = (k) => "avrlab." + (k === "device" ? "device.picked" : k);
function loadSetting(k, d) {
  try {
    const v = localStorage.getItem(storageKey(k));
    if (v === null) return d;
    if (k === "live") return v === "0" ? "false" : v === "1" ? "true" : v;
    return v;
  } catch {
    return d;
  }
}
function saveSetting(k, v) {
  try {
    localStorage.setItem(storageKey(k), String(v));
  } catch {
    /* storage disabled: settings last for this page only */
  }
}

// includes lists the files the main file reaches through .include / #include, itself first, name →
// text, as the engine's include graph of the last answer has them (the page does not read includes
// out of the text itself: the assembler knows which it followed).
export function includes(main, graph = store.includeGraph) {
  const all = store.files();
  const out = new Map();
  const visit = (name) => {
    if (out.has(name) || !all.has(name)) return;
    out.set(name, all.get(name));
    for (const e of graph) if (e.from === name && e.file) visit(e.file);
  };
  visit(main);
  return out;
}

export function sortedNames() {
  return [...store.files().keys()].sort();
}

// mainFile is the file to assemble: the current one, unless another file includes it (editing an
// include re-measures the program that uses it).
export function mainFile() {
  const cur = store.current;
  const all = store.files();
  const includesCur = (name) => name !== cur && all.has(name) && includes(name).has(cur);
  if (includesCur(store.lastMain)) return store.lastMain;
  for (const name of sortedNames()) if (includesCur(name)) return (store.lastMain = name);
  return (store.lastMain = cur);
}
