// The workspace: the file tabs, saving to IndexedDB (through the workspace worker), new, rename,
// delete and downloads. Edits are saved 400 ms after the last keystroke; when the page is hidden or
// unloaded before that, the unsaved texts go to localStorage at once (synchronously, so a reload
// cannot outrun them) and are written back when the workspace next opens.
import { $, el, debounce, notice, download } from "./util.js";
import { store, sortedNames, includes, mainFile } from "./store.js";
import { engine, ws, request, StoppedError, scheduleRun, runNow } from "./engine.js";
import { setEditorText } from "./editor.js";

const SAVE_DELAY_MS = 400; // edit → IndexedDB debounce
const MAX_NAME_BYTES = 128;
const JOURNAL_KEY = "avrlab.unsaved"; // {name: text} of edits not yet in IndexedDB

export const dirty = new Set();
let saving = 0;

export function renderSaveState(err) {
  const s = $("save-state");
  let text;
  if (store.inLink()) text = "not saved (from a link)";
  else if (err) text = "not saved: " + err;
  else if (!store.persistent) text = "this browser keeps no files";
  else if (saving) text = "saving…";
  else text = dirty.size ? "unsaved" : "saved";
  // Every keystroke marks its file dirty: the same text again writes nothing, which would have the
  // page lay the toolbar out again in the keystroke's frame.
  if (s.textContent !== text) s.textContent = text;
}

export function markDirty(name) {
  dirty.add(name);
  renderSaveState();
  scheduleSave();
}

const scheduleSave = debounce(saveAll, SAVE_DELAY_MS);

export async function saveAll() {
  scheduleSave.cancel();
  if (store.inLink() || !store.wsOpened) return; // before the workspace opens, edits wait in dirty
  const names = [...dirty];
  dirty.clear();
  saving++;
  renderSaveState();
  let err = "";
  for (const name of names) {
    if (!store.wsFiles.has(name)) continue;
    try {
      await ws.call("write", { name, text: store.wsFiles.get(name) });
    } catch (e) {
      err = e.message;
      dirty.add(name);
    }
  }
  saving--;
  if (!dirty.size && !saving) clearJournal();
  renderSaveState(err);
}

// journal keeps the unsaved edits in localStorage: called when the page may go away.
function journal() {
  if (!dirty.size || store.inLink()) return;
  const out = {};
  for (const name of dirty) if (store.wsFiles.has(name)) out[name] = store.wsFiles.get(name);
  try {
    localStorage.setItem(JOURNAL_KEY, JSON.stringify(out));
  } catch {
    /* over the quota: IndexedDB may still get them */
  }
}
function clearJournal() {
  try {
    localStorage.removeItem(JOURNAL_KEY);
  } catch {
    /* storage disabled */
  }
}
// readJournal returns the edits a previous page left unsaved ({name: text}), or null.
export function readJournal() {
  try {
    const j = JSON.parse(localStorage.getItem(JOURNAL_KEY) || "null");
    return j && typeof j === "object" ? j : null;
  } catch {
    return null;
  }
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden" && dirty.size) {
    journal();
    saveAll();
  }
});
window.addEventListener("pagehide", () => {
  journal();
  saveAll();
});

store.on("edit", (name) => {
  store.dropped = null;
  if (!store.inLink()) markDirty(name);
});

export function renderFiles() {
  const box = $("files");
  box.textContent = "";
  const errFiles = new Set(store.diagnostics.filter((d) => d.severity === "error").map((d) => d.file));
  for (const name of sortedNames()) {
    box.appendChild(
      el("button", {
        text: name,
        title: name,
        role: "tab",
        class: errFiles.has(name) ? "has-errors" : "",
        "aria-selected": String(name === store.current),
        onclick: () => openFile(name),
      }),
    );
  }
}

// openFile shows a file in the editor. When that changes the program to measure (another main file),
// the result shown is for the old one, so the page measures the new one at once.
export function openFile(name, { run = true } = {}) {
  if (!store.files().has(name)) return;
  const before = store.good ? store.good.main : store.lastMain;
  store.current = name;
  if (!store.inLink()) store.remember("current", name);
  store.useFileSettings(mainFile());
  setEditorText(store.files().get(name));
  renderFiles();
  store.emit("current", name);
  if (run && store.meta) {
    const req = request();
    if (req.main !== before || !store.result) runNow();
  }
}

// validName mirrors workspace.ValidName for files that never reach the workspace (links).
export function validName(name) {
  if (!name) return "a file name cannot be empty";
  if (new TextEncoder().encode(name).length > MAX_NAME_BYTES) return `a file name has at most ${MAX_NAME_BYTES} bytes`;
  if (name === "." || name === "..") return `"${name}" cannot name a file`;
  if (/[/\\]/.test(name)) return "a file name cannot hold / or \\ (the workspace has no folders)";
  if (name.trim() !== name) return "a file name cannot start or end with a space";
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return "a file name cannot hold control characters";
  return "";
}

