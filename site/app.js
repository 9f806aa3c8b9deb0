// avrlab playground page: the entry module. Plain JavaScript ES modules, no framework, no build step.
//
//   js/store.js      the one store: files, current file, link and exercise modes, settings, last result
//   js/engine.js     the engine and workspace workers, the engine requests and the run scheduling
//   js/editor.js     the editor: text, highlighting, gutter, marks, breakpoints, the current line
//   js/workspace.js  file tabs, saving (IndexedDB; localStorage when the page goes away), downloads
//   js/share.js      share links and examples
//   js/results.js    the score (RANK or cycles per call), metrics, vectors, failures, problems
//   js/published.js  the published table of the task's kind: fixed-key RANK, ATtiny45 ECRYPT, kernel
//   js/controls.js   the pickers and fields, the panels of the results column
//   js/exercises.js  exercises: instructions, goals, teacher's links, stamped solutions
//   js/debugger.js   the debugger pane: a session in the engine worker, registers, memory, reverse step
//   js/profile.js    cycles per line: the gutter shading, per-label totals and the listing
//   js/chart.js      the RANK chart: published rows and yours, with curves of equal RANK (a note for kernels)
//   js/devices.js    the current code on every device, side by side
//   js/leak.js       the Leakage pane: simulated power traces, the t-test plot, CPA
//
// Every piece of user text (source, file names, link contents, messages) reaches the DOM through
// textContent or a property; the only innerHTML is chroma's and goldmark's output (goldmark with raw
// HTML disabled), which escape all user text.
import { $, notice, setStatus } from "./js/util.js";
import { store, timings } from "./js/store.js";
import { engine, ws, firstVisit, speculate, runNow, scheduleRun, prebuiltShown, DEFAULT_EXAMPLE } from "./js/engine.js";
import { setEditorText } from "./js/editor.js";
import { wireWorkspace, openFile, saveAll, pickCurrent, mergeWorkspace, dirty, renderFiles, renderSaveState } from "./js/workspace.js";
import { wireShare, openLink, openExample, fetchExample, keepLink, codeLine } from "./js/share.js";
import { scrollToLine } from "./js/editor.js";
import { wireResults, showMessage } from "./js/results.js";
import { wirePublished, renderPublished } from "./js/published.js";
import { fillPickers, wireControls } from "./js/controls.js";
import { wireExercises, openExercise } from "./js/exercises.js";
import { wireDebugger } from "./js/debugger.js";
import { wireProfile } from "./js/profile.js";
import { wireChart } from "./js/chart.js";
import { wireDevices } from "./js/devices.js";
import { wireLeak } from "./js/leak.js";

timings.appBegan = performance.now(); // app.js's first statement, its imports evaluated (for the tests)

function wire() {
  wireControls({ openExample });
  wireWorkspace();
  wireShare();
  wireResults();
  wirePublished();
  wireExercises();
  wireDebugger();
  wireProfile();
  wireChart();
  wireDevices();
  wireLeak();
  store.on("edit", () => {
    if (store.settings.live) scheduleRun();
  });
  document.addEventListener("keydown", (e) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && (e.key === "s" || e.key === "S")) {
      e.preventDefault();
      if (store.inLink()) keepLink();
      else saveAll();
    }
  });
  window.addEventListener("hashchange", async () => {
    if (store.wsOpened && ((await openExercise()) || (await openLink()))) runNow();
  });
}

// showMeta draws what meta.json gives before any result: the published table of the picked task
// (where a result shown already drew it with its row) and the chart (which a shown result drew
// already), and tells the modules; it returns the ms it took.
function showMeta() {
  const t0 = performance.now();
  if (!store.result) renderPublished(null);
  store.emit("meta");
  return performance.now() - t0;
}

async function main() {
  wire();
  setEditorText("");
  // The workspace opens (IndexedDB) while the engine starts and answers meta.
  const openP = ws.call("open");
  openP.catch(() => {});
  // meta.json is the engine's meta answer, written beside the page (serve.go); a host without it (an
  // old copy of the site) asks the engine.
  timings.metaFetchStart = performance.now();
  const metaP = fetch("meta.json")
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`meta.json: ${r.status}`))))
    .catch(() => engine.call("meta"));
  const examplesP = fetch("examples/index.json").then((r) => {
    if (!r.ok) throw new Error(`examples/index.json: ${r.status}`);
    return r.json();
  });
  examplesP.catch(() => {});
  const exercisesP = fetch("exercises/index.json").then((r) => (r.ok ? r.json() : []));
  exercisesP.catch(() => {});
  // A first visit shows the default example before the workspace has opened (see speculate).
  const seedP = firstVisit ? speculate() : Promise.resolve(null);
  seedP.catch(() => {});
  let meta;
  try {
    meta = await metaP;
    try {
      meta.examples = await examplesP;
    } catch (e) {
      meta.examples = [];
      notice("The examples could not be loaded: " + e.message);
    }
    meta.exercises = await exercisesP.catch(() => []);
  } catch (e) {
    setStatus("failed to start", "error");
    showMessage("The playground did not start: " + e.message);
    return;
  }
  store.meta = meta;
  timings.metaReady = performance.now();
  fillPickers(meta);
  store.restoreSettings();
  const metaMs = performance.now() - timings.metaReady;
  let seed = await seedP.catch(() => null);
  if (seed && !meta.examples.some((e) => e.id === seed.id && e.file === seed.file)) seed = null;
  if (seed) {
    store.exampleSources.set(seed.id, seed.source);
    store.wsFiles.set(seed.file, seed.source);
    store.current = seed.file;
    // Before the tables, the chart and the editor, which take a while to build and lay out: the run
    // shows first.json's score in a frame of its own, then that whole answer, when it has one.
    runNow();
    await prebuiltShown();
  }
  timings.metaShownMs = metaMs + showMeta(); // the page's work on meta, for the tests
  if (seed) {
    openFile(seed.file, { run: false });
    scrollToLine(codeLine(seed.source), true); // the example's code, not its header
  }
  let opened;
  try {
    opened = await openP;
  } catch (e) {
    opened = { files: [], persistent: false };
    notice("The workspace could not be opened: " + e.message);
  }
  store.persistent = opened.persistent;
  mergeWorkspace(opened.files);
  store.wsOpened = true;
  timings.workspaceOpen = performance.now();
  if (!(await openExercise()) && !(await openLink())) {
    if (store.wsFiles.size === 0) {
      const id = meta.examples.some((e) => e.id === DEFAULT_EXAMPLE) ? DEFAULT_EXAMPLE : meta.examples.length ? meta.examples[0].id : "";
      if (id) {
        const ex = await fetchExample(id);
        store.wsFiles.set(ex.file, ex.source);
      } else {
        store.wsFiles.set("main.S", "; avrlab task: cham64-128\n");
      }
      for (const n of store.wsFiles.keys()) dirty.add(n);
    }
    const before = seed && $("source").value;
    const cur = seed && store.wsFiles.has(store.current) ? store.current : pickCurrent();
    if (!seed || cur !== seed.file || store.wsFiles.get(cur) !== before) {
      openFile(cur, { run: false });
      runNow();
    } else {
      renderFiles();
      store.remember("current", cur);
    }
  } else {
    runNow();
  }
  renderSaveState();
  saveAll();
}

main();
