// The results panel: the score (RANK for a block cipher, cycles per call for a kernel; verdict,
// badges), the metrics (energy on the ATtiny45), the vectors and the first failure, the state after a
// run from reset and the problems list (the published table is js/published.js). While the source
// does not assemble, the last good result stays, dimmed and marked stale.
import { $, el, fmt, hex } from "./util.js";
import { store } from "./store.js";
import { ws } from "./engine.js";
import { renderMarks, jumpTo } from "./editor.js";
import { openFile } from "./workspace.js";
import { setRank, setScoreKind, setVerdict, setStale, showScore, showFigures, showScoreFirst } from "./score.js";
import { applyFix, fieldLabels } from "./controls.js";

// showFixes lists the engine's fixes: each a button that names the field it sets and the value.
function showFixes(fixes, lead) {
  const box = $("fixes");
  box.textContent = "";
  box.hidden = !fixes || !fixes.length;
  if (box.hidden) return;
  if (lead) box.appendChild(el("p", { class: "fixes-lead", text: lead }));
  for (const f of fixes) {
    const label = fieldLabels[f.field] || f.field;
    box.appendChild(el("div", { class: "fix-row" },
      el("button", { class: "fix", "data-field": f.field, "data-value": f.value, title: f.why, text: `Set ${label} to ${f.value}`, onclick: () => applyFix(f) }),
      el("span", { class: "muted small", text: f.why })));
  }
}

export function showMessage(text, note) {
  const m = $("message");
  m.textContent = text || "";
  m.hidden = !text;
  m.className = "message" + (note ? " note" : "");
}

function clearReport() {
  showFixes(null);
  for (const id of ["m-cycles", "m-cpb", "m-flash", "m-ram", "m-energy"]) {
    $(id).textContent = "–";
    $(id).title = "";
  }
  $("m-energy-box").hidden = true;
  $("m-cpb-box").hidden = false;
  $("m-cpb-label").textContent = "cycles/byte";
  $("badges").textContent = "";
  $("vectors-out").textContent = "";
  $("failure").hidden = true;
  $("run-out").hidden = true;
  $("task-name").textContent = "";
}

