// Exercises: #exercise=ID opens a bundled exercise (exercises/ID/ beside the page), and a teacher's link
// #exercise=ID&ex=… carries one whole (README.md, the starter and tests.txt, packed as share links
// are). The instructions are rendered from Markdown (goldmark, raw HTML left out, in the workspace
// worker) beside the editor, the starter goes into the workspace as ID.S (kept once edited), and the
// goals tick as the results come in. The student can download the solution stamped with the result.
import { $, el, notice, pack, unpack, download, fmt } from "./util.js";
import { store, mainFile } from "./store.js";
import { ws, engine, runNow } from "./engine.js";
import { openFile, markDirty, saveAll } from "./workspace.js";
import { showShare, leaveLink } from "./share.js";
import { showPane } from "./controls.js";
import { jumpTo } from "./editor.js";
import { goalList } from "./results.js";

const MAX_README = 256 << 10;

// readGoals asks the engine for the goals of an exercise's README.md and tests.txt as the lab reads
// them (lab.ParseGoals: {goals: [{text, metric, op, value, line}], problems: [{file, line, msg}]}).
function readGoals(readme, tests) {
  return engine.call("goals", { goals: readme, tests: tests || "" });
}

// goalProblemText is a problem of reading an exercise's goals, for a notice.
const goalProblemText = (p) => `${p.file}: ${p.msg}`;

function slug(text) {
  return (text || "exercise").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "exercise";
}

function titleOf(readme, id) {
  const m = /^#[ \t]+(.+?)[ \t#]*$/m.exec(readme);
  return m ? m[1] : id;
}

// readExercise returns the exercise the fragment names, or null.
async function readExercise() {
  const p = new URLSearchParams(location.hash.slice(1));
  let id = p.get("exercise");
  if (!id && p.has("example") && (store.meta.exercises || []).some((e) => e.id === p.get("example"))) id = p.get("example");
  if (!id) return null;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(id)) throw new Error(`"${id}" cannot name an exercise`);
  if (p.has("ex")) {
    const ex = JSON.parse(await unpack(p.get("ex"), MAX_README + (1 << 20)));
    if (!ex || typeof ex.readme !== "string" || typeof ex.starter !== "string") throw new Error("the link holds no exercise");
    return { id, title: titleOf(ex.readme, id), readme: ex.readme, starter: ex.starter, tests: typeof ex.tests === "string" ? ex.tests : "", link: true };
  }
  const info = (store.meta.exercises || []).find((e) => e.id === id);
  if (!info) throw new Error(`no exercise "${id}" in this playground`);
  const get = async (name) => {
    const r = await fetch(`exercises/${encodeURIComponent(id)}/${name}`);
    if (!r.ok) throw new Error(`exercise ${id}: ${name}: ${r.status} ${r.statusText}`);
    return r.text();
  };
  const [readme, starter, tests] = await Promise.all([get("README.md"), get("starter.S"), info.tests ? get("tests.txt") : ""]);
  return { id, title: info.title, readme, starter, tests, link: false };
}

// openExercise opens the exercise in the fragment, if any, and reports whether it did.
export async function openExercise() {
  let ex;
  try {
    ex = await readExercise();
  } catch (e) {
    notice("This exercise could not be opened: " + e.message);
    return false;
  }
  if (!ex) return false;
  if (store.inLink()) leaveLink();
  ex.file = ex.id + ".S";
  store.exercise = ex;
  if (!store.wsFiles.has(ex.file)) {
    store.wsFiles.set(ex.file, ex.starter);
    markDirty(ex.file);
  }
  store.set("task", "");
  showExercise();
  openFile(ex.file, { run: false });
  // The starter opens at its first TODO, where the student's work is.
  // (An indented TODO is inside the code; a TODO at a line's start, the header's.)
  const lines = (store.files().get(ex.file) || "").split("\n");
  let todo = lines.findIndex((l) => /^\s+;.*\bTODO\b/.test(l));
  if (todo < 0) todo = lines.findIndex((l) => /^\s*;\s*TODO\b/.test(l));
  if (todo >= 0) requestAnimationFrame(() => jumpTo(todo + 1, 1)); // after the editor shows the text
  saveAll();
  return true;
}

