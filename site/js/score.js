// The score box and the figures beside it (RANK or cycles per call, the verdict, cycles, cycles per
// byte, energy, flash, RAM): the one writer of them, for js/results.js and for boot.js, which imports
// this module alone to show first.json's score before the page's other modules have loaded (it imports
// nothing but js/util.js for that reason), and for index.html, which holds this module's code as a
// classic script (serve.go, inlineFirstScore) that writes first.json's score in the page's first frame.
import { $, el, fmt, setStatus } from "./util.js";

export { afterFrame } from "./util.js"; // for boot.js, which imports this module alone

// setRank writes the score (empty: none), marked stale or not, in the box and the score bar.
export function setRank(text, stale) {
  const r = $("rank");
  r.textContent = text;
  r.dataset.stale = stale ? "true" : "false";
  $("sb-rank").textContent = text || "–";
}

// setScoreKind labels the score box: RANK for a block cipher, cycles per call for a kernel (which has
// no RANK).
export function setScoreKind(kind) {
  const kernel = kind === "kernel";
  const label = kernel ? "cycles / call" : "RANK";
  $("rank-label").textContent = label;
  $("sb-label").textContent = label;
  $("rank").dataset.kind = kernel ? "kernel" : "cipher";
  $("rank").title = kernel ? "A kernel has no RANK: its figure of merit is the cycles of one call (the mean over the vectors)" : "RANK = (10^6/cpb) / (flash + 2·RAM)";
}
// setVerdict writes the verdict beside the score, with its kind (pass, fail, stale, none) as a class.
export function setVerdict(text, kind) {
  const v = $("verdict");
  v.textContent = text;
  v.className = "verdict" + (kind ? " " + kind : "");
  $("sb-verdict").textContent = text;
  $("sb-verdict").className = "sb-verdict" + (kind ? " " + kind : "");
}

// setStale dims the results and says why (on) or shows them as current.
export function setStale(on, why) {
  $("results").classList.toggle("stale", on);
  $("stale-note").hidden = !on;
  $("stale-note").textContent = on ? why : "";
}

// energyText: "19.2 (18.6–19.4)" µJ, the estimate and the model's spread.
export function energyText(e) {
  return `${fmt(e.uj, 1)} (${fmt(e.min_uj, 1)}–${fmt(e.max_uj, 1)})`;
}

// showScore writes the score of report r: RANK (cycles per call for a kernel) and the verdict.
export function showScore(r) {
  const kernel = r.kind === "kernel";
  setScoreKind(r.kind);
  const total = r.vectors;
  if (r.pass) {
    setRank(kernel ? Math.round(r.cycles_mean).toLocaleString("en-US") : fmt(r.rank, 2));
    setVerdict(`PASS — ${total} of ${total} vectors`, "pass");
  } else {
    setRank(kernel ? "—" : "");
    const why = r.error ? "the call did not complete" : r.failures ? `${r.failures} of ${total} vectors wrong` : "ABI broken";
    setVerdict("FAIL — " + why, "fail");
  }
}

