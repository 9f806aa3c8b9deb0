// The RANK chart: cycles per byte against flash + 2·RAM, both on log scales, so that the curves of equal
// RANK = (10^6/cpb)/(flash + 2·RAM) are straight lines of slope −1. The published rows of the task's
// table are labelled points — the fixed-key ATmega128 rows, or for an ATtiny45 cipher the ECRYPT rows
// (cycles of encryption + key schedule per byte of block, code + 2·RAM) — and the user's passing
// implementation a live point (dimmed while the source does not assemble). A kernel has no RANK: the
// chart gives way to a note, and the published table compares cycles per call.
import { $, el, svg, fmt, morph, afterPaint } from "./util.js";
import { store, mainFile, timings } from "./store.js";
import { tableOf } from "./published.js";

const chartNotes = {
  "fixed-key": "(cycles/byte against flash + 2·RAM, log scales)",
  attiny45: "(ATtiny45: cycles/byte of encryption + key schedule against code + 2·RAM, log scales)",
  kernel: "(kernels: cycles per call)",
};

// publishedPoints are the rows of a table as points {x: size, y: cpb, rank, label, title, same}.
function publishedPoints(table, task) {
  const own = new Set(task ? task.rows : []);
  const out = [];
  if (table === "attiny45") {
    store.meta.attiny45.forEach((p, i) => {
      const x = p.code + 2 * p.ram;
      const y = p.enc_cycles / (p.block / 8);
      if (!(x > 0 && y > 0)) return;
      out.push({ x, y, rank: 1e6 / y / x, label: p.cipher, same: own.has(i),
        title: `${p.cipher} (ECRYPT, ATtiny45): code ${p.code} B, RAM ${p.ram} B, ${p.enc_cycles} cycles for encryption + key schedule = ${fmt(y, 0)} cycles/byte, ${fmt(p.energy_uJ, 1)} µJ` });
    });
    return out;
  }
  store.meta.published.forEach((p, i) => {
    const x = p.flash + 2 * p.ram;
    if (!(p.cpb > 0 && x > 0)) return;
    out.push({ x, y: p.cpb, rank: p.rank, label: p.cipher + implTag(p.impl), same: own.has(i),
      title: `${p.cipher} · ${p.impl} (${store.meta.sources[p.source] || p.source}): flash ${p.flash} B, RAM ${p.ram} B, ${fmt(p.cpb, 0)} cycles/byte, RANK ${fmt(p.rank, 1)}` });
  });
  return out;
}

// implTag tells apart the rows of one cipher in a label: " v2" for "CHAM ver. 2 (2-round loop)", " '17"
// for "CHAM (ICISC'17)"; the tooltip names the implementation and the source in full.
function implTag(impl) {
  const v = /ver\. ?(\d+)/.exec(impl || "");
  if (v) return " v" + v[1];
  const y = /'(\d\d)\b/.exec(impl || "");
  return y ? " '" + y[1] : "";
}

// textBoxes holds the box of each label measured so far, relative to its anchor point (x, y), by its
// class, anchor and text; emptied when the window's size changes (the page's fonts may follow it).
const textBoxes = new Map();
window.addEventListener("resize", () => textBoxes.clear());

// textBox is t.getBBox() of an SVG text, from textBoxes when a label of the same class, anchor and
// text was measured before.
function textBox(t) {
  const x = Number(t.getAttribute("x"));
  const y = Number(t.getAttribute("y"));
  const key = `${t.getAttribute("class")}|${t.getAttribute("text-anchor")}|${t.textContent}`;
  let o = textBoxes.get(key);
  if (!o) {
    const b = t.getBBox();
    o = { dx: b.x - x, dy: b.y - y, width: b.width, height: b.height };
    if (b.width > 0) textBoxes.set(key, o);
  }
  return { x: x + o.dx, y: y + o.dy, width: o.width, height: o.height };
}

// circleBox is c.getBBox() of an SVG circle: its geometry.
function circleBox(c) {
  const r = Number(c.getAttribute("r"));
  return { x: Number(c.getAttribute("cx")) - r, y: Number(c.getAttribute("cy")) - r, width: 2 * r, height: 2 * r };
}

