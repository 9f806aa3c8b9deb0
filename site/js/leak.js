// The Leakage pane: simulated power traces of the task's call (lab.Leak in the engine worker, op
// "leak"). TVLA draws Welch's t per cycle with the ±4.5 lines: hovering shows the cycle's
// instruction, clicking a peak jumps to its source line. CPA lists every key part's rank and plots the
// right key's correlation against the best wrong guess's as the traces add up. A progress line and
// Stop (which restarts the engine worker, as the page's Stop does) come with every run.
import { $, el, svg, fmt } from "./util.js";
import { store } from "./store.js";
import { engine, request, StoppedError } from "./engine.js";
import { jumpTo } from "./editor.js";
import { openFile } from "./workspace.js";

const W = 640;
const H = 240;
const M = { l: 44, r: 10, t: 10, b: 28 };
const THRESHOLD = 4.5;

let last = null; // the last LeakResponse
let busy = false;

function settings() {
  const num = (id, d) => {
    const v = parseFloat($(id).value);
    return Number.isFinite(v) ? v : d;
  };
  return {
    test: $("leak-test").value, order: parseInt($("leak-order").value, 10) || 1,
    traces: Math.max(2, Math.min(100000, Math.round(num("leak-traces", 1000)))),
    model: $("leak-model").value, noise: Math.max(0, num("leak-noise", 1)), sum: Math.max(1, Math.round(num("leak-sum", 1))),
    lag: $("leak-order").value === "2" ? Math.max(0, Math.min(64, Math.round(num("leak-lag", 0)))) : 0,
  };
}

