// The published table: the rows the current task compares with, and your passing result among them.
// Each task names its table (the engine's TaskInfo.table and rows):
//   fixed-key — the ATmega128 fixed-key rows: flash, RAM, cycles/byte, RANK (the task's cipher shaded);
//   attiny45  — the ECRYPT ATtiny45 table (Eisenbarth et al. 2012), encryption + key schedule in each
//               call: code, RAM, cycles, energy; yours with the energy estimate and its spread;
//   kernel    — the kernel's own figures: cycles of one call (and per unit), code, RAM; context rows
//               (whole protocols) apart, since they are not one call.
import { $, el, fmt, morphChildren, afterPaint } from "./util.js";
import { store } from "./store.js";
import { energyText } from "./score.js";

const heads = {
  "fixed-key": [["#", "num"], ["cipher"], ["implementation"], ["flash", "num"], ["RAM", "num"], ["cpb", "num"], ["RANK", "num"]],
  attiny45: [["#", "num"], ["cipher"], ["code", "num"], ["RAM", "num"], ["cycles", "num"], ["energy µJ", "num"]],
  kernel: [["#", "num"], ["implementation"], ["source"], ["cycles", "num"], ["per unit", "num"], ["code", "num"], ["RAM", "num"]],
};

const notes = {
  "fixed-key": "(fixed key, ATmega128)",
  attiny45: "(ATtiny45, encryption + key schedule in every call: ECRYPT, eisenbarth2012)",
  kernel: "(cycles of one call)",
};

// tableOf is the table a task compares with (fixed-key when no task is known).
export function tableOf(task) {
  return task ? task.table : "fixed-key";
}

const num = (text) => el("td", { class: "num", text });
const thousands = (n) => (Number.isFinite(n) && n > 0 ? Math.round(n).toLocaleString("en-US") : "–");

// mine is your passing report, or null.
function mine(r) {
  return r && r.pass ? r : null;
}

function yourName() {
  return "your code (" + (store.dropped ? store.dropped.name : store.lastMain) + ")";
}

function fixedKeyRows(task, r, body) {
  const own = new Set(task ? task.rows : []);
  const rows = store.meta.published.map((p, i) => ({ ...p, same: own.has(i) }));
  const m = mine(r);
  if (m && m.scenario === "fixed-key") rows.push({ cipher: task ? task.cipher : "", impl: yourName(), flash: m.flash, ram: m.ram, cpb: m.cpb, rank: m.rank, mine: true });
  rows.sort((a, b) => b.rank - a.rank || (a.mine ? -1 : b.mine ? 1 : 0));
  rows.forEach((p, i) => {
    body.appendChild(el("tr", { class: (p.mine ? "mine" : "") + (p.same ? " same" : ""), title: store.meta.sources[p.source] || "" },
      num(String(i + 1)), el("td", { text: p.cipher }), el("td", { text: p.impl }), num(String(p.flash)), num(String(p.ram)),
      num(fmt(p.cpb, p.mine ? 1 : 0)), num(fmt(p.rank, p.mine ? 2 : 1))));
  });
}

function attiny45Rows(task, r, body) {
  const own = new Set(task ? task.rows : []);
  const notes = (task && task.notes) || {};
  const rows = store.meta.attiny45.map((p, i) => ({ ...p, same: own.has(i), note: notes[i], source: "eisenbarth2012" }));
  const m = mine(r);
  if (m) {
    const where = m.device === "attiny45" && m.scenario === "encrypt-ks" ? "" : ` (${m.device}, ${m.scenario})`;
    rows.push({ cipher: yourName() + where, code: m.flash, ram: m.ram, enc_cycles: m.cycles_mean, energy: m.energy, mine: true });
  }
  rows.sort((a, b) => a.enc_cycles - b.enc_cycles || (a.mine ? -1 : b.mine ? 1 : 0));
  rows.forEach((p, i) => {
    const energy = p.mine ? (p.energy ? energyText(p.energy) : "–") : fmt(p.energy_uJ, 1);
    body.appendChild(el("tr", {
      class: (p.mine ? "mine" : "") + (p.same ? " same" : ""),
      title: p.mine ? (p.energy ? `estimate: ${p.energy.model}` : "no energy estimate off the ATtiny45") : (p.note ? `another variant: ${p.note}. ` : "") + (store.meta.sources.eisenbarth2012 || ""),
    }, num(String(i + 1)), el("td", { text: p.note ? `${p.cipher} (another variant: ${p.note})` : p.cipher }), num(String(p.code)), num(String(p.ram)),
    num(p.mine ? fmt(p.enc_cycles, p.enc_cycles % 1 ? 1 : 0) : String(p.enc_cycles)), num(energy)));
  });
  const extra = (task && task.extra) || [];
  if (extra.length) {
    body.appendChild(el("tr", { class: "group" }, el("th", { colspan: 6, text: "Other published figures (encryption only, not the ECRYPT scenario)" })));
    for (const i of extra) {
      const k = store.meta.kernel_rows[i];
      body.appendChild(el("tr", { class: "extra", title: `${store.meta.sources[k.source] || k.source}; read: ${k.read}` },
        num(""), el("td", { text: `${task.cipher} · ${k.impl} (${k.source})` }), num(k.code ? String(k.code) : "–"), num(k.ram || "–"),
        num(String(k.cycles)), num("–")));
    }
  }
}