// diamondBox is p.getBBox() of a path of straight segments (yours' diamond): the extent of its points.
function diamondBox(p) {
  const v = (p.getAttribute("d").match(/-?[\d.]+(?:e-?\d+)?/g) || []).map(Number);
  const xs = v.filter((_, i) => i % 2 === 0);
  const ys = v.filter((_, i) => i % 2 === 1);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

// placeLabels moves each point's label to the first of a few places beside its point where it meets
// no other label, no point and stays inside the plot; a label with no such place is hidden (its point
// keeps its tooltip). Labels are placed in order: RANK lines and yours first, then the task's own rows,
// then by RANK.
//
// A label's box is measured once per text, class and anchor (getBBox lays the page out) and then
// placed by its offset from the label's anchor point, which is the same wherever the label goes; a
// circle's and yours' diamond's boxes follow from their geometry. The places are tried on numbers and
// the label written once, where it lands (its attributes as trying them in turn leaves them): only a
// box not measured yet is tried on the label itself. A label placed before (a chart kept, see
// drawChart) is written only where it moves.
function placeLabels(s, plot) {
  const boxes = [];
  const hit = (b) => boxes.some((o) => b.x < o.x + o.width && o.x < b.x + b.width && b.y < o.y + o.height && o.y < b.y + b.height);
  const inside = (b) => b.x >= plot.x0 && b.x + b.width <= plot.x1 && b.y >= plot.y0 && b.y + b.height <= plot.y1;
  const pad = (b) => ({ x: b.x - 1, y: b.y - 1, width: b.width + 2, height: b.height + 2 });
  for (const t of s.querySelectorAll(".iso-label, .yours-label")) boxes.push(pad(textBox(t)));
  for (const p of s.querySelectorAll(".yours path")) boxes.push(pad(diamondBox(p)));
  for (const c of s.querySelectorAll(".pt circle")) boxes.push(pad(circleBox(c)));
  const pts = [...s.querySelectorAll(".pt")].sort((a, b) => (b.classList.contains("same") - a.classList.contains("same")) || Number(b.dataset.rank) - Number(a.dataset.rank));
  for (const g of pts) {
    const c = g.querySelector("circle");
    const t = g.querySelector("text");
    const cx = Number(c.getAttribute("cx"));
    const cy = Number(c.getAttribute("cy"));
    const key = `${t.getAttribute("class")}|`;
    const text = t.textContent;
    let at = null;
    for (const place of PLACES) {
      at = place;
      const x = cx + place[0];
      const y = cy + place[1];
      const b = pad(boxAt(t, key + place[2] + "|" + text, x, y, place[2]));
      if (b.width > 2 && inside(b) && !hit(b)) {
        boxes.push(b);
        break;
      }
      at = null;
    }
    const last = at || PLACES[PLACES.length - 1];
    setIf(t, "x", String(cx + last[0]));
    setIf(t, "y", String(cy + last[1]));
    setIf(t, "text-anchor", last[2]);
    if (at) {
      if (t.hasAttribute("display")) t.removeAttribute("display");
      if (g.classList.contains("unlabelled")) g.classList.remove("unlabelled");
    } else {
      setIf(t, "display", "none");
      if (!g.classList.contains("unlabelled")) g.classList.add("unlabelled");
    }
  }
}

// PLACES are where a point's label may go, in the order tried: [dx, dy, text-anchor] from its point.
const PLACES = [[8, -4, "start"], [8, 8, "start"], [-8, -4, "end"], [-8, 8, "end"], [0, -9, "middle"], [0, 16, "middle"], [8, 2, "start"], [-8, 2, "end"]];

// boxAt is the box label t would have with its anchor point at (x, y) and that text-anchor: from
// textBoxes (key: its class, anchor and text, as textBox keys them) without touching t, else
// measured on t moved there.
function boxAt(t, key, x, y, anchor) {
  const o = textBoxes.get(key);
  if (o) return { x: x + o.dx, y: y + o.dy, width: o.width, height: o.height };
  t.setAttribute("x", x);
  t.setAttribute("y", y);
  t.setAttribute("text-anchor", anchor);
  return textBox(t);
}

// setIf sets attribute name of e to value unless it has it already.
function setIf(e, name, value) {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}

const W = 640;
const H = 380;
const M = { l: 52, r: 16, t: 12, b: 38 };
const RANKS = [1, 2, 5, 10, 20, 50, 100];

let yours = null; // {x, y, rank, cipher, name}
let stale = false;

const log = Math.log10;

// domain is a scale's extent: the values' and 0.08 decade more each way, rounded out to a twentieth
// of a decade, so that yours moving a little (a few bytes, a few cycles) where it is the chart's
// smallest or largest keeps the scales, and the published points stay where they are.
function domain(vals) {
  const lo = Math.min(...vals);
  const hi = Math.max(...vals);
  return [Math.floor((log(lo) - 0.08) * 20) / 20, Math.ceil((log(hi) + 0.08) * 20) / 20];
}

function ticks(lo, hi) {
  const out = [];
  for (let e = Math.floor(lo); e <= Math.ceil(hi); e++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (log(v) >= lo && log(v) <= hi) out.push(v);
    }
  }
  return out;
}

// drawnKey says what the chart on the page shows (see chartKey); "" when nothing was drawn.
let drawnKey = "";

// chartKey is what render draws from: the shown task, yours and whether it is stale.
function chartKey() {
  const task = store.meta && store.shownTask();
  return JSON.stringify([task ? task.id : "", yours, stale]);
}