// showFigures writes the figures beside the score of report r: cycles, cycles per byte (or per
// unit), energy, flash and RAM, with their tooltips.
export function showFigures(r) {
  const kernel = r.kind === "kernel";
  if (!r.error) {
    $("m-cycles").textContent =
      r.cycles_min === r.cycles_max ? String(r.cycles_min) : `${fmt(r.cycles_mean, 1)} (${r.cycles_min}–${r.cycles_max})`;
    if (!kernel) $("m-cpb").textContent = fmt(r.cpb, 1);
    else if (r.unit) {
      $("m-cpb-label").textContent = "cycles/" + r.unit;
      $("m-cpb").textContent = fmt(r.cycles_per_unit, 1);
    } else $("m-cpb-box").hidden = true;
    if (r.energy) {
      const e = r.energy;
      $("m-energy").textContent = "";
      $("m-energy").append(`${fmt(e.uj, 1)} µJ `, el("span", { class: "spread", text: `${fmt(e.min_uj, 1)}–${fmt(e.max_uj, 1)}` }));
      $("m-energy").title = `estimate from the cycles: ${e.model}; ${energyText(e)} µJ`;
      $("m-energy-box").hidden = false;
    }
  }
  if (r.error) {
    // The call did not complete: nothing was measured (the source's emitted bytes are no flash figure).
    $("m-flash").textContent = "–";
    $("m-ram").textContent = "–";
    $("m-flash").title = $("m-ram").title = "not measured: the call did not complete";
  } else {
    $("m-flash").textContent = String(r.flash);
    $("m-flash").title = `measured; the source emits ${r.flash_declared} B` + (r.measurement || []).map((m) => "\n" + m).join("");
    $("m-ram").textContent = String(r.ram);
    const bufs = (r.buffers || []).map((b) => `${b.register} ${b.role} ${b.size} B${b.counted ? ` (${b.touched} touched, counted)` : ""}`);
    $("m-ram").title = `stack ${r.stack} + .data/.bss ${r.reserved_ram} + other SRAM touched ${r.ram_other}\ncall ${r.call}: ${bufs.join("; ")}`;
  }
}

// showScoreFirst shows the score of res and its figures alone, with nothing else of the result (no
// vectors, tables, chart or marks): the first frame of a result whose whole (showResult, from
// store.setResult) follows in a later task. Only a bench's report of code that assembles is shown
// so (it returns whether it was); anything else waits for showResult.
export function showScoreFirst(res) {
  const r = res && res.report;
  if (!r || res.mode === "run" || res.mode === "preview" || res.error || res.no_code || (res.errors || []).some((d) => d.severity === "error")) return false;
  setStale(false);
  showScore(r);
  showFigures(r);
  return true;
}

// clearScore empties the score and its figures: for boot.js's score when the page's first request
// turns out another than the one first.json answers.
export function clearScore() {
  setRank("");
  setVerdict("", "");
  for (const id of ["m-cycles", "m-cpb", "m-flash", "m-ram"]) $(id).textContent = "–";
}

// PREBUILT_PHASE is the status line's phase while the page shows first.json's answer and the engine
// measures it again (js/engine.js shows it with its "…").
export const PREBUILT_PHASE = "measured at build, confirming";

// FIRST_ANSWER_ID is the id of index.html's JSON element that holds first.json's answer (serve.go).
const FIRST_ANSWER_ID = "first-answer";

// showInlinedScore is what index.html's inline copy of this module runs, right after the score's
// figures in the markup: on a first visit of the default example (boot.js's boot.first, which it sets
// only then) with no query string (?cycles, ?interp change the request), it writes first.json's
// answer's score and figures and the status line "measured at build, confirming…" before the
// page's first frame. boot.js checks that answer against the page's real request once first.json
// and the example have come (prebuiltFor) and withdraws the score when they differ
// (withdrawInlinedScore).
export function showInlinedScore() {
  const first = self.avrlabBoot && self.avrlabBoot.first;
  const data = document.getElementById(FIRST_ANSWER_ID);
  if (!first || location.search || !data) return;
  let pre;
  try {
    pre = JSON.parse(data.textContent);
  } catch {
    return;
  }
  const status = $("status");
  const was = [status.textContent, status.className];
  if (!showScoreFirst(pre)) return;
  setStatus(PREBUILT_PHASE + "…", "busy");
  Object.assign(first, { inlined: JSON.stringify(pre), inlinedStatus: was, scoreAt: performance.now() });
}

// withdrawInlinedScore clears the score showInlinedScore wrote, and puts the status line back, when
// the page's real request turns out another than first.json's; unless the page has shown something
// of its own since (the status line is no longer the prebuilt one's).
export function withdrawInlinedScore(first) {
  if (!first.inlined || first.withdrawn) return;
  first.withdrawn = true;
  first.withdrawnAt = performance.now(); // for the browser tests: before the first paint or after it
  if ($("status").textContent !== PREBUILT_PHASE + "…") return;
  clearScore();
  setStatus(first.inlinedStatus[0], first.inlinedStatus[1].replace(/^status ?/, ""));
}