// goalList turns the bare "goal:" lines of a README (outside code blocks) into a Markdown list, so a
// teacher's goals read as a list and not as one paragraph.
export function goalList(text) {
  let fence = false;
  return text.split("\n").map((l) => {
    if (/^\s*(```|~~~)/.test(l)) fence = !fence;
    if (!fence && /^goal:\s*\S/.test(l.trim())) return "- `" + l.trim() + "`";
    return l;
  }).join("\n");
}

let previewSeq = 0;
// showPreview shows a Markdown or text file rendered in place of a result: nothing is assembled.
function showPreview(res) {
  setStale(false);
  clearReport();
  showMessage("");
  setScoreKind("cipher");
  setRank("");
  setVerdict(`${res.file} is ${/\.txt$/i.test(res.file) ? "text" : "Markdown"}: previewed, not assembled`, "none");
  $("results").classList.add("previewing");
  const art = $("md-preview");
  art.hidden = false;
  const text = store.files().get(res.file) || "";
  const seq = ++previewSeq;
  if (/\.txt$/i.test(res.file)) {
    art.textContent = "";
    art.appendChild(el("pre", { text }));
    art.dataset.rendered = "true";
  } else {
    art.textContent = text;
    art.dataset.rendered = "false";
    ws.call("markdown", { text: goalList(text) }).then((r) => {
      if (seq !== previewSeq) return;
      art.innerHTML = r.html; // goldmark with raw HTML off: no markup from the text
      for (const a of art.querySelectorAll("a[href]")) {
        a.target = "_blank";
        a.rel = "noopener noreferrer";
      }
      art.dataset.rendered = "true";
    }, () => {});
  }
  store.emit("report", null);
}

function showResult(res) {
  renderMarks();
  renderProblems();
  if (res.mode === "preview") return showPreview(res);
  previewSeq++;
  $("results").classList.remove("previewing");
  $("md-preview").hidden = true;
  const errs = store.diagnostics.filter((d) => d.severity === "error");
  const main = store.dropped ? store.dropped.name : store.lastMain;
  if (errs.length && !res.error) {
    const first = errs[0];
    const why = `Stale: the source does not assemble (${errs.length} error${errs.length > 1 ? "s" : ""}, first at ${first.file}:${first.line}); this is the last result that did.`;
    if (store.good && store.good.main === main && store.good.res !== res) {
      setStale(true, why);
      setVerdict(`does not assemble (${errs.length} error${errs.length > 1 ? "s" : ""})`, "stale");
      $("rank").dataset.stale = "true";
      return;
    }
    setStale(false);
    clearReport();
    showMessage("");
    setRank("");
    setVerdict(`FAIL — does not assemble (${errs.length} error${errs.length > 1 ? "s" : ""})`, "fail");
    store.emit("report", null);
    return;
  }
  setStale(false);
  clearReport();
  showMessage("");
  if (res.flash) $("m-flash").textContent = String(res.flash);
  if (res.error) {
    setRank("");
    setVerdict("FAIL — " + res.error, "fail");
    showMessage(res.error);
    store.emit("report", null);
    return;
  }
  if (res.no_code) {
    setRank("");
    setVerdict("NO CODE", "none");
    showMessage(res.note, true);
    store.emit("report", null);
    return;
  }
  if (res.mode === "run") return showRun(res);
  showReport(res.report, main, res.adapted, res.fixes);
}

function measuredName() {
  return store.dropped ? store.dropped.name : store.lastMain;
}

function showReport(r, main, adapted, fixes) {
  const total = r.vectors;
  showScore(r);
  $("task-name").textContent = `${r.task_name} · ${r.device} · ${main}`;
  if (r.error) {
    showMessage(r.error);
  }
  showFixes(fixes, "Fix it with:");
  showFigures(r);

  const b = $("badges");
  const badge = (ok, label, detail) =>
    b.appendChild(el("span", { class: "badge " + (ok ? "ok" : "no"), text: (ok ? "✓ " : "✗ ") + label, title: detail || "" }));
  if (!r.error) {
    badge(r.constant_time, "constant time", r.constant_time_detail || "cycle counts and executed addresses agree for random inputs");
    badge(r.abi_ok, "avr-gcc ABI", r.abi_detail || "callee-saved registers, r1 and SP restored");
  }
  if (r.rk_in) b.appendChild(el("span", { class: "badge ok", text: "round keys: " + r.rk_in }));

  const v = $("vectors-out");
  const pf = (ok) => el("span", { class: "pf " + (ok ? "ok" : "no"), text: ok ? "pass" : "fail" });
  if (r.official) {
    // lab says which published vector runs first (official_from); a kernel without one starts with an edge input.
    const label = r.kind === "kernel" && !r.official_from ? "First edge input (no published vector): " : "Official vector: ";
    v.appendChild(el("div", { class: "row", id: "official-row", title: r.official_from || "" }, label, pf(r.official.ok), ` (${r.official.cycles} cycles)`));
  }
  const random = Math.max(0, total - 1);
  if (random > 0) {
    // One reading with the verdict: how many are wrong, as the verdict counts them.
    const randomFail = r.failures - (r.official && !r.official.ok ? 1 : 0);
    v.appendChild(el("div", { class: "row", id: "random-row" }, "Random vectors: ", pf(randomFail === 0),
      randomFail === 0 ? ` (all ${random} right)` : ` (${randomFail} of ${random} wrong)`));
  }
  if (adapted) {
    v.appendChild(el("div", { class: "row muted", id: "adapted", text:
      `Live run: ${adapted.used} of the ${adapted.asked} random vectors, as one call ${adapted.measured ? "takes" : "took, when last measured,"} ` +
      `${adapted.call_cycles.toLocaleString("en-US")} cycles; Run (Ctrl+Enter) measures all ${adapted.asked}.` }));
  }
  v.appendChild(el("div", { class: "row muted", id: "seed", text:
    `Seed ${r.seed}: the random vectors, constant-time inputs and planted registers (Run draws a new one; avrlab bench -seed ${r.seed} repeats it)` }));
  for (const m of [...(r.notes || []), ...(r.measurement || [])]) v.appendChild(el("div", { class: "row muted", text: m }));
  if (r.first_failure) {
    const f = r.first_failure;
    const rows = $("failure-rows");
    rows.textContent = "";
    const lines = (f.inputs || []).map((x) => [x.role, x.hex]);
    lines.push(["expected " + f.output, f.expected], ["got", f.got, "diff"]);
    if (f.problem) lines.push(["problem", f.problem]);
    for (const [k, val, cls] of lines) {
      rows.appendChild(el("tr", null, el("th", { text: k }), el("td", { text: val, class: cls || "" })));
    }
    $("failure").hidden = false;
  }
  store.emit("report", r);
}

function showRun(res) {
  const r = res.run;
  setScoreKind("cipher");
  setRank("");
  const ok = r.stop === "sleep" || r.stop === "break";
  const ran = `stopped by ${r.stop} after ${r.cycles} cycles`;
  const fixes = res.fixes || [];
  if (res.no_task && (!ok || fixes.length)) {
    // A routine without a task line: say that first, and offer the tasks whose contract fits; the
    // run from reset (which a routine does not survive) comes after.
    setVerdict("NO TASK — pick the task this code implements", "none");
    showMessage(`${measuredName()} names no task, so the page cannot measure it. ` +
      (fixes.length ? "Tasks whose contract fits are below; or pick one in the Task picker." : "Pick the one it implements in the Task picker, or put \"; avrlab task: ID\" in its first lines.") +
      ` (Run from reset meanwhile: ${ran}${r.fault ? ": " + r.fault : ""}.)`, true);
    showFixes(fixes, fixes.length ? "Tasks whose contract fits:" : "");
    $("m-flash").textContent = "–"; // nothing measured yet
    store.emit("report", null);
    return;
  }
  setVerdict(`${ok ? "RAN" : "FAIL"} — ${ran}`, ok ? "pass" : "fail");
  if (res.note) showMessage(res.note, true);
  if (r.fault) showMessage(r.fault + (res.fault_at ? ` (marked in ${res.fault_at.file} at line ${res.fault_at.line})` : ""));
  $("m-cycles").textContent = String(r.cycles);
  const out = $("run-out");
  out.textContent = "";
  const regs = [];
  for (let i = 0; i < 32; i++) regs.push(`r${i}`.padStart(3) + "=" + hex(r.r[i], 2) + (i % 8 === 7 ? "\n" : "  "));
  out.appendChild(el("h2", { text: "Program state" }));
  out.appendChild(el("pre", { text: `PC=0x${hex(r.pc * 2, 4)}  SP=0x${hex(r.sp, 4)}  SREG=0x${hex(r.sreg, 2)}\n` + regs.join("") }));
  if (r.output) {
    out.appendChild(el("h2", { text: "Output (UART)" }));
    out.appendChild(el("pre", { text: r.output }));
  }
  out.hidden = false;
  store.emit("report", null);
}

function renderProblems() {
  const list = $("problems");
  list.textContent = "";
  const ds = store.diagnostics;
  $("problem-count").textContent = ds.length ? String(ds.length) : "none";
  for (const d of ds) {
    const btn = el(
      "button",
      {
        onclick: () => {
          if (d.file !== store.current && store.files().has(d.file)) openFile(d.file, { run: false });
          if (d.file === store.current) jumpTo(d.line, d.col);
        },
      },
      el("span", { class: "sev-" + d.severity, text: d.severity }),
      d.line > 0 ? ` ${d.file}:${d.line}:${d.col}: ${d.msg}` : ` ${d.file}: ${d.msg}`,
    );
    list.appendChild(el("li", null, btn));
  }
}

// dockScore puts the score (#rank, #verdict) into the sticky score bar on narrow layouts, where the
// results are below the editor, and back at the top of the results panel on wide ones.
function dockScore(narrow) {
  const score = document.querySelector(".score");
  const bar = $("scorebar");
  if (narrow && score.parentElement !== bar) bar.appendChild(score);
  else if (!narrow && score.parentElement === bar) $("results").prepend(score);
  bar.classList.toggle("holds-score", narrow);
  bar.setAttribute("aria-hidden", String(!narrow));
}

export function wireResults() {
  const mq = matchMedia("(max-width: 980px)");
  dockScore(mq.matches);
  mq.addEventListener("change", (e) => dockScore(e.matches));
  $("menu").addEventListener("click", () => {
    const open = document.body.classList.toggle("menu-open");
    $("menu").setAttribute("aria-expanded", String(open));
  });
  store.on("result", showResult);
  store.on("score", (res) => showScoreFirst(res));
  store.on("stopped", () => {
    showMessage("Stopped: the engine was terminated and a fresh one started. The page keeps your source.");
    setRank("");
    setVerdict("STOPPED", "fail");
  });
  store.on("engine-error", (msg) => showMessage(msg));
  store.on("current", () => renderMarks());
}