// render draws the chart (drawChart) and keeps when and how long its first renders took
// (avrlabTimings.chartRenders: [start, ms], page clock) for the browser tests' timings.
function render() {
  const t0 = performance.now();
  drawChart();
  timings.chartRenders = timings.chartRenders || [];
  if (timings.chartRenders.length < 10) timings.chartRenders.push([t0, performance.now() - t0]);
}

// drawChart draws the chart of the shown task: its published points, yours and curves of equal RANK.
function drawChart() {
  const box = $("chart");
  const drawn = box.querySelector(":scope > svg.rank-chart"); // the chart on the page, to update in place
  drawnKey = "";
  if (!store.meta) {
    box.textContent = "";
    return;
  }
  drawnKey = chartKey();
  const task = store.shownTask();
  const table = tableOf(task);
  $("chart-note").textContent = chartNotes[table];
  box.dataset.table = table;
  if (table === "kernel") {
    box.textContent = "";
    box.appendChild(el("p", { class: "chart-msg", id: "chart-kernel", text:
      `${task.name} is a kernel: it has no cycles per byte and no RANK, so there is no RANK chart. Its figure of merit is the cycles of one call` +
      `${task.unit ? " (and per " + task.unit + ")" : ""}, beside flash and RAM: see the score above and the published figures below.` }));
    return;
  }
  const pts = publishedPoints(table, task);
  const all = yours ? [...pts, yours] : pts;
  if (!all.length) {
    box.textContent = "";
    return;
  }
  const [x0, x1] = domain(all.map((q) => q.x));
  const [y0, y1] = domain(all.map((q) => q.y));
  const sx = (v) => M.l + ((log(v) - x0) / (x1 - x0)) * (W - M.l - M.r);
  const sy = (v) => H - M.b - ((log(v) - y0) / (y1 - y0)) * (H - M.t - M.b);
  const plot = { x0: M.l, x1: W - M.r, y0: M.t, y1: H - M.b };
  // Everything but yours (grid, axes, RANK lines, the published points) follows from the table, its
  // points and the scales: when the chart drawn, shown, has the same, only yours is drawn again and
  // the labels placed (to where a chart drawn anew puts them).
  const frame = JSON.stringify([table, x0, x1, y0, y1, pts]);
  if (drawn && drawnFrame.get(drawn) === frame && box.closest("[hidden]") === null) {
    const old = drawn.querySelector(':scope > [data-row="yours"]');
    const nu = yoursGroup(sx, sy);
    if (old && nu) {
      const m = morph(old, nu);
      if (m !== old) old.replaceWith(m);
    } else if (old) old.remove();
    else if (nu) drawn.appendChild(nu);
    placeLabels(drawn, plot);
    return;
  }
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "cycles per byte against flash plus twice RAM, with curves of equal RANK", class: "rank-chart" });
  s.appendChild(svg("title", {}, "Where you stand: cycles/byte against flash + 2·RAM (log scales); lines of equal RANK"));
  const clip = svg("clipPath", { id: "plot-area" }, svg("rect", { x: M.l, y: M.t, width: W - M.l - M.r, height: H - M.t - M.b }));
  s.appendChild(svg("defs", {}, clip));
  // Grid and axes.
  const grid = svg("g", { class: "grid" });
  for (const v of ticks(x0, x1)) {
    grid.appendChild(svg("line", { x1: sx(v), x2: sx(v), y1: M.t, y2: H - M.b }));
    grid.appendChild(svg("text", { x: sx(v), y: H - M.b + 14, "text-anchor": "middle", class: "tick" }, String(v)));
  }
  for (const v of ticks(y0, y1)) {
    grid.appendChild(svg("line", { x1: M.l, x2: W - M.r, y1: sy(v), y2: sy(v) }));
    grid.appendChild(svg("text", { x: M.l - 6, y: sy(v) + 3, "text-anchor": "end", class: "tick" }, String(v)));
  }
  s.appendChild(grid);
  s.appendChild(svg("text", { x: (M.l + W - M.r) / 2, y: H - 6, "text-anchor": "middle", class: "axis" }, "flash + 2·RAM (bytes)"));
  s.appendChild(svg("text", { x: 12, y: (M.t + H - M.b) / 2, transform: `rotate(-90 12 ${(M.t + H - M.b) / 2})`, "text-anchor": "middle", class: "axis" },
    table === "attiny45" ? "cycles per byte (encryption + key schedule)" : "cycles per byte"));
  // Iso-RANK lines: cpb = 10^6 / (RANK · size).
  const iso = svg("g", { class: "iso", "clip-path": "url(#plot-area)" });
  const xa = 10 ** x0;
  const xb = 10 ** x1;
  for (const r of RANKS) {
    const ya = 1e6 / (r * xa);
    const yb = 1e6 / (r * xb);
    iso.appendChild(svg("line", { x1: sx(xa), y1: sy(ya), x2: sx(xb), y2: sy(yb), "data-rank": r }));
    // Label where the line crosses the plot's top or right edge.
    const xr = Math.min(xb, 1e6 / (r * 10 ** y0));
    const yr = 1e6 / (r * xr);
    if (log(yr) <= y1 && log(xr) >= x0) iso.appendChild(svg("text", { x: sx(xr) - 3, y: sy(yr) - 3, "text-anchor": "end", class: "iso-label" }, `RANK ${r}`));
  }
  s.appendChild(iso);
  // Published rows.
  const g = svg("g", { class: "points" });
  for (const q of pts) {
    const pt = svg("g", { "data-row": "published", "data-rank": fmt(q.rank, 1), class: "pt" + (q.same ? " same" : "") },
      svg("title", {}, q.title),
      svg("circle", { cx: sx(q.x), cy: sy(q.y), r: q.same ? 5 : 4 }),
      svg("text", { x: sx(q.x) + 6, y: sy(q.y) - 5, class: "pt-label" }, q.label));
    g.appendChild(pt);
  }
  s.appendChild(g);
  const yg = yoursGroup(sx, sy);
  if (yg) s.appendChild(yg);
  // The chart drawn before, when it has the new one's shape (the same task, another result: the
  // points move), becomes the new one in place, attribute by attribute (morph): the page then lays
  // out and paints what moved, not a new chart with every label shaped again.
  const live = drawn ? morph(drawn, s) : s;
  if (live !== drawn) {
    box.textContent = "";
    box.appendChild(live);
  }
  drawnFrame.set(live, frame);
  // Labels are placed on a chart that is shown (a hidden one measures nothing: the results pane
  // shown draws it again); labels whose boxes were measured before are placed with no layout.
  if (box.closest("[hidden]") === null) placeLabels(live, plot);
}

