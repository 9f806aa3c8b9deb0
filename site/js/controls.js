// The pickers and fields of the header and the options row. They show the store's settings and
// change them; a change re-runs. Nothing else reads them.
import { $, el } from "./util.js";
import { store, mainFile, FILE_SETTINGS } from "./store.js";
import { runNow, runFull, stop } from "./engine.js";

// Task picker groups: the engine's tables (TaskInfo.table).
const taskGroups = [
  ["fixed-key", "Block ciphers, fixed key (RANK)"],
  ["attiny45", "ATtiny45 block ciphers, key schedule in the call (ECRYPT)"],
  ["kernel", "Kernels (cycles per call)"],
];

// fields: setting → [element id, DOM property, parse].
const fields = {
  task: ["task", "value", (v) => v],
  device: ["device", "value", (v) => v],
  vectors: ["vectors", "value", (v) => v],
  live: ["live", "checked", (v) => v],
  link: ["link-files", "checked", (v) => v],
  call: ["call", "value", (v) => v.trim()],
  defines: ["defines", "value", (v) => v.trim()],
  rk: ["rk", "value", (v) => v.trim()],
  maxCycles: ["max-cycles", "value", (v) => Math.max(0, Math.min(1e10, parseInt(v, 10) || 0))],
};

export function fillPickers(meta) {
  const ex = $("example");
  ex.textContent = "";
  ex.appendChild(el("option", { value: "", text: "open…" }));
  for (const e of meta.examples) ex.appendChild(el("option", { value: e.id, text: `${e.title} (${e.id})` }));
  const xs = $("exercise");
  xs.textContent = "";
  xs.appendChild(el("option", { value: "", text: "open…" }));
  for (const e of meta.exercises || []) xs.appendChild(el("option", { value: e.id, text: `${e.title} (${e.id})` }));
  const task = $("task");
  task.textContent = "";
  task.appendChild(el("option", { value: "", text: "from the source" }));
  for (const [table, label] of taskGroups) {
    const g = el("optgroup", { label });
    for (const t of meta.tasks) if (t.table === table) g.appendChild(el("option", { value: t.id, text: `${t.name} · ${t.device}` }));
    if (g.children.length) task.appendChild(g);
  }
  task.appendChild(el("option", { value: "run", text: "none: run from reset" }));
  const dev = $("device");
  dev.textContent = "";
  dev.appendChild(el("option", { value: "", text: "task's" }));
  for (const d of meta.devices) dev.appendChild(el("option", { value: d, text: d }));
}

// showTaskDevice names the device the task's default stands for: the picked task's, else the one the
// last answer used.
function showTaskDevice() {
  const opt = $("device").options[0];
  if (!opt || opt.value !== "") return;
  const t = store.task(store.settings.task);
  const d = t ? t.device : store.result && store.result.device;
  opt.textContent = d ? `task: ${d}` : "task's";
}

// showVectors puts into the empty Vectors field what it asks for: the count of the last answer's
// bench (the engine resolves an empty field to the task's, lab.VectorsFor, an exercise's tests.txt
// applied), else the picked task's, else the engine's for no task.
function showVectors() {
  const m = store.meta;
  if (!m) return;
  const res = store.result;
  const t = store.task(store.settings.task);
  let n = m.vectors;
  if (res && res.mode === "bench" && (!t || res.task === t.id)) n = res.vectors;
  else if (t) n = t.vectors;
  $("vectors").placeholder = String(n);
}

// showOpen names what is open in the Example and Exercise pickers' first choice (the id of the
// example whose file is shown, of the open exercise), so the picker never says "open…"
// while one is open, and its text stays short enough to fit.
function showOpen() {
  const meta = store.meta;
  if (!meta) return;
  const ex = meta.examples.find((e) => e.file === store.current);
  const o = $("example").options[0];
  if (o) o.textContent = ex && !store.exercise ? ex.id : "open…";
  const x = $("exercise").options[0];
  if (x) x.textContent = store.exercise ? store.exercise.id : "open…";
}

// showSettings puts the settings into the controls.
function showSettings() {
  for (const [key, [id, prop]] of Object.entries(fields)) {
    const v = store.settings[key];
    const e = $(id);
    if (key === "maxCycles") e.value = v ? String(v) : "";
    else if (e[prop] !== v) e[prop] = v;
  }
}

// showPane selects a panel of the results column (result, exercise, debug, cycles, devices).
export function showPane(name) {
  for (const b of document.querySelectorAll(".rtabs button")) {
    const on = b.dataset.pane === name;
    b.setAttribute("aria-selected", String(on));
    $("pane-" + b.dataset.pane).hidden = !on;
  }
  store.emit("pane", name);
}

// fieldLabels are the page's names of the fields a fix sets (the engine's Fix.Field).
export const fieldLabels = { task: "Task", call: "Call", rk: "RK symbol", defines: "Defines" };

// applyFix sets a field as an engine fix proposes (the button names the field), shows the field and
// measures again.
export function applyFix(fix) {
  const [id] = fields[fix.field] || [];
  if (!id) return;
  store.set(fix.field, fix.value);
  if (FILE_SETTINGS.includes(fix.field)) store.keepFileSettings(mainFile());
  const e = $(id);
  e.classList.remove("fixed");
  void e.offsetWidth;
  e.classList.add("fixed");
  runNow();
}

export function wireControls({ openExample }) {
  for (const b of document.querySelectorAll(".rtabs button")) b.addEventListener("click", () => showPane(b.dataset.pane));
  $("run").addEventListener("click", () => runFull());
  $("stop").addEventListener("click", stop);
  $("example").addEventListener("change", (e) => {
    const id = e.target.value;
    e.target.value = "";
    if (id) openExample(id);
  });
  $("exercise").addEventListener("change", (e) => {
    const id = e.target.value;
    e.target.value = "";
    if (id) location.hash = "exercise=" + encodeURIComponent(id);
  });
  store.on("current", showOpen);
  store.on("meta", showOpen);
  store.on("mode", showOpen);
  for (const [key, [id, prop, parse]] of Object.entries(fields)) {
    $(id).addEventListener("change", () => {
      store.set(key, parse($(id)[prop]));
      if (FILE_SETTINGS.includes(key)) store.keepFileSettings(mainFile());
      if (key !== "live" || store.settings.live) runNow();
    });
  }
  store.on("settings", showSettings);
  store.on("settings", showTaskDevice);
  store.on("result", showTaskDevice);
  store.on("settings", showVectors);
  store.on("result", showVectors);
  document.addEventListener("keydown", (e) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key === "Enter") {
      e.preventDefault();
      runFull();
    }
  });
}