function kernelRows(task, r, body) {
  const all = (task ? task.rows : []).map((i) => store.meta.kernel_rows[i]);
  const rows = all.filter((k) => !k.context).map((k) => ({ ...k }));
  const m = mine(r);
  if (m) rows.push({ impl: yourName(), source: "", cycles: m.cycles_mean, cycles_per_unit: m.cycles_per_unit, per: m.unit, code: m.flash, ram: String(m.ram), device: m.device, mine: true });
  rows.sort((a, b) => a.cycles - b.cycles || (a.mine ? -1 : b.mine ? 1 : 0));
  const unit = !!(task && task.unit);
  const cols = unit ? 7 : 6;
  const perUnit = (k) => (k.per && k.cycles_per_unit ? fmt(k.cycles_per_unit, 1) : "–");
  const row = (k, i, cls) =>
    el("tr", { class: cls, title: (k.mine ? "measured here" : `${store.meta.sources[k.source] || k.source}; read: ${k.read}`) + (k.device ? `; device: ${k.device}` : "") },
      num(i), el("td", { text: k.impl }), el("td", { text: k.source }), num(k.ms ? k.ms + " ms" : thousands(k.cycles)), unit ? num(perUnit(k)) : null,
      num(k.code ? String(k.code) : "–"), num(k.ram || "–"));
  rows.forEach((k, i) => body.appendChild(row(k, String(i + 1), k.mine ? "mine" : "")));
  if (!all.some((k) => !k.context)) body.appendChild(el("tr", null, el("td", { colspan: cols, class: "muted", text: "No published figure for one call of this kernel." })));
  const context = all.filter((k) => k.context);
  if (context.length) {
    body.appendChild(el("tr", { class: "group" }, el("th", { colspan: cols, text: "Context: whole operations built on this kernel (not one call)" })));
    for (const k of context) body.appendChild(row(k, "", "context"));
  }
}

function help(table) {
  const p = $("published-help");
  p.textContent = "";
  if (table === "kernel") {
    p.append("A kernel has no RANK: it is measured in cycles per call (per unit where the papers give one), beside its flash and RAM. Context rows are whole operations (a protocol's cycles) that use the kernel.");
  } else if (table === "attiny45") {
    const e = store.meta.energy_model;
    p.append(`Energy: the ECRYPT board's measurements; yours is an estimate, cycles × ${fmt(e.Median, 2)} nJ (spread ${fmt(e.Min, 2)}–${fmt(e.Max, 2)} nJ per cycle over the table's rows). Cycles are encryption + key schedule, the ECRYPT scenario.`);
  } else {
    p.append("RANK = (10", el("sup", { text: "6" }), "/cpb) / (flash + 2·RAM): higher is better (Beaulieu et al., LightSec 2014).");
  }
}

// renderPublished draws the table of the shown task, with r (a report) among its rows when it passes.
// The rows and the head are built apart and then put in the table where they changed (morphChildren):
// another result of the same task changes a few cells; the same figures again (a comment edited)
// change nothing, and the table drawn for them stays (drawnKey).
let drawnKey = "";
export function renderPublished(r) {
  if (!store.meta) {
    $("published-rows").textContent = "";
    drawnKey = "";
    return;
  }
  const task = (r && store.task(r.task)) || store.shownTask();
  const key = JSON.stringify([task ? task.id : "", mine(r), yourName()]);
  if (key === drawnKey) return;
  drawnKey = key;
  const body = document.createElement("tbody");
  const table = tableOf(task);
  $("published").dataset.table = table;
  $("published-note").textContent = notes[table];
  const head = document.createElement("thead");
  const cols = heads[table].filter(([h]) => h !== "per unit" || (task && task.unit));
  head.appendChild(el("tr", null, ...cols.map(([h, cls]) => el("th", { class: cls || "", text: h === "per unit" ? "cycles/" + task.unit : h }))));
  if (table === "attiny45") attiny45Rows(task, r, body);
  else if (table === "kernel") kernelRows(task, r, body);
  else fixedKeyRows(task, r, body);
  morphChildren($("published-head"), head);
  morphChildren($("published-rows"), body);
  help(table);
}

// renderLater is renderPublished for a report, after the frame that paints a live run's score
// (afterPaint, store.scoreFirst): the table is below the score and the chart.
const renderLater = afterPaint(renderPublished, () => store.scoreFirst);

export function wirePublished() {
  store.on("report", renderLater);
}