export function freeName(name, taken) {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : "";
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}${ext}`)) return `${base}-${i}${ext}`;
}

async function newFile() {
  const name = prompt("Name of the new file", freeName("untitled.S", store.files()));
  if (name === null) return;
  const bad = validName(name);
  if (bad) return notice(bad);
  if (store.files().has(name)) return notice(`"${name}" already exists`);
  if (!store.inLink()) {
    try {
      await ws.call("write", { name, text: "" });
    } catch (e) {
      return notice(e.message);
    }
  }
  store.files().set(name, "");
  openFile(name);
}

async function renameFile() {
  const from = store.current;
  const to = prompt(`New name for "${from}"`, from);
  if (to === null || to === from) return;
  const bad = validName(to);
  if (bad) return notice(bad);
  if (store.files().has(to)) return notice(`"${to}" already exists`);
  if (!store.inLink()) {
    await saveAll();
    try {
      await ws.call("rename", { from, to });
    } catch (e) {
      return notice(e.message);
    }
  }
  const text = store.files().get(from);
  store.moveFileSettings(from, to);
  store.files().delete(from);
  store.files().set(to, text);
  if (store.lastMain === from) store.lastMain = to;
  openFile(to, { run: false });
  scheduleRun();
}

async function deleteFile() {
  const name = store.current;
  if (!confirm(`Delete "${name}"? This cannot be undone.`)) return;
  if (!store.inLink()) {
    try {
      await ws.call("remove", { name });
    } catch (e) {
      return notice(e.message);
    }
    dirty.delete(name);
  }
  store.moveFileSettings(name, "");
  store.files().delete(name);
  if (store.files().size === 0) {
    store.files().set("main.S", "");
    if (!store.inLink()) markDirty("main.S");
  }
  openFile(sortedNames()[0], { run: false });
  scheduleRun();
}

async function downloadHex() {
  try {
    const req = request();
    const r = await engine.call("hex", req);
    if (r.error) return notice(r.error);
    const errs = r.errors.filter((d) => d.severity === "error");
    if (errs.length) return notice(`${req.main} does not assemble: ${errs[0].msg}`);
    download(req.main.replace(/\.[^.]*$/, "") + ".hex", r.hex, "text/plain");
  } catch (e) {
    if (!(e instanceof StoppedError)) notice(e.message);
  }
}

// dropBinary reads a dropped .elf or .hex file and benchmarks it.
async function dropBinary(file) {
  if (file.size > 16 << 20) return notice(`${file.name} is ${file.size} bytes; a linked program may have 16 MiB at most`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  store.dropped = { name: file.name, b64: btoa(bin) };
  notice(`Measuring ${file.name} as a linked program (task and call from the pickers). Edit the source to go back.`);
  runNow();
}

// pickCurrent chooses the file to show: the one shown last, else the first source.
export function pickCurrent() {
  const saved = store.remembered("current", "");
  if (store.wsFiles.has(saved)) return saved;
  const names = [...store.wsFiles.keys()].sort();
  return names.find((n) => /\.(S|s|asm)$/.test(n)) || names[0];
}

// mergeWorkspace puts the saved files under what the page showed before the workspace opened (the
// default example on a first visit), then the edits a previous page could not save. Saved work wins
// over an unedited example; an edited example that meets a saved file of the same name is kept beside
// it under a new name.
export function mergeWorkspace(saved) {
  const shown = store.wsFiles;
  store.wsFiles = new Map(saved.map((f) => [f.name, f.text]));
  for (const [name, text] of shown) {
    const have = store.wsFiles.get(name);
    if (have === text) continue;
    if (have === undefined) {
      store.wsFiles.set(name, text);
      dirty.add(name);
    } else if (![...store.exampleSources.values()].includes(text)) {
      const alt = freeName(name, store.wsFiles);
      store.wsFiles.set(alt, text);
      dirty.add(alt);
      if (store.current === name) store.current = alt;
    }
  }
  const j = readJournal();
  if (j) {
    for (const [name, text] of Object.entries(j)) {
      if (typeof text !== "string" || validName(name)) continue;
      if (store.wsFiles.get(name) !== text) {
        store.wsFiles.set(name, text);
        dirty.add(name);
      }
    }
  }
}

export function wireWorkspace() {
  $("new-file").addEventListener("click", newFile);
  $("rename-file").addEventListener("click", renameFile);
  $("delete-file").addEventListener("click", deleteFile);
  $("download-src").addEventListener("click", () => download(store.current, store.files().get(store.current) || "", "text/plain"));
  $("download-hex").addEventListener("click", downloadHex);
  const ed = $("editor");
  ed.addEventListener("dragover", (e) => {
    if ([...e.dataTransfer.items].some((i) => i.kind === "file")) e.preventDefault();
  });
  ed.addEventListener("drop", (e) => {
    const f = e.dataTransfer.files[0];
    if (!f || !/\.(elf|hex|ihx)$/i.test(f.name)) return;
    e.preventDefault();
    dropBinary(f).catch((err) => notice(err.message));
  });
  store.on("result", renderFiles);
}

export { includes };