function showExercise() {
  const ex = store.exercise;
  store.emit("mode");
  $("tab-exercise").hidden = !ex;
  $("goals-box").hidden = !ex;
  if (!ex) {
    showPane("result");
    return;
  }
  $("exercise-title").textContent = `${ex.title} · your work is ${ex.file} in your files`;
  $("goals-title").textContent = "Goals · " + ex.id;
  $("exercise-settings").textContent = ex.tests.trim()
    ? "Checked with the exercise's own settings (tests.txt): " +
      ex.tests.split("\n").map((l) => l.replace(/#.*/, "").trim()).filter((l) => l && !l.startsWith("goal:")).join(", ")
    : "";
  // The checklist before the first result: the goals as the engine reads them (a result that
  // arrives first has them checked already).
  renderGoals([]);
  goalsChecked = false;
  readGoals(ex.readme, ex.tests).then(
    (r) => {
      if (store.exercise !== ex || goalsChecked) return;
      renderGoals(r.goals.map((goal) => ({ goal, met: false, got: "not measured yet" })));
    },
    () => {},
  );
  const art = $("instructions");
  art.textContent = ex.readme; // plain text until the Markdown arrives
  art.dataset.rendered = "false";
  ws.call("markdown", { text: goalList(ex.readme) }).then(
    (r) => {
      if (store.exercise !== ex) return;
      art.innerHTML = r.html; // goldmark with raw HTML off: no markup from the text
      for (const a of art.querySelectorAll("a[href]")) {
        a.target = "_blank";
        a.rel = "noopener noreferrer";
      }
      art.dataset.rendered = "true";
    },
    (e) => notice("The instructions could not be rendered: " + e.message),
  );
  showPane("exercise");
}

let goalsChecked = false; // the checklist shows a result's goals

function renderGoals(results, stale) {
  const list = $("goals");
  list.textContent = "";
  list.classList.toggle("stale", !!stale);
  for (const g of results) {
    list.appendChild(
      el("li", { "data-met": String(!!g.met), class: g.met ? "met" : "unmet", title: g.got },
        el("span", { class: "box", text: g.met ? "✓" : "○" }), " ", el("code", { text: g.goal.text }), el("span", { class: "got muted", text: " — " + g.got })),
    );
  }
}

function onResult(res) {
  const ex = store.exercise;
  if (!ex) return;
  if (res.goal_problems && res.goal_problems.length) notice("Exercise: " + res.goal_problems.map(goalProblemText).join("; "));
  if (res.goals && res.goals.length) {
    goalsChecked = true;
    renderGoals(res.goals);
  }
  else if (res.report === undefined || res.report === null) $("goals").classList.add("stale");
}

export function leaveExercise() {
  if (!store.exercise) return;
  store.exercise = null;
  if (/(^|[#&])(exercise|example)=/.test(location.hash)) history.replaceState(null, "", location.pathname + location.search);
  showExercise();
  runNow();
}

// downloadSolution saves the source with a stamp of the exercise and the result at its end (the task
// line must stay in the first lines).
function downloadSolution() {
  const ex = store.exercise;
  if (!ex) return;
  const main = mainFile();
  const text = store.files().get(main) || "";
  const res = store.result;
  const r = res && res.report;
  const lines = ["", "; ---- avrlab exercise solution -------------------------------------------------",
    `; exercise: ${ex.id} (${ex.title.replace(/[\r\n]/g, " ")})`];
  if (r) {
    lines.push(`; result:   ${r.pass ? "PASS" : "FAIL"}, ${r.vectors - r.failures}/${r.vectors} vectors, ` +
      (r.kind === "kernel" ? `${fmt(r.cycles_mean, 0)} cycles a call` : `RANK ${r.pass ? fmt(r.rank, 2) : "-"}, ${fmt(r.cpb, 1)} cycles/byte`) +
      `, flash ${r.flash} B, RAM ${r.ram} B, ${r.device}, ${r.call}`);
  } else {
    lines.push("; result:   not measured (the source does not assemble)");
  }
  for (const g of (res && res.goals) || []) lines.push(`; goal:     [${g.met ? "x" : " "}] ${g.goal.text} (${g.got.replace(/[\r\n]/g, " ")})`);
  lines.push(`; saved:    ${new Date().toISOString()} by the avrlab playground`, "");
  download(`${ex.id}-solution.S`, text.replace(/\n*$/, "\n") + lines.join("\n"), "text/plain");
}

// exerciseLink makes a teacher's link: README.md of the files, the current program as the starter and
// tests.txt when there is one, whole in the fragment.
async function exerciseLink() {
  const files = store.files();
  const readme = files.get("README.md");
  if (readme === undefined) return notice("An exercise link needs a file README.md (the instructions, with goal: lines).");
  const ex = { v: 1, readme, starter: files.get(mainFile()) || "", tests: files.get("tests.txt") || "" };
  const read = await readGoals(readme, ex.tests);
  if (read.problems.length) return notice(read.problems.map(goalProblemText).join("; "));
  if (!read.goals.some((g) => g.line > 0)) return notice("README.md has no goal: lines (e.g. goal: pass); an exercise needs at least one.");
  const id = slug(titleOf(readme, "exercise"));
  const url = location.href.split("#")[0] + "#exercise=" + encodeURIComponent(id) + "&ex=" + (await pack(JSON.stringify(ex)));
  showShare(url, `an exercise link: README.md, ${mainFile()} as the starter${ex.tests ? " and tests.txt" : ""}.`);
}

export function wireExercises() {
  store.on("result", onResult);
  store.on("leave-exercise", leaveExercise);
  $("leave-exercise").addEventListener("click", leaveExercise);
  $("download-solution").addEventListener("click", downloadSolution);
  $("share-exercise").addEventListener("click", () => exerciseLink().catch((e) => notice(e.message)));
  $("share").addEventListener("click", () => ($("share-exercise").hidden = !store.files().has("README.md")));
}

export { saveAll };