// drawnFrame holds, by chart element, what its frame (all but yours) was drawn from (see drawChart).
const drawnFrame = new WeakMap();

// yoursGroup draws yours (its diamond, label and tooltip) on scales sx and sy; null without yours.
function yoursGroup(sx, sy) {
  if (!yours) return null;
  const x = sx(yours.x);
  const y = sy(yours.y);
  return svg("g", { "data-row": "yours", "data-rank": fmt(yours.rank, 2), class: "yours" + (stale ? " stale" : "") },
    svg("title", {}, `your code (${yours.name}): flash ${yours.flash} B, RAM ${yours.ram} B, ${fmt(yours.y, 1)} cycles/byte, RANK ${fmt(yours.rank, 2)}${stale ? " (the last result; the source does not assemble now)" : ""}`),
    svg("path", { d: `M ${x} ${y - 8} L ${x + 8} ${y} L ${x} ${y + 8} L ${x - 8} ${y} Z` }),
    svg("text", { x: x + 10, y: y + 4, class: "yours-label" }, `you ${fmt(yours.rank, 2)}`));
}

// showReport takes a report (the "report" event) for the live point and draws the chart for it.
function showReport(r) {
  if (r && r.pass && r.cpb > 0 && r.kind !== "kernel") {
    yours = { x: r.flash + 2 * r.ram, y: r.cpb, rank: r.rank, flash: r.flash, ram: r.ram, name: store.resultMain };
    stale = false;
  } else yours = null; // failing, a kernel, a run from reset, no code, a preview: no point
  // The same figures again (a comment edited): the chart drawn for them stays.
  if (drawnKey !== "" && chartKey() === drawnKey) return;
  render();
}

// reportLater is showReport after the frame that paints a live run's score (afterPaint,
// store.scoreFirst): the score comes first; the listeners below take a report still waiting first
// (flush), as they read yours.
const reportLater = afterPaint(showReport, () => store.scoreFirst);

export function wireChart() {
  // The live point is the shown file's current result or nothing: a passing report of it, dimmed
  // while that file does not assemble; another file's score never stays on the chart.
  store.on("report", reportLater);
  store.on("result", (res) => {
    const errs = (res.errors || []).some((d) => d.severity === "error");
    if (!errs) return;
    reportLater.flush();
    if (yours) {
      if (yours.name === store.resultMain) stale = true;
      else yours = null;
      render();
    }
  });
  store.on("current", () => {
    reportLater.flush();
    if (yours && yours.name !== mainFile()) {
      yours = null;
      render();
    }
  });
  // meta after a result (the page's first, first.json's) finds the chart drawn for it: it stays.
  store.on("meta", () => {
    reportLater.flush();
    if (drawnKey === "" || chartKey() !== drawnKey) render();
  });
  store.on("pane", (name) => {
    reportLater.flush();
    if (name === "result") render(); // labels are placed on a chart that is shown
  });
}
