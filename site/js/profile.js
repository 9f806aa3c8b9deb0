// Cycles per line: one run of the task's call on its official vector (or of the program from reset),
// counted per instruction by the engine and summed per source line and per label. The lines are
// shaded in the editor's gutter by their share of the cycles; the table lists each line's address,
// bytes, executions and cycles, and the listing view adds the disassembly beside each source line.
import { $, el, hex, fmt, debounce } from "./util.js";
import { store, timings } from "./store.js";
import { setHeat, jumpTo } from "./editor.js";
import { openFile } from "./workspace.js";
import { profile } from "./debugger.js";

let last = null;

async function count() {
  $("prof-summary").textContent = "counting…";
  const p = await profile();
  if (!p) {
    $("prof-summary").textContent = "Cannot count: see the Debug pane's message.";
    return;
  }
  p.main = store.lastMain;
  last = p;
  render();
  timings.profiles = (timings.profiles || 0) + 1;
}

function render() {
  const p = last;
  if (!p) return;
  const sum = p.lines.reduce((a, l) => a + l.cycles, 0);
  const what = p.mode === "call" ? `one call of ${p.call} on the official vector` : "the program from reset";
  $("prof-summary").textContent = "";
  $("prof-summary").append(
    `${what}: `, el("b", { id: "prof-total", text: String(p.cycles) }), " cycles; the lines add up to ",
    el("b", { id: "prof-sum", text: String(sum) }), p.unattributed ? ` (+${p.unattributed} outside your source)` : "",
    ` · stopped by ${p.stop}`, p.message ? ` · ${p.message}` : "",
  );
  const labels = $("prof-labels");
  labels.textContent = "";
  if (p.labels.length) {
    const t = el("table", { class: "published prof" }, el("thead", null, el("tr", null, el("th", { text: "label" }), el("th", { class: "num", text: "cycles" }), el("th", { class: "num", text: "share" }))));
    const body = el("tbody");
    for (const l of p.labels) {
      body.appendChild(el("tr", null, el("td", { text: l.name, class: "label-name" }), el("td", { class: "num", text: String(l.cycles) }), el("td", { class: "num", text: fmt((100 * l.cycles) / Math.max(1, p.cycles), 1) + "%" })));
    }
    t.appendChild(body);
    labels.appendChild(t);
  }
  const listing = $("prof-listing").checked;
  const head = ["line", "address", "bytes", "count", "cycles", "share"];
  if (listing) head.push("disassembly", "source");
  const t = el("table", { class: "published prof", id: "prof-lines" }, el("thead", null, el("tr", null, ...head.map((h) => el("th", { text: h, class: ["count", "cycles", "share"].includes(h) ? "num" : "" })))));
  const body = el("tbody");
  const max = Math.max(1, ...p.lines.map((l) => l.cycles));
  for (const l of p.lines) {
    if (!listing && l.cycles === 0 && l.executions === 0) continue;
    const bytes = l.bytes.length > 24 ? l.bytes.slice(0, 24).replace(/(..)/g, "$1 ") + "…" : l.bytes.replace(/(..)/g, "$1 ").trim();
    const cells = [
      el("td", { class: "nowrap", text: l.file === p.main ? String(l.line) : `${l.file}:${l.line}`, title: `${l.file}:${l.line}` }), el("td", { text: "0x" + hex(l.addr, 4) }), el("td", { class: "mono", text: bytes, title: l.bytes }),
      el("td", { class: "num", text: String(l.executions) }), el("td", { class: "num", text: String(l.cycles) }),
      el("td", { class: "num", text: fmt((100 * l.cycles) / Math.max(1, p.cycles), 1) + "%" }),
    ];
    if (listing) cells.push(el("td", { class: "mono wrap", text: (l.asm || []).join("; ") }), el("td", { class: "mono wrap", text: l.text }));
    const tr = el("tr", { "data-line": `${l.file}:${l.line}`, "data-cycles": String(l.cycles), class: "jumps", title: `go to ${l.file}:${l.line}`,
      onclick: () => {
        // A row jumps to its line (in its file).
        if (l.file !== store.current && store.files().has(l.file)) openFile(l.file, { run: false });
        if (l.file === store.current) jumpTo(l.line, 1);
      } }, ...cells);
    tr.style.setProperty("--heat", String(l.cycles / max));
    body.appendChild(tr);
  }
  t.appendChild(body);
  $("prof-table").textContent = "";
  $("prof-table").appendChild(t);
  // Gutter shading: per file, per line.
  const byFile = new Map();
  for (const l of p.lines) {
    if (!l.cycles && !l.executions) continue;
    if (!byFile.has(l.file)) byFile.set(l.file, new Map());
    byFile.get(l.file).set(l.line, {
      frac: l.cycles / max,
      text: String(l.cycles),
      title: `${l.executions}× · ${l.cycles} cycles (${fmt((100 * l.cycles) / Math.max(1, p.cycles), 1)}%) · 0x${hex(l.addr, 4)}`,
    });
  }
  setHeat(byFile);
}

const recount = debounce(() => {
  if (!$("pane-cycles").hidden) count();
}, 300);

export function wireProfile() {
  $("prof-run").addEventListener("click", count);
  $("prof-listing").addEventListener("change", render);
  store.on("edit", () => {
    if (last) setHeat(new Map());
  });
  store.on("result", (res) => {
    if (last && !res.error && res.report !== undefined) recount();
  });
  store.on("pane", (name) => {
    if (name === "cycles" && !last) count();
  });
}