async function runLeak() {
  if (busy) return;
  busy = true;
  $("leak-run").disabled = true;
  $("leak-stop").disabled = false;
  $("leak-progress").textContent = "starting…";
  const t0 = performance.now();
  try {
    const req = { ...request(true), ...settings() };
    const res = await engine.call("leak", req, (phase) => {
      const secs = `${((performance.now() - t0) / 1000).toFixed(1)} s; Stop ends it.`;
      if (phase.startsWith("{")) {
        // A partial t per sample (every tenth of the traces): the plot fills in as the run goes.
        const p = JSON.parse(phase);
        $("leak-progress").textContent = `simulating traces: ${p.traces} of ${p.of} · ${secs}`;
        drawPartial(p);
        return;
      }
      $("leak-progress").textContent = `${phase} · ${secs}`;
    });
    last = res;
    $("leak-progress").textContent = `done in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
    render();
  } catch (e) {
    $("leak-progress").textContent = e instanceof StoppedError ? "stopped" : "error: " + e.message;
  } finally {
    busy = false;
    $("leak-run").disabled = false;
    $("leak-stop").disabled = true;
  }
}

function stopLeak() {
  if (busy) engine.restart();
}

// sourceOf returns the instruction of sample i: {pc, file, line, text}.
function sourceOf(i) {
  if (!last || !last.source_of || i < 0 || i >= last.source_of.length) return null;
  return last.sources[last.source_of[i]];
}

function jumpToSource(s) {
  if (!s || !s.line) return;
  if (s.file !== store.current && store.files().has(s.file)) openFile(s.file, { run: false });
  if (s.file === store.current) jumpTo(s.line, 1);
  $("leak-plot").dataset.jumped = `${s.file}:${s.line}`;
}

function render() {
  const res = last;
  const sum = $("leak-summary");
  const plot = $("leak-plot");
  const table = $("leak-table");
  sum.textContent = "";
  plot.textContent = "";
  table.textContent = "";
  $("leak-hover").textContent = "";
  delete plot.dataset.jumped;
  if (!res) return;
  const r = res.report;
  if (res.error || !r) {
    sum.append(el("p", { class: "msg-error", text: res.error || "no report" }));
    return;
  }
  if (r.error) sum.append(el("p", { class: "msg-error", text: r.error }));
  if (r.test === "cpa") return renderCPA(r);
  const per = r.sum > 1 ? `samples of ${r.sum} cycles` : "cycles";
  const kind = r.lag > 0 ? ` (bivariate, pairs 1..${r.lag} apart)` : "";
  const leaks = r.over_threshold.length;
  sum.append(
    el("p", null, `t-test order ${r.order}${kind}, model ${r.model}, σ ${r.noise}: ${r.traces} traces of ${r.cycles} ${per}; max |t| `,
      el("b", { id: "leak-max", text: fmt(r.max_abs_t, 2) }), r.max_at ? ` at cycle ${r.max_at.cycle} (${r.max_at.where || "pc 0x" + r.max_at.pc.toString(16)})` : "",
      " · ", el("b", { id: "leak-verdict", class: leaks ? "bad" : "good", text: leaks ? `leaks at ${leaks} ${per}` : "no leak over 4.5" })),
  );
  if (r.window) sum.append(el("p", { class: "muted", text: `judged: cycles ${r.window.from_cycle}..${r.window.to_cycle} (${r.window.from} to ${r.window.to}); max |t| outside ${fmt(r.outside_max_abs_t || 0, 2)}` }));
  drawT(r);
  // The leaking lines, by first cycle, each a link to its line.
  const by = new Map();
  for (const p of r.over_threshold) {
    const k = (p.where || `pc 0x${p.pc.toString(16)}`) + (p.where2 ? " × " + p.where2 : "");
    const a = by.get(k) || { p, n: 0, max: 0 };
    a.n++;
    a.max = Math.max(a.max, Math.abs(p.t));
    by.set(k, a);
  }
  if (by.size) {
    const body = el("tbody");
    for (const [k, a] of [...by].slice(0, 40)) {
      const s = { file: a.p.file, line: a.p.line };
      body.append(el("tr", null, el("td", null, el("a", { href: "#", text: k, onclick: (e) => (e.preventDefault(), jumpToSource(s)) })),
        el("td", { class: "num", text: String(a.p.cycle) }), el("td", { class: "num", text: fmt(a.max, 1) }), el("td", { class: "num", text: String(a.n) })));
    }
    table.append(el("table", { class: "published" }, el("thead", null, el("tr", null, ...["line", "first cycle", "max |t|", "samples"].map((h) => el("th", { text: h })))), body));
  }
}

// drawPartial draws the t-plot of a run still going (no instructions for hover yet).
function drawPartial(p) {
  last = null;
  $("leak-summary").textContent = "";
  $("leak-table").textContent = "";
  $("leak-plot").textContent = "";
  const max = p.t.reduce((a, v) => Math.max(a, Math.abs(v)), 0);
  $("leak-summary").append(el("p", { class: "muted", text: `after ${p.traces} of ${p.of} traces: max |t| ${fmt(max, 2)}` }));
  drawT({ t_per_cycle: p.t, max_abs_t: max, sum: 1 });
}

function drawT(r) {
  const t = r.t_per_cycle || [];
  const n = t.length;
  if (!n) return;
  const lim = Math.max(10, Math.min(1e3, r.max_abs_t * 1.1));
  const x = (i) => M.l + (i * (W - M.l - M.r)) / Math.max(1, n - 1);
  const y = (v) => M.t + ((lim - Math.max(-lim, Math.min(lim, v))) * (H - M.t - M.b)) / (2 * lim);
  const s = svg("svg", { id: "leak-svg", class: "rank-chart leak-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "t per cycle" });
  s.append(svg("line", { x1: M.l, x2: W - M.r, y1: y(0), y2: y(0), class: "leak-zero" }));
  for (const v of [THRESHOLD, -THRESHOLD]) s.append(svg("line", { x1: M.l, x2: W - M.r, y1: y(v), y2: y(v), class: "leak-thr" }));
  for (const v of [lim, THRESHOLD, 0, -THRESHOLD, -lim]) s.append(svg("text", { x: M.l - 4, y: y(v) + 3, class: "tick", "text-anchor": "end" }, fmt(v, Math.abs(v) < 10 ? 1 : 0)));
  s.append(svg("text", { x: (M.l + W - M.r) / 2, y: H - 6, class: "axis", "text-anchor": "middle" }, r.sum > 1 ? `sample (${r.sum} cycles each)` : "cycle"));
  let pts = "";
  for (let i = 0; i < n; i++) pts += `${x(i).toFixed(1)},${y(t[i]).toFixed(1)} `;
  s.append(svg("polyline", { points: pts, class: "leak-t" }));
  let peak = 0;
  for (let i = 1; i < n; i++) if (Math.abs(t[i]) > Math.abs(t[peak])) peak = i;
  s.append(svg("circle", { cx: x(peak), cy: y(t[peak]), r: 5, class: "peak", "data-sample": peak }));
  const cursor = svg("line", { x1: 0, x2: 0, y1: M.t, y2: H - M.b, class: "leak-cursor", visibility: "hidden" });
  s.append(cursor);
  // The sample under the pointer: the largest |t| within a few pixels, so a peak is easy to hit.
  const at = (ev) => {
    const b = s.getBoundingClientRect();
    const px = ((ev.clientX - b.left) * W) / b.width;
    const c = Math.round(((px - M.l) * (n - 1)) / (W - M.l - M.r));
    const span = Math.max(1, Math.round((3 * (n - 1)) / (W - M.l - M.r)));
    let best = -1;
    for (let i = Math.max(0, c - span); i <= Math.min(n - 1, c + span); i++) if (best < 0 || Math.abs(t[i]) > Math.abs(t[best])) best = i;
    return best;
  };
  s.addEventListener("mousemove", (ev) => {
    const i = at(ev);
    if (i < 0) return;
    cursor.setAttribute("x1", x(i));
    cursor.setAttribute("x2", x(i));
    cursor.setAttribute("visibility", "visible");
    const src = sourceOf(i);
    $("leak-hover").textContent = `cycle ${i * (r.sum || 1)} · t = ${fmt(t[i], 2)}` + (src ? ` · ${src.file}:${src.line} · ${src.text}` : "");
  });
  s.addEventListener("mouseleave", () => cursor.setAttribute("visibility", "hidden"));
  s.addEventListener("click", (ev) => {
    const i = at(ev);
    const src = sourceOf(i);
    if (src) {
      $("leak-hover").textContent = `cycle ${i * (r.sum || 1)} · t = ${fmt(t[i], 2)} · ${src.file}:${src.line} · ${src.text}`;
      jumpToSource(src);
    }
  });
  $("leak-plot").append(s);
}

function renderCPA(r) {
  const sum = $("leak-summary");
  const ranks = r.key_ranks || [];
  const broken = ranks.filter((k) => k === 0).length;
  sum.append(el("p", null, `CPA on the ${r.target}, model ${r.model}, σ ${r.noise}: ${r.traces} traces · `,
    el("b", { id: "leak-verdict", class: broken ? "bad" : "good", text: `${broken} of ${ranks.length} key parts at rank 0` })));
  const pick = el("select", { id: "leak-key" }, ...ranks.map((_, k) => el("option", { value: String(k), text: `key part ${k}` })));
  pick.addEventListener("change", () => drawCPA(r, +pick.value));
  sum.append(el("label", null, "Plot ", pick));
  drawCPA(r, 0);
  const body = el("tbody");
  ranks.forEach((k, i) => body.append(el("tr", null, el("td", { text: String(i) }), el("td", { class: "num", text: String(k) }),
    el("td", { class: "num", text: r.traces_to_rank0[i] < 0 ? "–" : String(r.traces_to_rank0[i]) }),
    el("td", { class: "num", text: fmt(r.right_corr[i], 3) }), el("td", { class: "num", text: fmt(r.best_wrong_corr[i], 3) }))));
  $("leak-table").append(el("table", { class: "published" }, el("thead", null, el("tr", null, ...["key part", "rank", "rank 0 from", "ρ right", "ρ best wrong"].map((h) => el("th", { text: h })))), body));
}

function drawCPA(r, k) {
  const h = r.history || [];
  $("leak-plot").textContent = "";
  if (!h.length) return;
  const maxN = h[h.length - 1].traces;
  const x = (n) => M.l + (n * (W - M.l - M.r)) / Math.max(1, maxN);
  const y = (v) => M.t + ((1 - v) * (H - M.t - M.b));
  const s = svg("svg", { id: "leak-svg", class: "rank-chart leak-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "correlation against traces" });
  for (const v of [0, 0.5, 1]) s.append(svg("text", { x: M.l - 4, y: y(v) + 3, class: "tick", "text-anchor": "end" }, fmt(v, 1)));
  s.append(svg("text", { x: (M.l + W - M.r) / 2, y: H - 6, class: "axis", "text-anchor": "middle" }, `traces (|ρ| of key part ${k}: right key, best wrong guess)`));
  const line = (f, cls) => s.append(svg("polyline", { points: h.map((p) => `${x(p.traces).toFixed(1)},${y(f(p)).toFixed(1)}`).join(" "), class: cls }));
  line((p) => p.right[k], "leak-right");
  line((p) => p.wrong[k], "leak-wrong");
  $("leak-plot").append(s);
}

export function wireLeak() {
  $("leak-run").addEventListener("click", runLeak);
  $("leak-stop").addEventListener("click", stopLeak);
  store.on("edit", () => {
    if (last) $("leak-progress").textContent = "the source changed since this result: Run again";
  });
}
